"""/api/eudr/v1/supplier-filings: bulk filing for the suppliers with a mandate in force."""

from __future__ import annotations

import json

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.authentication import request_livemode
from accounts.permissions import TEST_OBJECTS
from eudr_service.lib.exports import EXPORT_LANG, XLSX_TYPE, export_language, export_response
from eudr_service.lib.json_parser import DepthLimitedJSONParser
from eudr_service.lib.openapi import INVALID_CURSOR, PROBLEM_RESPONSES, ProblemSerializer
from eudr_service.lib.pagination import ApiCursorPagination
from eudr_service.lib.problems import Problem
from eudr_service.lib.versioning import api_url
from regulation.commodities import polish_name
from suppliers.bulk import (
    BulkFilingRunning,
    GoodsMissing,
    bulk_filing_cancel,
    bulk_filing_create,
    bulk_filing_results,
    bulk_filing_retry,
)
from suppliers.models import BulkFiling
from suppliers.results import bulk_filing_results_table
from suppliers.serializers import BulkFilingInSerializer, BulkFilingOutSerializer

_ID = OpenApiParameter("filing_id", OpenApiTypes.STR, OpenApiParameter.PATH, description="bf_...")
_ERRORS = {403: PROBLEM_RESPONSES[403]}
_RESULTS_DOWNLOAD = (
    "One line per supplier with headers, states and statuses in words, and in `errors` every "
    "reason the row needs attention (its own errors, a plot the screening could not check, the "
    "EU's refusal, a declaration not sent for want of EU credentials)."
)
_ONE = {200: BulkFilingOutSerializer, 404: PROBLEM_RESPONSES[404], **_ERRORS}


def _running(exc: BulkFilingRunning) -> Problem:
    return Problem(
        409,
        "bulk_filing_running",
        f"Bulk filing {exc.filing.public_id} is still running: wait for it, or cancel it.",
        extra={"filing_id": exc.filing.public_id},
    )


def _required(field: str) -> dict[str, str]:
    return {"field": field, "code": "required", "message": "This field is required."}


