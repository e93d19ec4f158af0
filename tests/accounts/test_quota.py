"""Quotas: headers, the daily quota, the burst limit, anonymous limits."""

import re

import pytest
from django.test import override_settings

from accounts.models import Plan
from tests.limiter_clock import set_limiter_clock

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.urls")]
PROBE = "/api/test/risk-probe"
QUOTA_PROBE = "/api/test/quota-probe"
VERIFY = "/api/v1/verify/DDS-PL-2025-000123-ABCD"
MIDNIGHT = 1_767_225_600  # 2026-01-01T00:00:00Z


@pytest.fixture
def clock(monkeypatch):
    """A controllable clock for the quota windows."""

    class Clock:
        now = MIDNIGHT + 3600.0

        def advance(self, seconds: float) -> None:
            self.now += seconds

    fake = Clock()
    set_limiter_clock(monkeypatch, lambda: fake.now)
    return fake


def test_limited_response_carries_rate_limit_headers(keyed_client, clock):
    response = keyed_client("standard").get(PROBE)
    assert response.status_code == 200
    assert response["X-RateLimit-Limit"] == "2000"
    assert response["X-RateLimit-Remaining"] == "1999"
    assert response["X-RateLimit-Reset"] == str(MIDNIGHT + 86400)
    assert response["RateLimit-Policy"] == '"day";q=2000;w=86400, "minute";q=60;w=60'
    # The minute is django-ratelimit's window for this account, which ends at its own second.
    state = re.fullmatch(r'"day";r=1999;t=82800, "minute";r=59;t=(\d+)', response["RateLimit"])
    assert state is not None and 1 <= int(state[1]) <= 60


def test_unlimited_plan_gets_no_limit_headers(keyed_client):
    response = keyed_client("enterprise").get(PROBE)
    assert response.status_code == 200
    for header in ("X-RateLimit-Limit", "X-RateLimit-Remaining", "RateLimit", "RateLimit-Policy"):
        assert header not in response


def test_101st_call_of_free_account_in_a_day_is_429(keyed_client, clock):
    client = keyed_client("free")
    for i in range(100):
        if i and i % 10 == 0:
            clock.advance(60)  # stay under the burst limit
        response = client.get(QUOTA_PROBE)
        assert response.status_code == 200, i
    clock.advance(60)
    response = client.get(QUOTA_PROBE)
    assert response.status_code == 429
    assert response["Retry-After"] == "86400"
    assert response.json()["code"] == "quota_exceeded"
    assert response["X-RateLimit-Remaining"] == "0"


def test_quota_resets_at_midnight_utc(keyed_client, clock):
    Plan.objects.filter(code="free").update(daily_limit=2)
    client = keyed_client("free")
    assert client.get(QUOTA_PROBE).status_code == 200
    assert client.get(QUOTA_PROBE).status_code == 200
    assert client.get(QUOTA_PROBE).status_code == 429
    clock.now = MIDNIGHT + 86400 + 1
    response = client.get(QUOTA_PROBE)
    assert response.status_code == 200
    assert response["X-RateLimit-Remaining"] == "1"


def test_11th_call_in_a_minute_is_burst_429_with_real_wait(keyed_client, clock):
    client = keyed_client("free")
    clock.now = MIDNIGHT + 3600 + 15
    for _ in range(10):
        served = client.get(QUOTA_PROBE)
        assert served.status_code == 200
    left = int(re.search(r'"minute";r=0;t=(\d+)', served["RateLimit"])[1])
    response = client.get(QUOTA_PROBE)
    assert response.status_code == 429
    assert response.json()["code"] == "rate_limited"
    assert response["Retry-After"] == str(left) and 1 <= left <= 60
    clock.advance(left - 1)  # the wait is real: a second early is still too early
    assert client.get(QUOTA_PROBE).status_code == 429
    clock.advance(1)
    assert client.get(QUOTA_PROBE).status_code == 200


def test_rejected_calls_do_not_consume_quota(keyed_client, clock):
    Plan.objects.filter(code="free").update(daily_limit=15)
    client = keyed_client("free")
    for _ in range(10):
        client.get(QUOTA_PROBE)
    for _ in range(5):  # burst-rejected: must not eat the daily quota
        assert client.get(QUOTA_PROBE).status_code == 429
    clock.advance(60)
    response = client.get(QUOTA_PROBE)
    assert response.status_code == 200
    assert response["X-RateLimit-Remaining"] == "4"


def test_keys_of_one_account_share_its_quota(make_user, make_key, api_client, clock):
    Plan.objects.filter(code="free").update(daily_limit=3)
    user = make_user("free")
    _, first = make_key(user=user)
    _, second = make_key(user=user)
    assert api_client.get(QUOTA_PROBE, HTTP_AUTHORIZATION=f"Bearer {first}").status_code == 200
    assert api_client.get(QUOTA_PROBE, HTTP_X_API_KEY=second).status_code == 200
    assert api_client.get(QUOTA_PROBE, HTTP_AUTHORIZATION=f"Bearer {first}").status_code == 200
    assert api_client.get(QUOTA_PROBE, HTTP_X_API_KEY=second).status_code == 429


