"""Limits on actions outside the API: sign-in, sign-up, password reset, the
admin sign-in, the public certificate page and the panel's actions.

They go through the API's limiter (accounts.quota): the same shared counters,
per client network (an IPv4 address, an IPv6 /64) and, when the action names
an account, per account too. A panel action that causes work is also counted
against the account's plan quota, exactly like the API call it stands for.
Over a limit the client gets the 429 page with Retry-After, never the view.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.quota import ACCOUNT_SCOPE, Limits, QuotaExceeded, quota_consume
from eudr_service.lib.client_ip import client_network
from eudr_service.lib.outages import CACHE_ERRORS, warn_once_a_minute

View = Callable[..., HttpResponse]


def action_consume(*, request: HttpRequest, action: str, limits: Limits, account: str | None = None) -> None:
    """Count one `action` per client network and, if given, per account; raise QuotaExceeded."""
    quota_consume(scope=f"act:{action}:net:{client_network(request)}", limits=limits)
    if account:
        quota_consume(scope=f"act:{action}:acct:{account.strip().lower()[:254]}", limits=limits)


def plan_quota_consume(*, request: HttpRequest) -> None:
    """Count a panel action against the signed-in account's plan, like an API call."""
    user = request.user
    plan = user.plan
    state, _ = quota_consume(
        scope=f"{ACCOUNT_SCOPE}{user.pk}", limits=Limits(plan.daily_limit, plan.per_minute_limit)
    )
    request.quota_state = state


def too_many_requests(request: HttpRequest, exc: QuotaExceeded) -> HttpResponse:
    response = render(request, "429.html", status=429)
    response["Retry-After"] = exc.headers.get("Retry-After", "60")
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
        action_consume(request=request, action=action, limits=Limits(None, per_minute), account=account)
        if plan_quota and signed_in:
            plan_quota_consume(request=request)
    except QuotaExceeded as exc:
        return too_many_requests(request, exc)
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
