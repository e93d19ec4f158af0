"""Public DDS verification."""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import PlanFeaturePermission
from compliance.serializers import VerificationRecordSerializer
from compliance.services import dds_find_public
from eudr_service.lib.openapi import PROBLEM_RESPONSES
from eudr_service.lib.problems import Problem


class VerifyView(APIView):
    """GET /api/v1/verify/{dds_id}: public status of a statement."""

    # Anonymous callers pass; a key, if sent, must be valid and its plan have `verify`.
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
        statement = dds_find_public(raw_id=dds_id)
        if statement is None:
            raise Problem(404, "dds_not_found", "No DDS with this identifier.")
        record = statement.verification_record()
        etag = '"' + hashlib.sha256(json.dumps(record).encode()).hexdigest()[:32] + '"'
        if etag in request.headers.get("If-None-Match", ""):
            response = Response(status=304)
        else:
            response = Response(record)
        response["ETag"] = etag
        response["Cache-Control"] = f"public, max-age={settings.VERIFY_CACHE_SECONDS}"
        return response

    def finalize_response(self, request: Request, response: Response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        # Any page may embed the badge, so any origin may read the answer,
        # errors included (the widget shows red on a 404).
        response["Access-Control-Allow-Origin"] = "*"
        response["Access-Control-Expose-Headers"] = "ETag, X-RateLimit-Remaining, Retry-After"
        return response
