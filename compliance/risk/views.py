"""Risk-score endpoints (feature `risk`). Thin: validate, call a service, answer."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from compliance.events import risk_critical_emit
from compliance.risk import parcels, service
from compliance.risk.serializers import (
    BatchRiskSerializer,
    BatchSerializer,
    LocationQuerySerializer,
    LocationRiskSerializer,
    ParcelRiskOutSerializer,
    ParcelRiskSerializer,
)
from eudr_service.lib.openapi import PROBLEM_RESPONSES
from eudr_service.lib.problems import Problem

_ERRORS = {code: PROBLEM_RESPONSES[code] for code in (400, 401, 403, 429)}


def _parcel_risk(request: Request) -> Response:
    serializer = ParcelRiskSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    try:
        result = service.risk_score_parcel(
            parcel_id=serializer.validated_data["parcelId"],
            commodity=serializer.validated_data["commodity"],
        )
    except parcels.ParcelNotFound as exc:
        raise Problem(404, "parcel_not_found", f"The parcel register has no such parcel: {exc}") from exc
    except parcels.ParcelServiceUnavailable as exc:
        raise Problem(
            503,
            "parcel_service_unavailable",
            "The national parcel service (GUGiK ULDK) is unreachable and the parcel is not cached.",
            headers={"Retry-After": str(settings.PARCEL_RETRY_AFTER_SECONDS)},
        ) from exc
    risk_critical_emit(
        owner=request.user, subject={"kind": "parcel", "parcel_id": result["parcel"]["id"]}, result=result
    )
    return Response(result)


_PARCEL_SCHEMA = {
    "request": ParcelRiskSerializer,
    "responses": {
        200: ParcelRiskOutSerializer,
        404: PROBLEM_RESPONSES[404],
        503: PROBLEM_RESPONSES[503],
        **_ERRORS,
    },
    "tags": ["risk"],
}


class RiskScoreView(APIView):
    required_feature = "risk"

    @extend_schema(
        operation_id="risk_score_location",
        summary="Risk score for a location",
        parameters=[
            OpenApiParameter("lat", OpenApiTypes.DOUBLE, required=True, description="-90..90"),
            OpenApiParameter("lng", OpenApiTypes.DOUBLE, required=True, description="-180..180"),
            OpenApiParameter("radiusKm", OpenApiTypes.DOUBLE, description="0 < r <= 50, default 1"),
            OpenApiParameter("commodity", OpenApiTypes.STR, description="Polish or English name"),
        ],
        responses={200: LocationRiskSerializer, **_ERRORS},
        tags=["risk"],
    )
    def get(self, request: Request) -> Response:
        query = LocationQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        result = service.risk_score_location(
            lat=data["lat"], lng=data["lng"], radius_km=data["radiusKm"], commodity=data.get("commodity")
        )
        risk_critical_emit(
            owner=request.user, subject={"kind": "location", **result["location"]}, result=result
        )
        return Response(result)

    @extend_schema(
        operation_id="risk_score_parcel", summary="Risk for a parcel and commodity", **_PARCEL_SCHEMA
    )
    def post(self, request: Request) -> Response:
        return _parcel_risk(request)


class DeprecatedRiskScoreView(APIView):
    """`/v1/risk-score`: the second presentation's path, kept as a deprecated alias."""

    required_feature = "risk"

    @extend_schema(
        operation_id="risk_score_parcel_deprecated",
        summary="Risk for a parcel and commodity (deprecated path)",
        description="Use POST /api/eudr/v1/risk-score. Carries Deprecation, Sunset and Link headers.",
        deprecated=True,
        **_PARCEL_SCHEMA,
    )
    def post(self, request: Request) -> Response:
        return _parcel_risk(request)


class RiskBatchView(APIView):
    required_feature = "risk"

    @extend_schema(
        operation_id="risk_score_batch",
        summary=f"Risk scores for up to {settings.RISK_BATCH_MAX} locations",
        description="Results in input order with a summary by level. Counts as one request.",
        request=BatchSerializer,
        responses={200: BatchRiskSerializer, **_ERRORS},
        tags=["risk"],
    )
    def post(self, request: Request) -> Response:
        items = request.data.get("parcels") if isinstance(request.data, dict) else None
        if isinstance(items, list) and len(items) > settings.RISK_BATCH_MAX:
            raise Problem(
                400,
                "too_many_parcels",
                f"A batch holds at most {settings.RISK_BATCH_MAX} parcels; got {len(items)}.",
                extra={"max_items": settings.RISK_BATCH_MAX},
            )
        body = BatchSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        points = [(item["lat"], item["lng"]) for item in data["parcels"]]
        batch = service.risk_score_batch(
            points=points, radius_km=data["radiusKm"], commodity=data.get("commodity")
        )
        for item in batch["results"]:
            subject = {
                "kind": "location",
                **item["location"],
                "radius_km": data["radiusKm"],
                "batch_index": item["index"],
            }
            risk_critical_emit(owner=request.user, subject=subject, result=item)
        return Response(batch)
