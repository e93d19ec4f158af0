"""GeoJSON plots on the risk endpoints: polygons by their own area, points as circles,
evidence stated plainly, and geometry diagnostics with repairs offered, never applied."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from regulation.benchmark import benchmark_cache_clear
from risk.forest import LayerKind, read_layer
from tests.risk.test_forest import NORTH, PIXEL, WEST, layer, write_tif

pytestmark = pytest.mark.django_db
SINGLE = "/api/eudr/v1/risk-score"
BATCH = "/api/eudr/v1/risk-score/batch"


@pytest.fixture(autouse=True)
def _fresh_benchmark_cache():
    benchmark_cache_clear()
    yield
    benchmark_cache_clear()


@pytest.fixture
def client(keyed_client):
    return keyed_client("standard")


def box_coords(col0: float, row0: float, col1: float, row1: float, *, clockwise: bool = False) -> list:
    """A closed ring over tile pixel coordinates, anticlockwise unless asked."""
    w, e = WEST + col0 * PIXEL, WEST + col1 * PIXEL
    n, s = NORTH - row0 * PIXEL, NORTH - row1 * PIXEL
    ring = [[w, s], [e, s], [e, n], [w, n], [w, s]]
    return [list(reversed(ring)) if clockwise else ring]


@pytest.fixture
def clear_cut(tmp_path, settings):
    """Loss in 2022 on columns 100..119 of a 400 x 400 tile; no loss elsewhere; all forest."""
    loss = np.zeros((400, 400), np.uint8)
    loss[:, 100:120] = 22
    cover = np.ones((400, 400), np.uint8)
    settings.FOREST_LAYERS = [
        {
            "name": "cover",
            "kind": "forest_cover_2020_class",
            "path": str(write_tif(tmp_path / "c.tif", cover)),
        },
        {"name": "loss", "kind": "loss_year", "path": str(write_tif(tmp_path / "l.tif", loss))},
    ]
    return settings.FOREST_LAYERS


def _factor(body, name):
    return next(f for f in body["factors"] if f["name"] == name)


# --- exact cell coverage -------------------------------------------------------------


def test_polygon_edge_pixels_count_by_the_share_inside_not_by_their_centre(tmp_path):
    loss = np.zeros((400, 400), np.uint8)
    loss[:, :130] = 22
    path = write_tif(tmp_path / "loss.tif", loss)
    # Columns 100.25 .. 200.25: 29.75 of 100 columns have loss. Counting pixel centres
    # would take columns 100..199 whole and answer 0.30.
    area = shapely.Polygon(box_coords(100.25, 100, 200.25, 200)[0])
    evidence = read_layer(layer(path, LayerKind.LOSS_YEAR), area=area)
    assert evidence.loss_share_after_cutoff == pytest.approx(0.2975, abs=1e-6)


def test_polygon_smaller_than_a_pixel_takes_the_pixels_it_touches_by_area(tmp_path):
    loss = np.zeros((400, 400), np.uint8)
    loss[:, 100] = 22
    path = write_tif(tmp_path / "loss.tif", loss)
    area = shapely.Polygon(box_coords(100.5, 50.2, 101.5, 50.6)[0])  # half in column 100, half in 101
    evidence = read_layer(layer(path, LayerKind.LOSS_YEAR), area=area)
    assert evidence.loss_share_after_cutoff == pytest.approx(0.5, abs=1e-6)


# --- polygons on the API ---------------------------------------------------------------


def test_polygon_with_a_clear_cut_scores_by_the_share_of_its_own_area(client, clear_cut):
    # Columns 100..200: the clear-cut (columns 100..119) is 20 % of the polygon.
    body = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {"ProducerName": "Gospodarstwo Kowalski", "Area": 1.0},
                "geometry": {"type": "Polygon", "coordinates": box_coords(100, 100, 200, 200)},
            }
        ],
        "commodity": "wood",
    }
    polygon = client.post(SINGLE, body, format="json")
    assert polygon.status_code == 200, polygon.content
    data = polygon.json()
    assert _factor(data, "forest_loss_after_cutoff")["value"] == pytest.approx(0.2)
    assert data["risk_level"] == "critical"  # 20 % > the 10 % saturation: all 60 points
    assert data["plot"]["properties"] == {"ProducerName": "Gospodarstwo Kowalski", "Area": 1.0}
    assert data["plot"]["scored_as"] == "polygon"
    assert data["evidence"] == "complete" and data["evidence_missing"] == []

    # The same centre as a point with a 0.5 km radius: a circle that misses the clear-cut.
    centre = data["plot"]["centroid"]
    point = client.post(
        SINGLE,
        {
            "type": "Point",
            "coordinates": [centre["lng"], centre["lat"]],
            "radiusKm": 0.5,
            "commodity": "wood",
        },
        format="json",
    ).json()
    assert point["plot"]["scored_as"] == "circle" and point["plot"]["radius_km"] == 0.5
    assert _factor(point, "forest_loss_after_cutoff")["value"] == 0
    assert point["score"] < data["score"]


def test_batch_takes_a_feature_collection_and_echoes_properties(client, clear_cut):
    features = [
        {
            "type": "Feature",
            "properties": {"ProducerName": f"P{i}"},
            "geometry": {"type": "Polygon", "coordinates": box_coords(10 * i, 300, 10 * i + 10, 310)},
        }
        for i in range(3)
    ]
    response = client.post(BATCH, {"type": "FeatureCollection", "features": features}, format="json")
    assert response.status_code == 200, response.content
    results = response.json()["results"]
    assert [r["plot"]["properties"]["ProducerName"] for r in results] == ["P0", "P1", "P2"]
    assert response.json()["summary"]["count"] == 3


def test_batch_mixes_locations_and_geometries(client):
    body = {
        "parcels": [
            {"lat": 52.25, "lng": 21.05},
            {"geometry": {"type": "Point", "coordinates": [21.05, 52.26]}, "properties": {"Area": 2}},
        ]
    }
    response = client.post(BATCH, body, format="json")
    assert response.status_code == 200, response.content
    assert [r["plot"]["geometry_type"] for r in response.json()["results"]] == ["Point", "Point"]


def test_location_only_batch_keeps_its_original_answer(client):
    body = client.post(BATCH, {"parcels": [{"lat": 52.25, "lng": 21.05}]}, format="json").json()
    assert "plot" not in body["results"][0]
    assert body["results"][0]["location"] == {"lat": 52.25, "lng": 21.05}


def test_feature_collection_of_several_plots_on_the_single_endpoint_points_to_batch(client):
    feature = {
        "type": "Feature",
        "properties": {},
        "geometry": {"type": "Point", "coordinates": [21.0, 52.0]},
    }
    response = client.post(
        SINGLE, {"type": "FeatureCollection", "features": [feature, feature]}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "use_batch"


# --- evidence stated plainly ---------------------------------------------------------------


def test_without_layers_evidence_is_missing(client):
    body = client.get(SINGLE, {"lat": 52.25, "lng": 21.05}).json()
    assert body["evidence"] == "missing"
    assert body["evidence_missing"] == ["forest_cover_2020", "forest_loss_after_cutoff"]


def test_polygon_partly_outside_the_layers_has_partial_evidence(client, clear_cut):
    # Half of this polygon lies west of the tile.
    body = client.post(
        SINGLE, {"type": "Polygon", "coordinates": box_coords(-50, 10, 50, 20)}, format="json"
    ).json()
    assert body["evidence"] == "partial"
    assert body["evidence_missing"] == ["forest_cover_2020", "forest_loss_after_cutoff"]


# --- diagnostics ------------------------------------------------------------------------------


def _refused(response):
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "invalid_geometry"
    return response.json()["plots"][0]["diagnostics"][0]


def test_self_intersection_is_refused_with_a_repair_that_is_accepted_when_sent_back(client):
    w, s, e, n = 21.0, 52.0, 21.01, 52.01
    bowtie = {"type": "Polygon", "coordinates": [[[w, s], [e, n], [e, s], [w, n], [w, s]]]}
    diagnostic = _refused(client.post(SINGLE, bowtie, format="json"))
    assert diagnostic["code"] == "self_intersection" and diagnostic["severity"] == "error"
    repaired = diagnostic["repaired_geometry"]
    assert repaired["type"] == "MultiPolygon"
    again = client.post(SINGLE, repaired, format="json")
    assert again.status_code == 200, again.content
    assert again.json()["diagnostics"] == []


def test_open_ring_is_refused_with_the_closed_ring_offered(client):
    ring = box_coords(0, 0, 10, 10)[0][:-1]
    diagnostic = _refused(client.post(SINGLE, {"type": "Polygon", "coordinates": [ring]}, format="json"))
    assert diagnostic["code"] == "ring_not_closed"
    assert (
        diagnostic["repaired_geometry"]["coordinates"][0][0]
        == diagnostic["repaired_geometry"]["coordinates"][0][-1]
    )


def test_refused_plot_in_a_batch_names_its_index_and_nothing_is_scored(client):
    good = {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [21.0, 52.0]}}
    bad = {
        "type": "Feature",
        "properties": {},
        "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 1]]]},
    }
    response = client.post(BATCH, {"type": "FeatureCollection", "features": [good, bad]}, format="json")
    assert response.status_code == 400
    assert response.json()["plots"][0]["index"] == 1
    assert response.json()["plots"][0]["diagnostics"][0]["code"] == "ring_too_short"


def test_clockwise_ring_is_scored_as_sent_with_the_oriented_ring_offered(client):
    body = client.post(
        SINGLE, {"type": "Polygon", "coordinates": box_coords(0, 0, 10, 10, clockwise=True)}, format="json"
    ).json()
    codes = {d["code"]: d for d in body["diagnostics"]}
    assert codes["ring_orientation"]["severity"] == "warning"
    oriented = shapely.Polygon(codes["ring_orientation"]["repaired_geometry"]["coordinates"][0])
    assert oriented.exterior.is_ccw


def test_excess_precision_offers_six_decimals_and_scores_as_sent(client):
    body = client.post(SINGLE, {"type": "Point", "coordinates": [21.0500001234, 52.25]}, format="json").json()
    diagnostic = next(d for d in body["diagnostics"] if d["code"] == "excess_precision")
    assert diagnostic["repaired_geometry"]["coordinates"] == [21.05, 52.25]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"type": "Point", "coordinates": [21.05, 52.25], "properties": {"Area": 5}}, "point_over_4ha"),
        (
            {"type": "Polygon", "coordinates": box_coords(0, 0, 40, 40), "properties": {"Area": 9}},
            "area_mismatch",
        ),
        ({"type": "Point", "coordinates": [18.0, 55.5]}, "in_sea"),
        ({"type": "Point", "coordinates": [21.05, 52.25], "country": "DE"}, "outside_declared_country"),
    ],
)
def test_doubtful_plots_are_scored_with_a_stable_code(client, body, code):
    if "properties" in body:
        body = {"type": "Feature", "properties": body.pop("properties"), "geometry": body}
    response = client.post(SINGLE, body, format="json")
    assert response.status_code == 200, response.content
    assert code in [d["code"] for d in response.json()["diagnostics"]]


def test_point_over_4ha_is_not_doubtful_for_cattle(client):
    feature = {
        "type": "Feature",
        "properties": {"Area": 5},
        "geometry": {"type": "Point", "coordinates": [21.05, 52.25]},
    }
    body = client.post(SINGLE, {**feature, "commodity": "cattle"}, format="json").json()
    assert "point_over_4ha" not in [d["code"] for d in body["diagnostics"]]


def test_declared_area_matching_the_polygon_is_not_flagged(client):
    polygon = shapely.Polygon(box_coords(0, 0, 40, 40)[0])
    from risk.geometry import area_ha

    feature = {
        "type": "Feature",
        "properties": {"Area": round(area_ha(polygon), 2)},
        "geometry": {"type": "Polygon", "coordinates": box_coords(0, 0, 40, 40)},
    }
    body = client.post(SINGLE, feature, format="json").json()
    assert "area_mismatch" not in [d["code"] for d in body["diagnostics"]]


def test_duplicate_plot_in_a_batch_is_flagged_on_the_second(client):
    feature = {
        "type": "Feature",
        "properties": {},
        "geometry": {"type": "Point", "coordinates": [21.05, 52.25]},
    }
    results = client.post(
        BATCH, {"type": "FeatureCollection", "features": [feature, feature]}, format="json"
    ).json()["results"]
    assert "duplicate_plot" not in [d["code"] for d in results[0]["diagnostics"]]
    assert "duplicate_plot" in [d["code"] for d in results[1]["diagnostics"]]
