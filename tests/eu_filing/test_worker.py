"""Services suite: a real Celery worker killed mid-submit; the statement reaches the EU once."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from eu_filing.models import EuSubmission
from eu_filing.outbox import eu_submissions_sweep
from regulation.benchmark import benchmark_cache_clear
from tests.compliance.test_dds_api import GENERATE, JSON, body
from tests.eu_filing.test_submission import store_credentials
from tests.euis.conftest import fake_eu  # noqa: F401  (the fixture)
from tests.workers import start_worker, stop, worker_env

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def _until(condition: Callable[[], object], timeout: float = 60.0, *, sweep: bool = False) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        if sweep:
            eu_submissions_sweep(grace_seconds=0)  # what celery beat does every 120 s
        time.sleep(0.2)


@pytest.fixture
def eu_worker(fake_eu, settings, django_db_setup):  # noqa: F811
    if settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("no broker configured: tasks run eagerly (embedded mode)")
    settings.EU_IS_URL = fake_eu.base_url
    settings.EU_IS_TIMEOUT_SECONDS = 2
    settings.EU_IS_ATTEMPT_MARGIN_SECONDS = 0
    started = []

    def spawn():
        env = worker_env(
            EU_IS_URL=fake_eu.base_url,
            EU_IS_TIMEOUT_SECONDS="2",
            EU_IS_ATTEMPT_MARGIN_SECONDS="0",
            EU_IS_FIRST_POLL_SECONDS="0",
        )
        started.append(start_worker(name=f"eutest{len(started)}", env=env))
        return started[-1]

    yield spawn
    for process in started:
        stop(process)


def test_a_worker_killed_mid_submit_loses_nothing_and_submits_once(eu_worker, fake_eu, keyed_client):  # noqa: F811
    benchmark_cache_clear()
    client = keyed_client("standard")
    store_credentials(client)
    worker = eu_worker()
    fake_eu.hang_next(3.0)  # the EU takes the statement, but only after our worker is dead
    response = client.post(GENERATE, body(), format="json", **JSON)
    assert response.status_code == 201
    submission = EuSubmission.objects.get(statement__dds_id=response.json()["dds_id"])
    _until(lambda: EuSubmission.objects.get(pk=submission.pk).attempt_started_at is not None)
    _until(lambda: not fake_eu._injected)  # the fake took the request and is holding it
    worker.kill()  # SIGKILL while submitDds is in flight
    worker.wait(timeout=30)
    _until(lambda: len(fake_eu.records) == 1)
    eu_worker()
    _until(lambda: EuSubmission.objects.get(pk=submission.pk).state == "submitted", sweep=True)
    submission.refresh_from_db()
    assert len(fake_eu.records) == 1 and submission.eu_uuid == next(iter(fake_eu.records))
    assert fake_eu.calls.count("SubmitDdsRequest") == 1
    assert fake_eu.calls.count("GetDdsByInternalReferenceRequest") >= 1
