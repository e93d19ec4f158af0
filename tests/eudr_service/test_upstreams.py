"""Upstream wait budgets (Deadline) and circuit breakers, on a controlled clock."""

from __future__ import annotations

import pytest

from eudr_service.lib import safe_http, upstreams


class Clock:
    def __init__(self, at: float = 1_000_000.0) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


@pytest.fixture
def clock(monkeypatch):
    now = Clock()
    monkeypatch.setattr(upstreams, "now", now)
    return now


@pytest.fixture
def breaker(settings, clock):
    settings.UPSTREAM_BREAKER_FAILURES = 3
    settings.UPSTREAM_BREAKER_COOLDOWN_SECONDS = 30
    return upstreams.Breaker("test", probe_seconds=10)


def test_a_deadline_cuts_each_timeout_to_what_is_left_and_then_refuses():
    clock = Clock(0.0)
    deadline = safe_http.Deadline(15, clock=clock)
    assert deadline.timeout(10) == 10
    with deadline.waiting():
        clock.at += 10  # a call that waited 10 s
    clock.at += 100  # the request's own work between calls is not charged
    assert deadline.timeout(10) == 5
    with deadline.waiting():
        clock.at += 5
    with pytest.raises(safe_http.DeadlineExceeded):
        deadline.timeout(10)


def test_the_budget_exists_only_inside_a_request_and_is_fresh_for_each(settings):
    settings.ULDK_REQUEST_BUDGET_SECONDS = 15
    assert upstreams.deadline(upstreams.ULDK) is None  # a worker: no total bound
    with upstreams.budgets():
        first = upstreams.deadline(upstreams.ULDK)
        assert first is upstreams.deadline(upstreams.ULDK)  # one budget for the whole request
        assert first.seconds == 15
    with upstreams.budgets():
        assert upstreams.deadline(upstreams.ULDK) is not first


def test_the_breaker_opens_after_n_consecutive_failures(breaker, clock):
    for _ in range(2):
        breaker.check()
        breaker.failure()
    breaker.check()  # two failures: still closed
    breaker.failure()
    with pytest.raises(upstreams.CircuitOpen) as opened:
        breaker.check()
    assert opened.value.retry_after == 30
    clock.at += 20
    with pytest.raises(upstreams.CircuitOpen) as still:
        breaker.check()
    assert still.value.retry_after == 10


def test_a_success_resets_the_count(breaker):
    breaker.failure()
    breaker.failure()
    breaker.success()
    breaker.failure()
    breaker.failure()
    breaker.check()  # only two in a row


def test_half_open_lets_one_probe_through_and_its_success_closes(breaker, clock):
    for _ in range(3):
        breaker.failure()
    clock.at += 31
    breaker.check()  # the probe
    with pytest.raises(upstreams.CircuitOpen) as waiting:
        breaker.check()  # others wait for the probe's answer
    assert waiting.value.retry_after == 10
    breaker.success()
    breaker.check()
    breaker.check()
    assert not breaker.is_open()


def test_a_failed_probe_opens_for_another_cool_down(breaker, clock):
    for _ in range(3):
        breaker.failure()
    clock.at += 31
    breaker.check()
    breaker.failure()
    with pytest.raises(upstreams.CircuitOpen) as reopened:
        breaker.check()
    assert reopened.value.retry_after == 30


def test_the_state_is_shared_through_the_cache(breaker, settings):
    for _ in range(3):
        breaker.failure()
    # Another worker process builds its own breaker object: same state.
    with pytest.raises(upstreams.CircuitOpen):
        upstreams.Breaker("test", probe_seconds=10).check()
    upstreams.Breaker("other", probe_seconds=10).check()  # per upstream


def test_an_unreachable_cache_leaves_the_breaker_out_of_the_way(breaker, monkeypatch):
    from django.core.cache import cache
    from redis.exceptions import ConnectionError as RedisConnectionError

    def down(*args, **kwargs):
        raise RedisConnectionError("cache down")

    for name in ("get", "add", "incr", "set", "delete", "delete_many"):
        monkeypatch.setattr(cache, name, down)
    breaker.failure()
    breaker.check()
    breaker.success()
