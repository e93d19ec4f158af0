"""Business rules the fake applies to a submitted DDS or SD statement.

Each rule cites its source. OPS = Operator API Reference v1.0 (API V3); CF4 = conformance
test 4 v1.4 (error codes, V1/V2 era; the V3 documents do not list submission codes).
Codes are spelled with hyphens, as the EU's real answers write them (CF4 v1.3 annex
ErrorsConditionsTest/*.xml), where CF4's table uses underscores. Codes marked "fake's
own" are not documented by the EU: the limit is documented, its code is not.
"""

from __future__ import annotations

from lxml import etree

from standins.fake_eu import limits
from standins.fake_eu import namespaces as ns
from standins.fake_eu.geometry import geolocation_problems
from standins.fake_eu.reference import ANNEX_I_HEADINGS, ISO_COUNTRIES
from standins.fake_eu.soap import Problem, child, children, local_name, text

USER_ACTIVITY_NOT_ALLOWED = "EUDR-WEBSERVICE-USER-ACTIVITY-NOT-ALLOWED"
BEHALF_OPERATOR_NOT_PROVIDED = "EUDR-BEHALF-OPERATOR-NOT-PROVIDED"
EORI_MISSING = "EUDR-OPERATOR-EORI-FOR-ACTIVITY-MISSING"
NET_MASS_EMPTY = "EUDR-COMMODITIES-DESCRIPTOR-NET-MASS-EMPTY"
QUANTITY_MISSING = "EUDR-COMMODITIES-DESCRIPTOR-QUANTITY-MISSING"
UNIT_QUALIFIER_MISSING = "EUDR-COMMODITIES-DESCRIPTOR-SUPPLEMENTARY-UNIT-QUALIFIER-MISSING"
UNIT_MISSING = "EUDR-COMMODITIES-DESCRIPTOR-SUPPLEMENTARY-UNIT-MISSING"
SCIENTIFIC_NAME_EMPTY = "EUDR-COMMODITIES-SPECIES-INFORMATION-SCIENTIFIC-NAME-EMPTY"
COMMON_NAME_EMPTY = "EUDR-COMMODITIES-SPECIES-INFORMATION-COMMON-NAME-EMPTY"
PERCENTAGE_INVALID = "EUDR-COMMODITIES-DESCRIPTOR-PERCENTAGE-ESTIMATION-INVALID"
PERCENTAGE_NOT_ALLOWED = "EUDR-COMMODITIES-DESCRIPTOR-PERCENTAGE-ESTIMATION-NOT-ALLOWED"
# CF4 gives this code for "Percentage estimate or deviation cannot be used without a Net Mass".
UNIT_NOT_ALLOWED = "EUDR-COMMODITIES-DESCRIPTOR-SUPPLEMENTARY-UNIT-NOT-ALLOWED"
HS_CODE_INVALID = "EUDR-COMMODITIES-HS-CODE-INVALID"
# Spelled "COMMODITITY" in CF4's table; kept as the EU spells it.
PRODUCER_COUNTRY_INVALID = "EUDR-COMMODITITY-PRODUCER-COUNTRY-CODE-INVALID"
PRODUCER_GEO_EMPTY = "EUDR-COMMODITIES-PRODUCER-GEO-EMPTY"
GEO_SIZE_REACHED = "EUDR-MAXIMUM-GEO-SIZE-REACHED"
REFERENCED_STATEMENT_NOT_FOUND = "EUDR-REFERENCED-STATEMENT-NOT-FOUND"
REFERENCED_DDS_REACHED = "EUDR-MAXIMUM-REFERENCED-DDS-REACHED"
COMMODITIES_REACHED = "EUDR-MAXIMUM-COMMODITIES-REACHED"  # fake's own (OPS 10.3 limit)
PRODUCERS_REACHED = "EUDR-MAXIMUM-PRODUCERS-REACHED"  # fake's own (OPS 10.3 limit)
# CF5 v1.4 (amend) and CF6 v1.4 (retract, now withdraw).
AMEND_ACTIVITY_CHANGE = "EUDR-API-AMEND-ACTIVITY-TYPE-CHANGE-NOT-ALLOWED"
AMEND_OR_WITHDRAW_NOT_POSSIBLE = "EUDR-API-AMEND-OR-WITHDRAW-DDS-NOT-POSSIBLE"
AMEND_NOT_ALLOWED_FOR_STATUS = "EUDR-API-AMEND-NOT-ALLOWED-FOR-STATUS"
AMEND_OR_WITHDRAW_NOT_ALLOWED_FOR_STATUS = "EUDR-API-AMEND-OR-WITHDRAW-NOT-ALLOWED-FOR-STATUS"
NO_DDS = "EUDR-API-NO-DDS"
# OPS 6.1.6 (retrieval).
STATEMENT_NOT_FOUND = "EUDR-WEBSERVICE-STATEMENT-NOT-FOUND"
NUMBER_EMPTY = "EUDR-NUMBER-EMPTY"
NUMBER_INVALID = "EUDR-NUMBER-INVALID"
# A request the schema refuses: CF4 6.1 puts "disrespect of the API schema definition"
# among the errors without listing a code; the fake's own code.
REQUEST_INVALID = "EUDR-REQUEST-SCHEMA-INVALID"

