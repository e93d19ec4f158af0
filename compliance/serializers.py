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


class HistoryEntrySerializer(serializers.Serializer):
    from_status = serializers.CharField()
    to_status = serializers.CharField()
    changed_at = serializers.DateTimeField()
    by = serializers.SerializerMethodField(help_text="operator, staff or system")
    reason = serializers.CharField()

    def get_by(self, change) -> str:
        if change.changed_by_id is None:
            return "system"
        return (
            "staff"
            if change.changed_by.is_staff and change.changed_by_id != change.statement.owner_id
            else "operator"
        )


class PlotOutSerializer(serializers.Serializer):
    kind = serializers.CharField()
    parcel_id = serializers.CharField(allow_blank=True)
    geometry = serializers.JSONField(allow_null=True)
    area_ha = serializers.DecimalField(max_digits=12, decimal_places=4, allow_null=True)
    risk_level = serializers.CharField(allow_blank=True)
    screening_error = serializers.CharField(allow_blank=True)
    risk = serializers.JSONField(allow_null=True)


class CommodityOutSerializer(serializers.Serializer):
    commodity = serializers.CharField(source="code")
    description = serializers.CharField()
    hs_heading = serializers.CharField()
    net_mass_kg = serializers.DecimalField(max_digits=14, decimal_places=3)
    country_of_production = serializers.CharField()
    plots = PlotOutSerializer(many=True)


class OperatorOutSerializer(serializers.Serializer):
    name = serializers.CharField(source="operator_name")
    nip = serializers.CharField(source="operator_nip")
    eori = serializers.CharField(source="operator_eori")
    country = serializers.CharField(source="operator_country")
    address = serializers.CharField(source="operator_address")


class DDSSummarySerializer(serializers.Serializer):
    dds_id = serializers.CharField()
    status = serializers.CharField(source="effective_status")
    risk_level = serializers.CharField(allow_blank=True)
    internal_reference = serializers.CharField(allow_blank=True)
    activity = serializers.CharField(allow_blank=True)
    operator_name = serializers.CharField()
    commodity = serializers.CharField(help_text="Commodity name(s) in Polish")
    country_of_production = serializers.CharField()
    created_at = serializers.DateTimeField()
    verified_at = serializers.DateTimeField(allow_null=True)
    valid_until = serializers.DateTimeField(allow_null=True)
    cert_url = serializers.CharField()
    url = serializers.SerializerMethodField()

    def get_url(self, statement) -> str:
        return f"/api/eudr/v1/dds/{statement.dds_id}"


class DDSRecordSerializer(DDSSummarySerializer):
    operator = OperatorOutSerializer(source="*")
    commodities = CommodityOutSerializer(many=True)
    eu_reference_number = serializers.CharField(allow_blank=True)
    eu_verification_number = serializers.CharField(allow_blank=True)
    screened_at = serializers.DateTimeField(allow_null=True)
    pdf_url = serializers.SerializerMethodField()
    history = HistoryEntrySerializer(many=True)

    def get_pdf_url(self, statement) -> str:
        return f"/api/eudr/v1/dds/{statement.dds_id}/pdf"


class DDSListFilterSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=DDSStatus.choices, required=False)
    commodity = serializers.CharField(required=False, help_text="Annex I code or Polish/English name")
    created_after = serializers.DateField(required=False)
    created_before = serializers.DateField(required=False)
