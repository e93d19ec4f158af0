"""/api/eudr/v1/suppliers: the roster of the primary operators a buyer files for."""

from __future__ import annotations

import uuid

from django.conf import settings
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
from eudr_service.lib.json_parser import DepthLimitedJSONParser, UploadParser
from eudr_service.lib.openapi import INVALID_CURSOR, PROBLEM_RESPONSES
from eudr_service.lib.pagination import ApiCursorPagination
from eudr_service.lib.problems import Problem
from regulation.commodities import IN_SCOPE_CODES
from suppliers.consignments import (
    CONSIGNMENT_COLUMNS,
    supplier_consignment_record,
    supplier_consignments_rows,
)
from suppliers.mandates import (
    MAX_DOCUMENT_BYTES,
    MandateLimitReached,
    MandateRefused,
    mandate_document_record,
    mandates_request_many,
)
from suppliers.models import Supplier
from suppliers.roster import MAX_ROWS, RosterInvalid, template_table
from suppliers.serializers import (
    ConsignmentInSerializer,
    ConsignmentOutSerializer,
    MandateOutSerializer,
    MandateRequestsInSerializer,
    MandateRequestsOutSerializer,
    RosterImportOutSerializer,
    SupplierOutSerializer,
)
from suppliers.services import roster_import


def _limit_problem(exc: MandateLimitReached) -> Problem:
    return Problem(429, exc.code, str(exc), headers={"Retry-After": str(exc.retry_after)})


_ID = OpenApiParameter("supplier_id", OpenApiTypes.UUID, OpenApiParameter.PATH)
_ERRORS = {code: PROBLEM_RESPONSES[code] for code in (403,)}
_UPLOAD = {
    "type": "object",
    "properties": {"file": {"type": "string", "format": "binary"}},
    "required": ["file"],
}


