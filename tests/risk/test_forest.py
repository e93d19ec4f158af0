"""Forest evidence from tiny GeoTIFFs written in tmp_path (0.00025 deg pixels, ~30 m)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
import rasterio
import shapely
from affine import Affine
from rasterio.transform import from_origin

from risk import forest
from risk.forest import (
    ForestLayer,
    LayerKind,
    circle,
    forest_evidence,
    read_layer,
    validate_layer,
)

PIXEL = 0.00025
WEST, NORTH = 21.0, 52.3  # a 400 x 400 pixel tile, 0.1 deg square, near Warsaw


def write_tif(
    path: Path,
    values: np.ndarray,
    *,
    nodata: float | None = None,
    crs: str = "EPSG:4326",
    west: float = WEST,
    north: float = NORTH,
) -> Path:
    with rasterio.open(
        path,
        "w",
        driver="GTiff",
        width=values.shape[1],
        height=values.shape[0],
        count=1,
        dtype=values.dtype,
        crs=crs,
        transform=from_origin(west, north, PIXEL, PIXEL),
        nodata=nodata,
    ) as dst:
        dst.write(values, 1)
    return path


def pixel_box(col0: int, row0: int, col1: int, row1: int) -> shapely.Polygon:
    """Polygon covering whole pixels [col0, col1) x [row0, row1) of the tile."""
    return shapely.box(WEST + col0 * PIXEL, NORTH - row1 * PIXEL, WEST + col1 * PIXEL, NORTH - row0 * PIXEL)


def layer(path: Path, kind: LayerKind) -> ForestLayer:
    return ForestLayer(name=path.stem, path=path, kind=kind)


def test_class_layer_share_in_a_circle_split_half_forest(tmp_path):
    values = np.zeros((400, 400), np.uint8)
    values[:, :200] = 1  # western half forest
    path = write_tif(tmp_path / "gfc2020.tif", values)
    area = circle(lat=52.25, lng=21.05, radius_km=1.0)  # centred on the split
    evidence = read_layer(layer(path, LayerKind.FOREST_COVER_2020_CLASS), area=area)
    assert evidence.covered
    assert evidence.forest_share_2020 == pytest.approx(0.5, abs=0.02)
    assert evidence.coverage == 1.0
    # pi r^2 over the pixel's ground area (30.9 m x 17.3 m at this latitude)
    pixel_area_km2 = (PIXEL * 111.32 * math.cos(math.radians(52.25))) * (PIXEL * 110.574)
    assert evidence.pixel_count == pytest.approx(math.pi / pixel_area_km2, rel=0.03)


def test_loss_layer_counts_only_loss_after_2020_as_post_cutoff(tmp_path):
    values = np.zeros((400, 400), np.uint8)
    values[0:10, 0:10] = 5  # 2005
    values[0:10, 10:15] = 20  # 2020: before the cut-off date 2020-12-31
    values[0:10, 15:20] = 21  # 2021
    values[0:10, 20:25] = 23  # 2023
    path = write_tif(tmp_path / "lossyear.tif", values)
    area = pixel_box(0, 0, 50, 10)  # 500 pixels
    evidence = read_layer(layer(path, LayerKind.LOSS_YEAR), area=area)
    assert evidence.pixel_count == 500
    assert evidence.loss_share_after_cutoff == pytest.approx(100 / 500)
    assert evidence.loss_share_any == pytest.approx(250 / 500)
    assert evidence.forest_share_2020 is None


def test_integer_fraction_layer_is_percent(tmp_path):
    path = write_tif(tmp_path / "cover.tif", np.full((400, 400), 60, np.uint8))
    evidence = read_layer(layer(path, LayerKind.FOREST_COVER_2020_FRACTION), area=pixel_box(10, 10, 20, 20))
    assert evidence.forest_share_2020 == pytest.approx(0.6)


def test_float_fraction_layer_is_a_fraction(tmp_path):
    path = write_tif(tmp_path / "cover.tif", np.full((400, 400), 0.25, np.float32))
    evidence = read_layer(layer(path, LayerKind.FOREST_COVER_2020_FRACTION), area=pixel_box(10, 10, 20, 20))
    assert evidence.forest_share_2020 == pytest.approx(0.25)


def test_nodata_pixels_are_not_counted(tmp_path):
    values = np.ones((400, 400), np.uint8)
    values[:, 5:] = 255
    path = write_tif(tmp_path / "gfc.tif", values, nodata=255)
    evidence = read_layer(layer(path, LayerKind.FOREST_COVER_2020_CLASS), area=pixel_box(0, 0, 10, 10))
    assert evidence.pixel_count == 50
    assert evidence.forest_share_2020 == 1.0


def test_area_outside_the_raster_is_not_covered_rather_than_forest_free(tmp_path):
    path = write_tif(tmp_path / "gfc.tif", np.zeros((400, 400), np.uint8))
    evidence = read_layer(
        layer(path, LayerKind.FOREST_COVER_2020_CLASS), area=circle(lat=-3.1, lng=-60.0, radius_km=1)
    )
    assert not evidence.covered
    assert evidence.forest_share_2020 is None
    assert "outside" in evidence.note


def test_area_half_outside_reports_partial_coverage(tmp_path):
    path = write_tif(tmp_path / "gfc.tif", np.ones((400, 400), np.uint8))
    area = pixel_box(-10, 0, 10, 10)  # ten columns west of the tile, ten inside
    evidence = read_layer(layer(path, LayerKind.FOREST_COVER_2020_CLASS), area=area)
    assert evidence.covered
    assert evidence.coverage == pytest.approx(0.5)
    assert evidence.pixel_count == 100


def test_area_smaller_than_a_pixel_still_reads_the_pixel_it_touches(tmp_path):
    path = write_tif(tmp_path / "gfc.tif", np.ones((400, 400), np.uint8))
    evidence = read_layer(
        layer(path, LayerKind.FOREST_COVER_2020_CLASS),
        area=circle(lat=52.25 + PIXEL / 2, lng=21.05 + PIXEL / 2, radius_km=0.002),
    )
    assert evidence.pixel_count == 1
    assert evidence.forest_share_2020 == 1.0


def test_only_the_window_around_the_area_is_read(tmp_path):
    path = write_tif(tmp_path / "gfc.tif", np.zeros((400, 400), np.uint8))
    with rasterio.open(path) as src:
        window = forest._pixel_window(forest.OpenedLayer(src), pixel_box(100, 200, 130, 210).bounds)
    assert (window.col_off, window.row_off, window.width, window.height) == (100, 200, 30, 10)


def test_large_areas_are_read_decimated_with_the_same_shares(tmp_path, monkeypatch):
    values = np.zeros((400, 400), np.uint8)
    values[:, :100] = 1
    path = write_tif(tmp_path / "gfc.tif", values)
    monkeypatch.setattr(forest, "MAX_PIXELS", 1_000)
    evidence = read_layer(layer(path, LayerKind.FOREST_COVER_2020_CLASS), area=pixel_box(0, 0, 400, 400))
    assert evidence.pixel_count < 2_000
    assert evidence.forest_share_2020 == pytest.approx(0.25, abs=0.03)


def _every_cell_measured(area: shapely.Geometry, shape: tuple[int, int]) -> np.ndarray:
    """The reference: every cell of the window intersected with the area, no shortcut."""
    rows, cols = np.indices(shape).reshape(2, -1)
    x0, y1 = WEST + cols * PIXEL, NORTH - rows * PIXEL
    cells = shapely.box(x0, y1 - PIXEL, x0 + PIXEL, y1)
    return (shapely.area(shapely.intersection(cells, area)) / shapely.area(cells)).reshape(shape)


LARGE_WINDOW_AREAS = {
    "circle": circle(lat=NORTH - 0.03, lng=WEST + 0.03, radius_km=2.5),
    # Edges exactly on cell edges: the cells beside them are wholly in or wholly out.
    "grid-aligned box": pixel_box(20, 30, 200, 210),
    "box with a hole": shapely.difference(
        pixel_box(10, 10, 230, 230), circle(lat=NORTH - 0.03, lng=WEST + 0.03, radius_km=1.0)
    ),
    "box and a sliver": shapely.union(
        pixel_box(5, 5, 120, 100), shapely.box(WEST + 0.05, NORTH - 0.05, WEST + 0.05002, NORTH - 0.049)
    ),
    # Rings may come in either order of vertices; parts may be apart; the circle above and
    # this one reach beyond the window's left and top edges.
    "clockwise circle": shapely.Polygon(
        circle(lat=NORTH - 0.002, lng=WEST + 0.02, radius_km=0.5).exterior.coords[::-1]
    ),
    "two circles": shapely.MultiPolygon(
        [
            circle(lat=NORTH - 0.012, lng=WEST + 0.012, radius_km=0.4),
            circle(lat=NORTH - 0.045, lng=WEST + 0.04, radius_km=0.6),
        ]
    ),
}


@pytest.mark.parametrize("name", LARGE_WINDOW_AREAS)
def test_large_window_coverage_measures_the_outline_and_equals_measuring_every_cell(name):
    # 240 x 240 cells: far above the small-window size, so only the outline is measured.
    area, shape = LARGE_WINDOW_AREAS[name], (240, 240)
    transform = from_origin(WEST, NORTH, PIXEL, PIXEL)
    reference = _every_cell_measured(area, shape)
    # The GEOS path (points, lines, rotated grids) and the running sums (polygons on a
    # north-up grid) both equal measuring every cell: floating point apart, and the
    # latter rounded to single precision as exactextract stores its shares.
    assert np.abs(forest.cell_coverage(area, shape, transform) - reference).max() < 1e-9
    assert np.abs(forest.exact_coverage(area, shape, transform) - reference).max() < 1e-6
    assert (reference == 1.0).sum() > 300  # the interior the shortcut weighs without geometry


@pytest.mark.parametrize("shape", [(240, 240), (240, 90), (90, 240)], ids=["whole", "cut right", "cut below"])
@pytest.mark.parametrize("name", LARGE_WINDOW_AREAS)
def test_running_sums_by_cell_and_by_piece_give_the_same_coverage(name, shape, monkeypatch):
    # Which way a window is summed depends on its cells per piece; both must measure the
    # same, in windows the area leaves on any side.
    area, transform = LARGE_WINDOW_AREAS[name], from_origin(WEST, NORTH, PIXEL, PIXEL)
    reference = _every_cell_measured(area, shape)
    measured = {}
    for by_piece, threshold in ((True, 0), (False, 10**12)):
        monkeypatch.setattr(forest, "CELLS_PER_PIECE_BY_PIECE", threshold)
        measured[by_piece] = forest.exact_coverage(area, shape, transform)
        assert np.abs(measured[by_piece] - reference).max() < 1e-6, by_piece
    assert np.array_equal(measured[True] > 0, measured[False] > 0)
    assert np.abs(measured[True] - measured[False]).max() < 1e-7


def _loss_like_window(shape: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Loss years in patches, with nodata patches: the two loss shares differ."""
    rng = np.random.default_rng(3)
    coarse = rng.integers(0, 25, size=(shape[0] // 8 + 1, shape[1] // 8 + 1), dtype=np.uint8)
    coarse[rng.random(coarse.shape) < 0.6] = 0
    coarse[rng.random(coarse.shape) < 0.05] = 255
    values = np.repeat(np.repeat(coarse, 8, axis=0), 8, axis=1)[: shape[0], : shape[1]]
    return values, values != 255


@pytest.mark.parametrize("name", LARGE_WINDOW_AREAS)
def test_exact_shares_equal_the_means_over_every_cell_measured(name):
    area, shape = LARGE_WINDOW_AREAS[name], (240, 240)
    values, valid = _loss_like_window(shape)
    # 0/1 indicators (class and loss layers) and a fraction (cover-fraction layers).
    indicators = {"after": values >= 21, "any": values > 0, "fraction": values / 255.0}
    reference = _every_cell_measured(area, shape)
    keep = (reference > 0) & valid
    count, shares = forest.weighted_shares(area, from_origin(WEST, NORTH, PIXEL, PIXEL), valid, indicators)
    # Valid cells only. An edge on a cell edge, in degrees, lies a float's width off it:
    # the cells beside it may count or not (in the reference too), no others.
    assert ((reference > 1e-9) & valid).sum() <= count <= (forest._grown(reference > 0) & valid).sum()
    # Each share is its own indicator's mean (not the first one's), nodata left out.
    for key, indicator in indicators.items():
        expected = (reference * indicator)[keep].sum() / reference[keep].sum()
        assert shares[key] == pytest.approx(expected, abs=1e-6)
    assert shares["after"] < shares["any"]


def test_a_rotated_grid_takes_the_geometric_path_and_agrees():
    area = LARGE_WINDOW_AREAS["circle"]
    values, valid = _loss_like_window((240, 240))
    indicators = {"after": values >= 21, "any": values > 0}
    north_up = from_origin(WEST, NORTH, PIXEL, PIXEL)
    sheared = north_up @ Affine.shear(0.0, 1e-9)  # rotated by a negligible angle
    assert forest.exact_coverage(area, (240, 240), north_up) is not None
    assert forest.exact_coverage(area, (240, 240), sheared) is None
    count, shares = forest.weighted_shares(area, sheared, valid, indicators)
    exact_count, exact_shares = forest.weighted_shares(area, north_up, valid, indicators)
    assert abs(count - exact_count) <= 2  # cells the outline only grazes
    assert shares == pytest.approx(exact_shares, abs=1e-6)


def test_layer_in_another_crs_is_reported_missing(tmp_path):
    path = write_tif(tmp_path / "puwg.tif", np.ones((40, 40), np.uint8), crs="EPSG:3857")
    evidence = read_layer(layer(path, LayerKind.FOREST_COVER_2020_CLASS), area=pixel_box(0, 0, 5, 5))
    assert not evidence.covered
    assert "EPSG:4326" in evidence.note


def test_unreadable_file_is_reported_missing_not_raised(tmp_path):
    path = tmp_path / "broken.tif"
    path.write_bytes(b"not a tiff")
    evidence = read_layer(layer(path, LayerKind.LOSS_YEAR), area=pixel_box(0, 0, 5, 5))
    assert not evidence.covered
    assert "unreadable" in evidence.note


def test_first_covered_layer_of_each_kind_is_used(tmp_path):
    far = write_tif(tmp_path / "far.tif", np.ones((40, 40), np.uint8), west=100.0, north=10.0)
    near = write_tif(tmp_path / "near.tif", np.zeros((400, 400), np.uint8))
    loss = write_tif(tmp_path / "loss.tif", np.full((400, 400), 22, np.uint8))
    evidence = forest_evidence(
        area=pixel_box(0, 0, 10, 10),
        layers=[
            layer(far, LayerKind.FOREST_COVER_2020_CLASS),
            layer(near, LayerKind.FOREST_COVER_2020_CLASS),
            layer(loss, LayerKind.LOSS_YEAR),
        ],
    )
    assert evidence.cover.layer == "near"
    assert evidence.loss.loss_share_after_cutoff == 1.0
    assert [e.covered for e in evidence.layers] == [False, True, True]


def test_circle_is_wider_in_degrees_by_one_over_cos_latitude():
    area = circle(lat=60.0, lng=10.0, radius_km=5.0)
    minx, miny, maxx, maxy = area.bounds
    assert (maxy - miny) == pytest.approx(10 / 110.574, rel=1e-3)
    assert (maxx - minx) == pytest.approx(10 / (111.320 * 0.5), rel=1e-3)
    with pytest.raises(ValueError):
        circle(lat=0, lng=0, radius_km=0)


def test_validate_accepts_well_formed_layers(tmp_path):
    loss = write_tif(tmp_path / "loss.tif", np.arange(25, dtype=np.uint8).reshape(5, 5))
    cls = write_tif(tmp_path / "cls.tif", np.ones((5, 5), np.uint8))
    pct = write_tif(tmp_path / "pct.tif", np.full((5, 5), 100, np.uint8))
    frac = write_tif(tmp_path / "frac.tif", np.full((5, 5), 0.5, np.float32))
    assert validate_layer(loss, "loss_year") == []
    assert validate_layer(cls, LayerKind.FOREST_COVER_2020_CLASS) == []
    assert validate_layer(pct, "forest_cover_2020_fraction") == []
    assert validate_layer(frac, "forest_cover_2020_fraction") == []


def test_validate_rejects_wrong_crs_values_and_types(tmp_path):
    percent_as_loss = write_tif(tmp_path / "a.tif", np.full((5, 5), 80, np.uint8))
    assert "values must lie within" in validate_layer(percent_as_loss, "loss_year")[0]
    float_class = write_tif(tmp_path / "b.tif", np.ones((5, 5), np.float32))
    assert "integer data type" in validate_layer(float_class, "forest_cover_2020_class")[0]
    fraction_over_one = write_tif(tmp_path / "c.tif", np.full((5, 5), 1.5, np.float32))
    assert validate_layer(fraction_over_one, "forest_cover_2020_fraction")
    mercator = write_tif(tmp_path / "d.tif", np.ones((5, 5), np.uint8), crs="EPSG:3857")
    assert "EPSG:4326" in validate_layer(mercator, "forest_cover_2020_class")[0]
    assert "cannot open" in validate_layer(tmp_path / "missing.tif", "loss_year")[0]
    with pytest.raises(ValueError):
        validate_layer(mercator, "tree_height")
