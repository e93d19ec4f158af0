"""Real Celery worker processes for the services suite: started on the test
database and broker, on a queue of their own, and killable mid-task."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

from django.db import connection


def worker_env(**extra: str) -> dict[str, str]:
    """The environment of a worker that sees the database pytest-django created."""
    db = connection.settings_dict
    env = dict(os.environ)
    env["DATABASE_URL"] = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    env.update(extra)
    return env


def start_worker(
    *, name: str, queues: list[str] | None = None, env: dict[str, str] | None = None
) -> subprocess.Popen:
    """Start a solo-pool worker and wait until it answers a ping."""
    from eudr_service.celery import app

    node = f"{name}-{os.getpid()}@{socket.gethostname()}"
    command = [sys.executable, "-m", "celery", "-A", "eudr_service", "worker", "--pool=solo", "-n", node]
    command += ["--loglevel=WARNING", "--without-heartbeat", "--without-gossip", "--without-mingle"]
    if queues:
        command += ["-Q", ",".join(queues)]
    process = subprocess.Popen(command, env=env or worker_env())
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"worker {node} exited with {process.returncode}")
        if app.control.ping(destination=[node], timeout=1.0):
            return process
    process.kill()
    raise RuntimeError(f"worker {node} did not come up within 60 s")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
