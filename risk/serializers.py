"""Request validation and response description for the risk-score endpoints."""

from __future__ import annotations

import contextlib
import csv
import io
import math
from typing import Any

from rest_framework import serializers

from eudr_service.lib.fields import TimestampField
from eudr_service.lib.json_parser import json_loads_bounded
from regulation.commodities import Commodity, UnknownCommodity, accepted_names, normalize_commodity
from risk.parcels import InvalidParcelId, parse_parcel_id

MAX_RADIUS_KM = 50.0
DEFAULT_RADIUS_KM = 1.0


class FiniteFloatField(serializers.FloatField):
    """A float that refuses NaN and infinities (DRF's FloatField accepts "nan")."""

    default_error_messages = {"not_finite": "A finite number is required."}

    def to_internal_value(self, data: Any) -> float:
        if isinstance(data, bool):
            self.fail("invalid")
        value = super().to_internal_value(data)
        if not math.isfinite(value):
            self.fail("not_finite")
        return value


def latitude(**kwargs: Any) -> FiniteFloatField:
    return FiniteFloatField(min_value=-90.0, max_value=90.0, **kwargs)


def longitude(**kwargs: Any) -> FiniteFloatField:
    return FiniteFloatField(min_value=-180.0, max_value=180.0, **kwargs)


class RadiusField(FiniteFloatField):
    default_error_messages = {"radius_range": f"Must be greater than 0 and at most {MAX_RADIUS_KM:g} km."}

    def to_internal_value(self, data: Any) -> float:
        value = super().to_internal_value(data)
        if not 0.0 < value <= MAX_RADIUS_KM:
            self.fail("radius_range")
        return value


class CommodityField(serializers.CharField):
    """Polish or English commodity name → its Annex I (or out-of-scope) code."""

    default_error_messages = {"unknown_commodity": "Unknown commodity. Accepted values: {accepted}."}

    def to_internal_value(self, data: Any) -> Commodity:
        text = super().to_internal_value(data)
        if len(text) > 64:
            self.fail("unknown_commodity", accepted=", ".join(accepted_names()))
        try:
            return normalize_commodity(text)
        except UnknownCommodity:
            self.fail("unknown_commodity", accepted=", ".join(accepted_names()))

    def to_representation(self, value: Any) -> str:
        return value.code if isinstance(value, Commodity) else str(value)


class ParcelIdField(serializers.CharField):
    default_error_messages = {"invalid_parcel_id": "{reason}"}

    def to_internal_value(self, data: Any) -> str:
        text = super().to_internal_value(data)[:200]
        try:
            return parse_parcel_id(text).id
        except InvalidParcelId as exc:
            self.fail("invalid_parcel_id", reason=str(exc))


class LocationQuerySerializer(serializers.Serializer):
    lat = latitude()
    lng = longitude()
    radiusKm = RadiusField(required=False, default=DEFAULT_RADIUS_KM)
    commodity = CommodityField(required=False)
    keepEvidence = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Keep the result as a signed evidence record (docs/evidence.md); the answer names it",
    )


class PointSerializer(serializers.Serializer):
    lat = latitude()
    lng = longitude()
    id = serializers.CharField(
        required=False, max_length=100, help_text="Your own identifier of the plot, echoed in its result"
    )


class BatchSerializer(serializers.Serializer):
    parcels = PointSerializer(many=True, allow_empty=False)
    radiusKm = RadiusField(required=False, default=DEFAULT_RADIUS_KM)
    commodity = CommodityField(required=False)
    keepEvidence = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Keep the result as a signed evidence record (docs/evidence.md); the answer names it",
    )


class ParcelRiskSerializer(serializers.Serializer):
    parcelId = ParcelIdField()
    commodity = CommodityField()
    keepEvidence = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Keep the result as a signed evidence record (docs/evidence.md); the answer names it",
    )


# --- Response description (OpenAPI) ------------------------------------------------


class FactorSerializer(serializers.Serializer):
    name = serializers.CharField()
    value = serializers.JSONField(allow_null=True, help_text="number, string or null")
    contribution = serializers.FloatField(help_text="points added to the score")
    source = serializers.CharField()


