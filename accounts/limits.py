"""Per-minute limits, all on django-ratelimit, and what each kind of call is counted against.

- An API call with a key: the plan's burst per minute (django-ratelimit) and
  then the plan's daily quota (accounts.quota). A call refused for the minute
  never touches the day; a call refused for the day has used its minute.
- A call to the public verify endpoint: see `public_quota_consume`.
- Actions outside the API (sign-in, sign-up, password reset, the admin sign-in,
  the panel's actions, the public certificate page): per client network (an
  IPv4 address, an IPv6 /64) and, when the action names an account, per
  account too. A panel action that causes work is also counted against the
  account's plan, exactly like the API call it stands for. Over a limit the
  client gets the 429 page with Retry-After, never the view.

django-ratelimit's windows are fixed minutes staggered per key (each key's
minute ends at its own second), counted in Django's cache (Redis in the
services mode), so every web node sees the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_ratelimit.core import get_usage
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from accounts import quota
from accounts.quota import (
    NOT_FETCHED,
    Limits,
    QuotaExceeded,
    QuotaState,
    account_scope,
    anonymous_limits,
    day_used,
    quota_consume,
    quota_state_keep,
)
from eudr_service.lib.client_ip import client_network
from eudr_service.lib.outages import CACHE_ERRORS, warn_once_a_minute
from eudr_service.lib.problems import Problem

View = Callable[..., HttpResponse]


@dataclass(frozen=True)
class Minute:
    """A key's minute window after this call."""

    used: int
    window_end: int  # its last second (Unix)
    over: bool


def minute_consume(*, request: HttpRequest, group: str, key: str, per_minute: int) -> Minute | None:
    """Count one call of `key` in `group` against `per_minute`; None when it could not be
    counted (django-ratelimit's rare lost increment, RATELIMIT_FAIL_OPEN). Raises the
    cache's errors when the cache is down: each caller decides what an outage means."""
    usage = get_usage(
        request, group=group, key=lambda _group, _request: key, rate=f"{per_minute}/m", increment=True
    )
    if usage is None:
        return None
    window_end = int(quota._now()) + max(usage["time_left"], 0)
    return Minute(used=usage["count"], window_end=window_end, over=usage["should_limit"])


# --- the plan's allowance: a burst per minute and a daily quota -----------------------------


def account_consume(*, request: HttpRequest, user: Any, fetch: str | None = None) -> tuple[QuotaState, Any]:
    """Count one call of `user`'s account: its plan's minute, then its day. Raises
    QuotaExceeded; returns the headers' state and the cached value of `fetch`
    (read in the day's round trip, see accounts.quota.quota_consume)."""
    plan = user.plan
    limits, scope = Limits(plan.daily_limit, plan.per_minute_limit), account_scope(user)
    minute = None
    if plan.per_minute_limit is not None:
        minute = minute_consume(
            request=request, group="account", key=str(user.pk), per_minute=plan.per_minute_limit
        )
    if minute is not None and minute.over:
        state = QuotaState(limits, day_used(scope=scope) + 1, minute.used, quota._now(), minute.window_end)
        raise QuotaExceeded(_one_less(state), burst=True)
    try:
        state, fetched = quota_consume(scope=scope, limits=Limits(plan.daily_limit, None), fetch=fetch)
    except QuotaExceeded as exc:
        # The minute keeps this call: django-ratelimit does not uncount.
        raise QuotaExceeded(_with_minute(exc.state, limits, minute), burst=False) from None
    return _with_minute(state, limits, minute), fetched


def _with_minute(state: QuotaState, limits: Limits, minute: Minute | None) -> QuotaState:
    if minute is None:
        return replace(state, limits=limits, minute_used=0)
    return replace(state, limits=limits, minute_used=minute.used, minute_window_end=minute.window_end)


def _one_less(state: QuotaState) -> QuotaState:
    """The state a refused call shows: what was used before it."""
    return replace(state, day_used=state.day_used - 1, minute_used=state.minute_used - 1)


class PlanQuotaThrottle(BaseThrottle):
    """DRF throttle: runs after authentication and permissions, so calls
    refused for a bad key or a missing plan feature are never counted."""

    def allow_request(self, request: Request, view: Any) -> bool:
        try:
            if request.user.is_authenticated:
                state, _ = account_consume(request=request, user=request.user)
            else:
                state, _ = quota_consume(**_scope_limits(anonymous_limits(request)))
        except QuotaExceeded as exc:
            quota_state_keep(request, exc.state)
            raise
        except CACHE_ERRORS as exc:
            return _on_counter_outage(request, exc)
        quota_state_keep(request, state)
        return True


class CountedInView(BaseThrottle):
    """For views that count their calls themselves (public_quota_consume): DRF
    counts nothing, yet the view still declares it is limited (the schema lists
    its rate-limit headers and 429)."""

    def allow_request(self, request: Request, view: Any) -> bool:
        return True


