"""Public DDS verification."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.authentication import APIKeyAuthentication, request_livemode
from accounts.limits import CountedInView
from accounts.permissions import PUBLIC, TEST_OBJECTS, ModePolicyPermission, PlanFeaturePermission
from compliance.documents import dds_pdf_obtain, statement_with_details
from compliance.filing_serializers import (
    LEGACY_BODY_NOTE,
    LEGACY_FILING_BODY,
    DDSFilingSerializer,
    is_legacy_filing_body,
)
from compliance.idempotency import IdempotentFilingMixin
from compliance.identifiers import normalise
from compliance.models import DocumentStatus, DueDiligenceStatement
from compliance.serializers import (
    DDSListFilterSerializer,
    DDSRecordSerializer,
    DDSSummarySerializer,
    VerificationRecordSerializer,
)
from compliance.services import dds_filter
from compliance.verify_fast_path import verify_answer, with_cors
from eudr_service.lib.jobs import prefers_async
from eudr_service.lib.openapi import INVALID_CURSOR, PROBLEM_RESPONSES, ProblemSerializer
from eudr_service.lib.pagination import ApiCursorPagination
from eudr_service.lib.problems import Problem
from eudr_service.lib.renderers import NO_FORMAT_PARAMETER, PDF_VIEW_RENDERERS
from eudr_service.lib.versioning import api_url, deprecated_body_mark
from evidence.records import document, latest
from evidence.serializers import EvidenceDocumentSerializer


class VerifyViewSet(viewsets.ViewSet):
    # GET /api/v1/verify/{dds_id}: public status of a statement.

    # Anonymous callers pass; a key, if sent, must be valid and its plan have `verify`.
    # No session authentication: it would add `Vary: Cookie` to a public answer.
    authentication_classes = [APIKeyAuthentication]
    permission_classes = [PlanFeaturePermission, ModePolicyPermission]
    # Counted in get(), together with the record read: one Redis round trip.
    throttle_classes = [CountedInView]
    required_feature = "verify"
    test_key_policy = PUBLIC
    lookup_url_kwarg = "dds_id"

    @extend_schema(
        operation_id="verify_dds",
        summary="Verify a DDS (public)",
        description=(
            "Public status of a Due Diligence Statement. No key needed; anonymous calls "
            "are limited per client IP. Identifiers match case-insensitively. Responses "
            "carry an ETag; send If-None-Match to get 304."
        ),
        parameters=[
            OpenApiParameter("dds_id", OpenApiTypes.STR, OpenApiParameter.PATH),
        ],
        responses={
            200: VerificationRecordSerializer,
            304: OpenApiResponse(description="Not modified (ETag matched)"),
            404: PROBLEM_RESPONSES[404],
            429: PROBLEM_RESPONSES[429],
        },
        auth=[{}, {"ApiKeyBearer": []}, {"ApiKeyHeader": []}],
        tags=["verify"],
    )
    def retrieve(self, request: Request, dds_id: str) -> HttpResponse:
        return verify_answer(request._request, request.user, dds_id)

    def finalize_response(self, request: Request, response: Response, *args, **kwargs):
        return with_cors(super().finalize_response(request, response, *args, **kwargs))


def owned_statement(request: Request, dds_id: str) -> DueDiligenceStatement:
    """The caller's own statement in the caller's mode; anyone else's, or one
    of the other mode, is indistinguishable from none."""
    identifier = normalise(dds_id)
    statement = (
        statement_with_details(
            DueDiligenceStatement.objects.filter(
                owner=request.user, dds_id=identifier, livemode=request_livemode(request)
            )
        ).first()
        if identifier
        else None
    )
    if statement is None:
        raise Problem(404, "dds_not_found", "No DDS with this identifier in your account.")
    return statement


PDF_POLL_AFTER_SECONDS = "2"
_PDF_PENDING = OpenApiResponse(
    OpenApiTypes.OBJECT,
    description=(
        "The PDF is being rendered by a worker (large statements always, small ones after "
        "a short wait or with `Prefer: respond-async`): poll `Location` after `Retry-After`."
    ),
)
_PDF_FAILED = OpenApiResponse(
    ProblemSerializer,
    description="`pdf_failed`: not rendered; `limit` names the setting that refused it",
)


def _pdf_url(statement: DueDiligenceStatement) -> str:
    return api_url(f"/api/eudr/v1/dds/{statement.dds_id}/pdf")


def _pdf_response(request: Request, statement: DueDiligenceStatement, *, status: int = 200) -> HttpResponse:
    """The statement's PDF (see dds_pdf_obtain for when it is rendered and by whom);
    409 if it could not be rendered, 202 with a Location while a worker renders it."""
    document = dds_pdf_obtain(statement=statement, prefer_async=prefers_async(request))
    if document.status == DocumentStatus.DONE:
        # Read whole: BUDGET_PDF_MAX_PAGES keeps a stored PDF to a few megabytes.
        with document.file.open("rb") as stored:
            response: HttpResponse = HttpResponse(
                stored.read(), content_type="application/pdf", status=status
            )
        response["Content-Disposition"] = f'attachment; filename="{statement.dds_id}.pdf"'
        return response
    extra = {"dds_id": statement.dds_id, "status": document.status}
    if document.status == DocumentStatus.FAILED:
        if document.limit:
            extra["limit"] = document.limit
        raise Problem(409, "pdf_failed", document.error or "The PDF could not be rendered.", extra=extra)
    # JSON whatever renderer was negotiated: the client asked for the PDF, which is not ready.
    url = _pdf_url(statement)
    response = Response({**extra, "pdf_url": url}, status=202, content_type="application/json")
    response["Location"] = url
    response["Retry-After"] = PDF_POLL_AFTER_SECONDS
    return response


def statement_evidence_response(statement: DueDiligenceStatement) -> Response:
    """The latest signed evidence record of a verdict on the statement, in full."""
    record = latest(statement.document_type, statement.dds_id)
    if record is None:
        raise Problem(
            404,
            "evidence_not_found",
            "No verdict on this statement yet, so no evidence record: it is written when screening "
            "or staff decide its status.",
        )
    return Response(document(record, public=False))


EVIDENCE_RESPONSES = {
    200: EvidenceDocumentSerializer,
    404: PROBLEM_RESPONSES[404],
    403: PROBLEM_RESPONSES[403],
}


def validated_filing_body(request: Request, serializer_class: type[DDSFilingSerializer]) -> dict:
    """The validated filing body. The legacy form is accepted where it maps; its answer,
    an error included, carries the deprecation headers."""
    if is_legacy_filing_body(request.data):
        deprecated_body_mark(request, LEGACY_FILING_BODY)
    body = serializer_class(data=request.data)
    body.is_valid(raise_exception=True)
    return body.validated_data


class DDSFilingViewSet(IdempotentFilingMixin, viewsets.GenericViewSet):
    # The specification's paths: POST /api/eudr/dds/generate files a statement, screens
    # its plots and answers with the PDF; GET /api/eudr/dds/list lists the account's.

    required_feature = "dds"
    test_key_policy = TEST_OBJECTS
    serializer_class = DDSSummarySerializer
    pagination_class = ApiCursorPagination

    def get_queryset(self):
        filters = DDSListFilterSerializer(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        return dds_filter(
            owner=self.request.user, livemode=request_livemode(self.request), **filters.validated_data
        )

    @extend_schema(
        operation_id="dds_generate",
        summary="File a DDS; answers with its PDF (or JSON with Accept: application/json)",
        description=LEGACY_BODY_NOTE,
        parameters=[
            NO_FORMAT_PARAMETER,
            OpenApiParameter(
                "Idempotency-Key",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                description="Retries with the same key return the same statement.",
            ),
        ],
        request=DDSFilingSerializer,
        responses={
            (201, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="The DDS as PDF"),
            (201, "application/json"): DDSRecordSerializer,
            (202, "application/json"): _PDF_PENDING,
            (409, "application/json"): _PDF_FAILED,
            (422, "application/json"): PROBLEM_RESPONSES[422],
            **{(code, "application/json"): PROBLEM_RESPONSES[code] for code in (400, 403, 413)},
        },
        tags=["dds"],
    )
    @action(detail=False, methods=["post"], renderer_classes=PDF_VIEW_RENDERERS)
    def generate(self, request: Request) -> HttpResponse:
        data = validated_filing_body(request, DDSFilingSerializer)
        statement, replayed = self.file_once(request, data)
        statement = statement_with_details(DueDiligenceStatement.objects.filter(pk=statement.pk)).get()
        if "application/json" in request.headers.get("Accept", ""):
            response: HttpResponse = Response(DDSRecordSerializer(statement).data, status=201)
        else:
            response = _pdf_response(request, statement, status=201)
        if response.status_code != 202:
            response["Location"] = api_url(f"/api/eudr/v1/dds/{statement.dds_id}")
        return self.replay_mark(response, replayed)

    @extend_schema(
        operation_id="dds_list",
        description="GET /api/eudr/dds/list: the account's statements, newest first.",
        summary="List your DDS",
        parameters=[DDSListFilterSerializer],
        responses={
            200: DDSSummarySerializer(many=True),
            404: INVALID_CURSOR,
            **{code: PROBLEM_RESPONSES[code] for code in (400, 403)},
        },
        tags=["dds"],
    )
    @action(detail=False, methods=["get"], url_path="list", url_name="list")
    def statements(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(self.get_serializer(page, many=True).data)


class DDSViewSet(viewsets.ViewSet):
    # /api/eudr/v1/dds/{ddsId}: the full record and its PDF, for its owner only. Its
    # withdrawal and amendment are the EU outbox's (eu_filing.views.DDSEuViewSet).

    required_feature = "dds"
    test_key_policy = TEST_OBJECTS
    lookup_url_kwarg = "dds_id"

    @extend_schema(
        operation_id="dds_retrieve",
        description="GET /api/eudr/v1/dds/{ddsId}: the full record, for its owner only.",
        summary="Retrieve a DDS with plots, risk results and status history",
        parameters=[OpenApiParameter("dds_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
        responses={200: DDSRecordSerializer, 404: PROBLEM_RESPONSES[404], 403: PROBLEM_RESPONSES[403]},
        tags=["dds"],
    )
    def retrieve(self, request: Request, dds_id: str) -> Response:
        return Response(DDSRecordSerializer(owned_statement(request, dds_id)).data)

    @extend_schema(
        operation_id="dds_pdf",
        summary="The DDS as PDF",
        parameters=[NO_FORMAT_PARAMETER, OpenApiParameter("dds_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="The DDS as PDF"),
            (202, "application/json"): _PDF_PENDING,
            (409, "application/json"): _PDF_FAILED,
            **{(code, "application/json"): PROBLEM_RESPONSES[code] for code in (404, 403)},
        },
        tags=["dds"],
    )
    @action(detail=True, methods=["get"], renderer_classes=PDF_VIEW_RENDERERS)
    def pdf(self, request: Request, dds_id: str) -> HttpResponse:
        return _pdf_response(request, owned_statement(request, dds_id))

    @extend_schema(
        operation_id="dds_evidence",
        summary="The signed evidence record of the statement's latest verdict (full form)",
        description="Each record names the one it replaces (`record.replaces`); docs/evidence.md.",
        parameters=[OpenApiParameter("dds_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
        responses=EVIDENCE_RESPONSES,
        tags=["dds"],
    )
    @action(detail=True, methods=["get"])
    def evidence(self, request: Request, dds_id: str) -> Response:
        return statement_evidence_response(owned_statement(request, dds_id))
