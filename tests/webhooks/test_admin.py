"""Staff admin: endpoints without secrets, events, deliveries with a redeliver action."""

from __future__ import annotations

import pytest

from webhooks.models import Delivery
from webhooks.services import event_emit

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("insecure")]


@pytest.fixture
def staff_client(client, make_user):
    client.force_login(make_user("enterprise", is_staff=True, is_superuser=True))
    return client


@pytest.fixture
def delivery(owner, make_endpoint, receiver):
    make_endpoint(receiver.url)
    event_emit(owner=owner, livemode=True, event_type="dds.at_risk", data={"dds_id": "X"})
    return Delivery.objects.get()


def test_admin_pages_open_and_never_show_secrets(staff_client, delivery):
    endpoint = delivery.endpoint
    for url in (
        "/admin/webhooks/endpoint/",
        f"/admin/webhooks/endpoint/{endpoint.pk}/change/",
        "/admin/webhooks/event/",
        f"/admin/webhooks/event/{delivery.event.pk}/change/",
        "/admin/webhooks/delivery/",
        f"/admin/webhooks/delivery/{delivery.pk}/change/",
    ):
        response = staff_client.get(url)
        assert response.status_code == 200, url
        assert endpoint.secret not in response.content.decode()


def test_staff_can_redeliver(staff_client, delivery):
    response = staff_client.post(
        "/admin/webhooks/delivery/", {"action": "redeliver", "_selected_action": [delivery.pk]}
    )
    assert response.status_code == 302
    assert Delivery.objects.filter(event=delivery.event).count() == 2


def test_staff_can_disable_an_endpoint(staff_client, delivery):
    endpoint = delivery.endpoint
    staff_client.post("/admin/webhooks/endpoint/", {"action": "disable", "_selected_action": [endpoint.pk]})
    endpoint.refresh_from_db()
    assert (endpoint.enabled, endpoint.disabled_reason) == (False, "by_staff")
    delivery.refresh_from_db()
    assert delivery.status == Delivery.Status.DEAD
