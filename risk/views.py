"""Risk-score endpoints (feature `risk`). Thin: validate, call a service, answer."""

from __future__ import annotations

import json
import time
from typing import Any

from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.authentication import request_livemode
from accounts.permissions import TEST_OBJECTS
from eudr_service.lib.budget import budget_check
from eudr_service.lib.exports import EXPORT_LANG, export_language, export_response
from eudr_service.lib.json_parser import DepthLimitedJSONParser, UploadParser, json_loads_bounded
from eudr_service.lib.openapi import PROBLEM_RESPONSES
from eudr_service.lib.problems import Problem
from eudr_service.lib.versioning import api_url
from risk import geometry, jobs, parcels, service
from risk.events import risk_critical_batch_emit, risk_critical_emit
from risk.evidence_record import layers_read, point_area, risk_record_write
from risk.models import RiskJob, RiskJobStatus
from risk.provenance import area_parcel
from risk.serializers import (
    BatchRiskSerializer,
    BatchSerializer,
    CsvFieldTooLarge,
    LocationQuerySerializer,
    LocationRiskSerializer,
    ParcelRiskOutSerializer,
    ParcelRiskSerializer,
    PlotOptionsSerializer,
    RiskJobOutSerializer,
    csv_plots,
    is_geojson_body,
    is_location_only,
    plot_item_geojson,
    plot_items,
)

_ERRORS = {code: PROBLEM_RESPONSES[code] for code in (400, 401, 403, 429)}


def plots_parse(
    data: dict[str, Any], *, max_items: int, positions_limit: str | None = "BUDGET_POSITIONS_PER_BODY"
) -> tuple[list[geometry.Plot], dict[str, Any]]:
    """GeoJSON plots and their options from a body, or a 400 naming every refused plot
    with its diagnostics (and repaired geometries where one is safe)."""
    options = PlotOptionsSerializer(
        data={k: data[k] for k in ("commodity", "radiusKm", "country") if k in data}
    )
    options.is_valid(raise_exception=True)
    items = plot_items(data)
    if not items:
        raise Problem(400, "no_plots", "The body holds no plot.")
    if len(items) > max_items:
        raise Problem(
            400,
            "too_many_parcels",
            f"A request holds at most {max_items} plots; got {len(items)}.",
            extra={"max_items": max_items},
        )
    if positions_limit:
        budget_check(positions_limit, sum(geometry.count_positions(plot_item_geojson(i)) for i in items))
    plots, refused = [], []
    for index, item in enumerate(items):
        try:
            plots.append(geometry.plot_from_geojson(plot_item_geojson(item)))
        except geometry.GeometryRefused as exc:
            refused.append({"index": index, "diagnostics": [d.to_dict() for d in exc.diagnostics]})
    if refused:
        raise Problem(
            400,
            "invalid_geometry",
            f"{len(refused)} plot(s) refused; each carries diagnostics with a stable code "
            "and, where safe, a repaired geometry to send back.",
            extra={"plots": refused[:100]},
        )
    return plots, options.validated_data


def _geometry_risk(request: Request) -> Response:
    if request.data.get("type") == "FeatureCollection" and len(plot_items(request.data)) > 1:
        raise Problem(
            400,
            "use_batch",
            "This endpoint scores one plot; send several to /api/eudr/v1/risk-score/batch "
            f"(up to {settings.RISK_BATCH_MAX}) or /api/eudr/v1/risk-score/jobs.",
        )
    plots, options = plots_parse(request.data, max_items=1)
    result = service.risk_score_plot(
        plot=plots[0],
        commodity=options.get("commodity"),
        radius_km=options.get("radiusKm"),
        declared_country=options.get("country"),
    )
    risk_critical_emit(
        owner=request.user,
        subject={"kind": "plot", **result["plot"]["centroid"]},
        result=result,
        livemode=request_livemode(request),
    )
    return Response(result)