def public_quota_consume(*, request: HttpRequest, user: Any = None, fetch: str | None = None) -> Any:
    """Count a call to a public endpoint (verify), which anyone may call without
    a key: a key must never get less than no key. A keyed call uses the plan's
    allowance and, once that is used up, the calling address's anonymous
    allowance, as if no key had been sent; when both are used up, the refusal
    with the shorter Retry-After is given. A Redis outage serves the call
    uncounted, as it does for anonymous callers.

    Returns the cached value of `fetch`, read in the same round trip, or
    NOT_FETCHED; raises QuotaExceeded. The headers' state is left on the request.
    `user` is the key's account, None (or anonymous) without a key.
    """
    try:
        if user is not None and user.is_authenticated:
            try:
                state, fetched = account_consume(request=request, user=user, fetch=fetch)
            except QuotaExceeded as over_plan:
                try:
                    state, fetched = quota_consume(**_scope_limits(anonymous_limits(request)), fetch=fetch)
                except QuotaExceeded as over_anonymous:
                    raise min(over_anonymous, over_plan, key=lambda exc: exc.retry_after) from None
        else:
            state, fetched = quota_consume(**_scope_limits(anonymous_limits(request)), fetch=fetch)
    except QuotaExceeded as exc:
        quota_state_keep(request, exc.state)
        raise
    except CACHE_ERRORS as exc:
        warn_once_a_minute("quota", "Quota counters unavailable (%s); serving public calls uncounted", exc)
        return NOT_FETCHED
    quota_state_keep(request, state)
    return fetched


def _scope_limits(pair: tuple[str, Limits]) -> dict[str, Any]:
    return {"scope": pair[0], "limits": pair[1]}


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


# --- actions outside the API -----------------------------------------------------------------


class ActionLimited(Exception):
    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.retry_after = retry_after


def action_consume(*, request: HttpRequest, action: str, per_minute: int, account: str | None = None) -> None:
    """Count one `action` per client network and, if given, per account; raise ActionLimited."""
    keys = [f"net:{client_network(request)}"]
    if account:
        keys.append(f"acct:{account.strip().lower()[:254]}")
    for key in keys:
        minute = minute_consume(request=request, group=f"action:{action}", key=key, per_minute=per_minute)
        if minute is not None and minute.over:
            raise ActionLimited(max(minute.window_end + 1 - int(quota._now()), 1))


def plan_quota_consume(*, request: HttpRequest) -> None:
    """Count a panel action against the signed-in account's plan, like an API call."""
    state, _ = account_consume(request=request, user=request.user)
    quota_state_keep(request, state)


def too_many_requests(request: HttpRequest, retry_after: int | str) -> HttpResponse:
    response = render(request, "429.html", status=429)
    response["Retry-After"] = str(retry_after)
    return response


def rate_limited(
    action: str,
    *,
    per_minute: Callable[[], int],
    account_field: str | None = None,
    plan_quota: bool = False,
) -> Callable[[View], View]:
    """Limit a view's unsafe requests (POST, PUT, PATCH, DELETE).

    `account_field` names the form field that identifies the account (the
    e-mail of a sign-in); a signed-in user is the account otherwise.
    `plan_quota` also counts the action against the account's plan quota.
    """

    def decorate(view: View) -> View:
        @wraps(view)
        def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in ("POST", "PUT", "PATCH", "DELETE"):
                refused = _check(request, action, per_minute(), account_field, plan_quota)
                if refused is not None:
                    return refused
            return view(request, *args, **kwargs)

        return limited

    return decorate


def page_rate_limited(action: str, *, per_minute: Callable[[], int]) -> Callable[[View], View]:
    """Limit every request to a public page per client network."""

    def decorate(view: View) -> View:
        @wraps(view)
        def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            refused = _check(request, action, per_minute(), None, False)
            return refused if refused is not None else view(request, *args, **kwargs)

        return limited

    return decorate


def _check(
    request: HttpRequest, action: str, per_minute: int, account_field: str | None, plan_quota: bool
) -> HttpResponse | None:
    user = getattr(request, "user", None)
    signed_in = user is not None and user.is_authenticated
    account = request.POST.get(account_field, "") if account_field else (str(user.pk) if signed_in else None)
    try:
        action_consume(request=request, action=action, per_minute=per_minute, account=account)
        if plan_quota and signed_in:
            plan_quota_consume(request=request)
    except ActionLimited as exc:
        return too_many_requests(request, exc.retry_after)
    except QuotaExceeded as exc:
        return too_many_requests(request, exc.headers.get("Retry-After", "60"))
    except CACHE_ERRORS as exc:
        # Like the API's anonymous limits: without the counters the action goes on, logged.
        warn_once_a_minute("action-limits", "Action limit counters unavailable (%s)", exc)
    return None


def auth_posts_per_minute() -> int:
    return settings.AUTH_POSTS_PER_MINUTE


def panel_actions_per_minute() -> int:
    return settings.PANEL_ACTIONS_PER_MINUTE


def certificate_pages_per_minute() -> int:
    return settings.VERIFY_ANON_PER_MINUTE
