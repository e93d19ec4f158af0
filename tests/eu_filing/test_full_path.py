"""The whole EU path through our API, against the fake EU Information System: a statement with
several producers and quantities, its amendment and withdrawal, a simplified declaration from
parcel numbers, and a verifyDeclaration of it; the fake checks every request it receives and
every answer it gives against its schema transcribed from the official 8.2.1 XSDs."""

from __future__ import annotations

import base64
import json
from datetime import timedelta

import pytest
from django.utils import timezone

from eu_filing.outbox import eu_submissions_poll
from regulation.benchmark import benchmark_cache_clear
from standins.fake_eu.xsd import schema_problems
from tests.eu_filing.test_simplified_declaration import SECOND_PARCEL, SECOND_RECORD, declaration
from tests.eu_filing.test_submission import store_credentials
from tests.euis.conftest import TRADER, fake_eu  # noqa: F401  (the fixture)
from tests.risk.fakes import PARCEL_ID

pytestmark = pytest.mark.django_db
GENERATE = "/api/eudr/dds/generate"
SD = "/api/eudr/v1/simplified-declarations"
UPSTREAM = "/api/eudr/v1/upstream-references"
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def eu(fake_eu, settings, uldk):  # noqa: F811
    state, url = uldk
    state.bodies[SECOND_PARCEL] = f"0\n{SECOND_RECORD}\n"
    settings.ULDK_BASE_URL = url
    settings.EU_IS_URL = fake_eu.base_url
    settings.EU_IS_FIRST_POLL_SECONDS = 0
    settings.EU_IS_CALLS_PER_SECOND = 10_000
    benchmark_cache_clear()
    return fake_eu


def statement_body() -> dict:
    """A buying station's domestic statement: soya from two farms and its own field, and
    sawn pine measured in m³ with its species."""
    return {
        "internal_reference": "SKUP-2026-118",
        "activity": "domestic",
        "geolocation_confidential": False,
        "operator": {
            "name": "Skup Zbóż Mazowsze Sp. z o.o.",
            "nip": "526-025-02-74",
            "country": "PL",
            "address": "ul. Polna 3, 05-300 Mińsk Mazowiecki",
            "email": "eudr@skup.example",
            "phone": "+48 25 000 00 00",
        },
        "commodities": [
            {
                "commodity": "soja",
                "description": "Soja ziarno, zbiór 2026",
                "hs_heading": "1201",
                "net_mass_kg": "60000",
                "percentage_estimation_or_deviation": "5",
                "producers": [
                    {
                        "name": "Gospodarstwo Rolne Anna Wiśniewska",
                        "country": "PL",
                        "plots": [{"lat": 52.25, "lng": 21.05, "area_ha": 2.5}],
                    },
                    {
                        "name": "Gospodarstwo Rolne Piotr Zieliński",
                        "country": "PL",
                        "plots": [
                            {"lat": 52.31, "lng": 21.12, "area_ha": 3.0},
                            {"lat": 52.32, "lng": 21.13, "area_ha": 1.0},
                        ],
                    },
                    {
                        "is_operator": True,
                        "country": "PL",
                        "plots": [{"lat": 52.2, "lng": 21.6, "area_ha": 1.2}],
                    },
                ],
            },
            {
                "commodity": "drewno",
                "description": "Tarcica sosnowa",
                "hs_heading": "4407",
                "supplementary_unit": "12.5",
                "supplementary_unit_qualifier": "MTQ",
                "species": [{"scientific_name": "Pinus sylvestris", "common_name": "sosna zwyczajna"}],
                "producers": [
                    {
                        "name": "Nadleśnictwo Mińsk",
                        "country": "PL",
                        "plots": [{"lat": 52.18, "lng": 21.55, "area_ha": 3.5}],
                    }
                ],
            },
        ],
        "attestation": {
            "legality": True,
            "annex_ii_declaration": True,
            "signatory_name": "Anna Nowak",
            "signatory_function": "Prezes zarządu",
        },
    }


def poll() -> None:
    for day in (1, 2, 3):
        eu_submissions_poll(now=timezone.now() + timedelta(days=day))


def producers_at_the_eu(record) -> list[tuple[str, int]]:
    """(name, number of features) of every producer the fake holds, in order."""
    found = []
    for producer in record.statement.iter():
        if not isinstance(producer.tag, str) or not producer.tag.endswith("}producers"):
            continue
        name = next((c.text for c in producer if c.tag.endswith("}name")), None)
        geometry = next(c.text for c in producer if c.tag.endswith("}geometryGeojson"))
        found.append((name, len(json.loads(base64.b64decode(geometry))["features"])))
    return found