class DataCoverageSerializer(serializers.Serializer):
    country = serializers.BooleanField()
    benchmark = serializers.BooleanField()
    layers_answered = serializers.ListField(child=serializers.CharField())
    layers_missing = serializers.ListField(child=serializers.CharField())
    note = serializers.CharField(required=False)


class RiskScoreFieldsSerializer(serializers.Serializer):
    score = serializers.IntegerField(min_value=0, max_value=100)
    risk_level = serializers.ChoiceField(choices=["low", "medium", "high", "critical"])
    country = serializers.CharField(allow_null=True)
    commodity = serializers.CharField(allow_null=True)
    eudr_in_scope = serializers.BooleanField(allow_null=True)
    factors = FactorSerializer(many=True)
    data_coverage = DataCoverageSerializer()
    warnings = serializers.ListField(child=serializers.CharField())
    evidence = serializers.ChoiceField(
        choices=["complete", "partial", "missing"],
        help_text="complete: forest cover and loss layers answered for the whole area; "
        "missing: no forest layer answered; partial: anything between",
    )
    evidence_missing = serializers.ListField(
        child=serializers.ChoiceField(choices=["forest_cover_2020", "forest_loss_after_cutoff"]),
        help_text="kinds of forest evidence not held for the whole area",
    )
    cutoff_date = serializers.DateField()
    methodology_version = serializers.CharField()


class LocationOutSerializer(serializers.Serializer):
    lat = serializers.FloatField()
    lng = serializers.FloatField()
    radius_km = serializers.FloatField(required=False)


class EvidenceReferenceSerializer(serializers.Serializer):
    record_id = serializers.CharField()
    sha256 = serializers.CharField(help_text="SHA-256 of the record's canonical bytes, hex")
    url = serializers.URLField(help_text="The full record (owner)")
    public_url = serializers.URLField(allow_null=True, help_text="Null: a risk result is never public")


class LocationRiskSerializer(RiskScoreFieldsSerializer):
    location = LocationOutSerializer()
    evidence_record = EvidenceReferenceSerializer(required=False, help_text="Only with keepEvidence")


class BatchItemSerializer(LocationRiskSerializer):
    index = serializers.IntegerField()
    id = serializers.CharField(required=False, help_text="Your identifier of the plot, when given")


class BatchSummarySerializer(serializers.Serializer):
    count = serializers.IntegerField()
    by_level = serializers.DictField(child=serializers.IntegerField())
    max_score = serializers.IntegerField()
    radius_km = serializers.FloatField()


class BatchRiskSerializer(serializers.Serializer):
    results = BatchItemSerializer(many=True)
    summary = BatchSummarySerializer()
    evidence_record = EvidenceReferenceSerializer(required=False, help_text="Only with keepEvidence")


class ParcelOutSerializer(serializers.Serializer):
    id = serializers.CharField()
    teryt = serializers.CharField()
    voivodeship = serializers.CharField()
    county = serializers.CharField()
    commune = serializers.CharField()
    area_ha = serializers.FloatField()
    centroid = PointSerializer()
    source = serializers.CharField()
    fetched_at = TimestampField()
    from_cache = serializers.BooleanField()


class ParcelRiskOutSerializer(RiskScoreFieldsSerializer):
    parcel = ParcelOutSerializer()
    evidence_record = EvidenceReferenceSerializer(required=False, help_text="Only with keepEvidence")


# --- GeoJSON plots -------------------------------------------------------------------

GEOJSON_TYPES = frozenset({"Feature", "FeatureCollection", "Point", "MultiPoint", "Polygon", "MultiPolygon"})


def is_geojson_body(data: Any) -> bool:
    """A body that carries GeoJSON (a geometry, Feature or FeatureCollection, or
    `{"geometry": ...}`) rather than a parcel identifier."""
    return (
        isinstance(data, dict)
        and "parcelId" not in data
        and (data.get("type") in GEOJSON_TYPES or "geometry" in data)
    )


class PlotOptionsSerializer(serializers.Serializer):
    """Options sent beside GeoJSON (RFC 7946 allows such foreign members)."""

    commodity = CommodityField(required=False)
    radiusKm = RadiusField(required=False)
    country = serializers.RegexField(
        r"^[A-Z]{2}$", required=False, help_text="declared country (ISO 3166-1 alpha-2)"
    )


