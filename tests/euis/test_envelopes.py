"""Requests we build: the EU's element names, namespaces and order, and our schema's verdict."""

from __future__ import annotations

import base64
import json
from dataclasses import replace

import pytest
from lxml import etree

from euis import envelopes
from euis.contract import (
    NS_COMMON,
    NS_DDS,
    NS_SD,
    NS_SOAP,
    NS_VERIFY,
    DdsOperatorRole,
    IdentifierType,
    SdOperatorRole,
)
from euis.shapes import Address, EconomicOperator, OperatorIdentifier, PostalAddress, SdProducer
from euis.validation import payload_problems

UUID = "071874bd-8c62-4cac-8eb6-b2fbe003410c"


def _names(element: etree._Element) -> list[str]:
    return [etree.QName(child).localname for child in element]


def _representative(statement):
    operator = EconomicOperator(
        name="Zakłady Mięsne Łódź S.A.",
        identifiers=(OperatorIdentifier(IdentifierType.EORI, "PL5260250274000"),),
        address=Address(country="PL", street="ul. Piotrkowska 1", postal_code="90-001", city="Łódź"),
        email="eudr@zm-lodz.example.pl",
        phone="+48 42 000 00 00",
    )
    return replace(statement, represented_operator=operator, grouped_declarations=("26PLABCDEFGHIJ",))


@pytest.fixture
def every_request(dds_statement, wood_statement, sd_statement):
    address_producer = SdProducer(
        country="PL", postal_addresses=(PostalAddress("05-800", "Pruszków", "ul. Polna 2"),)
    )
    sd_by_address = replace(
        sd_statement, commodities=(replace(sd_statement.commodities[0], producers=(address_producer,)),)
    )
    return {
        "submitDds": envelopes.submit_dds(dds_statement),
        "submitDds (wood, import)": envelopes.submit_dds(wood_statement),
        "submitDds (representative)": envelopes.submit_dds(
            _representative(dds_statement), DdsOperatorRole.REPRESENTATIVE_OPERATOR
        ),
        "amendDds": envelopes.amend_dds(UUID, dds_statement),
        "withdrawDds": envelopes.withdraw_dds(UUID),
        "getDds": envelopes.get_dds([UUID, UUID.replace("0", "1")]),
        "getDdsByInternalReference": envelopes.get_by_internal_reference(NS_DDS, "PO-2025"),
        "getDdsByIdentifiers": envelopes.get_by_identifiers(NS_DDS, "26BE7XTVCZAQ2S", "SFFCB4Y3"),
        "submitSd (cadastral)": envelopes.submit_sd(sd_statement),
        "submitSd (postal address)": envelopes.submit_sd(sd_by_address),
        "submitSd (representative)": envelopes.submit_sd(
            _representative(sd_statement), SdOperatorRole.REPRESENTATIVE_MSPO
        ),
        "updateSd": envelopes.update_sd(UUID, sd_statement),
        "withdrawSd": envelopes.withdraw_sd(UUID),
        "getSd": envelopes.get_sd([UUID], version=2),
        "getSdByInternalReference": envelopes.get_by_internal_reference(NS_SD, "SD-PL"),
        "getSdByIdentifiers": envelopes.get_by_identifiers(NS_SD, "S26BECB39D2GRX", "H6ORMNTX"),
        "verifyDeclaration": envelopes.verify_declaration("26BE7XTVCZAQ2S", "SFFCB4Y3"),
        "testEcho": envelopes.echo("Hello EUDR"),
    }


def test_every_request_we_build_validates_against_the_v3_schema(every_request):
    for name, payload in every_request.items():
        assert payload_problems(payload) == (), name


def test_submit_dds_is_a_soap_11_envelope_with_the_statement_in_the_eu_order(dds_statement, wood_statement):
    from euis.wsse import Credentials

    document = envelopes.envelope(envelopes.submit_dds(wood_statement), Credentials("u", "k", "c"))
    root = etree.fromstring(document)
    assert root.tag == f"{{{NS_SOAP}}}Envelope"
    request = root.find(f"{{{NS_SOAP}}}Body")[0]
    assert request.tag == f"{{{NS_DDS}}}SubmitDdsRequest"
    assert _names(request) == ["operatorRole", "statement"]
    statement = request[1]
    assert _names(statement) == [
        "internalReferenceNumber",
        "activityType",
        "countryOfActivity",
        "borderCrossCountry",
        "commodities",
        "geoLocationConfidential",
    ]
    commodity = statement.find(f"{{{NS_DDS}}}commodities")
    assert _names(commodity) == ["descriptors", "hsHeading", "speciesInfo", "producers"]
    goods = commodity.find(f"{{{NS_DDS}}}descriptors/{{{NS_COMMON}}}goodsMeasure")
    assert _names(goods) == ["netWeight", "supplementaryUnit", "supplementaryUnitQualifier"]
    assert goods.findtext(f"{{{NS_COMMON}}}netWeight") == "1200.5"
    assert statement.findtext(f"{{{NS_DDS}}}geoLocationConfidential") == "true"


