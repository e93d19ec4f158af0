"""Public DDS verification."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.generics import ListAPIView
from rest_framework.pagination import CursorPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import APIKeyAuthentication
from accounts.permissions import PlanFeaturePermission
from compliance.documents import dds_render_pdf, statement_with_details
from compliance.filing_serializers import DDSFilingSerializer
from compliance.identifiers import normalise
from compliance.models import DueDiligenceStatement
from compliance.serializers import (
    DDSListFilterSerializer,
    DDSRecordSerializer,
    DDSSummarySerializer,
    VerificationRecordSerializer,
)
from compliance.services import IdempotencyConflict, dds_file, dds_filter
from compliance.verification import verification_get
from eudr_service.lib.openapi import PROBLEM_RESPONSES, ProblemSerializer
from eudr_service.lib.problems import Problem


class VerifyView(APIView):
    """GET /api/v1/verify/{dds_id}: public status of a statement."""

    # Anonymous callers pass; a key, if sent, must be valid and its plan have `verify`.
    # No session authentication: it would add `Vary: Cookie` to a public answer.
    authentication_classes = [APIKeyAuthentication]
    permission_classes = [PlanFeaturePermission]
    required_feature = "verify"

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
    def get(self, request: Request, dds_id: str) -> Response:
        verification = verification_get(raw_id=dds_id)
        if verification is None:
            raise Problem(404, "dds_not_found", "No DDS with this identifier.")
        if verification.etag in request.headers.get("If-None-Match", ""):
            response = Response(status=304)
        else:
            response = Response(verification.record)
        response["ETag"] = verification.etag
        response["Cache-Control"] = f"public, max-age={settings.VERIFY_CACHE_SECONDS}"
        return response

    def finalize_response(self, request: Request, response: Response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        # Any page may embed the badge, so any origin may read the answer,
        # errors included (the widget shows red on a 404).
        response["Access-Control-Allow-Origin"] = "*"
        response["Access-Control-Expose-Headers"] = "ETag, X-RateLimit-Remaining, Retry-After"
        return response


class StatementPagination(CursorPagination):
    ordering = ("-created_at", "-id")
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


def _owned_statement(request: Request, dds_id: str) -> DueDiligenceStatement:
    """The caller's own statement; anyone else's is indistinguishable from none."""
    identifier = normalise(dds_id)
    statement = (
        statement_with_details(
            DueDiligenceStatement.objects.filter(owner=request.user, dds_id=identifier)
        ).first()
        if identifier
        else None
    )
    if statement is None:
        raise Problem(404, "dds_not_found", "No DDS with this identifier in your account.")
    return statement


def _pdf_response(statement: DueDiligenceStatement, *, status: int = 200) -> HttpResponse:
    response = HttpResponse(
        dds_render_pdf(statement=statement), content_type="application/pdf", status=status
    )
    response["Content-Disposition"] = f'attachment; filename="{statement.dds_id}.pdf"'
    return response


class DDSGenerateView(APIView):
    """POST /api/eudr/dds/generate: file a statement, screen its plots, answer with the PDF."""

    required_feature = "dds"

    @extend_schema(
        operation_id="dds_generate",
        summary="File a DDS; answers with its PDF (or JSON with Accept: application/json)",
        parameters=[
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
            422: PROBLEM_RESPONSES[422],
            **{code: PROBLEM_RESPONSES[code] for code in (400, 403, 413)},
        },
        tags=["dds"],
    )
    def post(self, request: Request) -> HttpResponse:
        body = DDSFilingSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        key = request.headers.get("Idempotency-Key", "").strip() or None
        if key is not None and len(key) > 255:
            raise Problem(400, "invalid_idempotency_key", "Idempotency-Key is at most 255 characters.")
        try:
            statement, replayed = dds_file(
                owner=request.user, data=body.validated_data, raw_body=request.data, idempotency_key=key
            )
        except IdempotencyConflict as exc:
            raise Problem(
                422, "idempotency_key_reused", "This Idempotency-Key was used with a different request body."
            ) from exc
        statement = statement_with_details(DueDiligenceStatement.objects.filter(pk=statement.pk)).get()
        if "application/json" in request.headers.get("Accept", ""):
            response: HttpResponse = Response(DDSRecordSerializer(statement).data, status=201)
        else:
            response = _pdf_response(statement, status=201)
        response["Location"] = f"/api/eudr/v1/dds/{statement.dds_id}"
        if replayed:
            response["Idempotent-Replayed"] = "true"
        return response


class DDSDetailView(APIView):
    """GET /api/eudr/v1/dds/{ddsId}: the full record, for its owner only."""

    required_feature = "dds"

    @extend_schema(
        operation_id="dds_retrieve",
        summary="Retrieve a DDS with plots, risk results and status history",
        parameters=[OpenApiParameter("dds_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
        responses={200: DDSRecordSerializer, 404: PROBLEM_RESPONSES[404], 403: PROBLEM_RESPONSES[403]},
        tags=["dds"],
    )
    def get(self, request: Request, dds_id: str) -> Response:
        return Response(DDSRecordSerializer(_owned_statement(request, dds_id)).data)


class DDSPdfView(APIView):
    required_feature = "dds"

    @extend_schema(
        operation_id="dds_pdf",
        summary="The DDS as PDF",
        parameters=[OpenApiParameter("dds_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="The DDS as PDF"),
            404: PROBLEM_RESPONSES[404],
            403: PROBLEM_RESPONSES[403],
        },
        tags=["dds"],
    )
    def get(self, request: Request, dds_id: str) -> HttpResponse:
        return _pdf_response(_owned_statement(request, dds_id))


class DDSListView(ListAPIView):
    """GET /api/eudr/dds/list: the account's statements, newest first."""

    required_feature = "dds"
    serializer_class = DDSSummarySerializer
    pagination_class = StatementPagination

    def get_queryset(self):
        filters = DDSListFilterSerializer(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        return dds_filter(owner=self.request.user, **filters.validated_data)

    @extend_schema(
        operation_id="dds_list",
        summary="List your DDS",
        parameters=[DDSListFilterSerializer],
        responses={
            200: DDSSummarySerializer(many=True),
            # DRF's cursor pagination answers a cursor it did not issue with 404.
            404: OpenApiResponse(ProblemSerializer, description="`not_found`: invalid cursor"),
            **{code: PROBLEM_RESPONSES[code] for code in (400, 403)},
        },
        tags=["dds"],
    )
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)
