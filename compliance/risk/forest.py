"""Forest evidence for an area, read from GeoTIFF layers in EPSG:4326.

Three kinds of layer are understood (all single band, geographic lat/lng grid):

* `forest_cover_2020_class`: 1 = forest on 2020-12-31, 0 = not forest (JRC GFC2020).
* `forest_cover_2020_fraction`: share of each pixel that was forest in 2020. Integer
  rasters are read as percent 0..100 (as Hansen-style cover products are distributed,
  uint8), floating-point rasters as a fraction 0..1; `validate_layer` enforces the range.
* `loss_year`: Hansen Global Forest Change `lossyear`: 0 = no loss, N = loss in 2000+N.
  Loss after the EUDR cut-off date 2020-12-31 is therefore N >= 21.

Only the window covering the area is read (the global layers are tens of gigabytes), and
pixels whose centre lies outside the area are masked out. An area the raster does not
cover is reported as not covered, never as "no forest": absence of data is not evidence.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from pathlib import Path

import numpy as np
import rasterio
import rasterio.errors
import rasterio.features
import rasterio.windows
import shapely
from affine import Affine

LOSS_YEAR_AFTER_CUTOFF = 21  # Hansen lossyear 21 = 2021, the first year after 2020-12-31
MAX_PIXELS = 16_000_000  # larger areas are read decimated (nearest), enough for shares
_KM_PER_DEGREE_LAT = 110.574
_KM_PER_DEGREE_LNG_AT_EQUATOR = 111.320


class LayerKind(StrEnum):
    FOREST_COVER_2020_FRACTION = "forest_cover_2020_fraction"
    FOREST_COVER_2020_CLASS = "forest_cover_2020_class"
    LOSS_YEAR = "loss_year"


@dataclass(frozen=True)
class ForestLayer:
    name: str  # shown to users as the factor's source, e.g. "JRC GFC2020 v2"
    path: Path
    kind: LayerKind


@dataclass(frozen=True)
class LayerEvidence:
    layer: str
    kind: LayerKind
    covered: bool  # False: the area lies outside the raster or the raster is unreadable
    pixel_count: int = 0  # valid pixels inside the area that were counted
    coverage: float = 0.0  # share of the area inside the raster's extent
    forest_share_2020: float | None = None  # cover layers only, 0..1
    loss_share_after_cutoff: float | None = None  # loss layers only, 0..1
    loss_share_any: float | None = None  # loss layers only, 0..1 (2001 onwards)
    note: str | None = None


@dataclass(frozen=True)
class ForestEvidence:
    """All layers' answers; the first covered layer of each kind (configuration order is
    priority order) is the one the score uses."""

    layers: tuple[LayerEvidence, ...]

    def _first(self, *kinds: LayerKind) -> LayerEvidence | None:
        return next((e for e in self.layers if e.covered and e.kind in kinds), None)

    @property
    def cover(self) -> LayerEvidence | None:
        return self._first(LayerKind.FOREST_COVER_2020_CLASS, LayerKind.FOREST_COVER_2020_FRACTION)

    @property
    def loss(self) -> LayerEvidence | None:
        return self._first(LayerKind.LOSS_YEAR)


def circle(*, lat: float, lng: float, radius_km: float, vertices: int = 64) -> shapely.Polygon:
    """A circle on the ground as a lng/lat polygon.

    A degree of longitude shrinks with cos(latitude); without that scaling a 1 km circle in
    Poland would be an ellipse 1.6 times too wide. Clamped near the poles, and no
    antimeridian handling: no EUDR commodity is grown within 50 km of either.
    """
    if radius_km <= 0:
        raise ValueError("radius_km must be positive")
    dlat = radius_km / _KM_PER_DEGREE_LAT
    cos_lat = max(math.cos(math.radians(lat)), 0.01)
    dlng = radius_km / (_KM_PER_DEGREE_LNG_AT_EQUATOR * cos_lat)
    angles = np.linspace(0.0, 2.0 * math.pi, vertices, endpoint=False)
    return shapely.Polygon(zip(lng + dlng * np.cos(angles), lat + dlat * np.sin(angles), strict=True))


def forest_evidence(
    *,
    area: shapely.Geometry,
    layers: Sequence[ForestLayer],
    sources: dict[Path, rasterio.DatasetReader] | None = None,
) -> ForestEvidence:
    """Read every configured layer over the area (a lng/lat polygon).

    `sources` are datasets already opened by `open_layers`, so a batch opens
    each file once instead of once per point."""
    return ForestEvidence(
        layers=tuple(read_layer(layer, area=area, src=(sources or {}).get(layer.path)) for layer in layers)
    )


@contextmanager
def open_layers(layers: Sequence[ForestLayer]) -> Iterator[dict[Path, rasterio.DatasetReader]]:
    """Keep the layers' files open for a batch; unreadable ones are left out
    (read_layer then reports them as not covered)."""
    with ExitStack() as stack:
        opened = {}
        for layer in layers:
            try:
                opened[layer.path] = stack.enter_context(rasterio.open(layer.path))
            except (rasterio.errors.RasterioError, OSError):
                continue
        yield opened


def read_layer(
    layer: ForestLayer, *, area: shapely.Geometry, src: rasterio.DatasetReader | None = None
) -> LayerEvidence:
    """One layer's evidence; unreadable files are reported as not covered, not raised,
    so one broken layer degrades the score's coverage instead of failing the request."""
    missing = LayerEvidence(layer=layer.name, kind=layer.kind, covered=False)
    try:
        with ExitStack() as stack:
            if src is None:
                src = stack.enter_context(rasterio.open(layer.path))
            if src.crs is None or src.crs.to_epsg() != 4326:
                return _replace_note(missing, "layer is not in EPSG:4326")
            values, inside, coverage = _read_area(src, area)
            nodata = src.nodata
    except (rasterio.errors.RasterioError, OSError) as exc:
        return _replace_note(missing, f"layer unreadable: {exc}")
    if values is None:
        return _replace_note(missing, "area outside the layer's extent")
    valid = inside & _valid_pixels(values, nodata)
    if layer.kind is LayerKind.FOREST_COVER_2020_CLASS:
        valid &= (values == 0) | (values == 1)  # other codes (e.g. water, clouds): no answer
    count = int(valid.sum())
    if count == 0:
        return _replace_note(missing, "no valid pixels in the area")
    picked = values[valid]
    evidence = LayerEvidence(layer.name, layer.kind, True, count, round(coverage, 4))
    if layer.kind is LayerKind.LOSS_YEAR:
        return _with(
            evidence,
            loss_share_after_cutoff=float(np.mean(picked >= LOSS_YEAR_AFTER_CUTOFF)),
            loss_share_any=float(np.mean(picked > 0)),
        )
    if layer.kind is LayerKind.FOREST_COVER_2020_CLASS:
        return _with(evidence, forest_share_2020=float(np.mean(picked == 1)))
    scale = 100.0 if np.issubdtype(picked.dtype, np.integer) else 1.0
    share = float(np.clip(picked.astype("float64") / scale, 0.0, 1.0).mean())
    return _with(evidence, forest_share_2020=share)