def _parcel_risk(request: Request) -> Response:
    if is_geojson_body(request.data):
        return _geometry_risk(request)
    serializer = ParcelRiskSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    try:
        result = service.risk_score_parcel(
            parcel_id=serializer.validated_data["parcelId"],
            commodity=serializer.validated_data["commodity"],
        )
    except parcels.ParcelNotFound as exc:
        detail = service.parcel_not_found_message(
            parcel_id=serializer.validated_data["parcelId"], register_said=str(exc)
        )
        raise Problem(
            404, "parcel_not_found", detail or f"The parcel register has no such parcel: {exc}"
        ) from exc
    except parcels.ParcelServiceUnavailable as exc:
        raise Problem(
            503,
            "parcel_service_unavailable",
            "The national parcel service (GUGiK ULDK) is unreachable and the parcel is not cached.",
            headers={"Retry-After": str(exc.retry_after or settings.PARCEL_RETRY_AFTER_SECONDS)},
        ) from exc
    risk_critical_emit(
        owner=request.user,
        subject={"kind": "parcel", "parcel_id": result["parcel"]["id"]},
        result=result,
        livemode=request_livemode(request),
    )
    if serializer.validated_data["keepEvidence"]:
        parcel_id = result["parcel"]["id"]
        area = area_parcel(parcel_id=parcel_id) if layers_read(result) else None
        result["evidence_record"] = risk_record_write(
            owner=request.user,
            livemode=request_livemode(request),
            request_kind="parcel",
            commodity=serializer.validated_data["commodity"],
            plots=[({"parcel_id": parcel_id}, result, area, None)],
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


class RiskScoreViewSet(viewsets.ViewSet):
    # `/api/eudr/v1/risk-score`: a location (GET), a parcel (POST), a batch. (Comments,
    # not docstrings, on viewsets: a docstring would become every operation's description.)

    required_feature = "risk"
    test_key_policy = TEST_OBJECTS

    @extend_schema(
        operation_id="risk_score_location",
        summary="Risk score for a location",
        parameters=[
            OpenApiParameter("lat", OpenApiTypes.DOUBLE, required=True, description="-90..90"),
            OpenApiParameter("lng", OpenApiTypes.DOUBLE, required=True, description="-180..180"),
            OpenApiParameter("radiusKm", OpenApiTypes.DOUBLE, description="0 < r <= 50, default 1"),
            OpenApiParameter("commodity", OpenApiTypes.STR, description="Polish or English name"),
            OpenApiParameter(
                "keepEvidence", OpenApiTypes.BOOL, description="Keep the result as a signed evidence record"
            ),
        ],
        responses={200: LocationRiskSerializer, **_ERRORS},
        tags=["risk"],
    )
    def show(self, request: Request) -> Response:
        query = LocationQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        result = service.risk_score_location(
            lat=data["lat"], lng=data["lng"], radius_km=data["radiusKm"], commodity=data.get("commodity")
        )
        risk_critical_emit(
            owner=request.user,
            subject={"kind": "location", **result["location"]},
            result=result,
            livemode=request_livemode(request),
        )
        if data["keepEvidence"]:
            lat, lng, radius = data["lat"], data["lng"], data["radiusKm"]
            result["evidence_record"] = risk_record_write(
                owner=request.user,
                livemode=request_livemode(request),
                request_kind="location",
                commodity=data.get("commodity"),
                plots=[({"lat": lat, "lng": lng, "radius_km": radius}, result, point_area(result), None)],
                radius_km=radius,
            )
        return Response(result)

    @extend_schema(
        operation_id="risk_score_parcel", summary="Risk for a parcel and commodity", **_PARCEL_SCHEMA
    )
    def create(self, request: Request) -> Response:
        return _parcel_risk(request)

    @extend_schema(
        operation_id="risk_score_batch",
        summary=f"Risk scores for up to {settings.RISK_BATCH_MAX} locations",
        description="Results in input order with a summary by level. Counts as one request.",
        request=BatchSerializer,
        responses={200: BatchRiskSerializer, **_ERRORS},
        tags=["risk"],
    )
    @action(detail=False, methods=["post"])
    def batch(self, request: Request) -> Response:
        if isinstance(request.data, dict) and (
            request.data.get("type") == "FeatureCollection"
            or (
                isinstance(request.data.get("parcels"), list)
                and not is_location_only(request.data["parcels"])
            )
        ):
            return self._plots(request)
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
        items = [
            (
                {
                    "kind": "location",
                    **item["location"],
                    "radius_km": data["radiusKm"],
                    "batch_index": item["index"],
                },
                item,
            )
            for item in batch["results"]
        ]
        subject = {"kind": "batch", "size": len(items), "radius_km": data["radiusKm"]}
        risk_critical_batch_emit(
            owner=request.user, subject=subject, items=items, livemode=request_livemode(request)
        )
        references = [item.get("id") for item in data["parcels"]]
        for result, reference in zip(batch["results"], references, strict=True):
            if reference is not None:
                result["id"] = reference
        if not data["keepEvidence"]:
            return Response(batch)
        started = time.perf_counter()
        batch["evidence_record"] = self._batch_record(request, data, batch["results"], references)
        response = Response(batch)
        # What keeping the record cost this request (W3C Server-Timing): `make bench` reads it.
        response["Server-Timing"] = f"evidence;dur={(time.perf_counter() - started) * 1000:.1f}"
        return response

    @staticmethod
    def _batch_record(request: Request, data: dict, results: list[dict], references: list) -> dict:
        radius = data["radiusKm"]
        plots = []
        for result, reference in zip(results, references, strict=True):
            lat, lng = result["location"]["lat"], result["location"]["lng"]
            given = {"lat": lat, "lng": lng, "radius_km": radius}
            plots.append((given, result, point_area(result), reference))
        return risk_record_write(
            owner=request.user,
            livemode=request_livemode(request),
            request_kind="batch",
            commodity=data.get("commodity"),
            plots=plots,
            radius_km=radius,
        )

    def _plots(self, request: Request) -> Response:
        plots, options = plots_parse(request.data, max_items=settings.RISK_BATCH_MAX)
        batch = service.risk_score_plots(
            plots=plots,
            commodity=options.get("commodity"),
            radius_km=options.get("radiusKm"),
            declared_country=options.get("country"),
        )
        # One event for the whole batch, listing its critical plots (never one per plot).
        items = [
            ({"kind": "plot", **item["location"], "batch_index": item["index"]}, item)
            for item in batch["results"]
        ]
        subject = {"kind": "batch", "size": len(items)}
        risk_critical_batch_emit(
            owner=request.user, subject=subject, items=items, livemode=request_livemode(request)
        )
        return Response(batch)


class DeprecatedRiskScoreViewSet(viewsets.ViewSet):
    # `/v1/risk-score`: the second presentation's path, kept as a deprecated alias.

    required_feature = "risk"
    test_key_policy = TEST_OBJECTS

    @extend_schema(
        operation_id="risk_score_parcel_deprecated",
        summary="Risk for a parcel and commodity (deprecated path)",
        description="Use POST /api/eudr/v1/risk-score. Carries Deprecation, Sunset and Link headers.",
        deprecated=True,
        **_PARCEL_SCHEMA,
    )
    def create(self, request: Request) -> Response:
        return _parcel_risk(request)


# --- Large jobs ---------------------------------------------------------------------------


def _job_body(request: Request) -> dict[str, Any]:
    """The job's plots: a JSON body, or an uploaded GeoJSON or CSV file (`file`)."""
    upload = request.FILES.get("file") if hasattr(request, "FILES") else None
    if upload is None:
        if not isinstance(request.data, dict):
            raise Problem(
                400, "invalid_body", "Send a JSON object, or upload a GeoJSON or CSV file as `file`."
            )
        return request.data
    options = {k: request.data[k] for k in ("commodity", "radiusKm", "country") if k in request.data}
    raw = upload.read(settings.API_MAX_BODY_BYTES + 1)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise Problem(400, "invalid_upload", "The file must be UTF-8 text.") from exc
    if upload.name.lower().endswith(".csv"):
        try:
            return {"parcels": csv_plots(text), **options}
        except CsvFieldTooLarge as exc:
            raise Problem(
                413,
                "csv_field_too_large",
                f"Line {exc.line}: a CSV field is longer than {exc.limit} characters; "
                "send large geometries as a GeoJSON file or a JSON body.",
                extra={"limit": exc.limit},
            ) from exc
        except ValueError as exc:
            raise Problem(400, "invalid_upload", str(exc)) from exc
    try:
        data = json_loads_bounded(text)
    except ValueError as exc:
        raise Problem(400, "invalid_upload", "The file is neither CSV (by its name) nor GeoJSON.") from exc
    if not isinstance(data, dict):
        raise Problem(400, "invalid_upload", "A GeoJSON file holds one object.")
    return {**data, **options}


def _job_get(request: Request, job_id: str) -> RiskJob:
    # Another account's job, or one of the other mode (live or test), does not exist here.
    job = RiskJob.objects.filter(
        public_id=job_id, owner=request.user, livemode=request_livemode(request)
    ).first()
    if job is None:
        raise Problem(404, "not_found", "No such job.")
    return job


class RiskJobViewSet(viewsets.ViewSet):
    # Large jobs: started with a JSON body or an upload, polled, cancelled, downloaded.

    required_feature = "risk"
    test_key_policy = TEST_OBJECTS
    # The job's creation takes an upload; no other action of a job reads a body.
    parser_classes = [DepthLimitedJSONParser, UploadParser]
    lookup_url_kwarg = "job_id"

    @extend_schema(
        operation_id="risk_score_job_create",
        summary=f"Start a risk-scoring job of up to {settings.RISK_JOB_MAX_PLOTS} plots",
        description="JSON (`parcels` or a FeatureCollection) or an uploaded GeoJSON or CSV `file`. "
        "Answers 202 with the job; poll it, or wait for the `risk.job_completed` webhook. "
        "Counts as one request against the daily quota.",
        request=OpenApiTypes.OBJECT,
        responses={202: RiskJobOutSerializer, **_ERRORS},
        tags=["risk"],
    )
    def create(self, request: Request) -> Response:
        body = _job_body(request)
        plots, options = plots_parse(
            body, max_items=settings.RISK_JOB_MAX_PLOTS, positions_limit="RISK_JOB_MAX_POSITIONS"
        )
        job = jobs.risk_job_create(
            owner=request.user, plots=plots, options=options, livemode=request_livemode(request)
        )
        job.refresh_from_db()
        location = api_url(f"/api/eudr/v1/risk-score/jobs/{job.public_id}")
        return Response(jobs.risk_job_dict(job), status=202, headers={"Location": location})

    @extend_schema(
        operation_id="risk_score_job",
        summary="A job's status and progress",
        responses={200: RiskJobOutSerializer, 404: PROBLEM_RESPONSES[404]},
        tags=["risk"],
    )
    def retrieve(self, request: Request, job_id: str) -> Response:
        return Response(jobs.risk_job_dict(_job_get(request, job_id)))

    @extend_schema(
        operation_id="risk_score_job_delete",
        summary="Cancel a job",
        responses={200: RiskJobOutSerializer, 404: PROBLEM_RESPONSES[404]},
        tags=["risk"],
    )
    def destroy(self, request: Request, job_id: str) -> Response:
        return Response(jobs.risk_job_dict(jobs.risk_job_cancel(job=_job_get(request, job_id))))

    @extend_schema(
        operation_id="risk_score_job_cancel",
        summary="Cancel a job",
        request=None,
        responses={200: RiskJobOutSerializer, 404: PROBLEM_RESPONSES[404]},
        tags=["risk"],
    )
    @action(detail=True, methods=["post"])
    def cancel(self, request: Request, job_id: str) -> Response:
        return Response(jobs.risk_job_dict(jobs.risk_job_cancel(job=_job_get(request, job_id))))

    @extend_schema(
        operation_id="risk_score_job_results",
        summary="A finished job's results as JSON, GeoJSON (RFC 7946) or CSV",
        parameters=[EXPORT_LANG],
        responses={
            (200, "application/json"): OpenApiTypes.OBJECT,
            (200, "application/geo+json"): OpenApiTypes.OBJECT,
            (200, "text/csv"): OpenApiTypes.STR,
            404: PROBLEM_RESPONSES[404],
            409: OpenApiResponse(description="`job_not_finished`: results come when the job is done."),
        },
        tags=["risk"],
    )
    @action(detail=True, methods=["get"], url_path="results.<str:fmt>")
    def results(self, request: Request, job_id: str, fmt: str) -> HttpResponse | Response:
        job = _job_get(request, job_id)
        if fmt not in ("json", "geojson", "csv"):
            raise Problem(404, "not_found", "Results are offered as .json, .geojson or .csv.")
        if job.status != RiskJobStatus.DONE:
            raise Problem(409, "job_not_finished", f"The job is {job.status}; results come when it is done.")
        if fmt == "json":
            return Response({"job": jobs.risk_job_dict(job), "results": jobs.risk_job_results(job)})
        if fmt == "geojson":
            return HttpResponse(
                json.dumps(jobs.risk_job_geojson(job), ensure_ascii=False),
                content_type="application/geo+json",
            )
        return export_response(
            headers=jobs.CSV_COLUMNS,
            rows=jobs.risk_job_rows(job),
            lang=export_language(request),
            fmt="csv",
            filename=job.public_id,
        )
