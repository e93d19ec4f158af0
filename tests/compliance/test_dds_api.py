"""Filing, screening, retrieving and listing statements through the API."""

import copy
import io
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from pypdf import PdfReader

from compliance.models import DDSPlot, DueDiligenceStatement
from eu_filing.mapping import _plot_feature
from regulation.benchmark import benchmark_cache_clear
from tests.risk.fakes import PARCEL_ID, forest_layers

pytestmark = pytest.mark.django_db
GENERATE = "/api/eudr/dds/generate"
LIST = "/api/eudr/dds/list"
JSON = {"HTTP_ACCEPT": "application/json"}
SQUARE = [[21.05, 52.25], [21.051, 52.25], [21.051, 52.251], [21.05, 52.251], [21.05, 52.25]]


def body(**changes):
    data = {
        "internal_reference": "PO-2025-0042",
        "activity": "import",
        "operator": {
            "name": "Zakłady Mięsne Łódź S.A.",
            "nip": "526-025-02-74",
            "eori": "PL5260250274",
            "country": "PL",
            "address": "ul. Piotrkowska 1, 90-001 Łódź",
        },
        "commodities": [
            {
                "commodity": "soja",
                "description": "Soja ziarno",
                "hs_heading": "1201",
                "net_mass_kg": "25000",
                "country_of_production": "PL",
                "plots": [{"lat": 52.25, "lng": 21.05, "area_ha": 2.5}],
            }
        ],
        "attestation": {
            "legality": True,
            "annex_ii_declaration": True,
            "signatory_name": "Anna Nowak",
            "signatory_function": "Prezes zarządu",
        },
    }
    data.update(changes)
    return data


def with_plots(*plots, commodity="soja", hs_heading="1201"):
    data = body()
    data["commodities"][0]["plots"] = list(plots)
    data["commodities"][0]["commodity"] = commodity
    data["commodities"][0]["hs_heading"] = hs_heading
    return data


@pytest.fixture
def client(keyed_client):
    benchmark_cache_clear()
    return keyed_client("standard")


@pytest.fixture
def uldk_url(uldk, settings):
    state, url = uldk
    settings.ULDK_BASE_URL = url
    return state


def _pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


# --- each plot kind ---------------------------------------------------------------------


def test_point_plot_statement_is_filed_screened_and_compliant(client):
    response = client.post(GENERATE, body(), format="json", **JSON)
    assert response.status_code == 201, response.content
    record = response.json()
    assert record["dds_id"].startswith("DDS-PL-")
    assert response["Location"] == f"/api/eudr/v1/dds/{record['dds_id']}"
    assert record["status"] == "COMPLIANT"
    assert record["verified_at"] and record["valid_until"]
    assert record["operator"]["nip"] == "5260250274"
    plot = record["commodities"][0]["plots"][0]
    assert plot["kind"] == "point" and plot["risk_level"] == "low"
    assert plot["geometry"] == {"type": "Point", "coordinates": [21.05, 52.25]}
    assert [h["to_status"] for h in record["history"]] == ["SUBMITTED", "COMPLIANT"]


def test_parcel_plot_uses_uldk(client, uldk_url):
    response = client.post(GENERATE, with_plots({"parcel_id": PARCEL_ID}), format="json", **JSON)
    assert response.status_code == 201, response.content
    plot = response.json()["commodities"][0]["plots"][0]
    assert plot["kind"] == "parcel" and plot["parcel_id"] == PARCEL_ID
    assert plot["risk"]["parcel"]["voivodeship"] == "mazowieckie"
    assert response.json()["status"] == "COMPLIANT"


def test_polygon_plot_is_stored_with_six_decimals(client):
    square = [
        [21.0500001234, 52.25],
        [21.051, 52.25],
        [21.051, 52.251],
        [21.05, 52.251],
        [21.0500001234, 52.25],
    ]
    plot = {"geometry": {"type": "Polygon", "coordinates": [square]}}
    response = client.post(GENERATE, with_plots(plot), format="json", **JSON)
    assert response.status_code == 201, response.content
    stored = response.json()["commodities"][0]["plots"][0]["geometry"]
    assert stored["coordinates"][0][0] == [21.05, 52.25]


