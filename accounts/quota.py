"""The daily quota: one window per account (or client network) that resets at
midnight UTC, and the specification's rate-limit headers. The one module for both.

Why not django-ratelimit (which carries the per-minute limits, accounts.limits):
its counters are fixed windows staggered per key (a hash of the key moves each
window's end), while the specification resets the day at midnight UTC for every
account and announces that instant in X-RateLimit-Reset; and it keeps counting
refused calls, while a call refused here is uncounted again, so the quota stays
exact under races (count and undo in one Redis script: concurrent callers can
never be granted more than the limit, and a refused call costs nothing).

The public verify endpoint's per-address allowance (a day and a minute) is
counted here too, in the same single round trip that also reads the cached
record: going through django-ratelimit for its minute costs three more round
trips and about 0.5 ms of CPU per call, which would lose verify's throughput
target in `make bench` (docs/plans.md, "Limits").
"""

from __future__ import annotations

import contextlib
import pickle
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse

from eudr_service.lib.client_ip import client_network
from eudr_service.lib.problems import Problem
from eudr_service.lib.redis_cache import RedisCache
from eudr_service.lib.redis_scripts import LuaScript

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
    # When django-ratelimit counted the minute (accounts.limits): the last second of its
    # window, which is staggered per key. None: the minute counted here, on the clock's minute.
    minute_window_end: int | None = None

    @property
    def day_reset(self) -> int:
        return (int(self.now) // DAY + 1) * DAY

    @property
    def minute_reset(self) -> int:
        if self.minute_window_end is not None:
            return self.minute_window_end + 1
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
        self.retry_after = max(state.minute_reset - int(state.now), 1) if burst else DAILY_RETRY_AFTER
        if burst:
            retry_after = self.retry_after
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


# Counting, the undo of a refused call and an optional cache read in one round
# trip: KEYS are the counters (then the key to read, if any); ARGV the number of
# counters, then per counter its TTL and its limit (0: none). Returns the counts,
# 1 if the call was refused (and uncounted), then the value read (nil if absent).
_CONSUME_LUA = """
local n = tonumber(ARGV[1])
local result, over = {}, 0
for i = 1, n do
  local count = redis.call('INCR', KEYS[i])
  if count == 1 then redis.call('EXPIRE', KEYS[i], ARGV[2 * i]) end
  local limit = tonumber(ARGV[2 * i + 1])
  if limit > 0 and count > limit then over = 1 end
  result[i] = count
end
if over == 1 then
  for i = 1, n do redis.call('DECR', KEYS[i]) end
end
result[n + 1] = over
if over == 0 and #KEYS > n then result[n + 2] = redis.call('GET', KEYS[n + 1]) end
return result
"""
# What `fetch` gives back when the value could not be read along with the counts.
NOT_FETCHED = object()


@dataclass(frozen=True)
class _Counter:
    key: str
    ttl: int
    limit: int | None


def _count(counters: list[_Counter], fetch: str | None) -> tuple[list[int], bool, Any]:
    """Add one to each counter, unless that takes one over its limit (then none
    is counted); (counts including this call, refused, value of `fetch`)."""
    cache = caches["default"]
    if isinstance(cache, RedisCache):
        return _count_redis(cache, counters, fetch)
    counts = []
    for counter in counters:
        cache.add(counter.key, 0, counter.ttl)
        try:
            counts.append(cache.incr(counter.key))
        except ValueError:  # expired between add and incr
            cache.add(counter.key, 0, counter.ttl)
            counts.append(cache.incr(counter.key))
    over = any(c.limit is not None and n > c.limit for c, n in zip(counters, counts, strict=True))
    if over:
        for counter in counters:
            with contextlib.suppress(ValueError):
                cache.decr(counter.key)
    return counts, over, (NOT_FETCHED if fetch is None or over else cache.get(fetch))


_scripts: dict[int, LuaScript] = {}


def _consume_script(cache: RedisCache, key: str) -> LuaScript:
    """The counting script for this cache, made once per backend. It runs on a
    connection of its own, made like the cache pool's: going through the client and
    its pool costs more CPU than the round trip (eudr_service.lib.redis_scripts)."""
    script = _scripts.get(id(cache))
    if script is None:
        pool = cache.write_client(key).connection_pool
        script = _scripts[id(cache)] = LuaScript(_CONSUME_LUA, pool)
    return script


def _count_redis(
    cache: RedisCache, counters: list[_Counter], fetch: str | None
) -> tuple[list[int], bool, Any]:
    # make_key, not make_and_validate_key: validation only warns about keys
    # memcached would refuse, and costs more than the rest of this function.
    keys = [cache.make_key(c.key) for c in counters]
    script = _consume_script(cache, keys[0])
    args: list[int] = [len(counters)]
    for counter in counters:
        args += [counter.ttl, counter.limit or 0]
    if fetch is not None:
        keys.append(cache.make_key(fetch))
    reply = script(keys=keys, args=args)
    counts, over = [int(n) for n in reply[: len(counters)]], bool(reply[len(counters)])
    if fetch is None or over:
        return counts, over, NOT_FETCHED
    raw = reply[len(counters) + 1] if len(reply) > len(counters) + 1 else None
    return counts, over, None if raw is None else _cache_value(cache, raw)


def _cache_value(cache: RedisCache, raw: bytes) -> Any:
    """`raw` decoded as cache.get would. Django's serializer stores integers as
    they are and pickles the rest; it tries int() first, whose ValueError costs
    ten times a pickle load, so a pickle (protocol 2 and up opens with 0x80) is
    loaded directly."""
    if raw[:1] == b"\x80":
        return pickle.loads(raw)  # our own entries, written by Django's cache API
    return cache.loads(raw)


ACCOUNT_SCOPE = "acct:"
# Day counters outlive their day so accounts.usage can still read yesterday's
# final count after midnight; the key names the day, so limits are unaffected.
DAY_COUNTER_TTL = 2 * DAY + 3600


def account_day_key(user_id: int, day: int) -> str:
    """The cache key of an account's request counter for Unix day `day`."""
    return f"quota:{ACCOUNT_SCOPE}{user_id}:d:{day}"


def quota_consume(*, scope: str, limits: Limits, fetch: str | None = None) -> tuple[QuotaState, Any]:
    """Count one call against `scope`; raise QuotaExceeded without counting it.

    With `fetch` (a cache key), the cached value is read in the same round trip
    and returned (None when absent); NOT_FETCHED when no counter was touched.
    An account's day counter is kept even on unlimited plans: it is the usage
    history the panel shows (accounts.usage persists it), at no database cost.
    """
    now = _now()
    day_key, minute_key = _counter_keys(scope, now)
    counters: list[_Counter] = []
    if limits.per_day is not None or scope.startswith(ACCOUNT_SCOPE):
        counters.append(_Counter(day_key, DAY_COUNTER_TTL, limits.per_day))
    if limits.per_minute is not None:
        counters.append(_Counter(minute_key, MINUTE + 5, limits.per_minute))
    if not counters:
        return QuotaState(limits, 0, 0, now), NOT_FETCHED
    counts, over, fetched = _count(counters, fetch)
    by_key = dict(zip((c.key for c in counters), counts, strict=True))
    state = QuotaState(limits, by_key.get(day_key, 0), by_key.get(minute_key, 0), now)
    if over:
        over_minute = limits.per_minute is not None and state.minute_used > limits.per_minute
        shown = QuotaState(limits, state.day_used - 1, state.minute_used - 1, now)
        raise QuotaExceeded(shown, burst=over_minute)
    return state, fetched


def anonymous_limits(request: HttpRequest) -> tuple[str, Limits]:
    """The per-client-IP allowance of the public verify endpoint."""
    return (
        f"ip:{client_network(request)}",
        Limits(settings.VERIFY_ANON_PER_DAY, settings.VERIFY_ANON_PER_MINUTE),
    )


def day_used(*, scope: str) -> int:
    """How many calls `scope` has made today (for the headers of a call refused elsewhere)."""
    return int(caches["default"].get(_counter_keys(scope, _now())[0]) or 0)


def account_scope(user: Any) -> str:
    return f"{ACCOUNT_SCOPE}{user.pk}"


class QuotaStateSlot:
    """Where a call's quota state waits for RateLimitHeadersMiddleware. The middleware puts the
    slot on the Django request and a throttle fills it: DRF's Request reads the Django
    request's attributes (the slot) but keeps any attribute set on it to itself."""

    state: QuotaState | None = None


def quota_state_keep(request: Any, state: QuotaState) -> None:
    """Leave `state` for the response's rate-limit headers (a Django or a DRF request);
    without RateLimitHeadersMiddleware there are no such headers, and nothing to keep."""
    slot: QuotaStateSlot | None = getattr(request, "quota_slot", None)
    if slot is not None:
        slot.state = state


class RateLimitHeadersMiddleware:
    """Adds the headers of the quota state a throttle left on the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.quota_slot = slot = QuotaStateSlot()
        response = self.get_response(request)
        state = slot.state
        if state is not None:
            for name, value in state.headers().items():
                response[name] = value
        return response
