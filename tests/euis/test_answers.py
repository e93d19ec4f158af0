"""Parsing of every answer shape the V3 documents show, and of their faults."""

from __future__ import annotations

import pytest

from euis import answers
from euis.contract import EudrStatus, VerifyResult
from euis.errors import (
    EuisAuthenticationError,
    EuisBusinessRuleError,
    EuisNotFound,
    EuisPermissionDenied,
    EuisProtocolError,
    EuisServerFault,
)

S = 'xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"'
DDS = 'xmlns:ns5="http://ec.europa.eu/tracesnt/certificate/eudr/due-diligence-statement/v3"'
SD = 'xmlns:ns5="http://ec.europa.eu/tracesnt/certificate/eudr/simplified-declaration/v3"'
COMMON = 'xmlns:ns3="http://ec.europa.eu/tracesnt/certificate/eudr/common/v3"'
VERIFY = 'xmlns:verify="http://ec.europa.eu/tracesnt/certificate/eudr/verify-declaration/v3"'
UUID = "071874bd-8c62-4cac-8eb6-b2fbe003410c"


def _body(inner: str, header: str = "") -> bytes:
    return f"<S:Envelope {S}>{header}<S:Body>{inner}</S:Body></S:Envelope>".encode()


def test_submit_answer_with_the_eu_security_header_gives_the_uuid():
    header = (
        '<S:Header><ns2:Security xmlns:ns1="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-'
        'utility-1.0.xsd" xmlns:ns2="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">'
        "<ns1:Timestamp><ns1:Created>2026-05-20T11:52:32.854+02:00</ns1:Created></ns1:Timestamp>"
        "</ns2:Security></S:Header>"
    )
    element = answers.body_child(
        _body(f"<ns5:SubmitDdsResponse {DDS}><ns5:uuid>{UUID}</ns5:uuid></ns5:SubmitDdsResponse>", header)
    )
    assert answers.parse_submit(answers.expect(element, "SubmitDdsResponse"), "uuid") == UUID


def test_submit_sd_answer_gives_the_declaration_identifier():
    element = answers.body_child(
        _body(
            f"<ns5:SubmitSdResponse {SD}><ns5:sdIdentifier>{UUID}</ns5:sdIdentifier></ns5:SubmitSdResponse>"
        )
    )
    assert answers.parse_submit(element, "sdIdentifier") == UUID


@pytest.mark.parametrize(
    ("tag", "ns", "extra", "status", "version"),
    [
        ("AmendDdsResponse", DDS, "", "AVAILABLE", None),
        ("WithdrawDdsResponse", DDS, "", "WITHDRAWN", None),
        ("UpdateSdResponse", SD, "<ns5:version>2</ns5:version>", "AVAILABLE", 2),
    ],
)
def test_modification_answers_give_uuid_status_and_version(tag, ns, extra, status, version):
    xml = f"<ns5:{tag} {ns}><ns5:uuid>{UUID}</ns5:uuid>{extra}<ns5:status>{status}</ns5:status></ns5:{tag}>"
    result = answers.parse_modification(answers.body_child(_body(xml)))
    assert (result.uuid, result.status, result.version) == (UUID, EudrStatus(status), version)


def test_overview_answer_gives_numbers_status_and_the_authority_communication():
    xml = (
        f"<ns5:GetDdsResponse {DDS} {COMMON}><ns5:ddsOverviewList>"
        f"<ns3:uuid>{UUID}</ns3:uuid><ns3:internalReferenceNumber>26BEDWNW9JD1TN</ns3:internalReferenceNumber>"
        "<ns3:referenceNumber>26BE7XTVCZAQ2S</ns3:referenceNumber><ns3:verificationNumber>SFFCB4Y3</ns3:verificationNumber>"
        "<ns3:status>AVAILABLE</ns3:status><ns3:communicationToOperator><ns3:date>2026-05-21T08:00:00Z</ns3:date>"
        "<ns3:content>Please send the harvest permit.</ns3:content></ns3:communicationToOperator>"
        "<ns3:date>2026-05-20T09:55:01.000Z</ns3:date><ns3:updatedBy>User3 User3</ns3:updatedBy>"
        "<ns3:version>1</ns3:version></ns5:ddsOverviewList></ns5:GetDdsResponse>"
    )
    [overview] = answers.parse_overviews(answers.body_child(_body(xml)))
    assert overview.reference_number == "26BE7XTVCZAQ2S" and overview.verification_number == "SFFCB4Y3"
    assert overview.status is EudrStatus.AVAILABLE and overview.version == 1
    assert overview.communication.content == "Please send the harvest permit."
    assert overview.date.isoformat() == "2026-05-20T09:55:01+00:00"


