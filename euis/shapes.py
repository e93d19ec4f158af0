"""The EU's statement shapes (V3), as plain values. Our statements are mapped onto these elsewhere.

Field names follow the EU's element names in snake case; the XML element each
becomes is given where it differs. Limits are enforced by the schema
(euis/schema/) when a request is built.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from euis.contract import ActivityType, IdentifierType


@dataclass(frozen=True)
class Address:
    """eudrCommon:AddressType: all but full_address are required."""

    country: str
    street: str
    postal_code: str
    city: str
    full_address: str | None = None


@dataclass(frozen=True)
class OperatorIdentifier:
    """eudrCommon:EconomicOperatorReferenceNumberType (operatorReferenceNumber)."""

    type: IdentifierType
    value: str


@dataclass(frozen=True)
class EconomicOperator:
    """eudrCommon:EconomicOperatorIdentificationType (representedOperator)."""

    name: str
    identifiers: tuple[OperatorIdentifier, ...] = ()
    address: Address | None = None
    email: str | None = None
    phone: str | None = None


@dataclass(frozen=True)
class GoodsMeasure:
    """eudrCommon:GoodsMeasureType. net_weight_kg is required for IMPORT and EXPORT (OPS 4.1.4)."""

    net_weight_kg: Decimal | None = None
    supplementary_unit: Decimal | None = None
    supplementary_unit_qualifier: str | None = None
    percentage_estimation_or_deviation: Decimal | None = None


@dataclass(frozen=True)
class Species:
    """dds:SpeciesInformationType; both names are required for wood (OPS 10.3)."""

    scientific_name: str | None = None
    common_name: str | None = None


@dataclass(frozen=True)
class DdsProducer:
    """dds:DdsProducerType. `geojson` is the GeoJSON text; it is Base64-encoded on the wire."""

    country: str
    geojson: bytes
    name: str | None = None
    position: int | None = None


@dataclass(frozen=True)
class DdsCommodity:
    """dds:DdsCommodityType."""

    description_of_goods: str
    hs_heading: str
    measure: GoodsMeasure
    species: tuple[Species, ...] = ()
    producers: tuple[DdsProducer, ...] = ()
    position: int | None = None


@dataclass(frozen=True)
class DdsStatement:
    """dds:DueDiligenceStatementBaseType."""

    activity: ActivityType
    commodities: tuple[DdsCommodity, ...]
    geolocation_confidential: bool
    internal_reference: str | None = None
    represented_operator: EconomicOperator | None = None
    country_of_activity: str | None = None
    border_cross_country: str | None = None
    comment: str | None = None
    grouped_declarations: tuple[str, ...] = ()  # reference numbers


@dataclass(frozen=True)
class PostalAddress:
    """sd:SdProducerPostalAddressType."""

    postal_code: str
    city: str
    street: str | None = None


@dataclass(frozen=True)
class SdProducer:
    """sd:SdProducerType. Exactly one location: geojson, postal addresses or cadastral identifiers."""

    country: str
    geojson: bytes | None = None
    postal_addresses: tuple[PostalAddress, ...] = ()
    cadastral_identifiers: tuple[str, ...] = ()
    name: str | None = None
    position: int | None = None

    def __post_init__(self) -> None:
        given = [bool(self.geojson), bool(self.postal_addresses), bool(self.cadastral_identifiers)]
        if sum(given) != 1:
            raise ValueError(
                "An SD producer needs exactly one of geojson, postal addresses or cadastral identifiers."
            )


@dataclass(frozen=True)
class SdCommodity:
    """sd:SdCommodityType (no species information in the SD contract)."""

    description_of_goods: str
    hs_heading: str
    measure: GoodsMeasure
    producers: tuple[SdProducer, ...] = ()
    position: int | None = None


@dataclass(frozen=True)
class SdStatement:
    """sd:SimplifiedDeclarationBaseType. internal_reference is required there, at most 14 characters."""

    internal_reference: str
    activity: ActivityType
    commodities: tuple[SdCommodity, ...]
    geolocation_confidential: bool
    represented_operator: EconomicOperator | None = None
    country_of_activity: str | None = None
    border_cross_country: str | None = None
    comment: str | None = None
    grouped_declarations: tuple[str, ...] = ()
