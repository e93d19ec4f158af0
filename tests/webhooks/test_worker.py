"""Services suite: real Celery workers on the broker, a local receiver, nothing lost."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from django.db import transaction
from standardwebhooks.webhooks import Webhook

from webhooks.delivery import deliveries_enqueue_due
from webhooks.models import Delivery, DeliveryAttempt, Endpoint
from webhooks.services import event_emit

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def _until(condition: Callable[[], object], timeout: float = 60.0, *, sweep: bool = False) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        if sweep:
            deliveries_enqueue_due()  # what celery beat does every 30 s
        time.sleep(0.2)


def _emit(owner):
    return event_emit(
        owner=owner, livemode=True, event_type="dds.at_risk", data={"dds_id": "DDS-PL-2025-000001-ABCD"}
    )


def test_receiver_failing_twice_gets_the_event_with_the_same_webhook_id(
    spawn_worker, owner, make_endpoint, receiver
):
    spawn_worker()
    endpoint = make_endpoint(receiver.url)
    receiver.respond(500, 500)
    event = _emit(owner)
    requests = receiver.wait_for(3)
    assert [r.headers["webhook-id"] for r in requests] == [event.public_id] * 3
    for request in requests:
        assert Webhook(endpoint.secret).verify(request.body, request.headers)["id"] == event.public_id
    _until(lambda: Delivery.objects.get().status == Delivery.Status.SUCCEEDED)
    assert [a.status_code for a in DeliveryAttempt.objects.order_by("number")] == [500, 500, 200]


def test_a_worker_killed_mid_delivery_does_not_lose_it(spawn_worker, owner, make_endpoint, receiver):
    worker = spawn_worker()
    endpoint = make_endpoint(receiver.url)
    receiver.respond("hang")
    event = _emit(owner)
    receiver.wait_for(1)
    worker.kill()  # SIGKILL while the request is in flight
    worker.wait(timeout=30)
    spawn_worker()
    _until(lambda: len(receiver.requests) >= 2, sweep=True)
    first, second = receiver.requests[:2]
    assert first.headers["webhook-id"] == second.headers["webhook-id"] == event.public_id
    Webhook(endpoint.secret).verify(second.body, second.headers)
    _until(lambda: Delivery.objects.get().status == Delivery.Status.SUCCEEDED)


def test_gone_disables_the_endpoint(spawn_worker, owner, make_endpoint, receiver):
    spawn_worker()
    endpoint = make_endpoint(receiver.url)
    receiver.respond(410)
    _emit(owner)
    _until(lambda: not Endpoint.objects.get(pk=endpoint.pk).enabled)
    assert Endpoint.objects.get(pk=endpoint.pk).disabled_reason == "gone"
    assert Delivery.objects.get().status == Delivery.Status.DEAD


def test_a_redirect_is_a_failure(spawn_worker, owner, make_endpoint, receiver):
    spawn_worker()
    make_endpoint(receiver.url)
    receiver.respond((302, {"Location": f"http://127.0.0.1:{receiver.port}/elsewhere"}))
    _emit(owner)
    _until(lambda: Delivery.objects.get().status == Delivery.Status.SUCCEEDED)
    first, second = DeliveryAttempt.objects.order_by("number")
    assert (first.status_code, second.status_code) == (302, 200)
    assert first.error == "http_3xx"
    assert [r.path for r in receiver.requests] == ["/hook", "/hook"]


def test_a_name_resolving_to_loopback_is_refused_at_send_time(spawn_worker, owner, receiver):
    spawn_worker(insecure=False, WEBHOOKS_ALLOWED_PORTS=str(receiver.port))
    # Registered while the name pointed elsewhere; `localhost` now resolves to 127.0.0.1.
    Endpoint.objects.create(
        owner=owner,
        url=f"https://localhost:{receiver.port}/hook",
        events=["dds.at_risk"],
        secret="whsec_AAAA",
    )
    _emit(owner)
    _until(DeliveryAttempt.objects.exists)
    attempt = DeliveryAttempt.objects.get()
    assert attempt.status_code is None
    assert attempt.error == "destination_refused"
    assert receiver.requests == []


def test_a_rolled_back_change_sends_nothing(spawn_worker, owner, make_endpoint, receiver):
    spawn_worker()
    make_endpoint(receiver.url)
    with pytest.raises(RuntimeError), transaction.atomic():
        _emit(owner)
        raise RuntimeError("the change failed")
    committed = _emit(owner)
    _until(lambda: Delivery.objects.get().status == Delivery.Status.SUCCEEDED)
    assert [r.headers["webhook-id"] for r in receiver.requests] == [committed.public_id]
