"""Supplier EUDR risk: parcel, voivodeship or "not assessed" with the reason; ULDK down never fails."""

import pytest

from regulation.benchmark import benchmark_cache_clear
from reports.supplier_risk import (
    NO_LOCATION,
    PARCEL_NOT_FOUND,
    PARCEL_SERVICE_UNAVAILABLE,
    UNKNOWN_LOCATION,
    supplier_risks_assess,
)
from tests.reports.conftest import PARCEL_ID
from tests.risk.fakes import running_uldk

pytestmark = pytest.mark.django_db
OTHER_PARCEL = "141201_1.0001.6510"


@pytest.fixture(autouse=True)
def _fresh_benchmark_cache():
    benchmark_cache_clear()
    yield
    benchmark_cache_clear()


@pytest.fixture
def uldk(settings):
    with running_uldk() as (state, url):
        settings.ULDK_BASE_URL = url
        settings.ULDK_TIMEOUT_SECONDS = 2.0
        yield state


def test_parcel_is_scored_with_the_commodity_of_the_crop(uldk):
    rows, summary = supplier_risks_assess(
        suppliers=[
            {"crop_type": "soy", "parcel_id": PARCEL_ID},
            {"crop_type": "wheat", "parcel_id": PARCEL_ID},
        ]
    )
    assert [(r.basis, r.basis_value, r.assessed) for r in rows] == [("parcel", PARCEL_ID, True)] * 2
    assert (rows[0].eudr_in_scope, rows[1].eudr_in_scope) == (True, False)
    assert rows[0].country == "PL" and rows[0].risk_level == "low"
    assert summary["in_scope"] == 1 and summary["by_level"]["low"] == 2
    assert any("2025/1093" in source for source in summary["sources"])


def test_parcel_wins_over_location_and_location_is_used_without_parcel(uldk):
    rows, _ = supplier_risks_assess(
        suppliers=[
            {"crop_type": "corn", "parcel_id": PARCEL_ID, "location": "podlaskie"},
            {"crop_type": "corn", "location": "Woj. Łódzkie"},
        ]
    )
    assert (rows[0].basis, rows[1].basis, rows[1].basis_value) == ("parcel", "voivodeship", "łódzkie")
    assert rows[1].assessed and rows[1].country == "PL"


def test_suppliers_without_a_usable_place_are_not_assessed_with_the_reason():
    rows, summary = supplier_risks_assess(
        suppliers=[{"crop_type": "wheat"}, {"crop_type": "wheat", "location": "Bavaria"}]
    )
    assert [r.reason for r in rows] == [NO_LOCATION, UNKNOWN_LOCATION]
    assert [r.score for r in rows] == [None, None]
    assert summary["not_assessed"] == 2


def test_identical_places_are_scored_once(uldk):
    suppliers = [{"crop_type": "wheat", "parcel_id": PARCEL_ID}] * 50 + [
        {"crop_type": "wheat", "location": "mazowieckie"}
    ] * 50
    rows, _ = supplier_risks_assess(suppliers=suppliers)
    assert all(r.assessed for r in rows)
    assert len(uldk.requests) == 1


def test_unknown_parcel_is_marked(uldk):
    uldk.body = "-1 brak wyników"
    rows, _ = supplier_risks_assess(suppliers=[{"crop_type": "wheat", "parcel_id": PARCEL_ID}])
    assert rows[0].reason == PARCEL_NOT_FOUND


def test_unreachable_parcel_service_marks_suppliers_and_is_asked_once(uldk):
    uldk.status = 503
    rows, summary = supplier_risks_assess(
        suppliers=[
            {"crop_type": "wheat", "parcel_id": PARCEL_ID},
            {"crop_type": "wheat", "parcel_id": OTHER_PARCEL},
            {"crop_type": "wheat", "location": "mazowieckie"},
        ]
    )
    assert [r.reason for r in rows] == [PARCEL_SERVICE_UNAVAILABLE, PARCEL_SERVICE_UNAVAILABLE, None]
    assert summary["not_assessed_by_reason"] == {PARCEL_SERVICE_UNAVAILABLE: 2}
    # Once ULDK failed, the report does not wait for its timeout again for every parcel.
    assert len(uldk.requests) == 1


def test_a_region_is_read_once_for_all_the_crops_grown_there(settings, tmp_path, monkeypatch):
    """A region is a 50 km circle, the costliest read of the report: one read per region
    serves every crop, and each crop scores as if it were asked alone."""
    import numpy as np

    from reports.supplier_risk import VOIVODESHIP_RADIUS_KM, commodity_for_crop
    from risk import service
    from tests.risk.test_forest import write_tif

    loss = np.zeros((400, 400), np.uint8)
    loss[:, :200] = 22  # loss in 2022 on half the tile, inside mazowieckie's circle
    settings.FOREST_LAYERS = [
        {"name": "loss", "kind": "loss_year", "path": str(write_tif(tmp_path / "l.tif", loss, north=52.4))}
    ]
    real, reads = service.forest_evidence, []
    monkeypatch.setattr(service, "forest_evidence", lambda **kw: reads.append(kw) or real(**kw))
    crops = ["wheat", "corn", "rapeseed", "soy", "other"]
    rows, summary = supplier_risks_assess(
        suppliers=[{"crop_type": c, "location": "mazowieckie"} for c in crops] * 3
    )
    assert len(reads) == 1
    assert rows[0].basis_value == "mazowieckie" and "loss" in summary["sources"]
    for row, crop in zip(rows, crops * 3, strict=True):
        alone = service.risk_score_location(
            lat=52.35, lng=21.10, radius_km=VOIVODESHIP_RADIUS_KM, commodity=commodity_for_crop(crop)
        )
        assert (row.score, row.risk_level, row.eudr_in_scope) == (
            alone["score"],
            alone["risk_level"],
            commodity_for_crop(crop).in_scope,
        ), crop
