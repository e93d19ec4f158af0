"""Services suite: limits and claims hold under real concurrency on PostgreSQL."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, connections

from eudr_service.lib.problems import Problem
from webhooks import services
from webhooks.delivery import deliveries_claim
from webhooks.models import Delivery, DeliveryAttempt, Endpoint
from webhooks.services import event_emit

pytestmark = [pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture(autouse=True)
def _postgres_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (row locks); SQLite serialises every writer")


def _in_threads(count: int, work: Callable[[int], object]) -> list[object]:
    start = threading.Barrier(count)

    def run(n: int) -> object:
        try:
            start.wait()
            return work(n)
        except Exception as exc:
            return exc
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(run, range(count)))


def test_parallel_registrations_never_pass_the_cap(owner, settings, dns):
    settings.WEBHOOKS_ALLOW_INSECURE = False
    dns["hooks.example"] = ["93.184.215.14"]
    results = _in_threads(
        40,
        lambda n: services.endpoint_create(
            owner=owner, url=f"https://hooks.example/{n}", events=["dds.at_risk"]
        ),
    )
    refused = [r for r in results if isinstance(r, Problem)]
    assert Endpoint.objects.filter(owner=owner).count() == settings.WEBHOOKS_MAX_ENDPOINTS
    assert len(refused) == 40 - settings.WEBHOOKS_MAX_ENDPOINTS
    assert {r.problem_code for r in refused} == {"too_many_webhooks"}


def test_parallel_claimers_never_share_a_delivery(owner, settings, monkeypatch):
    # The suite's Celery worker (started by earlier `worker` tests) would answer the
    # wake-ups and claim these deliveries too; here only the threads below may claim.
    monkeypatch.setattr(services, "deliveries_wake", lambda **kwargs: None)
    settings.WEBHOOKS_ALLOW_INSECURE = True
    settings.WEBHOOKS_MAX_EVENTS_PER_MINUTE = settings.WEBHOOKS_MAX_DELIVERIES_PER_MINUTE = 10000
    Endpoint.objects.create(
        owner=owner, url="http://127.0.0.1:9/hook", events=["dds.at_risk"], secret="whsec_AAAA"
    )
    for _ in range(300):
        event_emit(owner=owner, livemode=True, event_type="dds.at_risk", data={})

    def claim_all(n: int) -> list[int]:
        taken: list[int] = []
        while batch := deliveries_claim(worker=f"claimer{n}", limit=25):
            taken += [d.pk for d in batch]
        return taken

    results = _in_threads(6, claim_all)
    taken = [pk for r in results for pk in r]
    assert len(taken) == len(set(taken)) == 300
    assert sum(1 for r in results if r) > 1  # the claimers really ran side by side


@pytest.mark.worker
def test_a_burst_is_delivered_once_each_by_one_worker(spawn_worker, owner, make_endpoint, receiver, settings):
    settings.WEBHOOKS_MAX_EVENTS_PER_MINUTE = settings.WEBHOOKS_MAX_DELIVERIES_PER_MINUTE = 10000
    spawn_worker(WEBHOOKS_MAX_EVENTS_PER_MINUTE="10000", WEBHOOKS_MAX_DELIVERIES_PER_MINUTE="10000")
    make_endpoint(receiver.url)
    events = {
        event_emit(owner=owner, livemode=True, event_type="dds.at_risk", data={"n": n}).public_id
        for n in range(250)
    }
    receiver.wait_for(250)
    assert {r.headers["webhook-id"] for r in receiver.requests} == events
    deadline = time.monotonic() + 60
    while Delivery.objects.exclude(status="succeeded").exists():  # the last batch is being recorded
        assert time.monotonic() < deadline
        time.sleep(0.2)
    # Each event reached the receiver once, and each request it got is one recorded attempt
    # with its answer. An attempt that never reached it (a connection the loaded machine
    # could not make in time) is recorded with its error and retried, never sent twice.
    assert len(receiver.requests) == 250
    answered = DeliveryAttempt.objects.filter(status_code__isnull=False)
    assert answered.count() == len(receiver.requests)
    assert not DeliveryAttempt.objects.filter(status_code__isnull=True, error="").exists()
