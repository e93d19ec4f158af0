"""The EU's conformance tests CF1-CF6 (EUDR API for Operators, CF documents v1.4 of 22 July
2025), as they apply to V3, walked by our client against the fake EU Information System.

One test per conformance test; each follows its document's tasks and error tables, so a
change of our client or of the fake that breaks a scenario the EU will run shows here.
CF7 (retrieval of another operator's statement by its numbers) is in test_fake_end_to_end.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from datetime import timedelta
from decimal import Decimal

import pytest

from euis.contract import ActivityType, EudrStatus, VerifyResult
from euis.errors import EuisAuthenticationError, EuisBusinessRuleError, EuisNotFound, EuisPermissionDenied
from euis.shapes import DdsProducer, GoodsMeasure, Species
from euis.wsse import Credentials

from .conftest import FARMER, TRADER, _client, point

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000"


def _available(client, uuid):
    for _ in range(5):
        overview = client.get_dds([uuid])[0]
        if overview.status is not EudrStatus.SUBMITTED:
            return overview
    raise AssertionError("the statement never settled")


def _refused_codes(call) -> tuple[str, ...]:
    """The codes of a refusal as the CF tables spell them: the EU's answers hyphenate them
    (EUDR-API-NO-DDS, ErrorsConditionsTest examples), the CF documents use underscores."""
    with pytest.raises((EuisBusinessRuleError, EuisPermissionDenied)) as refused:
        call()
    assert not refused.value.retryable
    return tuple(code.replace("-", "_") for code in refused.value.codes)


def test_cf1_authenticated_echo_for_each_operator_and_a_wrong_key_refused(fake_eu):
    """CF1 7.3-7.4: testEcho with UsernameToken digest, Timestamp and WebServiceClientId;
    one web-service user per operator, each identified by its own credentials."""
    farmer, trader = _client(fake_eu, FARMER), _client(fake_eu, TRADER)
    # The answer's content is not published (the echo XSD is not in the documents): an
    # authenticated answer is what CF1 asks for.
    assert farmer.echo("Hello from the farmer")
    assert trader.echo("Hello from the trader")
    with pytest.raises(EuisAuthenticationError) as refused:
        _client(fake_eu, replace(FARMER, authentication_key="not-the-key")).echo()
    assert not refused.value.retryable
    with pytest.raises(EuisAuthenticationError):
        _client(fake_eu, Credentials("nobody", FARMER.authentication_key, FARMER.client_id)).echo()


def test_cf2_submit_dds_answers_a_uuid_per_submission(
    eu_client, trader_client, dds_statement, wood_statement
):
    """CF2: submitDds as OPERATOR, a domestic and an import statement; the answer is the
    statement's identifier (a UUID), a new one for each submission."""
    first = eu_client.submit_dds(dds_statement)
    second = eu_client.submit_dds(dds_statement)
    imported = trader_client.submit_dds(wood_statement)
    for identifier in (first, second, imported):
        assert UUID.match(identifier), identifier
    assert len({first, second, imported}) == 3


def test_cf3_retrieve_status_and_numbers_by_uuid_and_by_internal_reference(
    eu_client, trader_client, dds_statement
):
    """CF3: getDdsInfo answers SUBMITTED, then AVAILABLE with the reference and verification
    numbers; the same by the company's internal reference; another operator's UUID is not found."""
    uuid = eu_client.submit_dds(dds_statement)
    pending = eu_client.get_dds([uuid])[0]
    assert pending.status is EudrStatus.SUBMITTED and pending.reference_number is None
    overview = _available(eu_client, uuid)
    assert overview.status is EudrStatus.AVAILABLE
    assert re.fullmatch(r"\d{2}[A-Z]{2}[A-Z0-9]{10}", overview.reference_number)
    assert overview.verification_number
    by_reference = eu_client.get_dds_by_internal_reference(dds_statement.internal_reference)
    assert [(found.uuid, found.reference_number) for found in by_reference] == [
        (uuid, overview.reference_number)
    ]
    with pytest.raises(EuisNotFound):
        trader_client.get_dds([uuid])


