"""Services suite: quotas hold under real concurrency on the shared Redis."""

import os
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from accounts.models import Plan
from accounts.services import api_key_create
from tests.limiter_clock import set_limiter_clock

pytestmark = [
    pytest.mark.services,
    pytest.mark.urls("tests.urls"),
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (services suite)"),
]


def test_50_parallel_calls_against_quota_of_20_grant_exactly_20(live_server, transactional_db, make_user):
    plan = Plan.objects.create(
        code="tiny", name="Tiny", daily_limit=20, per_minute_limit=None, features=["verify"]
    )
    _, plaintext = api_key_create(user=make_user(plan.code), name="load")
    url = f"{live_server.url}/api/test/quota-probe"  # verify would add the anonymous allowance

    def call(_: int) -> int:
        request = urllib.request.Request(url, headers={"Authorization": f"Bearer {plaintext}"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    with ThreadPoolExecutor(max_workers=50) as pool:
        statuses = list(pool.map(call, range(50)))
    assert statuses.count(200) == 20
    assert statuses.count(429) == 30


def test_50_parallel_calls_against_a_burst_of_20_grant_exactly_20(
    live_server, transactional_db, make_user, monkeypatch
):
    """The minute is django-ratelimit's (accounts.limits): its add and Redis INCR are atomic too."""
    set_limiter_clock(monkeypatch, lambda: 1_767_229_200.0)  # the live server is a thread of this process
    plan = Plan.objects.create(
        code="bursty", name="Bursty", daily_limit=None, per_minute_limit=20, features=["verify"]
    )
    _, plaintext = api_key_create(user=make_user(plan.code), name="load")
    url = f"{live_server.url}/api/test/quota-probe"

    def call(_: int) -> int:
        request = urllib.request.Request(url, headers={"Authorization": f"Bearer {plaintext}"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    with ThreadPoolExecutor(max_workers=50) as pool:
        statuses = list(pool.map(call, range(50)))
    assert statuses.count(200) == 20
    assert statuses.count(429) == 30