def _read_area(
    src: rasterio.DatasetReader, area: shapely.Geometry
) -> tuple[np.ndarray | None, np.ndarray, float]:
    """Band 1 over the area's window, the in-area mask, and the share of the area that
    the raster's extent covers. (None, ..., 0) when they do not overlap at all."""
    extent = shapely.box(*src.bounds)
    coverage = area.intersection(extent).area / area.area if area.area > 0 else 0.0
    window = _pixel_window(src, area.bounds)
    if coverage == 0.0 or window is None:
        return None, np.zeros((0, 0), bool), 0.0
    height, width = int(window.height), int(window.width)
    factor = max(1, math.ceil(math.sqrt(height * width / MAX_PIXELS)))
    out_shape = (math.ceil(height / factor), math.ceil(width / factor))
    values = src.read(1, window=window, out_shape=out_shape)
    transform = src.window_transform(window) @ Affine.scale(width / out_shape[1], height / out_shape[0])
    inside = rasterio.features.geometry_mask([area], out_shape, transform, invert=True)
    if not inside.any():
        # An area smaller than a pixel contains no pixel centre; take what it touches.
        inside = rasterio.features.geometry_mask([area], out_shape, transform, invert=True, all_touched=True)
    return values, inside, coverage


def _pixel_window(
    src: rasterio.DatasetReader, bounds: tuple[float, float, float, float]
) -> rasterio.windows.Window | None:
    """Whole pixels covering the bounds, clipped to the raster; None if outside it.

    Done by hand because rasterio's rounding helpers floor the offset without growing
    the length, which can drop the last row or column of the area.
    """
    window = rasterio.windows.from_bounds(*bounds, transform=src.transform)
    eps = 1e-6  # bounds exactly on a pixel edge must not pull in the neighbour pixel
    col0 = max(0, math.floor(window.col_off + eps))
    row0 = max(0, math.floor(window.row_off + eps))
    col1 = min(src.width, math.ceil(window.col_off + window.width - eps))
    row1 = min(src.height, math.ceil(window.row_off + window.height - eps))
    if col1 <= col0 or row1 <= row0:
        return None
    return rasterio.windows.Window(col0, row0, col1 - col0, row1 - row0)


