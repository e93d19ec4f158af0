"""Our statements in the EU Information System's V3 shapes (euis.shapes).

The field-by-field mapping is documented in docs/eu-information-system.md
("Mapping our statements"). The schema limits are enforced again by the euis
client before anything is sent; this module only chooses what to send.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import replace
from typing import Any

import shapely.wkt
from django.utils.translation import gettext_lazy as _
from django.utils.translation import override
from shapely.geometry import mapping

from compliance.models import DDSCommodity, DDSPlot, DDSProducer, DueDiligenceStatement, FilingKind, PlotKind
from eudr_service.lib.plot_geometry import POINT_GEOMETRY_TYPES
from euis import geojson, limits
from euis.contract import (
    EUROPEAN_COUNTRIES,
    POSTAL_ADDRESSES_PER_PRODUCER_MAX,
    PRODUCER_NAME_MAX,
    ActivityType,
    IdentifierType,
)
from euis.quantities import quantity_problems
from euis.shapes import (
    Address,
    DdsCommodity,
    DdsProducer,
    DdsStatement,
    EconomicOperator,
    GoodsMeasure,
    OperatorIdentifier,
    PostalAddress,
    SdCommodity,
    SdProducer,
    SdStatement,
    Species,
)
from risk.engine import ParcelRecord

DESCRIPTION_MAX = 150  # descriptionOfGoods (OPS 4.1.4)
HS_HEADING_MAX = 6  # HSHeadingType [0-9]{2,6}: an 8-digit CN code is cut to its HS subheading
COMMENT_MAX = 2000  # comment (OPS 4.1.4)

_ACTIVITY = {"import": ActivityType.IMPORT, "export": ActivityType.EXPORT, "domestic": ActivityType.DOMESTIC}


# Why a statement cannot be sent, one sentence per reason: stored in English (the API's
# language, `error_message`), shown to people in theirs (eu_filing.labels reads them back).
NOT_MAPPABLE = {
    "plot_address_in_dds": _("Plot %(plot)s is a postal address: a DDS needs geolocation."),
    "parcel_without_geometry": _("Parcel %(parcel)s has no geometry from ULDK yet."),
    "plot_without_geometry": _("Plot %(plot)s has no geometry."),
    "eori_required": _(
        "An %(activity)s needs the operator's EORI number (OPS 10.3, activity type and identifier): "
        "amend the statement with operator.eori."
    ),
    "quantity": _("Commodity %(line)s: %(problem)s"),
    "commodity_without_plot": _(
        "Commodity %(line)s (%(commodity)s) has no plot: the EU needs every producer's geolocation."
    ),
    "limit": _("%(problem)s"),
    "no_activity_dds": _("The statement has no activity (import, export or domestic)."),
    "no_commodity_dds": _("The statement has no commodity."),
    "no_activity_sd": _("The declaration has no activity (import, export or domestic)."),
    "no_commodity_sd": _("The declaration has no commodity."),
    "address_form": _(
        "The operator's address must read 'street, postal code city' (e.g. "
        "'ul. Piotrkowska 1, 90-001 Łódź') for the EU's structured address."
    ),
}


class NotMappable(Exception):
    """The statement lacks something the EU requires; it cannot be sent as it is.

    `code` names the sentence in NOT_MAPPABLE, `params` fill it; str() is the English text."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code, self.params = code, params
        with override("en"):
            text = str(NOT_MAPPABLE[code])
        super().__init__(text % params if params else text)


def eu_internal_reference(statement: DueDiligenceStatement) -> str:
    """The key the outbox finds the EU record by, fixed when the outbox row is created.

    A DDS: our DDS id (at most 30 characters, unique). A simplified declaration: a
    fresh 14-character reference (the SD contract allows no more). The account's own
    `internal_reference` is not unique, so it travels in the comment.
    """
    if statement.filing_kind == FilingKind.SIMPLIFIED:
        return sd_internal_reference()
    return statement.dds_id


def _plot_geometry(plot: DDSPlot) -> dict[str, Any]:
    if plot.kind == PlotKind.ADDRESS:
        # A DDS producer must have geolocation (OPS 6.2.4); the filing body refuses addresses.
        raise NotMappable("plot_address_in_dds", plot=plot.position + 1)
    if plot.kind == PlotKind.PARCEL:
        record = ParcelRecord.objects.filter(parcel_id=plot.parcel_id).first()
        if record is None:
            raise NotMappable("parcel_without_geometry", parcel=plot.parcel_id)
        return mapping(shapely.wkt.loads(record.geometry_wkt))
    if plot.geometry is None:
        raise NotMappable("plot_without_geometry", plot=plot.position + 1)
    return plot.geometry


