"""Request validation and response description for the risk-score endpoints."""

from __future__ import annotations

import math
from typing import Any

from rest_framework import serializers

from compliance.risk.commodities import Commodity, UnknownCommodity, accepted_names, normalize_commodity
from compliance.risk.parcels import InvalidParcelId, parse_parcel_id

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


class PointSerializer(serializers.Serializer):
    lat = latitude()
    lng = longitude()


class BatchSerializer(serializers.Serializer):
    parcels = PointSerializer(many=True, allow_empty=False)
    radiusKm = RadiusField(required=False, default=DEFAULT_RADIUS_KM)
    commodity = CommodityField(required=False)


class ParcelRiskSerializer(serializers.Serializer):
    parcelId = ParcelIdField()
    commodity = CommodityField()


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
    cutoff_date = serializers.DateField()
    methodology_version = serializers.CharField()


class LocationOutSerializer(serializers.Serializer):
    lat = serializers.FloatField()
    lng = serializers.FloatField()
    radius_km = serializers.FloatField(required=False)


class LocationRiskSerializer(RiskScoreFieldsSerializer):
    location = LocationOutSerializer()


class BatchItemSerializer(LocationRiskSerializer):
    index = serializers.IntegerField()


class BatchSummarySerializer(serializers.Serializer):
    count = serializers.IntegerField()
    by_level = serializers.DictField(child=serializers.IntegerField())
    max_score = serializers.IntegerField()
    radius_km = serializers.FloatField()


class BatchRiskSerializer(serializers.Serializer):
    results = BatchItemSerializer(many=True)
    summary = BatchSummarySerializer()


class ParcelOutSerializer(serializers.Serializer):
    id = serializers.CharField()
    teryt = serializers.CharField()
    voivodeship = serializers.CharField()
    county = serializers.CharField()
    commune = serializers.CharField()
    area_ha = serializers.FloatField()
    centroid = PointSerializer()
    source = serializers.CharField()
    fetched_at = serializers.DateTimeField()
    from_cache = serializers.BooleanField()


class ParcelRiskOutSerializer(RiskScoreFieldsSerializer):
    parcel = ParcelOutSerializer()
