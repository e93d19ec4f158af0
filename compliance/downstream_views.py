"""API of the organisation's roles, its trading partners per consignment and its
substantiated concerns (Article 5 as amended by Regulation (EU) 2025/2650)."""

from __future__ import annotations

import json
import uuid
from datetime import date

from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.authentication import request_livemode
from accounts.permissions import LIVE_ONLY, TEST_OBJECTS
from compliance.downstream import (
    EXPORT_FIELDS,
    RetentionRunning,
    organisation_roles_get,
    organisation_roles_set,
    substantiated_concern_record,
    trading_partner_export_row,
    trading_partner_record_create,
    trading_partner_record_delete,
    trading_partners_rows,
)
from compliance.models import OrganisationRoles, PartnerKind, SubstantiatedConcern, TradingPartnerRecord
from compliance.serializers import TradingPartnerOutSerializer
from eudr_service.lib.exports import EXPORT_LANG, export_language, export_response
from eudr_service.lib.fields import TimestampField, plain_multiline_text, plain_text
from eudr_service.lib.openapi import INVALID_CURSOR, PROBLEM_RESPONSES, ProblemSerializer
from eudr_service.lib.pagination import ApiCursorPagination
from eudr_service.lib.problems import Problem
from eudr_service.lib.timestamps import iso_millis
from regulation.roles import (
    RECORDS_RETENTION_YEARS,
    ROLE_TITLES,
    ROLE_WHO,
    OrganisationRole,
    asks_for_reference_numbers,
    duties_for,
)

_ROLES = "GET/PUT /api/eudr/v1/organisation/roles: the organisation's roles and their obligations."
_CONCERNS = (
    "GET/POST /api/eudr/v1/substantiated-concerns: concerns received and what was done (Article 5(6))."
)
ROLE_CHOICES = [(str(role), str(role)) for role in OrganisationRole]


class RolesInSerializer(serializers.Serializer):
    roles = serializers.ListField(child=serializers.ChoiceField(choices=ROLE_CHOICES), max_length=5)
    is_sme = serializers.BooleanField(
        allow_null=True,
        required=False,
        default=None,
        help_text="Small or medium-sized enterprise; Article 5(2) and 5(6) are for non-SMEs. null: not said",
    )


class DutySerializer(serializers.Serializer):
    code = serializers.CharField()
    text = serializers.CharField()
    article = serializers.CharField(help_text="Of Regulation (EU) 2023/1115 as amended")
    source = serializers.CharField(help_text="Where the service read it")
    confirmed_in_official_journal = serializers.BooleanField()
    applies_from = serializers.DateField(allow_null=True)
    applies_from_provision = serializers.CharField(allow_null=True)
    applies_to_organisation = serializers.BooleanField(help_text="false: an SME is exempt")
    non_sme_only = serializers.BooleanField()


class RoleObligationsSerializer(serializers.Serializer):
    role = serializers.CharField()
    title = serializers.CharField()
    who = serializers.CharField()
    duties = DutySerializer(many=True)


class RolesOutSerializer(serializers.Serializer):
    roles = serializers.ListField(child=serializers.CharField())
    is_sme = serializers.BooleanField(allow_null=True)
    asks_for_reference_numbers = serializers.BooleanField(
        help_text="Only a first downstream operator or trader collects upstream reference numbers"
    )
    records_retention_years = serializers.IntegerField()
    obligations = RoleObligationsSerializer(many=True)
    available_roles = serializers.ListField(child=serializers.CharField())


def roles_view(row: OrganisationRoles, *, on: date | None = None) -> dict:
    on = on or timezone.localdate()
    obligations = []
    for code in row.roles:
        role = OrganisationRole(code)
        duties = [
            {
                "code": view.duty.code,
                "text": str(view.duty.text),
                "article": view.duty.article,
                "source": view.duty.source,
                "confirmed_in_official_journal": view.duty.confirmed,
                "applies_from": view.applies_from,
                "applies_from_provision": view.applies_from_provision,
                "applies_to_organisation": view.applies_to_organisation,
                "non_sme_only": view.duty.non_sme_only,
            }
            for view in duties_for(role, sme=row.is_sme, on=on, established_small_on=row.established_small_on)
        ]
        obligations.append(
            {"role": code, "title": str(ROLE_TITLES[role]), "who": str(ROLE_WHO[role]), "duties": duties}
        )
    return {
        "roles": list(row.roles),
        "is_sme": row.is_sme,
        "asks_for_reference_numbers": asks_for_reference_numbers(row.roles),
        "records_retention_years": RECORDS_RETENTION_YEARS,
        "obligations": obligations,
        "available_roles": [str(role) for role in OrganisationRole],
    }