def test_geolocation_travels_base64_encoded_and_decodes_to_the_geojson(dds_statement):
    payload = envelopes.submit_dds(dds_statement)
    encoded = payload.findtext(f".//{{{NS_DDS}}}geometryGeojson")
    assert json.loads(base64.b64decode(encoded))["features"][0]["geometry"]["coordinates"] == [21.05, 52.25]


def test_simplified_declaration_sends_each_cadastral_identifier(sd_statement):
    payload = envelopes.submit_sd(sd_statement)
    location = payload.find(f".//{{{NS_SD}}}producerLocation")
    assert [etree.QName(child).localname for child in location] == [
        "cadastralIdentifier",
        "cadastralIdentifier",
    ]
    assert [child.text for child in location] == ["141201_1.0001.6509", "141201_1.0001.6510"]
    assert payload.findtext(f"{{{NS_SD}}}operatorRole") == "MICRO_OPERATOR"


def test_represented_operator_is_structured_with_the_name_last(dds_statement):
    payload = envelopes.submit_dds(_representative(dds_statement), DdsOperatorRole.REPRESENTATIVE_OPERATOR)
    operator = payload.find(f".//{{{NS_DDS}}}representedOperator")
    assert _names(operator) == [
        "operatorReferenceNumber",
        "operatorAddress",
        "operatorEmail",
        "operatorPhone",
        "operatorName",
    ]
    assert (
        payload.findtext(f".//{{{NS_DDS}}}groupedDeclarations/{{{NS_COMMON}}}groupedDeclaration")
        == "26PLABCDEFGHIJ"
    )


def test_verify_declaration_uses_its_own_namespace():
    payload = envelopes.verify_declaration("26BE7XTVCZAQ2S", "SFFCB4Y3")
    assert payload.tag == f"{{{NS_VERIFY}}}VerifyDeclarationRequest"
    assert _names(payload) == ["referenceNumber", "verificationNumber"]


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"internal_reference": "X" * 36}, "internalReferenceNumber"),
        ({"comment": "c" * 2001}, "comment"),
        ({"country_of_activity": "UA"}, "countryOfActivity"),
    ],
)
def test_schema_refuses_statements_past_the_v3_limits(dds_statement, change, fragment):
    problems = payload_problems(envelopes.submit_dds(replace(dds_statement, **change)))
    assert problems and fragment in problems[0]


def test_schema_refuses_limits_inside_commodities(dds_statement):
    commodity = dds_statement.commodities[0]
    for bad in (
        replace(commodity, description_of_goods="d" * 151),
        replace(commodity, hs_heading="12A1"),
        replace(commodity, measure=replace(commodity.measure, supplementary_unit_qualifier="KILOGRAM")),
    ):
        assert payload_problems(envelopes.submit_dds(replace(dds_statement, commodities=(bad,)))), bad


def test_schema_refuses_the_removed_trade_activity(dds_statement):
    payload = envelopes.submit_dds(dds_statement)
    payload.find(f".//{{{NS_DDS}}}activityType").text = "TRADE"
    assert any("activityType" in problem for problem in payload_problems(payload))


def test_schema_refuses_a_simplified_declaration_reference_longer_than_14(sd_statement):
    problems = payload_problems(
        envelopes.submit_sd(replace(sd_statement, internal_reference="SD-PL-000000001"))
    )
    assert problems and "internalReferenceNumber" in problems[0]


def test_an_sd_producer_has_exactly_one_kind_of_location():
    with pytest.raises(ValueError, match="exactly one"):
        SdProducer(country="PL", cadastral_identifiers=("141201_1.0001.6509",), geojson=b"{}")
    with pytest.raises(ValueError, match="exactly one"):
        SdProducer(country="PL")
