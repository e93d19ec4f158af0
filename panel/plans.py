"""The plan page: one ladder of plans (Free, Starter, Standard, Pro, Enterprise) with
limits, features and prices, the account's plan and usage, and a request to change plan
that staff decide in the admin (payment is not handled by the service)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from accounts.limits import panel_actions_per_minute, rate_limited
from accounts.models import Plan, plan_ladder
from accounts.services import UpgradeRequestRefused, upgrade_request_create
from accounts.usage import usage_today
from panel.dashboard import FEATURE_LABELS
from panel.forms import UpgradeRequestForm

# The specification's note on Enterprise (part 8, first presentation). Translated
# here, not in the template: the template tag would need the percent sign doubled.
ENTERPRISE_NOTE = gettext_lazy("99.9% SLA, 24/7 support.")


def _plan_rows(plans: list[Plan]) -> list[dict]:
    return [
        {
            "plan": plan,
            "features": [(label, plan.has_feature(code)) for code, label in FEATURE_LABELS.items()],
        }
        for plan in plan_ladder(plans)
    ]


@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("panel-plan", per_minute=panel_actions_per_minute)
def plan(request: HttpRequest) -> HttpResponse:
    user = request.user
    form = UpgradeRequestForm(request.POST or None, current_plan=user.plan_id)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                upgrade_request_create(
                    account=user,
                    requested_plan=form.cleaned_data["requested_plan"],
                    message=form.cleaned_data["message"],
                )
            except UpgradeRequestRefused:
                form.add_error(None, _("A request is already waiting for a decision, or the plan is yours."))
                status = 400
            else:
                messages.success(request, _("Your request was sent. Staff will answer it here."))
                return redirect("panel-plan")
        else:
            status = 400
    plans = list(Plan.objects.all())
    today = usage_today(user=user)
    context = {
        "current_plan": user.plan,
        "today": today,
        "remaining": None if user.plan.daily_limit is None else max(user.plan.daily_limit - today, 0),
        "plans": _plan_rows(plans),
        "requests": user.upgrade_requests.select_related("from_plan", "requested_plan")[:10],
        "form": form,
        "enterprise_note": ENTERPRISE_NOTE,
    }
    return render(request, "panel/plan.html", context, status=status)
