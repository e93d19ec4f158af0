"""The DDS filing body: one-to-one with the EU Information System's DDS form (V3).

The V3 body states `geolocation_confidential` and gives `species` for wood. A
body without `geolocation_confidential` is the original (legacy) body: still
accepted where it maps onto V3, answered with deprecation headers
(docs/eu-information-system.md, "The filing body: V3 and legacy").
"""

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
from euis.contract import SCIENTIFIC_NAME_MAX, SPECIES_PER_COMMODITY_MAX
from risk.annex_i import annex_line_for, annex_lines
from risk.commodities import IN_SCOPE_CODES
from risk.serializers import CommodityField, ParcelIdField, latitude, longitude

MAX_COMMODITIES = 20
MAX_PLOTS_PER_COMMODITY = 1000
# speciesInfo: at most 500 pairs per commodity (OPS 10.3, "presently set to 500"), each
# name 1 to 200 characters (DDS XSD 8.2.1).
MAX_SPECIES_PER_COMMODITY = SPECIES_PER_COMMODITY_MAX
SPECIES_NAME_MAX = SCIENTIFIC_NAME_MAX
# "If the commodity is sourced from timber, then at least one scientific name and common
# name must be provided" (OPS 10.3; CF4 v1.4 of 22 July 2025, ..._SPECIES_INFORMATION_*_EMPTY):
# a rule of the EU Information System for every DDS since its first version. Annex I wood only.
SPECIES_REQUIRED_FOR = frozenset({"wood"})
# The field whose presence marks a V3 body: the EU requires geoLocationConfidential in every
# statement (DDS and SD XSD 8.2.1), so a V3 client states it, true or false.
V3_MARKER_FIELD = "geolocation_confidential"
# Postal codes we can check: a Polish one is NN-NNN (Poczta Polska). Other countries:
# the EU's limit only (PostalCodeType, 1 to 80 characters).
POSTAL_CODE_FORMS = {"PL": (re.compile(r"^\d{2}-\d{3}$"), "NN-NNN, e.g. 05-300")}
_ADDRESS_NOT_ALLOWED = (
    "A due diligence statement needs the geolocation of every plot; a postal address is accepted "
    "only in a simplified declaration (Art. 4a(5)). Give parcel_id, lat+lng with area_ha, or geometry."
)
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


class PostalAddressSerializer(serializers.Serializer):
    """A place of production by postal address (sd:SdProducerPostalAddressType)."""

    street = serializers.CharField(
        max_length=300, required=False, allow_blank=True, help_text="Street and number; optional"
    )
    postal_code = serializers.CharField(max_length=80, help_text="Polish form NN-NNN in Poland")
    city = serializers.CharField(max_length=200, help_text="Town or village")


class PlotSerializer(serializers.Serializer):
    """Exactly one of: parcel_id; lat + lng (+ area_ha); geometry (GeoJSON); address (declarations only)."""

    parcel_id = ParcelIdField(required=False)
    lat = latitude(required=False)
    lng = longitude(required=False)
    # Documented as a JSON number like lat/lng (the schema said string); decimal strings still pass.
    area_ha = serializers.DecimalField(
        max_digits=12, decimal_places=4, min_value=Decimal(0), required=False, coerce_to_string=False
    )
    geometry = serializers.JSONField(required=False)
    address = PostalAddressSerializer(
        required=False,
        help_text="Simplified declarations only (Art. 4a(5)); sent to the EU as postalAddress. "
        "A due diligence statement refuses it (address_not_allowed).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [k for k in ("parcel_id", "geometry", "address") if k in attrs]
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
                "A plot is exactly one of: parcel_id, lat+lng with area_ha, geometry, or (in a "
                "simplified declaration) address.",
                code="plot_kind",
            )
        if "geometry" in attrs:
            try:
                attrs["geometry"] = normalise_geometry(attrs["geometry"])
            except GeolocationError as exc:
                raise serializers.ValidationError({"geometry": [str(exc)]}, code=exc.code) from exc
        if "lat" in attrs:
            attrs["lat"], attrs["lng"] = round(attrs["lat"], 6), round(attrs["lng"], 6)
        attrs["kind"] = {
            "parcel_id": "parcel",
            "geometry": "geometry",
            "point": "point",
            "address": "address",
        }[given[0]]
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


