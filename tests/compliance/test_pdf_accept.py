"""The statement and declaration PDF endpoints honour `Accept: application/pdf`.

The finding: they answered 406 to it (their views knew only JSON), while `*/*` and
no Accept got the PDF. Each endpoint is asked all three ways."""

import pytest
from rest_framework.test import APIClient

from compliance import tasks
from compliance.models import FilingKind
from tests.compliance.test_dds_api import GENERATE, with_plots

pytestmark = pytest.mark.django_db
POINT = {"lat": 52.25, "lng": 21.05, "area_ha": 1}
ACCEPTS = [{"HTTP_ACCEPT": "application/pdf"}, {"HTTP_ACCEPT": "*/*"}, {}]


@pytest.fixture
def owner(make_user):
    return make_user("standard")


@pytest.fixture
def client(owner, make_key) -> APIClient:
    _, plaintext = make_key(user=owner)
    return APIClient(HTTP_AUTHORIZATION=f"Bearer {plaintext}")


def assert_pdf(response, status: int = 200) -> None:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF-")


@pytest.mark.parametrize("accept", ACCEPTS)
def test_filing_answers_its_pdf(client, accept):
    response = client.post(GENERATE, with_plots(POINT), format="json", **accept)
    assert_pdf(response, 201)


@pytest.mark.parametrize("accept", ACCEPTS)
def test_statement_pdf(client, owner, make_statement, accept):
    statement = make_statement("COMPLIANT", owner=owner)
    assert_pdf(client.get(f"/api/eudr/v1/dds/{statement.dds_id}/pdf", **accept))


@pytest.mark.parametrize("accept", ACCEPTS)
def test_simplified_declaration_pdf(client, owner, make_statement, accept):
    declaration = make_statement(
        "COMPLIANT", owner=owner, filing_kind=FilingKind.SIMPLIFIED, operator_size="natural_person"
    )
    assert_pdf(client.get(f"/api/eudr/v1/simplified-declarations/{declaration.dds_id}/pdf", **accept))


def test_errors_to_a_pdf_request_stay_problem_json(client):
    response = client.get("/api/eudr/v1/dds/DDS-PL-2025-000000-NONE/pdf", HTTP_ACCEPT="application/pdf")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["code"] == "dds_not_found"


def test_a_pdf_still_rendering_is_announced_as_json(client, monkeypatch):
    monkeypatch.setattr(tasks.dds_pdf_render_task, "delay", lambda *args, **kwargs: None)  # a worker has it
    response = client.post(
        GENERATE,
        with_plots(POINT),
        format="json",
        HTTP_ACCEPT="application/pdf",
        HTTP_PREFER="respond-async",
    )
    assert response.status_code == 202
    assert response["Content-Type"] == "application/json"
    assert response.json()["pdf_url"].endswith("/pdf")
