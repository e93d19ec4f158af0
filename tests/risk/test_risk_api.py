"""The risk-score endpoints: inputs, outputs, parcels via a local ULDK, forest layers."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from regulation.benchmark import benchmark_cache_clear
from regulation.models import CountryBenchmark
from risk.models import ParcelRecord
from tests.risk.fakes import PARCEL_ID, loss_tile

pytestmark = pytest.mark.django_db
SINGLE = "/api/eudr/v1/risk-score"
BATCH = "/api/eudr/v1/risk-score/batch"
WARSAW = {"lat": 52.25, "lng": 21.05}


@pytest.fixture(autouse=True)
def _fresh_benchmark_cache():
    benchmark_cache_clear()
    yield
    benchmark_cache_clear()


@pytest.fixture
def client(keyed_client):
    return keyed_client("standard")


# --- single location -------------------------------------------------------------


def test_location_in_poland_is_low_with_explained_factors(client):
    response = client.get(SINGLE, {**WARSAW, "radiusKm": 2})
    assert response.status_code == 200
    body = response.json()
    assert body["location"] == {**WARSAW, "radius_km": 2.0}
    assert (body["country"], body["risk_level"], body["score"]) == ("PL", "low", 15)
    factors = {f["name"]: f for f in body["factors"]}
    assert factors["country_benchmark"]["value"] == "low"
    assert "2025/1093" in factors["country_benchmark"]["source"]
    assert sum(f["contribution"] for f in body["factors"]) == pytest.approx(body["score"])
    assert body["cutoff_date"] == "2020-12-31" and body["methodology_version"]
    assert body["data_coverage"]["layers_answered"] == []
    assert "no forest layer configured" in body["data_coverage"]["note"]


def test_radius_defaults_to_one_km(client):
    assert client.get(SINGLE, WARSAW).json()["location"]["radius_km"] == 1.0


@pytest.mark.parametrize(
    ("point", "country", "benchmark", "level"),
    [
        ({"lat": 52.25, "lng": 21.05}, "PL", "low", "low"),
        ({"lat": -10.0, "lng": -55.0}, "BR", "standard", "medium"),
        ({"lat": 55.75, "lng": 37.6}, "RU", "high", "high"),
    ],
)
def test_one_country_of_each_benchmark_class(client, point, country, benchmark, level):
    body = client.get(SINGLE, point).json()
    assert body["country"] == country
    assert {f["name"]: f["value"] for f in body["factors"]}["country_benchmark"] == benchmark
    assert body["risk_level"] == level


def test_point_at_sea_has_no_country_and_a_warning(client):
    body = client.get(SINGLE, {"lat": 55.0, "lng": 18.0}).json()
    assert body["country"] is None
    assert any("no country" in w for w in body["warnings"])
    assert body["data_coverage"]["country"] is False


def test_benchmark_edit_by_staff_changes_the_answer(client):
    CountryBenchmark.objects.filter(country_code="PL").update(risk_class="high")
    benchmark_cache_clear()
    assert client.get(SINGLE, WARSAW).json()["risk_level"] == "high"


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"lng": 21}, "lat"),
        ({"lat": 52}, "lng"),
        ({"lat": "abc", "lng": 21}, "lat"),
        ({"lat": "NaN", "lng": 21}, "lat"),
        ({"lat": 52, "lng": "nan"}, "lng"),
        ({"lat": "inf", "lng": 21}, "lat"),
        ({"lat": 52, "lng": "-Infinity"}, "lng"),
        ({"lat": 90.5, "lng": 21}, "lat"),
        ({"lat": 52, "lng": -180.01}, "lng"),
        ({"lat": 52, "lng": 21, "radiusKm": 0}, "radiusKm"),
        ({"lat": 52, "lng": 21, "radiusKm": -1}, "radiusKm"),
        ({"lat": 52, "lng": 21, "radiusKm": 50.1}, "radiusKm"),
        ({"lat": 52, "lng": 21, "radiusKm": "nan"}, "radiusKm"),
        ({"lat": 52, "lng": 21, "radiusKm": "x"}, "radiusKm"),
    ],
)
def test_bad_location_input_is_400_naming_the_field(client, params, field):
    response = client.get(SINGLE, params)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert field in {e["field"] for e in response.json()["errors"]}


def test_radius_of_exactly_50_is_accepted(client):
    assert client.get(SINGLE, {**WARSAW, "radiusKm": 50}).status_code == 200


def test_commodity_is_normalised_and_scoped(client):
    body = client.get(SINGLE, {**WARSAW, "commodity": "Bydło"}).json()
    assert (body["commodity"], body["eudr_in_scope"]) == ("cattle", True)


@pytest.mark.parametrize("name", ["pszenica", "Kukurydza", "maize", "rzepak", "other"])
def test_out_of_scope_commodity_is_answered_low(client, name):
    body = client.get(SINGLE, {"lat": 55.75, "lng": 37.6, "commodity": name}).json()
    assert body["eudr_in_scope"] is False
    assert body["risk_level"] == "low"


def test_unknown_commodity_lists_accepted_values(client):
    response = client.get(SINGLE, {**WARSAW, "commodity": "banany"})
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == "commodity" and error["code"] == "unknown_commodity"
    assert "soja" in error["message"] and "wood" in error["message"]


def test_risk_needs_a_plan_with_the_feature(keyed_client):
    # Free is "verification only" (specification part 8); Starter includes risk (docs/plans.md).
    response = keyed_client("free").get(SINGLE, WARSAW)
    assert response.status_code == 403 and response.json()["code"] == "plan_required"


def test_risk_needs_a_key(api_client):
    assert api_client.get(SINGLE, WARSAW).status_code == 401


# --- batch -------------------------------------------------------------------------


def _points(n):
    return [{"lat": 50.0 + (i % 100) * 0.01, "lng": 19.0 + (i // 100) * 0.01} for i in range(n)]


def test_batch_of_one(client):
    response = client.post(BATCH, {"parcels": [WARSAW]}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["summary"]["count"] == 1
    assert body["results"][0]["index"] == 0 and body["results"][0]["country"] == "PL"


def test_batch_of_500_keeps_input_order_and_summarises(client):
    points = [*_points(499), {"lat": 55.75, "lng": 37.6}]
    body = client.post(BATCH, {"parcels": points}, format="json").json()
    assert [r["index"] for r in body["results"]] == list(range(500))
    assert [r["location"] for r in body["results"]] == points
    assert body["summary"]["by_level"] == {"low": 499, "medium": 0, "high": 1, "critical": 0}
    assert body["summary"]["max_score"] == body["results"][-1]["score"]


def test_batch_of_501_is_too_many(client):
    response = client.post(BATCH, {"parcels": _points(501)}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "too_many_parcels"


def test_empty_batch_is_400(client):
    response = client.post(BATCH, {"parcels": []}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "parcels"


def test_invalid_batch_item_names_its_index_and_field(client):
    points = _points(5)
    points[3] = {"lat": 52, "lng": "east"}
    response = client.post(BATCH, {"parcels": points}, format="json")
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["parcels[3].lng"]


def test_batch_counts_as_one_request(client):
    first = client.post(BATCH, {"parcels": _points(20)}, format="json")
    second = client.get(SINGLE, WARSAW)
    assert int(first["X-RateLimit-Remaining"]) - int(second["X-RateLimit-Remaining"]) == 1


# --- parcels through a local ULDK -----------------------------------------------------


@pytest.fixture
def uldk_url(uldk, settings):
    state, url = uldk
    settings.ULDK_BASE_URL = url
    settings.ULDK_TIMEOUT_SECONDS = 1.0
    return state


def test_parcel_risk_uses_uldk_geometry_and_caches_it(client, uldk_url):
    response = client.post(SINGLE, {"parcelId": PARCEL_ID, "commodity": "soja"}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["parcel"]["id"] == PARCEL_ID
    assert body["parcel"]["voivodeship"] == "mazowieckie"
    assert body["parcel"]["from_cache"] is False
    assert 0.5 < body["parcel"]["area_ha"] < 1.0  # ~82 m x 78 m
    assert (body["country"], body["commodity"], body["eudr_in_scope"]) == ("PL", "soya", True)
    assert uldk_url.requests[0]["request"] == ["GetParcelById"]
    assert uldk_url.requests[0]["srid"] == ["4326"]
    assert ParcelRecord.objects.filter(parcel_id=PARCEL_ID).exists()
    again = client.post(SINGLE, {"parcelId": PARCEL_ID, "commodity": "soja"}, format="json").json()
    assert again["parcel"]["from_cache"] is True
    assert len(uldk_url.requests) == 1


def test_parcel_unknown_to_uldk_is_404(client, uldk_url):
    uldk_url.body = "-1 brak wyników\n"
    response = client.post(SINGLE, {"parcelId": PARCEL_ID, "commodity": "soja"}, format="json")
    assert response.status_code == 404
    assert response.json()["code"] == "parcel_not_found"


def test_unreachable_uldk_without_cache_is_503_with_retry_after(client, settings):
    settings.ULDK_BASE_URL = "http://127.0.0.1:9/"  # discard port: nothing listens
    response = client.post(SINGLE, {"parcelId": PARCEL_ID, "commodity": "soja"}, format="json")
    assert response.status_code == 503
    assert response.json()["code"] == "parcel_service_unavailable"
    assert response["Retry-After"] == "60"


def test_unreachable_uldk_serves_an_old_cached_parcel(client, uldk_url, settings):
    assert client.post(SINGLE, {"parcelId": PARCEL_ID, "commodity": "soja"}, format="json").status_code == 200
    ParcelRecord.objects.update(fetched_at=timezone.now() - timedelta(days=400))
    settings.ULDK_BASE_URL = "http://127.0.0.1:9/"
    body = client.post(SINGLE, {"parcelId": PARCEL_ID, "commodity": "soja"}, format="json").json()
    assert body["parcel"]["from_cache"] is True
    assert any("cached geometry" in w for w in body["warnings"])


def test_uldk_5xx_is_unavailable(client, uldk_url):
    uldk_url.status = 500
    response = client.post(SINGLE, {"parcelId": PARCEL_ID, "commodity": "soja"}, format="json")
    assert response.status_code == 503


@pytest.mark.parametrize(
    "parcel_id",
    [
        "",
        "141201_1.0001",
        "1412011.0001.6509",
        "991201_1.0001.6509",
        "141201_1.001.6509",
        "x" * 300,
        "141201_1.0001.65a",
    ],
)
def test_invalid_parcel_ids_are_400(client, parcel_id, uldk_url):
    response = client.post(SINGLE, {"parcelId": parcel_id, "commodity": "soja"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "parcelId"
    assert uldk_url.requests == []  # refused before any network call


@pytest.mark.parametrize(
    "parcel_id", ["146518_8.0108.AR_3.150/2", "026401_1.0010.12/3", "141201_1.0001.ar_1.7"]
)
def test_valid_parcel_id_forms_are_accepted(client, uldk_url, parcel_id):
    response = client.post(SINGLE, {"parcelId": parcel_id, "commodity": "drewno"}, format="json")
    assert response.status_code == 200, response.content


def test_deprecated_alias_answers_with_deprecation_headers(client, uldk_url, settings):
    response = client.post("/v1/risk-score", {"parcelId": PARCEL_ID, "commodity": "soja"}, format="json")
    assert response.status_code == 200
    assert response["Deprecation"] == "true"
    assert "Sunset" in response
    assert 'rel="successor-version"' in response["Link"] and "/api/eudr/v1/risk-score" in response["Link"]
    current = client.post(SINGLE, {"parcelId": PARCEL_ID, "commodity": "soja"}, format="json")
    assert "Deprecation" not in current


# --- forest layers -----------------------------------------------------------------------


def _register(path, name="loss"):
    call_command(
        "register_forest_layer", "--name", name, "--kind", "loss_year", "--path", str(path), stdout=StringIO()
    )


def test_forest_loss_layer_raises_the_score(client, tmp_path):
    centre = {"lat": 52.25, "lng": 21.05}
    before = client.get(SINGLE, centre).json()
    _register(loss_tile(tmp_path / "loss.tif", 1.0))
    after = client.get(SINGLE, centre).json()
    assert after["score"] > before["score"]
    assert after["risk_level"] in ("high", "critical")
    assert after["data_coverage"]["layers_answered"] == ["loss"]


def test_score_never_falls_as_loss_grows(client, tmp_path, settings):
    scores = []
    for i, share in enumerate([0.0, 0.05, 0.2, 0.5, 0.8, 1.0]):
        path = loss_tile(tmp_path / f"loss{i}.tif", share)
        settings.FOREST_LAYERS = [{"name": f"loss{i}", "kind": "loss_year", "path": str(path)}]
        scores.append(client.get(SINGLE, {"lat": 52.28, "lng": 21.05, "radiusKm": 2}).json()["score"])
    assert scores == sorted(scores)
    assert scores[0] < scores[-1]


def test_point_outside_every_layer_reports_the_layer_missing(client, tmp_path):
    _register(loss_tile(tmp_path / "loss.tif", 1.0))
    body = client.get(SINGLE, {"lat": 50.06, "lng": 19.94}).json()
    assert body["data_coverage"]["layers_missing"] == ["loss"]


def test_register_command_refuses_an_invalid_file(tmp_path):
    bad = tmp_path / "bad.tif"
    bad.write_bytes(b"not a tiff")
    with pytest.raises(CommandError, match="not usable"):
        _register(bad)


# --- out-of-scope commodities are answered on every endpoint, marked as such ------------


@pytest.mark.parametrize("path", [SINGLE, "/v1/risk-score"])
def test_parcel_risk_answers_out_of_scope_commodities(client, uldk_url, path):
    response = client.post(path, {"parcelId": PARCEL_ID, "commodity": "pszenica"}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["eudr_in_scope"], body["commodity"], body["risk_level"]) == (False, "wheat", "low")
    in_scope = client.post(path, {"parcelId": PARCEL_ID, "commodity": "soja"}, format="json").json()
    assert in_scope["eudr_in_scope"] is True


def test_batch_answers_out_of_scope_commodities(client):
    points = {"parcels": [{"lat": 52.25, "lng": 21.05}, {"lat": -10.0, "lng": -55.0}]}
    response = client.post(BATCH, {**points, "commodity": "rzepak"}, format="json")
    assert response.status_code == 200, response.content
    results = response.json()["results"]
    assert len(results) == 2
    assert all(item["eudr_in_scope"] is False and item["risk_level"] == "low" for item in results)
    in_scope = client.post(BATCH, {**points, "commodity": "kawa"}, format="json").json()["results"]
    assert all(item["eudr_in_scope"] is True for item in in_scope)
    without = client.post(BATCH, points, format="json").json()["results"]
    assert all(item["eudr_in_scope"] is None for item in without)