def test_accounts_do_not_share_quota(keyed_client, clock):
    Plan.objects.filter(code="free").update(daily_limit=1)
    first, second = keyed_client("free"), keyed_client("free")
    assert first.get(QUOTA_PROBE).status_code == 200
    assert first.get(QUOTA_PROBE).status_code == 429
    assert second.get(QUOTA_PROBE).status_code == 200


@override_settings(VERIFY_ANON_PER_MINUTE=3, VERIFY_ANON_PER_DAY=1000)
def test_anonymous_verify_is_limited_per_client_ip(api_client, clock):
    for _ in range(3):
        assert api_client.get(VERIFY, REMOTE_ADDR="203.0.113.5").status_code == 404
    limited = api_client.get(VERIFY, REMOTE_ADDR="203.0.113.5")
    assert limited.status_code == 429
    assert limited.json()["code"] == "rate_limited"
    assert api_client.get(VERIFY, REMOTE_ADDR="203.0.113.6").status_code == 404


@override_settings(VERIFY_ANON_PER_MINUTE=1, TRUSTED_PROXY_COUNT=0)
def test_forwarded_for_is_ignored_without_trusted_proxies(api_client, clock):
    assert api_client.get(VERIFY, HTTP_X_FORWARDED_FOR="198.51.100.1").status_code == 404
    # A client cannot dodge the limit by inventing a new X-Forwarded-For.
    assert api_client.get(VERIFY, HTTP_X_FORWARDED_FOR="198.51.100.2").status_code == 429


@override_settings(VERIFY_ANON_PER_MINUTE=1, TRUSTED_PROXY_COUNT=1)
def test_forwarded_for_is_used_behind_one_trusted_proxy(api_client, clock):
    # The proxy appends the real client last; anything before it is the client's own claim.
    assert api_client.get(VERIFY, HTTP_X_FORWARDED_FOR="1.1.1.1, 198.51.100.1").status_code == 404
    assert api_client.get(VERIFY, HTTP_X_FORWARDED_FOR="2.2.2.2, 198.51.100.1").status_code == 429
    assert api_client.get(VERIFY, HTTP_X_FORWARDED_FOR="1.1.1.1, 198.51.100.2").status_code == 404


def test_default_anonymous_limits_are_generous(settings):
    assert settings.VERIFY_ANON_PER_MINUTE == 120
    assert settings.VERIFY_ANON_PER_DAY == 5000


# --- a key on the public verify endpoint never gets less than no key ---------------------


def test_free_key_on_verify_gets_at_least_the_anonymous_burst(keyed_client, api_client, clock):
    client = keyed_client("free")  # 10 a minute on its plan; anonymous callers get 120
    statuses = [client.get(VERIFY, REMOTE_ADDR="203.0.113.7").status_code for _ in range(130)]
    assert statuses == [404] * 130  # served (no such DDS), none refused: 10 on the plan, 120 anonymous
    # Beyond its plan the key used the address's anonymous allowance, as no key would.
    assert api_client.get(VERIFY, REMOTE_ADDR="203.0.113.7").status_code == 429


def test_free_key_on_verify_gets_at_least_the_anonymous_day(keyed_client, clock):
    Plan.objects.filter(code="free").update(per_minute_limit=None)
    client = keyed_client("free")  # 100 a day on its plan
    with override_settings(VERIFY_ANON_PER_MINUTE=1000, VERIFY_ANON_PER_DAY=150):
        statuses = [client.get(VERIFY).status_code for _ in range(250)]
        refused = client.get(VERIFY)
    assert statuses == [404] * 250  # 100 on the plan, then 150 anonymous
    assert refused.status_code == 429 and refused.json()["code"] == "quota_exceeded"


def test_key_over_both_allowances_gets_the_sooner_retry(keyed_client, clock):
    Plan.objects.filter(code="free").update(daily_limit=3, per_minute_limit=None)
    client = keyed_client("free")
    clock.now = MIDNIGHT + 3600 + 20  # 40 s left in this minute
    with override_settings(VERIFY_ANON_PER_MINUTE=5):
        for _ in range(8):  # 3 on the plan, 5 anonymous
            assert client.get(VERIFY).status_code == 404
        refused = client.get(VERIFY)  # the plan's day is over; the anonymous minute ends sooner
    assert refused.status_code == 429
    assert refused.json()["code"] == "rate_limited" and refused["Retry-After"] == "40"


def test_key_on_verify_is_counted_on_its_plan_first(keyed_client, clock):
    response = keyed_client("standard").get(VERIFY)
    assert response.status_code == 404
    assert response["X-RateLimit-Limit"] == "2000" and response["X-RateLimit-Remaining"] == "1999"
