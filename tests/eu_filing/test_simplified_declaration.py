"""Simplified declarations from Polish parcels: filed, screened, submitted with cadastral ids, verifiable."""

from __future__ import annotations

import base64
from datetime import timedelta

import pytest
from django.utils import timezone

from eu_filing.models import EuSubmission
from eu_filing.outbox import eu_submissions_poll
from euis.contract import NS_SD
from regulation.benchmark import benchmark_cache_clear
from tests.eu_filing.test_submission import store_credentials
from tests.euis.conftest import fake_eu  # noqa: F401  (the fixture)
from tests.risk.fakes import PARCEL_ID, RECORD

pytestmark = pytest.mark.django_db
SD = "/api/eudr/v1/simplified-declarations"
SECOND_PARCEL = "141201_1.0001.6510"
SECOND_RECORD = RECORD.replace(PARCEL_ID, SECOND_PARCEL).replace("21.5890", "21.5880")


def declaration(**changes):
    data = {
        "internal_reference": "ZBIOR-2027",
        "activity": "domestic",
        "operator": {
            "name": "Jan Kowalski",
            "country": "PL",
            "address": "Wola 12, 05-300 Mińsk Mazowiecki",
            "size": "natural_person",
        },
        "commodities": [
            {
                "commodity": "soja",
                "description": "Soja ziarno",
                "hs_heading": "1201",
                "net_mass_kg": "18000",
                "percentage_estimation_or_deviation": "5",
                "country_of_production": "PL",
                "plots": [{"parcel_id": PARCEL_ID}, {"parcel_id": SECOND_PARCEL}],
            }
        ],
        "attestation": {
            "legality": True,
            "annex_ii_declaration": True,
            "signatory_name": "Jan Kowalski",
            "signatory_function": "Rolnik",
        },
    }
    data.update(changes)
    return data


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


@pytest.fixture
def client(keyed_client):
    return keyed_client("standard")


def test_declaration_from_two_parcels_is_screened_submitted_with_cadastral_ids_and_verifiable(
    client, eu, api_client, django_capture_on_commit_callbacks
):
    store_credentials(client)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(SD, declaration(), format="json")
    assert response.status_code == 201, response.content
    record = response.json()
    assert record["status"] == "COMPLIANT" and record["operator_size"] == "natural_person"
    assert [p["parcel_id"] for p in record["commodities"][0]["plots"]] == [PARCEL_ID, SECOND_PARCEL]
    assert all(p["risk_level"] for p in record["commodities"][0]["plots"])
    assert response["Location"] == f"{SD}/{record['dds_id']}"

    for day in (1, 2, 3):
        eu_submissions_poll(now=timezone.now() + timedelta(days=day))

    eu_is = client.get(f"{SD}/{record['dds_id']}").json()["eu_is"]
    assert eu_is["status"] == "AVAILABLE" and eu_is["reference_number"].startswith("S")
    assert len(eu_is["internal_reference"]) <= 14
    at_fake = eu.records[eu_is["identifier"]]
    assert at_fake.kind == "sd"
    sent = [e.text for e in at_fake.statement.iter(f"{{{NS_SD}}}cadastralIdentifier")]
    assert sent == [PARCEL_ID, SECOND_PARCEL]
    assert not list(at_fake.statement.iter(f"{{{NS_SD}}}geometryGeojson"))
    # Public: the same verify endpoint and status page as statements.
    verify = api_client.get(f"/api/v1/verify/{record['dds_id']}")
    # No staff-verified organisation backs this operator: public UNDER_REVIEW, never COMPLIANT.
    assert verify.status_code == 200 and verify.json()["operator_identity"] == "unconfirmed"
    assert verify.json()["status"] == "UNDER_REVIEW"
    assert eu_is["reference_number"] in api_client.get(f"/cert/{record['dds_id']}").content.decode()
    assert client.get(f"{SD}/{record['dds_id']}/pdf")["Content-Type"] == "application/pdf"
    assert [d["dds_id"] for d in client.get(SD).json()["results"]] == [record["dds_id"]]


