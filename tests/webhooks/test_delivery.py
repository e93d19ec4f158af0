"""Delivery attempts against a real local receiver: success, retries, 410, redirects, disabling."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone
from standardwebhooks.webhooks import Webhook

from eudr_service.lib.safe_http import parse_retry_after
from webhooks import tasks
from webhooks.delivery import deliveries_enqueue_due, delivery_attempt, retry_delay
from webhooks.models import Delivery, Endpoint
from webhooks.services import event_emit

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("insecure")]


@pytest.fixture
def endpoint(make_endpoint, receiver):
    return make_endpoint(receiver.url, events=["dds.at_risk", "dds.created"])


def _emit(owner, event_type="dds.at_risk"):
    return event_emit(
        owner=owner, livemode=True, event_type=event_type, data={"dds_id": "DDS-PL-2025-000001-ABCD"}
    )


def _make_due(delivery: Delivery) -> None:
    Delivery.objects.filter(pk=delivery.pk).update(next_attempt_at=timezone.now() - timedelta(seconds=1))


def test_successful_delivery_is_signed_and_logged(owner, endpoint, receiver, run_due):
    event = _emit(owner)
    [delivery] = run_due()
    [request] = receiver.requests
    payload = Webhook(endpoint.secret).verify(request.body, request.headers)
    assert payload["id"] == event.public_id == request.headers["webhook-id"]
    assert payload["type"] == "dds.at_risk"
    assert request.headers["content-type"] == "application/json"
    assert delivery.status == Delivery.Status.SUCCEEDED
    assert delivery.last_status_code == 200
    [attempt] = delivery.attempts.all()
    assert (attempt.number, attempt.status_code, attempt.error) == (1, 200, "")


def test_receiver_failing_twice_then_succeeding_gets_the_same_webhook_id(owner, endpoint, receiver):
    receiver.respond(500, 503)
    _emit(owner)
    delivery = Delivery.objects.get()

    first = delivery_attempt(delivery_id=delivery.pk)
    assert first.status == Delivery.Status.FAILED
    wait = (first.next_attempt_at - first.last_attempt_at).total_seconds()
    assert 4 <= wait <= 6  # 5 s with jitter
    assert delivery_attempt(delivery_id=delivery.pk) is None  # not due yet

    _make_due(delivery)
    second = delivery_attempt(delivery_id=delivery.pk)
    wait = (second.next_attempt_at - second.last_attempt_at).total_seconds()
    assert 270 <= wait <= 330  # 5 min with jitter

    _make_due(delivery)
    third = delivery_attempt(delivery_id=delivery.pk)
    assert third.status == Delivery.Status.SUCCEEDED
    assert [a.status_code for a in third.attempts.all()] == [500, 503, 200]
    ids = {r.headers["webhook-id"] for r in receiver.requests}
    assert len(receiver.requests) == 3 and len(ids) == 1
    for request in receiver.requests:
        Webhook(endpoint.secret).verify(request.body, request.headers)


def test_retry_after_is_honoured(owner, endpoint, receiver):
    receiver.respond((429, {"Retry-After": "600"}))
    _emit(owner)
    delivery = delivery_attempt(delivery_id=Delivery.objects.get().pk)
    assert (delivery.next_attempt_at - delivery.last_attempt_at).total_seconds() >= 600


def test_gone_disables_the_endpoint_and_stops_its_deliveries(owner, endpoint, receiver):
    receiver.respond(410)
    _emit(owner)
    _emit(owner, "dds.created")
    first, second = Delivery.objects.order_by("pk")
    delivery = delivery_attempt(delivery_id=first.pk)
    assert delivery.status == Delivery.Status.DEAD
    endpoint.refresh_from_db()
    assert (endpoint.enabled, endpoint.disabled_reason) == (False, "gone")
    second.refresh_from_db()
    assert second.status == Delivery.Status.DEAD
    _emit(owner)
    assert Delivery.objects.count() == 2  # nothing more is queued for a disabled endpoint


def test_a_redirect_is_a_failure_and_is_not_followed(owner, endpoint, receiver):
    receiver.respond((302, {"Location": f"{receiver.url}/elsewhere"}))
    _emit(owner)
    delivery = delivery_attempt(delivery_id=Delivery.objects.get().pk)
    assert delivery.status == Delivery.Status.FAILED
    assert delivery.last_status_code == 302
    assert delivery.last_error == "http_3xx"
    assert len(receiver.requests) == 1


def test_retries_end_after_the_schedule(owner, endpoint, receiver, settings):
    receiver.respond(500)
    _emit(owner)
    delivery = Delivery.objects.get()
    Delivery.objects.filter(pk=delivery.pk).update(
        attempt_count=len(settings.WEBHOOKS_RETRY_SCHEDULE_SECONDS)
    )
    delivery = delivery_attempt(delivery_id=delivery.pk)
    assert delivery.status == Delivery.Status.DEAD
    assert delivery.next_attempt_at is None


def test_retry_schedule_is_the_standard_webhooks_one():
    expected = [5, 300, 1800, 7200, 18000, 36000, 36000]
    for failures, base in enumerate(expected, start=1):
        assert base * 0.9 <= retry_delay(failed_attempts=failures) <= base * 1.1
    assert retry_delay(failed_attempts=8) is None
    assert retry_delay(failed_attempts=1, retry_after=90) == 90


def test_retry_after_accepts_seconds_and_http_dates():
    assert parse_retry_after("120") == 120
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0
    assert parse_retry_after("soon") is None


def test_only_failures_for_five_days_disable_the_endpoint_and_email_the_owner(owner, endpoint, receiver):
    receiver.respond(500)
    Endpoint.objects.filter(pk=endpoint.pk).update(
        failing_since=timezone.now() - timedelta(days=5, minutes=1)
    )
    _emit(owner)
    delivery_attempt(delivery_id=Delivery.objects.get().pk)
    endpoint.refresh_from_db()
    assert (endpoint.enabled, endpoint.disabled_reason) == (False, "failing")
    [message] = mail.outbox
    assert message.to == [owner.email]
    assert endpoint.public_id in message.body


def test_a_success_ends_the_failure_run(owner, endpoint, receiver, run_due):
    receiver.respond(500)
    _emit(owner)
    run_due()
    endpoint.refresh_from_db()
    assert endpoint.failing_since is not None
    _make_due(Delivery.objects.get())
    run_due()
    endpoint.refresh_from_db()
    assert endpoint.failing_since is None and endpoint.enabled


def test_sweep_disables_endpoints_failing_for_five_days(owner, endpoint):
    Endpoint.objects.filter(pk=endpoint.pk).update(failing_since=timezone.now() - timedelta(days=6))
    tasks.sweep()
    endpoint.refresh_from_db()
    assert not endpoint.enabled
    assert len(mail.outbox) == 1


def test_a_host_now_resolving_to_loopback_is_refused_at_send_time(
    owner, dns, receiver, settings, make_endpoint
):
    dns["hooks.example"] = ["93.184.215.14"]
    settings.WEBHOOKS_ALLOW_INSECURE = False
    settings.WEBHOOKS_ALLOWED_PORTS = [receiver.port]
    endpoint = make_endpoint(f"https://hooks.example:{receiver.port}/hook")
    dns["hooks.example"] = ["127.0.0.1"]
    _emit(owner)
    delivery = delivery_attempt(delivery_id=Delivery.objects.get(endpoint=endpoint).pk)
    assert delivery.status == Delivery.Status.FAILED
    assert delivery.last_error == "destination_refused"
    assert receiver.requests == []


def test_a_timeout_is_a_failure(owner, endpoint, receiver, settings):
    settings.OUTBOUND_HTTP_TIMEOUT_SECONDS = 0.5
    receiver.respond("hang")
    _emit(owner)
    delivery = delivery_attempt(delivery_id=Delivery.objects.get().pk)
    assert delivery.status == Delivery.Status.FAILED
    assert delivery.last_error == "timeout"
    assert delivery.last_status_code is None


def test_a_delivery_held_by_a_worker_is_not_sent_twice(owner, endpoint, receiver):
    _emit(owner)
    delivery = Delivery.objects.get()
    Delivery.objects.filter(pk=delivery.pk).update(
        locked_until=timezone.now() + timedelta(minutes=1), claimed_by="other"
    )
    assert delivery_attempt(delivery_id=delivery.pk) is None
    assert receiver.requests == []
    # The holder crashed: once its lease lapses the delivery is taken again.
    Delivery.objects.filter(pk=delivery.pk).update(locked_until=timezone.now() - timedelta(seconds=1))
    assert delivery_attempt(delivery_id=delivery.pk).status == Delivery.Status.SUCCEEDED


def test_sweep_requeues_due_deliveries_no_worker_holds(owner, endpoint, settings, monkeypatch, held_tasks):
    wakes = held_tasks("webhooks.send_due")
    now = timezone.now()
    for _ in range(4):
        _emit(owner)
    lost_message, crashed_worker, held, fresh = Delivery.objects.order_by("pk")
    stale = now - timedelta(seconds=settings.WEBHOOKS_REQUEUE_AFTER_SECONDS + 1)
    Delivery.objects.filter(pk=lost_message.pk).update(enqueued_at=stale)
    Delivery.objects.filter(pk=crashed_worker.pk).update(
        enqueued_at=None, locked_until=now - timedelta(seconds=1)
    )
    Delivery.objects.filter(pk=held.pk).update(enqueued_at=None, locked_until=now + timedelta(minutes=1))
    wakes.clear()
    assert deliveries_enqueue_due() == 2
    assert len(wakes) == 1  # one wake-up per batch, not one message per delivery
    lost_message.refresh_from_db()
    assert lost_message.enqueued_at > stale
    fresh.refresh_from_db()
    assert fresh.status == Delivery.Status.PENDING and fresh.attempt_count == 0


def test_a_disabled_endpoints_delivery_dies_without_a_request(owner, endpoint, receiver):
    _emit(owner)
    Endpoint.objects.filter(pk=endpoint.pk).update(enabled=False)
    delivery = delivery_attempt(delivery_id=Delivery.objects.get().pk)
    assert delivery is not None
    assert Delivery.objects.get().status == Delivery.Status.DEAD
    assert receiver.requests == []


def test_the_log_records_a_category_not_the_tls_error_text(owner, receiver, make_endpoint):
    # https to a receiver that speaks plain HTTP: the handshake fails.
    make_endpoint(f"https://127.0.0.1:{receiver.port}/hook")
    _emit(owner)
    delivery = delivery_attempt(delivery_id=Delivery.objects.get().pk)
    [attempt] = delivery.attempts.all()
    assert (delivery.last_error, attempt.error, attempt.status_code) == ("tls_error", "tls_error", None)


def test_the_log_does_not_repeat_the_receivers_reason_phrase(owner, endpoint, receiver):
    receiver.respond(500)
    _emit(owner)
    delivery = delivery_attempt(delivery_id=Delivery.objects.get().pk)
    assert (delivery.last_status_code, delivery.last_error) == (500, "http_5xx")


def test_a_host_that_stopped_resolving_is_a_dns_failure(owner, receiver, make_endpoint, dns):
    dns["gone.example"] = ["127.0.0.1"]
    endpoint = make_endpoint(f"http://gone.example:{receiver.port}/hook")
    dns["gone.example"] = []  # the name no longer resolves
    _emit(owner)
    delivery = delivery_attempt(delivery_id=Delivery.objects.get(endpoint=endpoint).pk)
    assert (delivery.last_error, delivery.last_status_code) == ("dns_failed", None)