# Regulation (EU) 2023/1115 Annex I: wood is HS chapter 44, 47, 48, 49 and headings 9401,
# 9403, 9406; species are mandatory for wood (OPS 10.3 "Scientific and Common names").
_WOOD = ("44", "47", "48", "49", "9401", "9403", "9406")
# Annex I cattle: 0102, 0201, 0202, 0206 10, 0206 29, 1602 50, 4101, 4104, 4107 (point
# area above 4 ha allowed, OPS 10.3).
_CATTLE = ("0102", "0201", "0202", "0206", "1602", "4101", "4104", "4107")


def _measure_problems(commodity: etree._Element, activity: str, field: str) -> list[Problem]:
    measure = child(child(commodity, "descriptors"), "goodsMeasure")
    net = text(measure, "netWeight")
    unit, qualifier = text(measure, "supplementaryUnit"), text(measure, "supplementaryUnitQualifier")
    problems = []
    # OPS 10.3 "Quantities of a commodity"; CF4.
    if activity in (ns.IMPORT, ns.EXPORT) and not net:
        problems.append(Problem(NET_MASS_EMPTY, "Net mass is mandatory for IMPORT or EXPORT.", field))
    if not (net or unit):
        problems.append(Problem(QUANTITY_MISSING, "At least one quantity must be provided.", field))
    # OPS 10.3 "Supplementary unit type"; CF4.
    if unit and not qualifier:
        problems.append(Problem(UNIT_QUALIFIER_MISSING, "The supplementary unit type is missing.", field))
    if qualifier and not unit:
        problems.append(Problem(UNIT_MISSING, "The supplementary unit value is missing.", field))
    # CF4 v1.4 (V2 rules, kept by V3's goodsMeasure): the percentage estimate or deviation
    # is 0 to 50, never for IMPORT or EXPORT, and only with a net mass.
    percentage = text(measure, "percentageEstimationOrDeviation")
    if percentage:
        if activity in (ns.IMPORT, ns.EXPORT):
            problems.append(
                Problem(PERCENTAGE_NOT_ALLOWED, "No percentage estimate for import or export.", field)
            )
        elif not net:
            problems.append(Problem(UNIT_NOT_ALLOWED, "A percentage estimate needs a net mass.", field))
        if not 0 <= float(percentage) <= limits.PERCENTAGE_MAX:
            problems.append(
                Problem(
                    PERCENTAGE_INVALID, "The percentage estimate is lower than 0 or higher than 50.", field
                )
            )
    return problems


def _geometries(producer: etree._Element) -> list[etree._Element]:
    # DDS: producers/geometryGeojson; SD: producers/producerLocation/geometryGeojson.
    return [node for node in producer.iter() if local_name(node) == "geometryGeojson"]


