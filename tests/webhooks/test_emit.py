"""The outbox: events and deliveries commit with the change that caused them."""

from __future__ import annotations

import pytest
from django.db import transaction

from webhooks.models import Delivery, Event
from webhooks.services import event_emit

pytestmark = pytest.mark.usefixtures("insecure")


@pytest.mark.django_db
def test_one_delivery_per_subscribed_enabled_endpoint_of_the_owner(owner, make_user, make_endpoint, receiver):
    subscribed = make_endpoint(receiver.url, events=["dds.at_risk", "risk.critical"])
    make_endpoint(receiver.url, events=["dds.created"])
    disabled = make_endpoint(receiver.url, events=["dds.at_risk"])
    disabled.enabled = False
    disabled.save()
    make_endpoint(receiver.url, events=["dds.at_risk"], user=make_user("standard"))

    event = event_emit(owner=owner, livemode=True, event_type="dds.at_risk", data={"dds_id": "X"})

    assert event.public_id.startswith("evt_")
    [delivery] = Delivery.objects.all()
    assert (delivery.endpoint, delivery.event, delivery.status) == (subscribed, event, "pending")
    assert delivery.public_id.startswith("dlv_")


@pytest.mark.django_db
def test_sends_are_enqueued_only_on_commit(
    owner, make_endpoint, receiver, django_capture_on_commit_callbacks
):
    make_endpoint(receiver.url)
    with django_capture_on_commit_callbacks() as callbacks:
        event_emit(owner=owner, livemode=True, event_type="dds.at_risk", data={})
        assert receiver.requests == []
    assert len(callbacks) == 1


@pytest.mark.django_db
def test_an_event_nobody_subscribes_to_is_recorded_without_deliveries(
    owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as callbacks:
        event_emit(owner=owner, livemode=True, event_type="csrd.report_ready", data={})
    assert Event.objects.count() == 1
    assert not Delivery.objects.exists()
    assert callbacks == []


@pytest.mark.django_db
def test_unknown_event_types_are_a_programming_error(owner):
    with pytest.raises(ValueError, match="Unknown webhook event"):
        event_emit(owner=owner, livemode=True, event_type="dds.deleted", data={})


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_rolled_back_change_sends_nothing(owner, make_endpoint, receiver, settings):
    make_endpoint(receiver.url)

    with pytest.raises(RuntimeError), transaction.atomic():
        event_emit(owner=owner, livemode=True, event_type="dds.at_risk", data={"n": 1})
        raise RuntimeError("the change failed")

    assert not Event.objects.exists()
    assert not Delivery.objects.exists()
    if settings.CELERY_TASK_ALWAYS_EAGER:
        # Embedded mode sends on commit in-process: the committed event arrives, alone.
        event = event_emit(owner=owner, livemode=True, event_type="dds.at_risk", data={"n": 2})
        [request] = receiver.requests
        assert request.headers["webhook-id"] == event.public_id
