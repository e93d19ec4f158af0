"""Faults: a Celery worker killed (SIGKILL) in the middle of each kind of outbox work.

Services suite only: real workers on the broker and PostgreSQL, each on a queue of its
own so only the workers a test starts and kills take its tasks. After a new worker
starts and the periodic sweep runs (called here, as beat would), every item must
reach its final state exactly once. The time from the new worker's start to the
final state is reported (tests.faults.recovery), never asserted.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.utils import timezone

from compliance.documents import dds_documents_maintain, dds_pdf_request
from compliance.models import DDSDocument, DocumentStatus
from eu_filing.models import EuStatusChange, EuSubmission
from eu_filing.outbox import eu_submissions_poll, eu_submissions_sweep
from regulation.benchmark import benchmark_cache_clear
from risk import geometry
from risk.jobs import risk_job_create, risk_job_results, risk_jobs_sweep
from risk.models import RiskJob, RiskJobChunk, RiskJobStatus
from tests.compliance.test_dds_api import GENERATE, JSON, body
from tests.eu_filing.test_submission import store_credentials
from tests.eu_filing.test_worker import eu_worker  # noqa: F401  (the fixture)
from tests.euis.conftest import fake_eu  # noqa: F401  (the fixture)
from tests.faults.recovery import report
from tests.webhooks.conftest import receiver, spawn_worker  # noqa: F401  (the fixtures)
from tests.workers import start_worker, stop, worker_env
from webhooks.delivery import deliveries_enqueue_due
from webhooks.models import Delivery, DeliveryAttempt, Event
from webhooks.services import endpoint_create, event_emit

SERVICES = os.environ.get("DATABASE_URL", "").startswith("postgres") and os.environ.get("CELERY_BROKER_URL")

pytestmark = [
    pytest.mark.worker,
    pytest.mark.skipif(not SERVICES, reason="needs a broker and PostgreSQL (services suite)"),
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def _until(condition: Callable[[], object], timeout: float = 120.0, *, sweep=None) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        if sweep:
            sweep()
        time.sleep(0.1)


def _kill(worker) -> None:
    worker.send_signal(signal.SIGKILL)
    worker.wait(timeout=30)


@pytest.fixture
def own_queue(task_queue):
    """Route a task to a queue of this test's own."""
    return lambda task: task_queue(task.name)


# --- an EU submission ----------------------------------------------------------------


def _lost_in_transit(fake, seconds: float) -> list[bool]:
    """The next submitDds is held, then dropped unprocessed (a proxy between us and the EU died)."""
    handle, held = fake.handle, []

    def dropping(path, headers, body):
        if not held and b"SubmitDdsRequest" in body:
            held.append(True)
            time.sleep(seconds)
            return 502, {"Content-Type": "text/html"}, b"<html><body>Bad gateway</body></html>"
        return handle(path, headers, body)

    fake.handle = dropping
    return held


