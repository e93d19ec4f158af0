"""The public status page of a statement (HTML, printable, Polish or English).

The URL stays `/cert/<dds_id>` (it is printed in QR codes and PDFs), but the
page is the statement's status page: no certification exists under the
regulation.
"""

from __future__ import annotations

from urllib.parse import quote

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from accounts.limits import certificate_pages_per_minute, page_rate_limited
from compliance.labels import BENCHMARK_TEXTS, RISK_TEXTS, RULE_TEXTS, STATUS_TEXTS
from compliance.plot_map import statement_map_svg
from compliance.public_record import statement_public_record
from compliance.services import dds_find_public
from eudr_service.lib.i18n import by_language
from eudr_service.lib.pdf import qr_svg_data_uri
from regulation.commodities import commodity_label
from risk.engine import warning_label

CERT_LANGS = ("pl", "en")

# The page's texts (gettext messages, read in the page's own `?lang=`).
# No "certificate" anywhere: no certification exists under Regulation (EU)
# 2023/1115 (Article 4(3): the operator takes responsibility by submitting
# the statement). The page shows a screening result and what it rests on.
MESSAGES = {
    "title": _("Due diligence statement status"),
    "title_sd": _("Simplified declaration status"),
    "sd_id": _("Simplified declaration identifier"),
    "document_type": _("Document"),
    "kind_sd": _("simplified declaration of a micro or small primary operator (Annex III)"),
    "kind_dds": _("due diligence statement (Annex II)"),
    "verified": _("Verified"),
    "in_progress": _("Verification in progress"),
    "none": _("No verification"),
    "dds_id": _("DDS identifier"),
    "status": _("Status"),
    "operator": pgettext_lazy("status page", "Operator"),
    "identity_confirmed": _("identity confirmed by our staff"),
    "identity_unconfirmed": _("The operator's identity is not confirmed"),
    "identity_unconfirmed_note": _(
        "The operator named in this statement is not a verified organisation of the account that filed it. "
        "This page therefore does not show the statement as verified or valid."
    ),
    "held_by_identity": _("the operator's identity is not confirmed"),
    "name_as_filed": _("name as given in the statement"),
    "representative": _("filed by an authorised representative"),
    "filed_by": _("Filed by"),
    "representative_role": _("authorised representative (Regulation (EU) 2023/1115, Article 6)"),
    "representative_confirmed": _("confirmed by our staff as authorised representative"),
    "representative_unconfirmed": _("not confirmed by our staff as authorised representative"),
    "representative_unconfirmed_note": _(
        "This declaration was filed by an authorised representative our staff have not confirmed. "
        "This page therefore does not show it as verified or valid."
    ),
    "mandate": _("Mandate"),
    "mandate_signed_document": _("a signed authorisation reviewed by our staff"),
    "mandate_email_confirmation": _("a confirmation by e-mail link"),
    "mandate_confirmed_at": _("confirmed"),
    "operator_identity_basis": _("Operator's identity"),
    "operator_verified_by_staff": _("a registered organisation verified by our staff"),
    "operator_signed_authorisation_reviewed_by_staff": _("as in the signed authorisation our staff reviewed"),
    "operator_declared_by_representative": _(
        "declared by the representative, confirmed by e-mail link (not verified)"
    ),
    "eu_status": _("Status in the EU Information System"),
    "commodity": _("Commodity"),
    "country": _("Country of production"),
    "benchmark": _("country risk class (EU 2025/1093)"),
    "risk_level": _("Risk level"),
    "checked": _("What was checked"),
    "rule": _("Rule"),
    "decided_by": _("Decided by"),
    "decided_at": _("When"),
    "automatic_screening": _("the service's automatic screening"),
    "staff": _("staff member"),
    "operator_decision": _("the operator"),
    "layers": _("Forest layers that answered"),
    "no_layers": _("none — no forest data for the plots"),
    "plots_with_evidence": _("Plots with forest-loss data"),
    "methodology": _("Methodology version"),
    "warnings": _("Warnings"),
    "attestation": _("Attested by"),
    "evidence_record": _("Signed evidence record"),
    "verified_at": _("Verified at"),
    "valid_until": _("Result valid until"),
    "expired_on": _("Result expired on"),
    "eu_reference": _("EU reference number"),
    "eu_verification": _("EU verification number"),
    "qr_alt": _("QR code with the address of this page"),
    "qr_caption": _("Scan to check the current status."),
    "disclaimer": _(
        "This page shows the result of a screening by our service and the evidence it rests on. It is not a "
        "certification: Regulation (EU) 2023/1115 provides none, and the operator takes responsibility by "
        "submitting the statement (Article 4(3))."
    ),
    "disclaimer_sd": _(
        "This page shows the result of a screening by our service and the evidence it rests on. It is not a "
        "certification: Regulation (EU) 2023/1115 provides none; the operator that filed the simplified "
        "declaration is responsible."
    ),
    "not_found_title": _("Statement not found"),
    "not_found": _("There is no public due diligence statement with the identifier"),
    "map": _("Map of the plots"),
    "map_note": _("Plot numbers as in the statement; colour and legend: risk level."),
    "geolocation_confidential": _(
        "The operator keeps the plots' geolocation confidential: this page does not show where they are."
    ),
}
TEXTS = by_language(MESSAGES)


