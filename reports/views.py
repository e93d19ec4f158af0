"""CSRD report endpoints (feature `csrd`). Thin: validate, call services, answer."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import FileResponse, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.authentication import request_livemode
from accounts.permissions import TEST_OBJECTS
from eudr_service.lib.jobs import prefers_async
from eudr_service.lib.openapi import PROBLEM_RESPONSES, ProblemSerializer
from eudr_service.lib.problems import Problem
from eudr_service.lib.renderers import PDFRenderer
from eudr_service.lib.versioning import api_url
from reports.models import CsrdReport, ReportStatus
from reports.serializers import CsrdReportRequestSerializer, CsrdReportSerializer
from reports.services import csrd_report_create, csrd_report_wait

POLL_AFTER_SECONDS = "2"


def _owned_report(request: Request, report_id: Any) -> CsrdReport:
    # Another account's report, or one of the other mode (live or test), is
    # indistinguishable from one that does not exist.
    report = CsrdReport.objects.filter(
        public_id=report_id, owner=request.user, livemode=request_livemode(request)
    ).first()
    if report is None:
        raise Problem(404, "report_not_found", "No CSRD report with this id.")
    return report


def _pdf_response(report: CsrdReport) -> FileResponse:
    return FileResponse(
        report.file.open("rb"), as_attachment=True, filename=report.filename, content_type="application/pdf"
    )


def _status_response(request: Request, report: CsrdReport, status: int = 200) -> Response:
    # JSON whatever renderer was negotiated (a client asking for the PDF may get a 202 first).
    response = Response(CsrdReportSerializer(report).data, status=status, content_type="application/json")
    if status == 202:
        response["Location"] = api_url(f"/api/csrd/reports/{report.public_id}")
        response["Retry-After"] = POLL_AFTER_SECONDS
        if prefers_async(request):
            response["Preference-Applied"] = "respond-async"
    return response


_PDF = OpenApiResponse(
    OpenApiTypes.BINARY, description="The PDF, as an attachment named CSRD-<slug>-<year>.pdf"
)
_ID = OpenApiParameter("report_id", OpenApiTypes.UUID, OpenApiParameter.PATH)
_ERRORS = {code: PROBLEM_RESPONSES[code] for code in (401, 403, 404, 429)}


def _problems(*codes: int) -> dict[tuple[int, str], OpenApiResponse]:
    # Views that can answer a PDF must name each response's media type, or every
    # error would be described as a PDF too.
    return {(code, "application/json"): PROBLEM_RESPONSES[code] for code in codes}


class CsrdReportFilingViewSet(viewsets.ViewSet):
    # `POST /api/csrd/report`: the specification's path for a new report (singular).

    required_feature = "csrd"
    test_key_policy = TEST_OBJECTS

    @extend_schema(
        operation_id="csrd_report_create",
        summary="Generate a CSRD report (PDF)",
        description=(
            "Validates the body, records the report and renders it in a worker. Waits for the PDF "
            "up to a server-configured timeout (default 20 s) and returns it; with `Prefer: respond-async`, "
            "or when the timeout passes, answers 202 with `Location: /api/csrd/reports/{id}` to poll."
        ),
        parameters=[
            OpenApiParameter("Prefer", OpenApiTypes.STR, OpenApiParameter.HEADER, description="respond-async")
        ],
        request=CsrdReportRequestSerializer,
        responses={
            (200, "application/pdf"): _PDF,
            (202, "application/json"): OpenApiResponse(
                CsrdReportSerializer, description="Accepted; poll the Location"
            ),
            **_problems(400, 401, 403, 413, 429),
            # DRF answers an unknown `?format=` (the renderer override) with 404.
            (404, "application/json"): OpenApiResponse(
                ProblemSerializer, description="`not_found`: unknown `format` query value"
            ),
            (500, "application/json"): OpenApiResponse(
                ProblemSerializer, description="`report_failed`: rendering failed"
            ),
        },
        tags=["csrd"],
    )
    @action(detail=False, methods=["post"], renderer_classes=[JSONRenderer, PDFRenderer])
    def report(self, request: Request) -> HttpResponse:
        body = CsrdReportRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        report = csrd_report_create(
            owner=request.user, data=body.validated_data, livemode=request_livemode(request)
        )
        if not prefers_async(request):
            report = csrd_report_wait(report=report, timeout=settings.CSRD_SYNC_TIMEOUT_SECONDS)
            if report.status == ReportStatus.DONE:
                return _pdf_response(report)
            if report.status == ReportStatus.FAILED:
                raise Problem(500, "report_failed", report.error, extra={"id": str(report.public_id)})
        return _status_response(request, report, status=202)


class CsrdReportViewSet(viewsets.ViewSet):
    # A report of the account in the key's mode: its status and its PDF.

    required_feature = "csrd"
    test_key_policy = TEST_OBJECTS
    lookup_url_kwarg = "report_id"
    lookup_value_converter = "uuid"

    @extend_schema(
        operation_id="csrd_report_retrieve",
        summary="Status of a CSRD report",
        description=(
            "`pdf_url` is set once `status` is `done`. Statuses: queued, rendering, done, failed, expired."
        ),
        parameters=[_ID],
        responses={200: CsrdReportSerializer, **_ERRORS},
        tags=["csrd"],
    )
    def retrieve(self, request: Request, report_id: Any) -> Response:
        return _status_response(request, _owned_report(request, report_id))

    @extend_schema(
        operation_id="csrd_report_pdf",
        summary="Download a CSRD report's PDF",
        description=(
            "409 `report_not_ready` while queued or rendering (with Retry-After), 409 `report_failed` "
            "when rendering failed, 410 `report_expired` after the retention period."
        ),
        parameters=[_ID],
        responses={
            (200, "application/pdf"): _PDF,
            (409, "application/json"): OpenApiResponse(
                ProblemSerializer, description="`report_not_ready` or `report_failed`"
            ),
            (410, "application/json"): OpenApiResponse(
                ProblemSerializer, description="`report_expired`: removed after retention"
            ),
            **_problems(401, 403, 404, 429),
        },
        tags=["csrd"],
    )
    @action(detail=True, methods=["get"], renderer_classes=[PDFRenderer, JSONRenderer])
    def pdf(self, request: Request, report_id: Any) -> HttpResponse:
        report = _owned_report(request, report_id)
        extra = {"id": str(report.public_id), "status": report.status}
        if report.status == ReportStatus.DONE:
            return _pdf_response(report)
        if report.status == ReportStatus.EXPIRED:
            raise Problem(
                410, "report_expired", "The PDF was removed after the retention period.", extra=extra
            )
        if report.status == ReportStatus.FAILED:
            raise Problem(409, "report_failed", report.error or "Rendering failed.", extra=extra)
        raise Problem(
            409,
            "report_not_ready",
            "The report is still being rendered.",
            extra=extra,
            headers={"Retry-After": POLL_AFTER_SECONDS},
        )
