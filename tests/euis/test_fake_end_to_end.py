"""The client against the fake EU Information System: the whole V3 lifecycle over HTTP."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from euis import envelopes
from euis.contract import ActivityType, EudrStatus, VerifyResult
from euis.errors import (
    EuisAuthenticationError,
    EuisBusinessRuleError,
    EuisNotFound,
    EuisPermissionDenied,
    EuisRateLimited,
    EuisTimeout,
    EuisTransportError,
)
from euis.shapes import DdsProducer, GoodsMeasure
from euis.wsse import Credentials
from standins.fake_eu import FakeAccount, FakeEuInformationSystem

from .conftest import FARMER, _client, point


def keys(error) -> tuple[str, ...]:
    """The EU's codes in CF4's spelling: the EU's answers (and the fake) write them with hyphens."""
    return tuple(e.key for e in error.errors)


def _available(client, uuid):
    first = client.get_dds([uuid])[0]
    assert first.status is EudrStatus.SUBMITTED and first.reference_number is None
    return client.get_dds([uuid])[0]


def test_submit_then_poll_until_available_with_reference_and_verification_numbers(
    eu_client, dds_statement, fake_eu
):
    uuid = eu_client.submit_dds(dds_statement)
    overview = _available(eu_client, uuid)
    assert overview.status is EudrStatus.AVAILABLE
    assert len(overview.reference_number) == 14
    assert overview.reference_number[:4] == f"{fake_eu.now():%y}PL"
    assert 5 <= len(overview.verification_number) <= 35
    assert overview.internal_reference == "PO-2025-0042"


def test_the_number_pair_verifies_and_a_wrong_pair_does_not_exist(eu_client, trader_client, dds_statement):
    overview = _available(eu_client, eu_client.submit_dds(dds_statement))
    verification = trader_client.verify_declaration(overview.reference_number, overview.verification_number)
    assert verification.result is VerifyResult.EXISTING_USABLE and verification.status is EudrStatus.AVAILABLE
    wrong = trader_client.verify_declaration(overview.reference_number, "WRONG123")
    assert wrong.result is VerifyResult.NON_EXISTENT and wrong.status is None


def test_planned_rejection_settles_rejected_with_the_reason_and_no_numbers(eu_client, dds_statement, fake_eu):
    fake_eu.plan_rejection("Geolocation overlaps a protected area.", internal_reference="PO-2025-0042")
    uuid = eu_client.submit_dds(dds_statement)
    eu_client.get_dds([uuid])
    rejected = eu_client.get_dds([uuid])[0]
    assert rejected.status is EudrStatus.REJECTED
    assert rejected.rejection_reason == "Geolocation overlaps a protected area."
    assert rejected.reference_number is None and rejected.verification_number is None


def test_business_rule_errors_come_back_with_the_eu_codes(eu_client, wood_statement):
    commodity = replace(wood_statement.commodities[0], species=(), measure=GoodsMeasure(supplementary_unit=3))
    with pytest.raises(EuisBusinessRuleError) as refused:
        eu_client.submit_dds(replace(wood_statement, commodities=(commodity,)))
    assert set(keys(refused.value)) == {
        "EUDR_COMMODITIES_DESCRIPTOR_NET_MASS_EMPTY",
        "EUDR_COMMODITIES_DESCRIPTOR_SUPPLEMENTARY_UNIT_QUALIFIER_MISSING",
        "EUDR_COMMODITIES_SPECIES_INFORMATION_SCIENTIFIC_NAME_EMPTY",
        "EUDR_COMMODITIES_SPECIES_INFORMATION_COMMON_NAME_EMPTY",
    }
    assert not refused.value.retryable


def test_geolocation_rules_refuse_bad_coordinates_and_oversized_points(eu_client, dds_statement):
    producers = (
        DdsProducer(country="PL", geojson=point(21.0, 95.0)),
        DdsProducer(country="PL", geojson=point(21.0, 52.0, area=12.0)),
        DdsProducer(country="PL", geojson=b"not json"),
    )
    commodity = replace(dds_statement.commodities[0], producers=producers)
    with pytest.raises(EuisBusinessRuleError) as refused:
        eu_client.submit_dds(replace(dds_statement, commodities=(commodity,)))
    assert set(keys(refused.value)) == {
        "EUDR_COMMODITIES_PRODUCER_GEO_LATITUDE_INVALID",
        "EUDR_COMMODITIES_PRODUCER_GEO_AREA_INVALID",
        "EUDR_COMMODITIES_PRODUCER_GEO_INVALID",
    }


