"""The periodic work of celery beat, for the embedded mode that has no broker and no beat.

Services mode runs `celery beat`, which puts every entry of CELERY_BEAT_SCHEDULE
on the broker on time (webhook retries and sweeps, usage persistence, report
maintenance, unscreened statements). Without a broker, tasks run eagerly and
nothing would ever run them: a webhook that failed once would never be retried.
So one web process of the embedded mode runs the same schedule in a daemon thread.

Never in a process that will fork: gunicorn imports the app in its master
(`preload_app`) and forks the workers from it, and a fork taken while this thread
holds a lock (the import lock, a logging lock) leaves every worker waiting forever.
So the WSGI module starts nothing; gunicorn's `post_worker_init` hook
(gunicorn.conf.py) calls `embedded_scheduler_start_once` in each worker after the
fork, and the one worker that takes an exclusive lock on a file runs the schedule.
The kernel drops the lock when that worker exits, and the worker gunicorn starts in
its place takes it over. gunicorn.conf.py refuses to fork from a master that runs
any thread of its own.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import close_old_connections

from eudr_service.lib.background import tasks_load

logger = logging.getLogger(__name__)

_started: EmbeddedScheduler | None = None
_start_lock = threading.Lock()
# The open lock file of the process that runs the schedule (kept open for its lifetime).
_lock_fd: int | None = None


def _interval(entry: dict[str, Any]) -> float:
    schedule = entry["schedule"]
    if isinstance(schedule, timedelta):
        return schedule.total_seconds()
    if isinstance(schedule, int | float):
        return float(schedule)
    # celery schedule objects (crontab...) are not used here; refuse rather than guess.
    raise ValueError(f"unsupported schedule {schedule!r} for {entry['task']}")


class EmbeddedScheduler(threading.Thread):
    """Runs each task of `schedule` every `schedule` seconds, first at start (as beat does)."""

    def __init__(self, schedule: dict[str, dict[str, Any]], *, tick: float = 1.0) -> None:
        super().__init__(name="embedded-scheduler", daemon=True)
        self.entries = {name: (entry["task"], _interval(entry)) for name, entry in schedule.items()}
        self.tick = tick
        self.runs: dict[str, int] = dict.fromkeys(self.entries, 0)
        self._halt = threading.Event()

    def stop(self, timeout: float = 10.0) -> None:
        self._halt.set()
        self.join(timeout)

    def run(self) -> None:
        tasks_load()
        next_at = dict.fromkeys(self.entries, time.monotonic())
        while not self._halt.is_set():
            for name, (task, interval) in self.entries.items():
                if self._halt.is_set() or time.monotonic() < next_at[name]:
                    continue
                self._run_task(name, task)
                next_at[name] = time.monotonic() + interval
            self._halt.wait(self.tick)

    def _run_task(self, name: str, task: str) -> None:
        close_old_connections()
        try:
            current_app.tasks[task].apply(throw=True)
        except Exception:  # a failing task must not stop the others
            logger.exception("scheduled task %s (%s) failed", name, task)
        finally:
            self.runs[name] += 1
            close_old_connections()


def embedded_scheduler_start() -> EmbeddedScheduler | None:
    """Start the in-process schedule once in this process, when the embedded mode needs one
    (a process that never forks; gunicorn workers use `embedded_scheduler_start_once`)."""
    if not settings.EMBEDDED_SCHEDULER:
        return None
    if "pytest" in sys.modules:  # tests start their own scheduler when they want one
        return None
    return _scheduler_start()


def embedded_scheduler_start_once(lock_path: Path) -> EmbeddedScheduler | None:
    """Start the schedule in this process if no other process holding `lock_path` runs it.

    For a process that serves and never forks a server (a gunicorn worker after its
    fork): the first to take the exclusive lock runs the schedule until it exits. Every
    other worker waits for the lock on a standby thread and takes the schedule over when
    the holder exits, so a reload (HUP), a scale-down (TTOU) or a killed worker never
    leaves the schedule without a runner; the lock makes two runners impossible."""
    if not settings.EMBEDDED_SCHEDULER:
        return None
    with _start_lock:
        if _lock_fd is None:
            lock_path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                _standby(fd)
                return None  # a sibling runs it; this process waits to take over
            _take(fd)
    return _scheduler_start()


def _take(fd: int) -> None:
    global _lock_fd  # noqa: PLW0603 (one lock per process)
    _lock_fd = fd
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())


def _standby(fd: int) -> None:
    global _standby_fd  # noqa: PLW0603 (one standby per process)
    _standby_fd = fd

    def wait_then_run() -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)  # blocks until the runner's process is gone
        with _start_lock:
            _take(fd)
        _scheduler_start()

    threading.Thread(target=wait_then_run, name="embedded-scheduler-standby", daemon=True).start()


_standby_fd: int | None = None


def _close_locks_in_child() -> None:
    """A forked child (a PDF render) must not keep the schedule's lock alive after its
    parent dies, nor hold a standby's descriptor."""
    for fd in (_lock_fd, _standby_fd):
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)


os.register_at_fork(after_in_child=_close_locks_in_child)


def _scheduler_start() -> EmbeddedScheduler:
    global _started  # noqa: PLW0603 (one scheduler per process)
    with _start_lock:
        if _started is None:
            _started = EmbeddedScheduler(settings.CELERY_BEAT_SCHEDULE)
            _started.start()
            logger.info(
                "embedded scheduler running in process %s: %s",
                os.getpid(),
                ", ".join(sorted(_started.entries)),
            )
        return _started
