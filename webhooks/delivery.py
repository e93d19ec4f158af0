"""Sending deliveries in batches: claim due rows, POST the signed events, record in bulk.

The database is the source of truth: a delivery is due when `next_attempt_at`
has passed and no worker holds it (`locked_until`). Broker messages only say
"there is work now" (`deliveries_wake`); a lost message or a crashed worker
delays a delivery until the sweep notices it, but never loses it.

Throughput comes from doing per batch what used to be done per delivery: one
claim query for up to WEBHOOKS_BATCH_SIZE rows (`FOR UPDATE SKIP LOCKED` where
the database has it, so workers never wait on each other), up to
WEBHOOKS_SEND_THREADS requests in flight, connections kept alive per receiver
address (still pinned to the address that was checked), and the attempts and
status changes written with a few bulk statements.
"""

from __future__ import annotations

import logging
import os
import random
import socket
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from eudr_service.lib import safe_http
from eudr_service.lib.background import runs_inline
from webhooks.models import Delivery, DeliveryAttempt, Endpoint, Event
from webhooks.services import (
    deliveries_wake,
    endpoint_disable,
    endpoints_disable_failing,
    retry_slot,
    wake_acknowledge,
)
from webhooks.signing import event_body, signed_headers

logger = logging.getLogger(__name__)

# Stable categories shown in the delivery log (never socket/TLS text or the receiver's body).
ERROR_REFUSED = "destination_refused"
ERROR_DNS = "dns_failed"
ERROR_INTERNAL = "internal_error"
ERROR_DISABLED = "endpoint_disabled"

_UPDATED_FIELDS = [
    "status",
    "attempt_count",
    "next_attempt_at",
    "last_attempt_at",
    "last_status_code",
    "last_error",
    "last_duration_ms",
    "locked_until",
    "enqueued_at",
]


@dataclass
class Outcome:
    status_code: int | None
    error: str
    duration_ms: int
    retry_after: float | None = None
    attempted_at: datetime | None = None

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


# One connection pool and one thread pool per process (created lazily, so after a
# prefork worker forks), reused across batches: starting threads per batch cost more
# CPU than the sends.
_pool: safe_http.ConnectionPool | None = None
_executor: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _connection_pool() -> safe_http.ConnectionPool:
    global _pool  # noqa: PLW0603 (a per-process cache)
    with _pool_lock:
        if _pool is None:
            _pool = safe_http.ConnectionPool(max_idle_per_key=settings.WEBHOOKS_SEND_THREADS)
        return _pool


def _send_executor() -> ThreadPoolExecutor:
    global _executor  # noqa: PLW0603 (a per-process cache)
    with _pool_lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(
                max_workers=settings.WEBHOOKS_SEND_THREADS, thread_name_prefix="webhook-send"
            )
        return _executor


def _due(now: datetime) -> QuerySet[Delivery]:
    return Delivery.objects.filter(status__in=Delivery.ACTIVE, next_attempt_at__lte=now).filter(
        Q(locked_until__isnull=True) | Q(locked_until__lt=now)
    )


def deliveries_claim(*, worker: str, limit: int, delivery_ids: list[int] | None = None) -> list[Delivery]:
    """Take up to `limit` due deliveries nobody holds, for one lease; never one another worker holds.

    PostgreSQL: `FOR UPDATE SKIP LOCKED` lets parallel claimers pass each
    other's rows without waiting. SQLite has no row locks but serialises
    writers: the UPDATE repeats the due conditions, so a row two claimers both
    selected is taken by exactly one of them (the claim token tells which).
    """
    now = timezone.now()
    lease = timedelta(seconds=settings.OUTBOUND_HTTP_TIMEOUT_SECONDS + settings.WEBHOOKS_CLAIM_MARGIN_SECONDS)
    token = f"{worker[:180]}/{uuid.uuid4().hex[:12]}"
    due = _due(now)
    if delivery_ids is not None:
        due = due.filter(pk__in=delivery_ids)
    with transaction.atomic():
        if connection.features.has_select_for_update_skip_locked:
            due = due.select_for_update(skip_locked=True)
        ids = list(due.order_by("next_attempt_at", "pk").values_list("pk", flat=True)[:limit])
        if not ids:
            return []
        _due(now).filter(pk__in=ids).update(locked_until=now + lease, claimed_by=token, enqueued_at=None)
    claimed = list(Delivery.objects.filter(pk__in=ids, claimed_by=token).select_related("event"))
    # One instance per endpoint: its secrets are decrypted once per batch, not once per row.
    endpoints = Endpoint.objects.in_bulk({d.endpoint_id for d in claimed})
    for delivery in claimed:
        delivery.endpoint = endpoints[delivery.endpoint_id]
    return claimed


def deliveries_send_due(
    *, worker: str | None = None, limit: int | None = None, delivery_ids: list[int] | None = None
) -> list[Delivery]:
    """Claim one batch of due deliveries, send them concurrently, record the outcomes; the batch."""
    worker = worker or worker_name()
    limit = limit or settings.WEBHOOKS_BATCH_SIZE
    claimed = deliveries_claim(worker=worker, limit=limit, delivery_ids=delivery_ids)
    if not claimed:
        return []
    if len(claimed) == limit and delivery_ids is None:
        deliveries_wake(force=True)  # more is due: let another worker process take the next batch
    token = claimed[0].claimed_by
    disabled = [d for d in claimed if not d.endpoint.enabled]
    if disabled:
        Delivery.objects.filter(pk__in=[d.pk for d in disabled], claimed_by=token).update(
            status=Delivery.Status.DEAD, next_attempt_at=None, locked_until=None, last_error=ERROR_DISABLED
        )
    live = [d for d in claimed if d.endpoint.enabled]
    if live:
        sender = _BatchSender()
        if len(live) == 1 or settings.WEBHOOKS_SEND_THREADS == 1:
            outcomes = [sender.send(d) for d in live]
        else:
            outcomes = list(_send_executor().map(sender.send, live))
        _record(list(zip(live, outcomes, strict=True)), token=token, worker=worker)
    return claimed


def deliveries_send_until_idle(*, worker: str | None = None, max_seconds: float | None = None) -> int:
    """Send batches until nothing is due (or the time is up: then wake a successor); the count."""
    max_seconds = settings.WEBHOOKS_TASK_MAX_SECONDS if max_seconds is None else max_seconds
    deadline = time.monotonic() + max_seconds
    sent = 0
    while True:
        # Cleared before claiming: an event committed from here on wakes a new task.
        wake_acknowledge()
        batch = deliveries_send_due(worker=worker)
        sent += len(batch)
        if not batch:
            return sent
        if time.monotonic() >= deadline:
            deliveries_wake(force=True)
            return sent


def delivery_attempt(*, delivery_id: int, worker: str | None = None) -> Delivery | None:
    """One attempt of one due delivery; None when it is not due or another worker holds it."""
    claimed = deliveries_send_due(worker=worker, limit=1, delivery_ids=[delivery_id])
    if not claimed:
        return None
    return Delivery.objects.select_related("event", "endpoint").get(pk=delivery_id)


class _BatchSender:
    """Sends one delivery per call, from several threads; no database access here."""

    def __init__(self) -> None:
        self._targets: dict[str, safe_http.Target | safe_http.DestinationRefused] = {}
        self._bodies: dict[int, str] = {}
        self._pool = _connection_pool()

    def _target(self, url: str) -> safe_http.Target:
        # Resolved and checked once per URL and batch; the connection goes to a checked address.
        found = self._targets.get(url)
        if found is None:
            try:
                found = safe_http.check_url(url)
            except safe_http.DestinationRefused as exc:
                found = exc
            self._targets[url] = found
        if isinstance(found, safe_http.DestinationRefused):
            raise found
        return found

    def _body(self, event: Event) -> str:
        body = self._bodies.get(event.pk)
        if body is None:
            body = self._bodies[event.pk] = event_body(event)
        return body

    def send(self, delivery: Delivery) -> Outcome:
        endpoint = delivery.endpoint
        attempted_at = timezone.now()
        started = time.monotonic()
        try:
            body = self._body(delivery.event)
            headers = signed_headers(
                signing_secrets=endpoint.signing_secrets(attempted_at),
                msg_id=delivery.event.public_id,
                body=body,
                now=attempted_at,
            )
            response = self._pool.post(self._target(endpoint.url), body=body.encode(), headers=headers)
        except safe_http.DestinationRefused as exc:
            logger.info("webhook delivery %s refused: %s", delivery.public_id, exc.code)
            error = ERROR_DNS if exc.code == "url_unresolvable" else ERROR_REFUSED
            return Outcome(None, error, _ms_since(started), attempted_at=attempted_at)
        except safe_http.OutboundError as exc:
            logger.info("webhook delivery %s failed: %s", delivery.public_id, exc)
            return Outcome(None, exc.category, _ms_since(started), attempted_at=attempted_at)
        except Exception:
            # Recorded as a failed attempt so the retry schedule still ends; never a stuck row.
            logger.exception("webhook delivery %s failed unexpectedly", delivery.public_id)
            return Outcome(None, ERROR_INTERNAL, _ms_since(started), attempted_at=attempted_at)
        status = response.status
        error = "" if 200 <= status < 300 else f"http_{status // 100}xx"
        retry_after = safe_http.parse_retry_after(response.headers.get("retry-after"))
        return Outcome(status, error, _ms_since(started), retry_after, attempted_at)


def _apply(delivery: Delivery, outcome: Outcome) -> float | None:
    """Move `delivery` on in memory after `outcome` (and reserve its retry's place under the
    account's delivery cap); the retry delay when one is scheduled."""
    number = delivery.attempt_count + 1
    delivery.attempt_count = number
    delivery.last_attempt_at = outcome.attempted_at
    delivery.last_status_code = outcome.status_code
    delivery.last_error = outcome.error
    delivery.last_duration_ms = outcome.duration_ms
    delivery.locked_until = None
    delivery.enqueued_at = None
    if outcome.succeeded or outcome.status_code == 410:
        delivery.status = Delivery.Status.SUCCEEDED if outcome.succeeded else Delivery.Status.DEAD
        delivery.next_attempt_at = None
        return None
    delay = retry_delay(failed_attempts=number, retry_after=outcome.retry_after)
    if delay is None:
        delivery.status, delivery.next_attempt_at = Delivery.Status.DEAD, None
        return None
    delivery.status = Delivery.Status.FAILED
    now = timezone.now()
    delivery.next_attempt_at = retry_slot(owner_id=delivery.event.owner_id, at=now + timedelta(seconds=delay))
    delay = (delivery.next_attempt_at - now).total_seconds()
    if delay <= settings.WEBHOOKS_SHORT_RETRY_SECONDS and not runs_inline():
        delivery.enqueued_at = delivery.next_attempt_at  # a wake-up message with a countdown covers it
    return delay


def _record(results: list[tuple[Delivery, Outcome]], *, token: str, worker: str) -> None:
    attempts = [
        DeliveryAttempt(
            delivery=d,
            number=d.attempt_count + 1,
            attempted_at=o.attempted_at,
            status_code=o.status_code,
            error=o.error,
            duration_ms=o.duration_ms,
            worker=worker[:200],
        )
        for d, o in results
    ]
    delays = [_apply(d, o) for d, o in results]
    succeeded = {d.endpoint_id for d, o in results if o.succeeded}
    failed = {d.endpoint_id for d, o in results if not o.succeeded} - succeeded
    first_failure = min((o.attempted_at for _, o in results if not o.succeeded), default=None)
    with transaction.atomic():
        _rows_insert(attempts)
        _deliveries_store([d for d, _ in results], token=token)
        if succeeded:
            Endpoint.objects.filter(pk__in=succeeded).exclude(failing_since=None).update(failing_since=None)
        if failed:
            Endpoint.objects.filter(pk__in=failed, failing_since=None).update(failing_since=first_failure)
    for endpoint in {d.endpoint_id: d.endpoint for d, o in results if o.status_code == 410}.values():
        endpoint_disable(endpoint=endpoint, reason=Endpoint.DisabledReason.GONE)
    if failed:
        endpoints_disable_failing(endpoints=Endpoint.objects.filter(pk__in=failed, enabled=True))
    short = [
        delay for delay in delays if delay is not None and delay <= settings.WEBHOOKS_SHORT_RETRY_SECONDS
    ]
    if short:
        deliveries_wake(countdown=min(short))