def test_overview_of_a_rejected_statement_gives_the_reason_and_no_numbers():
    xml = (
        f"<ns5:GetSdResponse {SD} {COMMON}><ns5:sdOverviewList><ns3:uuid>{UUID}</ns3:uuid>"
        "<ns3:internalReferenceNumber>REF-1</ns3:internalReferenceNumber><ns3:status>REJECTED</ns3:status>"
        "<ns3:rejectionReason>Plot outside the declared country.</ns3:rejectionReason>"
        "</ns5:sdOverviewList></ns5:GetSdResponse>"
    )
    [overview] = answers.parse_overviews(answers.body_child(_body(xml)))
    assert overview.status is EudrStatus.REJECTED
    assert overview.rejection_reason == "Plot outside the declared country."
    assert overview.reference_number is None and overview.verification_number is None


def test_an_empty_overview_list_is_an_empty_result():
    assert (
        answers.parse_overviews(answers.body_child(_body(f"<ns5:GetDdsByInternalReferenceResponse {DDS}/>")))
        == []
    )


@pytest.mark.parametrize(
    ("result", "status", "usable"),
    [
        ("EXISTING_USABLE", "AVAILABLE", True),
        ("EXISTING_NON_USABLE", "WITHDRAWN", False),
        ("NON_EXISTENT", None, False),
    ],
)
def test_verify_declaration_answers(result, status, usable):
    status_xml = f"<verify:status>{status}</verify:status>" if status else ""
    xml = (
        f"<verify:VerifyDeclarationResponse {VERIFY}><verify:result>{result}</verify:result>{status_xml}"
        "<verify:dateTime>2026-05-20T10:00:00.000Z</verify:dateTime></verify:VerifyDeclarationResponse>"
    )
    verification = answers.parse_verification(answers.body_child(_body(xml)))
    assert verification.result is VerifyResult(result)
    assert verification.status == (EudrStatus(status) if status else None)
    assert verification.usable is usable


def test_retrieved_statement_is_given_as_its_fields():
    xml = (
        f"<ns5:GetDdsByIdentifiersResponse {DDS} {COMMON}><ns5:statement>"
        "<ns5:activityType>IMPORT</ns5:activityType>"
        "<ns5:commodities><ns5:hsHeading>4410</ns5:hsHeading><ns5:producers><ns5:country>FR</ns5:country>"
        "</ns5:producers></ns5:commodities><ns5:geoLocationConfidential>false</ns5:geoLocationConfidential>"
        "</ns5:statement></ns5:GetDdsByIdentifiersResponse>"
    )
    retrieved = answers.parse_retrieved(answers.body_child(_body(xml)))
    assert retrieved.fields["activityType"] == "IMPORT"
    assert retrieved.fields["commodities"]["producers"]["country"] == "FR"


def test_unknown_status_and_non_xml_are_protocol_errors():
    xml = (
        f"<ns5:WithdrawDdsResponse {DDS}><ns5:uuid>{UUID}</ns5:uuid>"
        "<ns5:status>CANCELLED</ns5:status></ns5:WithdrawDdsResponse>"
    )
    with pytest.raises(EuisProtocolError, match="CANCELLED"):
        answers.parse_modification(answers.body_child(_body(xml)))
    with pytest.raises(EuisProtocolError):
        answers.body_child(b"<html>Service Unavailable</html")


def _fault(code: str, string: str, detail: str = "") -> Exception:
    element = answers.body_child(
        _body(f"<S:Fault><faultcode>{code}</faultcode><faultstring>{string}</faultstring>{detail}</S:Fault>")
    )
    return answers.fault_error(element, 500)


