"""The DDS filing body: one-to-one with the EU Information System's DDS form."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django.utils import timezone
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail

from compliance.declarations import DECLARATION_VERSION
from compliance.geolocation import GeolocationError, check_point_area, count_positions, normalise_geometry
from compliance.models import Activity
from eudr_service.lib.budget import budget_check, budget_check_parcels
from eudr_service.lib.nip import nip_normalise
from risk.annex_i import annex_line_for, annex_lines
from risk.commodities import IN_SCOPE_CODES
from risk.serializers import CommodityField, ParcelIdField, latitude, longitude

MAX_COMMODITIES = 20
MAX_PLOTS_PER_COMMODITY = 1000
_EORI = re.compile(r"^[A-Z]{2}[0-9A-Z]{1,15}$")
_HS = re.compile(r"^\d{4}(?:\d{2}){0,2}$")
_COUNTRY = re.compile(r"^[A-Z]{2}$")


class CountryCodeField(serializers.CharField):
    default_error_messages = {"country": "A two-letter ISO 3166-1 country code is required."}

    def to_internal_value(self, data: Any) -> str:
        value = super().to_internal_value(data).strip().upper()
        if not _COUNTRY.match(value):
            self.fail("country")
        return value


class OperatorSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    nip = serializers.CharField(required=False, allow_blank=True, max_length=20)
    eori = serializers.CharField(required=False, allow_blank=True, max_length=17)
    country = CountryCodeField(max_length=2)
    address = serializers.CharField(max_length=300)

    def validate_nip(self, value: str) -> str:
        if not value:
            return ""
        normalised = nip_normalise(value)
        if normalised is None:
            raise serializers.ValidationError(
                "Invalid NIP: ten digits with a valid checksum.", code="invalid_nip"
            )
        return normalised

    def validate_eori(self, value: str) -> str:
        value = value.strip().upper()
        if value and not _EORI.match(value):
            raise serializers.ValidationError(
                "Invalid EORI: country code then up to 15 characters.", code="invalid_eori"
            )
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs.get("nip") and not attrs.get("eori"):
            raise serializers.ValidationError(
                {"nip": ["Give a NIP, an EORI number, or both."]}, code="required"
            )
        return attrs


class PlotSerializer(serializers.Serializer):
    """Exactly one of: parcel_id; lat + lng (+ area_ha); geometry (GeoJSON)."""

    parcel_id = ParcelIdField(required=False)
    lat = latitude(required=False)
    lng = longitude(required=False)
    # Documented as a JSON number like lat/lng (the schema said string); decimal strings still pass.
    area_ha = serializers.DecimalField(
        max_digits=12, decimal_places=4, min_value=Decimal(0), required=False, coerce_to_string=False
    )
    geometry = serializers.JSONField(required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [k for k in ("parcel_id", "geometry") if k in attrs]
        if "lat" in attrs or "lng" in attrs:
            given.append("point")
            for axis in ("lat", "lng"):
                if axis not in attrs:
                    raise serializers.ValidationError({axis: ["Required for a point plot."]}, code="required")
            if "area_ha" not in attrs:
                raise serializers.ValidationError(
                    {"area_ha": ["A point plot needs its area."]}, code="required"
                )
        if len(given) != 1:
            raise serializers.ValidationError(
                "A plot is exactly one of: parcel_id, lat+lng with area_ha, or geometry.", code="plot_kind"
            )
        if "geometry" in attrs:
            try:
                attrs["geometry"] = normalise_geometry(attrs["geometry"])
            except GeolocationError as exc:
                raise serializers.ValidationError({"geometry": [str(exc)]}, code=exc.code) from exc
        if "lat" in attrs:
            attrs["lat"], attrs["lng"] = round(attrs["lat"], 6), round(attrs["lng"], 6)
        attrs["kind"] = {"parcel_id": "parcel", "geometry": "geometry", "point": "point"}[given[0]]
        return attrs


class AnnexIScope:
    """Refuses a line the law does not know: a commodity outside Annex I, or an HS code
    that Annex I does not list for the declared commodity on the filing date.

    A serializer-level validator so the rule stays in one place; the filing date is
    `filing_date` from the serializer context, today (UTC) when absent.
    """

    requires_context = True

    def __call__(self, attrs: dict[str, Any], serializer: serializers.Serializer) -> None:
        commodity = attrs["commodity"]
        if not commodity.in_scope:
            raise serializers.ValidationError(
                {
                    "commodity": [
                        ErrorDetail(
                            f"{commodity.code} is not a relevant commodity of Annex I to Regulation (EU) "
                            f"2023/1115; no due diligence statement exists for it. Accepted: "
                            f"{', '.join(IN_SCOPE_CODES)}.",
                            code="commodity_out_of_scope",
                        )
                    ]
                }
            )
        on = serializer.context.get("filing_date") or timezone.now().date()
        if annex_line_for(commodity=commodity.code, hs_code=attrs["hs_heading"], on=on) is None:
            allowed = [line.hs_code for line in annex_lines(commodity=commodity.code, on=on)]
            raise serializers.ValidationError(
                {
                    "hs_heading": [
                        ErrorDetail(
                            f"HS {attrs['hs_heading']} is not in Annex I for {commodity.code} on "
                            f"{on.isoformat()}. Annex I lists for {commodity.code}: {'; '.join(allowed)}.",
                            code="hs_not_in_annex_i",
                        )
                    ]
                }
            )


class CommoditySerializer(serializers.Serializer):
    commodity = CommodityField(
        help_text="A relevant commodity of Annex I, Polish or English name; wheat, corn, rapeseed "
        "and other are refused (commodity_out_of_scope)."
    )
    description = serializers.CharField(max_length=300)
    hs_heading = serializers.RegexField(
        _HS,
        error_messages={"invalid": "An HS code of 4, 6 or 8 digits."},
        help_text="Must fall under an Annex I line of the commodity on the filing date (hs_not_in_annex_i).",
    )
    net_mass_kg = serializers.DecimalField(max_digits=14, decimal_places=3, min_value=Decimal("0.001"))
    country_of_production = CountryCodeField(max_length=2)
    plots = PlotSerializer(many=True, allow_empty=False, max_length=MAX_PLOTS_PER_COMMODITY)

    class Meta:
        validators = [AnnexIScope()]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        errors: dict[int, dict[str, list[str]]] = {}
        for index, plot in enumerate(attrs["plots"]):
            is_point = plot["kind"] == "point" or (
                plot["kind"] == "geometry" and plot["geometry"]["type"] in ("Point", "MultiPoint")
            )
            if is_point and "area_ha" in plot:
                try:
                    check_point_area(area_ha=float(plot["area_ha"]), commodity_code=attrs["commodity"].code)
                except GeolocationError as exc:
                    errors[index] = {"area_ha": [str(exc)]}
        if errors:
            raise serializers.ValidationError({"plots": errors}, code="point_plot_too_large")
        return attrs


class AttestedField(serializers.BooleanField):
    """Only JSON `true` attests; false, a string or a number does not."""

    default_error_messages = {
        "attestation_required": "Must be true: the signatory attests this explicitly.",
    }

    def to_internal_value(self, data: Any) -> bool:
        if data is not True:
            self.fail("attestation_required")
        return True


class AttestationSerializer(serializers.Serializer):
    """What the signatory attests on filing: legality (Article 3(b)) and the
    Annex II point 5 declaration, with the name and function Annex II point 6 asks for."""

    legality = AttestedField(
        help_text=(
            "Article 3(b): produced in accordance with the relevant legislation of the country of production"
        ),
    )
    annex_ii_declaration = AttestedField(help_text="The Annex II point 5 declaration, in the version given")
    signatory_name = serializers.CharField(max_length=200)
    signatory_function = serializers.CharField(max_length=200)
    declaration_version = serializers.ChoiceField(
        choices=[DECLARATION_VERSION],
        default=DECLARATION_VERSION,
        help_text="The declaration text attested; only the current version is accepted",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs["signatory_name"] = attrs["signatory_name"].strip()
        attrs["signatory_function"] = attrs["signatory_function"].strip()
        for field in ("signatory_name", "signatory_function"):
            if not attrs[field]:
                raise serializers.ValidationError({field: ["Required."]}, code="required")
        return attrs


class DDSFilingSerializer(serializers.Serializer):
    internal_reference = serializers.CharField(max_length=100, required=False, allow_blank=True)
    activity = serializers.ChoiceField(choices=Activity.choices)
    operator = OperatorSerializer()
    commodities = CommoditySerializer(many=True, allow_empty=False, max_length=MAX_COMMODITIES)
    attestation = AttestationSerializer()

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        # Counted on the raw body, before any geometry is parsed or validated.
        lines = data.get("commodities") if isinstance(data, dict) else None
        if isinstance(lines, list):
            plots = [p for line in lines if isinstance(line, dict) for p in _as_list(line.get("plots"))]
            budget_check("BUDGET_PLOTS_PER_STATEMENT", len(plots))
            budget_check(
                "BUDGET_POSITIONS_PER_BODY",
                sum(count_positions(p.get("geometry")) for p in plots if isinstance(p, dict)),
            )
            budget_check_parcels(
                p["parcel_id"] for p in plots if isinstance(p, dict) and isinstance(p.get("parcel_id"), str)
            )
        return super().to_internal_value(data)


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []
