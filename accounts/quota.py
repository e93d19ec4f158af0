"""Quotas: a daily window (midnight UTC) and a per-minute burst, per account.

Counted in the shared cache with atomic increments, so every web node sees
the same numbers. A call is counted first and, if it is over a limit,
uncounted again: concurrent callers can never be granted more than the limit,
and a rejected call does not consume quota.

This module is the one place that computes rate-limit headers.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.http import HttpRequest, HttpResponse
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from eudr_service.lib.client_ip import client_ip
from eudr_service.lib.outages import CACHE_ERRORS, warn_once_a_minute
from eudr_service.lib.problems import Problem

DAY = 86400
MINUTE = 60
# The specification fixes Retry-After for the daily quota at one day.
DAILY_RETRY_AFTER = 86400


def _now() -> float:
    return time.time()


@dataclass(frozen=True)
class Limits:
    per_day: int | None
    per_minute: int | None


@dataclass(frozen=True)
class QuotaState:
    """What a caller has left after this call, for the response headers."""

    limits: Limits
    day_used: int
    minute_used: int
    now: float

    @property
    def day_reset(self) -> int:
        return (int(self.now) // DAY + 1) * DAY

    @property
    def minute_reset(self) -> int:
        return (int(self.now) // MINUTE + 1) * MINUTE

    def headers(self) -> dict[str, str]:
        if self.limits.per_day is None and self.limits.per_minute is None:
            return {}
        policies, states = [], []
        result: dict[str, str] = {}
        now = int(self.now)
        if self.limits.per_day is not None:
            remaining = max(self.limits.per_day - self.day_used, 0)
            result["X-RateLimit-Limit"] = str(self.limits.per_day)
            result["X-RateLimit-Remaining"] = str(remaining)
            result["X-RateLimit-Reset"] = str(self.day_reset)
            policies.append(f'"day";q={self.limits.per_day};w={DAY}')
            states.append(f'"day";r={remaining};t={self.day_reset - now}')
        if self.limits.per_minute is not None:
            remaining = max(self.limits.per_minute - self.minute_used, 0)
            policies.append(f'"minute";q={self.limits.per_minute};w={MINUTE}')
            states.append(f'"minute";r={remaining};t={self.minute_reset - now}')
        result["RateLimit-Policy"] = ", ".join(policies)
        result["RateLimit"] = ", ".join(states)
        return result


class QuotaExceeded(Problem):
    def __init__(self, state: QuotaState, *, burst: bool) -> None:
        if burst:
            retry_after = max(state.minute_reset - int(state.now), 1)
            super().__init__(
                429,
                "rate_limited",
                f"More than {state.limits.per_minute} requests in a minute. Retry in {retry_after} s.",
                headers={"Retry-After": str(retry_after)},
            )
        else:
            super().__init__(
                429,
                "quota_exceeded",
                f"Daily quota of {state.limits.per_day} requests used up; it resets at midnight UTC.",
                headers={"Retry-After": str(DAILY_RETRY_AFTER)},
            )
        self.state = state


def _counter_keys(scope: str, now: float) -> tuple[str, str]:
    day, minute = int(now) // DAY, int(now) // MINUTE
    return f"quota:{scope}:d:{day}", f"quota:{scope}:m:{minute}"


def _increment(keys_ttls: list[tuple[str, int]]) -> list[int]:
    """Atomically add one to each counter, creating it with its TTL."""
    cache = caches["default"]
    if isinstance(cache, RedisCache):
        return _increment_redis(cache, keys_ttls)
    counts = []
    for key, ttl in keys_ttls:
        cache.add(key, 0, ttl)
        try:
            counts.append(cache.incr(key))
        except ValueError:  # expired between add and incr
            cache.add(key, 0, ttl)
            counts.append(cache.incr(key))
    return counts


_redis_clients: dict[int, Any] = {}


def _redis_client(cache: RedisCache, key: str) -> Any:
    """The raw redis client, made once per process: Django builds one per call,
    which on this hot path costs as much as the counting itself."""
    backend = cache._cache
    client = _redis_clients.get(id(backend))
    if client is None:
        client = _redis_clients[id(backend)] = backend.get_client(key, write=True)
    return client


def _increment_redis(cache: RedisCache, keys_ttls: list[tuple[str, int]]) -> list[int]:
    # One round trip for all counters: INCR then EXPIRE NX (TTL set once).
    full_keys = [cache.make_and_validate_key(key) for key, _ in keys_ttls]
    pipe = _redis_client(cache, full_keys[0]).pipeline(transaction=False)
    for full_key, (_, ttl) in zip(full_keys, keys_ttls, strict=True):
        pipe.incr(full_key)
        pipe.expire(full_key, ttl, nx=True)
    results = pipe.execute()
    return [int(results[i * 2]) for i in range(len(keys_ttls))]


def _decrement(keys: list[str]) -> None:
    cache = caches["default"]
    for key in keys:
        with contextlib.suppress(ValueError):
            cache.decr(key)


ACCOUNT_SCOPE = "acct:"
# Day counters outlive their day so accounts.usage can still read yesterday's
# final count after midnight; the key names the day, so limits are unaffected.
DAY_COUNTER_TTL = 2 * DAY + 3600


def account_day_key(user_id: int, day: int) -> str:
    """The cache key of an account's request counter for Unix day `day`."""
    return f"quota:{ACCOUNT_SCOPE}{user_id}:d:{day}"


