"""A second shell finds the fakes a running `make run` started, and nothing else does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from eudr_service.lib.make_run import make_run_values
from tests.eudr_service.test_settings import ROOT

EU = "http://127.0.0.1:8125/tracesnt/"
ULDK = "http://127.0.0.1:8126/"


def dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid  # reaped: no such process any more


def write(path: Path, *, eu_pid: int, uldk_pid: int) -> Path:
    path.write_text(
        "# Written by make run (pid 1); removed when it stops.\n"
        f"EU_IS_URL={EU}\nEU_IS_FIRST_POLL_SECONDS=0\nEU_FAKE_PID={eu_pid}\n"
        f"ULDK_BASE_URL={ULDK}\nULDK_FAKE_PID={uldk_pid}\n",
        encoding="utf-8",
    )
    return path


@pytest.fixture
def alive(tmp_path) -> Path:
    return write(tmp_path / "make-run.env", eu_pid=os.getpid(), uldk_pid=os.getpid())


def test_a_live_make_run_gives_its_fakes_to_a_bare_shell(alive):
    assert make_run_values(alive, environ={}, under_pytest=False) == {
        "EU_IS_URL": EU,
        "EU_IS_FIRST_POLL_SECONDS": "0",
        "ULDK_BASE_URL": ULDK,
    }


def test_a_stopped_fake_is_not_used(tmp_path):
    path = write(tmp_path / "make-run.env", eu_pid=dead_pid(), uldk_pid=os.getpid())
    assert make_run_values(path, environ={}, under_pytest=False) == {"ULDK_BASE_URL": ULDK}


@pytest.mark.parametrize("pid", ["", "0", "-1", "abc"])
def test_a_missing_or_bad_pid_is_not_alive(tmp_path, pid):
    path = tmp_path / "make-run.env"
    path.write_text(f"EU_IS_URL={EU}\nEU_FAKE_PID={pid}\n", encoding="utf-8")
    assert make_run_values(path, environ={}, under_pytest=False) == {}


def test_the_environment_wins(alive):
    values = make_run_values(alive, environ={"EU_IS_URL": "https://eu.example/tracesnt/"}, under_pytest=False)
    assert "EU_IS_URL" not in values and values["ULDK_BASE_URL"] == ULDK


def test_a_real_database_means_a_deployment_and_the_file_is_ignored(alive):
    assert make_run_values(alive, environ={"DATABASE_URL": "postgres://db/eudr"}, under_pytest=False) == {}


def test_under_pytest_the_file_is_ignored(alive):
    assert make_run_values(alive, environ={}, under_pytest=True) == {}


def test_no_file_gives_nothing(tmp_path):
    assert make_run_values(tmp_path / "absent.env", environ={}, under_pytest=False) == {}


def test_settings_of_a_second_shell_take_the_file(tmp_path):
    var = tmp_path / "var"
    (var / "run").mkdir(parents=True)
    write(var / "run" / "make-run.env", eu_pid=os.getpid(), uldk_pid=os.getpid())
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "EU_IS_URL", "ULDK_BASE_URL", "EU_IS_FIRST_POLL_SECONDS")
    }
    code = (
        "from django.conf import settings as s;"
        "print(s.EU_IS_URL, s.ULDK_BASE_URL, s.EU_IS_FIRST_POLL_SECONDS, s.EU_IS_URL_FROM)"
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env={**clean, "VAR_DIR": str(var)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].split() == [EU, ULDK, "0.0", "make", "run"]
