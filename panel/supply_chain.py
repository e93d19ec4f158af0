"""The organisation's roles and their obligations, its suppliers and customers per
consignment, and the substantiated concerns it acted on (Article 5 as amended)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from accounts.limits import panel_actions_per_minute, rate_limited
from accounts.models import Plan
from compliance.downstream import (
    organisation_established_set,
    organisation_roles_get,
    organisation_roles_set,
    substantiated_concern_record,
    trading_partner_record_create,
)
from compliance.models import SubstantiatedConcern, TradingPartnerRecord
from panel.forms import OrganisationRolesForm, SubstantiatedConcernForm, TradingPartnerForm
from regulation.authorities import (
    DESIGNATION_STATUS,
    INFORM_BY,
    MINISTRY_PAGE,
    NOTICE_CONTENTS,
    competent_authorities,
)
from regulation.commodities import commodity_label
from regulation.roles import (
    DOWNSTREAM_ROLES,
    RECORDS_RETENTION_YEARS,
    ROLE_TITLES,
    ROLE_WHO,
    OrganisationRole,
    asks_for_reference_numbers,
    duties_for,
)

SHOWN = 50


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("panel-supply-chain", per_minute=panel_actions_per_minute)
def supply_chain(request: HttpRequest) -> HttpResponse:
    if not request.user.plan.has_feature("dds"):
        plans = [plan.name for plan in Plan.objects.all() if plan.has_feature("dds")]
        return render(request, "panel/supply_chain.html", {"not_in_plan": True, "plans": plans}, status=403)
    row = organisation_roles_get(account=request.user)
    action = request.POST.get("action") if request.method == "POST" else None
    roles_form = OrganisationRolesForm(
        request.POST if action == "roles" else None,
        initial={
            "roles": row.roles,
            "is_sme": {True: "yes", False: "no"}.get(row.is_sme, ""),
            "established_small_on": row.established_small_on,
        },
    )
    partner_form = TradingPartnerForm(request.POST if action == "partner" else None)
    concern_form = SubstantiatedConcernForm(request.POST if action == "concern" else None)
    status = 200
    if action == "roles":
        if roles_form.is_valid():
            organisation_roles_set(
                account=request.user,
                roles=roles_form.cleaned_data["roles"],
                is_sme=roles_form.cleaned_data["is_sme"],
            )
            organisation_established_set(
                account=request.user, established_small_on=roles_form.cleaned_data["established_small_on"]
            )
            messages.success(request, _("Your roles were saved."))
            return redirect("panel-supply-chain")
        status = 400
    elif action == "partner":
        if partner_form.is_valid():
            trading_partner_record_create(owner=request.user, livemode=True, **partner_form.cleaned_data)
            messages.success(request, _("The record was saved."))
            return redirect("panel-supply-chain")
        status = 400
    elif action == "concern":
        if concern_form.is_valid():
            substantiated_concern_record(owner=request.user, livemode=True, **concern_form.cleaned_data)
            messages.success(request, _("The concern and what you did were recorded."))
            return redirect("panel-supply-chain")
        status = 400
    today = timezone.localdate()
    obligations = [
        {
            "title": ROLE_TITLES[OrganisationRole(code)],
            "who": ROLE_WHO[OrganisationRole(code)],
            "duties": duties_for(
                OrganisationRole(code),
                sme=row.is_sme,
                on=today,
                established_small_on=row.established_small_on,
            ),
        }
        for code in row.roles
    ]
    context = {
        "roles": row,
        "roles_form": roles_form,
        "partner_form": partner_form,
        "concern_form": concern_form,
        "obligations": obligations,
        "downstream": bool(DOWNSTREAM_ROLES & set(row.roles)),
        "asks_for_reference_numbers": asks_for_reference_numbers(row.roles),
        "retention_years": RECORDS_RETENTION_YEARS,
        "partners": TradingPartnerRecord.objects.filter(owner=request.user, livemode=True)[:SHOWN],
        "concerns": SubstantiatedConcern.objects.filter(owner=request.user, livemode=True)[:SHOWN],
        "authorities": [
            {
                "commodities": ", ".join(commodity_label(code) for code in sorted(row.commodities)),
                "name_pl": row.name_pl,
                "name_en": row.name_en,
            }
            for row in competent_authorities()
        ],
        "authority_status": DESIGNATION_STATUS,
        "authority_page": MINISTRY_PAGE,
        "inform_by": INFORM_BY,
        "notice_contents": NOTICE_CONTENTS,
    }
    return render(request, "panel/supply_chain.html", context, status=status)