def test_the_full_eu_path_runs_against_the_fake(keyed_client, eu, django_capture_on_commit_callbacks):
    client = keyed_client("standard")
    assert store_credentials(client).status_code == 200

    # 1. A statement with several producers and quantities: submitted, made AVAILABLE.
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(GENERATE, statement_body(), format="json", **JSON)
    assert response.status_code == 201, response.content
    dds_id = response.json()["dds_id"]
    assert response.json()["status"] == "COMPLIANT"
    poll()
    record = client.get(f"/api/eudr/v1/dds/{dds_id}").json()
    eu_is = record["eu_is"]
    assert eu_is["status"] == "AVAILABLE" and eu_is["reference_number"] and eu_is["verification_number"]
    at_fake = eu.records[eu_is["identifier"]]
    assert producers_at_the_eu(at_fake) == [
        ("Gospodarstwo Rolne Anna Wiśniewska", 1),
        ("Gospodarstwo Rolne Piotr Zieliński", 2),
        ("Skup Zbóż Mazowsze Sp. z o.o.", 1),
        ("Nadleśnictwo Mińsk", 1),
    ]
    sent = {c.tag.rsplit("}", 1)[1]: c.text for c in at_fake.statement.iter() if isinstance(c.tag, str)}
    assert sent["percentageEstimationOrDeviation"] == "5.000"
    assert sent["supplementaryUnit"] == "12.500" and sent["supplementaryUnitQualifier"] == "MTQ"

    # 2. An amendment within 72 hours: the same EU record, a new version.
    amended = statement_body()
    amended["commodities"][0]["net_mass_kg"] = "58000"
    response = client.post(f"/api/eudr/v1/dds/{dds_id}/amend", amended, format="json")
    assert response.status_code == 200, response.content
    assert at_fake.version == 2
    assert response.json()["eu_is"]["reference_number"] == eu_is["reference_number"]

    # 3. A withdrawal: here and at the EU.
    response = client.post(f"/api/eudr/v1/dds/{dds_id}/withdraw")
    assert response.status_code == 200, response.content
    assert at_fake.status == "WITHDRAWN"

    # 4. A simplified declaration from parcel numbers: screened, submitted with cadastral ids.
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(SD, declaration(geolocation_confidential=False), format="json")
    assert response.status_code == 201, response.content
    sd_id = response.json()["dds_id"]
    assert response.json()["status"] == "COMPLIANT"
    poll()
    sd_eu = client.get(f"{SD}/{sd_id}").json()["eu_is"]
    assert sd_eu["status"] == "AVAILABLE"
    cadastral = [
        e.text
        for e in eu.records[sd_eu["identifier"]].statement.iter()
        if str(e.tag).endswith("cadastralIdentifier")
    ]
    assert cadastral == [PARCEL_ID, SECOND_PARCEL]

    # 5. A buyer checks the declaration's numbers with verifyDeclaration.
    buyer = keyed_client("standard")
    store_credentials(buyer, TRADER)
    response = buyer.post(
        UPSTREAM,
        {
            "reference_number": sd_eu["reference_number"],
            "verification_number": sd_eu["verification_number"],
            "supplier": "Jan Kowalski",
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["result"] == "EXISTING_USABLE"

    # Every operation was used, and nothing the fake received or sent broke its schema.
    for operation in (
        "SubmitDdsRequest",
        "AmendDdsRequest",
        "WithdrawDdsRequest",
        "GetDdsRequest",
        "SubmitSdRequest",
        "GetSdRequest",
        "VerifyDeclarationRequest",
    ):
        assert operation in eu.calls, operation
    # The fake judged each request and each answer by its schema transcribed from the
    # official 8.2.1 XSDs (standins/fake_eu/schema): nothing was refused for its shape, and
    # every exchange of the path, in both directions, validates.
    assert eu.schema_failures == []
    assert len(eu.exchanges) == len(eu.calls)
    for operation, request, answer in eu.exchanges:
        assert request is not None and schema_problems(request) == (), (operation, schema_problems(request))
        assert schema_problems(answer) == (), (operation, schema_problems(answer))
        assert not answer.tag.endswith("}Fault"), operation