def _cf4_cases(dds, wood):
    """Business errors of the CF4 table (those marked as needed for conformance), each
    provoked by one change to a valid statement: (statement, the code the EU answers)."""

    def commodity(statement, **changes):
        return replace(statement, commodities=(replace(statement.commodities[0], **changes),))

    def producer(geojson):
        return commodity(dds, producers=(DdsProducer(country="PL", name="Gospodarstwo", geojson=geojson),))

    open_ring = [[21.0, 52.0], [21.001, 52.0], [21.001, 52.001], [21.0, 52.001]]
    square_open = json.dumps(
        {
            "type": "FeatureCollection",
            "features": [
                {
                    "type": "Feature",
                    "properties": {},
                    "geometry": {"type": "Polygon", "coordinates": [open_ring]},
                }
            ],
        }
    ).encode()
    return {
        "hs code": (commodity(dds, hs_heading="9999"), "EUDR_COMMODITIES_HS_CODE_INVALID"),
        "net mass for import": (
            commodity(
                wood, measure=GoodsMeasure(supplementary_unit=Decimal(3), supplementary_unit_qualifier="MTQ")
            ),
            "EUDR_COMMODITIES_DESCRIPTOR_NET_MASS_EMPTY",
        ),
        "qualifier missing": (
            commodity(wood, measure=GoodsMeasure(net_weight_kg=Decimal(10), supplementary_unit=Decimal(3))),
            "EUDR_COMMODITIES_DESCRIPTOR_SUPPLEMENTARY_UNIT_QUALIFIER_MISSING",
        ),
        "percentage above 50": (
            commodity(
                dds,
                measure=GoodsMeasure(
                    net_weight_kg=Decimal(10), percentage_estimation_or_deviation=Decimal(51)
                ),
            ),
            "EUDR_COMMODITIES_DESCRIPTOR_PERCENTAGE_ESTIMATION_INVALID",
        ),
        "producer country": (
            commodity(dds, producers=(DdsProducer(country="XX", geojson=point(21.0, 52.0, 1.0)),)),
            "EUDR_COMMODITITY_PRODUCER_COUNTRY_CODE_INVALID",
        ),
        "no geolocation": (commodity(dds, producers=()), "EUDR_COMMODITIES_PRODUCER_GEO_EMPTY"),
        "geojson": (producer(b"not json"), "EUDR_COMMODITIES_PRODUCER_GEO_INVALID"),
        "latitude": (producer(point(21.0, 91.0)), "EUDR_COMMODITIES_PRODUCER_GEO_LATITUDE_INVALID"),
        "longitude": (producer(point(181.0, 52.0)), "EUDR_COMMODITIES_PRODUCER_GEO_LONGITUDE_INVALID"),
        "open polygon": (producer(square_open), "EUDR_COMMODITIES_PRODUCER_GEO_INVALID_GEOMETRY"),
        "area of a point": (producer(point(21.0, 52.0, 4.5)), "EUDR_COMMODITIES_PRODUCER_GEO_AREA_INVALID"),
        "referenced statement": (
            replace(dds, grouped_declarations=("26PLNOSUCHONE0",)),
            "EUDR_REFERENCED_STATEMENT_NOT_FOUND",
        ),
        "common name": (
            commodity(wood, species=(Species(scientific_name="Quercus robur"),)),
            "EUDR_COMMODITIES_SPECIES_INFORMATION_COMMON_NAME_EMPTY",
        ),
        "scientific name": (
            commodity(wood, species=(Species(common_name="dąb"),)),
            "EUDR_COMMODITIES_SPECIES_INFORMATION_SCIENTIFIC_NAME_EMPTY",
        ),
    }


def test_cf4_every_error_of_the_table_comes_back_with_its_code_and_records_nothing(
    fake_eu, eu_client, dds_statement, wood_statement
):
    """CF4 6.1: errors of type (a), authentication and schema, and of type (b), the business
    rules of the table, each caught as a refusal that is not retried; nothing is recorded."""
    with pytest.raises(EuisAuthenticationError):
        _client(fake_eu, replace(FARMER, authentication_key="wrong")).submit_dds(dds_statement)
    missed = {}
    for case, (statement, code) in _cf4_cases(dds_statement, wood_statement).items():
        try:
            codes = _refused_codes(lambda statement=statement: eu_client.submit_dds(statement))
        except pytest.fail.Exception:
            missed[case] = "accepted"
            continue
        if code not in codes:
            missed[case] = codes
    assert missed == {}, missed
    assert fake_eu.records == {}


