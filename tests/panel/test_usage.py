"""Usage counting: the cache counts every account call, usage_persist copies it."""

from datetime import date

import pytest
from django.conf import settings

from accounts import quota
from accounts.models import DailyUsage, Plan, User
from accounts.tasks import usage_persist_task
from accounts.usage import day_date, usage_chart, usage_history, usage_persist, usage_today
from tests.limiter_clock import set_limiter_clock

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.urls")]
PROBE = "/api/test/risk-probe"
MIDNIGHT = 1_767_225_600  # 2026-01-01T00:00:00Z
DAY = MIDNIGHT // 86400


@pytest.fixture
def clock(monkeypatch):
    class Clock:
        now = MIDNIGHT + 3600.0

    fake = Clock()
    set_limiter_clock(monkeypatch, lambda: fake.now)
    return fake


def test_unlimited_plan_calls_are_counted_without_limit_headers(keyed_client, clock):
    client = keyed_client("enterprise")
    for _ in range(3):
        response = client.get(PROBE)
        assert response.status_code == 200
        assert "X-RateLimit-Limit" not in response
        assert "RateLimit" not in response
    user = User.objects.get()
    assert usage_today(user=user) == 3


def test_limited_plan_counts_the_same_counter_as_the_quota(keyed_client, clock):
    client = keyed_client("standard")
    client.get(PROBE)
    response = client.get(PROBE)
    assert response["X-RateLimit-Remaining"] == "1998"
    user = User.objects.get()
    assert usage_today(user=user) == 2


def test_calls_refused_by_the_limiter_are_not_counted(keyed_client, clock):
    Plan.objects.filter(code="standard").update(daily_limit=None, per_minute_limit=2)
    client = keyed_client("standard")
    assert [client.get(PROBE).status_code for _ in range(3)] == [200, 200, 429]
    user = User.objects.get()
    assert usage_today(user=user) == 2


def test_persist_sets_today_and_yesterday_and_is_idempotent(keyed_client, clock):
    client = keyed_client("enterprise")
    clock.now = MIDNIGHT - 60  # 2025-12-31T23:59
    client.get(PROBE)
    client.get(PROBE)
    clock.now = MIDNIGHT + 60  # the next run comes after midnight
    client.get(PROBE)
    assert usage_persist() == 2
    assert usage_persist() == 2  # a second run sets the same numbers
    rows = dict(DailyUsage.objects.values_list("date", "requests"))
    assert rows == {date(2025, 12, 31): 2, date(2026, 1, 1): 1}
    client.get(PROBE)
    usage_persist()
    assert DailyUsage.objects.get(date=date(2026, 1, 1)).requests == 2


def test_persist_skips_accounts_without_traffic_and_inactive_accounts(keyed_client, make_user, clock):
    idle = make_user("free")
    client = keyed_client("standard")
    client.get(PROBE)
    caller = User.objects.exclude(pk=idle.pk).get()
    caller.is_active = False
    caller.save()
    assert usage_persist() == 0
    assert not DailyUsage.objects.exists()


def test_persist_reads_counters_in_batches(make_user, clock):
    from django.core.cache import cache

    users = [make_user("free") for _ in range(5)]
    for count, user in enumerate(users, start=1):
        cache.set(quota.account_day_key(user.pk, DAY), count)
    assert usage_persist(batch_size=2) == 5
    assert {u.pk: DailyUsage.objects.get(user=u).requests for u in users} == {
        u.pk: n for n, u in enumerate(users, start=1)
    }


def test_history_is_30_days_live_today_and_stored_before(make_user, clock):
    from django.core.cache import cache

    user = make_user("free")
    DailyUsage.objects.create(user=user, date=day_date(DAY - 1), requests=7)
    DailyUsage.objects.create(user=user, date=day_date(DAY - 29), requests=3)
    DailyUsage.objects.create(user=user, date=day_date(DAY - 30), requests=99)  # outside the window
    DailyUsage.objects.create(user=user, date=day_date(DAY), requests=1)  # older than the live counter
    cache.set(quota.account_day_key(user.pk, DAY), 5)
    history = usage_history(user=user)
    assert len(history) == 30
    assert history[0].date == day_date(DAY - 29) and history[0].requests == 3
    assert history[-2].requests == 7
    assert history[-1].date == date(2026, 1, 1) and history[-1].requests == 5
    assert sum(day.requests for day in history) == 15


def test_chart_scales_bars_to_the_busiest_day(make_user, clock):
    user = make_user("free")
    DailyUsage.objects.create(user=user, date=day_date(DAY - 1), requests=100)
    DailyUsage.objects.create(user=user, date=day_date(DAY - 2), requests=1)
    chart = usage_chart(usage_history(user=user), width=600, height=160)
    heights = [bar.height for bar in chart.bars]
    assert chart.peak == 100 and chart.total == 101
    assert heights[-2] == 160 and heights[-3] == 2.0  # small days stay visible
    assert heights[-1] == 0
    assert all(bar.x + bar.width <= 600 for bar in chart.bars)


def test_beat_runs_the_persist_task_every_five_minutes(keyed_client, clock):
    entry = settings.CELERY_BEAT_SCHEDULE["accounts-persist-usage"]
    assert entry == {"task": "accounts.persist_usage", "schedule": 300.0}
    assert keyed_client("standard").get(PROBE).status_code == 200
    assert usage_persist_task.name == entry["task"]
    assert usage_persist_task.apply().get() == 1  # in-process, also where a broker is configured
    assert DailyUsage.objects.get().requests == 1


def test_history_falls_back_to_stored_usage_when_the_cache_is_down(make_user, clock, monkeypatch):
    from redis.exceptions import ConnectionError as RedisConnectionError

    from accounts import usage

    user = make_user("free")
    DailyUsage.objects.create(user=user, date=day_date(DAY), requests=12)

    def down(*args, **kwargs):
        raise RedisConnectionError("connection refused")

    monkeypatch.setattr(usage, "_counters", down)
    history = usage_history(user=user)
    assert history[-1].requests == 12
