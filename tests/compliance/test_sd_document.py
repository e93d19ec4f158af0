"""A simplified declaration is its own document: SD- identifier, Annex III PDF, named as such in public."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from rest_framework.test import APIClient

from compliance.declarations import ANNEX_III_POINT_4_EN, SD_DECLARATION_VERSION
from compliance.models import DueDiligenceStatement, FilingKind
from tests.compliance.test_dds_api import GENERATE, JSON, body
from tests.compliance.test_identifiers import check_holds
from tests.eu_filing.test_simplified_declaration import SD, declaration

pytestmark = pytest.mark.django_db
FARM = {"street": "Wola 12", "postal_code": "05-300", "city": "Mińsk Mazowiecki"}


@pytest.fixture
def client(keyed_client):
    return keyed_client("standard")


def by_address(**attestation) -> dict:
    data = declaration()
    data["commodities"][0]["plots"] = [{"address": FARM}]
    data["attestation"] = {**data["attestation"], **attestation}
    return data


def file_declaration(client, capture, data: dict | None = None) -> dict:
    with capture(execute=True):
        response = client.post(SD, data or by_address(), format="json")
    assert response.status_code == 201, response.content
    return response.json()


def pdf_text(content: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(content)).pages)


def old_declaration(make_statement) -> DueDiligenceStatement:
    """A declaration filed before SD- identifiers: a DDS- identifier, the simplified kind stored."""
    return make_statement(
        "COMPLIANT",
        dds_id="DDS-PL-2026-7QX4M-2RT9B-KD3WZ-8",
        filing_kind=FilingKind.SIMPLIFIED,
        operator_size="natural_person",
    )


def test_a_new_declaration_gets_an_sd_identifier_and_a_statement_keeps_dds(
    client, django_capture_on_commit_callbacks
):
    record = file_declaration(client, django_capture_on_commit_callbacks)
    assert record["dds_id"].startswith("SD-PL-")
    assert check_holds(record["dds_id"])
    assert record["document_type"] == "simplified_declaration"
    statement = client.post(GENERATE, body(), format="json", **JSON).json()
    assert statement["dds_id"].startswith("DDS-PL-")
    assert statement["document_type"] == "due_diligence_statement"


def test_the_declaration_attests_annex_iii_and_the_old_field_still_files(
    client, django_capture_on_commit_callbacks
):
    data = by_address()
    data["attestation"].pop("annex_ii_declaration")
    data["attestation"]["annex_iii_declaration"] = True
    record = file_declaration(client, django_capture_on_commit_callbacks, data)
    assert record["attestation"]["declaration_version"] == SD_DECLARATION_VERSION
    legacy = file_declaration(client, django_capture_on_commit_callbacks, by_address())
    assert legacy["attestation"]["declaration_version"] == SD_DECLARATION_VERSION
    data["attestation"].pop("annex_iii_declaration")
    refused = client.post(SD, data, format="json")
    assert refused.status_code == 400
    assert "annex_iii_declaration" in refused.content.decode()


def test_an_old_dds_identifier_of_a_declaration_still_verifies_and_is_found(make_statement, api_client):
    old = old_declaration(make_statement)
    response = api_client.get(f"/api/v1/verify/{old.dds_id.lower()}")
    assert response.status_code == 200, response.content
    record = response.json()
    assert record["dds_id"] == old.dds_id and record["status"] == "COMPLIANT"
    assert record["document_type"] == "simplified_declaration"
    page = api_client.get(f"/cert/{old.dds_id}?lang=en").content.decode()
    assert "Simplified declaration status" in page and "Due diligence statement status" not in page
    owner = APIClient()
    owner.force_login(old.owner)  # the panel's session: the API accepts it
    found = owner.get(f"{SD}/{old.dds_id}")
    assert found.status_code == 200, found.content
    assert found.json()["document_type"] == "simplified_declaration"


def test_sd_identifiers_verify_and_show_their_kind_on_the_status_page(
    client, api_client, django_capture_on_commit_callbacks
):
    record = file_declaration(client, django_capture_on_commit_callbacks)
    answer = api_client.get(f"/api/v1/verify/{record['dds_id']}").json()
    assert answer["dds_id"] == record["dds_id"] and answer["document_type"] == "simplified_declaration"
    polish = api_client.get(f"/cert/{record['dds_id']}").content.decode()
    assert "Status deklaracji uproszczonej" in polish and "Identyfikator deklaracji uproszczonej" in polish
    assert "należytej staranności" not in polish


def test_the_pdf_is_built_from_annex_iii_with_the_point_4_confirmation(
    client, django_capture_on_commit_callbacks
):
    record = file_declaration(client, django_capture_on_commit_callbacks)
    response = client.get(f"{SD}/{record['dds_id']}/pdf")
    assert response.status_code == 200, response.content
    text = pdf_text(response.content)
    assert " ".join(ANNEX_III_POINT_4_EN.split()) in text
    assert "Deklaracja uproszczona" in text and "Annex III" in text and record["dds_id"] in text
    assert "due diligence statement" not in text.lower()
    assert "należytej staranności" not in text.lower()
    assert "Annex II point 5" not in text and "(DDS)" not in text
    assert "Złożono deklarację uproszczoną / Simplified declaration filed" in text  # status history


def test_an_old_declaration_renders_the_annex_iii_pdf_too(make_statement):
    from compliance.documents import dds_pdf_obtain

    document = dds_pdf_obtain(statement=old_declaration(make_statement))
    text = pdf_text(document.file.read())
    assert " ".join(ANNEX_III_POINT_4_EN.split()) in text
    assert "due diligence statement" not in text.lower() and "należytej staranności" not in text.lower()


def test_a_statement_pdf_stays_the_annex_ii_document(make_statement):
    from compliance.documents import dds_pdf_obtain

    document = dds_pdf_obtain(statement=make_statement("COMPLIANT"))
    text = pdf_text(document.file.read())
    assert "Oświadczenie o należytej staranności (DDS)" in text
    assert ANNEX_III_POINT_4_EN[:40] not in text


def test_declarations_are_listed_with_the_statement_filters(client, django_capture_on_commit_callbacks):
    first = declaration()
    first["internal_reference"] = "ZBIOR-A"
    other = declaration()
    other["internal_reference"] = "ZBIOR-B"
    wanted = file_declaration(client, django_capture_on_commit_callbacks, first)["dds_id"]
    file_declaration(client, django_capture_on_commit_callbacks, other)
    listed = client.get(SD, {"internal_reference": "ZBIOR-A"}).json()["results"]
    assert [d["dds_id"] for d in listed] == [wanted]
    assert client.get(SD, {"status": "BOGUS"}).status_code == 400