@extend_schema_view(
    list=extend_schema(
        operation_id="supplier_filings_list",
        summary="List your bulk filings",
        responses={200: BulkFilingOutSerializer(many=True), 404: INVALID_CURSOR, **_ERRORS},
        tags=["suppliers"],
    ),
    retrieve=extend_schema(
        operation_id="supplier_filings_get",
        summary="A bulk filing's progress: rows per state",
        parameters=[_ID],
        responses=_ONE,
        tags=["suppliers"],
    ),
)
class BulkFilingViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    # Bulk filings of the account, per mode (a test key files test declarations only).

    required_feature = "dds"
    api_since = "1.1"  # added with version 1.1: no older form (eudr_service.lib.versioning)
    test_key_policy = TEST_OBJECTS
    parser_classes = [DepthLimitedJSONParser]
    serializer_class = BulkFilingOutSerializer
    pagination_class = ApiCursorPagination
    lookup_field = "public_id"
    lookup_url_kwarg = "filing_id"

    def get_queryset(self):
        return BulkFiling.objects.filter(owner=self.request.user, livemode=request_livemode(self.request))

    def _own(self, filing_id: str) -> BulkFiling:
        filing = self.get_queryset().filter(public_id=filing_id).first()
        if filing is None:
            raise Problem(404, "not_found", "No such bulk filing.")
        return filing

    def retrieve(self, request: Request, filing_id: str) -> Response:
        return Response(BulkFilingOutSerializer(self._own(filing_id)).data)

    @extend_schema(
        operation_id="supplier_filings_create",
        summary="File a simplified declaration for every supplier with a mandate in force",
        description=(
            "As the suppliers' authorised representative (Art. 6 of Regulation (EU) 2023/1115). "
            "Answers 202 at once; a worker files each supplier's declaration (parcels screened, "
            "then sent to the EU Information System at its pace). Poll the filing or wait for the "
            "`suppliers.filing_completed` webhook. `goods` must name every commodity of those suppliers."
        ),
        request=BulkFilingInSerializer,
        responses={
            202: BulkFilingOutSerializer,
            400: PROBLEM_RESPONSES[400],
            409: OpenApiResponse(ProblemSerializer, description="`bulk_filing_running`: one at a time"),
            **_ERRORS,
        },
        tags=["suppliers"],
    )
    def create(self, request: Request) -> Response:
        incoming = BulkFilingInSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        options = json.loads(json.dumps(incoming.validated_data, default=str))
        try:
            filing = bulk_filing_create(
                owner=request.user, livemode=request_livemode(request), options=options
            )
        except GoodsMissing as exc:
            raise Problem(
                400,
                "invalid_request",
                "Name the goods of every commodity of your suppliers, in Polish or English; missing: "
                + ", ".join(f"{code} ({polish_name(code)})" for code in exc.commodities),
                extra={"errors": [_required(f"goods.{code}") for code in exc.commodities]},
            ) from exc
        except BulkFilingRunning as exc:
            raise _running(exc) from exc
        filing.refresh_from_db()
        location = api_url(f"/api/eudr/v1/supplier-filings/{filing.public_id}")
        return Response(BulkFilingOutSerializer(filing).data, status=202, headers={"Location": location})

    @extend_schema(
        operation_id="supplier_filings_cancel",
        summary="Cancel: rows not filed yet are not filed; filed declarations stay",
        parameters=[_ID],
        request=None,
        responses=_ONE,
        tags=["suppliers"],
    )
    @action(detail=True, methods=["post"])
    def cancel(self, request: Request, filing_id: str) -> Response:
        return Response(BulkFilingOutSerializer(bulk_filing_cancel(self._own(filing_id))).data)

    @extend_schema(
        operation_id="supplier_filings_retry",
        summary="File the failed rows again (after the roster was corrected)",
        parameters=[_ID],
        request=None,
        responses={**_ONE, 409: OpenApiResponse(ProblemSerializer, description="`bulk_filing_running`")},
        tags=["suppliers"],
    )
    @action(detail=True, methods=["post"])
    def retry(self, request: Request, filing_id: str) -> Response:
        filing = self._own(filing_id)
        try:
            bulk_filing_retry(filing)
        except BulkFilingRunning as exc:
            raise _running(exc) from exc
        filing.refresh_from_db()
        return Response(BulkFilingOutSerializer(filing).data)

    @extend_schema(
        operation_id="supplier_filings_results_json",
        summary="Results: supplier, declaration, EU reference, status, errors in words",
        parameters=[_ID],
        responses={200: OpenApiTypes.OBJECT, 404: PROBLEM_RESPONSES[404], **_ERRORS},
        tags=["suppliers"],
    )
    @action(detail=True, methods=["get"], url_path="results.json", url_name="results-json")
    def results_json(self, request: Request, filing_id: str) -> Response:
        filing = self._own(filing_id)
        return Response(
            {"filing": BulkFilingOutSerializer(filing).data, "results": bulk_filing_results(filing)}
        )

    @extend_schema(
        operation_id="supplier_filings_results_csv",
        summary="Results as CSV, in the reader's language (errors in words)",
        description=_RESULTS_DOWNLOAD + " UTF-8 with a byte order mark.",
        parameters=[_ID, EXPORT_LANG],
        responses={
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR),
            400: PROBLEM_RESPONSES[400],
            404: PROBLEM_RESPONSES[404],
            **_ERRORS,
        },
        tags=["suppliers"],
    )
    @action(detail=True, methods=["get"], url_path="results.csv", url_name="results-csv")
    def results_csv(self, request: Request, filing_id: str) -> HttpResponse:
        return self._results_download(request, filing_id, "csv")

    @extend_schema(
        operation_id="supplier_filings_results_xlsx",
        summary="Results as an Excel workbook, in the reader's language (errors in words)",
        description=_RESULTS_DOWNLOAD,
        parameters=[_ID, EXPORT_LANG],
        responses={
            (200, XLSX_TYPE): OpenApiResponse(OpenApiTypes.BINARY),
            400: PROBLEM_RESPONSES[400],
            404: PROBLEM_RESPONSES[404],
            **_ERRORS,
        },
        tags=["suppliers"],
    )
    @action(detail=True, methods=["get"], url_path="results.xlsx", url_name="results-xlsx")
    def results_xlsx(self, request: Request, filing_id: str) -> HttpResponse:
        return self._results_download(request, filing_id, "xlsx")

    def _results_download(self, request: Request, filing_id: str, fmt: str) -> HttpResponse:
        filing = self._own(filing_id)
        lang = export_language(request)
        headers, rows = bulk_filing_results_table(filing, lang=lang)
        return export_response(
            headers=headers,
            rows=rows,
            lang=lang,
            fmt=fmt,
            filename=f"{filing.public_id}-results",
            title="results",
        )
