"""Our client's requests and the fake's answers, judged by the EU's official 8.2.1 contract.

The schema under test lives in `standins/fake_eu/schema/`, written from the EU's published XSDs
and independent of our client's own artefact in `euis/schema/`.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from lxml import etree

from euis import envelopes
from euis.answers import body_child
from euis.contract import NS_COMMON, NS_DDS, NS_SD, NS_SOAP, DdsOperatorRole, IdentifierType
from euis.shapes import (
    Address,
    DdsProducer,
    EconomicOperator,
    GoodsMeasure,
    OperatorIdentifier,
    PostalAddress,
    SdCommodity,
    SdProducer,
)
from euis.wsse import Credentials
from standins.fake_eu import FakeAccount
from standins.fake_eu.xsd import schema_problems

from .conftest import FARMER, TRADER, point

UUID = "071874bd-8c62-4cac-8eb6-b2fbe003410c"
DDS_PATH = "/tracesnt/ws/EUDRDueDiligenceStatementServiceV3"
SD_PATH = "/tracesnt/ws/EUDRSimplifiedDeclarationServiceV3"
VERIFY_PATH = "/tracesnt/ws/EUDRVerifyDeclarationServiceV3"
ECHO_PATH = "/tracesnt/ws/eudr/echo"


def assert_valid(payload: etree._Element) -> None:
    assert schema_problems(payload) == ()


def _represented(statement):
    operator = EconomicOperator(
        name="Tartak Sp. z o.o.",
        identifiers=(
            OperatorIdentifier(IdentifierType.EORI, "PL123456789000000"),
            OperatorIdentifier(IdentifierType.VAT, "PL1234567890"),
        ),
        address=Address(country="PL", street="ul. Leśna 1", postal_code="00-001", city="Warszawa"),
        email="biuro@tartak.example.pl",
        phone="+48 22 000 00 00",
    )
    return replace(statement, represented_operator=operator, comment="Drewno z dostawy 7/2025")


# --- Our client's requests ------------------------------------------------------------


def test_submit_dds_requests_validate(dds_statement, wood_statement):
    assert_valid(envelopes.submit_dds(dds_statement))
    assert_valid(envelopes.submit_dds(wood_statement))
    grouped = replace(dds_statement, grouped_declarations=("25PLABCDEFGHIJ", "25PLKLMNOPQRST"))
    assert_valid(envelopes.submit_dds(grouped))
    commodity = dds_statement.commodities[0]
    producers = tuple(
        DdsProducer(country="PL", name=f"Gospodarstwo {n}", geojson=point(21.0 + n / 100, 52.2), position=n)
        for n in range(1, 4)
    )
    several = replace(dds_statement, commodities=(replace(commodity, producers=producers),))
    assert_valid(envelopes.submit_dds(several))
    represented = _represented(wood_statement)
    assert_valid(envelopes.submit_dds(represented, DdsOperatorRole.REPRESENTATIVE_OPERATOR))


def test_amend_withdraw_and_every_retrieval_request_validates(dds_statement):
    assert_valid(envelopes.amend_dds(UUID, dds_statement))
    assert_valid(envelopes.withdraw_dds(UUID))
    assert_valid(envelopes.get_dds([UUID, UUID.upper()]))
    assert_valid(envelopes.get_by_internal_reference(NS_DDS, "PO-2025-0042"))
    assert_valid(envelopes.get_by_internal_reference(NS_SD, "SD-PL-0001"))
    assert_valid(envelopes.get_by_identifiers(NS_DDS, "25PLABCDEFGHIJ", "SFFCB4Y3"))
    assert_valid(envelopes.get_by_identifiers(NS_SD, "S25PLABCDEFGHI", "SFFCB4Y3"))


def test_simplified_declaration_requests_validate(sd_statement):
    assert_valid(envelopes.submit_sd(sd_statement))
    commodity = sd_statement.commodities[0]
    located = replace(
        sd_statement,
        commodities=(
            replace(commodity, producers=(SdProducer(country="PL", geojson=point(21.0, 52.2), position=1),)),
            SdCommodity(
                description_of_goods="Kawa",
                hs_heading="0901",
                measure=commodity.measure,
                producers=(
                    SdProducer(
                        country="PL",
                        name="Anna Nowak",
                        postal_addresses=(
                            PostalAddress(postal_code="05-500", city="Piaseczno", street="Polna 3"),
                            PostalAddress(postal_code="05-501", city="Piaseczno"),
                        ),
                    ),
                ),
            ),
        ),
    )
    assert_valid(envelopes.submit_sd(located))
    assert_valid(envelopes.update_sd(UUID, sd_statement))
    assert_valid(envelopes.withdraw_sd(UUID))
    assert_valid(envelopes.get_sd([UUID]))
    assert_valid(envelopes.get_sd([UUID, UUID], version=2))


def test_verify_declaration_and_echo_requests_validate():
    assert_valid(envelopes.verify_declaration("26BE7XTVCZAQ2S", "SFFCB4Y3"))
    assert_valid(envelopes.echo("hello"))


# --- The fake's answers ---------------------------------------------------------------


def _answer(fake, path, payload, credentials=FARMER):
    status, _, body = fake.handle(path, {}, envelopes.envelope(payload, credentials))
    return status, body_child(body)


def _fault_detail(body_child_element):
    assert body_child_element.tag == f"{{{NS_SOAP}}}Fault"
    return body_child_element.find("detail")[0]


def test_the_fakes_dds_answers_validate(fake_eu, dds_statement):
    answers = []

    def ok(payload, path=DDS_PATH, credentials=FARMER):
        status, answer = _answer(fake_eu, path, payload, credentials)
        assert status == 200, etree.tostring(answer)
        answers.append(answer)
        return answer

    uuid = ok(envelopes.submit_dds(dds_statement))[0].text
    ok(envelopes.get_dds([uuid]))  # still SUBMITTED
    overview = ok(envelopes.get_dds([uuid]))  # AVAILABLE, numbered
    reference = overview[0].find(f"{{{NS_COMMON}}}referenceNumber").text
    verification = overview[0].find(f"{{{NS_COMMON}}}verificationNumber").text
    ok(envelopes.get_by_internal_reference(NS_DDS, "PO-2025"))
    ok(envelopes.get_by_internal_reference(NS_DDS, "nothing-like-it"))
    ok(envelopes.get_by_identifiers(NS_DDS, reference, verification))
    ok(envelopes.get_by_identifiers(NS_DDS, reference, verification), credentials=TRADER)
    ok(envelopes.verify_declaration(reference, verification), path=VERIFY_PATH, credentials=TRADER)
    ok(envelopes.verify_declaration(reference, "WRONG123"), path=VERIFY_PATH, credentials=TRADER)
    ok(envelopes.amend_dds(uuid, dds_statement))
    ok(envelopes.withdraw_dds(uuid))
    ok(envelopes.echo("hello"), path=ECHO_PATH)
    for answer in answers:
        assert schema_problems(answer) == (), (etree.tostring(answer), schema_problems(answer))


def test_the_fakes_sd_answers_validate(fake_eu, sd_statement):
    answers = []

    def ok(payload):
        status, answer = _answer(fake_eu, SD_PATH, payload)
        assert status == 200, etree.tostring(answer)
        answers.append(answer)
        return answer

    identifier = ok(envelopes.submit_sd(sd_statement))[0].text
    ok(envelopes.get_sd([identifier]))
    overview = ok(envelopes.get_sd([identifier]))
    reference = overview[0].find(f"{{{NS_COMMON}}}referenceNumber").text
    verification = overview[0].find(f"{{{NS_COMMON}}}verificationNumber").text
    ok(envelopes.get_by_internal_reference(NS_SD, "SD-PL"))
    ok(envelopes.get_by_identifiers(NS_SD, reference, verification))
    ok(envelopes.update_sd(identifier, sd_statement))
    ok(envelopes.withdraw_sd(identifier))
    for answer in answers:
        assert schema_problems(answer) == (), (etree.tostring(answer), schema_problems(answer))


def test_the_fakes_fault_details_validate(fake_eu, wood_statement, sd_statement):
    def detail_of(path, payload, credentials=FARMER):
        status, answer = _answer(fake_eu, path, payload, credentials)
        assert status == 500
        detail = _fault_detail(answer)
        assert schema_problems(detail) == (), (etree.tostring(detail), schema_problems(detail))
        return etree.QName(detail).localname

    assert detail_of(DDS_PATH, envelopes.get_dds([UUID])) == "NotFoundException"
    assert detail_of(SD_PATH, envelopes.get_sd([UUID])) == "NotFoundException"
    commodity = replace(wood_statement.commodities[0], species=(), measure=GoodsMeasure(supplementary_unit=3))
    refused = envelopes.submit_dds(replace(wood_statement, commodities=(commodity,)))
    assert detail_of(DDS_PATH, refused) == "BusinessRulesValidationException"
    fake_eu.accounts["big"] = FakeAccount("big", "key-big", roles=frozenset({"OPERATOR"}))
    big = Credentials("big", "key-big", "eudr-test")
    assert detail_of(SD_PATH, envelopes.submit_sd(sd_statement), big) == "PermissionDeniedException"


def test_a_rejected_overview_with_its_reason_validates(fake_eu, dds_statement):
    fake_eu.plan_rejection("Geolocation overlaps a protected area.", internal_reference="PO-2025-0042")
    _, submitted = _answer(fake_eu, DDS_PATH, envelopes.submit_dds(dds_statement))
    uuid = submitted[0].text
    _answer(fake_eu, DDS_PATH, envelopes.get_dds([uuid]))
    status, overview = _answer(fake_eu, DDS_PATH, envelopes.get_dds([uuid]))
    assert status == 200
    assert overview[0].find(f"{{{NS_COMMON}}}rejectionReason") is not None
    assert schema_problems(overview) == ()


# --- What the official contract refuses -------------------------------------------------


def _first(payload: etree._Element, ns: str, name: str) -> etree._Element:
    return next(payload.iter(f"{{{ns}}}{name}"))


def test_an_internal_reference_of_51_characters_is_refused(dds_statement):
    assert_valid(envelopes.submit_dds(replace(dds_statement, internal_reference="R" * 50)))
    problems = schema_problems(envelopes.submit_dds(replace(dds_statement, internal_reference="R" * 51)))
    assert problems and "internalReferenceNumber" in problems[0]
    assert schema_problems(envelopes.get_by_internal_reference(NS_DDS, "R" * 51))


def test_an_sd_internal_reference_is_held_to_the_published_14_characters(sd_statement):
    # The 8.2.1 SD statement types internalReferenceNumber as ReferenceNumberType (max 14).
    assert_valid(envelopes.submit_sd(replace(sd_statement, internal_reference="R" * 14)))
    assert schema_problems(envelopes.submit_sd(replace(sd_statement, internal_reference="R" * 15)))


def test_an_unknown_element_is_refused(dds_statement):
    payload = envelopes.submit_dds(dds_statement)
    etree.SubElement(_first(payload, NS_DDS, "statement"), f"{{{NS_DDS}}}colour").text = "green"
    problems = schema_problems(payload)
    assert problems and "colour" in problems[0]


def test_a_missing_required_element_is_refused(dds_statement):
    payload = envelopes.submit_dds(dds_statement)
    statement = _first(payload, NS_DDS, "statement")
    statement.remove(_first(statement, NS_DDS, "geoLocationConfidential"))
    assert schema_problems(payload)
    payload = envelopes.submit_dds(dds_statement)
    payload.remove(_first(payload, NS_DDS, "operatorRole"))
    assert schema_problems(payload)
    payload = envelopes.submit_dds(dds_statement)
    producers = _first(payload, NS_DDS, "producers")
    producers.remove(_first(producers, NS_DDS, "geometryGeojson"))
    assert schema_problems(payload)


def test_a_bad_activity_type_is_refused(dds_statement):
    payload = envelopes.submit_dds(dds_statement)
    _first(payload, NS_DDS, "activityType").text = "TRADE"
    problems = schema_problems(payload)
    assert problems and "activityType" in problems[0]
    _first(payload, NS_DDS, "activityType").text = "domestic"
    assert schema_problems(payload)


@pytest.mark.parametrize(
    "weight",
    ["1.1234567", "-1", "-0.5", "10000000000", "12345678901.5", "abc"],
)
def test_a_net_weight_outside_the_official_facets_is_refused(dds_statement, weight):
    payload = envelopes.submit_dds(dds_statement)
    _first(payload, NS_COMMON, "netWeight").text = weight
    problems = schema_problems(payload)
    assert problems and "netWeight" in problems[0]


@pytest.mark.parametrize("weight", ["0", "1.123456", "9999999999.999999", "25000"])
def test_a_net_weight_inside_the_official_facets_passes(dds_statement, weight):
    payload = envelopes.submit_dds(dds_statement)
    _first(payload, NS_COMMON, "netWeight").text = weight
    assert_valid(payload)


def test_other_official_facets_are_enforced(dds_statement, sd_statement):
    checks = [
        (NS_COMMON, "percentageEstimationOrDeviation", "5.1234"),  # three fraction digits
        (NS_DDS, "hsHeading", "1201000"),  # 2 to 6 digits
        (NS_DDS, "hsHeading", "12a1"),
        (NS_DDS, "countryOfActivity", "UA"),  # EU Member States and XI only
        (NS_DDS, "country", "POL"),  # ISO alpha-2
        (NS_COMMON, "descriptionOfGoods", "x" * 151),
        (NS_DDS, "geoLocationConfidential", "yes"),
        (NS_DDS, "operatorRole", "TRADER"),
    ]
    for ns, name, value in checks:
        payload = envelopes.submit_dds(dds_statement)
        _first(payload, ns, name).text = value
        assert schema_problems(payload), (name, value)
    payload = envelopes.submit_sd(sd_statement)
    _first(payload, NS_SD, "cadastralIdentifier").text = "c" * 81
    assert schema_problems(payload)
    assert schema_problems(envelopes.withdraw_dds("not-a-uuid"))
    assert schema_problems(envelopes.verify_declaration("26BE7XTVCZAQ2S-TOO-LONG", "SFFCB4Y3"))
    assert schema_problems(envelopes.verify_declaration("26BE7XTVCZAQ2S", "SFF"))
    assert schema_problems(envelopes.get_dds([UUID] * 101))


def test_an_sd_producer_with_two_kinds_of_location_is_refused(sd_statement):
    payload = envelopes.submit_sd(sd_statement)
    location = _first(payload, NS_SD, "producerLocation")
    etree.SubElement(location, f"{{{NS_SD}}}geometryGeojson").text = "e30="
    assert schema_problems(payload)


def test_a_wrong_namespace_is_refused(dds_statement):
    payload = envelopes.submit_dds(dds_statement)
    text = etree.tostring(payload).replace(b"due-diligence-statement/v3", b"due-diligence-statement/v2")
    assert schema_problems(etree.fromstring(text))
    payload = envelopes.submit_dds(dds_statement)
    measure = _first(payload, NS_COMMON, "goodsMeasure")
    weight = _first(measure, NS_COMMON, "netWeight")
    moved = etree.Element(f"{{{NS_DDS}}}netWeight")
    moved.text = weight.text
    measure.replace(weight, moved)
    assert schema_problems(payload)


def test_the_schema_refers_only_to_its_own_local_files():
    from standins.fake_eu import xsd

    for path in xsd.SCHEMA_DIR.glob("*.xsd"):
        document = etree.parse(str(path))
        for imported in document.iter("{http://www.w3.org/2001/XMLSchema}import"):
            location = imported.get("schemaLocation")
            assert "/" not in location and (xsd.SCHEMA_DIR / location).is_file(), (path.name, location)
