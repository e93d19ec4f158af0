"""The embedded schedule never loses its runner: a worker that finds the lock taken waits
on a standby thread and takes the schedule over when the holder goes (a reload, a
scale-down, a killed worker), and a forked child never keeps the lock alive."""

from __future__ import annotations

import fcntl
import os
import threading

import pytest

from eudr_service.lib import scheduler


@pytest.fixture
def fresh(monkeypatch, settings, tmp_path):
    settings.EMBEDDED_SCHEDULER = True
    started = threading.Event()
    monkeypatch.setattr(scheduler, "_lock_fd", None)
    monkeypatch.setattr(scheduler, "_standby_fd", None)
    monkeypatch.setattr(scheduler, "_scheduler_start", started.set)
    return tmp_path / "scheduler.lock", started


def test_a_standby_takes_the_schedule_over_when_the_runner_goes(fresh):
    lock_path, started = fresh
    runner = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)  # another worker holds it
    fcntl.flock(runner, fcntl.LOCK_EX | fcntl.LOCK_NB)
    assert scheduler.embedded_scheduler_start_once(lock_path) is None
    assert not started.wait(0.3)  # the runner still holds the lock: no second schedule
    os.close(runner)  # the runner's process is gone
    assert started.wait(10)
    assert scheduler._lock_fd is not None
    assert lock_path.read_text().strip() == str(os.getpid())


def test_a_forked_child_does_not_keep_the_lock(fresh):
    lock_path, started = fresh
    scheduler.embedded_scheduler_start_once(lock_path)
    assert started.is_set() and scheduler._lock_fd is not None
    read, write = os.pipe()
    ready_read, ready_write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child: says it runs, waits until the parent let go
        os.close(write)
        os.write(ready_write, b"r")
        os.read(read, 1)
        os._exit(0)
    os.close(read)
    os.close(ready_write)
    assert os.read(ready_read, 1) == b"r"  # the child is past its fork handlers
    os.close(ready_read)
    try:
        os.close(scheduler._lock_fd)  # the runner dies while its child still runs
        other = os.open(lock_path, os.O_RDWR)
        try:
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free although the child lives
        finally:
            os.close(other)
    finally:
        os.write(write, b"x")
        os.close(write)
        os.waitpid(pid, 0)