def certificate_lang(raw: str | None) -> str:
    raw = (raw or "").strip().lower()
    return raw if raw in CERT_LANGS else CERT_LANGS[0]


def certificate_url(*, dds_id: str, lang: str) -> str:
    """The page's own public address (from PUBLIC_BASE_URL, never the Host header)."""
    url = f"{settings.PUBLIC_BASE_URL}/cert/{quote(dds_id, safe='')}"
    return url if lang == CERT_LANGS[0] else f"{url}?lang={lang}"


@page_rate_limited("certificate", per_minute=certificate_pages_per_minute)
def certificate_page(request: HttpRequest, dds_id: str) -> HttpResponse:
    """GET /cert/{dds_id}?lang=pl|en: the statement's printable public status page."""
    lang = certificate_lang(request.GET.get("lang"))
    other = CERT_LANGS[1] if lang == CERT_LANGS[0] else CERT_LANGS[0]
    context = {"lang": lang, "other_lang": other, "t": TEXTS[lang], "dds_id": dds_id}
    statement = dds_find_public(raw_id=dds_id)
    if statement is None:
        with translation.override(lang):
            return render(request, "compliance/certificate_not_found.html", context, status=404)
    identity = statement.operator_identity()
    # The facts the verify record, the widget and the evidence record show, from the one
    # function that computes them: UNDER_REVIEW for a COMPLIANT screening of an unconfirmed
    # operator (held_by_identity says why).
    facts = statement_public_record(statement)
    identity["confirmed"] = facts.identity_confirmed
    status = facts.status
    own_url = certificate_url(dds_id=statement.dds_id, lang=lang)
    evidence = statement.evidence()
    badge = facts.badge
    simplified = statement.is_simplified
    with translation.override(lang):
        commodity_text = commodity_label(statement.commodity)
        warnings = [warning_label(warning) for warning in evidence["warnings"]]
    context.update(
        statement=statement,
        title=TEXTS[lang]["title_sd" if simplified else "title"],
        id_label=TEXTS[lang]["sd_id" if simplified else "dds_id"],
        kind_text=TEXTS[lang]["kind_sd" if simplified else "kind_dds"],
        disclaimer=TEXTS[lang]["disclaimer_sd" if simplified else "disclaimer"],
        status=status,
        expired=status == "EXPIRED",
        status_text=STATUS_TEXTS[lang].get(status, status),
        risk_text=RISK_TEXTS[lang].get(statement.risk_level, statement.risk_level),
        rule_text=RULE_TEXTS[lang].get(evidence["rule"], evidence["rule"]),
        commodity_text=commodity_text,
        warnings=warnings,
        benchmark_text=BENCHMARK_TEXTS[lang].get(
            evidence["country_benchmark"].get(statement.country_of_production) or "", ""
        ),
        badge=badge,
        # A COMPLIANT screening shown as "in progress" only because the operator is unconfirmed.
        held_by_identity=statement.effective_status() == "COMPLIANT" and not identity["confirmed"],
        identity=identity,
        operator_name=facts.operator_name,
        validity=facts.validity,
        filed_by=facts.filed_by,
        mandate=facts.mandate,
        mandate_text=TEXTS[lang].get(f"mandate_{facts.mandate['basis']}", "") if facts.mandate else "",
        operator_identity_text=TEXTS[lang].get(f"operator_{facts.mandate['operator_identity']}", "")
        if facts.mandate
        else "",
        eu_status=facts.eu_status,
        evidence=evidence,
        attestation=statement.attestation(),
        own_url=own_url,
        qr_data_uri=qr_svg_data_uri(own_url),
        # Confidential geolocation (V3 geoLocationConfidential) is not shown to the public either.
        plot_map=""
        if statement.geolocation_confidential
        else statement_map_svg(statement=statement, lang=lang),
    )
    with translation.override(lang):
        return render(request, "compliance/certificate.html", context)
