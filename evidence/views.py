"""Evidence records over HTTP: the owner's full form, the public form, the signed bytes,
and the public keys (docs/evidence.md)."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.authentication import APIKeyAuthentication, request_livemode
from accounts.permissions import PUBLIC, TEST_OBJECTS, ModePolicyPermission, PlanFeaturePermission
from eudr_service.lib.openapi import PROBLEM_RESPONSES
from eudr_service.lib.problems import Problem
from evidence import keys, records
from evidence.models import EvidenceRecord
from evidence.schema import EvidenceDocumentSerializer

_RECORD_ID = OpenApiParameter("evidence_id", OpenApiTypes.STR, OpenApiParameter.PATH)
_SIGNED_BYTES = OpenApiResponse(
    OpenApiTypes.BINARY, description="The signed record: its RFC 8785 canonical JSON, byte for byte"
)


def _not_found() -> Problem:
    return Problem(404, "evidence_not_found", "No evidence record with this identifier.")


def signed_bytes_response(record: EvidenceRecord) -> HttpResponse:
    response = HttpResponse(record.signed_bytes, content_type="application/json")
    response["Digest"] = f"sha-256={record.sha256}"
    return response


class EvidenceViewSet(viewsets.ViewSet):
    # GET /api/eudr/v1/evidence/{evidence_id}: a record of the caller's, in full (the plots'
    # inputs included, confidential or not).

    # Every plan that can have a verdict (statements, kept risk results) has `risk`.
    required_feature = "risk"
    api_since = "1.1"  # added with version 1.1: no older form (eudr_service.lib.versioning)
    test_key_policy = TEST_OBJECTS
    lookup_url_kwarg = "evidence_id"

    def _owned(self, request: Request, evidence_id: str) -> EvidenceRecord:
        record = EvidenceRecord.objects.filter(
            record_id=evidence_id, owner=request.user, livemode=request_livemode(request)
        ).first()
        if record is None:
            raise _not_found()
        return record

    @extend_schema(
        operation_id="evidence_retrieve",
        summary="An evidence record, in full (owner)",
        parameters=[_RECORD_ID],
        responses={200: EvidenceDocumentSerializer, 404: PROBLEM_RESPONSES[404], 403: PROBLEM_RESPONSES[403]},
        tags=["evidence"],
    )
    def retrieve(self, request: Request, evidence_id: str) -> Response:
        return Response(records.document(self._owned(request, evidence_id), public=False))

    @extend_schema(
        operation_id="evidence_signed_bytes",
        summary="The exact bytes that were signed (owner)",
        parameters=[_RECORD_ID],
        responses={(200, "application/json"): _SIGNED_BYTES, 404: PROBLEM_RESPONSES[404]},
        tags=["evidence"],
    )
    @action(detail=True, methods=["get"])
    def signed(self, request: Request, evidence_id: str) -> HttpResponse:
        return signed_bytes_response(self._owned(request, evidence_id))


class PublicEvidenceViewSet(viewsets.ViewSet):
    # GET /api/v1/evidence/{evidence_id}: the public form of a live statement's record, as
    # the status page links it; no key needed (limited per client IP like verify).

    authentication_classes = [APIKeyAuthentication]
    permission_classes = [PlanFeaturePermission, ModePolicyPermission]
    required_feature = "verify"
    api_since = "1.1"  # added with version 1.1: no older form (eudr_service.lib.versioning)
    test_key_policy = PUBLIC
    lookup_url_kwarg = "evidence_id"

    @staticmethod
    def _public(evidence_id: str) -> EvidenceRecord:
        # Test records and risk results are never public: indistinguishable from none.
        record = EvidenceRecord.objects.filter(record_id=evidence_id, publishable=True).first()
        if record is None:
            raise _not_found()
        return record

    @extend_schema(
        operation_id="evidence_public",
        summary="An evidence record, public form (no key needed)",
        description="Without the plots' inputs when the statement's geolocation is confidential.",
        parameters=[_RECORD_ID],
        responses={200: EvidenceDocumentSerializer, 404: PROBLEM_RESPONSES[404], 429: PROBLEM_RESPONSES[429]},
        auth=[{}, {"ApiKeyBearer": []}, {"ApiKeyHeader": []}],
        tags=["evidence"],
    )
    def retrieve(self, request: Request, evidence_id: str) -> Response:
        return Response(records.document(self._public(evidence_id), public=True))

    @extend_schema(
        operation_id="evidence_public_signed_bytes",
        summary="The exact bytes that were signed (no key needed)",
        parameters=[_RECORD_ID],
        responses={(200, "application/json"): _SIGNED_BYTES, 404: PROBLEM_RESPONSES[404]},
        auth=[{}, {"ApiKeyBearer": []}, {"ApiKeyHeader": []}],
        tags=["evidence"],
    )
    @action(detail=True, methods=["get"])
    def signed(self, request: Request, evidence_id: str) -> HttpResponse:
        return signed_bytes_response(self._public(evidence_id))


class EvidenceKeysViewSet(viewsets.ViewSet):
    # /.well-known/jwks.json: every key that ever signed a record (JWK set), and each as PEM
    # for standard tools (openssl).

    authentication_classes = [APIKeyAuthentication]
    permission_classes = [PlanFeaturePermission, ModePolicyPermission]
    test_key_policy = PUBLIC

    # Not an API path (a well-known URI, RFC 8615): out of the API schema, in docs/evidence.md.
    @extend_schema(exclude=True)
    def list(self, request: Request) -> Response:
        response = Response(keys.jwks())
        response["Cache-Control"] = "public, max-age=300"
        return response

    @extend_schema(exclude=True)
    def retrieve(self, request: Request, kid: str) -> HttpResponse:
        pem = keys.public_key_pem(kid)
        if pem is None:
            raise Problem(404, "evidence_key_not_found", "No evidence signing key with this key id.")
        response = HttpResponse(pem, content_type="application/x-pem-file")
        response["Cache-Control"] = "public, max-age=86400"
        return response