def test_point_plots_go_as_geojson(client, eu, django_capture_on_commit_callbacks):
    store_credentials(client)
    data = declaration()
    data["commodities"][0]["plots"] = [{"lat": 52.25, "lng": 21.05, "area_ha": 1.5}]
    with django_capture_on_commit_callbacks(execute=True):
        record = client.post(SD, data, format="json").json()
    at_fake = next(iter(eu.records.values()))
    (encoded,) = [e.text for e in at_fake.statement.iter(f"{{{NS_SD}}}geometryGeojson")]
    assert b'"Area":1.5' in base64.b64decode(encoded)
    assert client.get(f"{SD}/{record['dds_id']}").json()["eu_is"]["state"] == "submitted"


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"size": "medium"}, "operator.size", "sd_operator_not_eligible"),
        ({"country": "BR"}, "operator.country", "sd_country_not_eligible"),
    ],
)
def test_ineligible_operator_is_400_and_files_nothing(client, eu, change, field, code):
    data = declaration()
    data["operator"].update(change)
    if change.get("size") == "medium":
        data["operator"]["nip"] = "526-025-02-74"
    response = client.post(SD, data, format="json")
    assert response.status_code == 400, response.content
    errors = response.json()["errors"]
    assert [(e["field"], e["code"]) for e in errors] == [(field, code)]
    assert client.get(SD).json()["results"] == []


