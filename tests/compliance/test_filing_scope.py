"""Filing refuses a statement for what Annex I does not list."""

import pytest

from compliance.models import DueDiligenceStatement
from tests.compliance.test_dds_api import GENERATE, JSON, body

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(keyed_client):
    return keyed_client("standard")


def _line(**changes):
    data = body()
    data["commodities"][0].update(changes)
    return data


@pytest.mark.parametrize("name", ["pszenica", "wheat", "kukurydza", "rzepak", "inne"])
def test_commodity_outside_annex_i_is_refused(client, name):
    response = client.post(GENERATE, _line(commodity=name, hs_heading="1001"), format="json", **JSON)
    assert response.status_code == 400
    problem = response.json()
    assert response["Content-Type"] == "application/problem+json"
    assert [(e["field"], e["code"]) for e in problem["errors"]] == [
        ("commodities[0].commodity", "commodity_out_of_scope")
    ]
    assert DueDiligenceStatement.objects.count() == 0


def test_hs_code_of_another_commodity_is_refused_naming_the_allowed_headings(client):
    response = client.post(GENERATE, _line(commodity="soja", hs_heading="0901"), format="json", **JSON)
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["field"], error["code"]) == ("commodities[0].hs_heading", "hs_not_in_annex_i")
    for heading in ("1201", "1208 10", "1507", "2304"):
        assert heading in error["message"]
    assert DueDiligenceStatement.objects.count() == 0


def test_hs_code_under_an_annex_heading_is_accepted(client):
    response = client.post(GENERATE, _line(commodity="kawa", hs_heading="090121"), format="json", **JSON)
    assert response.status_code == 201, response.content


def test_risk_score_still_answers_out_of_scope_commodities(client):
    response = client.get("/api/eudr/v1/risk-score", {"lat": 52.25, "lng": 21.05, "commodity": "pszenica"})
    assert response.status_code == 200 and response.json()["eudr_in_scope"] is False