def _plot_feature(plot: DDSPlot) -> dict[str, Any]:
    geometry = _plot_geometry(plot)
    properties: dict[str, Any] = {}
    if geometry["type"] in POINT_GEOMETRY_TYPES and plot.area_ha is not None:
        properties["Area"] = float(plot.area_ha)  # OPS 9.2, 9.3.2: hectares, a number, every point form
    if plot.kind == PlotKind.PARCEL:
        properties["ProductionPlace"] = plot.parcel_id
    return {"type": "Feature", "properties": properties, "geometry": geometry}


def _rules_checked(statement: DueDiligenceStatement, activity: ActivityType) -> None:
    """The filing rules again, for rows the filing API did not check (older statements,
    tooling): what the EU would refuse is not sent (OPS 10.3; euis.quantities)."""
    if activity in (ActivityType.IMPORT, ActivityType.EXPORT) and not statement.operator_eori:
        raise NotMappable("eori_required", activity=activity.value.lower())
    for line in statement.commodities.all():
        problems = quantity_problems(
            activity=activity.value,
            hs_code=line.hs_heading,
            net_mass_kg=line.net_mass_kg,
            supplementary_unit=line.supplementary_unit,
            qualifier=line.supplementary_unit_qualifier,
            percentage=line.percentage_estimation_or_deviation,
        )
        if problems:
            raise NotMappable("quantity", line=line.position + 1, problem=problems[0].message)


def goods_measure(line: DDSCommodity) -> GoodsMeasure:
    """V3 goodsMeasure from a line's Annex II point 2 quantities, as filed."""
    return GoodsMeasure(
        net_weight_kg=line.net_mass_kg,
        supplementary_unit=line.supplementary_unit,
        supplementary_unit_qualifier=line.supplementary_unit_qualifier or None,
        percentage_estimation_or_deviation=line.percentage_estimation_or_deviation,
    )


def _producers(line: DDSCommodity) -> list[DDSProducer]:
    """A line's producers; the EU refuses a commodity without producers' geolocation (OPS 10.3,
    EUDR_COMMODITIES_PRODUCER_GEO_EMPTY), so one without any plot is not sent at all."""
    producers = [producer for producer in line.producers.all() if producer.plots.all()]
    if not producers:
        raise NotMappable("commodity_without_plot", line=line.position + 1, commodity=line.code)
    return producers


def _checked(shape: DdsStatement | SdStatement) -> DdsStatement | SdStatement:
    """The shape, unless it breaks one of the EU's size limits (euis.limits)."""
    found = limits.statement_breaches(shape)
    if found:
        raise NotMappable("limit", problem=found[0].message())
    return shape


def dds_to_eu(statement: DueDiligenceStatement) -> DdsStatement:
    """The V3 statement for one of ours: one producer element per producer, with its plots."""
    activity = _ACTIVITY.get(statement.activity)
    if activity is None:
        raise NotMappable("no_activity_dds")
    _rules_checked(statement, activity)
    commodities = []
    for line in statement.commodities.all():
        producers = tuple(
            DdsProducer(
                position=number,
                country=producer.country,
                name=producer.name[:PRODUCER_NAME_MAX],
                geojson=geojson.encode(
                    {
                        "type": "FeatureCollection",
                        "features": [_plot_feature(p) for p in producer.plots.all()],
                    }
                ),
            )
            for number, producer in enumerate(_producers(line), start=1)
        )
        commodities.append(
            DdsCommodity(
                position=line.position + 1,
                description_of_goods=line.description[:DESCRIPTION_MAX],
                hs_heading=line.hs_heading[:HS_HEADING_MAX],
                measure=goods_measure(line),
                species=tuple(
                    Species(scientific_name=s["scientific_name"], common_name=s["common_name"])
                    for s in line.species
                ),
                producers=producers,
            )
        )
    if not commodities:
        raise NotMappable("no_commodity_dds")
    comment = f"Internal reference: {statement.internal_reference}" if statement.internal_reference else None
    return _checked(
        DdsStatement(
            activity=activity,
            internal_reference=eu_internal_reference(statement),
            commodities=tuple(commodities),
            geolocation_confidential=statement.geolocation_confidential,
            country_of_activity=(
                statement.operator_country if statement.operator_country in EUROPEAN_COUNTRIES else None
            ),
            border_cross_country=statement.border_cross_country or None,
            comment=comment[:COMMENT_MAX] if comment else None,
            grouped_declarations=tuple(statement.grouped_declarations),
            represented_operator=(
                represented_operator(statement)
                if statement.operator_role == "authorised_representative"
                else None
            ),
        )
    )


_POSTAL_CITY = re.compile(r"^\s*(?P<postal>\d{2}-\d{3})\s+(?P<city>.+?)\s*$")


def structured_address(one_line: str, country: str) -> Address:
    """'street, NN-NNN City' (the Polish form we accept) as the EU's AddressType."""
    street, _, rest = one_line.rpartition(",")
    match = _POSTAL_CITY.match(rest)
    if not street.strip() or match is None:
        raise NotMappable("address_form")
    return Address(
        country=country,
        street=street.strip()[:300],
        postal_code=match["postal"],
        city=match["city"][:200],
        full_address=one_line[:250],
    )


