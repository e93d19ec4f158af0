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

from accounts.limits import certificate_pages_per_minute, page_rate_limited
from compliance.plot_map import statement_map_svg
from compliance.services import dds_find_public
from eudr_service.lib.pdf import qr_svg_data_uri

CERT_LANGS = ("pl", "en")

# The page's texts; two languages, so a table is simpler than gettext catalogues.
# No "certificate" anywhere: no certification exists under Regulation (EU)
# 2023/1115 (Article 4(3): the operator takes responsibility by submitting
# the statement). The page shows a screening result and what it rests on.
TEXTS: dict[str, dict[str, str]] = {
    "pl": {
        "title": "Status oświadczenia o należytej staranności",
        "title_sd": "Status deklaracji uproszczonej",
        "sd_id": "Identyfikator deklaracji uproszczonej",
        "document_type": "Dokument",
        "kind_sd": "deklaracja uproszczona mikro lub małego podmiotu pierwotnego (załącznik III)",
        "kind_dds": "oświadczenie o należytej staranności (załącznik II)",
        "verified": "Zweryfikowano",
        "in_progress": "Weryfikacja w toku",
        "none": "Brak weryfikacji",
        "dds_id": "Identyfikator DDS",
        "status": "Status",
        "operator": "Operator",
        "identity_confirmed": "tożsamość potwierdzona przez nasz zespół",
        "identity_unconfirmed": "Tożsamość operatora nie została potwierdzona",
        "identity_unconfirmed_note": (
            "Operator wskazany w oświadczeniu nie jest zweryfikowaną organizacją konta, które je złożyło. "
            "Dlatego ta strona nie pokazuje oświadczenia jako zweryfikowanego ani ważnego."
        ),
        "held_by_identity": "tożsamość operatora nie została potwierdzona",
        "name_as_filed": "nazwa podana w oświadczeniu",
        "representative": "złożone przez upoważnionego przedstawiciela",
        "commodity": "Towar",
        "country": "Kraj produkcji",
        "benchmark": "klasa ryzyka kraju (UE 2025/1093)",
        "risk_level": "Poziom ryzyka",
        "checked": "Co sprawdzono",
        "rule": "Reguła",
        "decided_by": "Kto zdecydował",
        "decided_at": "Kiedy",
        "automatic_screening": "automatyczna weryfikacja usługi",
        "staff": "pracownik",
        "operator_decision": "operator",
        "layers": "Warstwy leśne, które odpowiedziały",
        "no_layers": "żadna — brak danych o lesie dla działek",
        "plots_with_evidence": "Działki z danymi o utracie lasu",
        "methodology": "Wersja metodyki",
        "warnings": "Ostrzeżenia",
        "attestation": "Oświadczenie złożył(a)",
        "verified_at": "Zweryfikowano",
        "valid_until": "Wynik ważny do",
        "expired_on": "Wynik wygasł",
        "eu_reference": "Numer referencyjny UE",
        "eu_verification": "Numer weryfikacyjny UE",
        "qr_alt": "Kod QR z adresem tej strony",
        "qr_caption": "Zeskanuj, aby sprawdzić aktualny status.",
        "disclaimer": (
            "Ta strona pokazuje wynik weryfikacji przeprowadzonej przez naszą usługę "
            "i dane, na których się opiera. Nie jest to certyfikacja: rozporządzenie "
            "(UE) 2023/1115 jej nie przewiduje, a operator bierze "
            "odpowiedzialność, składając oświadczenie (art. 4 ust. 3)."
        ),
        "disclaimer_sd": (
            "Ta strona pokazuje wynik weryfikacji przeprowadzonej przez naszą usługę "
            "i dane, na których się opiera. Nie jest to certyfikacja: rozporządzenie "
            "(UE) 2023/1115 jej nie przewiduje; odpowiedzialność ponosi podmiot, który "
            "złożył deklarację uproszczoną."
        ),
        "not_found_title": "Nie znaleziono oświadczenia",
        "not_found": "Nie ma publicznego oświadczenia o należytej staranności o identyfikatorze",
        "switch": "English",
        "map": "Mapa działek",
        "map_note": "Numery działek jak w oświadczeniu; kolor i legenda: poziom ryzyka.",
        "geolocation_confidential": (
            "Operator zastrzegł poufność geolokalizacji działek: ta strona nie pokazuje ich położenia."
        ),
    },
    "en": {
        "title": "Due diligence statement status",
        "title_sd": "Simplified declaration status",
        "sd_id": "Simplified declaration identifier",
        "document_type": "Document",
        "kind_sd": "simplified declaration of a micro or small primary operator (Annex III)",
        "kind_dds": "due diligence statement (Annex II)",
        "verified": "Verified",
        "in_progress": "Verification in progress",
        "none": "No verification",
        "dds_id": "DDS identifier",
        "status": "Status",
        "operator": "Operator",
        "identity_confirmed": "identity confirmed by our staff",
        "identity_unconfirmed": "The operator's identity is not confirmed",
        "identity_unconfirmed_note": (
            "The operator named in this statement is not a verified organisation of the account "
            "that filed it. This page therefore does not show the statement as verified or valid."
        ),
        "held_by_identity": "the operator's identity is not confirmed",
        "name_as_filed": "name as given in the statement",
        "representative": "filed by an authorised representative",
        "commodity": "Commodity",
        "country": "Country of production",
        "benchmark": "country risk class (EU 2025/1093)",
        "risk_level": "Risk level",
        "checked": "What was checked",
        "rule": "Rule",
        "decided_by": "Decided by",
        "decided_at": "When",
        "automatic_screening": "the service's automatic screening",
        "staff": "staff member",
        "operator_decision": "the operator",
        "layers": "Forest layers that answered",
        "no_layers": "none — no forest data for the plots",
        "plots_with_evidence": "Plots with forest-loss data",
        "methodology": "Methodology version",
        "warnings": "Warnings",
        "attestation": "Attested by",
        "verified_at": "Verified at",
        "valid_until": "Result valid until",
        "expired_on": "Result expired on",
        "eu_reference": "EU reference number",
        "eu_verification": "EU verification number",
        "qr_alt": "QR code with the address of this page",
        "qr_caption": "Scan to check the current status.",
        "disclaimer": (
            "This page shows the result of a screening by our service and the evidence "
            "it rests on. It is not a certification: Regulation (EU) 2023/1115 provides "
            "none, and the operator takes responsibility by submitting the statement "
            "(Article 4(3))."
        ),
        "disclaimer_sd": (
            "This page shows the result of a screening by our service and the evidence "
            "it rests on. It is not a certification: Regulation (EU) 2023/1115 provides "
            "none; the operator that filed the simplified declaration is responsible."
        ),
        "not_found_title": "Statement not found",
        "not_found": "There is no public due diligence statement with the identifier",
        "switch": "Polski",
        "map": "Map of the plots",
        "map_note": "Plot numbers as in the statement; colour and legend: risk level.",
        "geolocation_confidential": (
            "The operator keeps the plots' geolocation confidential: this page does not show where they are."
        ),
    },
}
# What each verdict rule means, for people (codes: compliance.screening.Rule).
RULE_TEXTS: dict[str, dict[str, str]] = {
    "pl": {
        "filed": "złożone, czeka na weryfikację",
        "article_13_low_risk": (
            "kraj niskiego ryzyka (art. 13, uproszczona należyta staranność); żadne dane temu nie przeczą"
        ),
        "forest_evidence_clear": "dane o lesie obejmują działki; brak utraty lasu po 31.12.2020",
        "insufficient_evidence": "brak danych o lesie dla działek w kraju standardowego lub wysokiego ryzyka",
        "forest_loss_after_cutoff": "dane pokazują utratę lasu na działce po 31.12.2020",
        "high_risk": "wysokie ryzyko: sprawdza pracownik",
        "critical_risk": "krytyczne ryzyko",
        "plot_location_unconfirmed": "położenie działki nie zgadza się z krajem produkcji",
        "postal_address_low_risk": (
            "grunt wskazany adresem pocztowym (art. 4a ust. 5) w kraju niskiego ryzyka; bez geolokalizacji"
        ),
        "plot_not_screened": "działki nie udało się sprawdzić",
        "geolocation_missing": "towar bez żadnej działki: brak geolokalizacji do sprawdzenia",
        "staff_decision": "decyzja pracownika",
    },
    "en": {
        "filed": "filed, awaiting screening",
        "article_13_low_risk": (
            "low-risk country (Article 13, simplified due diligence); no evidence contradicts it"
        ),
        "forest_evidence_clear": "forest data cover the plots; no forest loss after 2020-12-31",
        "insufficient_evidence": "no forest data for plots in a standard- or high-risk country",
        "forest_loss_after_cutoff": "the data show forest loss on a plot after 2020-12-31",
        "high_risk": "high risk: reviewed by staff",
        "critical_risk": "critical risk",
        "plot_location_unconfirmed": "a plot's location does not match the country of production",
        "postal_address_low_risk": (
            "land given as a postal address (Art. 4a(5)) in a low-risk country; no geolocation"
        ),
        "plot_not_screened": "a plot could not be screened",
        "geolocation_missing": "a commodity without any plot: no geolocation to screen",
        "staff_decision": "staff decision",
    },
}
STATUS_TEXTS: dict[str, dict[str, str]] = {
    "pl": {
        "SUBMITTED": "złożona",
        "UNDER_REVIEW": "w weryfikacji",
        "COMPLIANT": "zgodna",
        "AT_RISK": "zagrożona",
        "NON_COMPLIANT": "niezgodna",
        "WITHDRAWN": "wycofana",
        "EXPIRED": "wygasła",
    },
    "en": {
        "SUBMITTED": "submitted",
        "UNDER_REVIEW": "under review",
        "COMPLIANT": "compliant",
        "AT_RISK": "at risk",
        "NON_COMPLIANT": "non-compliant",
        "WITHDRAWN": "withdrawn",
        "EXPIRED": "expired",
    },
}
BENCHMARK_TEXTS = {
    "pl": {"low": "niskie", "standard": "standardowe", "high": "wysokie"},
    "en": {"low": "low", "standard": "standard", "high": "high"},
}
RISK_TEXTS = {
    "pl": {"low": "niskie", "medium": "średnie", "high": "wysokie", "critical": "krytyczne"},
    "en": {"low": "low", "medium": "medium", "high": "high", "critical": "critical"},
}


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
        return render(request, "compliance/certificate_not_found.html", context, status=404)
    identity = statement.operator_identity()
    # The status the verify record shows: UNDER_REVIEW for a COMPLIANT screening of an
    # unconfirmed operator (held_by_identity says why).
    status = statement.public_status(identity_confirmed=identity["confirmed"])
    own_url = certificate_url(dds_id=statement.dds_id, lang=lang)
    evidence = statement.evidence()
    badge = statement.badge(identity_confirmed=identity["confirmed"])
    simplified = statement.is_simplified
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
        benchmark_text=BENCHMARK_TEXTS[lang].get(
            evidence["country_benchmark"].get(statement.country_of_production) or "", ""
        ),
        badge=badge,
        # A COMPLIANT screening shown as "in progress" only because the operator is unconfirmed.
        held_by_identity=statement.effective_status() == "COMPLIANT" and not identity["confirmed"],
        identity=identity,
        operator_name=statement.public_operator_name(identity_confirmed=identity["confirmed"]),
        validity=statement.public_validity(identity_confirmed=identity["confirmed"]),
        evidence=evidence,
        attestation=statement.attestation(),
        own_url=own_url,
        qr_data_uri=qr_svg_data_uri(own_url),
        # Confidential geolocation (V3 geoLocationConfidential) is not shown to the public either.
        plot_map=""
        if statement.geolocation_confidential
        else statement_map_svg(statement=statement, lang=lang),
    )
    return render(request, "compliance/certificate.html", context)