class OrganisationRolesViewSet(viewsets.ViewSet):
    # /api/eudr/v1/organisation/roles: the organisation's roles and their obligations.

    required_feature = "dds"
    test_key_policy = LIVE_ONLY

    @extend_schema(
        operation_id="organisation_roles_get",
        description=_ROLES,
        summary="Your organisation's roles, each with its obligations, article and date",
        responses={200: RolesOutSerializer, 403: PROBLEM_RESPONSES[403]},
        tags=["downstream"],
    )
    def show(self, request: Request) -> Response:
        return Response(RolesOutSerializer(roles_view(organisation_roles_get(account=request.user))).data)

    @extend_schema(
        operation_id="organisation_roles_set",
        description=_ROLES,
        summary="Set your organisation's roles (replaces them)",
        request=RolesInSerializer,
        responses={200: RolesOutSerializer, 400: PROBLEM_RESPONSES[400], 403: PROBLEM_RESPONSES[403]},
        tags=["downstream"],
    )
    def replace(self, request: Request) -> Response:
        body = RolesInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        row = organisation_roles_set(
            account=request.user, roles=body.validated_data["roles"], is_sme=body.validated_data["is_sme"]
        )
        return Response(RolesOutSerializer(roles_view(row)).data)


class TradingPartnerInSerializer(serializers.Serializer):
    """No reference number here: a later downstream operator or trader has none to give, and a
    first one records them at /api/eudr/v1/upstream-references."""

    # The codes only: the API's schema and errors name the codes, not the panel's words.
    kind = serializers.ChoiceField(choices=PartnerKind.values)
    consignment_reference = serializers.CharField(
        max_length=100, help_text="Invoice, delivery note or batch", validators=[plain_text]
    )
    consignment_date = serializers.DateField()
    name = serializers.CharField(max_length=200, validators=[plain_text])
    trade_name = serializers.CharField(
        max_length=200, required=False, allow_blank=True, default="", validators=[plain_text]
    )
    postal_address = serializers.CharField(max_length=300, validators=[plain_text])
    email = serializers.EmailField(max_length=254, validators=[plain_text])
    website = serializers.URLField(
        max_length=200, required=False, allow_blank=True, default="", validators=[plain_text]
    )

    def validate_consignment_date(self, value: date) -> date:
        if value > timezone.localdate():
            raise serializers.ValidationError(_("The consignment date cannot be in the future."))
        return value


_FILTERS = [
    OpenApiParameter("kind", OpenApiTypes.STR, enum=[k for k, _label in PartnerKind.choices]),
    OpenApiParameter("consignment_reference", OpenApiTypes.STR),
    OpenApiParameter("from", OpenApiTypes.DATE, description="Consignment date on or after"),
    OpenApiParameter("to", OpenApiTypes.DATE, description="Consignment date on or before"),
]


class _FilterSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=PartnerKind.values, required=False)
    consignment_reference = serializers.CharField(max_length=100, required=False)
    from_ = serializers.DateField(required=False)
    to = serializers.DateField(required=False)

    def to_internal_value(self, data):
        data = {("from_" if key == "from" else key): value for key, value in data.items()}
        return super().to_internal_value(data)


def _own_partner_records(request: Request):
    """The caller's records in the caller's mode, filtered by the query."""
    names = ("kind", "consignment_reference", "from", "to")
    query = _FilterSerializer(data={k: v for k, v in request.query_params.items() if k in names})
    query.is_valid(raise_exception=True)
    found = TradingPartnerRecord.objects.filter(owner=request.user, livemode=request_livemode(request))
    filters = query.validated_data
    if "kind" in filters:
        found = found.filter(kind=filters["kind"])
    if "consignment_reference" in filters:
        found = found.filter(consignment_reference=filters["consignment_reference"])
    if "from_" in filters:
        found = found.filter(consignment_date__gte=filters["from_"])
    if "to" in filters:
        found = found.filter(consignment_date__lte=filters["to"])
    return found


