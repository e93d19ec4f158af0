"""The supplier's page behind the one-time e-mail link: what would be filed, confirm, revoke.

Public (the link is the credential): rate-limited per client network like the status
page, no account needed, `?lang=pl|en` (Polish by default: the suppliers are Polish
farmers and forest owners). Nothing on the page comes from data unescaped.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.views.decorators.http import require_http_methods

from accounts.limits import certificate_pages_per_minute, page_rate_limited
from compliance.labels import STATUS_LABELS, label
from regulation.commodities import commodity_label
from suppliers.mandates import MandateRefused, buyer_name, mandate_by_token, mandate_confirm, mandate_revoke
from suppliers.models import BulkFilingRow, MandateStatus, RowState

LANGS = ("pl", "en")


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
        supplier = mandate.supplier
        context = {
            "lang": lang,
            "other_lang": LANGS[1] if lang == LANGS[0] else LANGS[0],
            "buyer": buyer_name(supplier),
            "supplier": supplier,
            "commodity": commodity_label(supplier.commodity),
            "mandate": mandate,
            "can_confirm": mandate.status == MandateStatus.REQUESTED,
            "can_revoke": mandate.status in (MandateStatus.ACTIVE, MandateStatus.REQUESTED),
            # What was filed in the supplier's name, with its public status page.
            "filed": [
                {"id": row.statement.dds_id, "status": label(STATUS_LABELS, row.statement.effective_status())}
                for row in BulkFilingRow.objects.filter(supplier=supplier, state=RowState.FILED)
                .select_related("statement")
                .order_by("-id")[:20]
            ],
            "problem": problem,
        }
        return render(request, "suppliers/mandate.html", context, status=409 if problem else 200)