def _rows_insert(objects: list[DeliveryAttempt]) -> None:
    """INSERT run for every row (executemany): bulk_create's SQL building cost more CPU than the sends."""
    qn = connection.ops.quote_name
    fields = [f for f in DeliveryAttempt._meta.concrete_fields if not f.primary_key]
    sql = (
        f"INSERT INTO {qn(DeliveryAttempt._meta.db_table)} ({', '.join(qn(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    adapt = connection.ops.adapt_datetimefield_value
    is_time = [f.get_internal_type() == "DateTimeField" for f in fields]
    rows = [
        [
            adapt(value) if timed else value
            for value, timed in zip((getattr(o, f.attname) for f in fields), is_time, strict=True)
        ]
        for o in objects
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def _deliveries_store(deliveries: list[Delivery], *, token: str) -> None:
    """One UPDATE statement run for every row (executemany: pipelined by psycopg).

    Django's bulk_update builds a CASE expression per field and row, which cost
    more CPU than the sends themselves. Only the holder moves a row on: a worker
    whose lease lapsed (the `claimed_by` check fails) just logs its attempt.
    """
    qn = connection.ops.quote_name
    fields = [Delivery._meta.get_field(name) for name in _UPDATED_FIELDS]
    assignments = ", ".join(f"{qn(f.column)} = %s" for f in fields)
    sql = (
        f"UPDATE {qn(Delivery._meta.db_table)} SET {assignments} "
        f"WHERE {qn('id')} = %s AND {qn('claimed_by')} = %s"
    )
    adapt = connection.ops.adapt_datetimefield_value
    is_time = [f.get_internal_type() == "DateTimeField" for f in fields]
    rows = [
        [
            adapt(value) if timed else value
            for value, timed in zip((getattr(d, f.attname) for f in fields), is_time, strict=True)
        ]
        + [d.pk, token]
        for d in deliveries
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def retry_delay(*, failed_attempts: int, retry_after: float | None = None) -> float | None:
    """Seconds until the next attempt after `failed_attempts` failures; None when retries are spent."""
    schedule = settings.WEBHOOKS_RETRY_SCHEDULE_SECONDS
    if failed_attempts > len(schedule):
        return None
    jitter = settings.WEBHOOKS_RETRY_JITTER
    delay = schedule[failed_attempts - 1] * random.uniform(1 - jitter, 1 + jitter)
    if retry_after is not None:
        delay = max(delay, min(retry_after, settings.WEBHOOKS_RETRY_AFTER_MAX_SECONDS))
    return delay


def deliveries_enqueue_due(*, limit: int = 10000) -> int:
    """Sweep: wake senders for due deliveries that no worker holds and no fresh message covers."""
    now = timezone.now()
    stale = now - timedelta(seconds=settings.WEBHOOKS_REQUEUE_AFTER_SECONDS)
    ids = list(
        _due(now)
        .filter(Q(enqueued_at__isnull=True) | Q(enqueued_at__lte=stale))
        .order_by("next_attempt_at")
        .values_list("pk", flat=True)[:limit]
    )
    if ids:
        Delivery.objects.filter(pk__in=ids).update(enqueued_at=now)
        # One wake-up per batch, so that several worker processes can share the backlog.
        for _ in range(0, len(ids), settings.WEBHOOKS_BATCH_SIZE):
            deliveries_wake(force=True)
    return len(ids)


def _ms_since(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