def statement_problems(
    statement: etree._Element, *, kind: str, role: str, operator_has_eori: bool
) -> list[Problem]:
    """Every business-rule problem of a DDS (`kind` "dds") or SD ("sd") statement element."""
    activity = text(statement, "activityType") or ""
    represented = child(statement, "representedOperator")
    problems: list[Problem] = []
    # OPS 4.1.3 representedOperator "Required when operatorRole is REPRESENTATIVE_OPERATOR",
    # 4.2.3 likewise for REPRESENTATIVE_MSPO; CF4.
    if role.startswith("REPRESENTATIVE") and represented is None:
        problems.append(
            Problem(BEHALF_OPERATOR_NOT_PROVIDED, "The represented operator is missing.", "operator")
        )
    # OPS 10.3 "Activity type and identifier": an EORI for IMPORT or EXPORT; CF4.
    if activity in (ns.IMPORT, ns.EXPORT):
        if represented is not None:
            has_eori = any(
                text(ref, "identifierType") == "eori"
                for ref in children(represented, "operatorReferenceNumber")
            )
        else:
            has_eori = operator_has_eori
        if not has_eori:
            problems.append(Problem(EORI_MISSING, "An EORI is needed for IMPORT or EXPORT.", "activityType"))
    grouped = children(statement, "groupedDeclarations")
    commodities = children(statement, "commodities")
    # OPS 10.3 "Maximum of commodities ... presently set to 100" (the XSD allows 200).
    if len(commodities) > limits.COMMODITIES_PER_STATEMENT:
        problems.append(Problem(COMMODITIES_REACHED, "At most 100 commodities per statement.", "commodities"))
    # OPS 10.3 "Referenced DDS": at most 2000; CF4 EUDR_MAXIMUM_REFERENCED_DDS_REACHED.
    references = [n for g in grouped for n in children(g, "groupedDeclaration")]
    if len(references) > limits.REFERENCED_STATEMENTS:
        problems.append(
            Problem(REFERENCED_DDS_REACHED, "At most 2000 referenced statements.", "groupedDeclarations")
        )
    producers_in_statement = 0
    geolocation_bytes = 0
    for index, commodity in enumerate(commodities):
        field = f"commodities[{index}]"
        hs = text(commodity, "hsHeading") or ""
        if not hs.startswith(ANNEX_I_HEADINGS):
            problems.append(Problem(HS_CODE_INVALID, "The HS code is not one of Annex I.", field))
        problems += _measure_problems(commodity, activity, field)
        if kind == "dds" and hs.startswith(_WOOD):
            species = children(commodity, "speciesInfo")
            if not any(text(s, "scientificName") for s in species):
                problems.append(
                    Problem(SCIENTIFIC_NAME_EMPTY, "Scientific name is mandatory for wood.", field)
                )
            if not any(text(s, "commonName") for s in species):
                problems.append(Problem(COMMON_NAME_EMPTY, "Common name is mandatory for wood.", field))
        producers = children(commodity, "producers")
        producers_in_statement += len(producers)
        # OPS 10.3 "Mandatory geolocation": a commodity needs production places unless the
        # statement references other statements; CF4 "No geolocation was provided and there
        # is no referenced DDS".
        if not producers and not references:
            problems.append(Problem(PRODUCER_GEO_EMPTY, "No geolocation and no referenced statement.", field))
        # OPS 10.3 "Geolocation Producers information": at most 1000 per commodity.
        if len(producers) > limits.PRODUCERS_PER_COMMODITY:
            problems.append(Problem(PRODUCERS_REACHED, "At most 1000 producers per commodity.", field))
        for number, producer in enumerate(producers):
            # DDS producers/country; SD producers/producerCountry (8.2.1 XSDs).
            country = text(producer, "country") or text(producer, "producerCountry") or ""
            if country not in ISO_COUNTRIES:
                problems.append(
                    Problem(
                        PRODUCER_COUNTRY_INVALID,
                        "The producer's country is not an ISO 3166 code.",
                        f"{field}.producers[{number}]",
                    )
                )
            for geometry in _geometries(producer):
                encoded = "".join((geometry.text or "").split())
                geolocation_bytes += len(encoded) * 3 // 4
                problems += geolocation_problems(
                    encoded, cattle=hs.startswith(_CATTLE), field=f"{field}.producers[{number}]"
                )
    # OPS 10.3: at most 10,000 producers per statement.
    if producers_in_statement > limits.PRODUCERS_PER_STATEMENT:
        problems.append(Problem(PRODUCERS_REACHED, "At most 10,000 producers per statement.", "commodities"))
    # OPS 10.3 "Geolocation data size" and 2.4: 25 MB per statement; CF4.
    if geolocation_bytes > limits.GEOLOCATION_BYTES:
        problems.append(Problem(GEO_SIZE_REACHED, "The geolocation exceeds 25 MB.", "commodities"))
    return problems


def grouped_references(statement: etree._Element) -> list[str]:
    return [
        (n.text or "").strip()
        for g in children(statement, "groupedDeclarations")
        for n in children(g, "groupedDeclaration")
    ]
