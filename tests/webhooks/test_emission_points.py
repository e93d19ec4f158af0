"""The real flows emit the documented events, and a receiver gets them signed."""

import json

import pytest
from rest_framework.test import APIClient
from standardwebhooks.webhooks import Webhook

from accounts.services import api_key_create
from compliance.models import DueDiligenceStatement
from compliance.services import dds_transition
from regulation.benchmark import benchmark_cache_clear
from tests.risk.fakes import forest_layers
from webhooks.models import Delivery, Event

pytestmark = pytest.mark.django_db
ALL_EVENTS = ["dds.created", "dds.status_changed", "dds.at_risk", "risk.critical"]
FILING = {
    "activity": "domestic",
    "operator": {"name": "Tartak Łęczyca", "nip": "5260250274", "country": "PL", "address": "ul. Leśna 1"},
    "commodities": [
        {
            "commodity": "drewno",
            "description": "Tarcica",
            "hs_heading": "4407",
            "net_mass_kg": "1000",
            "percentage_estimation_or_deviation": "5",
            "country_of_production": "PL",
            "species": [{"scientific_name": "Pinus sylvestris", "common_name": "sosna zwyczajna"}],
            "plots": [{"lat": 52.25, "lng": 21.05, "area_ha": 1}],
        }
    ],
    "geolocation_confidential": False,
    "attestation": {
        "legality": True,
        "annex_ii_declaration": True,
        "signatory_name": "Anna Nowak",
        "signatory_function": "Prezes zarządu",
    },
}


@pytest.fixture
def api(owner):
    benchmark_cache_clear()
    _, plaintext = api_key_create(user=owner, name="erp")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    return client


def _events(owner):
    return [(e.type, e.data) for e in Event.objects.filter(owner=owner).order_by("created_at", "id")]


def test_filing_emits_created_and_status_changes(api, owner, make_endpoint, insecure, receiver):
    make_endpoint(receiver.url, events=ALL_EVENTS)
    record = api.post("/api/eudr/dds/generate", FILING, format="json", HTTP_ACCEPT="application/json").json()
    events = _events(owner)
    assert [t for t, _ in events] == ["dds.created", "dds.status_changed", "dds.status_changed"]
    created, submitted, compliant = (d for _, d in events)
    assert created["dds_id"] == record["dds_id"] and created["commodity"] == "drewno"
    assert created["document_type"] == "due_diligence_statement"
    assert (submitted["from"], submitted["to"]) == ("DRAFT", "SUBMITTED")
    assert (compliant["from"], compliant["to"]) == ("SUBMITTED", "COMPLIANT")
    assert compliant["changed_at"].endswith("Z")


@pytest.mark.usefixtures("insecure")
def test_at_risk_emits_at_risk_and_critical_and_the_receiver_verifies_them(  # noqa: PLR0917
    api, owner, make_endpoint, receiver, run_due, tmp_path, settings
):
    settings.FOREST_LAYERS = forest_layers(tmp_path, loss_share=1.0)
    endpoint = make_endpoint(receiver.url, events=["dds.at_risk", "risk.critical"])
    record = api.post("/api/eudr/dds/generate", FILING, format="json", HTTP_ACCEPT="application/json").json()
    assert record["status"] == "AT_RISK"
    types = [t for t, _ in _events(owner)]
    assert "dds.at_risk" in types and "risk.critical" in types
    run_due()  # what a worker does once the filing commits
    received = receiver.wait_for(2, timeout=10)
    bodies = []
    for request in received:
        verified = Webhook(endpoint.secret).verify(request.body, request.headers)
        bodies.append(verified)
    by_type = {b["type"]: b["data"] for b in bodies}
    assert by_type["dds.at_risk"]["dds_id"] == record["dds_id"]
    assert by_type["dds.at_risk"]["risk_level"] == "critical"
    critical = by_type["risk.critical"]
    assert critical["subject"] == {"kind": "dds", "dds_id": record["dds_id"]}
    assert critical["critical_count"] == 1
    assert critical["items"][0]["subject"] == {
        "kind": "dds_plot",
        "dds_id": record["dds_id"],
        "commodity_position": 0,
        "plot_position": 0,
    }
    assert json.loads(received[0].body)["id"] == received[0].headers["webhook-id"]


def test_critical_risk_score_call_emits_risk_critical(api, owner, tmp_path, settings):
    settings.FOREST_LAYERS = forest_layers(tmp_path, loss_share=1.0)
    body = api.get("/api/eudr/v1/risk-score", {"lat": 52.25, "lng": 21.05}).json()
    assert body["risk_level"] == "critical"
    ((event_type, data),) = _events(owner)
    assert event_type == "risk.critical"
    assert data["subject"] == {"kind": "location", "lat": 52.25, "lng": 21.05, "radius_km": 1.0}
    assert data["score"] == body["score"]


