"""Webhooks: list, create (the secret shown once), enable or disable, delete,
send a test event, the delivery log and redelivery.

Every change goes through webhooks.services, like the API; a service's
refusal (a Problem) is shown next to the form or as a message.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.limits import panel_actions_per_minute, rate_limited
from eudr_service.lib.problem_types import problem_type
from eudr_service.lib.problems import Problem
from panel.documents import _plans_with
from panel.forms import WebhookCreateForm
from webhooks import services
from webhooks.models import EVENT_TYPES, Delivery, Endpoint

RECENT_DELIVERIES = 50
# Panel wording for the services' stable codes; other codes show the service's own text.
DELIVERY_STATUS_LABELS = {
    Delivery.Status.PENDING: gettext_lazy("pending"),
    Delivery.Status.FAILED: gettext_lazy("failed, will retry"),
    Delivery.Status.SUCCEEDED: gettext_lazy("delivered"),
    Delivery.Status.DEAD: gettext_lazy("failed, no more retries"),
}


def problem_message(exc: Problem) -> str:
    """The problem in the panel's language, from the one catalogue of problem texts
    (the API's detail is English for programs; the panel speaks to people)."""
    entry = problem_type(exc.problem_code)
    if entry is None:
        return str(exc.detail)
    return entry.meaning("pl" if (get_language() or "").startswith("pl") else "en")


def _owned(request: HttpRequest, webhook_id: str) -> Endpoint:
    return get_object_or_404(Endpoint, public_id=webhook_id, owner=request.user)


def _not_in_plan(request: HttpRequest) -> HttpResponse | None:
    if request.user.plan.has_feature("webhooks"):
        return None
    context = {"plans": _plans_with("webhooks")}
    return render(request, "panel/webhooks_not_in_plan.html", context, status=403)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("panel-webhooks", per_minute=panel_actions_per_minute)
def webhooks(request: HttpRequest) -> HttpResponse:
    if refused := _not_in_plan(request):
        return refused
    form = WebhookCreateForm(request.POST or None, event_types=EVENT_TYPES)
    created = None
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                created = services.endpoint_create(owner=request.user, **form.cleaned_data)
                form = WebhookCreateForm(event_types=EVENT_TYPES)
            except Problem as exc:
                form.add_error("url" if exc.problem_code.startswith("url_") else None, problem_message(exc))
        if created is None:
            status = 400
    context = {
        "form": form,
        "created": created,
        "endpoints": Endpoint.objects.filter(owner=request.user),
        "event_types": EVENT_TYPES,
    }
    return render(request, "panel/webhooks.html", context, status=status)


@login_required
@require_safe  # a page, no form: POST answers 405 (tests/security/test_route_walk.py)
def webhook_detail(request: HttpRequest, webhook_id: str) -> HttpResponse:
    endpoint = _owned(request, webhook_id)
    deliveries = (
        Delivery.objects.filter(endpoint=endpoint)
        .select_related("event")
        .order_by("-created_at", "-id")[:RECENT_DELIVERIES]
    )
    context = {
        "endpoint": endpoint,
        "rows": [(d, DELIVERY_STATUS_LABELS.get(d.status, d.status)) for d in deliveries],
        "webhooks_allowed": request.user.plan.has_feature("webhooks"),
    }
    return render(request, "panel/webhook_detail.html", context)


def _run(request: HttpRequest, action, success: str) -> None:
    """Call a service for the panel: a refusal becomes an error message."""
    if not request.user.plan.has_feature("webhooks"):
        messages.error(request, _("Your plan does not include webhooks."))
        return
    try:
        action()
    except Problem as exc:
        messages.error(request, problem_message(exc))
    else:
        messages.success(request, success)


@login_required
@require_POST
@rate_limited("panel-webhooks", per_minute=panel_actions_per_minute)
def webhook_toggle(request: HttpRequest, webhook_id: str) -> HttpResponse:
    endpoint = _owned(request, webhook_id)
    enable = not endpoint.enabled
    _run(
        request,
        lambda: services.endpoint_update(endpoint=endpoint, enabled=enable),
        _("The webhook was enabled.") if enable else _("The webhook was disabled."),
    )
    return redirect("panel-webhook", webhook_id=endpoint.public_id)


@login_required
@require_POST
@rate_limited("panel-webhooks", per_minute=panel_actions_per_minute, plan_quota=True)
def webhook_test(request: HttpRequest, webhook_id: str) -> HttpResponse:
    endpoint = _owned(request, webhook_id)
    _run(request, lambda: services.endpoint_send_test(endpoint=endpoint), _("A test event was sent."))
    return redirect("panel-webhook", webhook_id=endpoint.public_id)


@login_required
@require_POST
@rate_limited("panel-webhooks", per_minute=panel_actions_per_minute, plan_quota=True)
def delivery_redeliver(request: HttpRequest, webhook_id: str, delivery_id: str) -> HttpResponse:
    endpoint = _owned(request, webhook_id)
    delivery = get_object_or_404(Delivery, public_id=delivery_id, endpoint=endpoint)
    _run(request, lambda: services.delivery_redeliver(delivery=delivery), _("The event was sent again."))
    return redirect("panel-webhook", webhook_id=endpoint.public_id)


@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("panel-webhooks", per_minute=panel_actions_per_minute)
def webhook_delete(request: HttpRequest, webhook_id: str) -> HttpResponse:
    endpoint = _owned(request, webhook_id)
    if request.method == "POST":
        # The API's DELETE does the same (a model delete; its deliveries go with it).
        endpoint.delete()
        messages.success(request, _("The webhook was deleted."))
        return redirect("panel-webhooks")
    return render(request, "panel/webhook_delete.html", {"endpoint": endpoint})