@pytest.mark.parametrize("reached_eu", [True, False], ids=["eu-took-it", "eu-never-got-it"])
def test_worker_killed_during_an_eu_submission_submits_once_and_reaches_available(
    eu_worker,  # noqa: F811
    fake_eu,  # noqa: F811
    keyed_client,
    reached_eu,
):
    benchmark_cache_clear()
    client = keyed_client("standard")
    store_credentials(client)
    worker = eu_worker()
    if reached_eu:
        fake_eu.hang_next(3.0)  # the EU carries out the submit only after our worker is dead
        held = lambda: not fake_eu._injected  # noqa: E731
    else:
        held = _lost_in_transit(fake_eu, 3.0).__len__
    response = client.post(GENERATE, body(), format="json", **JSON)
    assert response.status_code == 201
    submission = EuSubmission.objects.get(statement__dds_id=response.json()["dds_id"])
    _until(lambda: EuSubmission.objects.get(pk=submission.pk).attempt_started_at is not None)
    _until(held)  # the request is in flight
    _kill(worker)  # mid-call
    time.sleep(3.5)  # whatever the EU was going to do with it is done
    assert len(fake_eu.records) == (1 if reached_eu else 0)
    assert EuSubmission.objects.get(pk=submission.pk).state == "pending"

    eu_worker()
    recovering = time.monotonic()
    sweep = lambda: eu_submissions_sweep(grace_seconds=0)  # noqa: E731  (beat: every 120 s)
    _until(lambda: EuSubmission.objects.get(pk=submission.pk).state == "submitted", sweep=sweep)
    days = iter(range(1, 1000))  # each poll a day later than the last: always due
    _until(
        lambda: EuSubmission.objects.get(pk=submission.pk).state == "final",
        sweep=lambda: eu_submissions_poll(now=timezone.now() + timedelta(days=next(days))),
    )
    elapsed = time.monotonic() - recovering

    submission.refresh_from_db()
    assert submission.eu_status == "AVAILABLE" and submission.reference_number
    assert len(fake_eu.records) == 1 and submission.eu_uuid == next(iter(fake_eu.records))
    # The retry asked first, by internal reference, and submitted only if the EU had nothing.
    assert fake_eu.calls.count("SubmitDdsRequest") == 1
    assert fake_eu.calls.count("GetDdsByInternalReferenceRequest") >= 1
    assert [c.to_status for c in EuStatusChange.objects.filter(submission=submission)] == [
        "SUBMITTED",
        "AVAILABLE",
    ]
    changes = Event.objects.filter(type="dds.eu_status_changed").order_by("created_at", "id")
    assert [e.data["to"] for e in changes] == ["SUBMITTED", "AVAILABLE"]
    report(
        f"Worker killed during an EU submission ({'EU took it' if reached_eu else 'EU never got it'})",
        lost=0,
        wall_seconds=elapsed,
        note="1 DDS at the EU",
    )


# --- a DDS PDF render ------------------------------------------------------------------


def test_worker_killed_during_a_dds_pdf_render_produces_the_pdf_once(make_statement, own_queue, settings):
    from compliance.tasks import dds_pdf_render_task

    queue = own_queue(dds_pdf_render_task)
    env = worker_env()
    statement = make_statement("COMPLIANT")
    first = start_worker(name="pdf-a", queues=[queue], env=env)
    second = None
    try:
        document = dds_pdf_request(statement=statement)
        _until(lambda: DDSDocument.objects.get(pk=document.pk).status != DocumentStatus.QUEUED, timeout=60)
        _kill(first)  # mid-render
        killed = DDSDocument.objects.get(pk=document.pk)
        assert killed.status == DocumentStatus.RENDERING and killed.render_attempts == 1
        # Time passes beyond the render's limit: no live worker can still own it.
        DDSDocument.objects.filter(pk=document.pk).update(
            started_at=timezone.now() - timedelta(seconds=settings.PDF_RENDER_TIME_LIMIT_SECONDS + 61)
        )
        second = start_worker(name="pdf-b", queues=[queue], env=env)
        recovering = time.monotonic()
        assert dds_documents_maintain() == {"requeued": 1, "abandoned": 0}
        _until(lambda: DDSDocument.objects.get(pk=document.pk).status != DocumentStatus.RENDERING)
        elapsed = time.monotonic() - recovering
        done = DDSDocument.objects.get(pk=document.pk)
        assert done.status == DocumentStatus.DONE, done.error
        assert done.render_attempts == 2
        assert done.file.read(5) == b"%PDF-"
        assert DDSDocument.objects.filter(statement=statement).count() == 1
        # Maintenance has nothing left to send again.
        assert dds_documents_maintain() == {"requeued": 0, "abandoned": 0}
        report("Worker killed during a DDS PDF render", lost=0, wall_seconds=elapsed, note="1 PDF")
    finally:
        stop(second) if second else None
        for row in DDSDocument.objects.filter(statement=statement):
            if row.file:
                row.file.delete(save=False)


# --- a risk job chunk ------------------------------------------------------------------


