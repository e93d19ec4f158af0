"""A simplified declaration's land given as a postal address (Art. 4a(5); SD XSD postalAddress)."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from compliance.models import DueDiligenceStatement
from eu_filing.mapping import sd_to_eu
from euis.contract import NS_SD
from euis.shapes import PostalAddress
from tests.compliance.test_dds_api import GENERATE, JSON, body
from tests.eu_filing.test_simplified_declaration import SD, client, declaration, eu  # noqa: F401
from tests.eu_filing.test_submission import poll_until_final, store_credentials
from tests.euis.conftest import fake_eu  # noqa: F401  (the fixture)
from tests.risk.fakes import PARCEL_ID

pytestmark = pytest.mark.django_db
FARM = {"street": "Wola 12", "postal_code": "05-300", "city": "Mińsk Mazowiecki"}


def by_address(*plots: dict) -> dict:
    data = declaration()
    data["commodities"][0]["plots"] = list(plots) or [{"address": FARM}]
    return data


def file_declaration(client, capture, data: dict) -> dict:  # noqa: F811
    with capture(execute=True):
        response = client.post(SD, data, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_declaration_by_postal_address_is_screened_on_the_country_and_sent_as_postal_address(
    client,  # noqa: F811
    eu,  # noqa: F811
    api_client,
    django_capture_on_commit_callbacks,
):
    store_credentials(client)
    record = file_declaration(client, django_capture_on_commit_callbacks, by_address())
    (plot,) = record["commodities"][0]["plots"]
    assert plot["kind"] == "address" and plot["address"] == FARM
    assert plot["geometry"] is None and plot["risk_level"] is None
    assert plot["finding"] == "postal_address_low_risk"
    assert record["status"] == "COMPLIANT"
    assert record["evidence"]["rule"] == "article_13_low_risk"

    poll_until_final()
    eu_is = client.get(f"{SD}/{record['dds_id']}").json()["eu_is"]
    assert eu_is["status"] == "AVAILABLE", eu_is
    statement = eu.records[eu_is["identifier"]].statement
    (address,) = list(statement.iter(f"{{{NS_SD}}}postalAddress"))
    assert [(e.tag.split("}")[1], e.text) for e in address] == [
        ("producerStreet", "Wola 12"),
        ("producerPostalCode", "05-300"),
        ("producerCity", "Mińsk Mazowiecki"),
    ]
    assert not list(statement.iter(f"{{{NS_SD}}}geometryGeojson"))
    assert not list(statement.iter(f"{{{NS_SD}}}cadastralIdentifier"))
    # No map without a location; the PDF names the address.
    assert "plot-marker" not in api_client.get(f"/cert/{record['dds_id']}").content.decode()
    pdf = client.get(f"{SD}/{record['dds_id']}/pdf")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Wola 12, 05-300 Mińsk Mazowiecki" in " ".join(text.split())


def test_addresses_and_parcels_become_separate_producers_of_at_most_100_addresses(
    client,  # noqa: F811
    eu,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    addresses = [{"address": {"postal_code": "05-300", "city": f"Wola {n}"}} for n in range(101)]
    data = by_address({"parcel_id": PARCEL_ID}, *addresses)
    record = file_declaration(client, django_capture_on_commit_callbacks, data)
    statement = DueDiligenceStatement.objects.get(dds_id=record["dds_id"])
    producers = sd_to_eu(statement, internal_reference="SD0000000001").commodities[0].producers
    assert [p.cadastral_identifiers for p in producers] == [(PARCEL_ID,), (), ()]
    assert [len(p.postal_addresses) for p in producers] == [0, 100, 1]
    assert producers[1].postal_addresses[0] == PostalAddress(postal_code="05-300", city="Wola 0", street=None)


@pytest.mark.parametrize(
    ("plot", "field", "code"),
    [
        (
            {"address": {**FARM, "postal_code": "05300"}},
            "commodities[0].plots[0].address.postal_code",
            "invalid_postal_code",
        ),
        (
            {"address": {"street": "Wola 12", "postal_code": "05-300"}},
            "commodities[0].plots[0].address.city",
            "required",
        ),
        ({"address": {**FARM, "city": ""}}, "commodities[0].plots[0].address.city", "blank"),
        ({"address": {**FARM, "city": "W" * 201}}, "commodities[0].plots[0].address.city", "max_length"),
        ({"address": FARM, "parcel_id": PARCEL_ID}, "commodities[0].plots[0]", "plot_kind"),
        ({"address": "Wola 12, 05-300 Mińsk Mazowiecki"}, "commodities[0].plots[0].address", "invalid"),
    ],
    ids=["postal-code-form", "no-city", "blank-city", "city-too-long", "two-kinds", "one-line"],
)
def test_a_bad_address_is_400_and_files_nothing(client, eu, plot, field, code):  # noqa: F811
    response = client.post(SD, by_address(plot), format="json")
    assert response.status_code == 400, response.content
    assert response["Content-Type"] == "application/problem+json"
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [(field, code)]
    assert not DueDiligenceStatement.objects.exists()


def test_a_postal_code_abroad_is_checked_only_for_its_length(client, eu):  # noqa: F811
    data = by_address({"address": {**FARM, "postal_code": "D-12345"}})
    data["commodities"][0]["country_of_production"] = "DE"
    response = client.post(SD, data, format="json")
    # Refused for the country (Germany is not the operator's country), not for the postal code.
    assert [e["code"] for e in response.json()["errors"]] == ["sd_country_not_eligible"]


def test_a_due_diligence_statement_refuses_a_postal_address(client, eu):  # noqa: F811
    data = body(geolocation_confidential=False)
    data["commodities"][0]["plots"] = [{"lat": 52.25, "lng": 21.05, "area_ha": 1}, {"address": FARM}]
    response = client.post(GENERATE, data, format="json", **JSON)
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
        ("commodities[0].plots[1].address", "address_not_allowed")
    ]
    assert not DueDiligenceStatement.objects.exists()


def test_a_wood_declaration_needs_no_species(client, eu, django_capture_on_commit_callbacks):  # noqa: F811
    data = by_address()
    data["commodities"][0].update(commodity="drewno", hs_heading="4403", description="Drewno okrągłe")
    record = file_declaration(client, django_capture_on_commit_callbacks, data)
    assert record["commodities"][0]["species"] == []