def _own_partner_record(request: Request, record_id: str) -> TradingPartnerRecord:
    try:
        public_id = uuid.UUID(record_id)
    except ValueError:
        public_id = None
    record = (
        TradingPartnerRecord.objects.filter(
            owner=request.user, public_id=public_id, livemode=request_livemode(request)
        ).first()
        if public_id
        else None
    )
    if record is None:
        raise Problem(404, "not_found", "No supplier or customer record with this id in your account.")
    return record


def _export_name(extension: str) -> str:
    return f"trading-partners-{timezone.localdate().isoformat()}.{extension}"


class TradingPartnerViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    # /api/eudr/v1/trading-partners: suppliers and customers per consignment, and their
    # export for a competent authority's request.

    required_feature = "dds"
    test_key_policy = TEST_OBJECTS
    serializer_class = TradingPartnerOutSerializer
    pagination_class = ApiCursorPagination
    lookup_url_kwarg = "record_id"

    def get_queryset(self):
        return _own_partner_records(self.request)

    @extend_schema(
        operation_id="trading_partners_list",
        description="GET/POST /api/eudr/v1/trading-partners: suppliers and customers per consignment.",
        summary="List your suppliers' and customers' records (Article 5(3))",
        parameters=_FILTERS,
        responses={
            200: TradingPartnerOutSerializer(many=True),
            400: PROBLEM_RESPONSES[400],
            403: PROBLEM_RESPONSES[403],
            404: INVALID_CURSOR,
        },
        tags=["downstream"],
    )
    def list(self, request: Request, *args, **kwargs) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(
        operation_id="trading_partners_create",
        description="GET/POST /api/eudr/v1/trading-partners: suppliers and customers per consignment.",
        summary="Record a supplier or customer of a consignment; kept five years (Article 5(4))",
        request=TradingPartnerInSerializer,
        responses={
            201: TradingPartnerOutSerializer,
            400: PROBLEM_RESPONSES[400],
            403: PROBLEM_RESPONSES[403],
        },
        tags=["downstream"],
    )
    def create(self, request: Request) -> Response:
        body = TradingPartnerInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        record = trading_partner_record_create(
            owner=request.user, livemode=request_livemode(request), **body.validated_data
        )
        return Response(TradingPartnerOutSerializer(record).data, status=201)

    @extend_schema(
        operation_id="trading_partners_get",
        summary="One supplier or customer record",
        responses={
            200: TradingPartnerOutSerializer,
            403: PROBLEM_RESPONSES[403],
            404: PROBLEM_RESPONSES[404],
        },
        tags=["downstream"],
    )
    def retrieve(self, request: Request, record_id: str) -> Response:
        return Response(TradingPartnerOutSerializer(_own_partner_record(request, record_id)).data)

    @extend_schema(
        operation_id="trading_partners_delete",
        summary="Delete a record whose five-year retention period is over",
        responses={
            204: None,
            403: PROBLEM_RESPONSES[403],
            404: PROBLEM_RESPONSES[404],
            409: OpenApiResponse(ProblemSerializer, description="`retention_period_running`"),
        },
        tags=["downstream"],
    )
    def destroy(self, request: Request, record_id: str) -> Response:
        record = _own_partner_record(request, record_id)
        try:
            trading_partner_record_delete(record=record)
        except RetentionRunning as exc:
            raise Problem(
                409,
                "retention_period_running",
                str(exc),
                extra={"retained_until": record.retained_until.isoformat()},
            ) from exc
        return Response(status=204)

    @extend_schema(
        operation_id="trading_partners_export_csv",
        description="The records as CSV, for a competent authority's request.",
        summary="Export your suppliers' and customers' records as CSV (for an authority's request)",
        parameters=[*(p for p in _FILTERS if p.name != "kind"), EXPORT_LANG],
        responses={
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR),
            400: PROBLEM_RESPONSES[400],
            403: PROBLEM_RESPONSES[403],
        },
        tags=["downstream"],
    )
    @action(detail=False, methods=["get"], url_path="export.csv", url_name="csv")
    def export_csv(self, request: Request) -> HttpResponse:
        # The records as CSV, for a competent authority's request.
        records = _own_partner_records(request).order_by("consignment_date", "id")
        return export_response(
            headers=EXPORT_FIELDS,
            rows=trading_partners_rows(records),
            lang=export_language(request),
            fmt="csv",
            filename=_export_name("csv").removesuffix(".csv"),
        )

    @extend_schema(
        operation_id="trading_partners_export_json",
        description="The records as one JSON document, for a competent authority's request.",
        summary="Export your suppliers' and customers' records as JSON (for an authority's request)",
        parameters=[p for p in _FILTERS if p.name != "kind"],
        responses={200: OpenApiTypes.OBJECT, 400: PROBLEM_RESPONSES[400], 403: PROBLEM_RESPONSES[403]},
        tags=["downstream"],
    )
    @action(detail=False, methods=["get"], url_path="export.json", url_name="json")
    def export_json(self, request: Request) -> HttpResponse:
        # The records as one JSON document, for a competent authority's request.
        records = _own_partner_records(request).order_by("consignment_date", "id")
        document = {
            "exported_at": iso_millis(timezone.now()),
            "account": request.user.organisation or request.user.email,
            "legal_basis": "Article 5(3) and 5(4) of Regulation (EU) 2023/1115 as amended by 2025/2650",
            "records": [trading_partner_export_row(record) for record in records],
        }
        response = HttpResponse(
            json.dumps(document, ensure_ascii=False, indent=2), content_type="application/json"
        )
        response["Content-Disposition"] = f'attachment; filename="{_export_name("json")}"'
        response["Cache-Control"] = "no-store"
        return response