class SpeciesSerializer(serializers.Serializer):
    """One speciesInfo pair; both names are needed (OPS 10.3 asks for both for wood)."""

    scientific_name = serializers.CharField(max_length=SPECIES_NAME_MAX, help_text="e.g. Quercus robur")
    common_name = serializers.CharField(max_length=SPECIES_NAME_MAX, help_text="e.g. dąb szypułkowy")


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
    species = SpeciesSerializer(
        many=True,
        required=False,
        max_length=MAX_SPECIES_PER_COMMODITY,
        help_text="Tree species (V3 speciesInfo): required for wood in a due diligence statement "
        "(species_required); at most 500.",
    )
    plots = PlotSerializer(many=True, allow_empty=False, max_length=MAX_PLOTS_PER_COMMODITY)

    class Meta:
        validators = [AnnexIScope()]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs.setdefault("species", [])
        errors: dict[int, dict[str, list[str]]] = {}
        form = POSTAL_CODE_FORMS.get(attrs["country_of_production"])
        for index, plot in enumerate(attrs["plots"]):
            if plot["kind"] == "address" and form and not form[0].match(plot["address"]["postal_code"]):
                errors[index] = {
                    "address": {
                        "postal_code": [
                            ErrorDetail(
                                f"A postal code in {attrs['country_of_production']} reads {form[1]}.",
                                code="invalid_postal_code",
                            )
                        ]
                    }
                }
        if errors:
            raise serializers.ValidationError({"plots": errors}, code="invalid_postal_code")
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
    # No serializer default: absent means "as before" on an amendment (a legacy body must not
    # disclose what was confidential), false on a new filing (compliance.services).
    geolocation_confidential = serializers.BooleanField(
        required=False,
        help_text="V3 geoLocationConfidential: true keeps the plots' geolocation from the supply chain "
        "at the EU, and from our public status page. State it (true or false): a body without it "
        "is the deprecated legacy body (then false for a new filing, unchanged by an amendment).",
    )

    # The DDS contract: species for wood, geolocation for every plot (OPS 6.2.4, 10.3, 11.4.3).
    requires_species = True
    allows_address_plots = False

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        errors = {
            index: refusals
            for index, line in enumerate(attrs["commodities"])
            if (refusals := self._line_refusals(line))
        }
        if errors:
            raise serializers.ValidationError({"commodities": errors})
        return attrs

    def _line_refusals(self, line: dict[str, Any]) -> dict[str, Any]:
        """What the EU's contract for this kind of filing refuses in one commodity line."""
        refusals: dict[str, Any] = {}
        if self.requires_species and line["commodity"].code in SPECIES_REQUIRED_FOR and not line["species"]:
            refusals["species"] = [
                ErrorDetail(
                    f"{line['commodity'].code} needs its tree species: at least one "
                    "{scientific_name, common_name} pair (EU Information System rule, OPS 10.3).",
                    code="species_required",
                )
            ]
        if not self.allows_address_plots:
            addressed = {
                number: {"address": [ErrorDetail(_ADDRESS_NOT_ALLOWED, code="address_not_allowed")]}
                for number, plot in enumerate(line["plots"])
                if plot["kind"] == "address"
            }
            if addressed:
                refusals["plots"] = addressed
        return refusals

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


LEGACY_FILING_BODY = "legacy-filing-body"  # its row in settings.DEPRECATED_BODIES
LEGACY_BODY_NOTE = (
    "A body without `geolocation_confidential` is the legacy (pre-V3) body: still accepted where "
    "it maps, answered with `Deprecation: true`, `Sunset` and `Link` headers."
)


def is_legacy_filing_body(data: Any) -> bool:
    """The original body, from before the V3 fields: it does not state geolocation_confidential."""
    return isinstance(data, dict) and V3_MARKER_FIELD not in data
