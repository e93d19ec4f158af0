"""One work budget per request: bodies asking for more are refused with 400
`budget_exceeded` naming the limit; geometry work only where a layer reads it."""

import pytest

from compliance.models import DueDiligenceStatement
from reports.models import CsrdReport
from risk import forest, service
from tests.compliance.test_dds_api import GENERATE, JSON, with_plots
from tests.risk.fakes import PARCEL_ID

pytestmark = pytest.mark.django_db
CSRD = "/api/csrd/report"
RISK = "/api/eudr/v1/risk-score"


def parcel_ids(count):
    return [f"141201_1.0001.{n}" for n in range(1, count + 1)]


def multipoint(count, lng=21.05, lat=52.25):
    return {
        "type": "MultiPoint",
        "coordinates": [[round(lng + i * 1e-5, 6), round(lat + (i % 7) * 1e-5, 6)] for i in range(count)],
    }


@pytest.fixture
def uldk_url(uldk, settings):
    state, url = uldk
    settings.ULDK_BASE_URL = url
    settings.ULDK_TIMEOUT_SECONDS = 2.0
    return state


def assert_budget_refusal(response, limit):
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "budget_exceeded"
    assert body["limit"] == limit
    assert limit in body["detail"]


# --- ULDK amplification -------------------------------------------------------------------------


def test_csrd_report_with_more_distinct_parcels_than_the_budget_is_refused(keyed_client, settings):
    suppliers = [{"name": "Farma", "crop_type": "wheat", "parcel_id": p} for p in parcel_ids(1000)]
    response = keyed_client("standard").post(
        CSRD, {"company_name": "Agro", "report_year": 2025, "suppliers": suppliers}, format="json"
    )
    assert_budget_refusal(response, "BUDGET_PARCELS_PER_REQUEST")
    assert response.json()["maximum"] == settings.BUDGET_PARCELS_PER_REQUEST
    assert not CsrdReport.objects.exists()


def test_csrd_suppliers_sharing_parcels_count_once(keyed_client, settings, uldk_url):
    settings.BUDGET_PARCELS_PER_REQUEST = 2
    suppliers = [{"name": "Farma", "crop_type": "wheat", "parcel_id": PARCEL_ID}] * 5
    response = keyed_client("standard").post(
        CSRD,
        {"company_name": "Agro", "report_year": 2025, "suppliers": suppliers},
        format="json",
        HTTP_PREFER="respond-async",
    )
    assert response.status_code == 202, response.content


def test_statement_with_more_distinct_parcels_than_the_budget_is_refused(keyed_client, settings):
    settings.BUDGET_PARCELS_PER_REQUEST = 3
    response = keyed_client("standard").post(
        GENERATE, with_plots(*({"parcel_id": p} for p in parcel_ids(4))), format="json", **JSON
    )
    assert_budget_refusal(response, "BUDGET_PARCELS_PER_REQUEST")
    assert not DueDiligenceStatement.objects.exists()


def test_parcel_unknown_to_uldk_is_remembered(keyed_client, uldk_url):
    uldk_url.body = "-1 brak wyników\n"
    client = keyed_client("standard")
    answers = [
        client.post(RISK, {"parcelId": PARCEL_ID, "commodity": "soja"}, format="json").status_code
        for _ in range(3)
    ]
    assert answers == [404, 404, 404]
    assert len(uldk_url.requests) == 1


def test_remembered_absence_expires(keyed_client, uldk_url, settings):
    settings.PARCEL_NOT_FOUND_CACHE_SECONDS = 0
    uldk_url.body = "-1 brak wyników\n"
    client = keyed_client("standard")
    for _ in range(2):
        client.post(RISK, {"parcelId": PARCEL_ID, "commodity": "soja"}, format="json")
    assert len(uldk_url.requests) == 2


# --- positions and plots ------------------------------------------------------------------------


def test_multipoint_bodies_above_the_position_budget_are_refused(keyed_client):
    # As sent in the wild: 1.9 MB, under the body limit (whole degrees keep it short).
    compact = {"type": "MultiPoint", "coordinates": [[21, 52]] * 20_000}
    plots = [{"geometry": compact, "area_ha": 1} for _ in range(7)]
    response = keyed_client("standard").post(GENERATE, with_plots(*plots), format="json", **JSON)
    assert_budget_refusal(response, "BUDGET_POSITIONS_PER_BODY")
    assert response.json()["requested"] == 140_000
    assert not DueDiligenceStatement.objects.exists()


def test_statement_with_more_plots_than_the_budget_is_refused(keyed_client, settings):
    settings.BUDGET_PLOTS_PER_STATEMENT = 5
    data = with_plots(*({"lat": 52.25, "lng": 21.05 + i / 1000, "area_ha": 1} for i in range(3)))
    data["commodities"].append({**data["commodities"][0]})
    response = keyed_client("standard").post(GENERATE, data, format="json", **JSON)
    assert_budget_refusal(response, "BUDGET_PLOTS_PER_STATEMENT")
    assert response.json()["requested"] == 6


def test_no_circles_are_built_for_points_when_no_layer_reads_them(keyed_client, monkeypatch, settings):
    settings.FOREST_LAYERS = []
    built = []
    real = forest.circle
    monkeypatch.setattr(service, "circle", lambda **kw: built.append(kw) or real(**kw))
    response = keyed_client("standard").post(
        GENERATE, with_plots({"geometry": multipoint(500), "area_ha": 1}), format="json", **JSON
    )
    assert response.status_code == 201, response.content
    assert response.json()["commodities"][0]["plots"][0]["risk"]["country"] == "PL"
    assert built == []


def test_statement_with_many_positions_is_screened_by_a_worker(keyed_client, settings):
    settings.DDS_SYNC_SCREENING_MAX_POSITIONS = 10
    response = keyed_client("standard").post(
        GENERATE, with_plots({"geometry": multipoint(50), "area_ha": 1}), format="json", **JSON
    )
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "SUBMITTED" and response.json()["screened_at"] is None
