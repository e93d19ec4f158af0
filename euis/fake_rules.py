"""Business rules the fake EU Information System applies to a submitted statement.

A subset of the EU's rules, each with the EU's error code (euis.contract.ERROR_CODES):
the ones our mapping can get wrong and the tests must see refused. Sources: OPS 10.3
(validation rules) and CF4 v1.4 (error codes).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Iterator
from typing import Any

from lxml import etree

from euis.contract import (
    GEOLOCATION_BYTES_MAX,
    NS_COMMON,
    POINT_AREA_MAX_HA,
    POINT_AREA_MIN_HA,
    ActivityType,
)
from euis.errors import EuError

# Annex I wood: HS chapters 44, 47, 48, 49 and headings 9401, 9403, 9406 (Regulation
# (EU) 2023/1115 Annex I); species names are mandatory for them (OPS 10.3).
_WOOD_PREFIXES = ("44", "47", "48", "49", "9401", "9403", "9406")
_CATTLE_PREFIXES = ("0102", "0201", "0202", "4101", "4104", "4107")
_GEOMETRY_TYPES = {"Point", "MultiPoint", "Polygon", "MultiPolygon", "GeometryCollection"}


def _local(node: etree._Element) -> str:
    return etree.QName(node).localname


def _children(node: etree._Element, name: str) -> list[etree._Element]:
    return [child for child in node if isinstance(child.tag, str) and _local(child) == name]


def _text(node: etree._Element | None, name: str) -> str | None:
    if node is None:
        return None
    found = _children(node, name)
    return (found[0].text or "").strip() if found else None


def _positions(coordinates: Any) -> Iterator[list[float]]:
    if (
        isinstance(coordinates, list)
        and coordinates
        and all(isinstance(v, (int, float)) for v in coordinates)
    ):
        yield coordinates
    elif isinstance(coordinates, list):
        for item in coordinates:
            yield from _positions(item)


def _geometries(document: Any, area: Any = None) -> Iterator[tuple[dict, Any]]:
    kind = document.get("type") if isinstance(document, dict) else None
    if kind == "FeatureCollection":
        for feature in document.get("features") or []:
            yield from _geometries(feature)
    elif kind == "Feature":
        properties = document.get("properties") or {}
        yield from _geometries(document.get("geometry"), properties.get("Area"))
    elif kind == "GeometryCollection":
        for geometry in document.get("geometries") or []:
            yield from _geometries(geometry, area)
    else:
        yield (document if isinstance(document, dict) else {}), area


def geometry_errors(encoded: str, *, cattle: bool, field: str) -> list[EuError]:
    try:
        document = json.loads(base64.b64decode(encoded, validate=True))
    except (binascii.Error, ValueError):
        return [EuError("EUDR_COMMODITIES_PRODUCER_GEO_INVALID", "The GeoJSON cannot be read.", field)]
    errors: list[EuError] = []
    for geometry, area in _geometries(document):
        if geometry.get("type") not in _GEOMETRY_TYPES:
            return [EuError("EUDR_COMMODITIES_PRODUCER_GEO_INVALID", "Unsupported geometry type.", field)]
        for position in _positions(geometry.get("coordinates")):
            if len(position) < 2:
                return [
                    EuError("EUDR_COMMODITIES_PRODUCER_GEO_INVALID", "A position needs two numbers.", field)
                ]
            longitude, latitude = position[0], position[1]
            if not -90 <= latitude <= 90:
                errors.append(
                    EuError("EUDR_COMMODITIES_PRODUCER_GEO_LATITUDE_INVALID", "Latitude out of range.", field)
                )
            if not -180 <= longitude <= 180:
                errors.append(
                    EuError(
                        "EUDR_COMMODITIES_PRODUCER_GEO_LONGITUDE_INVALID", "Longitude out of range.", field
                    )
                )
        if geometry.get("type") == "Point" and area is not None:
            bad = not isinstance(area, (int, float)) or area < POINT_AREA_MIN_HA
            if bad or (not cattle and area > POINT_AREA_MAX_HA):
                errors.append(
                    EuError("EUDR_COMMODITIES_PRODUCER_GEO_AREA_INVALID", "Point area out of range.", field)
                )
    return errors


def _measure_errors(commodity: etree._Element, activity: str, field: str) -> list[EuError]:
    measure = commodity.find(f".//{{{NS_COMMON}}}goodsMeasure")
    net = _text(measure, "netWeight")
    unit, qualifier = _text(measure, "supplementaryUnit"), _text(measure, "supplementaryUnitQualifier")
    errors = []
    if activity in (ActivityType.IMPORT, ActivityType.EXPORT) and not net:
        errors.append(EuError("EUDR_COMMODITIES_DESCRIPTOR_NET_MASS_EMPTY", "Net mass is mandatory.", field))
    if not (net or unit):
        errors.append(EuError("EUDR_COMMODITIES_DESCRIPTOR_QUANTITY_MISSING", "No quantity given.", field))
    if unit and not qualifier:
        errors.append(
            EuError(
                "EUDR_COMMODITIES_DESCRIPTOR_SUPPLEMENTARY_UNIT_QUALIFIER_MISSING", "No unit type.", field
            )
        )
    if qualifier and not unit:
        errors.append(
            EuError("EUDR_COMMODITIES_DESCRIPTOR_SUPPLEMENTARY_UNIT_MISSING", "No unit value.", field)
        )
    return errors


def statement_errors(statement: etree._Element, *, role: str, operator_has_eori: bool) -> list[EuError]:
    """Every business-rule error of a DDS or SD statement element."""
    activity = _text(statement, "activityType") or ""
    represented = _children(statement, "representedOperator")
    errors: list[EuError] = []
    if role.startswith("REPRESENTATIVE") and not represented:
        errors.append(
            EuError("EUDR_BEHALF_OPERATOR_NOT_PROVIDED", "The represented operator is missing.", "operator")
        )
    if activity in (ActivityType.IMPORT, ActivityType.EXPORT):
        if represented:
            types = [
                (_text(ref, "identifierType") or "")
                for ref in _children(represented[0], "operatorReferenceNumber")
            ]
            has_eori = "eori" in types
        else:
            has_eori = operator_has_eori
        if not has_eori:
            errors.append(
                EuError("EUDR_OPERATOR_EORI_FOR_ACTIVITY_MISSING", "An EORI is needed.", "activityType")
            )
    grouped = bool(_children(statement, "groupedDeclarations"))
    geolocation_bytes = 0
    for index, commodity in enumerate(_children(statement, "commodities")):
        field = f"commodities[{index}]"
        hs = _text(commodity, "hsHeading") or ""
        errors += _measure_errors(commodity, activity, field)
        if hs.startswith(_WOOD_PREFIXES) and _local(statement.getparent()).endswith("DdsRequest"):
            species = _children(commodity, "speciesInfo")
            if not any(_text(s, "scientificName") for s in species):
                errors.append(
                    EuError("EUDR_COMMODITIES_SPECIES_INFORMATION_SCIENTIFIC_NAME_EMPTY", "Wood.", field)
                )
            if not any(_text(s, "commonName") for s in species):
                errors.append(
                    EuError("EUDR_COMMODITIES_SPECIES_INFORMATION_COMMON_NAME_EMPTY", "Wood.", field)
                )
        producers = _children(commodity, "producers")
        if not producers and not grouped:
            errors.append(EuError("EUDR_COMMODITIES_PRODUCER_GEO_EMPTY", "No geolocation.", field))
        for number, producer in enumerate(producers):
            for geometry in producer.iter():
                if not isinstance(geometry.tag, str) or _local(geometry) != "geometryGeojson":
                    continue
                geolocation_bytes += len(geometry.text or "")
                cattle = hs.startswith(_CATTLE_PREFIXES)
                errors += geometry_errors(
                    geometry.text or "", cattle=cattle, field=f"{field}.producers[{number}]"
                )
    if geolocation_bytes * 3 // 4 > GEOLOCATION_BYTES_MAX:
        errors.append(EuError("EUDR_MAXIMUM_GEO_SIZE_REACHED", "Geolocation over 25 MB.", "commodities"))
    return errors