def test_eu_permission_fault_with_error_id_and_message():
    # The shape of a real EU answer (V1 conformance sample): error:Error with ID and Message.
    detail = (
        '<detail><ns5:DdsPermissionDeniedException xmlns:ns4="http://ec.europa.eu/sanco/tracesnt/error/v01" '
        'xmlns:ns5="http://ec.europa.eu/tracesnt/certificate/eudr/submission/v1"><ns4:Error>'
        "<ns4:ID>EUDR-WEBSERVICE-USER-ACTIVITY-NOT-ALLOWED</ns4:ID>"
        '<ns4:Message languageID="en">The user is claiming to use an EUDR role</ns4:Message>'
        "</ns4:Error></ns5:DdsPermissionDeniedException></detail>"
    )
    error = _fault("S:Client", "You are not authorized to submit this DDS", detail)
    assert isinstance(error, EuisPermissionDenied) and not error.retryable
    assert error.codes == ("EUDR-WEBSERVICE-USER-ACTIVITY-NOT-ALLOWED",)
    assert error.errors[0].key == "EUDR_WEBSERVICE_USER_ACTIVITY_NOT_ALLOWED"


def test_business_rules_fault_in_both_documented_detail_shapes():
    v3 = (
        f"<detail><ns5:BusinessRulesValidationException {DDS} "
        'xmlns:err="http://ec.europa.eu/sanco/tracesnt/error/v01"><err:Error><err:ID>EUDR_API_NO_DDS</err:ID>'
        "<err:Message>No DDS</err:Message><err:Field>uuid</err:Field></err:Error>"
        "</ns5:BusinessRulesValidationException></detail>"
    )
    error = _fault("S:Client", "Business rules validation failed", v3)
    assert isinstance(error, EuisBusinessRuleError)
    assert error.errors[0].code == "EUDR_API_NO_DDS" and error.errors[0].field == "uuid"
    downstream = (
        f"<detail><verify:BusinessRulesValidationException {VERIFY}><errors><error>"
        "<field>referenceNumber</field>"
        "<message>Reference number format is invalid</message></error></errors>"
        "</verify:BusinessRulesValidationException></detail>"
    )
    error = _fault("S:Server", "Business rules validation failed", downstream)
    assert isinstance(error, EuisBusinessRuleError)
    assert (error.errors[0].field, error.errors[0].message) == (
        "referenceNumber",
        "Reference number format is invalid",
    )


def test_not_found_authentication_and_server_faults():
    not_found = f"<detail><ns5:NotFoundException {DDS}/></detail>"
    assert isinstance(_fault("S:Client", "Not found", not_found), EuisNotFound)
    echo = (
        '<detail><echo:EudrEchoServiceFault xmlns:echo="http://ec.europa.eu/tracesnt/eudr/echo">'
        "<echo:errorMessage>Authentication failed</echo:errorMessage></echo:EudrEchoServiceFault></detail>"
    )
    error = _fault("S:Server", "EudrEchoServiceFault", echo)
    assert isinstance(error, EuisAuthenticationError) and "Authentication failed" in str(error)
    wsse = 'xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"'
    element = answers.body_child(
        _body(
            f"<S:Fault {wsse}><faultcode>wsse:FailedAuthentication</faultcode>"
            "<faultstring>no</faultstring></S:Fault>"
        )
    )
    assert isinstance(answers.fault_error(element, 500), EuisAuthenticationError)
    server = _fault("S:Server", "java.lang.NullPointerException")
    assert isinstance(server, EuisServerFault) and server.retryable


def test_permission_fault_with_a_bare_message_keeps_the_message():
    detail = (
        f"<detail><verify:PermissionDeniedException {VERIFY}>"
        "<message>User does not have permission to verify declarations</message>"
        "</verify:PermissionDeniedException></detail>"
    )
    error = _fault("S:Server", "Permission denied", detail)
    assert isinstance(error, EuisPermissionDenied)
    assert error.errors[0].message == "User does not have permission to verify declarations"
