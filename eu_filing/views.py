"""The EU outbox's API: withdrawing and amending a statement or a declaration here and at
the EU, the account's EU credentials, and the upstream statements it recorded.

The withdraw and amend actions live at the statements' own addresses
(`/api/eudr/v1/dds/{ddsId}/withdraw`, `/api/eudr/v1/simplified-declarations/{sdId}/amend`,
...): `eu_filing.urls` registers their viewsets on compliance's prefixes, beside the
viewsets that serve the record and its PDF, under the same route names.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.models import EuEnvironment, eu_credential_text
from accounts.permissions import LIVE_ONLY, TEST_OBJECTS
from accounts.services import eu_credential_delete, eu_credential_get
from compliance.filing_serializers import LEGACY_BODY_NOTE, DDSFilingSerializer
from compliance.models import FilingKind
from compliance.sd_serializers import SDFilingSerializer
from compliance.sd_views import SDRecordSerializer, SDSummarySerializer, owned_declaration
from compliance.serializers import DDSRecordSerializer
from compliance.views import owned_statement, validated_filing_body
from eu_filing.amend import dds_amend
from eu_filing.credentials import EuCredentialsRefused, eu_credential_store
from eu_filing.models import UpstreamOrigin, UpstreamReference, UpstreamState
from eu_filing.outbox import WithdrawRefused, configured_environment, dds_withdraw
from eu_filing.upstream import upstream_reference_record, upstream_references_recheck_request
from eudr_service.lib.fields import TimestampField
from eudr_service.lib.openapi import INVALID_CURSOR, PROBLEM_RESPONSES, ProblemSerializer
from eudr_service.lib.pagination import ApiCursorPagination
from eudr_service.lib.problems import Problem


@contextmanager
def refused_as_conflict() -> Iterator[None]:
    """A refusal to withdraw or amend a statement or a simplified declaration, this
    service's or the EU's, is a 409 carrying the refusal's code: every such view
    answers alike."""
    try:
        yield
    except WithdrawRefused as exc:
        raise Problem(409, exc.code, str(exc)) from exc


class DDSEuViewSet(viewsets.ViewSet):
    # /api/eudr/v1/dds/{ddsId}/withdraw and /amend: the statement withdrawn or replaced here
    # and at the EU, for its owner only. compliance.views.DDSViewSet serves the record and
    # its PDF at the same prefix.

    required_feature = "dds"
    test_key_policy = TEST_OBJECTS
    lookup_url_kwarg = "dds_id"

    @extend_schema(
        operation_id="dds_withdraw",
        description="POST /api/eudr/v1/dds/{ddsId}/withdraw: here and at the EU, within the EU's 72 hours.",
        summary="Withdraw a DDS (at the EU too, within 72 hours of its submission there)",
        parameters=[OpenApiParameter("dds_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
        request=None,
        responses={
            200: DDSRecordSerializer,
            404: PROBLEM_RESPONSES[404],
            403: PROBLEM_RESPONSES[403],
            409: OpenApiResponse(
                ProblemSerializer,
                description=(
                    "`eu_withdraw_window_closed` (72 hours after submission), "
                    "`eu_withdraw_not_allowed_for_status`, `eu_withdraw_refused` (the EU's codes), "
                    "`eu_submission_in_progress`, `dds_already_withdrawn`"
                ),
            ),
        },
        tags=["dds"],
    )
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, dds_id: str) -> Response:
        # Here and at the EU, within the EU's 72 hours.
        statement = owned_statement(request, dds_id)
        with refused_as_conflict():
            dds_withdraw(statement=statement, by=request.user)
        return Response(DDSRecordSerializer(owned_statement(request, statement.dds_id)).data)

    @extend_schema(
        operation_id="dds_amend",
        summary="Amend a DDS the EU holds (a complete replacement, within 72 hours of submission)",
        description=(
            "The body is a complete filing body. It is screened again and must come out COMPLIANT; "
            "the activity cannot change. After 72 hours the EU takes no amendment: file a new statement. "
            + LEGACY_BODY_NOTE
        ),
        parameters=[OpenApiParameter("dds_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
        request=DDSFilingSerializer,
        responses={
            200: DDSRecordSerializer,
            400: PROBLEM_RESPONSES[400],
            404: PROBLEM_RESPONSES[404],
            403: PROBLEM_RESPONSES[403],
            409: OpenApiResponse(
                ProblemSerializer,
                description=(
                    "`eu_amend_window_closed`, `eu_amend_not_allowed_for_status`, "
                    "`eu_amend_activity_change`, "
                    "`amendment_not_compliant`, `eu_amend_refused` (the EU's codes), `eu_amend_too_large`, "
                    "`eu_amend_wrong_kind` (a simplified declaration)"
                ),
            ),
        },
        tags=["dds"],
    )
    @action(detail=True, methods=["post"])
    def amend(self, request: Request, dds_id: str) -> Response:
        # The statement replaced, here and at the EU, within 72 hours.
        statement = owned_statement(request, dds_id)
        if statement.filing_kind != FilingKind.DDS:
            raise Problem(
                409,
                "eu_amend_wrong_kind",
                f"{statement.dds_id} is a simplified declaration: amend it at "
                f"/api/eudr/v1/simplified-declarations/{statement.dds_id}/amend.",
            )
        data = validated_filing_body(request, DDSFilingSerializer)
        with refused_as_conflict():
            dds_amend(statement=statement, data=data, by=request.user)
        return Response(DDSRecordSerializer(owned_statement(request, statement.dds_id)).data)


class SDEuViewSet(viewsets.GenericViewSet):
    # /api/eudr/v1/simplified-declarations/{sdId}/amend and /withdraw: the declaration
    # replaced (updateSd) or withdrawn (withdrawSd) here and at the EU.
    # compliance.sd_views.SDViewSet serves the rest of the resource at the same prefix.

    required_feature = "dds"
    test_key_policy = TEST_OBJECTS
    # What OPTIONS describes for these actions, as it did when SDViewSet served them.
    serializer_class = SDSummarySerializer
    lookup_url_kwarg = "sd_id"

    @extend_schema(
        operation_id="sd_amend",
        summary="Update a simplified declaration the EU holds (a complete replacement)",
        description=(
            "The body is a complete simplified-declaration body. It is checked for eligibility and "
            "screened again and must come out COMPLIANT; the activity cannot change. The EU takes the "
            "update (updateSd) while the declaration is AVAILABLE there; it documents no time window. "
            + LEGACY_BODY_NOTE
        ),
        parameters=[OpenApiParameter("sd_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
        request=SDFilingSerializer,
        responses={
            200: SDRecordSerializer,
            400: PROBLEM_RESPONSES[400],
            404: PROBLEM_RESPONSES[404],
            403: PROBLEM_RESPONSES[403],
            409: OpenApiResponse(
                ProblemSerializer,
                description=(
                    "`eu_amend_not_allowed_for_status`, `eu_amend_activity_change`, "
                    "`amendment_not_compliant`, `eu_amend_refused` (the EU's codes), `eu_amend_too_large`, "
                    "`eu_credentials_missing`, `eu_unavailable`"
                ),
            ),
        },
        tags=["simplified-declarations"],
    )
    @action(detail=True, methods=["post"])
    def amend(self, request: Request, sd_id: str) -> Response:
        # Replaced here and at the EU (updateSd).
        declaration = owned_declaration(request, sd_id)
        data = validated_filing_body(request, SDFilingSerializer)
        with refused_as_conflict():
            dds_amend(statement=declaration, data=data, by=request.user)
        return Response(SDRecordSerializer(owned_declaration(request, declaration.dds_id)).data)

    @extend_schema(
        operation_id="sd_withdraw",
        summary="Withdraw a simplified declaration, here and at the EU",
        description=(
            "Withdraws the declaration here and, while the EU holds it as SUBMITTED or AVAILABLE, "
            "there too (withdrawSd; the EU documents no 72-hour window for declarations). A "
            "declaration not yet sent is withdrawn here and never sent."
        ),
        parameters=[OpenApiParameter("sd_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
        request=None,
        responses={
            200: SDRecordSerializer,
            404: PROBLEM_RESPONSES[404],
            403: PROBLEM_RESPONSES[403],
            409: OpenApiResponse(
                ProblemSerializer,
                description=(
                    "`eu_withdraw_not_allowed_for_status`, `eu_withdraw_refused` (the EU's codes), "
                    "`eu_credentials_missing`, `eu_submission_in_progress`, `dds_already_withdrawn`"
                ),
            ),
        },
        tags=["simplified-declarations"],
    )
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, sd_id: str) -> Response:
        # Withdrawn here and at the EU (withdrawSd).
        declaration = owned_declaration(request, sd_id)
        with refused_as_conflict():
            dds_withdraw(statement=declaration, by=request.user)
        return Response(SDRecordSerializer(owned_declaration(request, declaration.dds_id)).data)


class EuCredentialInSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=100, validators=[eu_credential_text])
    authentication_key = serializers.CharField(
        max_length=200, write_only=True, trim_whitespace=True, validators=[eu_credential_text]
    )
    client_id = serializers.CharField(max_length=100, validators=[eu_credential_text])
    environment = serializers.ChoiceField(choices=EuEnvironment.choices)


class EuCredentialOutSerializer(serializers.Serializer):
    """Never the authentication key: only whether one is stored."""

    username = serializers.CharField()
    client_id = serializers.CharField()
    environment = serializers.CharField()
    authentication_key_set = serializers.BooleanField()
    service_environment = serializers.CharField(help_text="The environment this service talks to")
    updated_at = TimestampField(allow_null=True)
    confirmed = serializers.BooleanField(
        help_text="The EU accepted these credentials: when stored, or by a submission since"
    )
    confirmed_at = TimestampField(allow_null=True)
    last_checked_at = TimestampField(
        allow_null=True, help_text="When they were last tried with the EU; null: never (another environment)"
    )
    last_check_error = serializers.CharField(
        help_text="Why they are not confirmed (the EU did not answer, or what it said); empty when confirmed"
    )


def _credential_view(account_id: int) -> dict:
    credential = eu_credential_get(account_id=account_id)
    return {
        "username": credential.username if credential else "",
        "client_id": credential.client_id if credential else "",
        "environment": credential.environment if credential else "",
        "authentication_key_set": bool(credential and credential.authentication_key),
        "service_environment": configured_environment(),
        "updated_at": credential.updated_at if credential else None,
        "confirmed": bool(credential and credential.confirmed_at),
        "confirmed_at": credential.confirmed_at if credential else None,
        "last_checked_at": credential.last_checked_at if credential else None,
        "last_check_error": credential.last_check_error if credential else "",
    }


class EuCredentialViewSet(viewsets.ViewSet):
    # /api/eudr/v1/eu-is/credentials: the account's own EU web-service user (one per account).

    required_feature = "dds"
    test_key_policy = LIVE_ONLY

    @extend_schema(
        operation_id="eu_credentials_get",
        description="GET/PUT/DELETE /api/eudr/v1/eu-is/credentials: the account's own EU web-service user.",
        summary="Your EU Information System credentials (the key is never shown)",
        responses={200: EuCredentialOutSerializer, 403: PROBLEM_RESPONSES[403]},
        tags=["eu-is"],
    )
    def show(self, request: Request) -> Response:
        return Response(EuCredentialOutSerializer(_credential_view(request.user.pk)).data)

    @extend_schema(
        operation_id="eu_credentials_put",
        summary="Try your EU Information System credentials with the EU, then store them (encrypted)",
        description=(
            "The credentials are tried with the EU first (acceptance: the echo service; production: "
            "a retrieval by an internal reference no statement has). The EU refuses them: 422 "
            "`eu_credentials_refused`, nothing is stored and credentials stored before are unchanged. "
            "The EU does not answer in time: they are stored with `confirmed: false` and the reason in "
            "`last_check_error`; the first submission the EU accepts confirms them. Credentials for "
            "another environment than `service_environment` are stored unchecked."
        ),
        request=EuCredentialInSerializer,
        responses={
            200: EuCredentialOutSerializer,
            400: PROBLEM_RESPONSES[400],
            403: PROBLEM_RESPONSES[403],
            422: OpenApiResponse(
                ProblemSerializer,
                description="`eu_credentials_refused`: the EU refused them; nothing was stored",
            ),
        },
        tags=["eu-is"],
    )
    def replace(self, request: Request) -> Response:
        body = EuCredentialInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            eu_credential_store(account=request.user, **body.validated_data)
        except EuCredentialsRefused as exc:
            raise Problem(422, "eu_credentials_refused", str(exc)) from exc
        return Response(EuCredentialOutSerializer(_credential_view(request.user.pk)).data)

    @extend_schema(
        operation_id="eu_credentials_delete",
        description="GET/PUT/DELETE /api/eudr/v1/eu-is/credentials: the account's own EU web-service user.",
        summary="Forget your EU Information System credentials",
        responses={204: None, 404: PROBLEM_RESPONSES[404], 403: PROBLEM_RESPONSES[403]},
        tags=["eu-is"],
    )
    def clear(self, request: Request) -> Response:
        if not eu_credential_delete(account=request.user):
            raise Problem(404, "eu_credentials_not_found", "No EU credentials are stored for this account.")
        return Response(status=204)


class UpstreamReferenceInSerializer(serializers.Serializer):
    reference_number = serializers.RegexField(r"^[A-Za-z0-9]{1,14}$", help_text="At most 14 characters")
    verification_number = serializers.RegexField(r"^[A-Za-z0-9]{5,35}$", help_text="5 to 35 characters")
    supplier = serializers.CharField(max_length=200, required=False, allow_blank=True)
    note = serializers.CharField(max_length=300, required=False, allow_blank=True)


class UpstreamReferenceOutSerializer(serializers.Serializer):
    reference_number = serializers.CharField()
    verification_number = serializers.CharField()
    supplier = serializers.CharField()
    note = serializers.CharField()
    result = serializers.CharField(
        help_text="verifyDeclaration: EXISTING_USABLE, EXISTING_NON_USABLE, NON_EXISTENT; empty: unchecked"
    )
    eu_status = serializers.CharField()
    eu_checked_at = TimestampField(allow_null=True)
    error_message = serializers.CharField()
    origin = serializers.ChoiceField(
        choices=UpstreamOrigin.values,
        help_text="recorded (this API), roster (a supplier's own declaration), consignment, "
        "own (your statement)",
    )
    state = serializers.ChoiceField(
        choices=UpstreamState.values,
        help_text="What the EU's last answer means: valid, withdrawn, not_usable, not_found; unknown before",
    )
    state_changed_at = TimestampField(allow_null=True)
    checked_at = TimestampField(allow_null=True, help_text="When the EU last answered (our clock)")
    due_at = TimestampField(help_text="When the next scheduled check is due")
    created_at = TimestampField()


class UpstreamRecheckOutSerializer(serializers.Serializer):
    due = serializers.IntegerField(help_text="References due for a check now, checked in the background")


class UpstreamReferenceViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    # /api/eudr/v1/upstream-references: the statements behind your products.

    required_feature = "dds"
    test_key_policy = LIVE_ONLY
    serializer_class = UpstreamReferenceOutSerializer
    pagination_class = ApiCursorPagination

    def get_queryset(self):
        return UpstreamReference.objects.filter(owner=self.request.user)

    @extend_schema(
        operation_id="upstream_references_list",
        description="GET/POST /api/eudr/v1/upstream-references: the statements behind your products.",
        summary="List the upstream statements you recorded, with the EU's check",
        responses={
            200: UpstreamReferenceOutSerializer(many=True),
            403: PROBLEM_RESPONSES[403],
            404: INVALID_CURSOR,
        },
        tags=["eu-is"],
    )
    def list(self, request: Request, *args, **kwargs) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(
        operation_id="upstream_references_create",
        description="GET/POST /api/eudr/v1/upstream-references: the statements behind your products.",
        summary="Record a supplier's reference and verification numbers; checked with verifyDeclaration",
        request=UpstreamReferenceInSerializer,
        responses={
            201: UpstreamReferenceOutSerializer,
            200: UpstreamReferenceOutSerializer,
            400: PROBLEM_RESPONSES[400],
            403: PROBLEM_RESPONSES[403],
        },
        tags=["eu-is"],
    )
    def create(self, request: Request) -> Response:
        body = UpstreamReferenceInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        reference, created = upstream_reference_record(
            owner=request.user,
            reference_number=data["reference_number"].upper(),
            verification_number=data["verification_number"].upper(),
            supplier=data.get("supplier", ""),
            note=data.get("note", ""),
        )
        return Response(UpstreamReferenceOutSerializer(reference).data, status=201 if created else 200)

    @extend_schema(
        operation_id="upstream_references_recheck",
        description="POST /api/eudr/v1/upstream-references/recheck: every reference of the account "
        "(recorded, the roster's own declarations, consignments', your own statements) is checked "
        "again with verifyDeclaration, in the background at the EU's pace; a changed answer sends "
        "`upstream.status_changed`.",
        summary="Check every upstream reference again now",
        request=None,
        responses={202: UpstreamRecheckOutSerializer, 403: PROBLEM_RESPONSES[403]},
        tags=["eu-is"],
    )
    @action(detail=False, methods=["post"], url_path="recheck")
    def recheck(self, request: Request) -> Response:
        due = upstream_references_recheck_request(owner=request.user)
        return Response(UpstreamRecheckOutSerializer({"due": due}).data, status=202)