def test_import_needs_an_eori(fake_eu, wood_statement):
    fake_eu.accounts["no-eori"] = FakeAccount("no-eori", "key-no-eori", has_eori=False)
    client = _client(fake_eu, Credentials("no-eori", "key-no-eori", "eudr-test"))
    with pytest.raises(EuisBusinessRuleError) as refused:
        client.submit_dds(wood_statement)
    assert keys(refused.value) == ("EUDR_OPERATOR_EORI_FOR_ACTIVITY_MISSING",)


def test_amend_inside_the_72_hour_window_keeps_the_reference_number(eu_client, dds_statement, fake_eu):
    uuid = eu_client.submit_dds(dds_statement)
    before = _available(eu_client, uuid)
    fake_eu.advance(timedelta(hours=71))
    amended = eu_client.amend_dds(uuid, replace(dds_statement, comment="Corrected net mass."))
    assert amended.status is EudrStatus.AVAILABLE
    after = eu_client.get_dds([uuid])[0]
    assert after.reference_number == before.reference_number and after.version == 2


def test_amend_and_withdraw_outside_the_window_are_refused(eu_client, dds_statement, fake_eu):
    uuid = eu_client.submit_dds(dds_statement)
    _available(eu_client, uuid)
    fake_eu.advance(timedelta(hours=72, minutes=1))
    for attempt in (lambda: eu_client.amend_dds(uuid, dds_statement), lambda: eu_client.withdraw_dds(uuid)):
        with pytest.raises(EuisBusinessRuleError) as refused:
            attempt()
        assert keys(refused.value) == ("EUDR_API_AMEND_OR_WITHDRAW_DDS_NOT_POSSIBLE",)


def test_withdraw_inside_the_window_makes_the_pair_non_usable(eu_client, dds_statement):
    uuid = eu_client.submit_dds(dds_statement)
    overview = _available(eu_client, uuid)
    assert eu_client.withdraw_dds(uuid).status is EudrStatus.WITHDRAWN
    verification = eu_client.verify_declaration(overview.reference_number, overview.verification_number)
    assert (
        verification.result is VerifyResult.EXISTING_NON_USABLE
        and verification.status is EudrStatus.WITHDRAWN
    )
    with pytest.raises(EuisBusinessRuleError) as refused:
        eu_client.withdraw_dds(uuid)
    assert keys(refused.value) == ("EUDR_API_AMEND_OR_WITHDRAW_NOT_ALLOWED_FOR_STATUS",)


def test_amend_refuses_a_changed_activity_and_a_statement_not_yet_available(eu_client, dds_statement):
    uuid = eu_client.submit_dds(dds_statement)
    with pytest.raises(EuisBusinessRuleError) as refused:
        eu_client.amend_dds(uuid, dds_statement)
    assert keys(refused.value) == ("EUDR_API_AMEND_NOT_ALLOWED_FOR_STATUS",)
    _available(eu_client, uuid)
    with pytest.raises(EuisBusinessRuleError) as refused:
        eu_client.amend_dds(uuid, replace(dds_statement, activity=ActivityType.EXPORT))
    assert "EUDR_API_AMEND_ACTIVITY_TYPE_CHANGE_NOT_ALLOWED" in keys(refused.value)


def test_another_account_cannot_amend_or_see_my_statement(eu_client, trader_client, dds_statement):
    uuid = eu_client.submit_dds(dds_statement)
    with pytest.raises(EuisBusinessRuleError) as refused:
        trader_client.withdraw_dds(uuid)
    assert keys(refused.value) == ("EUDR_API_NO_DDS",)
    with pytest.raises(EuisNotFound):
        trader_client.get_dds([uuid])


