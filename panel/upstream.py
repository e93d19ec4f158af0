"""The declarations the account relies on, as the EU last answered about them.

Its suppliers' own declarations (the roster), the declarations behind its consignments, the
references it recorded and its own statements: eu_filing.upstream checks each again on a
schedule; this page lists first those that cannot be relied on as they stand, each with
what to do, and lets the user ask for every one to be checked again now.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Case, IntegerField, Value, When
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from accounts.limits import panel_actions_per_minute, rate_limited
from compliance.labels import label
from eu_filing.labels import EU_STATUS_LABELS
from eu_filing.models import UpstreamOrigin, UpstreamReference, UpstreamState
from eu_filing.upstream import NEEDS_ACTION, UPSTREAM_ADVICE, upstream_references_recheck_request
from panel.documents import _plans_with

PAGE_SIZE = 50
STATE_LABELS = dict(UpstreamState.choices)
ORIGIN_LABELS = dict(UpstreamOrigin.choices)


# Why a bulk filing left a supplier out because of his own declaration (suppliers.bulk).
SKIPPED_OWN_LABELS = {
    "existing_declaration": gettext_lazy("own declaration valid at the EU"),
    "existing_declaration_unchecked": gettext_lazy("own declaration not checked with the EU yet"),
}


def own_declaration_view(supplier) -> dict[str, Any] | None:
    """The supplier's own declaration (from the roster) and the EU's answer, for his row."""
    if not supplier.declaration_reference_number:
        return None
    reference = supplier.existing_declaration
    state = reference.state if reference is not None else UpstreamState.UNKNOWN
    return {
        "reference_number": supplier.declaration_reference_number,
        "state_label": STATE_LABELS.get(state, state),
        "needs_action": state in NEEDS_ACTION,
    }


def upstream_attention_count(user) -> int:
    """How many of the account's references cannot be relied on as they stand."""
    return UpstreamReference.objects.filter(owner=user, state__in=NEEDS_ACTION).count()


def _views(references) -> list[dict[str, Any]]:
    return [
        {
            "reference": reference,
            "state_label": STATE_LABELS.get(reference.state, reference.state),
            "origin_label": ORIGIN_LABELS.get(reference.origin, reference.origin),
            "advice": UPSTREAM_ADVICE.get(reference.state, ""),
            "eu_status_label": label(EU_STATUS_LABELS, reference.eu_status) if reference.eu_status else "",
            "needs_action": reference.state in NEEDS_ACTION,
        }
        for reference in references
    ]


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("panel-upstream", per_minute=panel_actions_per_minute)
def upstream(request: HttpRequest) -> HttpResponse:
    # The API's plan gate (UpstreamReferenceViewSet.required_feature).
    if not request.user.plan.has_feature("dds"):
        context = {"not_in_plan": True, "plans": _plans_with("dds")}
        return render(request, "panel/upstream.html", context, status=403)
    if request.method == "POST" and request.POST.get("action") == "recheck":
        due = upstream_references_recheck_request(owner=request.user)
        text = ngettext(
            "%(count)s declaration will be checked again with the EU, at its pace, in the background.",
            "%(count)s declarations will be checked again with the EU, at its pace, in the background.",
            due,
        )
        messages.success(request, text % {"count": due})
        return redirect("panel-upstream")
    # Those needing action first, then the longest unchecked.
    attention = Case(
        When(state__in=NEEDS_ACTION, then=Value(0)), default=Value(1), output_field=IntegerField()
    )
    references = (
        UpstreamReference.objects.filter(owner=request.user)
        .select_related("submission__statement")
        .annotate(attention=attention)
        .order_by("attention", "-state_changed_at", "due_at", "id")
    )
    page = Paginator(references, PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "page": page,
        "page_query": "",
        "rows": _views(page),
        "attention": upstream_attention_count(request.user),
        "has_references": references.exists(),
    }
    return render(request, "panel/upstream.html", context)
