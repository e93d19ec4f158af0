"""The embedded mode runs celery beat's schedule in-process: a failed webhook is retried."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from eudr_service.lib.scheduler import EmbeddedScheduler, embedded_scheduler_start
from webhooks.models import Delivery, DeliveryAttempt
from webhooks.services import endpoint_create, event_emit

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


def _until(condition, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.1)


def test_the_embedded_schedule_is_celery_beats_schedule(settings):
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("services mode: celery beat runs the schedule")
    assert settings.EMBEDDED_SCHEDULER
    scheduler = EmbeddedScheduler(settings.CELERY_BEAT_SCHEDULE)
    assert set(scheduler.entries) == set(settings.CELERY_BEAT_SCHEDULE)
    assert embedded_scheduler_start() is None  # never implicitly inside the test suite


def test_every_scheduled_task_is_found_in_a_fresh_web_process():
    # A web process has imported no tasks module yet; the scheduler must import them itself.
    code = (
        "import django; django.setup(); from django.conf import settings;"
        "from eudr_service.lib.scheduler import tasks_load; tasks = tasks_load();"
        "print(sorted(e['task'] for e in settings.CELERY_BEAT_SCHEDULE.values() if e['task'] not in tasks))"
    )
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["DJANGO_SETTINGS_MODULE"] = "eudr_service.settings"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "[]"


def test_a_webhook_that_failed_once_is_retried_without_a_broker(settings, owner, receiver):
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("services mode: celery beat runs the schedule")
    settings.WEBHOOKS_ALLOW_INSECURE = True
    settings.WEBHOOKS_RETRY_SCHEDULE_SECONDS = [1, 1]
    settings.WEBHOOKS_RETRY_JITTER = 0
    endpoint_create(owner=owner, url=receiver.url, events=["dds.at_risk"])
    receiver.respond(503)
    event_emit(
        owner=owner, livemode=True, event_type="dds.at_risk", data={"dds_id": "x"}
    )  # sent at once: 503
    assert Delivery.objects.get().status == Delivery.Status.FAILED
    scheduler = EmbeddedScheduler({"sweep": {"task": "webhooks.sweep", "schedule": 0.2}}, tick=0.1)
    scheduler.start()
    try:
        _until(lambda: Delivery.objects.get().status == Delivery.Status.SUCCEEDED)
    finally:
        scheduler.stop()
    assert [a.status_code for a in DeliveryAttempt.objects.order_by("number")] == [503, 200]
    assert scheduler.runs["sweep"] >= 1


def test_a_failing_task_does_not_stop_the_others(settings):
    scheduler = EmbeddedScheduler(
        {
            "broken": {"task": "no.such.task", "schedule": 0.1},
            "ping": {"task": "eudr_service.ping", "schedule": 0.1},
        },
        tick=0.05,
    )
    scheduler.start()
    try:
        _until(lambda: scheduler.runs["ping"] >= 2 and scheduler.runs["broken"] >= 2)
    finally:
        scheduler.stop()
