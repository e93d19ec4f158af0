"""Filing refuses a statement for what Annex I does not list, on the filing date."""

from datetime import UTC, date, datetime, time
from types import SimpleNamespace

import pytest

from compliance import filing_serializers
from compliance.models import DueDiligenceStatement
from euis.quantities import customs_unit_for
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


# --- Annex I as Delegated Regulation (EU) 2026/2102 changed it, by filing date -----------


@pytest.fixture
def filed_on(monkeypatch):
    """Files as if on a given day: the filing check reads the date from `timezone.now()`."""

    def on(day: date) -> None:
        moment = datetime.combine(day, time(12), tzinfo=UTC)
        monkeypatch.setattr(filing_serializers, "timezone", SimpleNamespace(now=lambda: moment))

    return on


def _file(client, **line):
    if line.get("commodity") == "drewno":  # wood needs its species (V3 speciesInfo)
        line["species"] = [{"scientific_name": "Fagus sylvatica", "common_name": "buk"}]
    unit = customs_unit_for(line.get("hs_heading", ""))
    if unit:  # imported in a supplementary unit too (euis.quantities)
        line.update(supplementary_unit=40, supplementary_unit_qualifier=unit)
    return client.post(GENERATE, _line(**line), format="json", **JSON)


@pytest.mark.parametrize(
    ("commodity", "hs_heading", "lines"),
    [
        ("kawa", "210111", {"listed": ("0901",), "not_yet": "2101 11"}),
        ("olej palmowy", "340111", {"listed": ("1511", "ex 2905 45"), "not_yet": "ex 3401 11"}),
        # Crude glycerol: Delegated Regulation (EU) 2026/2102 dates its line from 30.12.2027.
        ("olej palmowy", "152000", {"listed": ("1511", "ex 2905 45"), "not_yet": "ex 1520 00"}),
        ("bydło", "020621", {"listed": ("ex 0201", "ex 0206 29"), "not_yet": "ex 0206 21"}),
    ],
)
def test_a_code_added_from_2027_12_30_is_refused_the_day_before(
    client, filed_on, commodity, hs_heading, lines
):
    filed_on(date(2027, 12, 29))
    response = _file(client, commodity=commodity, hs_heading=hs_heading)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    [error] = response.json()["errors"]
    assert (error["field"], error["code"]) == ("commodities[0].hs_heading", "hs_not_in_annex_i")
    assert "2027-12-29" in error["message"]
    for heading in lines["listed"]:
        assert heading in error["message"]
    assert lines["not_yet"] not in error["message"]
    assert DueDiligenceStatement.objects.count() == 0


@pytest.mark.parametrize(
    ("commodity", "hs_heading"),
    [("kawa", "210111"), ("olej palmowy", "340111"), ("olej palmowy", "152000"), ("bydło", "020621")],
)
def test_a_code_added_from_2027_12_30_is_accepted_from_that_day(client, filed_on, commodity, hs_heading):
    filed_on(date(2027, 12, 30))
    response = _file(client, commodity=commodity, hs_heading=hs_heading)
    assert response.status_code == 201, response.content
    assert response.json()["commodities"][0]["hs_heading"] == hs_heading


@pytest.mark.parametrize(
    ("commodity", "hs_heading"),
    [("kauczuk", "401220"), ("bydło", "4107"), ("kauczuk", "4010"), ("soja", "120110"), ("drewno", "940110")],
)
def test_a_code_removed_on_2026_09_18_is_accepted_before_and_refused_after(
    client, filed_on, commodity, hs_heading
):
    filed_on(date(2026, 9, 17))
    assert _file(client, commodity=commodity, hs_heading=hs_heading).status_code == 201
    filed_on(date(2026, 9, 18))
    response = _file(client, commodity=commodity, hs_heading=hs_heading)
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["code"] == "hs_not_in_annex_i"
    assert DueDiligenceStatement.objects.count() == 1


def test_tyre_treads_and_new_tyres_stay_in_scope(client, filed_on):
    filed_on(date(2026, 11, 22))
    for hs_heading in ("401290", "401110", "4013"):
        response = _file(client, commodity="kauczuk", hs_heading=hs_heading)
        assert response.status_code == 201, (hs_heading, response.content)