def represented_operator(statement: DueDiligenceStatement) -> EconomicOperator:
    """The operator an authorised representative files for (OPS 4.1.4 representedOperator)."""
    identifiers = []
    if statement.operator_eori:
        identifiers.append(OperatorIdentifier(IdentifierType.EORI, statement.operator_eori))
    if statement.operator_nip:
        # An EU VAT number is the NIP with the country prefix (not confirmed by the EU's documents).
        identifiers.append(OperatorIdentifier(IdentifierType.VAT, f"PL{statement.operator_nip}"))
    return EconomicOperator(
        name=statement.operator_name[:200],
        identifiers=tuple(identifiers),
        address=structured_address(statement.operator_address, statement.operator_country),
        email=statement.operator_email or None,
        phone=statement.operator_phone or None,
    )


CADASTRAL_IDS_MAX = 100  # cadastralIdentifier ×1..100 per producer (SD XSD 8.2.1)
POSTAL_ADDRESSES_MAX = POSTAL_ADDRESSES_PER_PRODUCER_MAX  # postalAddress ×1..100 per producer


def sd_internal_reference() -> str:
    """A fresh 14-character reference (the SD contract's ReferenceNumberType, required there)."""
    return "SD" + "".join(secrets.choice(_REFERENCE_ALPHABET) for _ in range(12))


_REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def _sd_producers(producer: DDSProducer) -> list[SdProducer]:
    """One producer's land as V3 SD producers: its parcels as `cadastralIdentifier`, its addresses
    as `postalAddress`, its other plots as GeoJSON (one location kind per element, SD XSD 8.2.1
    SdProducerLocationType), at most 100 identifiers or addresses an element."""
    plots = list(producer.plots.all())
    name, country = producer.name[:PRODUCER_NAME_MAX], producer.country
    parcels = [plot.parcel_id for plot in plots if plot.kind == PlotKind.PARCEL]
    addresses = [
        PostalAddress(
            postal_code=plot.address_postal_code[:80],
            city=plot.address_city[:200],
            street=plot.address_street[:300] or None,
        )
        for plot in plots
        if plot.kind == PlotKind.ADDRESS
    ]
    features = [_plot_feature(plot) for plot in plots if plot.kind not in (PlotKind.PARCEL, PlotKind.ADDRESS)]
    found = [
        SdProducer(
            country=country, name=name, cadastral_identifiers=tuple(parcels[i : i + CADASTRAL_IDS_MAX])
        )
        for i in range(0, len(parcels), CADASTRAL_IDS_MAX)
    ]
    found += [
        SdProducer(
            country=country, name=name, postal_addresses=tuple(addresses[i : i + POSTAL_ADDRESSES_MAX])
        )
        for i in range(0, len(addresses), POSTAL_ADDRESSES_MAX)
    ]
    if features:
        found.append(
            SdProducer(
                country=country,
                name=name,
                geojson=geojson.encode({"type": "FeatureCollection", "features": features}),
            )
        )
    return found


def sd_to_eu(statement: DueDiligenceStatement, *, internal_reference: str) -> SdStatement:
    """The V3 simplified declaration: each producer's land in the SD contract's location kinds."""
    activity = _ACTIVITY.get(statement.activity)
    if activity is None:
        raise NotMappable("no_activity_sd")
    _rules_checked(statement, activity)
    commodities = []
    for line in statement.commodities.all():
        producers = [sd for producer in _producers(line) for sd in _sd_producers(producer)]
        commodities.append(
            SdCommodity(
                position=line.position + 1,
                description_of_goods=line.description[:DESCRIPTION_MAX],
                hs_heading=line.hs_heading[:HS_HEADING_MAX],
                measure=goods_measure(line),
                producers=tuple(
                    replace(producer, position=number) for number, producer in enumerate(producers, start=1)
                ),
            )
        )
    if not commodities:
        raise NotMappable("no_commodity_sd")
    comment = f"Internal reference: {statement.internal_reference}" if statement.internal_reference else None
    return _checked(
        SdStatement(
            internal_reference=internal_reference,
            activity=activity,
            commodities=tuple(commodities),
            geolocation_confidential=statement.geolocation_confidential,
            country_of_activity=(
                statement.operator_country if statement.operator_country in EUROPEAN_COUNTRIES else None
            ),
            border_cross_country=statement.border_cross_country or None,
            comment=comment[:COMMENT_MAX] if comment else None,
            grouped_declarations=tuple(statement.grouped_declarations),
            represented_operator=(
                represented_operator(statement)
                if statement.operator_role == "authorised_representative"
                else None
            ),
        )
    )
