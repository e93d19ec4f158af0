"""Plans: seeded rows, and features enforced as a permission."""

import pytest

from accounts.models import Plan

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.urls")]
PROBE = "/api/test/risk-probe"


def test_plans_of_both_presentations_are_seeded():
    plans = {p.code: p for p in Plan.objects.all()}
    assert set(plans) == {"free", "starter", "standard", "pro", "enterprise"}
    assert (plans["free"].daily_limit, plans["free"].per_minute_limit) == (100, 10)
    assert (plans["standard"].daily_limit, plans["standard"].per_minute_limit) == (2000, 60)
    assert (plans["pro"].daily_limit, plans["pro"].per_minute_limit) == (10000, 120)
    assert plans["enterprise"].is_unlimited
    assert plans["free"].features == ["verify"]
    assert set(plans["enterprise"].features) == {"verify", "risk", "dds", "webhooks", "csrd"}


def test_new_user_starts_on_free(make_user):
    from accounts.models import User

    user = User.objects.create_user(email="new@example.com", password="x")
    assert user.plan_id == "free"


@pytest.mark.parametrize("plan", ["free", "starter"])
def test_plan_without_feature_gets_403_naming_plans(keyed_client, plan):
    response = keyed_client(plan).get(PROBE)
    assert response.status_code == 403
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert body["code"] == "plan_required"
    assert body["feature"] == "risk"
    assert body["plans"] == ["standard", "pro", "enterprise"]
    assert "standard" in body["detail"]


@pytest.mark.parametrize("plan", ["standard", "pro", "enterprise"])
def test_plan_with_feature_passes(keyed_client, plan):
    assert keyed_client(plan).get(PROBE).status_code == 200


def test_plan_change_by_staff_takes_effect_at_once(keyed_client):
    client = keyed_client("free")
    assert client.get(PROBE).status_code == 403
    Plan.objects.filter(code="free").update(features=["verify", "risk"])
    assert client.get(PROBE).status_code == 200


def test_refused_call_does_not_consume_quota(make_key, api_client):
    _, plaintext = make_key("free")
    api_client.get(PROBE, HTTP_AUTHORIZATION=f"Bearer {plaintext}")  # 403
    response = api_client.get(
        "/api/v1/verify/DDS-PL-2025-000001-NONE", HTTP_AUTHORIZATION=f"Bearer {plaintext}"
    )
    assert response["X-RateLimit-Remaining"] == "99"