def test_simplified_declaration_with_cadastral_identifiers(eu_client, trader_client, sd_statement, fake_eu):
    sd_identifier = eu_client.submit_sd(sd_statement)
    eu_client.get_sd([sd_identifier])
    overview = eu_client.get_sd([sd_identifier])[0]
    assert overview.status is EudrStatus.AVAILABLE
    assert overview.reference_number.startswith("S") and len(overview.reference_number) == 14
    usable = trader_client.verify_declaration(overview.reference_number, overview.verification_number)
    assert usable.usable
    retrieved = trader_client.get_sd_by_identifiers(overview.reference_number, overview.verification_number)
    location = retrieved.fields["commodities"]["producers"]["producerLocation"]
    assert location["cadastralIdentifier"] == ["141201_1.0001.6509", "141201_1.0001.6510"]
    # No 72-hour window for a simplified declaration: it may be updated after major changes.
    fake_eu.advance(timedelta(days=30))
    updated = eu_client.update_sd(sd_identifier, replace(sd_statement, comment="Second parcel added."))
    assert (updated.status, updated.version) == (EudrStatus.AVAILABLE, 2)
    assert eu_client.withdraw_sd(sd_identifier).status is EudrStatus.WITHDRAWN
    with pytest.raises(EuisNotFound):
        eu_client.withdraw_sd("00000000-0000-4000-8000-000000000000")


def test_micro_operator_role_needs_the_eligible_profile(fake_eu, sd_statement):
    fake_eu.accounts["big"] = FakeAccount("big", "key-big", roles=frozenset({"OPERATOR"}))
    with pytest.raises(EuisPermissionDenied) as refused:
        _client(fake_eu, Credentials("big", "key-big", "eudr-test")).submit_sd(sd_statement)
    assert keys(refused.value) == ("EUDR_WEBSERVICE_USER_ACTIVITY_NOT_ALLOWED",)


def test_retrieval_by_numbers_hides_confidential_geolocation_from_others(
    eu_client, trader_client, wood_statement
):
    overview = _available(eu_client, eu_client.submit_dds(wood_statement))
    mine = eu_client.get_dds_by_identifiers(overview.reference_number, overview.verification_number)
    theirs = trader_client.get_dds_by_identifiers(overview.reference_number, overview.verification_number)
    assert "producers" in mine.fields["commodities"]
    assert "producers" not in theirs.fields["commodities"]


def test_lookup_by_internal_reference_is_partial_and_case_insensitive(eu_client, dds_statement):
    eu_client.submit_dds(dds_statement)
    eu_client.submit_dds(replace(dds_statement, internal_reference="OTHER-1"))
    found = eu_client.get_dds_by_internal_reference("po-2025")
    assert [overview.internal_reference for overview in found] == ["PO-2025-0042"]


def test_grouping_needs_available_references(eu_client, dds_statement):
    overview = _available(eu_client, eu_client.submit_dds(dds_statement))
    grouped = replace(
        dds_statement, internal_reference="GROUP-1", grouped_declarations=(overview.reference_number,)
    )
    eu_client.submit_dds(grouped)
    assert eu_client.get_dds_by_internal_reference("PO-2025-0042")[0].status is EudrStatus.GROUPED
    with pytest.raises(EuisBusinessRuleError) as refused:
        eu_client.submit_dds(replace(grouped, grouped_declarations=("26PLNOSUCHONE0",)))
    assert keys(refused.value) == ("EUDR_REFERENCED_STATEMENT_NOT_FOUND",)


def test_rate_limiting_and_broken_answers_are_retryable(eu_client, fake_eu):
    fake_eu.rate_limit_next(retry_after=3)
    with pytest.raises(EuisRateLimited) as limited:
        eu_client.echo()
    assert limited.value.retry_after == 3.0
    fake_eu.fail_next()
    with pytest.raises(EuisTransportError):
        eu_client.echo()
    assert eu_client.echo() == "OK"


def test_a_hanging_eu_is_a_timeout(impatient_client, fake_eu):
    fake_eu.hang_next(30)
    with pytest.raises(EuisTimeout) as timed_out:
        impatient_client.echo()
    assert timed_out.value.retryable


