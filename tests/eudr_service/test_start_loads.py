"""What a process reads when it starts, so that no request or task waits for it."""

import os
import subprocess
import sys
from pathlib import Path

from risk import countries, places

ROOT = Path(__file__).resolve().parents[2]


def test_a_worker_reads_the_boundaries_and_the_place_names_when_it_starts(monkeypatch):
    from celery.signals import worker_process_init

    monkeypatch.setattr(countries, "_indexes", {})
    monkeypatch.setattr(places, "_indexes", {})
    worker_process_init.send(sender=None)  # what a worker process sends as it starts
    assert countries._indexes
    assert places._indexes


def test_the_wsgi_module_reads_them_before_gunicorn_forks(tmp_path):
    check = (
        "import eudr_service.wsgi\n"
        "from risk import countries, places\n"
        "assert countries._indexes, 'country boundaries not read'\n"
        "assert places._indexes, 'place names not read'\n"
    )
    env = {**os.environ, "VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "eudr_service.settings"}
    done = subprocess.run(
        [sys.executable, "-c", check], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