def test_cf5_amend_an_available_statement_and_the_amend_errors(
    eu_client, trader_client, dds_statement, fake_eu
):
    """CF5 6.1-6.3: amendDds by UUID keeps the reference number; the activity cannot change;
    only an AVAILABLE statement is amended; an unknown UUID is EUDR_API_NO_DDS; after the
    amendment window (72 hours) it is not possible."""
    uuid = eu_client.submit_dds(dds_statement)
    assert _refused_codes(lambda: eu_client.amend_dds(uuid, dds_statement)) == (
        "EUDR_API_AMEND_NOT_ALLOWED_FOR_STATUS",
    )
    before = _available(eu_client, uuid)
    amended = eu_client.amend_dds(uuid, replace(dds_statement, comment="Net mass corrected."))
    assert amended.status is EudrStatus.AVAILABLE
    after = eu_client.get_dds([uuid])[0]
    assert (after.reference_number, after.version) == (before.reference_number, 2)
    changed = replace(dds_statement, activity=ActivityType.EXPORT)
    assert "EUDR_API_AMEND_ACTIVITY_TYPE_CHANGE_NOT_ALLOWED" in _refused_codes(
        lambda: eu_client.amend_dds(uuid, changed)
    )
    assert _refused_codes(lambda: eu_client.amend_dds(UNKNOWN_UUID, dds_statement)) == ("EUDR_API_NO_DDS",)
    assert _refused_codes(lambda: trader_client.amend_dds(uuid, dds_statement)) == ("EUDR_API_NO_DDS",)
    fake_eu.advance(timedelta(hours=72, minutes=1))
    assert _refused_codes(lambda: eu_client.amend_dds(uuid, dds_statement)) == (
        "EUDR_API_AMEND_OR_WITHDRAW_DDS_NOT_POSSIBLE",
    )


def test_cf6_retract_in_submitted_or_available_and_the_retract_errors(eu_client, dds_statement, fake_eu):
    """CF6 6.1-6.3: retractDds by UUID in SUBMITTED or AVAILABLE; a withdrawn statement
    cannot be retracted again (status) and its numbers stop being usable; unknown UUID is
    EUDR_API_NO_DDS; after the window it is not possible."""
    pending = eu_client.submit_dds(dds_statement)
    assert eu_client.withdraw_dds(pending).status is EudrStatus.WITHDRAWN
    uuid = eu_client.submit_dds(replace(dds_statement, internal_reference="PO-2025-0043"))
    overview = _available(eu_client, uuid)
    assert eu_client.withdraw_dds(uuid).status is EudrStatus.WITHDRAWN
    verification = eu_client.verify_declaration(overview.reference_number, overview.verification_number)
    assert verification.result is VerifyResult.EXISTING_NON_USABLE
    assert _refused_codes(lambda: eu_client.withdraw_dds(uuid)) == (
        "EUDR_API_AMEND_OR_WITHDRAW_NOT_ALLOWED_FOR_STATUS",
    )
    assert _refused_codes(lambda: eu_client.withdraw_dds(UNKNOWN_UUID)) == ("EUDR_API_NO_DDS",)
    late = eu_client.submit_dds(replace(dds_statement, internal_reference="PO-2025-0044"))
    _available(eu_client, late)
    fake_eu.advance(timedelta(hours=72, minutes=1))
    assert _refused_codes(lambda: eu_client.withdraw_dds(late)) == (
        "EUDR_API_AMEND_OR_WITHDRAW_DDS_NOT_POSSIBLE",
    )


def test_verify_declaration_refuses_numbers_of_a_form_the_eu_never_issues(fake_eu, eu_client):
    """DTR 5.1.5: a malformed number is a business-rules fault naming its field, not NON_EXISTENT;
    a well-formed unknown pair is NON_EXISTENT (DTR 5.1.4), and any EU user may ask (DTR 4.1.1)."""
    with pytest.raises(EuisBusinessRuleError) as refused:
        eu_client.verify_declaration("26pl-wy0kmssx7", "ABCDEFGH")
    assert [(e.key, e.field) for e in refused.value.errors] == [("EUDR_NUMBER_INVALID", "referenceNumber")]
    with pytest.raises(EuisBusinessRuleError) as refused:
        eu_client.verify_declaration("26PLWY0KMSSX7B", "ABC D")
    assert [(e.key, e.field) for e in refused.value.errors] == [("EUDR_NUMBER_INVALID", "verificationNumber")]
    trader = _client(fake_eu, TRADER)
    unknown = trader.verify_declaration("26PLWY0KMSSX7B", "VN-2025-ABC12")
    assert unknown.result is VerifyResult.NON_EXISTENT and unknown.status is None