@pytest.mark.parametrize(
    "geometry",
    [
        {"type": "MultiPoint", "coordinates": [[21.05, 52.25], [21.06, 52.26]]},
        {
            "type": "MultiPolygon",
            "coordinates": [[SQUARE], [[[21.1, 52.2], [21.11, 52.2], [21.11, 52.21], [21.1, 52.2]]]],
        },
        {"type": "Point", "coordinates": [21.05, 52.25]},
    ],
)
def test_other_geojson_kinds_are_accepted(client, geometry):
    response = client.post(GENERATE, with_plots({"geometry": geometry, "area_ha": 1}), format="json", **JSON)
    assert response.status_code == 201, response.content


# --- geolocation rules, each broken once ------------------------------------------------------


@pytest.mark.parametrize(
    ("plot", "path", "code"),
    [
        (
            {"geometry": {"type": "LineString", "coordinates": [[21, 52], [21.1, 52.1]]}},
            "geometry",
            "unsupported_geometry",
        ),
        ({"geometry": {"type": "Polygon", "coordinates": [SQUARE[:-1]]}}, "geometry", "ring_not_closed"),
        (
            {"geometry": {"type": "Polygon", "coordinates": [[*SQUARE[:2], SQUARE[0]]]}},
            "geometry",
            "ring_too_short",
        ),
        (
            {
                "geometry": {
                    "type": "Polygon",
                    "coordinates": [[[21.0, 52.0], [21.1, 52.1], [21.1, 52.0], [21.0, 52.1], [21.0, 52.0]]],
                }
            },
            "geometry",
            "self_intersection",
        ),
        (
            {
                "geometry": {
                    "type": "Polygon",
                    "coordinates": [
                        [[21.0, 52.0], [21.1, 52.0], [21.1, 52.1], [21.0, 52.1], [21.0, 52.0]],
                        [[21.02, 52.02], [21.03, 52.02], [21.03, 52.03], [21.02, 52.02]],
                    ],
                }
            },
            "geometry",
            "polygon_has_holes",
        ),
        (
            {"geometry": {"type": "Point", "coordinates": [52.25, 121.05]}},
            "geometry",
            "coordinate_out_of_range",
        ),
        (
            {"geometry": {"type": "Point", "coordinates": [21.05, 95.0]}},
            "geometry",
            "coordinate_out_of_range",
        ),
        ({"lat": 52.25, "lng": 21.05, "area_ha": 4.5}, "area_ha", "point_plot_too_large"),
        ({"lat": 52.25, "lng": 21.05, "area_ha": 0}, "area_ha", "point_area_too_small"),
        (
            {
                "geometry": {"type": "MultiPoint", "coordinates": [[21.05, 52.25], [21.06, 52.26]]},
                "area_ha": 4.5,
            },
            "area_ha",
            "point_plot_too_large",
        ),
        (
            {"geometry": {"type": "Point", "coordinates": [21.05, 52.25]}, "area_ha": 5},
            "area_ha",
            "point_plot_too_large",
        ),
        ({"lat": 52.25, "lng": 21.05, "area_ha": 1, "parcel_id": PARCEL_ID}, None, "plot_kind"),
    ],
)
def test_geolocation_rule_broken_is_400_naming_the_path(client, plot, path, code):
    response = client.post(
        GENERATE, with_plots({"lat": 52.0, "lng": 21.0, "area_ha": 1}, plot), format="json"
    )
    assert response.status_code == 400, response.content
    errors = response.json()["errors"]
    expected = "commodities[0].plots[1]" + (f".{path}" if path else "")
    assert [e["field"] for e in errors] == [expected], errors
    assert errors[0]["code"] == code
    assert DueDiligenceStatement.objects.count() == 0


def test_point_above_4_ha_is_allowed_for_cattle(client):
    response = client.post(
        GENERATE,
        with_plots({"lat": 52.25, "lng": 21.05, "area_ha": 12}, commodity="bydło", hs_heading="0201"),
        format="json",
        **JSON,
    )
    assert response.status_code == 201, response.content


# --- operator and commodity fields ------------------------------------------------------------------


