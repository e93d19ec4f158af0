"""The Celery app is wired: eagerly in the embedded mode, a real worker in services."""

import pytest

from eudr_service.celery import ping


def test_task_runs_in_embedded_mode(settings):
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("services mode: covered by the worker test")
    assert ping.delay().get(timeout=5) == "pong"


@pytest.mark.worker
def test_real_worker_consumes_from_the_broker(celery_worker_process):
    assert ping.delay().get(timeout=60) == "pong"
