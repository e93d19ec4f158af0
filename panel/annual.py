"""The annual report on the due diligence system (Article 12(3)) and the record of the
system's reviews (Article 12(2)): open a year, write your parts, publish, download."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from accounts.limits import panel_actions_per_minute, rate_limited
from accounts.models import Plan
from annual.models import REPORT_LANGS, AnnualReport, DocumentStatus, SystemReview
from annual.services import (
    annual_pdf_obtain,
    annual_report_draft_content,
    annual_report_open,
    annual_report_public_url,
    annual_report_publish,
    annual_report_texts_set,
    annual_report_unpublish,
    system_review_record,
)
from panel.forms import AnnualReportOpenForm, AnnualReportTextsForm, SystemReviewForm


def _not_in_plan(request: HttpRequest) -> HttpResponse | None:
    if request.user.plan.has_feature("dds"):
        return None
    plans = [plan.name for plan in Plan.objects.all() if plan.has_feature("dds")]
    return render(request, "panel/annual_reports.html", {"not_in_plan": True, "plans": plans}, status=403)


def _own(request: HttpRequest, year: int) -> AnnualReport:
    report = AnnualReport.objects.filter(owner=request.user, year=year).first()
    if report is None:
        raise Http404
    return report


def _lang() -> str:
    language = (get_language() or REPORT_LANGS[0])[:2]
    return language if language in REPORT_LANGS else REPORT_LANGS[0]


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("panel-annual", per_minute=panel_actions_per_minute)
def annual_reports(request: HttpRequest) -> HttpResponse:
    refused = _not_in_plan(request)
    if refused:
        return refused
    action = request.POST.get("action") if request.method == "POST" else None
    open_form = AnnualReportOpenForm(request.POST if action == "open" else None)
    review_form = SystemReviewForm(request.POST if action == "review" else None)
    status = 200
    if action == "open":
        if open_form.is_valid():
            report = annual_report_open(owner=request.user, year=open_form.cleaned_data["year"])
            return redirect("panel-annual-report", year=report.year)
        status = 400
    elif action == "review":
        if review_form.is_valid():
            system_review_record(owner=request.user, **review_form.cleaned_data)
            messages.success(request, _("The review was recorded; it is kept for five years."))
            return redirect("panel-annual-reports")
        status = 400
    context = {
        "reports": AnnualReport.objects.filter(owner=request.user),
        "reviews": SystemReview.objects.filter(owner=request.user),
        "open_form": open_form,
        "review_form": review_form,
    }
    return render(request, "panel/annual_reports.html", context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("panel-annual", per_minute=panel_actions_per_minute)
def annual_report_detail(request: HttpRequest, year: int) -> HttpResponse:
    refused = _not_in_plan(request)
    if refused:
        return refused
    report = _own(request, year)
    action = request.POST.get("action") if request.method == "POST" else None
    texts_form = AnnualReportTextsForm(
        request.POST if action == "texts" else None,
        initial={"system_description": report.system_description, "steps_taken": report.steps_taken},
    )
    if action == "texts" and texts_form.is_valid():
        annual_report_texts_set(report=report, **texts_form.cleaned_data)
        messages.success(request, _("Your texts were saved."))
        return redirect("panel-annual-report", year=report.year)
    if action == "publish":
        annual_report_publish(report=report)
        messages.success(request, _("The report is published; its figures are frozen as of now."))
        return redirect("panel-annual-report", year=report.year)
    if action == "unpublish":
        annual_report_unpublish(report=report)
        messages.success(request, _("The report's public page was taken down."))
        return redirect("panel-annual-report", year=report.year)
    context = {
        # The preview: what the public page and the PDF show, in the panel's language.
        **annual_report_draft_content(report=report, lang=_lang()),
        "texts_form": texts_form,
        "public_urls": [(lang, annual_report_public_url(report=report, lang=lang)) for lang in REPORT_LANGS]
        if report.is_published
        else [],
        "langs": REPORT_LANGS,
    }
    return render(request, "panel/annual_report.html", context, status=400 if action == "texts" else 200)


@never_cache
@login_required
@require_http_methods(["GET"])
@rate_limited("panel-annual", per_minute=panel_actions_per_minute)
def annual_report_pdf(request: HttpRequest, year: int) -> HttpResponse:
    refused = _not_in_plan(request)
    if refused:
        return refused
    report = _own(request, year)
    lang = request.GET.get("lang", REPORT_LANGS[0])
    lang = lang if lang in REPORT_LANGS else REPORT_LANGS[0]
    document = annual_pdf_obtain(report=report, lang=lang)
    if document.status == DocumentStatus.DONE:
        with document.file.open("rb") as stored:
            response = HttpResponse(stored.read(), content_type="application/pdf")
        response["Content-Disposition"] = f'attachment; filename="{document.filename}"'
        return response
    if document.status == DocumentStatus.FAILED:
        messages.error(request, document.error or _("The PDF could not be rendered."))
    else:
        messages.info(request, _("The PDF is being rendered; try the link again in a moment."))
    return redirect("panel-annual-report", year=report.year)
