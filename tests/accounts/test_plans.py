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


def test_user_made_by_staff_or_scripts_starts_on_free(make_user):
    from accounts.models import User

    user = User.objects.create_user(email="new@example.com", password="x")
    assert user.plan_id == "free"


def test_plans_carry_both_presentations_prices():
    plans = {p.code: p for p in Plan.objects.all()}
    assert (plans["starter"].pricing, plans["starter"].daily_limit) == ("free", 100)
    assert (plans["pro"].pricing, plans["pro"].monthly_price_pln) == ("monthly", 299)
    assert plans["enterprise"].pricing == "quote"
    assert plans["free"].pricing == plans["standard"].pricing == "not_given"
    assert {plans[c].presentation for c in ("free", "standard")} == {"first"}
    assert {plans[c].presentation for c in ("starter", "pro")} == {"second"}
    assert plans["enterprise"].presentation == "both"


def test_no_cost_tier_of_the_second_presentation_includes_risk_and_filing():
    starter = Plan.objects.get(code="starter")
    assert starter.features == ["verify", "risk", "dds"]
    assert (starter.daily_limit, starter.per_minute_limit) == (100, 10)


def test_plan_without_feature_gets_403_naming_plans(keyed_client):
    response = keyed_client("free").get(PROBE)
    assert response.status_code == 403
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert body["code"] == "plan_required"
    assert body["feature"] == "risk"
    assert body["plans"] == ["starter", "standard", "pro", "enterprise"]
    assert "standard" in body["detail"]


@pytest.mark.parametrize("plan", ["starter", "standard", "pro", "enterprise"])
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
