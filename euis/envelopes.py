"""SOAP 1.1 envelopes for the V3 operations, built with lxml in the EU's element order.

`build_body(operation, ...)` gives the payload element; `envelope(payload, credentials)`
wraps it with the WS-Security and WebServiceClientId headers and serialises it.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from datetime import datetime
from decimal import Decimal

from lxml import etree

from euis.contract import (
    NS_BASE,
    NS_COMMON,
    NS_DDS,
    NS_ECHO,
    NS_SD,
    NS_SOAP,
    NS_VERIFY,
    NS_WSSE,
    NS_WSU,
    DdsOperatorRole,
    SdOperatorRole,
)
from euis.shapes import (
    DdsCommodity,
    DdsStatement,
    EconomicOperator,
    GoodsMeasure,
    SdCommodity,
    SdStatement,
)
from euis.wsse import Credentials, add_security_headers


def _el(parent: etree._Element, ns: str, tag: str, value: object = None) -> etree._Element:
    child = etree.SubElement(parent, f"{{{ns}}}{tag}")
    if value is not None:
        child.text = _text(value)
    return child


def _opt(parent: etree._Element, ns: str, tag: str, value: object) -> None:
    if value is not None and value != "":
        _el(parent, ns, tag, value)


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        return format(value, "f")
    return str(value)


def _root(ns: str, tag: str) -> etree._Element:
    return etree.Element(f"{{{ns}}}{tag}", nsmap=_nsmap_for(ns))


def _nsmap_for(ns: str) -> dict[str, str]:
    prefix = {NS_DDS: "dds", NS_SD: "sd", NS_VERIFY: "verify", NS_ECHO: "echo"}[ns]
    return {prefix: ns, "eudrCommon": NS_COMMON}


def _operator(parent: etree._Element, ns: str, operator: EconomicOperator) -> None:
    node = _el(parent, ns, "representedOperator")
    for identifier in operator.identifiers:
        ref = _el(node, NS_COMMON, "operatorReferenceNumber")
        _el(ref, NS_COMMON, "identifierType", identifier.type.value)
        _el(ref, NS_COMMON, "identifierValue", identifier.value)
    if operator.address is not None:
        address = _el(node, NS_COMMON, "operatorAddress")
        _el(address, NS_COMMON, "country", operator.address.country)
        _el(address, NS_COMMON, "street", operator.address.street)
        _el(address, NS_COMMON, "postalCode", operator.address.postal_code)
        _el(address, NS_COMMON, "city", operator.address.city)
        _opt(address, NS_COMMON, "fullAddress", operator.address.full_address)
    _opt(node, NS_COMMON, "operatorEmail", operator.email)
    _opt(node, NS_COMMON, "operatorPhone", operator.phone)
    _el(node, NS_COMMON, "operatorName", operator.name)


def _descriptors(parent: etree._Element, ns: str, description: str, measure: GoodsMeasure) -> None:
    node = _el(parent, ns, "descriptors")
    _el(node, NS_COMMON, "descriptionOfGoods", description)
    goods = _el(node, NS_COMMON, "goodsMeasure")
    _opt(goods, NS_COMMON, "percentageEstimationOrDeviation", measure.percentage_estimation_or_deviation)
    _opt(goods, NS_COMMON, "netWeight", measure.net_weight_kg)
    _opt(goods, NS_COMMON, "supplementaryUnit", measure.supplementary_unit)
    _opt(goods, NS_COMMON, "supplementaryUnitQualifier", measure.supplementary_unit_qualifier)


def _geojson(value: bytes) -> str:
    return base64.b64encode(value).decode("ascii")


def _dds_commodity(parent: etree._Element, commodity: DdsCommodity) -> None:
    node = _el(parent, NS_DDS, "commodities")
    _opt(node, NS_DDS, "position", commodity.position)
    _descriptors(node, NS_DDS, commodity.description_of_goods, commodity.measure)
    _el(node, NS_DDS, "hsHeading", commodity.hs_heading)
    for species in commodity.species:
        info = _el(node, NS_DDS, "speciesInfo")
        _opt(info, NS_DDS, "scientificName", species.scientific_name)
        _opt(info, NS_DDS, "commonName", species.common_name)
    for producer in commodity.producers:
        item = _el(node, NS_DDS, "producers")
        _opt(item, NS_DDS, "position", producer.position)
        _el(item, NS_DDS, "country", producer.country)
        _opt(item, NS_DDS, "name", producer.name)
        _el(item, NS_DDS, "geometryGeojson", _geojson(producer.geojson))


def _sd_commodity(parent: etree._Element, commodity: SdCommodity) -> None:
    node = _el(parent, NS_SD, "commodities")
    _opt(node, NS_SD, "position", commodity.position)
    _descriptors(node, NS_SD, commodity.description_of_goods, commodity.measure)
    _el(node, NS_SD, "hsHeading", commodity.hs_heading)
    for producer in commodity.producers:
        item = _el(node, NS_SD, "producers")
        _opt(item, NS_SD, "producerPosition", producer.position)
        _el(item, NS_SD, "producerCountry", producer.country)
        _opt(item, NS_SD, "producerName", producer.name)
        location = _el(item, NS_SD, "producerLocation")
        if producer.geojson:
            _el(location, NS_SD, "geometryGeojson", _geojson(producer.geojson))
        for address in producer.postal_addresses:
            postal = _el(location, NS_SD, "postalAddress")
            _opt(postal, NS_SD, "producerStreet", address.street)
            _el(postal, NS_SD, "producerPostalCode", address.postal_code)
            _el(postal, NS_SD, "producerCity", address.city)
        for identifier in producer.cadastral_identifiers:
            _el(location, NS_SD, "cadastralIdentifier", identifier)


def _statement(parent: etree._Element, ns: str, statement: DdsStatement | SdStatement) -> None:
    node = _el(parent, ns, "statement")
    if isinstance(statement, SdStatement):
        _el(node, ns, "internalReferenceNumber", statement.internal_reference)
    else:
        _opt(node, ns, "internalReferenceNumber", statement.internal_reference)
    _el(node, ns, "activityType", statement.activity.value)
    if statement.represented_operator is not None:
        _operator(node, ns, statement.represented_operator)
    _opt(node, ns, "countryOfActivity", statement.country_of_activity)
    _opt(node, ns, "borderCrossCountry", statement.border_cross_country)
    _opt(node, ns, "comment", statement.comment)
    for commodity in statement.commodities:
        if isinstance(commodity, DdsCommodity):
            _dds_commodity(node, commodity)
        else:
            _sd_commodity(node, commodity)
    _el(node, ns, "geoLocationConfidential", statement.geolocation_confidential)
    for reference in statement.grouped_declarations:
        group = _el(node, ns, "groupedDeclarations")
        _el(group, NS_COMMON, "groupedDeclaration", reference)


# --- Payloads, one per operation --------------------------------------------------


def submit_dds(statement: DdsStatement, role: DdsOperatorRole = DdsOperatorRole.OPERATOR) -> etree._Element:
    root = _root(NS_DDS, "SubmitDdsRequest")
    _el(root, NS_DDS, "operatorRole", role.value)
    _statement(root, NS_DDS, statement)
    return root


def amend_dds(uuid: str, statement: DdsStatement) -> etree._Element:
    root = _root(NS_DDS, "AmendDdsRequest")
    _el(root, NS_DDS, "uuid", uuid)
    _statement(root, NS_DDS, statement)
    return root


def withdraw_dds(uuid: str) -> etree._Element:
    root = _root(NS_DDS, "WithdrawDdsRequest")
    _el(root, NS_DDS, "uuid", uuid)
    return root


def get_dds(uuids: Iterable[str]) -> etree._Element:
    root = _root(NS_DDS, "GetDdsRequest")
    for uuid in uuids:
        _el(root, NS_DDS, "uuidList", uuid)
    return root


def get_by_internal_reference(ns: str, internal_reference: str) -> etree._Element:
    tag = "GetDdsByInternalReferenceRequest" if ns == NS_DDS else "GetSdByInternalReferenceRequest"
    root = _root(ns, tag)
    _el(root, ns, "internalReference", internal_reference)
    return root


def get_by_identifiers(ns: str, reference_number: str, verification_number: str) -> etree._Element:
    root = _root(ns, "GetDdsByIdentifiersRequest" if ns == NS_DDS else "GetSdByIdentifiersRequest")
    pair = _el(root, ns, "referenceAndVerificationNumber")
    _el(pair, NS_COMMON, "referenceNumber", reference_number)
    _el(pair, NS_COMMON, "verificationNumber", verification_number)
    return root


def submit_sd(statement: SdStatement, role: SdOperatorRole = SdOperatorRole.MICRO_OPERATOR) -> etree._Element:
    root = _root(NS_SD, "SubmitSdRequest")
    _el(root, NS_SD, "operatorRole", role.value)
    _statement(root, NS_SD, statement)
    return root


def update_sd(sd_identifier: str, statement: SdStatement) -> etree._Element:
    root = _root(NS_SD, "UpdateSdRequest")
    _el(root, NS_SD, "sdIdentifier", sd_identifier)
    _statement(root, NS_SD, statement)
    return root


def withdraw_sd(sd_identifier: str) -> etree._Element:
    root = _root(NS_SD, "WithdrawSdRequest")
    _el(root, NS_SD, "sdIdentifier", sd_identifier)
    return root


def get_sd(uuids: Iterable[str], version: int | None = None) -> etree._Element:
    root = _root(NS_SD, "GetSdRequest")
    for uuid in uuids:
        item = _el(root, NS_SD, "uuidAndVersionNumberList")
        _el(item, NS_COMMON, "uuid", uuid)
        _opt(item, NS_COMMON, "versionNumber", version)
    return root


def verify_declaration(reference_number: str, verification_number: str) -> etree._Element:
    root = _root(NS_VERIFY, "VerifyDeclarationRequest")
    _el(root, NS_VERIFY, "referenceNumber", reference_number)
    _el(root, NS_VERIFY, "verificationNumber", verification_number)
    return root


def echo(query: str) -> etree._Element:
    root = _root(NS_ECHO, "EudrEchoRequest")
    _el(root, NS_ECHO, "query", query)
    return root


# --- The envelope --------------------------------------------------------------------


def envelope(
    payload: etree._Element,
    credentials: Credentials,
    *,
    now: datetime | None = None,
    nonce: bytes | None = None,
) -> bytes:
    """The full SOAP 1.1 request: security headers, then `payload` as the only Body child."""
    nsmap = {"soapenv": NS_SOAP, "wsse": NS_WSSE, "wsu": NS_WSU, "v4": NS_BASE}
    root = etree.Element(f"{{{NS_SOAP}}}Envelope", nsmap=nsmap)
    header = etree.SubElement(root, f"{{{NS_SOAP}}}Header")
    add_security_headers(header, credentials, now=now, nonce=nonce)
    body = etree.SubElement(root, f"{{{NS_SOAP}}}Body")
    body.append(payload)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")