@pytest.mark.parametrize("nip", ["5260250275", "123", "abcdefghij", "0000000000x", "٥٢٦٠٢٥٠٢٧٤"])
def test_bad_nip_checksum_is_400(client, nip):
    data = body()
    data["operator"]["nip"] = nip
    response = client.post(GENERATE, data, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "operator.nip"


def test_nip_or_eori_is_required(client):
    data = body()
    data["operator"]["nip"], data["operator"]["eori"] = "", ""
    response = client.post(GENERATE, data, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "operator.nip"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("hs_heading", "12"),
        ("net_mass_kg", "0"),
        ("country_of_production", "Poland"),
        ("commodity", "banany"),
    ],
)
def test_bad_commodity_fields_name_their_path(client, field, value):
    data = body()
    data["commodities"][0][field] = value
    response = client.post(GENERATE, data, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == f"commodities[0].{field}"


def test_dds_needs_a_plan_with_the_feature(keyed_client):
    response = keyed_client("free").post(GENERATE, body(), format="json")
    assert response.status_code == 403 and response.json()["code"] == "plan_required"


# --- idempotency ------------------------------------------------------------------------------------


def test_retry_with_the_same_key_returns_the_same_statement(client):
    first = client.post(GENERATE, body(), format="json", HTTP_IDEMPOTENCY_KEY="order-42", **JSON)
    again = client.post(GENERATE, body(), format="json", HTTP_IDEMPOTENCY_KEY="order-42", **JSON)
    assert first.status_code == again.status_code == 201
    assert first.json()["dds_id"] == again.json()["dds_id"]
    assert again["Idempotent-Replayed"] == "true"
    assert DueDiligenceStatement.objects.count() == 1


def test_same_key_with_another_body_is_422(client):
    client.post(GENERATE, body(), format="json", HTTP_IDEMPOTENCY_KEY="order-42")
    other = body(internal_reference="PO-OTHER")
    response = client.post(GENERATE, other, format="json", HTTP_IDEMPOTENCY_KEY="order-42")
    assert response.status_code == 422
    assert response.json()["code"] == "idempotency_key_reused"
    assert DueDiligenceStatement.objects.count() == 1


def test_keys_are_per_account(keyed_client):
    first, second = keyed_client("standard"), keyed_client("standard")
    a = first.post(GENERATE, body(), format="json", HTTP_IDEMPOTENCY_KEY="k", **JSON).json()
    b = second.post(GENERATE, body(), format="json", HTTP_IDEMPOTENCY_KEY="k", **JSON).json()
    assert a["dds_id"] != b["dds_id"]


# --- screening outcomes ---------------------------------------------------------------------------------


def test_critical_plot_puts_the_statement_at_risk(client, tmp_path, settings):
    settings.FOREST_LAYERS = forest_layers(tmp_path, loss_share=1.0)
    record = client.post(GENERATE, body(), format="json", **JSON).json()
    assert record["status"] == "AT_RISK"
    assert record["risk_level"] == "critical"
    assert record["verified_at"] is None


def test_high_risk_plot_goes_to_staff_review(client):
    data = with_plots({"lat": 55.75, "lng": 37.6, "area_ha": 1})
    data["commodities"][0]["country_of_production"] = "RU"
    record = client.post(GENERATE, data, format="json", **JSON).json()
    assert record["status"] == "UNDER_REVIEW"
    assert record["risk_level"] == "high"
    assert record["evidence"]["rule"] == "high_risk"
    assert record["history"][-1]["rule"] == "high_risk"


def test_missing_evidence_goes_to_staff_review(client, settings):
    settings.ULDK_BASE_URL = "http://127.0.0.1:9/"
    record = client.post(GENERATE, with_plots({"parcel_id": PARCEL_ID}), format="json", **JSON).json()
    assert record["status"] == "UNDER_REVIEW"
    assert "unreachable" in record["commodities"][0]["plots"][0]["screening_error"]


def test_plot_outside_the_declared_country_goes_to_review(client):
    data = body()
    data["commodities"][0]["country_of_production"] = "DE"
    record = client.post(GENERATE, data, format="json", **JSON).json()
    assert record["status"] == "UNDER_REVIEW"
    assert "not in the declared country" in record["commodities"][0]["plots"][0]["screening_error"]


@pytest.mark.usefixtures("eager_tasks")
def test_large_statement_stays_submitted_until_the_worker_screens_it(
    client, settings, django_capture_on_commit_callbacks
):
    settings.DDS_SYNC_SCREENING_MAX_PLOTS = 3
    plots = [{"lat": 52.2 + i * 0.001, "lng": 21.0, "area_ha": 1} for i in range(4)]
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        record = client.post(GENERATE, with_plots(*plots), format="json", **JSON).json()
    assert record["status"] == "SUBMITTED"
    assert len(callbacks) >= 1
    for callback in callbacks:
        callback()  # the task runs eagerly, as a worker would
    assert DueDiligenceStatement.objects.get(dds_id=record["dds_id"]).status == "COMPLIANT"


@pytest.mark.usefixtures("eager_tasks")
def test_unscreened_statements_are_swept(client, settings, django_capture_on_commit_callbacks):
    from compliance.services import dds_sweep_unscreened

    settings.DDS_SYNC_SCREENING_MAX_PLOTS = 0
    with django_capture_on_commit_callbacks(execute=False):
        record = client.post(GENERATE, body(), format="json", **JSON).json()
    DueDiligenceStatement.objects.update(updated_at=timezone.now() - timedelta(minutes=10))
    assert dds_sweep_unscreened() == 1  # lost task message: the sweep screens it
    assert DueDiligenceStatement.objects.get(dds_id=record["dds_id"]).status == "COMPLIANT"


# --- PDF, verify, certificate -------------------------------------------------------------------------------


def test_default_answer_is_the_pdf_with_every_plot(client):
    plots = [{"lat": 52.2 + i * 0.001, "lng": 21.0, "area_ha": 1} for i in range(3)] + [
        {"geometry": {"type": "Polygon", "coordinates": [SQUARE]}}
    ]
    response = client.post(GENERATE, with_plots(*plots), format="json")
    assert response.status_code == 201
    assert response["Content-Type"] == "application/pdf"
    statement = DueDiligenceStatement.objects.get()
    assert response["Content-Disposition"] == f'attachment; filename="{statement.dds_id}.pdf"'
    assert response["Location"] == f"/api/eudr/v1/dds/{statement.dds_id}"
    text = _pdf_text(response.content)
    assert statement.dds_id in text
    assert "Zakłady Mięsne Łódź S.A." in text
    assert "COMPLIANT" in text and statement.cert_url() in text
    assert DDSPlot.objects.count() == 4
    for coordinate in ("52.2", "52.201", "52.202", "Polygon"):
        assert coordinate in text


def test_new_statement_shows_on_verify_and_certificate(client, api_client):
    record = client.post(GENERATE, body(), format="json", **JSON).json()
    verify = api_client.get(f"/api/v1/verify/{record['dds_id']}").json()
    # Screened COMPLIANT; public UNDER_REVIEW while no staff-verified organisation backs the operator.
    assert record["status"] == "COMPLIANT" and verify["operator_identity"] == "unconfirmed"
    assert verify["status"] == "UNDER_REVIEW" and verify["commodity"] == "soja"
    assert verify["operator_name"] == "Zakłady Mięsne Łódź S.A."
    page = api_client.get(f"/cert/{record['dds_id']}")
    assert page.status_code == 200 and record["dds_id"] in page.content.decode()


# --- retrieve and list -------------------------------------------------------------------------------------


def test_owner_retrieves_the_full_record_and_pdf(client):
    dds_id = client.post(GENERATE, body(), format="json", **JSON).json()["dds_id"]
    record = client.get(f"/api/eudr/v1/dds/{dds_id.lower()}").json()
    assert record["dds_id"] == dds_id
    assert record["commodities"][0]["plots"][0]["risk"]["methodology_version"]
    pdf = client.get(f"/api/eudr/v1/dds/{dds_id}/pdf")
    assert pdf["Content-Type"] == "application/pdf" and dds_id in _pdf_text(pdf.content)


def test_another_accounts_statement_is_404_and_not_listed(keyed_client):
    owner, other = keyed_client("standard"), keyed_client("standard")
    dds_id = owner.post(GENERATE, body(), format="json", **JSON).json()["dds_id"]
    for url in (f"/api/eudr/v1/dds/{dds_id}", f"/api/eudr/v1/dds/{dds_id}/pdf"):
        response = other.get(url)
        assert response.status_code == 404 and response.json()["code"] == "dds_not_found"
    assert other.get(LIST).json()["results"] == []
    assert [s["dds_id"] for s in owner.get(LIST).json()["results"]] == [dds_id]


def test_list_is_newest_first_with_cursor_pagination(client):
    ids = [
        client.post(GENERATE, body(internal_reference=f"R{i}"), format="json", **JSON).json()["dds_id"]
        for i in range(5)
    ]
    page = client.get(LIST, {"page_size": 2}).json()
    assert [s["dds_id"] for s in page["results"]] == ids[::-1][:2]
    seen = [s["dds_id"] for s in page["results"]]
    while page["next"]:
        page = client.get(page["next"]).json()
        seen += [s["dds_id"] for s in page["results"]]
    assert seen == ids[::-1]


def test_list_filters(client):
    soy = client.post(GENERATE, body(), format="json", **JSON).json()["dds_id"]
    cattle_body = with_plots({"lat": 52.25, "lng": 21.05, "area_ha": 1}, commodity="bydło", hs_heading="0201")
    cattle = client.post(GENERATE, cattle_body, format="json", **JSON).json()["dds_id"]
    ru = with_plots({"lat": 55.75, "lng": 37.6, "area_ha": 1})
    ru["commodities"][0]["country_of_production"] = "RU"
    review = client.post(GENERATE, ru, format="json", **JSON).json()["dds_id"]

    def ids(**params):
        return {s["dds_id"] for s in client.get(LIST, params).json()["results"]}

    assert ids(commodity="cattle") == {cattle}
    assert ids(commodity="Soja") == {soy, review}
    assert ids(status="UNDER_REVIEW") == {review}
    assert ids(status="COMPLIANT") == {soy, cattle}
    today = timezone.now().date()
    assert ids(created_after=str(today)) == {soy, cattle, review}
    assert ids(created_before=str(today - timedelta(days=1))) == set()
    assert client.get(LIST, {"status": "BOGUS"}).status_code == 400
    assert client.get(LIST, {"created_after": "yesterday"}).status_code == 400


def test_body_mutation_after_filing_does_not_leak_between_tests():
    # Guards the helper: body() returns a fresh copy each time.
    first = body()
    first["operator"]["name"] = "X"
    assert body()["operator"]["name"] != "X"
    assert copy.deepcopy(body()) == body()


@pytest.mark.parametrize(
    "plot",
    [
        {"lat": 52.25, "lng": 21.05},
        {"geometry": {"type": "Point", "coordinates": [21.05, 52.25]}},
        {"geometry": {"type": "MultiPoint", "coordinates": [[21.05, 52.25], [21.06, 52.26]]}},
    ],
    ids=["lat-lng", "Point", "MultiPoint"],
)
def test_a_point_plot_without_an_area_is_the_eus_default_of_4_ha_in_every_point_form(client, plot):
    """OPS 9.3.2: a point without Area is taken as 4 ha; recorded, screened and sent as such."""
    response = client.post(GENERATE, with_plots(plot), format="json", **JSON)
    assert response.status_code == 201, response.content
    row = DDSPlot.objects.get()
    assert row.area_ha == Decimal(4)
    assert _plot_feature(row)["properties"]["Area"] == 4.0


def test_a_statement_is_found_by_its_internal_reference(client):
    mine = body()
    mine["internal_reference"] = "PO-2026-0815"
    found = client.post(GENERATE, mine, format="json", **JSON).json()["dds_id"]
    client.post(GENERATE, body(), format="json", **JSON)  # another reference
    page = client.get(LIST, {"internal_reference": "PO-2026-0815"}).json()
    assert [s["dds_id"] for s in page["results"]] == [found]
    assert client.get(LIST, {"internal_reference": "PO-2026"}).json()["results"] == []  # exact match
