"""Time budgets and circuit breakers for the upstreams we wait on: ULDK, the EU system
and the forest-data publishers.

A web request gets a total wait budget per upstream (`UpstreamBudgetMiddleware`): every
call to that upstream in the request waits at most what is left of it
(`safe_http.Deadline`), so no sequence of slow answers holds a worker past the
budget. Outside a request (Celery tasks, management commands) there is no total
budget: each call is bounded by its own timeout.

A breaker per upstream remembers, in the shared cache (all workers see it), how many
calls failed in a row. After UPSTREAM_BREAKER_FAILURES it opens: callers get
`CircuitOpen` at once, with the seconds to wait, and the upstream is not called. After
UPSTREAM_BREAKER_COOLDOWN_SECONDS one caller is let through as a probe (half-open):
its success closes the breaker, its failure opens it for another cool-down. When the
cache is unreachable the breaker stays out of the way (every call is made).
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import time
from collections.abc import Callable, Iterator

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

from eudr_service.lib.outages import CACHE_ERRORS
from eudr_service.lib.safe_http import Deadline

ULDK = "uldk"
EU_IS = "eu_is"
FOREST = "forest"

# Consecutive failures are forgotten after this long without another one.
FAILURE_MEMORY_SECONDS = 600
# An open breaker is forgotten after a day without any call (it would be half-open anyway).
OPEN_MEMORY_SECONDS = 86400

# Wall-clock seconds (shared by every worker on every machine); tests replace it.
now: Callable[[], float] = time.time


class CircuitOpen(Exception):
    """The upstream failed repeatedly: not called; try again in `retry_after` seconds."""

    def __init__(self, upstream: str, retry_after: int) -> None:
        super().__init__(f"{upstream} is failing; not called again for {retry_after} s")
        self.upstream = upstream
        self.retry_after = retry_after


def request_budget_seconds(upstream: str) -> float | None:
    """The total wait one web request may spend on `upstream`; None: no total bound."""
    return {
        ULDK: settings.ULDK_REQUEST_BUDGET_SECONDS,
        EU_IS: settings.EU_IS_REQUEST_BUDGET_SECONDS,
    }.get(upstream)


_budgets: contextvars.ContextVar[dict[str, Deadline] | None] = contextvars.ContextVar(
    "upstream_budgets", default=None
)


@contextlib.contextmanager
def budgets() -> Iterator[None]:
    """A fresh budget per upstream for the work inside (one web request)."""
    token = _budgets.set({})
    try:
        yield
    finally:
        _budgets.reset(token)


def deadline(upstream: str) -> Deadline | None:
    """The current request's deadline for `upstream` (started by its first call), or None
    outside a request."""
    current = _budgets.get()
    seconds = request_budget_seconds(upstream)
    if current is None or seconds is None:
        return None
    if upstream not in current:
        current[upstream] = Deadline(seconds)
    return current[upstream]


class UpstreamBudgetMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with budgets():
            return self.get_response(request)


class Breaker:
    """The circuit breaker of one upstream; its state lives in the shared cache."""

    def __init__(self, upstream: str, *, probe_seconds: float) -> None:
        self.upstream = upstream
        self.probe_seconds = max(1, math.ceil(probe_seconds))
        self._failures = f"breaker:{upstream}:failures"
        self._opened = f"breaker:{upstream}:opened_at"
        self._probe = f"breaker:{upstream}:probe"

    def check(self) -> None:
        """Raise CircuitOpen while open; once the cool-down has passed, let one caller
        through as the probe (the others keep getting CircuitOpen until it answers)."""
        try:
            opened = cache.get(self._opened)
            if opened is None:
                return
            wait = opened + settings.UPSTREAM_BREAKER_COOLDOWN_SECONDS - now()
            if wait > 0:
                raise CircuitOpen(self.upstream, max(1, math.ceil(wait)))
            # A prober that died never answers: its claim lapses after its own timeout.
            if not cache.add(self._probe, 1, timeout=self.probe_seconds):
                raise CircuitOpen(self.upstream, self.probe_seconds)
        except CACHE_ERRORS:
            return

    def success(self) -> None:
        with contextlib.suppress(*CACHE_ERRORS):
            cache.delete_many([self._failures, self._opened, self._probe])

    def failure(self) -> None:
        with contextlib.suppress(*CACHE_ERRORS):
            if cache.get(self._opened) is not None:
                # The probe failed: open for another cool-down from now.
                cache.set(self._opened, now(), OPEN_MEMORY_SECONDS)
                cache.delete(self._probe)
                return
            cache.add(self._failures, 0, FAILURE_MEMORY_SECONDS)
            try:
                failures = cache.incr(self._failures)
            except ValueError:  # expired between add and incr
                cache.set(self._failures, failures := 1, FAILURE_MEMORY_SECONDS)
            if failures >= settings.UPSTREAM_BREAKER_FAILURES:
                cache.set(self._opened, now(), OPEN_MEMORY_SECONDS)

    def is_open(self) -> bool:
        try:
            return cache.get(self._opened) is not None
        except CACHE_ERRORS:
            return False


def breaker(upstream: str) -> Breaker:
    timeouts = {
        ULDK: settings.ULDK_TIMEOUT_SECONDS,
        EU_IS: settings.EU_IS_TIMEOUT_SECONDS,
        FOREST: settings.FOREST_HTTP_TIMEOUT_SECONDS,
    }
    return Breaker(upstream, probe_seconds=timeouts.get(upstream, settings.OUTBOUND_HTTP_TIMEOUT_SECONDS))
