"""The compliance API: public verification, filing, and the statements' own addresses.

A due diligence statement (/api/eudr/v1/dds/{ddsId}) and a simplified declaration
(/api/eudr/v1/simplified-declarations/{sdId}) are one family: their record, PDF, signed
evidence, withdrawal and amendment are the same actions (StatementActions), told apart
by a small descriptor (StatementKind). What the OpenAPI document says of each kind is
compliance.openapi's. Withdrawing and amending at the EU is the EU outbox's work, one
floor up, reached through compliance.hooks: compliance alone registers these addresses.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, viewsets
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
from compliance.hooks import FilingRefused, eu_filing_port
from compliance.idempotency import IdempotentFilingMixin
from compliance.identifiers import normalise
from compliance.models import DocumentStatus, DueDiligenceStatement, FilingKind
from compliance.openapi import DDS_OPERATIONS, PDF_FAILED, PDF_PENDING, SD_OPERATIONS
from compliance.sd_serializers import SDFilingSerializer
from compliance.serializers import (
    DDS_PATH,
    SD_PATH,
    DDSListFilterSerializer,
    DDSRecordSerializer,
    DDSSummarySerializer,
    SDRecordSerializer,
    SDSummarySerializer,
    VerificationRecordSerializer,
)
from compliance.services import dds_filter
from compliance.verify_fast_path import verify_answer, with_cors
from eudr_service.lib.jobs import prefers_async
from eudr_service.lib.openapi import INVALID_CURSOR, PROBLEM_RESPONSES
from eudr_service.lib.pagination import ApiCursorPagination
from eudr_service.lib.problems import Problem
from eudr_service.lib.renderers import NO_FORMAT_PARAMETER, PDF_VIEW_RENDERERS
from eudr_service.lib.versioning import api_url, deprecated_body_mark
from evidence.records import document, latest


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

    def dispatch(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        # verify_answer is shared with the fast path (VerifyFastPathMiddleware) and leaves the
        # quota's state on the Django request, where RateLimitHeadersMiddleware reads it: it
        # is given the request Django handed the view, not DRF's wrapper around it.
        self.http_request = request
        return super().dispatch(request, *args, **kwargs)

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
        return verify_answer(self.http_request, request.user, dds_id)

    def finalize_response(self, request: Request, response: Response, *args, **kwargs):
        return with_cors(super().finalize_response(request, response, *args, **kwargs))


@dataclass(frozen=True)
class StatementKind:
    """What sets a due diligence statement's addresses apart from a simplified declaration's."""

    path: str  # the addresses' prefix, as links and Location headers give it
    filing_kind: str  # what is filed and amended here (FilingKind)
    # A statement's addresses find a declaration too (those filed before SD- identifiers
    # carry DDS- ones); a declaration's find declarations only.
    finds_every_kind: bool
    filing_serializer: type[DDSFilingSerializer]
    record_serializer: type[DDSRecordSerializer]
    not_found_code: str
    not_found_detail: str


DDS = StatementKind(
    path=DDS_PATH,
    filing_kind=FilingKind.DDS,
    finds_every_kind=True,
    filing_serializer=DDSFilingSerializer,
    record_serializer=DDSRecordSerializer,
    not_found_code="dds_not_found",
    not_found_detail="No DDS with this identifier in your account.",
)
SD = StatementKind(
    path=SD_PATH,
    filing_kind=FilingKind.SIMPLIFIED,
    finds_every_kind=False,
    filing_serializer=SDFilingSerializer,
    record_serializer=SDRecordSerializer,
    not_found_code="sd_not_found",
    not_found_detail="No simplified declaration with this identifier in your account.",
)


def owned_statement(request: Request, identifier: str, kind: StatementKind = DDS) -> DueDiligenceStatement:
    """The caller's own statement in the caller's mode; anyone else's, or one
    of the other mode, is indistinguishable from none."""
    normalised = normalise(identifier)
    statement = None
    if normalised:
        mine = DueDiligenceStatement.objects.filter(
            owner=request.user, dds_id=normalised, livemode=request_livemode(request)
        )
        if not kind.finds_every_kind:
            mine = mine.filter(filing_kind=kind.filing_kind)
        statement = statement_with_details(mine).first()
    if statement is None:
        raise Problem(404, kind.not_found_code, kind.not_found_detail)
    return statement


def owned_statements(request: Request, kind: StatementKind):
    """The caller's statements of `kind` in the caller's mode, filtered by the query string."""
    filters = DDSListFilterSerializer(data=request.query_params)
    filters.is_valid(raise_exception=True)
    return dds_filter(
        owner=request.user,
        livemode=request_livemode(request),
        **({} if kind.finds_every_kind else {"filing_kind": kind.filing_kind}),
        **filters.validated_data,
    )


PDF_POLL_AFTER_SECONDS = "2"


def _pdf_url(statement: DueDiligenceStatement) -> str:
    # The statement's address serves every kind's PDF: the one link a poll follows.
    return api_url(f"{DDS_PATH}/{statement.dds_id}/pdf")


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


def validated_filing_body(request: Request, serializer_class: type[DDSFilingSerializer]) -> dict:
    """The validated filing body. The legacy form is accepted where it maps; its answer,
    an error included, carries the deprecation headers."""
    if is_legacy_filing_body(request.data):
        deprecated_body_mark(request, LEGACY_FILING_BODY)
    body = serializer_class(data=request.data)
    body.is_valid(raise_exception=True)
    return body.validated_data


@contextmanager
def refused_as_conflict() -> Iterator[None]:
    """A refusal to withdraw or amend, this service's or the EU's, is a 409 carrying the
    refusal's code: every such action answers alike."""
    try:
        yield
    except FilingRefused as exc:
        raise Problem(409, exc.code, str(exc)) from exc


