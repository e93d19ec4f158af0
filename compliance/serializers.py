"""Serializers describing the compliance API (also used for the OpenAPI schema)."""

from rest_framework import serializers

from compliance.models import DDSStatus, RiskLevel


class VerificationRecordSerializer(serializers.Serializer):
    """Specification 2.1; timestamps are UTC with milliseconds and a Z suffix."""

    dds_id = serializers.CharField()
    status = serializers.ChoiceField(choices=DDSStatus.choices)
    risk_level = serializers.ChoiceField(choices=RiskLevel.choices, allow_null=True)
    operator_name = serializers.CharField()
    commodity = serializers.CharField(help_text="Commodity name in Polish")
    country_of_production = serializers.CharField(min_length=2, max_length=2)
    verified_at = serializers.CharField(allow_null=True, help_text="2025-03-01T12:00:00.000Z")
    valid_until = serializers.CharField(allow_null=True, help_text="2026-03-01T12:00:00.000Z")
    cert_url = serializers.URLField()
