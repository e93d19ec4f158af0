"""`make run` itself, as the README starts it, for the tests and the bench that must see what a
user of the embedded defaults sees: several gunicorn workers, the Celery worker on the
file-system broker, the shared file cache, the local fakes.

Each run gets its own VAR_DIR (database, cache, broker, fakes' files) and free ports, so runs
in parallel test workers never meet."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# What a bare shell does not have: the test run's own switches and the services suite's URLs.
_NOT_INHERITED = (
    "DATABASE_URL",
    "REDIS_URL",
    "CELERY_BROKER_URL",
    "EMBEDDED_CACHE",
    "DJANGO_SETTINGS_MODULE",
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class MakeRun:
    url: str
    var_dir: Path
    env: dict[str, str]
    log: Path

    def manage(self, *args: str, timeout: float = 300) -> str:
        """A manage.py command from a second shell (it finds make run's fakes and worker)."""
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if result.returncode != 0:
            raise AssertionError(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
        return result.stdout

    def shell(self, code: str) -> str:
        return self.manage("shell", "-c", code)

    def demo_key(self) -> str:
        line = next(ln for ln in self.log.read_text().splitlines() if ln.startswith("Demo API key:"))
        return line.split()[-1]


def _alive(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/livez", timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


@contextlib.contextmanager
def make_run(var_dir: Path, *, env: dict[str, str] | None = None, startup: float = 300) -> Iterator[MakeRun]:
    port, eu_port, uldk_port = free_port(), free_port(), free_port()
    run_env = {k: v for k, v in os.environ.items() if k not in _NOT_INHERITED and not k.startswith("PYTEST")}
    run_env.update({"VAR_DIR": str(var_dir), **(env or {})})
    log = var_dir.parent / f"{var_dir.name}-make-run.log"
    var_dir.mkdir(parents=True, exist_ok=True)
    with open(log, "w") as out:
        process = subprocess.Popen(
            [
                "make",
                "--no-print-directory",
                "run",
                f"PORT={port}",
                f"EU_FAKE_PORT={eu_port}",
                f"ULDK_FAKE_PORT={uldk_port}",
                f"VAR_DIR={var_dir}",
            ],
            cwd=ROOT,
            env=run_env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: stopped whole
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + startup
        while not _alive(url):
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"make run did not serve:\n{log.read_text()[-4000:]}")
            time.sleep(0.5)
        yield MakeRun(url=url, var_dir=var_dir, env=run_env, log=log)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=60)
        # make exits at once; a Celery worker of its group was seen to outlive the TERM (with its
        # beat, polling a folder this test removes): whatever is left of the group goes.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