class ConcernInSerializer(serializers.Serializer):
    received_on = serializers.DateField()
    product = serializers.CharField(max_length=200, validators=[plain_text])
    raised_by = serializers.CharField(
        max_length=300, required=False, allow_blank=True, default="", validators=[plain_text]
    )
    concern = serializers.CharField(max_length=4000, validators=[plain_multiline_text])
    action_taken = serializers.CharField(max_length=4000, validators=[plain_multiline_text])
    placing_withheld = serializers.BooleanField(default=False)
    authority_informed = serializers.BooleanField(default=False)

    def validate_received_on(self, value: date) -> date:
        # A record of what was received: a date after today is a typo (2999), not a plan.
        if value > timezone.localdate():
            raise serializers.ValidationError(_("A concern cannot be received in the future."))
        return value


class ConcernOutSerializer(serializers.Serializer):
    id = serializers.UUIDField(source="public_id")
    received_on = serializers.DateField()
    product = serializers.CharField()
    raised_by = serializers.CharField()
    concern = serializers.CharField()
    action_taken = serializers.CharField()
    placing_withheld = serializers.BooleanField()
    authority_informed = serializers.BooleanField()
    created_at = TimestampField()


class SubstantiatedConcernViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    # /api/eudr/v1/substantiated-concerns: concerns received and what was done (Article 5(6)).

    required_feature = "dds"
    test_key_policy = TEST_OBJECTS
    serializer_class = ConcernOutSerializer
    pagination_class = ApiCursorPagination

    def get_queryset(self):
        return SubstantiatedConcern.objects.filter(
            owner=self.request.user, livemode=request_livemode(self.request)
        )

    @extend_schema(
        operation_id="substantiated_concerns_list",
        description=_CONCERNS,
        summary="List the substantiated concerns you recorded and what you did",
        responses={200: ConcernOutSerializer(many=True), 403: PROBLEM_RESPONSES[403], 404: INVALID_CURSOR},
        tags=["downstream"],
    )
    def list(self, request: Request, *args, **kwargs) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(
        operation_id="substantiated_concerns_create",
        description=_CONCERNS,
        summary="Record a substantiated concern and the action taken (Article 5(6))",
        request=ConcernInSerializer,
        responses={201: ConcernOutSerializer, 400: PROBLEM_RESPONSES[400], 403: PROBLEM_RESPONSES[403]},
        tags=["downstream"],
    )
    def create(self, request: Request) -> Response:
        body = ConcernInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        concern = substantiated_concern_record(
            owner=request.user, livemode=request_livemode(request), **body.validated_data
        )
        return Response(ConcernOutSerializer(concern).data, status=201)
