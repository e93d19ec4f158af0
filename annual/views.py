"""Annual report endpoints (feature `dds`, live keys only: the report is the account's
public statement). Thin: validate, call services, answer."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.permissions import LIVE_ONLY
from annual.models import REPORT_LANGS, AnnualReport, DocumentStatus, SystemReview
from annual.serializers import (
    AnnualReportInSerializer,
    AnnualReportOutSerializer,
    AnnualReportTextsSerializer,
    SystemReviewSerializer,
)
from annual.services import (
    annual_pdf_obtain,
    annual_report_duty,
    annual_report_open,
    annual_report_public_url,
    annual_report_publish,
    annual_report_snapshot,
    annual_report_texts_set,
    annual_report_unpublish,
    system_review_record,
)
from eudr_service.lib.jobs import prefers_async
from eudr_service.lib.openapi import PROBLEM_RESPONSES, ProblemSerializer
from eudr_service.lib.problems import Problem
from eudr_service.lib.renderers import PDFRenderer
from eudr_service.lib.versioning import api_url

POLL_AFTER_SECONDS = "2"
_YEAR = OpenApiParameter("year", OpenApiTypes.INT, OpenApiParameter.PATH)
_LANG = OpenApiParameter("lang", OpenApiTypes.STR, OpenApiParameter.QUERY, enum=list(REPORT_LANGS))
_ERRORS = {code: PROBLEM_RESPONSES[code] for code in (401, 403, 404, 429)}
_ABOUT = (
    "The yearly public report on the due diligence system (Article 12(3) of Regulation (EU) 2023/1115 "
    "as amended): figures computed from the account's records for the calendar year (never typed), the "
    "operator's own texts, and the year's reviews of the system (Article 12(2)). Unpublished, it has no "
    "public page; publishing freezes the figures."
)


def _shown(snapshot: dict[str, Any]) -> dict[str, Any]:
    return {**snapshot, "computed_at": datetime.fromisoformat(snapshot["computed_at"])}


def report_out(report: AnnualReport) -> dict[str, Any]:
    return AnnualReportOutSerializer(
        {
            "year": report.year,
            "duty": annual_report_duty(owner=report.owner),
            "published_at": report.published_at,
            "public_url": annual_report_public_url(report=report) if report.is_published else None,
            "draft": _shown(annual_report_snapshot(report=report)),
            "published": _shown(report.figures) if report.is_published else None,
        }
    ).data


def _own_report(request: Request, year: Any) -> AnnualReport:
    # Another account's report is indistinguishable from one that does not exist; so is a
    # path that is not a year (matched here, not by a converter, so it answers problem+json).
    if not re.fullmatch(r"\d{4}", str(year)):
        raise Problem(404, "not_found", "No annual report of this year; create it first.")
    report = AnnualReport.objects.filter(owner=request.user, year=int(year)).first()
    if report is None:
        raise Problem(404, "not_found", "No annual report of this year; create it first.")
    return report


class AnnualReportViewSet(viewsets.ViewSet):
    # /api/eudr/v1/annual-reports: one report per calendar year of the account.

    required_feature = "dds"
    test_key_policy = LIVE_ONLY
    lookup_field = "year"

    @extend_schema(
        operation_id="annual_reports_list",
        summary="List your annual due diligence reports",
        description=_ABOUT,
        responses={200: AnnualReportOutSerializer(many=True), **_ERRORS},
        tags=["annual-report"],
    )
    def list(self, request: Request) -> Response:
        return Response([report_out(report) for report in AnnualReport.objects.filter(owner=request.user)])

    @extend_schema(
        operation_id="annual_reports_create",
        summary="Open the annual report of a year (and write your parts)",
        description=_ABOUT + " Opening a year that exists answers it (200) with the texts given saved.",
        request=AnnualReportInSerializer,
        responses={
            201: AnnualReportOutSerializer,
            200: AnnualReportOutSerializer,
            400: PROBLEM_RESPONSES[400],
        },
        tags=["annual-report"],
    )
    def create(self, request: Request) -> Response:
        body = AnnualReportInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        existed = AnnualReport.objects.filter(owner=request.user, year=body.validated_data["year"]).exists()
        report = annual_report_open(owner=request.user, year=body.validated_data["year"])
        if {"system_description", "steps_taken"} & body.validated_data.keys():
            annual_report_texts_set(
                report=report,
                system_description=body.validated_data.get("system_description", report.system_description),
                steps_taken=body.validated_data.get("steps_taken", report.steps_taken),
            )
        return Response(report_out(report), status=200 if existed else 201)

    @extend_schema(
        operation_id="annual_reports_retrieve",
        summary="An annual report: its figures, your texts, the year's reviews",
        description=_ABOUT,
        parameters=[_YEAR],
        responses={200: AnnualReportOutSerializer, **_ERRORS},
        tags=["annual-report"],
    )
    def retrieve(self, request: Request, year: Any) -> Response:
        return Response(report_out(_own_report(request, year)))

    @extend_schema(
        operation_id="annual_reports_update",
        summary="Write your parts of an annual report",
        description="The texts are yours and shown as yours; the figures cannot be written.",
        parameters=[_YEAR],
        request=AnnualReportTextsSerializer,
        responses={200: AnnualReportOutSerializer, 400: PROBLEM_RESPONSES[400], **_ERRORS},
        tags=["annual-report"],
    )
    def partial_update(self, request: Request, year: Any) -> Response:
        report = _own_report(request, year)
        body = AnnualReportTextsSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        annual_report_texts_set(
            report=report,
            system_description=body.validated_data.get("system_description", report.system_description),
            steps_taken=body.validated_data.get("steps_taken", report.steps_taken),
        )
        return Response(report_out(report))

    @extend_schema(
        operation_id="annual_reports_publish",
        summary="Publish an annual report (freezes its figures; opens its public page)",
        parameters=[_YEAR],
        request=None,
        responses={200: AnnualReportOutSerializer, **_ERRORS},
        tags=["annual-report"],
    )
    @action(detail=True, methods=["post"])
    def publish(self, request: Request, year: Any) -> Response:
        return Response(report_out(annual_report_publish(report=_own_report(request, year))))

    @extend_schema(
        operation_id="annual_reports_unpublish",
        summary="Take an annual report's public page down",
        parameters=[_YEAR],
        request=None,
        responses={200: AnnualReportOutSerializer, **_ERRORS},
        tags=["annual-report"],
    )
    @action(detail=True, methods=["post"])
    def unpublish(self, request: Request, year: Any) -> Response:
        return Response(report_out(annual_report_unpublish(report=_own_report(request, year))))

    @extend_schema(
        operation_id="annual_reports_pdf",
        summary="Download an annual report as PDF (pl or en)",
        description=(
            "Rendered by a worker; the request waits a little, then answers 202 with a Location to poll "
            "(at once with `Prefer: respond-async`). 409 `pdf_failed` when rendering failed."
        ),
        parameters=[_YEAR, _LANG],
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY),
            (202, "application/json"): OpenApiResponse(
                OpenApiTypes.OBJECT, description="Rendering; poll Location"
            ),
            (409, "application/json"): OpenApiResponse(ProblemSerializer, description="`pdf_failed`"),
            **{(code, "application/json"): PROBLEM_RESPONSES[code] for code in (401, 403, 404, 429)},
        },
        tags=["annual-report"],
    )
    @action(detail=True, methods=["get"], renderer_classes=[PDFRenderer, JSONRenderer])
    def pdf(self, request: Request, year: Any) -> HttpResponse:
        report = _own_report(request, year)
        lang = request.query_params.get("lang", "pl")
        if lang not in REPORT_LANGS:
            lang = "pl"
        document = annual_pdf_obtain(report=report, lang=lang, prefer_async=prefers_async(request))
        if document.status == DocumentStatus.DONE:
            with document.file.open("rb") as stored:
                response = HttpResponse(stored.read(), content_type="application/pdf")
            response["Content-Disposition"] = f'attachment; filename="{document.filename}"'
            return response
        extra = {"year": report.year, "lang": lang, "status": document.status}
        if document.status == DocumentStatus.FAILED:
            raise Problem(409, "pdf_failed", document.error or "The PDF could not be rendered.", extra=extra)
        url = api_url(f"/api/eudr/v1/annual-reports/{report.year}/pdf?lang={lang}")
        response = Response({**extra, "pdf_url": url}, status=202, content_type="application/json")
        response["Location"] = url
        response["Retry-After"] = POLL_AFTER_SECONDS
        return response


class SystemReviewViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    # /api/eudr/v1/system-reviews: the yearly reviews of the system (Article 12(2)), kept 5 years.

    required_feature = "dds"
    test_key_policy = LIVE_ONLY
    serializer_class = SystemReviewSerializer
    pagination_class = None

    def get_queryset(self):
        return SystemReview.objects.filter(owner=self.request.user)

    @extend_schema(
        operation_id="system_reviews_list",
        summary="List the reviews of your due diligence system",
        responses={200: SystemReviewSerializer(many=True), **_ERRORS},
        tags=["annual-report"],
    )
    def list(self, request: Request, *args, **kwargs) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(
        operation_id="system_reviews_create",
        summary="Record a review of your due diligence system (Article 12(2))",
        description="Kept at least five years from the review's date; there is no deletion.",
        request=SystemReviewSerializer,
        responses={201: SystemReviewSerializer, 400: PROBLEM_RESPONSES[400], **_ERRORS},
        tags=["annual-report"],
    )
    def create(self, request: Request) -> Response:
        body = SystemReviewSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        review = system_review_record(owner=request.user, **body.validated_data)
        return Response(SystemReviewSerializer(review).data, status=201)