def test_product_from_another_country_is_400(client, eu):
    data = declaration()
    data["commodities"][0]["country_of_production"] = "DE"
    response = client.post(SD, data, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "sd_country_not_eligible"


def test_another_accounts_declaration_is_404(keyed_client, eu, django_capture_on_commit_callbacks):
    owner, other = keyed_client("standard"), keyed_client("standard")
    with django_capture_on_commit_callbacks(execute=True):
        record = owner.post(SD, declaration(), format="json").json()
    assert other.get(f"{SD}/{record['dds_id']}").status_code == 404
    assert other.get(SD).json()["results"] == []


def _available_declaration(client, django_capture_on_commit_callbacks):
    store_credentials(client)
    with django_capture_on_commit_callbacks(execute=True):
        record = client.post(SD, declaration(), format="json").json()
    for day in (1, 2, 3):
        eu_submissions_poll(now=timezone.now() + timedelta(days=day))
    return client.get(f"{SD}/{record['dds_id']}").json()


def test_update_replaces_the_declaration_here_and_at_the_eu_without_a_72_hour_window(
    client, eu, django_capture_on_commit_callbacks
):
    record = _available_declaration(client, django_capture_on_commit_callbacks)
    assert record["eu_is"]["status"] == "AVAILABLE"
    # The EU documents no time window for updateSd (OPS 4.2.2): a week later is still fine.
    EuSubmission.objects.filter(statement__dds_id=record["dds_id"]).update(
        submitted_at=timezone.now() - timedelta(days=7)
    )
    updated = declaration()
    updated["commodities"][0]["plots"] = [{"parcel_id": SECOND_PARCEL}]
    response = client.post(f"{SD}/{record['dds_id']}/amend", updated, format="json")
    assert response.status_code == 200, response.content
    after = response.json()
    assert [p["parcel_id"] for p in after["commodities"][0]["plots"]] == [SECOND_PARCEL]
    assert after["status"] == "COMPLIANT"
    assert after["eu_is"]["reference_number"] == record["eu_is"]["reference_number"]
    at_fake = eu.records[record["eu_is"]["identifier"]]
    assert at_fake.version == 2 and eu.calls.count("UpdateSdRequest") == 1
    assert [e.text for e in at_fake.statement.iter(f"{{{NS_SD}}}cadastralIdentifier")] == [SECOND_PARCEL]


def test_update_of_an_ineligible_declaration_is_400_and_changes_nothing(
    client, eu, django_capture_on_commit_callbacks
):
    record = _available_declaration(client, django_capture_on_commit_callbacks)
    updated = declaration()
    updated["operator"]["size"] = "medium"
    updated["operator"]["nip"] = "526-025-02-74"
    response = client.post(f"{SD}/{record['dds_id']}/amend", updated, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "sd_operator_not_eligible"
    assert eu.records[record["eu_is"]["identifier"]].version == 1
    assert client.get(f"{SD}/{record['dds_id']}").json()["operator_size"] == "natural_person"


def test_update_before_the_eu_made_it_available_is_409(client, eu, django_capture_on_commit_callbacks):
    store_credentials(client)
    with django_capture_on_commit_callbacks(execute=True):
        record = client.post(SD, declaration(), format="json").json()
    response = client.post(f"{SD}/{record['dds_id']}/amend", declaration(), format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "eu_amend_not_allowed_for_status"
    assert "UpdateSdRequest" not in eu.calls


def test_a_declaration_is_not_amended_through_the_statement_address(
    client, eu, django_capture_on_commit_callbacks
):
    from tests.compliance.test_dds_api import body

    record = _available_declaration(client, django_capture_on_commit_callbacks)
    response = client.post(f"/api/eudr/v1/dds/{record['dds_id']}/amend", body(), format="json")
    assert response.status_code == 409 and response.json()["code"] == "eu_amend_wrong_kind"
    assert "UpdateSdRequest" not in eu.calls and "AmendDdsRequest" not in eu.calls


def test_another_accounts_declaration_cannot_be_updated(keyed_client, eu, django_capture_on_commit_callbacks):
    owner, other = keyed_client("standard"), keyed_client("standard")
    record = _available_declaration(owner, django_capture_on_commit_callbacks)
    response = other.post(f"{SD}/{record['dds_id']}/amend", declaration(), format="json")
    assert response.status_code == 404 and response.json()["code"] == "sd_not_found"


def test_declarations_list_shows_only_the_keys_mode(live, test, eu, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        sandbox = test.post(SD, declaration(), format="json").json()
    assert [d["dds_id"] for d in test.get(SD).json()["results"]] == [sandbox["dds_id"]]
    assert live.get(SD).json()["results"] == []


def test_withdraw_at_its_own_address_withdraws_here_and_at_the_eu(
    client, eu, django_capture_on_commit_callbacks
):
    record = _available_declaration(client, django_capture_on_commit_callbacks)
    # Declarations have no 72-hour window at the EU: a week later is still fine.
    EuSubmission.objects.filter(statement__dds_id=record["dds_id"]).update(
        submitted_at=timezone.now() - timedelta(days=7)
    )
    response = client.post(f"{SD}/{record['dds_id']}/withdraw")
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "WITHDRAWN"
    assert eu.calls.count("WithdrawSdRequest") == 1 and "WithdrawDdsRequest" not in eu.calls
    again = client.post(f"{SD}/{record['dds_id']}/withdraw")
    assert again.status_code == 409 and again.json()["code"] == "dds_already_withdrawn"


def test_withdraw_address_takes_only_the_accounts_own_declarations(
    keyed_client, eu, django_capture_on_commit_callbacks
):
    from tests.compliance.test_dds_api import body

    owner, other = keyed_client("standard"), keyed_client("standard")
    record = _available_declaration(owner, django_capture_on_commit_callbacks)
    response = other.post(f"{SD}/{record['dds_id']}/withdraw")
    assert response.status_code == 404 and response.json()["code"] == "sd_not_found"
    statement = owner.post("/api/eudr/dds/generate", body(), format="json", HTTP_ACCEPT="application/json")
    assert statement.status_code == 201, statement.content
    response = owner.post(f"{SD}/{statement.json()['dds_id']}/withdraw")
    assert response.status_code == 404 and response.json()["code"] == "sd_not_found"
    assert owner.get(f"{SD}/{record['dds_id']}").json()["status"] != "WITHDRAWN"
    assert "WithdrawSdRequest" not in eu.calls
