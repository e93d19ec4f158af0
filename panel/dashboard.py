"""Dashboard: the plan and its limits, today's usage, the last 30 days."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_safe

from accounts.models import FEATURE_LABELS
from accounts.usage import usage_chart, usage_history

__all__ = ["FEATURE_LABELS", "dashboard", "home"]


def home(request: HttpRequest) -> HttpResponse:
    return redirect("panel-dashboard")


@login_required
@require_safe  # a page, no form: POST answers 405 (tests/security/test_route_walk.py)
def dashboard(request: HttpRequest) -> HttpResponse:
    plan = request.user.plan
    history = usage_history(user=request.user)
    today = history[-1].requests
    percent = None
    if plan.daily_limit:
        percent = min(100, round(100 * today / plan.daily_limit))
    context = {
        "plan": plan,
        "features": [(label, plan.has_feature(code)) for code, label in FEATURE_LABELS.items()],
        "today": today,
        "percent": percent,
        "remaining": None if plan.daily_limit is None else max(plan.daily_limit - today, 0),
        "chart": usage_chart(history),
        "active_keys": sum(1 for key in request.user.api_keys.all() if key.status == "active"),
    }
    return render(request, "panel/dashboard.html", context)