def _square(i: int) -> dict:
    w, s = 19.0 + (i % 100) * 0.01, 50.0 + (i // 100) * 0.01
    e, n = w + 0.002, s + 0.002
    return {"type": "Polygon", "coordinates": [[[w, s], [e, s], [e, n], [w, n], [w, s]]]}


def test_worker_killed_during_a_risk_job_chunk_completes_the_job_once(make_user, own_queue, settings):
    from risk.tasks import risk_job_chunk_task

    queue = own_queue(risk_job_chunk_task)
    settings.RISK_JOB_CHUNK_SIZE = 1000
    total = 3000
    plots = [geometry.plot_from_geojson(_square(i), properties={"n": i}) for i in range(total)]
    env = worker_env()
    first = start_worker(name="risk-a", queues=[queue], env=env)
    second = None
    try:
        job = risk_job_create(owner=make_user("standard"), plots=plots, options={})
        running = RiskJobChunk.objects.filter(job=job, status=RiskJobChunk.Status.RUNNING)
        _until(running.exists, timeout=60)
        _kill(first)  # mid-chunk
        assert running.count() == 1, list(RiskJobChunk.objects.filter(job=job).values("index", "status"))
        # Time passes beyond RISK_JOB_CHUNK_STALE_SECONDS: the sweep may take it again.
        stale = timezone.now() - timedelta(seconds=settings.RISK_JOB_CHUNK_STALE_SECONDS + 1)
        running.update(started_at=stale)
        RiskJob.objects.filter(pk=job.pk).update(created_at=stale)
        second = start_worker(name="risk-b", queues=[queue], env=env)
        recovering = time.monotonic()
        assert risk_jobs_sweep() >= 1
        _until(lambda: RiskJob.objects.get(pk=job.pk).status == RiskJobStatus.DONE, timeout=300)
        elapsed = time.monotonic() - recovering
        job.refresh_from_db()
        results = risk_job_results(job)
        # Every plot scored exactly once, in order; the counts add up.
        assert [item["index"] for item in results] == list(range(total))
        assert [item["plot"]["properties"]["n"] for item in results] == list(range(total))
        assert job.done == total and sum(job.counts.values()) == total
        assert max(RiskJobChunk.objects.filter(job=job).values_list("attempts", flat=True)) == 2
        completed = Event.objects.filter(type="risk.job_completed", data__job_id=job.public_id)
        assert completed.count() == 1 and completed.get().data["total"] == total
        report("Worker killed during a risk job chunk", lost=0, wall_seconds=elapsed, note=f"{total} plots")
    finally:
        stop(second) if second else None


# --- a webhook delivery ----------------------------------------------------------------


def test_worker_killed_during_a_webhook_delivery_delivers_and_records_it_once(
    spawn_worker,  # noqa: F811
    receiver,  # noqa: F811
    make_user,
):
    owner = make_user("standard")
    worker = spawn_worker()
    endpoint_create(owner=owner, url=receiver.url, events=["dds.at_risk"])
    receiver.respond("hang")  # a slow receiver: the first request is held
    event = event_emit(
        owner=owner, event_type="dds.at_risk", data={"dds_id": "DDS-PL-2025-000001-ABCD"}, livemode=True
    )
    receiver.wait_for(1)
    _kill(worker)  # while the POST is in flight
    assert Delivery.objects.get().status == Delivery.Status.PENDING
    spawn_worker()
    recovering = time.monotonic()
    _until(lambda: Delivery.objects.get().status == Delivery.Status.SUCCEEDED, sweep=deliveries_enqueue_due)
    elapsed = time.monotonic() - recovering
    # At least once at the receiver, always under the same webhook-id (receivers dedupe on it);
    # recorded once: one delivery row, succeeded, with the one attempt that got the answer.
    assert {r.headers["webhook-id"] for r in receiver.requests} == {event.public_id}
    assert len(receiver.requests) == 2
    delivery = Delivery.objects.get()
    assert delivery.event_id == event.pk and delivery.attempt_count == 1
    assert [a.status_code for a in DeliveryAttempt.objects.filter(delivery=delivery)] == [200]
    deliveries_enqueue_due()  # nothing is due any more: no third request
    time.sleep(1)
    assert len(receiver.requests) == 2
    report("Worker killed during a webhook delivery", lost=0, wall_seconds=elapsed, note="1 event")
