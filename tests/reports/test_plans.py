"""The `csrd` feature: standard, pro and enterprise; free and starter get 403 plan_required."""

import pytest

pytestmark = pytest.mark.django_db
URL = "/api/csrd/report"


@pytest.mark.parametrize("plan", ["free", "starter"])
def test_plans_without_csrd_are_refused(keyed_client, body, plan):
    response = keyed_client(plan).post(URL, body(), format="json")
    assert response.status_code == 403
    problem = response.json()
    assert problem["code"] == "plan_required"
    assert set(problem["plans"]) >= {"standard", "pro", "enterprise"}


@pytest.mark.parametrize("plan", ["standard", "pro", "enterprise"])
def test_plans_with_csrd_are_served(keyed_client, body, plan):
    response = keyed_client(plan).post(URL, body(), format="json", HTTP_PREFER="respond-async")
    assert response.status_code == 202


def test_a_key_is_required(api_client, body):
    assert api_client.post(URL, body(), format="json").status_code == 401


@pytest.mark.parametrize("plan", ["free", "starter"])
def test_status_and_pdf_are_gated_too(keyed_client, plan):
    client = keyed_client(plan)
    for path in (
        "/api/csrd/reports/7d2b1c1e-3f8e-4a53-9a43-4a6a1f0c2b11",
        "/api/csrd/reports/7d2b1c1e-3f8e-4a53-9a43-4a6a1f0c2b11/pdf",
    ):
        assert client.get(path).status_code == 403
