"""The V3 filing body: species for wood, confidential geolocation, and the deprecated legacy body."""

from __future__ import annotations

import copy
from datetime import datetime

import pytest
from django.conf import settings
from django.utils.http import parse_http_date

from compliance.models import DueDiligenceStatement
from eu_filing.mapping import dds_to_eu
from euis.contract import NS_DDS
from euis.shapes import Species
from tests.compliance.test_dds_api import GENERATE, JSON, body, with_plots
from tests.eu_filing.test_simplified_declaration import SD, declaration
from tests.eu_filing.test_submission import (  # noqa: F401  (fixtures)
    available,
    client,
    detail,
    eu,
    file,
    poll_until_final,
    store_credentials,
)
from tests.euis.conftest import fake_eu  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db
OAK = [{"scientific_name": "Quercus robur", "common_name": "dąb szypułkowy"}]
SPEC_FIELDS = {
    "dds_id",
    "status",
    "risk_level",
    "operator_name",
    "commodity",
    "country_of_production",
    "verified_at",
    "valid_until",
    "cert_url",
    "operator_identity",
    "document_type",
    "filed_by",
    "mandate",
    "eu_status",
}


def v3(data: dict, *, confidential: bool = False) -> dict:
    data = copy.deepcopy(data)
    data["geolocation_confidential"] = confidential
    return data


def wood(species=OAK) -> dict:
    data = with_plots({"lat": 52.25, "lng": 21.05, "area_ha": 2.5}, commodity="drewno", hs_heading="4407")
    if species is not None:
        data["commodities"][0]["species"] = species
    return v3(data)


def sent(fake, record: dict):
    """The statement element the fake EU received for one of our records."""
    return fake.records[record["eu_is"]["identifier"]].statement


def texts(element, name: str, ns: str = NS_DDS) -> list[str]:
    return [e.text for e in element.iter(f"{{{ns}}}{name}")]


# --- species -------------------------------------------------------------------------------