def quota_consume(*, scope: str, limits: Limits) -> QuotaState:
    """Count one call against `scope`; raise QuotaExceeded without counting it.

    An account's day counter is kept even on unlimited plans: it is the usage
    history the panel shows (accounts.usage persists it), at no database cost.
    """
    now = _now()
    day_key, minute_key = _counter_keys(scope, now)
    keys_ttls: list[tuple[str, int]] = []
    if limits.per_day is not None or scope.startswith(ACCOUNT_SCOPE):
        keys_ttls.append((day_key, DAY_COUNTER_TTL))
    if limits.per_minute is not None:
        keys_ttls.append((minute_key, MINUTE + 5))
    if not keys_ttls:
        return QuotaState(limits, 0, 0, now)
    counts = dict(zip((k for k, _ in keys_ttls), _increment(keys_ttls), strict=True))
    state = QuotaState(limits, counts.get(day_key, 0), counts.get(minute_key, 0), now)
    over_minute = limits.per_minute is not None and state.minute_used > limits.per_minute
    over_day = limits.per_day is not None and state.day_used > limits.per_day
    if over_minute or over_day:
        _decrement([k for k, _ in keys_ttls])
        shown = QuotaState(limits, state.day_used - 1, state.minute_used - 1, now)
        raise QuotaExceeded(shown, burst=over_minute)
    return state


def limits_for(request: Request) -> tuple[str, Limits]:
    user = request.user
    if user.is_authenticated:
        plan = user.plan
        return f"{ACCOUNT_SCOPE}{user.pk}", Limits(plan.daily_limit, plan.per_minute_limit)
    return (
        f"ip:{client_ip(request._request)}",
        Limits(settings.VERIFY_ANON_PER_DAY, settings.VERIFY_ANON_PER_MINUTE),
    )


class PlanQuotaThrottle(BaseThrottle):
    """DRF throttle: runs after authentication and permissions, so calls
    refused for a bad key or a missing plan feature are never counted."""

    def allow_request(self, request: Request, view: Any) -> bool:
        scope, limits = limits_for(request)
        try:
            state = quota_consume(scope=scope, limits=limits)
        except QuotaExceeded as exc:
            request._request.quota_state = exc.state
            raise
        except CACHE_ERRORS as exc:
            return _on_counter_outage(request, exc)
        request._request.quota_state = state
        return True


def _on_counter_outage(request: Request, exc: Exception) -> bool:
    """Without the counters: paid plans and the anonymous public verify go on
    uncounted (a logged warning); free plans wait, since they are the ones
    abuse would use."""
    user = request.user
    if not user.is_authenticated or user.plan_id in settings.QUOTA_FAIL_OPEN_PLANS:
        warn_once_a_minute(
            "quota", "Quota counters unavailable (%s); serving paid and anonymous calls uncounted", exc
        )
        return True
    raise Problem(
        503,
        "quota_unavailable",
        "Request counting is briefly unavailable; retry shortly.",
        headers={"Retry-After": "30"},
    )


class RateLimitHeadersMiddleware:
    """Adds the headers of the quota state a throttle left on the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        state: QuotaState | None = getattr(request, "quota_state", None)
        if state is not None:
            for name, value in state.headers().items():
                response[name] = value
        return response