class StatementFiling(IdempotentFilingMixin):
    # Files a body of the viewset's `kind` once per Idempotency-Key.

    kind: StatementKind

    def filed(self, request: Request) -> tuple[DueDiligenceStatement, bool]:
        # (the statement with its details, replayed)
        data = validated_filing_body(request, self.kind.filing_serializer)
        statement, replayed = self.file_once(request, data, filing_kind=self.kind.filing_kind)
        return statement_with_details(DueDiligenceStatement.objects.filter(pk=statement.pk)).get(), replayed


class StatementActions:
    # The actions at a statement's own address, for its owner only, for the viewset's
    # `kind`. (Comments, not docstrings: drf-spectacular would make a docstring the
    # description of every operation without one, and OPTIONS would show it.)

    kind: StatementKind
    required_feature = "dds"
    test_key_policy = TEST_OBJECTS

    def owned(self, request: Request, kwargs: dict) -> DueDiligenceStatement:
        return owned_statement(request, kwargs[self.lookup_url_kwarg], self.kind)

    def record(self, request: Request, statement: DueDiligenceStatement) -> Response:
        # Read again: an action changed it.
        changed = owned_statement(request, statement.dds_id, self.kind)
        return Response(self.kind.record_serializer(changed).data)

    def retrieve(self, request: Request, **kwargs) -> Response:
        return Response(self.kind.record_serializer(self.owned(request, kwargs)).data)

    @action(detail=True, methods=["get"], renderer_classes=PDF_VIEW_RENDERERS)
    def pdf(self, request: Request, **kwargs) -> HttpResponse:
        return _pdf_response(request, self.owned(request, kwargs))

    @action(detail=True, methods=["get"])
    def evidence(self, request: Request, **kwargs) -> Response:
        return statement_evidence_response(self.owned(request, kwargs))

    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, **kwargs) -> Response:
        # Here and, while it holds it, at the EU (within 72 hours for a statement).
        statement = self.owned(request, kwargs)
        with refused_as_conflict():
            eu_filing_port().statement_withdraw(statement=statement, by=request.user)
        return self.record(request, statement)

    @action(detail=True, methods=["post"])
    def amend(self, request: Request, **kwargs) -> Response:
        # Replaced here and at the EU. Only a statement's address finds the other kind: a
        # declaration is amended at its own, with a declaration's body.
        statement = self.owned(request, kwargs)
        if statement.filing_kind != self.kind.filing_kind:
            raise Problem(
                409,
                "eu_amend_wrong_kind",
                f"{statement.dds_id} is a simplified declaration: amend it at "
                f"{SD_PATH}/{statement.dds_id}/amend.",
            )
        data = validated_filing_body(request, self.kind.filing_serializer)
        with refused_as_conflict():
            eu_filing_port().statement_amend(statement=statement, data=data, by=request.user)
        return self.record(request, statement)


@extend_schema_view(**DDS_OPERATIONS)
class DDSViewSet(StatementActions, viewsets.ViewSet):
    # /api/eudr/v1/dds/{ddsId}: the record, its PDF and evidence, withdrawal and amendment.
    # Filed and listed at the specification's paths (DDSFilingViewSet).

    kind = DDS
    lookup_url_kwarg = "dds_id"


@extend_schema_view(**SD_OPERATIONS)
class SDViewSet(StatementFiling, StatementActions, mixins.ListModelMixin, viewsets.GenericViewSet):
    # /api/eudr/v1/simplified-declarations: list and file; each declaration's record, PDF,
    # evidence, withdrawal (withdrawSd) and amendment (updateSd).

    kind = SD
    # Also what OPTIONS describes for every action here.
    serializer_class = SDSummarySerializer
    pagination_class = ApiCursorPagination
    lookup_url_kwarg = "sd_id"

    def get_queryset(self):
        return owned_statements(self.request, self.kind)

    def create(self, request: Request) -> Response:
        declaration, replayed = self.filed(request)
        response = Response(self.kind.record_serializer(declaration).data, status=201)
        response["Location"] = api_url(f"{self.kind.path}/{declaration.dds_id}")
        return self.replay_mark(response, replayed)


class DDSFilingViewSet(StatementFiling, viewsets.GenericViewSet):
    # The specification's paths: POST /api/eudr/dds/generate files a statement, screens
    # its plots and answers with the PDF; GET /api/eudr/dds/list lists the account's
    # statements of every kind.

    kind = DDS
    required_feature = "dds"
    test_key_policy = TEST_OBJECTS
    serializer_class = DDSSummarySerializer
    pagination_class = ApiCursorPagination

    def get_queryset(self):
        return owned_statements(self.request, self.kind)

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
            (202, "application/json"): PDF_PENDING,
            (409, "application/json"): PDF_FAILED,
            (422, "application/json"): PROBLEM_RESPONSES[422],
            **{(code, "application/json"): PROBLEM_RESPONSES[code] for code in (400, 403, 413)},
        },
        tags=["dds"],
    )
    @action(detail=False, methods=["post"], renderer_classes=PDF_VIEW_RENDERERS)
    def generate(self, request: Request) -> HttpResponse:
        statement, replayed = self.filed(request)
        if "application/json" in request.headers.get("Accept", ""):
            response: HttpResponse = Response(self.kind.record_serializer(statement).data, status=201)
        else:
            response = _pdf_response(request, statement, status=201)
        if response.status_code != 202:
            response["Location"] = api_url(f"{self.kind.path}/{statement.dds_id}")
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
