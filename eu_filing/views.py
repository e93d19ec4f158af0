"""The EU outbox's API: the account's EU credentials, and the upstream statements it recorded.

Withdrawing and amending a statement or a declaration here and at the EU is answered at the
statement's own address by compliance.views, which reaches the outbox (eu_filing.outbox,
eu_filing.amend) through compliance.hooks: one app registers those addresses.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.models import EuEnvironment, eu_credential_text
from accounts.permissions import LIVE_ONLY
from accounts.services import eu_credential_delete, eu_credential_get
from eu_filing.credentials import EuCredentialsRefused, eu_credential_store
from eu_filing.models import UpstreamOrigin, UpstreamReference, UpstreamState
from eu_filing.outbox import configured_environment
from eu_filing.upstream import upstream_reference_record, upstream_references_recheck_request
from eudr_service.lib.fields import TimestampField
from eudr_service.lib.openapi import INVALID_CURSOR, PROBLEM_RESPONSES, ProblemSerializer
from eudr_service.lib.pagination import ApiCursorPagination
from eudr_service.lib.problems import Problem


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
