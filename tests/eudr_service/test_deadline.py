"""Every request is answered before gunicorn's worker timeout: an API path with
503 problem+json, never gunicorn's HTML page (issue 26, finding 7)."""

from __future__ import annotations

import runpy
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.urls("tests.urls")
def test_an_api_request_past_the_deadline_answers_problem_json(client, settings):
    settings.REQUEST_DEADLINE_SECONDS = 0.2
    response = client.get("/api/test/slow")
    assert response.status_code == 503
    assert response["Content-Type"].startswith("application/problem+json")
    body = response.json()
    assert body["code"] == "deadline_exceeded" and body["limit"] == 0.2
    assert body["committed"] is False and "Nothing was saved" in body["detail"]
    assert response["Retry-After"] == "30"
    assert response["X-Request-ID"]
    # The timer is disarmed and the previous handler restored.
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, signal.SIG_IGN, None)


@pytest.mark.urls("tests.urls")
@pytest.mark.django_db(transaction=True)
def test_work_saved_before_the_deadline_is_said_so(client, settings):
    """A client told "503" must not file again when part of the work is already stored."""
    from django.contrib.auth.models import Group

    settings.REQUEST_DEADLINE_SECONDS = 0.3
    response = client.post("/api/test/slow-after-saving", data={}, content_type="application/json")
    assert response.status_code == 503
    body = response.json()
    assert body["committed"] is True and "Idempotency-Key" in body["detail"]
    assert Group.objects.filter(name="saved before the deadline").exists()
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


@pytest.mark.urls("tests.urls")
def test_a_page_past_the_deadline_answers_a_short_503(client, settings):
    settings.REQUEST_DEADLINE_SECONDS = 0.2
    response = client.get("/test/slow-page")
    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/plain")
    assert response["Retry-After"] == "30"


@pytest.mark.django_db
def test_a_quick_request_leaves_no_timer_behind(client):
    assert client.get("/livez").status_code == 200
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_the_deadline_comes_before_gunicorns_timeout_and_after_the_pdf_waits():
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert config["timeout"] > django_settings.REQUEST_DEADLINE_SECONDS
    assert django_settings.REQUEST_DEADLINE_SECONDS > django_settings.CSRD_SYNC_TIMEOUT_SECONDS
    assert django_settings.REQUEST_DEADLINE_SECONDS > django_settings.DDS_PDF_SYNC_TIMEOUT_SECONDS


def test_settings_refuse_a_deadline_shorter_than_the_pdf_wait():
    env = {"PATH": "/usr/bin:/bin", "REQUEST_DEADLINE_SECONDS": "15", "CSRD_SYNC_TIMEOUT_SECONDS": "20"}
    result = subprocess.run(
        [sys.executable, "-c", "import eudr_service.settings"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "REQUEST_DEADLINE_SECONDS must be above" in result.stderr
