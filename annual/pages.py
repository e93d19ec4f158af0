"""The public page of a published annual report: no key, Polish by default, `?lang=en`."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation

from accounts.limits import certificate_pages_per_minute, page_rate_limited
from annual.labels import TEXTS
from annual.models import REPORT_LANGS
from annual.services import annual_report_content, annual_report_find_public, annual_report_public_url


def report_lang(raw: str | None) -> str:
    raw = (raw or "").strip().lower()
    return raw if raw in REPORT_LANGS else REPORT_LANGS[0]


@page_rate_limited("annual-report", per_minute=certificate_pages_per_minute)
def annual_report_page(request: HttpRequest, public_id: str) -> HttpResponse:
    lang = report_lang(request.GET.get("lang"))
    other = REPORT_LANGS[1] if lang == REPORT_LANGS[0] else REPORT_LANGS[0]
    report = annual_report_find_public(public_id=public_id)
    with translation.override(lang):
        if report is None:
            context = {"lang": lang, "other_lang": other, "t": TEXTS[lang]}
            return render(request, "annual/not_found.html", context, status=404)
        context = annual_report_content(report=report, lang=lang)
        context.update(other_lang=other, own_url=annual_report_public_url(report=report, lang=lang))
        return render(request, "annual/public.html", context)
