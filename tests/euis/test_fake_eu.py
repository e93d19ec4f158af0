"""The fake EU Information System as an independent referee: one test per rule it applies.

Requests are hand-written envelopes (the WS-Security header computed here from the
OASIS UsernameToken Profile, not by our client) or built by our client's envelope
builders for the statement rules. Each rule's source is in standins/fake_eu/*.py.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import json
import secrets
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from lxml import etree

from euis import envelopes
from euis.answers import body_child, parse_overviews
from euis.contract import ActivityType
from standins.fake_eu import FakeAccount, FakeEuInformationSystem, limits
from standins.fake_eu import namespaces as ns
from standins.fake_eu.server import Record

from .conftest import FARMER, point

DDS_PATH = "/tracesnt/ws/EUDRDueDiligenceStatementServiceV3"
SD_PATH = "/tracesnt/ws/EUDRSimplifiedDeclarationServiceV3"
ECHO_PATH = "/tracesnt/ws/eudr/echo"
ERROR = "{http://ec.europa.eu/sanco/tracesnt/error/v01}"


@pytest.fixture
def fake() -> FakeEuInformationSystem:
    fake = FakeEuInformationSystem(
        (FakeAccount(FARMER.username, FARMER.authentication_key, client_id="eudr-test"),), polls_until_final=1
    )
    yield fake
    assert fake.schema_failures == []


def _instant(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def soap(
    body: str,
    *,
    username: str = FARMER.username,
    key: str = FARMER.authentication_key,
    client_id: str | None = "eudr-test",
    created: datetime | None = None,
    nonce: bytes | None = None,
) -> bytes:
    """An envelope as OPS 3.6 shows it, the digest per UsernameToken Profile 1.0 section 3.1."""
    created_at = created or datetime.now(UTC)
    created_text = _instant(created_at)
    nonce = nonce or secrets.token_bytes(16)
    digest = base64.b64encode(hashlib.sha1(nonce + created_text.encode() + key.encode()).digest()).decode()
    client = (
        f"<base:WebServiceClientId>{client_id}</base:WebServiceClientId>" if client_id is not None else ""
    )
    return f"""<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
 xmlns:base="http://ec.europa.eu/sanco/tracesnt/base/v4">
