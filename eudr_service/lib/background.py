"""The one way work leaves a request (or a task) for a worker, and the lease every queue of
work rows shares.

Every piece of background work is first a row in the database (a PDF to render, a
statement to submit, a delivery to send, a chunk to score); the broker message only says
"look at row N". So:

- `enqueue` sends a task by its registered name when the caller's transaction commits: the
  worker must find the row, and a rolled-back change must send nothing. By name, so a service
  never imports its own tasks module (which imports the service). Robust: a broker outage is
  logged, never raised into the request or the change; the row waits for its app's sweep.
- `requeue` sends at once, for rows already on record (a sweep, a retry).
- `runs_inline` says whether a task sent now would run in this very process (the embedded
  mode and tests run tasks eagerly), read from the running Celery app, not from settings:
  tests switch the app to eager for one test.
- `Lease` is how a worker takes a row and how a sweep knows the taker died: one conditional
  UPDATE, no lock held while the work runs.

This module imports no app and not the project's Celery app (`celery.current_app` is it).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from celery import current_app, shared_task
from django.db import transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

logger = logging.getLogger(__name__)

SWEEP_BATCH = 100  # rows a sweep sends again per run: the rest waits for its next run


def runs_inline() -> bool:
    """Whether a task sent now runs at once in this process (eager) instead of on a worker."""
    return bool(current_app.conf.task_always_eager)


def tasks_load() -> dict[str, Any]:
    """Celery's task registry with every app's tasks module imported (a web process has not
    imported them: autodiscovery is lazy until a worker starts)."""
    current_app.loader.import_default_modules()
    return current_app.tasks


def enqueue(name: str, *args: Any, countdown: float | None = None, queue: str = "") -> None:
    """Send task `name` with `args` once the current transaction commits (at once outside one):
    for work recorded in this transaction."""
    transaction.on_commit(partial(send, name, *args, countdown=countdown, queue=queue), robust=True)


def send(name: str, *args: Any, countdown: float | None = None, queue: str = "") -> None:
    """Send task `name` with `args` now: for work whose row is already committed."""
    options: dict[str, Any] = {}
    if countdown:
        options["countdown"] = countdown
    if queue:
        options["queue"] = queue
    try:
        if runs_inline():
            # Eager (tests, a shell): the task runs here and now.
            task = current_app.tasks.get(name) or tasks_load()[name]
            task.apply_async(args, **options)
        else:
            current_app.send_task(name, args, **options)
    except Exception:
        # The broker is down (or an eager task failed): the row is on record and its app's
        # sweep sends it again. Never raised into the request or the change that recorded it.
        logger.warning("task %s%r not queued or failed; its sweep will send it", name, args, exc_info=True)


def requeue(name: str, ids: Iterable[Any], *, queue: str = "") -> int:
    """Send task `name` once per id now (rows already on record); how many were sent."""
    sent = 0
    for pk in ids:
        send(name, pk, queue=queue)
        sent += 1
    return sent


def sweep(name: str, *rows: QuerySet, queue: str = "", batch: int = SWEEP_BATCH) -> int:
    """Send task `name` again for the rows (ids) of each queryset, at most `batch` of each:
    the work a lost message or a dead worker left behind."""
    return sum(requeue(name, list(r.values_list("pk", flat=True)[:batch]), queue=queue) for r in rows)


def task(name: str, *, formerly: tuple[str, ...] = (), **options: Any) -> Any:
    """Register a Celery task under `name`, and under each name it had `formerly`: messages
    queued under an old name before a deploy still find it."""

    def register(function: Any) -> Any:
        for old in formerly:
            shared_task(name=old, **options)(function)
        return shared_task(name=name, **options)(function)

    return register


@dataclass(frozen=True)
class Lease:
    """A worker's hold on one row of work: `started` is the field that dates the hold, and a
    hold older than `seconds` belongs to a worker presumed dead (a killed process, a lost
    message), so the row may be taken again. `attempts` counts the takes, so a row that kills
    its workers is given up after a few (see `give_up`)."""

    started: str
    seconds: float
    attempts: str = "attempts"

    def expired(self, *, now: datetime | None = None) -> Q:
        """The rows whose hold is older than the lease."""
        now = now or timezone.now()
        return Q(**{f"{self.started}__lt": now - timedelta(seconds=self.seconds)})

    def take(self, rows: QuerySet, *, waiting: Q, held: Q | None = None, **changes: Any) -> bool:
        """Take the one row of `rows` if it waits, or (with `held`) is held under an expired
        lease: one conditional UPDATE, so of two takers exactly one wins. `changes` are
        written with it."""
        now = timezone.now()
        takeable = waiting if held is None else waiting | (held & self.expired(now=now))
        taken = rows.filter(takeable).update(
            **{self.started: now, self.attempts: F(self.attempts) + 1}, **changes
        )
        return bool(taken)

    def give_up(self, rows: QuerySet, *, max_attempts: int, **changes: Any) -> int:
        """Rows of `rows` taken `max_attempts` times already get `changes` (a final failure)."""
        return rows.filter(**{f"{self.attempts}__gte": max_attempts}).update(**changes)
