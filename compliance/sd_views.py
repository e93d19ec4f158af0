"""Simplified declarations of micro and small primary operators (Art. 4a, Regulation (EU) 2025/2650).

They share the statement's table, screening, public verify endpoint, status page,
badge and EU outbox (eu_filing), but are their own document: `SD-` identifiers
(older declarations keep their `DDS-` ones), an Annex III PDF, and
`document_type: simplified_declaration` wherever they are shown. The filing body,
the eligibility rules, the confirmation (Annex III point 4) and the EU operation
(submitSd, cadastral identifiers) differ.
"""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.authentication import request_livemode
from accounts.permissions import TEST_OBJECTS
from compliance.documents import statement_with_details
from compliance.filing_serializers import LEGACY_BODY_NOTE
from compliance.idempotency import IdempotentFilingMixin
from compliance.identifiers import normalise
from compliance.models import DueDiligenceStatement, FilingKind
from compliance.sd_serializers import SDFilingSerializer
from compliance.serializers import DDSListFilterSerializer, DDSRecordSerializer, DDSSummarySerializer
from compliance.services import dds_filter
from compliance.views import (
    EVIDENCE_RESPONSES,
    _pdf_response,
    statement_evidence_response,
    validated_filing_body,
)
from eudr_service.lib.fields import ApiLinkField
from eudr_service.lib.openapi import INVALID_CURSOR, PROBLEM_RESPONSES
from eudr_service.lib.pagination import ApiCursorPagination
from eudr_service.lib.problems import Problem
from eudr_service.lib.renderers import NO_FORMAT_PARAMETER, PDF_VIEW_RENDERERS
from eudr_service.lib.versioning import api_url

SD_PATH = "/api/eudr/v1/simplified-declarations"


_LINK_HELP = "Absolute from API version 1.1; the path in 1.0"


class SDRecordSerializer(DDSRecordSerializer):
    operator_size = serializers.CharField()
    url = ApiLinkField(lambda declaration: f"{SD_PATH}/{declaration.dds_id}", help_text=_LINK_HELP)
    pdf_url = ApiLinkField(lambda declaration: f"{SD_PATH}/{declaration.dds_id}/pdf", help_text=_LINK_HELP)


class SDSummarySerializer(DDSSummarySerializer):
    url = ApiLinkField(lambda declaration: f"{SD_PATH}/{declaration.dds_id}", help_text=_LINK_HELP)


def owned_declaration(request: Request, sd_id: str) -> DueDiligenceStatement:
    identifier = normalise(sd_id)
    declaration = (
        statement_with_details(
            DueDiligenceStatement.objects.filter(
                owner=request.user,
                dds_id=identifier,
                filing_kind=FilingKind.SIMPLIFIED,
                livemode=request_livemode(request),
            )
        ).first()
        if identifier
        else None
    )
    if declaration is None:
        raise Problem(404, "sd_not_found", "No simplified declaration with this identifier in your account.")
    return declaration


class SDViewSet(IdempotentFilingMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    # /api/eudr/v1/simplified-declarations: list, file, read, PDF. Amending and withdrawing
    # are the EU outbox's (eu_filing.views.SDEuViewSet).

    required_feature = "dds"
    test_key_policy = TEST_OBJECTS
    serializer_class = SDSummarySerializer
    pagination_class = ApiCursorPagination
    lookup_url_kwarg = "sd_id"

    def get_queryset(self):
        filters = DDSListFilterSerializer(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        return dds_filter(
            owner=self.request.user,
            livemode=request_livemode(self.request),
            filing_kind=FilingKind.SIMPLIFIED,
            **filters.validated_data,
        )

    @extend_schema(
        operation_id="sd_list",
        description="GET/POST /api/eudr/v1/simplified-declarations.",
        summary="List your simplified declarations",
        parameters=[DDSListFilterSerializer],
        responses={
            200: SDSummarySerializer(many=True),
            400: PROBLEM_RESPONSES[400],
            403: PROBLEM_RESPONSES[403],
            404: INVALID_CURSOR,
        },
        tags=["simplified-declarations"],
    )
    def list(self, request: Request, *args, **kwargs) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(
        operation_id="sd_create",
        summary="File a simplified declaration (micro or small primary operator, low-risk country)",
        description=(
            "Land as ULDK parcel ids (sent to the EU as cadastralIdentifier), postal addresses "
            "(postalAddress), points or GeoJSON. "
            "400 `sd_operator_not_eligible` for a medium or large operator, `sd_country_not_eligible` "
            "for a country that is not low-risk or a product not produced in the operator's own country. "
            + LEGACY_BODY_NOTE
        ),
        parameters=[OpenApiParameter("Idempotency-Key", OpenApiTypes.STR, OpenApiParameter.HEADER)],
        request=SDFilingSerializer,
        responses={
            201: SDRecordSerializer,
            422: PROBLEM_RESPONSES[422],
            **{code: PROBLEM_RESPONSES[code] for code in (400, 403, 413)},
        },
        tags=["simplified-declarations"],
    )
    def create(self, request: Request) -> Response:
        data = validated_filing_body(request, SDFilingSerializer)
        declaration, replayed = self.file_once(request, data, filing_kind=FilingKind.SIMPLIFIED)
        declaration = statement_with_details(DueDiligenceStatement.objects.filter(pk=declaration.pk)).get()
        response = Response(SDRecordSerializer(declaration).data, status=201)
        response["Location"] = api_url(f"{SD_PATH}/{declaration.dds_id}")
        return self.replay_mark(response, replayed)

    @extend_schema(
        operation_id="sd_retrieve",
        summary="Retrieve a simplified declaration with its plots, screening and EU status",
        parameters=[OpenApiParameter("sd_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
        responses={200: SDRecordSerializer, 404: PROBLEM_RESPONSES[404], 403: PROBLEM_RESPONSES[403]},
        tags=["simplified-declarations"],
    )
    def retrieve(self, request: Request, sd_id: str) -> Response:
        return Response(SDRecordSerializer(owned_declaration(request, sd_id)).data)

    @extend_schema(
        operation_id="sd_pdf",
        summary="The simplified declaration as PDF",
        parameters=[NO_FORMAT_PARAMETER, OpenApiParameter("sd_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="PDF"),
            **{(code, "application/json"): PROBLEM_RESPONSES[code] for code in (404, 403)},
        },
        tags=["simplified-declarations"],
    )
    @action(detail=True, methods=["get"], renderer_classes=PDF_VIEW_RENDERERS)
    def pdf(self, request: Request, sd_id: str) -> HttpResponse:
        return _pdf_response(request, owned_declaration(request, sd_id))

    @extend_schema(
        operation_id="sd_evidence",
        summary="The signed evidence record of the declaration's latest verdict (full form)",
        parameters=[OpenApiParameter("sd_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
        responses=EVIDENCE_RESPONSES,
        tags=["simplified-declarations"],
    )
    @action(detail=True, methods=["get"])
    def evidence(self, request: Request, sd_id: str) -> Response:
        return statement_evidence_response(owned_declaration(request, sd_id))
