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
from compliance.geolocation import (
    GeolocationError,
    check_point_area,
    is_point_plot,
    normalise_geometry,
)
from compliance.models import Activity
from eudr_service.lib.budget import budget_check, budget_check_parcels
from eudr_service.lib.nip import nip_normalise
from eudr_service.lib.plot_geometry import count_positions
from eudr_service.lib.problems import Problem
from euis import limits
from euis.contract import (
    EUROPEAN_COUNTRIES,
    PRODUCER_NAME_MAX,
    PRODUCERS_PER_COMMODITY_MAX,
    SCIENTIFIC_NAME_MAX,
    SPECIES_PER_COMMODITY_MAX,
)
from euis.quantities import PERCENTAGE_MAX, UNIT_NAMES, quantity_problems
from regulation.annex_i import annex_line_for, annex_lines
from regulation.commodities import IN_SCOPE_CODES
from risk.engine import CommodityField, ParcelIdField, latitude, longitude

# The EU's own limit (OPS 10.3); the work a statement costs is bounded by its plots (BUDGET_*).
MAX_COMMODITIES = limits.COMMODITIES.maximum
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
    "only in a simplified declaration (Art. 4a(5)). Give parcel_id, lat+lng (with area_ha), or geometry."
)
_EORI = re.compile(r"^[A-Z]{2}[0-9A-Z]{1,15}$")
_EMAIL = re.compile(r"^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$")  # EmailType, common XSD 8.2.1
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
    # V3 operatorEmail (EmailType: the pattern below, at most 200) and operatorPhone (at most 50),
    # common XSD 8.2.1; sent for an operator an authorised representative files for.
    email = serializers.RegexField(
        _EMAIL,
        max_length=200,
        required=False,
        allow_blank=True,
        error_messages={"invalid": "An e-mail address the EU accepts, e.g. biuro@gospodarstwo.pl."},
    )
    phone = serializers.CharField(max_length=50, required=False, allow_blank=True)

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
        max_digits=12,
        decimal_places=4,
        min_value=Decimal(0),
        required=False,
        coerce_to_string=False,
        help_text="For a point plot (lat+lng, a GeoJSON Point or MultiPoint): the area of the plot each "
        "point stands for, in ha; 0.0001 to 4 (cattle: no upper bound). Without it the plot is recorded, "
        "screened and sent to the EU as 4 ha, the EU's default (OPS 9.3.2).",
    )
    geometry = serializers.JSONField(required=False)
    reference = serializers.CharField(
        required=False,
        max_length=100,
        help_text="Your own identifier of the plot (kept, shown back and in the evidence record; "
        "not sent to the EU)",
    )
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
        if len(given) != 1:
            raise serializers.ValidationError(
                "A plot is exactly one of: parcel_id, lat+lng (with area_ha), geometry, or (in a "
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


class ProducerSerializer(serializers.Serializer):
    """Who produced the goods of a commodity line, and on which plots (V3 DdsProducerType)."""

    name = serializers.CharField(
        max_length=PRODUCER_NAME_MAX, required=False, help_text="The producer's name (a farm, a company)"
    )
    country = CountryCodeField(max_length=2, required=False, help_text="Country of production")
    is_operator = serializers.BooleanField(
        required=False,
        default=False,
        help_text="true: the operator produced these itself (name and country then default to the "
        "operator's and the line's)",
    )
    plots = PlotSerializer(many=True, allow_empty=False, max_length=MAX_PLOTS_PER_COMMODITY)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs["is_operator"] and not attrs.get("name", "").strip():
            raise serializers.ValidationError(
                {"name": ["Name the producer, or say is_operator: true."]}, code="required"
            )
        return attrs


class CommoditySerializer(serializers.Serializer):
    """One commodity line. Its land is either `plots` (the operator produced the goods itself in
    `country_of_production`) or `producers`, each with its own name, country and plots."""

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
    # Annex II point 2 quantities as V3 goodsMeasure; which are required depends on the
    # activity and the HS code (euis.quantities, from OPS 10.3 and the EU's units guidance).
    net_mass_kg = serializers.DecimalField(
        max_digits=14,
        decimal_places=3,
        min_value=Decimal("0.001"),
        required=False,
        help_text="Net mass in kg: required for import and export; outside customs with its "
        "percentage_estimation_or_deviation, or replaced by a supplementary unit",
    )
    supplementary_unit = serializers.DecimalField(
        max_digits=14,
        decimal_places=3,
        min_value=Decimal("0.001"),
        required=False,
        help_text="Quantity in the supplementary unit (e.g. 12.5 m³, 40 head of cattle)",
    )
    supplementary_unit_qualifier = serializers.ChoiceField(
        choices=sorted(UNIT_NAMES),
        required=False,
        help_text="The unit: " + ", ".join(f"{code} {name}" for code, name in UNIT_NAMES.items()),
    )
    percentage_estimation_or_deviation = serializers.DecimalField(
        max_digits=5,
        decimal_places=3,
        min_value=Decimal(0),
        max_value=PERCENTAGE_MAX,
        required=False,
        help_text="How far the net mass is an estimate, in percent (0 to 25): required with a net mass "
        "outside customs, not allowed for import and export",
    )
    country_of_production = CountryCodeField(
        max_length=2, required=False, help_text="Required with `plots`; with `producers` each names its own"
    )
    species = SpeciesSerializer(
        many=True,
        required=False,
        max_length=MAX_SPECIES_PER_COMMODITY,
        help_text="Tree species (V3 speciesInfo): required for wood in a due diligence statement "
        "(species_required); at most 500.",
    )
    plots = PlotSerializer(
        many=True,
        required=False,
        allow_empty=False,
        max_length=MAX_PLOTS_PER_COMMODITY,
        help_text="The plots, when the operator produced the goods itself; otherwise `producers`",
    )
    producers = ProducerSerializer(
        many=True,
        required=False,
        allow_empty=False,
        help_text="Who produced the goods and on which plots; one V3 producer each "
        f"(at most {PRODUCERS_PER_COMMODITY_MAX} a line, OPS 10.3)",
    )

    class Meta:
        validators = [AnnexIScope()]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs.setdefault("species", [])
        short_form = "plots" in attrs
        if short_form == ("producers" in attrs):
            raise serializers.ValidationError(
                {
                    "plots": [
                        ErrorDetail(
                            "Give the line's land as `plots` (produced by the operator) or as `producers`, "
                            "each with its plots; a commodity without geolocation cannot be filed.",
                            code="plots_or_producers",
                        )
                    ]
                }
            )
        if short_form:
            if "country_of_production" not in attrs:
                raise serializers.ValidationError(
                    {"country_of_production": ["Required with plots."]}, code="required"
                )
            attrs["producers"] = [
                {"is_operator": True, "country": attrs["country_of_production"], "plots": attrs["plots"]}
            ]
        else:
            line_country = attrs.get("country_of_production")
            for producer in attrs["producers"]:
                producer.setdefault("country", line_country)
                if producer["country"] is None:
                    raise serializers.ValidationError(
                        {"country_of_production": ["Give each producer's country, or the line's."]},
                        code="required",
                    )
            attrs["country_of_production"] = attrs["producers"][0]["country"]
        errors = self._plot_errors(attrs, short_form=short_form)
        if errors:
            raise serializers.ValidationError(errors)
        # One flat list in the line's numbering, for budgets, screening and the EU mapping.
        attrs["plots"] = [plot for producer in attrs["producers"] for plot in producer["plots"]]
        attrs["named_producers"] = not short_form
        return attrs

    @staticmethod
    def _plot_errors(attrs: dict[str, Any], *, short_form: bool) -> dict[str, Any]:
        """Postal codes and point areas of every plot, under the path the caller used."""
        found: dict[Any, Any] = {}
        for number, producer in enumerate(attrs["producers"]):
            per_plot: dict[int, dict[str, Any]] = {}
            form = POSTAL_CODE_FORMS.get(producer["country"])
            for index, plot in enumerate(producer["plots"]):
                if plot["kind"] == "address" and form and not form[0].match(plot["address"]["postal_code"]):
                    per_plot[index] = {
                        "address": {
                            "postal_code": [
                                ErrorDetail(
                                    f"A postal code in {producer['country']} reads {form[1]}.",
                                    code="invalid_postal_code",
                                )
                            ]
                        }
                    }
                    continue
                if is_point_plot(plot):
                    try:
                        check_point_area(area_ha=plot.get("area_ha"), commodity_code=attrs["commodity"].code)
                    except GeolocationError as exc:
                        per_plot[index] = {"area_ha": [ErrorDetail(str(exc), code=exc.code)]}
            if per_plot:
                _nest(found, plot_errors=per_plot, producer=None if short_form else number)
        return found


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
    border_cross_country = CountryCodeField(
        max_length=2,
        required=False,
        help_text="V3 borderCrossCountry: the Member State (or XI) where the goods enter the EU (import) "
        "or leave it (export); import and export only",
    )
    grouped_declarations = serializers.ListField(
        child=serializers.CharField(max_length=14),
        required=False,
        help_text="V3 groupedDeclarations: EU reference numbers of your earlier statements, AVAILABLE or "
        "ARCHIVED at the EU, that this statement groups (OPS 10.3, 11.3.2; at most 2,000). The EU may not "
        "offer grouping in V3's first release (Operator API Reference v1.0, 1.1).",
    )
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
        self._statement_refusals(attrs)
        errors = {
            index: refusals
            for index, line in enumerate(attrs["commodities"])
            if (refusals := self._line_refusals(line, attrs["activity"]))
        }
        if errors:
            raise serializers.ValidationError({"commodities": errors})
        return attrs

    @staticmethod
    def _statement_refusals(attrs: dict[str, Any]) -> None:
        """The EU's rules on the statement as a whole (OPS 10.3; CF4 v1.4 error codes)."""
        customs = attrs["activity"] in ("import", "export")
        border = attrs.get("border_cross_country")
        if border and not customs:
            raise serializers.ValidationError(
                {
                    "border_cross_country": [
                        ErrorDetail(
                            "Only goods that cross the EU border (import, export) have a border crossing "
                            "country.",
                            code="border_cross_country_not_allowed",
                        )
                    ]
                }
            )
        if border and border not in EUROPEAN_COUNTRIES:
            raise serializers.ValidationError(
                {
                    "border_cross_country": [
                        ErrorDetail(
                            "The border crossing country is a Member State or XI (EuropeanCountryType).",
                            code="not_a_member_state",
                        )
                    ]
                }
            )
        if customs and not attrs["operator"].get("eori"):
            raise serializers.ValidationError(
                {
                    "operator": {
                        "eori": [
                            ErrorDetail(
                                f"An {attrs['activity']} needs the operator's EORI number: the EU refuses it "
                                "without one (OPS 10.3, EUDR_OPERATOR_EORI_FOR_ACTIVITY_MISSING).",
                                code="eori_required",
                            )
                        ]
                    }
                }
            )

    def _line_refusals(self, line: dict[str, Any], activity: str) -> dict[str, Any]:
        """What the EU's contract for this kind of filing refuses in one commodity line."""
        refusals: dict[str, Any] = {}
        for problem in quantity_problems(
            activity=activity.upper(),
            hs_code=line["hs_heading"],
            net_mass_kg=line.get("net_mass_kg"),
            supplementary_unit=line.get("supplementary_unit"),
            qualifier=line.get("supplementary_unit_qualifier", ""),
            percentage=line.get("percentage_estimation_or_deviation"),
        ):
            refusals.setdefault(problem.field, []).append(ErrorDetail(problem.message, code=problem.code))
        if self.requires_species and line["commodity"].code in SPECIES_REQUIRED_FOR and not line["species"]:
            refusals["species"] = [
                ErrorDetail(
                    f"{line['commodity'].code} needs its tree species: at least one "
                    "{scientific_name, common_name} pair (EU Information System rule, OPS 10.3).",
                    code="species_required",
                )
            ]
        if not self.allows_address_plots:
            for number, producer in enumerate(line["producers"]):
                addressed = {
                    index: {"address": [ErrorDetail(_ADDRESS_NOT_ALLOWED, code="address_not_allowed")]}
                    for index, plot in enumerate(producer["plots"])
                    if plot["kind"] == "address"
                }
                if addressed:
                    _nest(
                        refusals,
                        plot_errors=addressed,
                        producer=number if line["named_producers"] else None,
                    )
        return refusals

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        # Counted on the raw body, before any geometry is parsed or validated.
        lines = data.get("commodities") if isinstance(data, dict) else None
        if isinstance(lines, list):
            eu_limits_check_raw(lines)
            plots = [p for line in lines for p in raw_plots(line)]
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


def _nest(errors: dict[str, Any], *, plot_errors: dict[int, Any], producer: int | None) -> None:
    """Put per-plot errors under the path the caller used: `plots` or `producers[n].plots`."""
    if producer is None:
        errors["plots"] = plot_errors
    else:
        errors.setdefault("producers", {})[producer] = {"plots": plot_errors}


def eu_limits_check_raw(lines: list[Any]) -> None:
    """The EU's size limits on what the raw body declares (commodities, producers), answered at
    once with the limit and the measured value (species: the line's field limit, 500, says it
    with the field's path). The geolocation's size is
    measured when the statement is built for the EU (parcel geometries come from ULDK);
    the body limit (API_MAX_BODY_BYTES) keeps inline geometry far below the EU's 25 MB."""

    def producer_count(line: Any) -> int:
        if not isinstance(line, dict):
            return 0
        named = line.get("producers")
        return len(named) if isinstance(named, list) else (1 if line.get("plots") else 0)

    found = limits.breaches(producers_per_commodity=[producer_count(line) for line in lines])
    if found:
        raise eu_limit_problem(found[0])


def eu_limit_problem(breach: limits.LimitBreach) -> Problem:
    return Problem(
        400,
        "eu_limit_exceeded",
        breach.message(),
        extra={
            "limit": breach.limit.code,
            "maximum": breach.limit.maximum,
            "measured": breach.measured,
            "source": breach.limit.source,
            "field": breach.where or "commodities",
        },
    )


def raw_plots(line: Any) -> list[Any]:
    """A raw commodity line's plots in either form, before validation (for budgets)."""
    if not isinstance(line, dict):
        return []
    nested = [
        p
        for producer in _as_list(line.get("producers"))
        if isinstance(producer, dict)
        for p in _as_list(producer.get("plots"))
    ]
    return _as_list(line.get("plots")) + nested


LEGACY_FILING_BODY = "legacy-filing-body"  # its row in settings.DEPRECATED_BODIES
LEGACY_BODY_NOTE = (
    "A body without `geolocation_confidential` is the legacy (pre-V3) body: still accepted where "
    "it maps, answered with `Deprecation: true`, `Sunset` and `Link` headers."
)


def is_legacy_filing_body(data: Any) -> bool:
    """The original body, from before the V3 fields: it does not state geolocation_confidential."""
    return isinstance(data, dict) and V3_MARKER_FIELD not in data
