"""What a running `make run` tells other shells: the addresses of the fakes it started.

`make run` writes var/run/make-run.env (EU_IS_URL, EU_IS_FIRST_POLL_SECONDS,
ULDK_BASE_URL, CELERY_BROKER_URL and the pids of the fake EU Information System, the ULDK
stand-in and the Celery worker) and
removes it when it stops, so `manage.py eu_is_sync` from a second shell talks to the
same fakes. A value is taken only on the embedded defaults (no DATABASE_URL), when the
variable is not in the environment, while the fake that serves it is alive, and never
under pytest: a deployment or a test run is never redirected by a file on disk.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

FILE_NAME = "make-run.env"
# Each variable make run exports, and the pid of the process that serves it.
RECORDED = {
    "EU_IS_URL": "EU_FAKE_PID",
    "EU_IS_FIRST_POLL_SECONDS": "EU_FAKE_PID",
    "EU_FAKE_ACCOUNTS_FILE": "EU_FAKE_PID",
    "ULDK_BASE_URL": "ULDK_FAKE_PID",
    # Work queued from another shell goes to make run's worker, not into that shell.
    "CELERY_BROKER_URL": "CELERY_WORKER_PID",
}


def make_run_values(path: Path, *, environ: Mapping[str, str], under_pytest: bool) -> dict[str, str]:
    """The variables to take from the make-run file at `path`, as {name: value}."""
    if under_pytest or environ.get("DATABASE_URL"):
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return {}
    recorded: dict[str, str] = {}
    for line in text.splitlines():
        name, sep, value = line.partition("=")
        if sep and not name.lstrip().startswith("#"):
            recorded[name.strip()] = value.strip()
    return {
        name: recorded[name]
        for name, pid_name in RECORDED.items()
        if recorded.get(name) and not environ.get(name) and pid_alive(recorded.get(pid_name, ""))
    }


def pid_alive(text: str) -> bool:
    try:
        pid = int(text)
    except ValueError:
        return False
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except PermissionError:
        return True  # exists, another user's
    except OSError:
        return False
    return True
