"""Per-account caps: events and deliveries above the cap wait for a later minute, none is dropped."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

import pytest
from django.utils import timezone

from webhooks import services
from webhooks.models import Delivery, DeliveryAttempt, Event
from webhooks.services import event_emit, wake_acknowledge

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("insecure")]


def _emit(owner, n: int) -> None:
    for _ in range(n):
        event_emit(owner=owner, livemode=True, event_type="dds.at_risk", data={"dds_id": "x"})


def _minutes_from_now(owner) -> list[int]:
    minute = int(timezone.now().timestamp()) // 60
    return [
        max(0, int(d.next_attempt_at.timestamp()) // 60 - minute)
        for d in Delivery.objects.filter(event__owner=owner).order_by("pk")
    ]


def test_events_above_the_cap_are_recorded_and_deferred_not_dropped(owner, make_endpoint, settings):
    settings.WEBHOOKS_MAX_EVENTS_PER_MINUTE = 2
    make_endpoint("http://127.0.0.1:9/hook")
    _emit(owner, 5)
    assert Event.objects.filter(owner=owner).count() == 5
    assert _minutes_from_now(owner) == [0, 0, 1, 1, 2]
    deferred = Delivery.objects.filter(event__owner=owner).order_by("pk")[2]
    assert deferred.status == Delivery.Status.PENDING and deferred.enqueued_at is None


def test_deliveries_above_the_cap_are_deferred(owner, make_endpoint, settings):
    settings.WEBHOOKS_MAX_DELIVERIES_PER_MINUTE = 3
    make_endpoint("http://127.0.0.1:9/a")
    make_endpoint("http://127.0.0.1:9/b")
    _emit(owner, 3)  # 2 deliveries each: 2 fit the first minute, the next 2 would make 4
    assert _minutes_from_now(owner) == [0, 0, 1, 1, 2, 2]


def test_one_account_at_its_cap_does_not_defer_another(owner, make_user, make_endpoint, settings):
    settings.WEBHOOKS_MAX_EVENTS_PER_MINUTE = 1
    other = make_user("standard")
    make_endpoint("http://127.0.0.1:9/hook")
    make_endpoint("http://127.0.0.1:9/hook", user=other)
    _emit(owner, 3)
    _emit(other, 1)
    assert _minutes_from_now(other) == [0]


def test_a_burst_of_commits_sends_one_wake_up(
    owner, make_endpoint, monkeypatch, django_capture_on_commit_callbacks, held_tasks
):
    monkeypatch.setattr(services, "runs_inline", lambda: False)  # as with a broker
    wakes = held_tasks("webhooks.send_due")
    make_endpoint("http://127.0.0.1:9/hook")
    with django_capture_on_commit_callbacks(execute=True):
        _emit(owner, 10)
    assert len(wakes) == 1
    wake_acknowledge()  # a sender took the work
    with django_capture_on_commit_callbacks(execute=True):
        _emit(owner, 1)
    assert len(wakes) == 2


@pytest.fixture
def two_per_minute(settings, monkeypatch) -> datetime:
    """A delivery cap of 2 and a stopped clock 10 s into a minute (the first retry, 5 s later,
    falls in the same minute); no jitter."""
    settings.WEBHOOKS_MAX_DELIVERIES_PER_MINUTE = 2
    settings.WEBHOOKS_RETRY_JITTER = 0
    now = datetime(2026, 1, 1, 1, 0, 10, tzinfo=UTC)
    monkeypatch.setattr(timezone, "now", lambda: now)
    return now


def test_retries_take_a_place_under_the_delivery_cap(owner, make_endpoint, receiver, run_due, two_per_minute):
    """The attack: retries were not counted (600 attempts in one minute against 300)."""
    make_endpoint(receiver.url)
    receiver.respond(500, 500)
    _emit(owner, 2)  # their first attempts fill this minute
    assert len(run_due()) == 2
    made = [a.attempted_at for a in DeliveryAttempt.objects.filter(delivery__event__owner=owner)]
    retries = [d.next_attempt_at for d in Delivery.objects.filter(event__owner=owner)]
    per_minute = Counter(int(t.timestamp()) // 60 for t in made + retries)
    minute = int(two_per_minute.timestamp()) // 60
    # Both retries wait for the next minute, none dropped; no minute holds more than the cap.
    assert per_minute == {minute: 2, minute + 1: 2}
    assert all(d.status == Delivery.Status.FAILED for d in Delivery.objects.filter(event__owner=owner))