def test_wood_with_species_is_recorded_sent_as_species_info_and_accepted(
    client,  # noqa: F811
    eu,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    store_credentials(client)
    record = file(client, django_capture_on_commit_callbacks, wood())
    assert record["commodities"][0]["species"] == OAK
    poll_until_final()

    after = detail(client, record["dds_id"])
    assert after["eu_is"]["status"] == "AVAILABLE", after["eu_is"]
    statement = sent(eu, after)
    assert texts(statement, "scientificName") == ["Quercus robur"]
    assert texts(statement, "commonName") == ["dąb szypułkowy"]


@pytest.mark.parametrize("species", [None, []], ids=["absent", "empty"])
def test_wood_without_species_is_400_and_records_nothing(client, species):  # noqa: F811
    response = client.post(GENERATE, wood(species), format="json", **JSON)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    problem = response.json()
    assert problem["code"] == "invalid_request"
    assert [(e["field"], e["code"]) for e in problem["errors"]] == [
        ("commodities[0].species", "species_required")
    ]
    assert "species" in problem["detail"]
    assert not DueDiligenceStatement.objects.exists()


@pytest.mark.parametrize(
    ("species", "field", "code"),
    [
        (
            [{"scientific_name": "Quercus robur", "common_name": ""}],
            "commodities[0].species[0].common_name",
            "blank",
        ),
        ([{"common_name": "dąb"}], "commodities[0].species[0].scientific_name", "required"),
        (
            [{"scientific_name": "Q" * 201, "common_name": "dąb"}],
            "commodities[0].species[0].scientific_name",
            "max_length",
        ),
        (OAK * 501, "commodities[0].species", "max_length"),
    ],
    ids=["blank-name", "missing-name", "name-too-long", "too-many"],
)
def test_an_incomplete_species_pair_is_400(client, species, field, code):  # noqa: F811
    response = client.post(GENERATE, wood(species), format="json", **JSON)
    assert response.status_code == 400
    assert (field, code) in [(e["field"], e["code"]) for e in response.json()["errors"]]
    assert not DueDiligenceStatement.objects.exists()


def test_species_of_another_commodity_are_kept_and_sent(client, eu, django_capture_on_commit_callbacks):  # noqa: F811
    store_credentials(client)
    data = v3(body())
    data["commodities"][0]["species"] = [{"scientific_name": "Glycine max", "common_name": "soja"}]
    record = file(client, django_capture_on_commit_callbacks, data)
    statement = DueDiligenceStatement.objects.get(dds_id=record["dds_id"])
    assert dds_to_eu(statement).commodities[0].species == (Species("Glycine max", "soja"),)


# --- confidential geolocation -----------------------------------------------------------


def test_confidential_geolocation_goes_to_the_eu_and_stays_off_the_public_page(
    client,  # noqa: F811
    eu,  # noqa: F811
    api_client,
    django_capture_on_commit_callbacks,
):
    store_credentials(client)
    secret = file(client, django_capture_on_commit_callbacks, v3(body(), confidential=True))
    shared = file(client, django_capture_on_commit_callbacks, v3(body(), confidential=False))
    assert (secret["geolocation_confidential"], shared["geolocation_confidential"]) == (True, False)
    # The owner still sees the plots.
    assert secret["commodities"][0]["plots"][0]["geometry"] == {
        "type": "Point",
        "coordinates": [21.05, 52.25],
    }

    flags = {
        record["dds_id"]: texts(sent(eu, detail(client, record["dds_id"])), "geoLocationConfidential")
        for record in (secret, shared)
    }
    assert flags == {secret["dds_id"]: ["true"], shared["dds_id"]: ["false"]}

    secret_page = api_client.get(f"/cert/{secret['dds_id']}").content.decode()
    shared_page = api_client.get(f"/cert/{shared['dds_id']}").content.decode()
    assert 'class="plot-map"' in shared_page and "plot-marker" in shared_page
    assert 'class="plot-map"' not in secret_page and "plot-marker" not in secret_page
    assert 'data-testid="geolocation-confidential"' in secret_page
    assert "52.25" not in secret_page and "21.05" not in secret_page
    # The public verify answer carries no geolocation at all, confidential or not.
    assert set(api_client.get(f"/api/v1/verify/{secret['dds_id']}").json()) == SPEC_FIELDS


def test_legacy_body_is_not_confidential(client, eu, django_capture_on_commit_callbacks):  # noqa: F811
    store_credentials(client)
    record = file(client, django_capture_on_commit_callbacks, body())
    assert record["geolocation_confidential"] is False
    assert texts(sent(eu, detail(client, record["dds_id"])), "geoLocationConfidential") == ["false"]


def test_amendment_can_make_the_geolocation_confidential(client, eu, django_capture_on_commit_callbacks):  # noqa: F811
    record = available(client, eu, django_capture_on_commit_callbacks)
    response = client.post(
        f"/api/eudr/v1/dds/{record['dds_id']}/amend", v3(body(), confidential=True), format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["geolocation_confidential"] is True
    at_fake = eu.records[record["eu_is"]["identifier"]]
    assert at_fake.version == 2
    assert texts(at_fake.statement, "geoLocationConfidential") == ["true"]
    # A later legacy amendment, which says nothing about it, does not disclose it again.
    amended = body()
    amended["commodities"][0]["net_mass_kg"] = "31000"
    response = client.post(f"/api/eudr/v1/dds/{record['dds_id']}/amend", amended, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["geolocation_confidential"] is True
    assert texts(at_fake.statement, "geoLocationConfidential") == ["true"]
    # Stating it does.
    response = client.post(
        f"/api/eudr/v1/dds/{record['dds_id']}/amend", v3(body(), confidential=False), format="json"
    )
    assert response.json()["geolocation_confidential"] is False
    assert texts(eu.records[record["eu_is"]["identifier"]].statement, "geoLocationConfidential") == ["false"]


# --- the legacy body is deprecated -----------------------------------------------------------


def _legacy_row() -> dict:
    (row,) = [r for r in settings.DEPRECATED_BODIES if r["body"] == "legacy-filing-body"]
    return row


def assert_deprecated(response) -> None:
    row = _legacy_row()
    assert response["Deprecation"] == "true"
    sunset = parse_http_date(response["Sunset"])
    assert sunset == int(datetime.fromisoformat(row["sunset"]).timestamp())
    # Twelve months after the deprecation.
    deprecated = datetime.fromisoformat(row["deprecated_at"])
    assert datetime.fromisoformat(row["sunset"]) == deprecated.replace(year=deprecated.year + 1)
    assert 'rel="deprecation"' in response["Link"] and 'rel="successor-version"' in response["Link"]
    assert response["Link"].startswith(f"<{settings.PUBLIC_BASE_URL}/")


def assert_current(response) -> None:
    assert "Deprecation" not in response and "Sunset" not in response and "Link" not in response


# A current body answered at the current API version: a 1.0 answer carries the version's
# own deprecation headers (tests/eudr_service/test_api_versions.py).
LATEST = {"HTTP_API_VERSION": "1.1"}


def test_legacy_filing_body_is_accepted_with_deprecation_headers(client):  # noqa: F811
    response = client.post(GENERATE, body(), format="json", **JSON)
    assert response.status_code == 201, response.content
    assert_deprecated(response)


def test_v3_filing_body_has_no_deprecation_headers(client):  # noqa: F811
    for confidential in (False, True):
        response = client.post(
            GENERATE, v3(body(), confidential=confidential), format="json", **JSON, **LATEST
        )
        assert response.status_code == 201, response.content
        assert_current(response)


def test_refused_legacy_body_carries_the_headers_too(client):  # noqa: F811
    refused = body()
    refused["commodities"][0]["net_mass_kg"] = "-1"
    response = client.post(GENERATE, refused, format="json", **JSON)
    assert response.status_code == 400
    assert_deprecated(response)
    response = client.post(GENERATE, v3(refused), format="json", **JSON)
    assert response.status_code == 400
    assert_current(response)


def test_legacy_wood_body_cannot_be_mapped_and_is_refused(client):  # noqa: F811
    data = wood(species=None)
    del data["geolocation_confidential"]
    response = client.post(GENERATE, data, format="json", **JSON)
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "species_required"
    assert_deprecated(response)


def test_simplified_declaration_and_amendment_bodies_follow_the_same_rule(
    client,  # noqa: F811
    eu,  # noqa: F811
    uldk,
    settings,
    django_capture_on_commit_callbacks,
):
    settings.ULDK_BASE_URL = uldk[1]
    with django_capture_on_commit_callbacks(execute=True):
        legacy = client.post(SD, declaration(), format="json")
        current = client.post(SD, v3(declaration()), format="json", **LATEST)
    assert (legacy.status_code, current.status_code) == (201, 201)
    assert_deprecated(legacy)
    assert_current(current)

    record = available(client, eu, django_capture_on_commit_callbacks)
    amended = body()
    amended["commodities"][0]["net_mass_kg"] = "31000"
    response = client.post(f"/api/eudr/v1/dds/{record['dds_id']}/amend", amended, format="json")
    assert response.status_code == 200, response.content
    assert_deprecated(response)
