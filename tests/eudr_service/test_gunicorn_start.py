"""gunicorn with production's gunicorn.conf.py starts every time, and the embedded mode's
schedule runs in exactly one worker, never in the master that forks them (issue 26,
finding 1: a scheduler thread started before the fork left every worker hanging)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from tests.faults.test_worker_killed import SERVICES

# The services suite would start the same processes on the same settings (the database,
# cache and broker URLs are removed below): 28 s of a services worker for no new answer.
pytestmark = pytest.mark.skipif(
    bool(SERVICES), reason="runs in make test: its gunicorn gets none of the services suite's URLs"
)
ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).parent / "gunicorn"
RUNNING = re.compile(r"embedded scheduler running in process (\d+)")


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _production_env(var_dir: Path) -> dict[str, str]:
    """DEBUG=0 without a broker: the combination of the finding."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL")}
    env.update(
        DEBUG="0",
        SECRET_KEY="s" * 60,
        API_KEY_PEPPER="p" * 40,
        ENCRYPTION_KEYS=Fernet.generate_key().decode(),
        ALLOWED_HOSTS="127.0.0.1",
        PUBLIC_BASE_URL="https://eudr.example",
        VAR_DIR=str(var_dir),
        LOG_FORMAT="plain",
    )
    return env


@contextlib.contextmanager
def _gunicorn(env: dict[str, str], log: Path, *args: str):
    port = _port()
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [str(GUNICORN), *args, "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}", "--workers", "3"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        yield proc, f"http://127.0.0.1:{port}"
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _until(condition, what: str, timeout: float = 120.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"{what} within {timeout:g} s")


def _livez(base: str) -> bool:
    with contextlib.suppress(OSError):
        return urllib.request.urlopen(base + "/livez", timeout=5).status == 200
    return False


def _scheduler_pids(log: Path) -> list[int]:
    return [int(pid) for pid in RUNNING.findall(log.read_text())]


def test_workers_answer_and_one_of_them_runs_the_schedule_at_every_start(tmp_path):
    env = _production_env(tmp_path / "var")
    for start in range(2):
        log = tmp_path / f"gunicorn-{start}.log"
        with _gunicorn(env, log, "eudr_service.wsgi") as (proc, base):
            # Every worker answers: more requests than workers, each a new connection.
            for _ in range(9):
                _until(lambda: _livez(base), "/livez answered")
            pids = _until(lambda log=log: _scheduler_pids(log), "the schedule started")
            time.sleep(1)  # the other workers have booted too: still only one
            assert len(_scheduler_pids(log)) == 1, log.read_text()[-2000:]
            assert pids[0] != proc.pid  # a worker, not the master

            if start == 0:
                # The worker running it dies: its replacement takes the schedule over.
                os.kill(pids[0], signal.SIGKILL)
                _until(
                    lambda log=log: len(_scheduler_pids(log)) == 2, "the replacement took the schedule over"
                )
                assert _scheduler_pids(log)[1] != pids[0]
                assert _livez(base)


def test_gunicorn_refuses_to_fork_from_a_master_that_runs_a_thread(tmp_path):
    (tmp_path / "threaded_app.py").write_text(
        "import threading, time\n"
        "threading.Thread(target=time.sleep, args=(600,), name='started-at-import', daemon=True).start()\n"
        "from eudr_service.wsgi import application\n"
    )
    env = _production_env(tmp_path / "var")
    log = tmp_path / "gunicorn.log"
    with _gunicorn(env, log, "--pythonpath", str(tmp_path), "threaded_app:application") as (proc, _):
        proc.wait(timeout=120)
    assert proc.returncode != 0
    assert "refusing to fork workers: the master runs threads started-at-import" in log.read_text()