def test_batch_emits_one_event_listing_its_critical_items(api, owner, tmp_path, settings):
    settings.FOREST_LAYERS = forest_layers(tmp_path, loss_share=1.0)
    points = [{"lat": 52.25, "lng": 21.05}, {"lat": 50.06, "lng": 19.94}, {"lat": 52.26, "lng": 21.06}]
    response = api.post("/api/eudr/v1/risk-score/batch", {"parcels": points}, format="json")
    assert [r["risk_level"] for r in response.json()["results"]] == ["critical", "low", "critical"]
    ((event_type, data),) = _events(owner)
    assert event_type == "risk.critical"
    assert data["subject"] == {"kind": "batch", "size": 3, "radius_km": 1.0}
    assert data["critical_count"] == 2
    assert [item["subject"]["batch_index"] for item in data["items"]] == [0, 2]


@pytest.mark.usefixtures("insecure")
def test_a_batch_of_many_critical_points_is_one_event_and_one_delivery_per_endpoint(
    api, owner, make_endpoint, tmp_path, settings
):
    settings.FOREST_LAYERS = forest_layers(tmp_path, loss_share=1.0)
    for n in range(3):
        make_endpoint(f"http://127.0.0.1:9/hook{n}", events=["risk.critical"])
    points = [{"lat": 52.25 + i / 10000, "lng": 21.05} for i in range(50)]
    response = api.post("/api/eudr/v1/risk-score/batch", {"parcels": points}, format="json")
    assert {r["risk_level"] for r in response.json()["results"]} == {"critical"}
    assert Event.objects.filter(owner=owner).count() == 1
    assert Delivery.objects.filter(event__owner=owner).count() == 3
    assert len(Event.objects.get(owner=owner).data["items"]) == 50


def test_low_risk_emits_nothing(api, owner):
    api.get("/api/eudr/v1/risk-score", {"lat": 52.25, "lng": 21.05})
    assert _events(owner) == []


def test_staff_status_change_emits_status_changed(owner, make_statement, make_user):
    statement = make_statement("UNDER_REVIEW", owner=owner)
    Event.objects.all().delete()
    dds_transition(
        statement=statement, to_status="AT_RISK", by=make_user("free", is_staff=True), reason="field audit"
    )
    assert [(t, d["from"], d.get("to")) for t, d in _events(owner)] == [
        ("dds.status_changed", "UNDER_REVIEW", "AT_RISK"),
        ("dds.at_risk", "UNDER_REVIEW", None),
    ]
    assert DueDiligenceStatement.objects.get(pk=statement.pk).status == "AT_RISK"


@pytest.mark.django_db(transaction=True)  # the render is enqueued on commit
@pytest.mark.usefixtures("eager_tasks")
def test_finished_csrd_report_emits_report_ready(api, owner, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    body = {
        "company_name": "Zakłady Mięsne Łódź",
        "report_year": 2025,
        "suppliers": [{"name": "Gospodarstwo A", "crop_type": "wheat", "quantity_t": 10, "area_ha": 2}],
    }
    response = api.post("/api/csrd/report", body, format="json")
    assert response.status_code == 200
    ((event_type, data),) = _events(owner)
    assert event_type == "csrd.report_ready"
    assert data["company_name"] == "Zakłady Mięsne Łódź" and data["report_year"] == 2025
    assert data["download_url"].endswith(f"/api/csrd/reports/{data['report_id']}/pdf")


def test_screening_a_statement_emits_one_critical_event_for_all_its_plots(api, owner, tmp_path, settings):
    settings.FOREST_LAYERS = forest_layers(tmp_path, loss_share=1.0)
    filing = json.loads(json.dumps(FILING))
    filing["commodities"][0]["plots"] = [
        {"lat": 52.25 + i / 1000, "lng": 21.05, "area_ha": 1} for i in range(4)
    ]
    record = api.post("/api/eudr/dds/generate", filing, format="json", HTTP_ACCEPT="application/json").json()
    assert record["status"] == "AT_RISK"
    critical = [d for t, d in _events(owner) if t == "risk.critical"]
    assert len(critical) == 1
    assert critical[0]["critical_count"] == 4
    assert [i["subject"]["plot_position"] for i in critical[0]["items"]] == [0, 1, 2, 3]


def test_a_simplified_declaration_is_announced_as_one(owner):
    from compliance.models import FilingKind
    from compliance.services import dds_create

    dds_create(
        owner=owner,
        operator_name="Jan Kowalski",
        commodity="bydło",
        country_of_production="PL",
        filing_kind=FilingKind.SIMPLIFIED,
    )
    [data] = [d for t, d in _events(owner) if t == "dds.created"]
    assert data["document_type"] == "simplified_declaration"
    assert data["dds_id"].startswith("SD-")
