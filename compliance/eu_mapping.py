"""Our statements in the EU Information System's V3 shapes (euis.shapes).

The field-by-field mapping is documented in docs/eu-information-system.md
("Mapping our statements"). The schema limits are enforced again by the euis
client before anything is sent; this module only chooses what to send.
"""

from __future__ import annotations

import re
import secrets
from decimal import Decimal
from typing import Any

import shapely.wkt
from shapely.geometry import mapping

from compliance.models import DDSPlot, DueDiligenceStatement, FilingKind, PlotKind
from euis import geojson
from euis.contract import (
    EUROPEAN_COUNTRIES,
    POSTAL_ADDRESSES_PER_PRODUCER_MAX,
    ActivityType,
    IdentifierType,
)
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
from risk.models import ParcelRecord

DESCRIPTION_MAX = 150  # descriptionOfGoods (OPS 4.1.4)
HS_HEADING_MAX = 6  # HSHeadingType [0-9]{2,6}: an 8-digit CN code is cut to its HS subheading
COMMENT_MAX = 2000  # comment (OPS 4.1.4)

_ACTIVITY = {"import": ActivityType.IMPORT, "export": ActivityType.EXPORT, "domestic": ActivityType.DOMESTIC}


class NotMappable(Exception):
    """The statement lacks something the EU requires; it cannot be sent as it is."""


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
        raise NotMappable(f"Plot {plot.position + 1} is a postal address: a DDS needs geolocation.")
    if plot.kind == PlotKind.PARCEL:
        record = ParcelRecord.objects.filter(parcel_id=plot.parcel_id).first()
        if record is None:
            raise NotMappable(f"Parcel {plot.parcel_id} has no geometry from ULDK yet.")
        return mapping(shapely.wkt.loads(record.geometry_wkt))
    if plot.geometry is None:
        raise NotMappable(f"Plot {plot.position + 1} has no geometry.")
    return plot.geometry


def _plot_feature(plot: DDSPlot) -> dict[str, Any]:
    geometry = _plot_geometry(plot)
    properties: dict[str, Any] = {}
    if plot.kind == PlotKind.POINT and plot.area_ha is not None:
        properties["Area"] = float(plot.area_ha)  # OPS 9.2: hectares, a number
    if plot.kind == PlotKind.PARCEL:
        properties["ProductionPlace"] = plot.parcel_id
    return {"type": "Feature", "properties": properties, "geometry": geometry}


def dds_to_eu(statement: DueDiligenceStatement) -> DdsStatement:
    """The V3 statement for one of ours: one producer per country of production per commodity."""
    activity = _ACTIVITY.get(statement.activity)
    if activity is None:
        raise NotMappable("The statement has no activity (import, export or domestic).")
    commodities = []
    for line in statement.commodities.all():
        plots = list(line.plots.all())
        features = [_plot_feature(plot) for plot in plots]
        producers = (
            (
                DdsProducer(
                    country=line.country_of_production,
                    name=statement.operator_name[:500],
                    geojson=geojson.encode({"type": "FeatureCollection", "features": features}),
                ),
            )
            if features
            else ()
        )
        commodities.append(
            DdsCommodity(
                position=line.position + 1,
                description_of_goods=line.description[:DESCRIPTION_MAX],
                hs_heading=line.hs_heading[:HS_HEADING_MAX],
                measure=GoodsMeasure(net_weight_kg=Decimal(line.net_mass_kg)),
                species=tuple(
                    Species(scientific_name=s["scientific_name"], common_name=s["common_name"])
                    for s in line.species
                ),
                producers=producers,
            )
        )
    if not commodities:
        raise NotMappable("The statement has no commodity.")
    comment = f"Internal reference: {statement.internal_reference}" if statement.internal_reference else None
    return DdsStatement(
        activity=activity,
        internal_reference=eu_internal_reference(statement),
        commodities=tuple(commodities),
        geolocation_confidential=statement.geolocation_confidential,
        country_of_activity=(
            statement.operator_country if statement.operator_country in EUROPEAN_COUNTRIES else None
        ),
        comment=comment[:COMMENT_MAX] if comment else None,
        represented_operator=(
            represented_operator(statement)
            if statement.operator_role == "authorised_representative"
            else None
        ),
    )


