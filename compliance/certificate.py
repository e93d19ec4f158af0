"""The public certificate page of a statement (HTML, printable, Polish or English)."""

from __future__ import annotations

from urllib.parse import quote

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_ratelimit.decorators import ratelimit

from compliance.services import dds_find_public
from eudr_service.lib.pdf import qr_svg_data_uri

CERT_LANGS = ("pl", "en")

# The page's texts; two languages, so a table is simpler than gettext catalogues.
TEXTS: dict[str, dict[str, str]] = {
    "pl": {
        "title": "Certyfikat zgodności EUDR",
        "verified": "Zweryfikowano",
        "in_progress": "Weryfikacja w toku",
        "none": "Brak weryfikacji",
        "dds_id": "Identyfikator DDS",
        "status": "Status",
        "operator": "Operator",
        "commodity": "Towar",
        "country": "Kraj produkcji",
        "risk_level": "Poziom ryzyka",
        "verified_at": "Zweryfikowano",
        "valid_until": "Ważny do",
        "eu_reference": "Numer referencyjny UE",
        "eu_verification": "Numer weryfikacyjny UE",
        "qr_alt": "Kod QR z adresem tego certyfikatu",
        "qr_caption": "Zeskanuj, aby sprawdzić aktualny status.",
        "not_found_title": "Nie znaleziono deklaracji",
        "not_found": "Nie ma publicznej deklaracji DDS o identyfikatorze",
        "switch": "English",
    },
    "en": {
        "title": "EUDR compliance certificate",
        "verified": "Verified",
        "in_progress": "Verification in progress",
        "none": "No verification",
        "dds_id": "DDS identifier",
        "status": "Status",
        "operator": "Operator",
        "commodity": "Commodity",
        "country": "Country of production",
        "risk_level": "Risk level",
        "verified_at": "Verified at",
        "valid_until": "Valid until",
        "eu_reference": "EU reference number",
        "eu_verification": "EU verification number",
        "qr_alt": "QR code with the address of this certificate",
        "qr_caption": "Scan to check the current status.",
        "not_found_title": "Statement not found",
        "not_found": "There is no public DDS with the identifier",
        "switch": "Polski",
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


@ratelimit(key="ip", rate=lambda group, request: f"{settings.VERIFY_ANON_PER_MINUTE}/m")
def certificate_page(request: HttpRequest, dds_id: str) -> HttpResponse:
    """GET /cert/{dds_id}?lang=pl|en: printable certificate of a statement."""
    if getattr(request, "limited", False):
        return render(request, "429.html", status=429, headers={"Retry-After": "60"})
    lang = certificate_lang(request.GET.get("lang"))
    other = CERT_LANGS[1] if lang == CERT_LANGS[0] else CERT_LANGS[0]
    context = {"lang": lang, "other_lang": other, "t": TEXTS[lang], "dds_id": dds_id}
    statement = dds_find_public(raw_id=dds_id)
    if statement is None:
        return render(request, "compliance/certificate_not_found.html", context, status=404)
    status = statement.effective_status()
    own_url = certificate_url(dds_id=statement.dds_id, lang=lang)
    context.update(
        statement=statement,
        status=status,
        status_text=STATUS_TEXTS[lang].get(status, status),
        risk_text=RISK_TEXTS[lang].get(statement.risk_level, statement.risk_level),
        badge=statement.badge(),
        own_url=own_url,
        qr_data_uri=qr_svg_data_uri(own_url),
    )
    return render(request, "compliance/certificate.html", context)
