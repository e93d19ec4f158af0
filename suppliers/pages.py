"""The supplier's page behind the one-time e-mail link: what would be filed, confirm, revoke.

Public (the link is the credential): rate-limited per client network like the status
page, no account needed, `?lang=pl|en` (Polish by default: the suppliers are Polish
farmers and forest owners). Nothing on the page comes from data unescaped.

The page shows what the mandate authorises (kept with it when it was asked), never the
roster's current row: after a re-upload changed the person or the land, the first person's
link still shows their own data, with the mandate out of force.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from accounts.limits import certificate_pages_per_minute, page_rate_limited
from compliance.labels import STATUS_LABELS, label
from regulation.annex_i import annex_lines
from regulation.commodities import commodity_label
from suppliers.mandates import MandateRefused, buyer_name, mandate_by_token, mandate_confirm, mandate_revoke
from suppliers.models import BulkFiling, BulkFilingRow, MandateStatus, RowState, SupplierMandate

LANGS = ("pl", "en")
# The state's colour, as the status page's badge: in force, waiting, or not in force.
STATE_BADGES = {
    MandateStatus.ACTIVE: "verified",
    MandateStatus.REQUESTED: "in_progress",
    MandateStatus.PENDING_REVIEW: "in_progress",
}
# Units as the roster takes them (kg, szt, m3), named for a person, not by their EU code.
UNIT_WORDS = {
    "kg": _("kg"),
    "NAR": _("head or pieces (szt.)"),
    "MTQ": _("m³"),
    "MTK": _("m²"),
    "MTR": _("m"),
    "KSD": _("kg of dry matter at 90 per cent"),
    "NPR": _("pairs"),
}


def _goods(mandate: SupplierMandate, commodity: str) -> dict[str, Any]:
    """The goods and HS code the buyer files for this commodity: those of its newest filing
    that named them; before any filing, the Annex I headings the buyer will choose from."""
    newest = (
        BulkFiling.objects.filter(owner_id=mandate.supplier.owner_id, livemode=mandate.supplier.livemode)
        .order_by("-created_at", "-id")
        .values_list("options", flat=True)[:20]
    )
    for options in newest:
        goods = (options or {}).get("goods", {}).get(commodity)
        if goods:
            return {"description": goods["description"], "hs_codes": [goods["hs_heading"]], "chosen": True}
    lines = annex_lines(commodity=commodity, on=timezone.now().date())
    return {"description": "", "hs_codes": [line.hs_code for line in lines], "chosen": False}


def _filed(mandate: SupplierMandate) -> list[dict[str, str]]:
    """What was filed for the person and land of this mandate: under it, or under an earlier
    mandate of the same roster row that authorised the very same data (never a declaration
    filed for another person who later took the row)."""
    own = mandate.authorised_facts()
    rows = (
        BulkFilingRow.objects.filter(supplier_id=mandate.supplier_id, state=RowState.FILED)
        .select_related("statement", "mandate")
        .order_by("-id")[:100]
    )
    return [
        {"id": row.statement.dds_id, "status": label(STATUS_LABELS, row.statement.effective_status())}
        for row in rows
        if row.mandate is not None and (row.mandate_id == mandate.pk or row.mandate.authorised_facts() == own)
    ][:20]


def _context(mandate: SupplierMandate, lang: str, problem: str) -> dict[str, Any]:
    authorised = mandate.authorised_supplier()
    return {
        "lang": lang,
        "other_lang": LANGS[1] if lang == LANGS[0] else LANGS[0],
        "buyer": buyer_name(mandate.supplier),
        "supplier": authorised,
        "commodity": commodity_label(authorised.commodity),
        "goods": _goods(mandate, authorised.commodity),
        "unit": UNIT_WORDS.get(authorised.unit, authorised.unit),
        "mandate": mandate,
        "badge": STATE_BADGES.get(mandate.status, "none"),
        "can_confirm": mandate.status == MandateStatus.REQUESTED,
        "can_revoke": mandate.status in (MandateStatus.ACTIVE, MandateStatus.REQUESTED),
        "filed": _filed(mandate),
        "problem": problem,
    }


@page_rate_limited("mandate", per_minute=certificate_pages_per_minute)
@require_http_methods(["GET", "POST"])
def mandate_page(request: HttpRequest, token: str) -> HttpResponse:
    lang = request.GET.get("lang") if request.GET.get("lang") in LANGS else LANGS[0]
    mandate = mandate_by_token(token)
    with translation.override(lang):
        if mandate is None:
            return render(request, "suppliers/mandate_unknown.html", {"lang": lang}, status=404)
        problem = ""
        if request.method == "POST":
            try:
                if request.POST.get("decision") == "confirm":
                    mandate_confirm(mandate)
                elif request.POST.get("decision") == "revoke":
                    mandate_revoke(mandate)
                return redirect(f"{request.path}?lang={lang}")
            except MandateRefused as exc:
                problem = exc.code
            mandate.refresh_from_db()
        context = _context(mandate, lang, problem)
        return render(request, "suppliers/mandate.html", context, status=409 if problem else 200)