<soapenv:Header>
<wsse:Security xmlns:wsse="{ns.WSSE}" xmlns:wsu="{ns.WSU}">
<wsu:Timestamp><wsu:Created>{created_text}</wsu:Created>
<wsu:Expires>{_instant(created_at + timedelta(seconds=60))}</wsu:Expires></wsu:Timestamp>
<wsse:UsernameToken><wsse:Username>{username}</wsse:Username>
<wsse:Password Type="{ns.PASSWORD_DIGEST}">{digest}</wsse:Password>
<wsse:Nonce>{base64.b64encode(nonce).decode()}</wsse:Nonce>
<wsu:Created>{created_text}</wsu:Created></wsse:UsernameToken>
</wsse:Security>{client}
</soapenv:Header>
<soapenv:Body>{body}</soapenv:Body></soapenv:Envelope>""".encode()


ECHO = '<echo:EudrEchoRequest xmlns:echo="http://ec.europa.eu/tracesnt/eudr/echo"><echo:query>hi</echo:query></echo:EudrEchoRequest>'
GET_DDS = (
    f'<dds:GetDdsRequest xmlns:dds="{ns.DDS}"><dds:uuidList>0f7c2b0e-1111-4c4c-8888-123456789abc'
    "</dds:uuidList></dds:GetDdsRequest>"
)


def _fault(body: bytes) -> etree._Element:
    return body_child(body)


def _codes(body: bytes) -> list[str]:
    return [node.text for node in etree.fromstring(body).iter(f"{ERROR}ID")]


def _send(fake, payload: etree._Element, path: str = DDS_PATH) -> tuple[int, bytes]:
    status, _headers, body = fake.handle(path, {}, envelopes.envelope(payload, FARMER))
    return status, body


def _submit(fake, statement) -> tuple[int, bytes]:
    return _send(fake, envelopes.submit_dds(statement))


def _geo(geometry: dict, **properties) -> bytes:
    feature = {"type": "Feature", "properties": properties, "geometry": geometry}
    return json.dumps({"type": "FeatureCollection", "features": [feature]}).encode()


def _with_geometry(statement, geojson: bytes):
    commodity = statement.commodities[0]
    producer = replace(commodity.producers[0], geojson=geojson)
    return replace(statement, commodities=(replace(commodity, producers=(producer,)),))


# --- Independence --------------------------------------------------------------------------


def test_the_fake_imports_nothing_of_our_client_nor_django():
    package = Path(__file__).resolve().parents[2] / "standins" / "fake_eu"
    sources = sorted(package.glob("*.py"))
    assert len(sources) >= 9, package  # the walk below must see the fake's modules
    offending = []
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text(), str(source))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
            for name in names:
                own = name.startswith("standins.fake_eu") or name.startswith(".")
                project = name.split(".")[0] in {
                    "euis", "django", "rest_framework", "compliance", "accounts", "panel",
                    "risk", "webhooks", "widget", "reports", "clients", "eudr_service",
                    "annual", "eu_filing", "evidence", "regulation", "suppliers", "standins",
                }  # fmt: skip
                if project and not own:
                    offending.append(f"{source.name}: {name}")
    assert offending == []


# --- WS-Security (OASIS UsernameToken Profile 1.0; OPS 1.2.3, 3.9) ----------------------------


def test_a_correct_password_digest_is_accepted(fake):
    status, _, body = fake.handle(ECHO_PATH, {}, soap(ECHO))
    assert status == 200 and body_child(body).find(f"{{{ns.ECHO}}}status").text == "OK"


def test_a_wrong_key_is_refused(fake):
    status, _, body = fake.handle(DDS_PATH, {}, soap(GET_DDS, key="not-the-key"))
    assert status == 500 and _fault(body).findtext("faultcode") == "wsse:FailedAuthentication"


def test_created_outside_five_minutes_is_refused_and_inside_accepted(fake):
    old = datetime.now(UTC) - timedelta(minutes=6)
    status, _, body = fake.handle(DDS_PATH, {}, soap(GET_DDS, created=old))
    assert status == 500 and _fault(body).findtext("faultcode") == "wsse:MessageExpired"
    recent = datetime.now(UTC) - timedelta(minutes=4, seconds=50)
    assert fake.handle(ECHO_PATH, {}, soap(ECHO, created=recent))[0] == 200


def test_a_replayed_nonce_is_refused(fake):
    nonce = secrets.token_bytes(16)
    assert fake.handle(ECHO_PATH, {}, soap(ECHO, nonce=nonce))[0] == 200
    status, _, body = fake.handle(DDS_PATH, {}, soap(GET_DDS, nonce=nonce))
    assert status == 500 and b"already used" in body


def test_a_wrong_or_missing_web_service_client_id_is_refused(fake):
    for client_id in ("someone-else", None):
        status, _, body = fake.handle(DDS_PATH, {}, soap(GET_DDS, client_id=client_id))
        assert status == 500 and _fault(body).findtext("faultcode") == "wsse:FailedAuthentication"
    assert fake.calls == []


def test_the_echo_service_answers_authentication_failures_as_ops_3_8_shows(fake):
    status, _, body = fake.handle(ECHO_PATH, {}, soap(ECHO, key="wrong"))
    fault = _fault(body)
    assert status == 500 and fault.findtext("faultstring") == "EudrEchoServiceFault"
    assert fault.find(f"detail/{{{ns.ECHO}}}EudrEchoServiceFault/{{{ns.ECHO}}}errorMessage").text == (
        "Authentication failed"
    )


# --- Fault shapes and the answer header (error4.xml, error5.xml; xsd5-error-v01) -------------


def test_malformed_xml_is_a_business_rules_fault_not_an_unmarshalling_error(fake):
    status, _, body = fake.handle(DDS_PATH, {}, b"<soapenv:Envelope><oops>")
    fault = _fault(body)
    assert status == 500 and fault.findtext("faultcode") == "S:Client"
    assert fault.findtext("faultstring") == "Some business rules are not met"
    assert fault.find(f"detail/{{{ns.DDS}}}BusinessRulesValidationException") is not None
    assert b"Unmarshalling" not in body


def test_a_request_outside_the_schema_is_a_business_rules_fault_with_an_error_item(fake):
    bad = GET_DDS.replace("0f7c2b0e-1111-4c4c-8888-123456789abc", "not-a-uuid")
    status, _, body = fake.handle(DDS_PATH, {}, soap(bad))
    detail = _fault(body).find(f"detail/{{{ns.DDS}}}BusinessRulesValidationException")
    error = detail.find(f"{ERROR}Error")
    assert status == 500 and error.findtext(f"{ERROR}ID") == "EUDR-REQUEST-SCHEMA-INVALID"
    assert error.find(f"{ERROR}Message").get("languageID") == "en" and error.find(f"{ERROR}Field") is not None
    assert fake.calls == []


def test_business_codes_are_spelled_with_hyphens_as_the_eu_writes_them(fake, dds_statement):
    fake.accounts[FARMER.username].has_eori = False
    status, body = _submit(fake, replace(dds_statement, activity=ActivityType.IMPORT))
    assert status == 500 and "EUDR-OPERATOR-EORI-FOR-ACTIVITY-MISSING" in _codes(body)


def test_every_answer_carries_the_ws_request_id_header(fake):
    answers = [fake.handle(ECHO_PATH, {}, soap(ECHO)), fake.handle(DDS_PATH, {}, soap(GET_DDS))]
    answers.append(fake.handle(DDS_PATH, {}, soap(GET_DDS, key="wrong")))
    for _status, _headers, body in answers:
        header = etree.fromstring(body).find(f"{{{ns.SOAP_ENV}}}Header/{{{ns.MESSAGE}}}Message")
        assert header is not None and header.get("severity") == "debugging"
        assert header.findtext(f"{{{ns.MESSAGE}}}ID") == "WS_REQUEST_ID"
        assert len(header.findtext(f"{{{ns.MESSAGE}}}Message")) == 36


# --- Lengths and list sizes (8.2.1 XSD) -----------------------------------------------------


def test_internal_reference_up_to_50_characters(fake, dds_statement):
    status, body = _submit(fake, replace(dds_statement, internal_reference="R" * 50))
    assert status == 200, body
    status, body = _submit(fake, replace(dds_statement, internal_reference="R" * 51))
    assert status == 500 and _codes(body) and set(_codes(body)) == {"EUDR-REQUEST-SCHEMA-INVALID"}


def _record(fake, number: int) -> Record:
    now = fake.now()
    uuid = f"00000000-0000-4000-8000-{number:012d}"
    statement = etree.Element(f"{{{ns.DDS}}}statement")
    return Record(uuid, "dds", FARMER.username, f"LOT-{number}", "DOMESTIC", statement, now)


def test_overview_answers_hold_at_most_100_items(fake):
    for number in range(101):
        record = _record(fake, number)
        fake.records[record.uuid] = record
    status, body = _send(fake, envelopes.get_by_internal_reference(ns.DDS, "LOT-"))
    assert status == 200 and len(parse_overviews(body_child(body))) == 100
    uuids = [f"00000000-0000-4000-8000-{n:012d}" for n in range(101)]
    status, body = _send(fake, envelopes.get_dds(uuids))
    assert status == 500 and set(_codes(body)) == {"EUDR-REQUEST-SCHEMA-INVALID"}


# --- Geometry (OPS 9.2, 9.5, 10.3; CF4) -------------------------------------------------------

SQUARE = [[21.0, 52.0], [21.001, 52.0], [21.001, 52.001], [21.0, 52.001], [21.0, 52.0]]


def test_a_closed_simple_polygon_is_accepted(fake, dds_statement):
    status, body = _submit(
        fake, _with_geometry(dds_statement, _geo({"type": "Polygon", "coordinates": [SQUARE]}))
    )
    assert status == 200, body


@pytest.mark.parametrize(
    ("coordinates", "why"),
    [
        ([SQUARE[:-1]], "open ring"),
        ([[[21.0, 52.0], [21.001, 52.001], [21.001, 52.0], [21.0, 52.001], [21.0, 52.0]]], "bow-tie"),
        ([SQUARE, [[21.0002, 52.0002], [21.0004, 52.0002], [21.0004, 52.0004], [21.0002, 52.0002]]], "hole"),
        ([[[21.0, 52.0], [21.001, 52.0], [21.0, 52.0]]], "3 positions"),
        ([[[21.0, 52.0], [21.001, 52.0], [21.002, 52.0], [21.0, 52.0]]], "aligned"),
        (
            [[[21.0, 52.0], [21.0000001, 52.0000001], [21.001, 52.0], [21.001, 52.001], [21.0, 52.0]]],
            "positions that coincide once truncated to 6 decimals",
        ),
    ],
)
def test_invalid_polygons_are_refused(fake, dds_statement, coordinates, why):
    geojson = _geo({"type": "Polygon", "coordinates": coordinates})
    status, body = _submit(fake, _with_geometry(dds_statement, geojson))
    assert status == 500 and _codes(body) == ["EUDR-COMMODITIES-PRODUCER-GEO-INVALID-GEOMETRY"], why


def test_coordinates_out_of_range_are_refused(fake, dds_statement):
    status, body = _submit(fake, _with_geometry(dds_statement, point(21.0, 91.0)))
    assert status == 500 and _codes(body) == ["EUDR-COMMODITIES-PRODUCER-GEO-LATITUDE-INVALID"]
    status, body = _submit(fake, _with_geometry(dds_statement, point(181.0, 52.0)))
    assert status == 500 and _codes(body) == ["EUDR-COMMODITIES-PRODUCER-GEO-LONGITUDE-INVALID"]


def test_line_strings_and_quoted_areas_are_refused(fake, dds_statement):
    line = _geo({"type": "LineString", "coordinates": SQUARE[:2]})
    status, body = _submit(fake, _with_geometry(dds_statement, line))
    assert status == 500 and _codes(body) == ["EUDR-COMMODITIES-PRODUCER-GEO-INVALID"]
    quoted = _geo({"type": "Point", "coordinates": [21.0, 52.0]}, Area="3")
    status, body = _submit(fake, _with_geometry(dds_statement, quoted))
    assert status == 500 and _codes(body) == ["EUDR-COMMODITIES-PRODUCER-GEO-AREA-INVALID"]


# --- Limits (OPS 10.3; CF4) ----------------------------------------------------------------


def test_more_than_100_commodities_are_refused(fake, dds_statement):
    commodity = dds_statement.commodities[0]
    many = replace(dds_statement, commodities=tuple(replace(commodity, position=n) for n in range(101)))
    status, body = _submit(fake, many)
    assert status == 500 and "EUDR-MAXIMUM-COMMODITIES-REACHED" in _codes(body)
    status, body = _submit(fake, replace(many, commodities=many.commodities[:100]))
    assert status == 200, body


def test_more_than_1000_producers_per_commodity_are_refused(fake, dds_statement):
    commodity = dds_statement.commodities[0]
    crowded = replace(commodity, producers=commodity.producers * 1001)
    status, body = _submit(fake, replace(dds_statement, commodities=(crowded,)))
    assert status == 500 and _codes(body)


def test_more_than_10000_producers_per_statement_are_refused(fake, dds_statement):
    commodity = dds_statement.commodities[0]
    full = replace(commodity, producers=commodity.producers * 1000)
    last = replace(commodity, producers=commodity.producers)
    status, body = _submit(fake, replace(dds_statement, commodities=(full,) * 10 + (last,)))
    assert status == 500 and _codes(body) == ["EUDR-MAXIMUM-PRODUCERS-REACHED"]


def test_more_than_2000_referenced_statements_are_refused(fake, dds_statement):
    references = tuple(f"26PL{n:010d}" for n in range(2001))
    status, body = _submit(fake, replace(dds_statement, grouped_declarations=references))
    # The XSD (maxOccurs 2000) refuses it before the business rule does.
    assert status == 500 and set(_codes(body)) & {
        "EUDR-MAXIMUM-REFERENCED-DDS-REACHED",
        "EUDR-REQUEST-SCHEMA-INVALID",
    }


def test_geolocation_over_25_mb_is_refused(fake, dds_statement, monkeypatch):
    assert limits.GEOLOCATION_BYTES == 25 * 1024 * 1024  # OPS 10.3, 2.4
    monkeypatch.setattr(limits, "GEOLOCATION_BYTES", 50)  # a small stand-in, same rule
    status, body = _submit(fake, dds_statement)
    assert status == 500 and _codes(body) == ["EUDR-MAXIMUM-GEO-SIZE-REACHED"]


def test_a_commodity_without_producers_is_refused(fake, dds_statement):
    bare = replace(dds_statement.commodities[0], producers=())
    status, body = _submit(fake, replace(dds_statement, commodities=(bare,)))
    assert status == 500 and _codes(body) == ["EUDR-COMMODITIES-PRODUCER-GEO-EMPTY"]


# --- Lifecycle --------------------------------------------------------------------------------


def _uuid(body: bytes) -> str:
    return body_child(body)[0].text


def _overview(fake, uuid: str):
    status, body = _send(fake, envelopes.get_dds([uuid]))
    assert status == 200, body
    return parse_overviews(body_child(body))[0]


def test_risk_profiling_rejection_carries_the_communication_to_the_operator(fake, dds_statement):
    fake.plan_risk_rejection("Plot overlaps a protected area; provide evidence.")
    _status, body = _submit(fake, dds_statement)
    overview = _overview(fake, _uuid(body))
    assert overview.status == "REJECTED" and overview.rejection_reason
    assert overview.communication.content == "Plot overlaps a protected area; provide evidence."
    item = fake.exchanges[-1][2][0]
    names = [etree.QName(n).localname for n in item]
    assert names.index("rejectionReason") < names.index("communicationToOperator") < names.index("date")


def test_get_sd_honours_the_version_number(fake, sd_statement):
    status, body = _send(fake, envelopes.submit_sd(sd_statement), SD_PATH)
    uuid = _uuid(body)
    _send(fake, envelopes.get_sd([uuid]), SD_PATH)  # settles AVAILABLE
    fake.advance(timedelta(hours=1))
    status, body = _send(fake, envelopes.update_sd(uuid, replace(sd_statement, comment="v2")), SD_PATH)
    assert status == 200
    first = parse_overviews(body_child(_send(fake, envelopes.get_sd([uuid], version=1), SD_PATH)[1]))[0]
    second = parse_overviews(body_child(_send(fake, envelopes.get_sd([uuid], version=2), SD_PATH)[1]))[0]
    latest = parse_overviews(body_child(_send(fake, envelopes.get_sd([uuid]), SD_PATH)[1]))[0]
    assert (first.version, second.version, latest.version) == (1, 2, 2)
    assert second.date - first.date >= timedelta(hours=1)
    status, body = _send(fake, envelopes.get_sd([uuid], version=3), SD_PATH)
    assert status == 500 and b"NotFoundException" in body


def test_an_archived_statement_may_be_referenced(fake, dds_statement):
    _status, body = _submit(fake, dds_statement)
    referenced = fake.records[_uuid(body)]
    _overview(fake, referenced.uuid)  # settles AVAILABLE with numbers
    referenced.status = "ARCHIVED"
    status, body = _submit(fake, replace(dds_statement, grouped_declarations=(referenced.reference_number,)))
    assert status == 200, body
    assert referenced.status == "GROUPED"


# --- The exchange log ---------------------------------------------------------------------


def test_every_exchange_is_logged_and_checked_against_the_schemas(fake, dds_statement):
    _submit(fake, dds_statement)
    fake.handle(DDS_PATH, {}, soap(GET_DDS, key="wrong"))
    operation, request, answer = fake.exchanges[0]
    assert operation == "submitDds" and etree.QName(request).localname == "SubmitDdsRequest"
    assert etree.QName(answer).localname == "SubmitDdsResponse"
    assert etree.QName(fake.exchanges[1][2]).localname == "Fault"


def test_an_answer_of_the_fake_outside_the_schemas_is_recorded(fake, monkeypatch):
    def broken(request, account):
        return etree.Element(f"{{{ns.ECHO}}}EudrEchoResponse")  # no status: invalid

    monkeypatch.setattr(fake, "_EudrEchoRequest", broken)
    fake.handle(ECHO_PATH, {}, soap(ECHO))
    assert fake.schema_failures and fake.schema_failures[0].startswith("testEcho")
    fake.schema_failures.clear()