def test_wrong_key_is_an_authentication_error(fake_eu):
    client = _client(fake_eu, Credentials(FARMER.username, "not-the-key", "eudr-test"))
    with pytest.raises(EuisAuthenticationError) as refused:
        client.echo()
    # OPS 3.8: the echo service's fault.
    assert refused.value.detail == "EudrEchoServiceFault" and not refused.value.retryable
    with pytest.raises(EuisAuthenticationError) as refused:
        client.get_dds(["0f7c2b0e-1111-4c4c-8888-123456789abc"])
    assert refused.value.fault_code == "wsse:FailedAuthentication" and not refused.value.retryable


def test_fake_refuses_a_replayed_envelope_and_a_payload_outside_the_schema(fake_eu):
    document = envelopes.envelope(envelopes.echo("once"), FARMER)
    path = "/tracesnt/ws/eudr/echo"
    assert fake_eu.handle(path, {}, document)[0] == 200
    status, _, body = fake_eu.handle(path, {}, document)
    assert status == 500 and b"Authentication failed" in body
    payload = envelopes.verify_declaration("26BE7XTVCZAQ2S", "SFFCB4Y3")
    payload[0].text = "26BE7XTVCZAQ2S-TOO-LONG"
    status, _, body = fake_eu.handle(
        "/tracesnt/ws/EUDRVerifyDeclarationServiceV3", {}, envelopes.envelope(payload, FARMER)
    )
    assert status == 500 and b"Some business rules are not met" in body
    assert b"BusinessRulesValidationException" in body


def test_fake_settles_after_time_when_told_so(dds_statement):
    fake = FakeEuInformationSystem(
        (FakeAccount(FARMER.username, FARMER.authentication_key),),
        polls_until_final=99,
        settle_after=timedelta(hours=1),
    )
    fake.base_url = fake.start()
    try:
        client = _client(fake, FARMER)
        uuid = client.submit_dds(dds_statement)
        assert client.get_dds([uuid])[0].status is EudrStatus.SUBMITTED
        fake.advance(timedelta(hours=1))
        assert client.get_dds([uuid])[0].status is EudrStatus.AVAILABLE
    finally:
        fake.stop()


def test_fake_answers_have_the_documented_shapes(fake_eu, dds_statement):
    from euis.answers import body_child
    from euis.validation import payload_problems

    def exchange(service, payload):
        status, _, body = fake_eu.handle(f"/tracesnt/ws/{service}", {}, envelopes.envelope(payload, FARMER))
        answer = body_child(body)
        assert status == 200 and payload_problems(answer) == (), payload_problems(answer)
        return answer

    submitted = exchange("EUDRDueDiligenceStatementServiceV3", envelopes.submit_dds(dds_statement))
    uuid = submitted[0].text
    for _ in range(2):
        overview = exchange("EUDRDueDiligenceStatementServiceV3", envelopes.get_dds([uuid]))
    reference, verification = overview[0][2].text, overview[0][3].text
    exchange("EUDRVerifyDeclarationServiceV3", envelopes.verify_declaration(reference, verification))
    exchange(
        "EUDRDueDiligenceStatementServiceV3",
        envelopes.get_by_identifiers(envelopes.NS_DDS, reference, verification),
    )
    exchange("EUDRDueDiligenceStatementServiceV3", envelopes.withdraw_dds(uuid))


def test_fake_refuses_an_answer_element_sent_as_a_request(fake_eu):
    from lxml import etree

    payload = etree.fromstring(
        b'<d:SubmitDdsResponse xmlns:d="http://ec.europa.eu/tracesnt/certificate/eudr/due-diligence-statement/v3">'
        b"<d:uuid>071874bd-8c62-4cac-8eb6-b2fbe003410c</d:uuid></d:SubmitDdsResponse>"
    )
    path = "/tracesnt/ws/EUDRDueDiligenceStatementServiceV3"
    status, _, body = fake_eu.handle(path, {}, envelopes.envelope(payload, FARMER))
    assert status == 500 and b"Cannot find dispatch method" in body