_POSTAL_CITY = re.compile(r"^\s*(?P<postal>\d{2}-\d{3})\s+(?P<city>.+?)\s*$")


def structured_address(one_line: str, country: str) -> Address:
    """'street, NN-NNN City' (the Polish form we accept) as the EU's AddressType."""
    street, _, rest = one_line.rpartition(",")
    match = _POSTAL_CITY.match(rest)
    if not street.strip() or match is None:
        raise NotMappable(
            "The operator's address must read 'street, postal code city' (e.g. "
            "'ul. Piotrkowska 1, 90-001 Łódź') for the EU's structured address."
        )
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
    )


CADASTRAL_IDS_MAX = 100  # cadastralIdentifier ×1..100 per producer (SD XSD 8.2.1)
POSTAL_ADDRESSES_MAX = POSTAL_ADDRESSES_PER_PRODUCER_MAX  # postalAddress ×1..100 per producer


def sd_internal_reference() -> str:
    """A fresh 14-character reference (the SD contract's ReferenceNumberType, required there)."""
    return "SD" + "".join(secrets.choice(_REFERENCE_ALPHABET) for _ in range(12))


_REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def sd_to_eu(statement: DueDiligenceStatement, *, internal_reference: str) -> SdStatement:
    """The V3 simplified declaration: parcels go as `cadastralIdentifier`, addresses as
    `postalAddress`, other plots as GeoJSON; one producer per location kind (and per 100)."""
    activity = _ACTIVITY.get(statement.activity)
    if activity is None:
        raise NotMappable("The declaration has no activity (import, export or domestic).")
    commodities = []
    for line in statement.commodities.all():
        plots = list(line.plots.all())
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
        features = [
            _plot_feature(plot) for plot in plots if plot.kind not in (PlotKind.PARCEL, PlotKind.ADDRESS)
        ]
        producers = []
        name = statement.operator_name[:500]
        for start in range(0, len(parcels), CADASTRAL_IDS_MAX):
            chunk = tuple(parcels[start : start + CADASTRAL_IDS_MAX])
            producers.append(
                SdProducer(country=line.country_of_production, name=name, cadastral_identifiers=chunk)
            )
        for start in range(0, len(addresses), POSTAL_ADDRESSES_MAX):
            producers.append(
                SdProducer(
                    country=line.country_of_production,
                    name=name,
                    postal_addresses=tuple(addresses[start : start + POSTAL_ADDRESSES_MAX]),
                )
            )
        if features:
            producers.append(
                SdProducer(
                    country=line.country_of_production,
                    name=name,
                    geojson=geojson.encode({"type": "FeatureCollection", "features": features}),
                )
            )
        commodities.append(
            SdCommodity(
                position=line.position + 1,
                description_of_goods=line.description[:DESCRIPTION_MAX],
                hs_heading=line.hs_heading[:HS_HEADING_MAX],
                measure=GoodsMeasure(net_weight_kg=Decimal(line.net_mass_kg)),
                producers=tuple(producers),
            )
        )
    comment = f"Internal reference: {statement.internal_reference}" if statement.internal_reference else None
    return SdStatement(
        internal_reference=internal_reference,
        activity=activity,
        commodities=tuple(commodities),
        geolocation_confidential=statement.geolocation_confidential,
        country_of_activity=(
            statement.operator_country if statement.operator_country in EUROPEAN_COUNTRIES else None
        ),
        comment=comment[:COMMENT_MAX] if comment else None,
        represented_operator=(
            represented_operator(statement)
            if statement.operator_role == "authorised_representative"
            else None
        ),
    )