def _valid_pixels(values: np.ndarray, nodata: float | None) -> np.ndarray:
    valid = np.ones(values.shape, bool) if nodata is None else values != nodata
    if np.issubdtype(values.dtype, np.floating):
        valid &= np.isfinite(values)
    return valid


def _with(evidence: LayerEvidence, **changes: float) -> LayerEvidence:
    return LayerEvidence(**{**evidence.__dict__, **changes})


def _replace_note(evidence: LayerEvidence, note: str) -> LayerEvidence:
    return LayerEvidence(**{**evidence.__dict__, "note": note})


def validate_layer(path: Path | str, kind: LayerKind | str) -> list[str]:
    """Problems that make a file unusable as a layer of this kind; empty if it is fine.

    Used by the management command that registers layers, so that a wrong file is
    rejected when it is configured rather than discovered at scoring time. Values are
    checked on a sample window (the centre of the raster) to stay fast on global tiles.
    """
    kind = LayerKind(kind)
    try:
        with rasterio.open(path) as src:
            problems = []
            if src.crs is None or src.crs.to_epsg() != 4326:
                problems.append(f"CRS must be EPSG:4326, is {src.crs}")
            if src.count < 1:
                return [*problems, "raster has no band"]
            dtype = np.dtype(src.dtypes[0])
            is_float = np.issubdtype(dtype, np.floating)
            if kind is not LayerKind.FOREST_COVER_2020_FRACTION and is_float:
                problems.append(f"{kind} must have an integer data type, has {dtype}")
            size = min(src.width, 1024), min(src.height, 1024)
            sample = src.read(
                1,
                window=rasterio.windows.Window(
                    (src.width - size[0]) // 2, (src.height - size[1]) // 2, *size
                ),
            )
            nodata = src.nodata
    except (rasterio.errors.RasterioError, OSError) as exc:
        return [f"cannot open as a raster: {exc}"]
    values = sample[_valid_pixels(sample, nodata)]
    low, high = {
        LayerKind.FOREST_COVER_2020_CLASS: (0, 1),
        LayerKind.LOSS_YEAR: (0, date.today().year - 2000),
        LayerKind.FOREST_COVER_2020_FRACTION: (0, 1 if is_float else 100),
    }[kind]
    if values.size and (values.min() < low or values.max() > high):
        problems.append(
            f"values must lie within {low}..{high} for {kind}, sample has {values.min()}..{values.max()}"
        )
    return problems
