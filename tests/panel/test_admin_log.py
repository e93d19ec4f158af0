"""Staff actions in the Django admin are recorded (LogEntry)."""

import pytest
from django.contrib.admin.models import CHANGE, LogEntry

pytestmark = pytest.mark.django_db


def test_staff_changing_a_users_plan_is_logged(client, make_user):
    staff = make_user("enterprise", is_staff=True, is_superuser=True)
    customer = make_user("free", email="customer@example.com")
    client.force_login(staff)
    page = client.get(f"/admin/accounts/user/{customer.pk}/change/")
    form = page.context["adminform"].form
    data = {name: value for name, value in form.initial.items() if value is not None}
    data.update(
        email=customer.email,
        plan="pro",
        is_active="on",
        date_joined_0=customer.date_joined.strftime("%Y-%m-%d"),
        date_joined_1=customer.date_joined.strftime("%H:%M:%S"),
        groups=[],
    )
    data.pop("last_login", None)
    data.pop("password", None)
    response = client.post(f"/admin/accounts/user/{customer.pk}/change/", data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    customer.refresh_from_db()
    assert customer.plan_id == "pro"
    entry = LogEntry.objects.get(object_id=str(customer.pk))
    assert entry.user == staff and entry.action_flag == CHANGE
    assert "plan" in entry.get_change_message().lower()


def test_staff_key_revocation_is_recorded(client, make_user, make_key):
    staff = make_user("enterprise", is_staff=True, is_superuser=True)
    api_key, _ = make_key("standard")
    client.force_login(staff)
    client.post("/admin/accounts/apikey/", {"action": "revoke", "_selected_action": [api_key.pk]})
    entry = LogEntry.objects.get(object_id=str(api_key.pk))
    assert entry.user == staff and entry.action_flag == CHANGE and "Revoked" in entry.get_change_message()
