"""The CSRD request body (specification 2.2) and the report status resource."""

from __future__ import annotations

import datetime
import math
from typing import Any

from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from eudr_service.lib.budget import budget_check_parcels
from eudr_service.lib.fields import ApiModelSerializer, TimestampField
from eudr_service.lib.nip import nip_normalise
from reports.models import CropType, CsrdReport, ReportStatus
from risk.engine import ParcelIdField, get_index


class NonNegativeNumberField(serializers.FloatField):
    default_error_messages = {"not_finite": "A finite number is required."}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(min_value=0.0, max_value=1e9, **kwargs)

    def to_internal_value(self, data: Any) -> float:
        if isinstance(data, bool):  # JSON true is not a tonnage
            self.fail("invalid")
        value = super().to_internal_value(data)
        if not math.isfinite(value):
            self.fail("not_finite")
        return value


class NipField(serializers.CharField):
    default_error_messages = {"invalid_nip": "Not a valid NIP: ten digits with a correct check digit."}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=20, required=False, allow_blank=True, allow_null=True, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        normalised = nip_normalise(super().to_internal_value(data))
        if normalised is None:
            self.fail("invalid_nip")
        return normalised


class ReportYearField(serializers.IntegerField):
    default_error_messages = {"year_range": "A four-digit year from 2000 to {maximum}."}

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int | str):
            self.fail("invalid")
        value = super().to_internal_value(data)
        maximum = datetime.date.today().year + 1  # now, not at import: the service runs for years
        if not 2000 <= value <= maximum:
            self.fail("year_range", maximum=maximum)
        return value


class CountryCodeField(serializers.CharField):
    """An ISO 3166-1 alpha-2 code we have boundaries for (Natural Earth, as the risk engine)."""

    def to_internal_value(self, data: Any) -> str:
        code = super().to_internal_value(data).strip().upper()
        if not code:
            return code

        if code not in get_index().names:
            raise serializers.ValidationError("Not an ISO 3166-1 alpha-2 country code (e.g. PL, BR).")
        return code


class SupplierSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    nip = NipField(help_text="Polish NIP; dashes, spaces and a PL prefix are accepted and removed.")
    parcel_id = ParcelIdField(
        required=False, allow_blank=True, allow_null=True, help_text="ULDK form, e.g. 141201_1.0001.6509"
    )
    crop_type = serializers.ChoiceField(choices=CropType.choices)
    quantity_t = NonNegativeNumberField(required=False, allow_null=True, help_text="Tonnes purchased")
    area_ha = NonNegativeNumberField(required=False, allow_null=True, help_text="Hectares farmed")
    location = serializers.CharField(
        max_length=100,
        required=False,
        allow_blank=True,
        allow_null=True,
        help_text="Voivodeship name (suppliers in Poland); for other countries, the same as region",
    )
    country = CountryCodeField(
        required=False,
        allow_blank=True,
        allow_null=True,
        help_text="ISO 3166-1 alpha-2 country of the farm; absent means Poland (PL)",
    )
    region = serializers.CharField(
        max_length=100,
        required=False,
        allow_blank=True,
        allow_null=True,
        help_text="Region of the farm: a voivodeship in Poland; elsewhere shown as given",
    )
    lat = serializers.FloatField(required=False, allow_null=True, min_value=-90, max_value=90)
    lng = serializers.FloatField(required=False, allow_null=True, min_value=-180, max_value=180)

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        values = super().to_internal_value(data)
        # Blank optional text is the same as absent: ERP exports write "" for empty cells.
        return {key: value for key, value in values.items() if value not in ("", None)}

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("lat" in attrs) != ("lng" in attrs):
            raise serializers.ValidationError({"lat": "lat and lng come together, or neither."})
        return attrs


class CsrdReportRequestSerializer(serializers.Serializer):
    company_name = serializers.CharField(max_length=200)
    report_year = ReportYearField(min_value=2000, help_text="Four digits, 2000 to next year")
    suppliers = SupplierSerializer(
        many=True,
        allow_empty=False,  # "may not be empty", translated, before min_length's "at least 1 elements"
        min_length=1,
        max_length=settings.CSRD_MAX_SUPPLIERS,
        help_text=f"1 to {settings.CSRD_MAX_SUPPLIERS} suppliers",
    )
    lang = serializers.ChoiceField(choices=[("pl", "Polski"), ("en", "English")], default="pl")
    # Optional company figures: with employees and turnover the report states which CSRD
    # wave and standard apply (reports/csrd_scope.py); without them it says what is missing.
    employees = serializers.IntegerField(
        required=False, min_value=0, max_value=10_000_000, help_text="Average employees in the report year"
    )
    turnover_eur = serializers.FloatField(
        required=False, min_value=0, max_value=1e13, help_text="Net turnover in the report year, EUR"
    )
    balance_sheet_eur = serializers.FloatField(
        required=False,
        min_value=0,
        max_value=1e13,
        help_text="Balance sheet total, EUR: with employees and turnover, decides whether a listed "
        "company is a large undertaking (first CSRD wave, financial years 2024 to 2026)",
    )
    listed = serializers.BooleanField(
        required=False, help_text="Securities admitted to trading on an EU regulated market"
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        # Each distinct parcel is one lookup at the national service; bound them per request.
        budget_check_parcels(supplier.get("parcel_id") for supplier in attrs["suppliers"])
        return attrs


class CsrdReportSerializer(ApiModelSerializer):
    """GET /api/csrd/reports/{id}: where the report is, and its PDF once done."""

    id = serializers.UUIDField(source="public_id")
    status = serializers.ChoiceField(choices=ReportStatus.choices)
    pdf_url = serializers.SerializerMethodField(help_text="Absolute; null until `status` is done")
    # Declared rather than derived from the model: the derived bounds depend on the
    # database backend, and the published schema must not.
    report_year = serializers.IntegerField()
    supplier_count = serializers.IntegerField()
    filename = serializers.CharField()
    expires_at = TimestampField(allow_null=True)
    error = serializers.CharField(allow_blank=True)
    livemode = serializers.BooleanField(help_text="false for a test report, requested with a test key")

    class Meta:
        model = CsrdReport
        fields = (
            "id",
            "status",
            "company_name",
            "report_year",
            "lang",
            "supplier_count",
            "created_at",
            "started_at",
            "finished_at",
            "expires_at",
            "filename",
            "pdf_url",
            "error",
            "livemode",
        )

    @extend_schema_field({"type": "string", "format": "uri", "nullable": True})
    def get_pdf_url(self, report: CsrdReport) -> str | None:
        if report.status != ReportStatus.DONE:
            return None
        return f"{settings.PUBLIC_BASE_URL}/api/csrd/reports/{report.public_id}/pdf"
