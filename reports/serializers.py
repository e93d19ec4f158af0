"""The CSRD request body (specification 2.2) and the report status resource."""

from __future__ import annotations

import datetime
import math
from typing import Any

from django.conf import settings
from rest_framework import serializers

from compliance.risk.serializers import ParcelIdField
from eudr_service.lib.nip import nip_normalise
from reports.models import CropType, CsrdReport, ReportStatus


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
        max_length=100, required=False, allow_blank=True, allow_null=True, help_text="Voivodeship name"
    )

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        values = super().to_internal_value(data)
        # Blank optional text is the same as absent: ERP exports write "" for empty cells.
        return {key: value for key, value in values.items() if value not in ("", None)}


class CsrdReportRequestSerializer(serializers.Serializer):
    company_name = serializers.CharField(max_length=200)
    report_year = ReportYearField(min_value=2000, help_text="Four digits, 2000 to next year")
    suppliers = SupplierSerializer(
        many=True,
        min_length=1,
        max_length=settings.CSRD_MAX_SUPPLIERS,
        help_text=f"1 to {settings.CSRD_MAX_SUPPLIERS} suppliers",
    )
    lang = serializers.ChoiceField(choices=[("pl", "Polski"), ("en", "English")], default="pl")


class CsrdReportSerializer(serializers.ModelSerializer):
    """GET /api/csrd/reports/{id}: where the report is, and its PDF once done."""

    id = serializers.UUIDField(source="public_id")
    status = serializers.ChoiceField(choices=ReportStatus.choices)
    pdf_url = serializers.SerializerMethodField()
    filename = serializers.CharField()
    expires_at = serializers.DateTimeField(allow_null=True)
    error = serializers.CharField(allow_blank=True)

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
        )

    def get_pdf_url(self, report: CsrdReport) -> str | None:
        if report.status != ReportStatus.DONE:
            return None
        return f"{settings.PUBLIC_BASE_URL}/api/csrd/reports/{report.public_id}/pdf"