@extend_schema_view(
    list=extend_schema(
        operation_id="suppliers_list",
        summary="List your suppliers (the roster you file simplified declarations for)",
        parameters=[OpenApiParameter("commodity", OpenApiTypes.STR, enum=list(IN_SCOPE_CODES))],
        responses={200: SupplierOutSerializer(many=True), 404: INVALID_CURSOR, **_ERRORS},
        tags=["suppliers"],
    ),
    retrieve=extend_schema(
        operation_id="suppliers_get",
        summary="One supplier",
        parameters=[_ID],
        responses={200: SupplierOutSerializer, 404: PROBLEM_RESPONSES[404], **_ERRORS},
        tags=["suppliers"],
    ),
)
class SupplierViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    # A buyer's suppliers, per mode: a test key uploads and reads test suppliers only.

    required_feature = "dds"
    api_since = "1.1"  # added with version 1.1: no older form (eudr_service.lib.versioning)
    test_key_policy = TEST_OBJECTS
    # Each action names its own: uploads read multipart, the rest JSON.
    parser_classes = [DepthLimitedJSONParser]
    serializer_class = SupplierOutSerializer
    pagination_class = ApiCursorPagination
    lookup_field = "public_id"
    lookup_url_kwarg = "supplier_id"

    def get_queryset(self):
        found = (
            Supplier.objects.filter(owner=self.request.user, livemode=request_livemode(self.request))
            .select_related("existing_declaration")
            .prefetch_related("mandates")
        )
        commodity = self.request.query_params.get("commodity")
        if commodity is not None:
            if commodity not in IN_SCOPE_CODES:
                raise Problem(
                    400, "invalid_request", f"commodity must be one of {', '.join(IN_SCOPE_CODES)}."
                )
            found = found.filter(commodity=commodity)
        return found

    def _own(self, supplier_id: str) -> Supplier:
        try:
            wanted = uuid.UUID(supplier_id)
        except ValueError:  # a malformed id is as unknown as a missing one
            wanted = None
        supplier = self.get_queryset().filter(public_id=wanted).first() if wanted else None
        if supplier is None:
            raise Problem(404, "not_found", "No such supplier.")
        return supplier

    def retrieve(self, request: Request, supplier_id: str) -> Response:
        return Response(SupplierOutSerializer(self._own(supplier_id)).data)

    @extend_schema(
        operation_id="suppliers_mandate_upload",
        summary="Upload the supplier's signed authorisation (PDF, JPEG or PNG); staff review it",
        description=(
            "Capped per account and UTC day in number and bytes (429 `mandate_scans_exceeded`, "
            "Retry-After until midnight UTC)."
        ),
        parameters=[_ID],
        request={"multipart/form-data": _UPLOAD},
        responses={
            201: MandateOutSerializer,
            400: PROBLEM_RESPONSES[400],
            404: PROBLEM_RESPONSES[404],
            429: PROBLEM_RESPONSES[429],
            **_ERRORS,
        },
        tags=["suppliers"],
    )
    @action(
        detail=True, methods=["post"], url_path="mandate", url_name="mandate", parser_classes=[UploadParser]
    )
    def mandate(self, request: Request, supplier_id: str) -> Response:
        supplier = self._own(supplier_id)
        upload = request.FILES.get("file") if hasattr(request, "FILES") else None
        if upload is None:
            raise Problem(400, "invalid_upload", "Upload the signed authorisation as a multipart `file`.")
        data = upload.read(MAX_DOCUMENT_BYTES + 1)
        try:
            mandate = mandate_document_record(supplier=supplier, filename=upload.name or "", data=data)
        except MandateLimitReached as exc:
            raise _limit_problem(exc) from exc
        except MandateRefused as exc:
            raise Problem(400, exc.code, str(exc)) from exc
        return Response(MandateOutSerializer(mandate).data, status=201)

    @extend_schema(
        operation_id="suppliers_consignment_record",
        summary="Record a consignment bought from the supplier, with its declaration's numbers",
        description=(
            "The supplier record of the consignment (Article 5(3)), filled from the roster, with the "
            "reference and verification numbers of the supplier's simplified declaration filed through "
            "a bulk filing, checked with the EU (verifyDeclaration) and kept as an upstream reference."
        ),
        parameters=[_ID],
        request=ConsignmentInSerializer,
        responses={
            201: ConsignmentOutSerializer,
            400: PROBLEM_RESPONSES[400],
            404: PROBLEM_RESPONSES[404],
            **_ERRORS,
        },
        tags=["suppliers"],
    )
    @action(detail=True, methods=["post"], url_path="consignments", url_name="consignments")
    def consignments(self, request: Request, supplier_id: str) -> Response:
        supplier = self._own(supplier_id)
        incoming = ConsignmentInSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        consignment = supplier_consignment_record(supplier=supplier, **incoming.validated_data)
        return Response(ConsignmentOutSerializer(consignment).data, status=201)

    @extend_schema(
        operation_id="suppliers_consignments_csv",
        summary="Export consignments bought from your suppliers, with their declarations (for an authority)",
        parameters=[EXPORT_LANG],
        responses={
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR),
            400: PROBLEM_RESPONSES[400],
            **_ERRORS,
        },
        tags=["suppliers"],
    )
    @action(detail=False, methods=["get"], url_path="consignments.csv", url_name="consignments-csv")
    def consignments_csv(self, request: Request) -> HttpResponse:
        rows = supplier_consignments_rows(owner=request.user, livemode=request_livemode(request))
        return export_response(
            headers=CONSIGNMENT_COLUMNS,
            rows=rows,
            lang=export_language(request),
            fmt="csv",
            filename="supplier-consignments",
        )

    @extend_schema(
        operation_id="suppliers_mandate_requests",
        summary="Ask suppliers to confirm their mandate through a one-time e-mail link",
        description=(
            "One e-mail per supplier with an address and no mandate in force or awaited (a supplier "
            "whose mandate is `needs_reconfirmation` is asked again). A test key creates the links "
            "but sends no e-mail (`emails: not_sent_test_mode`). At most MANDATE_EMAILS_PER_DAY "
            "e-mails per account and UTC day: a request that would pass it sends none (429 "
            "`mandate_emails_exceeded`)."
        ),
        request=MandateRequestsInSerializer,
        responses={
            201: MandateRequestsOutSerializer,
            400: PROBLEM_RESPONSES[400],
            429: PROBLEM_RESPONSES[429],
            **_ERRORS,
        },
        tags=["suppliers"],
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="mandate-requests",
        url_name="mandate-requests",
        parser_classes=[DepthLimitedJSONParser],
    )
    def mandate_requests(self, request: Request) -> Response:
        body = MandateRequestsInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        chosen = self.get_queryset()
        if "suppliers" in body.validated_data:
            chosen = chosen.filter(public_id__in=body.validated_data["suppliers"])
        try:
            requested, skipped = mandates_request_many(suppliers=chosen)
        except MandateLimitReached as exc:
            raise _limit_problem(exc) from exc
        # A test key's requests get their links but no e-mail (they send nothing outside).
        emails = "sent" if request_livemode(request) else "not_sent_test_mode"
        return Response({"requested": requested, "skipped": skipped, "emails": emails}, status=201)

    @extend_schema(
        operation_id="suppliers_import",
        summary=f"Upload the roster (CSV or XLSX, up to {MAX_ROWS} suppliers), imported whole or not at all",
        description=(
            "Multipart `file`: .csv (UTF-8 or Windows-1250, `,` or `;`) or .xlsx (first sheet). "
            "Headers in English or Polish (`template.csv`). Every row is checked offline first "
            "(NIP and REGON checksums, parcel identifiers, postal codes, commodity and size); any "
            "invalid row refuses the whole file with 400 `roster_invalid`, every problem in `errors` "
            "with its `line` and `field`. A supplier already uploaded (same `producer_number`) is updated; "
            "a row that changes the name, an identifier, the e-mail, the address, the land or the goods "
            "of a supplier with a mandate takes that mandate out of force (`needs_reconfirmation`), "
            "listed in `mandates_suspended`: ask those suppliers again (`mandate-requests`). "
            "`dry_run=true` checks and answers the same without writing anything."
        ),
        parameters=[
            OpenApiParameter(
                "dry_run",
                OpenApiTypes.BOOL,
                description="Check the file and answer what an upload would do, writing nothing",
            )
        ],
        request={"multipart/form-data": _UPLOAD},
        responses={
            201: RosterImportOutSerializer,
            200: OpenApiResponse(RosterImportOutSerializer, description="dry_run: nothing was written"),
            400: PROBLEM_RESPONSES[400],
            **_ERRORS,
        },
        tags=["suppliers"],
    )
    @action(
        detail=False, methods=["post"], url_path="import", url_name="import", parser_classes=[UploadParser]
    )
    def upload(self, request: Request) -> Response:
        upload = request.FILES.get("file") if hasattr(request, "FILES") else None
        if upload is None:
            raise Problem(400, "invalid_upload", "Upload the roster as a multipart `file` (.csv or .xlsx).")
        dry_run = request.query_params.get("dry_run", "false").lower()
        if dry_run not in ("true", "false", "1", "0"):
            raise Problem(400, "invalid_request", "dry_run must be true or false.")
        data = upload.read(settings.API_MAX_BODY_BYTES + 1)
        try:
            done = roster_import(
                owner=request.user,
                livemode=request_livemode(request),
                filename=upload.name or "",
                data=data,
                dry_run=dry_run in ("true", "1"),
            )
        except RosterInvalid as exc:
            raise Problem(
                400,
                "roster_invalid",
                exc.detail,
                extra={"errors": [error.as_dict() for error in exc.errors]},
            ) from exc
        return Response(RosterImportOutSerializer(done).data, status=200 if done.dry_run else 201)

    @extend_schema(
        operation_id="suppliers_template",
        summary="The roster template (CSV with the header row and one example)",
        parameters=[EXPORT_LANG],
        responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.STR), **_ERRORS},
        tags=["suppliers"],
    )
    @action(detail=False, methods=["get"], url_path="template.csv", url_name="template")
    def template(self, request: Request) -> HttpResponse:
        return self._template(request, "csv")

    @extend_schema(
        operation_id="suppliers_template_xlsx",
        summary="The roster template as an Excel workbook (the header row and one example)",
        parameters=[EXPORT_LANG],
        responses={(200, XLSX_TYPE): OpenApiResponse(OpenApiTypes.BINARY), **_ERRORS},
        tags=["suppliers"],
    )
    @action(detail=False, methods=["get"], url_path="template.xlsx", url_name="template-xlsx")
    def template_xlsx(self, request: Request) -> HttpResponse:
        return self._template(request, "xlsx")

    def _template(self, request: Request, fmt: str) -> HttpResponse:
        lang = export_language(request)
        headers, rows = template_table(lang)
        return export_response(
            headers=headers, rows=rows, lang=lang, fmt=fmt, filename=f"roster-template-{lang}", title="roster"
        )