def plot_items(data: dict[str, Any]) -> list[Any]:
    """The raw plots of a body: a FeatureCollection's features, a `parcels` list, or the
    body itself (one Feature or geometry, or `{"geometry": ..., "properties": ...}`)."""
    if data.get("type") == "FeatureCollection":
        features = data.get("features")
        return features if isinstance(features, list) else [None]
    if isinstance(data.get("parcels"), list):
        return data["parcels"]
    if "geometry" in data and data.get("type") != "Feature":
        return [{"type": "Feature", "geometry": data["geometry"], "properties": data.get("properties")}]
    return [data]


def plot_item_geojson(item: Any) -> Any:
    """A batch item as GeoJSON: `{lat, lng}` becomes a Point (it stays a circle of radiusKm)."""
    if isinstance(item, dict) and "type" not in item and "lat" in item and "lng" in item:
        point = PointSerializer(data=item)
        if not point.is_valid():
            return None
        return {"type": "Point", "coordinates": [point.validated_data["lng"], point.validated_data["lat"]]}
    if isinstance(item, dict) and "type" not in item and "geometry" in item:
        return {"type": "Feature", "geometry": item["geometry"], "properties": item.get("properties")}
    return item


def is_location_only(items: list[Any]) -> bool:
    return all(isinstance(i, dict) and "type" not in i and "geometry" not in i for i in items)


class CsvFieldTooLarge(ValueError):
    """A CSV field longer than the csv module reads (its field_size_limit, 131,072 characters)."""

    def __init__(self, *, line: int, limit: int) -> None:
        super().__init__(f"Line {line}: a field is longer than {limit} characters.")
        self.line = line
        self.limit = limit


def csv_plots(text: str) -> list[dict[str, Any]]:
    """Plots from CSV: a `geometry` column (GeoJSON) or `lat` and `lng` columns; every other
    column is kept as a property (`Area` read as a number when it is one). A geometry cell is
    read with the same depth bound as a JSON body; a field past the csv module's limit
    raises CsvFieldTooLarge (the limit is process-wide, so it is not raised here)."""

    reader = csv.DictReader(io.StringIO(text))
    try:
        return _csv_rows(reader)
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):
            raise CsvFieldTooLarge(line=reader.line_num, limit=csv.field_size_limit()) from exc
        raise ValueError(f"Line {reader.line_num}: not readable as CSV ({exc}).") from exc


def _csv_rows(reader: Any) -> list[dict[str, Any]]:

    columns = set(reader.fieldnames or ())
    if "geometry" not in columns and not {"lat", "lng"} <= columns:
        raise ValueError("The CSV needs a `geometry` column (GeoJSON) or `lat` and `lng` columns.")
    plots: list[dict[str, Any]] = []
    for line, row in enumerate(reader, start=2):
        properties: dict[str, Any] = {
            k: v for k, v in row.items() if k and k not in ("geometry", "lat", "lng") and v not in (None, "")
        }
        if "Area" in properties:
            with contextlib.suppress(ValueError):
                properties["Area"] = float(properties["Area"])
        try:
            if row.get("geometry"):
                geometry = json_loads_bounded(row["geometry"])
            else:
                geometry = {"type": "Point", "coordinates": [float(row["lng"]), float(row["lat"])]}
        except (ValueError, TypeError) as exc:
            raise ValueError(f"Line {line}: no readable geometry or lat/lng.") from exc
        plots.append({"type": "Feature", "geometry": geometry, "properties": properties})
    return plots


class JobProgressSerializer(serializers.Serializer):
    done = serializers.IntegerField()
    total = serializers.IntegerField()


class RiskJobOutSerializer(serializers.Serializer):
    id = serializers.CharField()
    status = serializers.ChoiceField(choices=["queued", "running", "done", "cancelled"])
    progress = JobProgressSerializer()
    counts = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
    options = serializers.DictField()
    created_at = TimestampField()
    finished_at = TimestampField(allow_null=True)
    expires_at = TimestampField(allow_null=True)
    results = serializers.DictField(child=serializers.CharField(), required=False)
    livemode = serializers.BooleanField(help_text="false for a test job, started with a test key")
