"""Tile arithmetic and the publishers' names (no network)."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from eudr_service.lib.env import env_pattern
from risk.forest_sources import (
    Product,
    Tile,
    file_name,
    loss_year_max,
    next_versions,
    tile_from_id,
    tile_url,
    tiles_for_bbox,
)


def names(tiles, product=Product.JRC_GFC2020):
    return [t.id_for(product) for t in tiles]


def test_poland_needs_four_tiles_named_by_their_upper_left_corner():
    tiles = tiles_for_bbox(14.12, 49.0, 24.15, 54.84)
    assert names(tiles) == ["N60_E10", "N60_E20", "N50_E10", "N50_E20"]
    assert names(tiles, Product.HANSEN_LOSSYEAR) == ["60N_010E", "60N_020E", "50N_010E", "50N_020E"]
    assert Tile(60, 10).bounds == (10.0, 50.0, 20.0, 60.0)


def test_area_touching_a_tile_only_along_an_edge_does_not_need_it():
    # 50 N and 20 E are tile edges: the box lies wholly in N60_E10.
    assert names(tiles_for_bbox(15.0, 50.0, 20.0, 55.0)) == ["N60_E10"]
    # One hair past the edge needs the neighbours.
    assert names(tiles_for_bbox(15.0, 49.999, 20.001, 55.0)) == ["N60_E10", "N60_E20", "N50_E10", "N50_E20"]


def test_southern_and_western_tiles_are_named_as_the_publishers_do():
    tiles = tiles_for_bbox(-75.0, -5.0, -65.0, 5.0)
    assert names(tiles) == ["N10_W80", "N10_W70", "N0_W80", "N0_W70"]
    assert names(tiles, Product.HANSEN_LOSSYEAR) == ["10N_080W", "10N_070W", "00N_080W", "00N_070W"]
    assert names(tiles_for_bbox(-179.5, -59.5, -170.5, -50.5)) == ["S50_W180"]
    assert names(tiles_for_bbox(-179.5, -59.5, -170.5, -50.5), Product.HANSEN_LOSSYEAR) == ["50S_180W"]


def test_grid_is_clipped_to_80_north_and_60_south():
    assert names(tiles_for_bbox(0.5, 75.0, 1.0, 89.0)) == ["N80_E0"]
    assert tiles_for_bbox(0.5, -89.0, 1.0, -61.0) == []


@pytest.mark.parametrize(
    "bbox", [(10, 50, 10, 55), (20, 50, 10, 55), (10, 50, 20, 95), (float("nan"), 0, 1, 1)]
)
def test_bounds_that_make_no_box_are_refused(bbox):
    with pytest.raises(ValueError):
        tiles_for_bbox(*bbox)


@pytest.mark.parametrize("tile", [Tile(60, 10), Tile(0, -80), Tile(-50, -180), Tile(80, 170)])
def test_tile_names_parse_back(tile):
    for product in Product:
        assert tile_from_id(product, tile.id_for(product)) == tile


def test_file_names_and_addresses_follow_the_publishers_layout():
    tile = Tile(50, 10)
    assert (
        file_name(Product.HANSEN_LOSSYEAR, "GFC-2024-v1.12", tile)
        == "Hansen_GFC-2024-v1.12_lossyear_50N_010E.tif"
    )
    assert file_name(Product.HANSEN_TREECOVER2000, "GFC-2025-v1.13", tile) == (
        "Hansen_GFC-2025-v1.13_treecover2000_50N_010E.tif"
    )
    assert file_name(Product.JRC_GFC2020, "V4", tile) == "JRC_GFC2020_V4_N50_E10.tif"
    assert tile_url(
        Product.HANSEN_LOSSYEAR,
        "GFC-2025-v1.13",
        tile,
        base_url="https://storage.googleapis.com/earthenginepartners-hansen/",
    ) == (
        "https://storage.googleapis.com/earthenginepartners-hansen/GFC-2025-v1.13/"
        "Hansen_GFC-2025-v1.13_lossyear_50N_010E.tif"
    )
    with pytest.raises(ValueError):
        file_name(Product.JRC_GFC2020, "v4", tile)


def test_successor_versions_and_loss_year_range():
    assert next_versions(Product.JRC_GFC2020, "V4", count=2) == ["V5", "V6"]
    assert next_versions(Product.HANSEN_LOSSYEAR, "GFC-2025-v1.13", count=1) == ["GFC-2026-v1.14"]
    assert loss_year_max("GFC-2025-v1.13") == 25


def test_version_settings_are_strictly_parsed(monkeypatch):
    monkeypatch.setenv("FOREST_HANSEN_VERSION", "latest")
    with pytest.raises(ImproperlyConfigured, match="FOREST_HANSEN_VERSION"):
        env_pattern(
            "FOREST_HANSEN_VERSION", "GFC-2025-v1.13", pattern=r"GFC-\d{4}-v1\.\d+", example="GFC-2025-v1.13"
        )
