"""API versions: 1.0 (the default, the specification's) keeps its forms under Deprecation
and Sunset; 1.1 answers the conventions of docs/api-conventions.md; an unknown version
is refused and changes nothing."""

from __future__ import annotations

import ipaddress

import pytest

from compliance.models import DueDiligenceStatement
from eudr_service.lib import safe_http
from tests.compliance.test_dds_api import GENERATE, JSON, with_plots

pytestmark = pytest.mark.django_db
PLOT = {"lat": 52.25, "lng": 21.05, "area_ha": 2.5}
V11 = {"HTTP_API_VERSION": "1.1"}


@pytest.fixture
def client(keyed_client):
    return keyed_client("enterprise")


def _body() -> dict:
    # The current filing body (V3 fields given): the legacy body has deprecation headers of its own.
    return {**with_plots(PLOT), "geolocation_confidential": False}


def _file(client, **headers):
    response = client.post(GENERATE, _body(), format="json", **JSON, **headers)
    assert response.status_code == 201, response.content
    return response


def test_without_the_header_the_answer_keeps_the_1_0_forms_and_says_they_are_deprecated(client):
    response = _file(client)
    body = response.json()
    assert response["API-Version"] == "1.0"
    assert response["Deprecation"] == "true"
    assert response["Sunset"] == "Fri, 26 Nov 2027 00:00:00 GMT"
    assert 'rel="successor-version"' in response["Link"]
    line = body["commodities"][0]
    assert (line["net_mass_kg"], line["plots"][0]["area_ha"]) == ("25000.000", "2.5000")
    assert body["commodity"] == "soja"
    assert body["url"] == f"/api/eudr/v1/dds/{body['dds_id']}"
    assert response["Location"] == body["url"]


def test_version_1_1_answers_numbers_codes_and_absolute_links(client, settings):
    response = _file(client, **V11)
    body = response.json()
    assert response["API-Version"] == "1.1"
    assert not response.has_header("Deprecation") and not response.has_header("Sunset")
    line = body["commodities"][0]
    assert (line["net_mass_kg"], line["plots"][0]["area_ha"]) == (25000.0, 2.5)
    assert (body["commodity"], line["commodity"], body["commodity_name"]) == ("soya", "soya", "soya")
    base = settings.PUBLIC_BASE_URL
    assert body["url"] == f"{base}/api/eudr/v1/dds/{body['dds_id']}"
    assert body["pdf_url"] == f"{base}/api/eudr/v1/dds/{body['dds_id']}/pdf"
    assert response["Location"] == body["url"]
    listed = client.get("/api/eudr/dds/list", **V11).json()
    assert listed["has_more"] is False and listed["results"][0]["url"] == body["url"]


def test_commodity_names_follow_accept_language(client):
    dds_id = _file(client)["Location"].rsplit("/", 1)[1]
    polish = client.get(f"/api/eudr/v1/dds/{dds_id}", HTTP_ACCEPT_LANGUAGE="pl-PL,pl;q=0.9", **V11).json()
    english = client.get(f"/api/eudr/v1/dds/{dds_id}", HTTP_ACCEPT_LANGUAGE="en", **V11).json()
    assert (polish["commodity_name"], polish["commodities"][0]["commodity_name"]) == ("soja", "soja")
    assert (english["commodity_name"], english["commodity"]) == ("soya", "soya")


def test_an_unknown_version_is_refused_and_files_nothing(client):
    response = client.post(GENERATE, _body(), format="json", HTTP_API_VERSION="2.0", **JSON)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["code"] == "unsupported_api_version"
    assert response.json()["errors"][0]["field"] == "API-Version"
    assert not DueDiligenceStatement.objects.exists()


def test_the_specified_verify_record_is_the_same_in_every_version(client, make_statement):
    statement = make_statement("COMPLIANT")
    path = f"/api/v1/verify/{statement.dds_id}"
    default, latest = client.get(path), client.get(path, **V11)
    assert default.json() == latest.json()
    assert default.json()["commodity"] == "soja"
    assert not default.has_header("Deprecation") and not latest.has_header("Deprecation")


def test_an_answer_without_a_changed_form_carries_no_deprecation(client):
    response = client.get("/api/eudr/v1/organisation/roles")
    assert response.status_code == 200
    assert response["API-Version"] == "1.0" and not response.has_header("Deprecation")


@pytest.fixture
def webhooks(client, monkeypatch):
    # Receivers' names resolve to a public address (DNS is a third party).
    monkeypatch.setattr(safe_http, "resolve", lambda host, port: [ipaddress.ip_address("93.184.215.14")])
    for number in range(3):
        created = client.post(
            "/api/eudr/v1/webhooks",
            {"url": f"https://hooks{number}.example.com/e", "events": ["dds.created"]},
            format="json",
        )
        assert created.status_code == 201, created.content
    return client


def test_webhook_lists_page_by_number_in_1_0_and_by_cursor_in_1_1(webhooks):
    old = webhooks.get("/api/eudr/v1/webhooks", {"page_size": 2})
    assert old["Deprecation"] == "true"
    assert (old.json()["count"], old.json()["has_more"], len(old.json()["results"])) == (3, True, 2)
    assert "page=2" in old.json()["next"]

    first = webhooks.get("/api/eudr/v1/webhooks", {"page_size": 2}, **V11)
    assert not first.has_header("Deprecation")
    assert "count" not in first.json() and first.json()["has_more"] is True
    assert "cursor=" in first.json()["next"]
    rest = webhooks.get(first.json()["next"], **V11).json()
    assert rest["has_more"] is False and len(rest["results"]) == 1
    seen = [hook["id"] for hook in first.json()["results"] + rest["results"]]
    assert len(set(seen)) == 3
