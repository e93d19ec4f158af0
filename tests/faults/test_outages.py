"""Faults: the database restarting under traffic, Redis unreachable, workers
killed mid-task. The first and last need the services suite (PostgreSQL, a
broker, real workers); Redis being unreachable is simulated with a real
Redis client pointed at a port where no Redis listens."""

from __future__ import annotations

import logging
import os
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connections
from django.test import override_settings
from django.utils import timezone

from accounts import quota
from accounts.services import api_key_create
from reports.models import CsrdReport, ReportStatus
from reports.services import csrd_report_create, csrd_reports_maintain
from tests.workers import start_worker, stop, worker_env

SERVICES = os.environ.get("DATABASE_URL", "").startswith("postgres") and os.environ.get("CELERY_BROKER_URL")
UNREACHABLE_REDIS = {
    "default": {
        "BACKEND": "eudr_service.lib.redis_cache.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
        "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
    }
}


# --- Redis unavailable -------------------------------------------------------------------


@pytest.fixture
def redis_down(settings):
    quota._scripts.clear()  # drop scripts made for the working cache
    with override_settings(CACHES=UNREACHABLE_REDIS):
        yield
    quota._scripts.clear()


@pytest.mark.django_db
def test_redis_down_paid_plan_is_served_uncounted_with_a_warning(redis_down, keyed_client, caplog):
    client = keyed_client("standard")
    with caplog.at_level(logging.WARNING):
        response = client.get("/api/eudr/v1/risk-score", {"lat": 52.23, "lng": 21.01})
    assert response.status_code == 200
    assert "X-RateLimit-Remaining" not in response
    assert any("Quota counters unavailable" in r.getMessage() for r in caplog.records)


@pytest.mark.django_db
@pytest.mark.urls("tests.urls")
def test_redis_down_free_plan_waits_with_503(redis_down, keyed_client):
    response = keyed_client("free").get("/api/test/quota-probe")
    assert response.status_code == 503
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["code"] == "quota_unavailable" and response["Retry-After"] == "30"


@pytest.mark.django_db
def test_redis_down_free_key_on_public_verify_is_served_like_no_key(redis_down, keyed_client):
    # A key never gets less than no key on the public endpoint, during an outage too.
    response = keyed_client("free").get("/api/v1/verify/DDS-PL-2025-000001-NONE")
    assert response.status_code == 404 and response.json()["code"] == "dds_not_found"


@pytest.mark.django_db
def test_redis_down_public_verify_keeps_working(redis_down, api_client, make_statement):
    statement = make_statement("COMPLIANT")
    response = api_client.get(f"/api/v1/verify/{statement.dds_id}")
    assert response.status_code == 200
    assert response.json()["status"] == "COMPLIANT"
    assert api_client.get("/api/v1/verify/DDS-PL-2025-999999-NONE").status_code == 404


# --- PostgreSQL restarted during traffic ------------------------------------------------------

PG_CTL = shutil.which("pg_ctlcluster")


def _pg(action: str) -> None:
    version = sorted(Path("/etc/postgresql").iterdir())[-1].name
    subprocess.run(
        ["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", action], check=True, timeout=60
    )


def _get(url: str, key: str) -> tuple[int, str, dict[str, str]]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {key}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers.get("Content-Type", ""), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), dict(error.headers)


@pytest.mark.services
@pytest.mark.serial  # stops PostgreSQL under every other test process
@pytest.mark.skipif(
    not SERVICES or not PG_CTL or os.geteuid() != 0, reason="needs the services suite as root"
)
def test_database_restart_gives_503_then_recovers_without_app_restart(live_server, make_user):
    _, key = api_key_create(user=make_user("enterprise"), name="traffic")
    url = f"{live_server.url}/api/eudr/dds/list"
    assert _get(url, key)[0] == 200
    _pg("stop")
    try:
        during = [_get(url, key) for _ in range(5)]
    finally:
        _pg("start")
    for status, content_type, headers in during:
        assert status == 503, during
        assert content_type == "application/problem+json"
        assert headers["Retry-After"] == "5"
    connections.close_all()  # this test process's own connection died with the server
    deadline = time.monotonic() + 30
    statuses = []
    while time.monotonic() < deadline:
        statuses.append(_get(url, key)[0])
        if statuses[-1] == 200:
            break
        time.sleep(0.5)
    assert statuses[-1] == 200, statuses  # recovered, same server process


# --- a worker killed while rendering a CSRD report --------------------------------------------------


@pytest.mark.worker
@pytest.mark.skipif(not SERVICES, reason="needs a broker and PostgreSQL (services suite)")
@pytest.mark.django_db(transaction=True)
def test_worker_killed_mid_render_the_report_is_still_finished(make_user, settings, task_queue):
    # A queue of its own, so only the workers this test starts and kills take the task.
    queue = task_queue("reports.render_csrd_report")
    # The outcome is under test, not the render's priority or time limit: a render niced below
    # the other services tests' processes got so little CPU that it used up its 120 s on a
    # busy CI machine (the limit has its own tests in tests/reports/test_api.py).
    env = worker_env(PDF_RENDER_NICE="0", PDF_RENDER_TIME_LIMIT_SECONDS="300")
    suppliers = [
        {
            "name": f"Dostawca {i}",
            "crop_type": "wheat",
            "quantity_t": 10 + i,
            "area_ha": 2,
            "location": "mazowieckie",
        }
        for i in range(1000)
    ]
    first = start_worker(name="render-a", queues=[queue], env=env)
    report = csrd_report_create(
        owner=make_user("pro"),
        data={"company_name": "Agro Kill Test", "report_year": 2025, "lang": "pl", "suppliers": suppliers},
    )
    deadline = time.monotonic() + 60
    while (
        CsrdReport.objects.get(pk=report.pk).status != ReportStatus.RENDERING and time.monotonic() < deadline
    ):
        time.sleep(0.1)
    first.send_signal(signal.SIGKILL)  # mid-render
    first.wait(timeout=10)
    killed = CsrdReport.objects.get(pk=report.pk)
    assert killed.status == ReportStatus.RENDERING and killed.render_attempts == 1
    # Time passes beyond the task's hard limit: no live worker can still own it.
    CsrdReport.objects.filter(pk=report.pk).update(
        started_at=timezone.now() - timedelta(seconds=settings.CSRD_TASK_TIME_LIMIT_SECONDS + 1)
    )
    second = start_worker(name="render-b", queues=[queue], env=env)
    try:
        assert csrd_reports_maintain()["requeued"] == 1
        # A 1,000-supplier render at the workers' lower priority, on a machine busy with the
        # other services tests: minutes, not seconds (it is the outcome that is under test).
        deadline = time.monotonic() + 300
        while (
            CsrdReport.objects.get(pk=report.pk).status == ReportStatus.RENDERING
            and time.monotonic() < deadline
        ):
            time.sleep(0.5)
        done = CsrdReport.objects.get(pk=report.pk)
        assert done.status == ReportStatus.DONE, done.error
        assert done.render_attempts == 2
        assert done.file.read(5) == b"%PDF-"
    finally:
        stop(second)
        if CsrdReport.objects.get(pk=report.pk).file:
            CsrdReport.objects.get(pk=report.pk).file.delete(save=False)


# A worker killed during an EU submission, a DDS PDF render, a risk job chunk and a
# webhook delivery: test_worker_killed.py; the broker down: test_broker_down.py; the EU
# failing for an hour: test_eu_outage.py; filings across a database restart:
# test_database_restart.py. What each fault does is in docs/deploy.md, "Faults and what happens".
