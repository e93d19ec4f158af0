"""Forest evidence for an area, read from GeoTIFF layers in EPSG:4326.

Three kinds of layer are understood (all single band, geographic lat/lng grid):

* `forest_cover_2020_class`: 1 = forest on 2020-12-31, 0 = not forest (JRC GFC2020).
* `forest_cover_2020_fraction`: share of each pixel that was forest in 2020. Integer
  rasters are read as percent 0..100 (as Hansen-style cover products are distributed,
  uint8), floating-point rasters as a fraction 0..1; `validate_layer` enforces the range.
* `loss_year`: Hansen Global Forest Change `lossyear`: 0 = no loss, N = loss in 2000+N.
  Loss after the EUDR cut-off date 2020-12-31 is therefore N >= 21.

Only the window covering the area is read (the global layers are tens of gigabytes), and
each pixel is weighted by the share of its cell that lies inside the area (exact cell
coverage), so a polygon's shares are shares of its own area. An area the raster does not
cover is reported as not covered, never as "no forest": absence of data is not evidence.

A layer's path is a GeoTIFF, a GDAL VRT mosaic over tiles (so that an area straddling two
tiles is read across the boundary) or an http(s) address read by range requests through
GDAL's /vsicurl/, only from the configured forest-data hosts.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import numpy as np
import rasterio
import rasterio.errors
import rasterio.features
import rasterio.windows
import shapely
from affine import Affine
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

LOSS_YEAR_AFTER_CUTOFF = 21  # Hansen lossyear 21 = 2021, the first year after 2020-12-31
MAX_PIXELS = 16_000_000  # larger areas are read decimated (nearest), enough for shares
_SMALL_WINDOW_CELLS = 4096  # up to this, cell coverage tests every cell of the window
CIRCLE_VERTICES = 64
KM_PER_DEGREE_LAT = 110.574
KM_PER_DEGREE_LNG_AT_EQUATOR = 111.320


class LayerKind(StrEnum):
    FOREST_COVER_2020_FRACTION = "forest_cover_2020_fraction"
    FOREST_COVER_2020_CLASS = "forest_cover_2020_class"
    LOSS_YEAR = "loss_year"


@dataclass(frozen=True)
class LayerTile:
    """One publisher tile of a tiled layer, so that answers can name the tile they used."""

    tile_id: str
    bounds: tuple[float, float, float, float]  # west, south, east, north
    url: str = ""  # set when the tile is read remotely (by range requests)


@dataclass(frozen=True)
class ForestLayer:
    name: str  # shown to users as the factor's source, e.g. "JRC GFC2020 V4"
    path: Path | str  # a file, a VRT or an http(s) address
    kind: LayerKind
    version: str = ""
    tiles: tuple[LayerTile, ...] = ()

    @property
    def source(self) -> str:
        """What rasterio opens: remote addresses go through GDAL's range-request reader."""
        return remote_path(str(self.path)) if is_remote(self.path) else str(self.path)

    def remote_hosts_allowed(self) -> bool:
        """False if the layer, or any tile of its mosaic, is read from a host that is not
        (or no longer) among the configured forest-data hosts."""
        urls = [str(self.path)] if is_remote(self.path) else []
        urls += [tile.url for tile in self.tiles if tile.url]
        return all(host_allowed(url) for url in urls)


def is_remote(path: Path | str) -> bool:
    return isinstance(path, str) and path.lower().startswith(("http://", "https://"))


def remote_path(url: str) -> str:
    return f"/vsicurl/{url}"


def host_allowed(url: str) -> bool:
    """Outbound reads only to the configured forest-data hosts (settings)."""
    return (urlsplit(url).hostname or "").lower() in {
        h.lower() for h in _settings("FOREST_DATA_ALLOWED_HOSTS", [])
    }


def gdal_env() -> rasterio.Env:
    """GDAL configuration for every read: HTTP timeouts and block caches (settings)."""
    return rasterio.Env(**_settings("FOREST_GDAL_OPTIONS", {}))


def _settings(name: str, default: Any) -> Any:
    # Read at call time, with a default, so the module stays usable where Django's settings
    # are not configured (scripts, benchmarks).
    try:
        return getattr(settings, name, default)
    except ImproperlyConfigured:
        return default


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
    version: str = ""
    tiles: tuple[str, ...] = ()  # the publisher tiles the area was read from

    @property
    def source(self) -> str:
        """The factor's source: the layer (named with its version) and the tiles read."""
        if not self.tiles:
            return self.layer
        return f"{self.layer}, tile{'s' if len(self.tiles) > 1 else ''} {', '.join(self.tiles)}"


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


def circle(*, lat: float, lng: float, radius_km: float, vertices: int = CIRCLE_VERTICES) -> shapely.Polygon:
    """A circle on the ground as a lng/lat polygon.

    A degree of longitude shrinks with cos(latitude); without that scaling a 1 km circle in
    Poland would be an ellipse 1.6 times too wide. Clamped near the poles, and no
    antimeridian handling: no EUDR commodity is grown within 50 km of either.
    """
    if radius_km <= 0:
        raise ValueError("radius_km must be positive")
    dlat = radius_km / KM_PER_DEGREE_LAT
    cos_lat = max(math.cos(math.radians(lat)), 0.01)
    dlng = radius_km / (KM_PER_DEGREE_LNG_AT_EQUATOR * cos_lat)
    cos, sin = _unit_circle(vertices)
    return shapely.polygons(np.column_stack((lng + dlng * cos, lat + dlat * sin)))


@functools.lru_cache(maxsize=4)
def _unit_circle(vertices: int) -> tuple[np.ndarray, np.ndarray]:
    angles = np.linspace(0.0, 2.0 * math.pi, vertices, endpoint=False)
    cos, sin = np.cos(angles), np.sin(angles)
    cos.flags.writeable = sin.flags.writeable = False  # shared by every circle
    return cos, sin


def forest_evidence(
    *,
    area: shapely.Geometry,
    layers: Sequence[ForestLayer],
    sources: dict[str, OpenedLayer] | None = None,
) -> ForestEvidence:
    """Read every configured layer over the area (a lng/lat polygon).

    `sources` are the layers opened by `open_layers`, so a batch opens each file
    (and configures GDAL) once instead of once per plot."""
    return ForestEvidence(
        layers=tuple(read_layer(layer, area=area, src=(sources or {}).get(layer.source)) for layer in layers)
    )


class OpenedLayer:
    """A layer's dataset, open for a batch of reads, with what every read needs (grid,
    extent, no-data value, CRS check) worked out once instead of once per plot."""

    def __init__(self, src: rasterio.DatasetReader) -> None:
        self.src = src
        self.in_epsg_4326 = src.crs is not None and src.crs.to_epsg() == 4326
        self.nodata = src.nodata
        self.width, self.height = src.width, src.height
        self.bounds = tuple(src.bounds)
        self.extent = shapely.box(*self.bounds)
        self.coefficients = tuple(src.transform)[:6]
        # Pixel coordinates of a point are the inverse transform applied to it.
        self.inverse = tuple(~src.transform)[:6]


@contextmanager
def open_layers(layers: Sequence[ForestLayer]) -> Iterator[dict[str, OpenedLayer]]:
    """Keep the layers' files open for a batch (and GDAL configured while they are);
    unreadable ones are left out (read_layer then reports them as not covered)."""
    with ExitStack() as stack:
        stack.enter_context(gdal_env())
        opened = {}
        for layer in layers:
            if not layer.remote_hosts_allowed():
                continue
            try:
                opened[layer.source] = OpenedLayer(stack.enter_context(rasterio.open(layer.source)))
            except (rasterio.errors.RasterioError, OSError):
                continue
        yield opened


def read_layer(
    layer: ForestLayer,
    *,
    area: shapely.Geometry,
    src: OpenedLayer | None = None,
) -> LayerEvidence:
    """One layer's evidence; unreadable files are reported as not covered, not raised,
    so one broken layer degrades the score's coverage instead of failing the request.

    Without `src` the layer is opened (and GDAL configured) for this one read."""
    missing = LayerEvidence(layer=layer.name, kind=layer.kind, covered=False, version=layer.version)
    if not layer.remote_hosts_allowed():
        return _replace_note(missing, "layer host is not in FOREST_DATA_ALLOWED_HOSTS")
    try:
        if src is None:
            with gdal_env(), rasterio.open(layer.source) as dataset:
                return _layer_evidence(layer, area, OpenedLayer(dataset), missing)
        return _layer_evidence(layer, area, src, missing)
    except (rasterio.errors.RasterioError, OSError) as exc:
        return _replace_note(missing, f"layer unreadable: {exc}")


def _layer_evidence(
    layer: ForestLayer, area: shapely.Geometry, src: OpenedLayer, missing: LayerEvidence
) -> LayerEvidence:
    if not src.in_epsg_4326:
        return _replace_note(missing, "layer is not in EPSG:4326")
    values, transform, coverage = _read_area(src, area)
    if values is None:
        return _replace_note(missing, "area outside the layer's extent")
    valid = _valid_pixels(values, src.nodata)
    if layer.kind is LayerKind.FOREST_COVER_2020_CLASS:
        valid &= (values == 0) | (values == 1)  # other codes (e.g. water, clouds): no answer
    count, shares = weighted_shares(area, transform, valid, _indicators(layer.kind, values))
    if count == 0:
        return _replace_note(missing, "no valid pixels in the area")
    return LayerEvidence(
        layer.name,
        layer.kind,
        True,
        count,
        round(coverage, 4),
        version=layer.version,
        tiles=_tiles_read(layer, area),
        **shares,
    )


def _indicators(kind: LayerKind, values: np.ndarray) -> dict[str, np.ndarray]:
    """What each of the layer's shares averages per pixel (weighted by the pixel's coverage)."""
    if kind is LayerKind.LOSS_YEAR:
        return {"loss_share_after_cutoff": values >= LOSS_YEAR_AFTER_CUTOFF, "loss_share_any": values > 0}
    if kind is LayerKind.FOREST_COVER_2020_CLASS:
        return {"forest_share_2020": values == 1}
    scale = 100.0 if np.issubdtype(values.dtype, np.integer) else 1.0
    return {"forest_share_2020": np.clip(values.astype("float64") / scale, 0.0, 1.0)}


def _tiles_read(layer: ForestLayer, area: shapely.Geometry) -> tuple[str, ...]:
    """The tiles whose interior the area reaches (an area on a tile edge reads one side)."""
    return tuple(tile.tile_id for tile in layer.tiles if _reaches(area, tile.bounds))


def _reaches(area: shapely.Geometry, bounds: tuple[float, float, float, float]) -> bool:
    """Whether part of the area (of some size) lies inside the box; the bounding boxes
    settle most cases without intersecting the shapes."""
    west, south, east, north = area.bounds
    if west >= bounds[2] or east <= bounds[0] or south >= bounds[3] or north <= bounds[1]:
        return False
    if bounds[0] <= west and east <= bounds[2] and bounds[1] <= south and north <= bounds[3]:
        return area.area > 0
    return area.intersection(shapely.box(*bounds)).area > 0


def _read_area(src: OpenedLayer, area: shapely.Geometry) -> tuple[np.ndarray | None, Affine | None, float]:
    """Band 1 over the area's window, the window's transform and the share of the area
    that the raster's extent covers. (None, None, 0) when they do not overlap at all."""
    coverage = _extent_coverage(src, area)
    window = _pixel_window(src, area.bounds)
    if coverage == 0.0 or window is None:
        return None, None, 0.0
    height, width = int(window.height), int(window.width)
    factor = max(1, math.ceil(math.sqrt(height * width / MAX_PIXELS)))
    out_shape = (math.ceil(height / factor), math.ceil(width / factor))
    values = src.src.read(1, window=window, out_shape=out_shape)
    transform = _window_transform(src, window, width / out_shape[1], height / out_shape[0])
    return values, transform, coverage


def _extent_coverage(src: OpenedLayer, area: shapely.Geometry) -> float:
    """The share of the area inside the raster's extent: 1 without intersecting the
    shapes when its bounding box is inside (nearly always, for a plot)."""
    size = area.area
    if size <= 0:
        return 0.0
    west, south, east, north = area.bounds
    left, bottom, right, top = src.bounds
    if left <= west and east <= right and bottom <= south and north <= top:
        return 1.0
    return area.intersection(src.extent).area / size


def _window_transform(src: OpenedLayer, window: rasterio.windows.Window, sx: float, sy: float) -> Affine:
    """The transform of a window read `sx` x `sy` times coarser: what rasterio's
    window_transform @ Affine.scale(sx, sy) gives, with the same arithmetic (so the
    same cells), without building four Affine objects per read."""
    a, b, c, d, e, f = src.coefficients
    col, row = window.col_off, window.row_off
    x = col * a + row * b + c
    y = col * d + row * e + f
    c, f = c + (x - c), f + (y - f)
    return Affine(a * sx + b * 0.0, a * 0.0 + b * sy, c, d * sx + e * 0.0, d * 0.0 + e * sy, f)


def weighted_shares(
    area: shapely.Geometry, transform: Affine, valid: np.ndarray, indicators: dict[str, np.ndarray]
) -> tuple[int, dict[str, float]]:
    """How many valid pixels the area reaches, and each indicator's mean over them, every
    pixel weighted by the share of its cell inside the area (0, {} when none is valid).

    Coverage is exact, not pixel-centre-in-polygon, so a plot's edge pixels count by how
    much of them it holds and an area smaller than a pixel still weighs the pixels it
    touches: `exact_coverage` for polygons on a north-up grid (every layer we read),
    `cell_coverage` for anything else."""
    weights = exact_coverage(area, valid.shape, transform)
    if weights is None:
        weights = cell_coverage(area, valid.shape, transform)
    keep = (weights > 0) & valid
    count = int(np.count_nonzero(keep))
    if count == 0:
        return 0, {}
    w = weights[keep].astype(np.float64)  # sums in double precision, whatever the shares' type
    total = float(w.sum())
    return count, {name: float(_weighted_sum(values[keep], w)) / total for name, values in indicators.items()}


def _weighted_sum(values: np.ndarray, w: np.ndarray) -> float:
    # A 0/1 indicator sums the weights it selects (no product with the zeros).
    return w[values].sum() if values.dtype == bool else (values * w).sum()


# Shares up to this are rounding, not area: the running sum along a row leaves a few
# 1e-16 in the cells right of an area (exactextract leaves them empty, and its smallest
# real shares on the bench's plots are some 3e-13).
_ROUNDING = 1e-14


def exact_coverage(area: shapely.Geometry, shape: tuple[int, int], transform: Affine) -> np.ndarray | None:
    """The share (0..1, single precision) of each cell of a north-up grid that lies inside
    a polygonal area, or None for another area (a point, a line) or grid (rotated, or not
    north-up).

    Each ring's edges are cut where they cross grid lines; a piece within a cell adds the
    signed area between it and the cell's right edge to that cell, and its height to every
    cell to its right in the row (a running sum along the row), as font rasterisers do.
    Summed over a closed ring this is the area of the ring inside each cell; holes, turning
    the other way, subtract theirs. It is what exactextract computes, vectorised over the
    pieces with numpy: a 1 km circle on a 10 m grid has some 50,000 cells but only about
    1,100 pieces, where exactextract fills every cell (and returns the stored single
    precision shares, which is why the result is rounded to them here too).
    """
    a, b, c, d, e, f = transform[:6]
    if b != 0 or d != 0 or a <= 0 or e >= 0 or not _polygonal(area):
        return None
    height, width = shape
    x0, y0, x1, y1 = _edges(area, c, a, f, e)
    dx, dy = x1 - x0, y1 - y0
    # Where each edge crosses a column line (x integer) or a row line (y integer), at the
    # fraction t along the edge; with the ends (t = 0, 1) they cut it into pieces. A
    # crossing lies exactly on its line, so that the heights of the pieces in a row cancel
    # exactly right of the area (computed from t they would leave 1e-14 there).
    edges = np.arange(x0.size)
    edge_ids, ts, xs, ys = [edges, edges], [np.zeros(x0.size), np.ones(x0.size)], [x0, x1], [y0, y1]
    for axis, (p0, p1, dp) in enumerate(((x0, x1, dx), (y0, y1, dy))):
        first = np.floor(np.minimum(p0, p1)) + 1  # lines strictly between the ends
        crossings = np.maximum(np.ceil(np.maximum(p0, p1)) - first, 0).astype(np.intp)
        edge = np.repeat(edges, crossings)
        line = first[edge] + (np.arange(edge.size) - (np.cumsum(crossings) - crossings)[edge])
        t = (line - p0[edge]) / dp[edge]
        edge_ids.append(edge)
        ts.append(t)
        xs.append(line if axis == 0 else x0[edge] + t * dx[edge])
        ys.append(line if axis == 1 else y0[edge] + t * dy[edge])
    edge, t = np.concatenate(edge_ids), np.concatenate(ts)
    # By edge, then along it: what np.lexsort((t, edge)) gives, in a third of its time (the
    # order of points at the same t, one place, does not matter).
    order = np.argsort(t)
    order = order[np.argsort(edge[order], kind="stable")]
    edge, x, y = edge[order], np.concatenate(xs)[order], np.concatenate(ys)[order]
    piece = edge[:-1] == edge[1:]
    height_of = (y[1:] - y[:-1])[piece]
    x_mid, y_mid = ((x[1:] + x[:-1]) / 2)[piece], ((y[1:] + y[:-1]) / 2)[piece]
    row, col = np.floor(y_mid).astype(np.intp), np.floor(x_mid).astype(np.intp)
    kept = (height_of != 0) & (row >= 0) & (row < height)
    row, col, height_of, x_mid = row[kept], col[kept], height_of[kept], x_mid[kept]
    inside = _running_sums(row, col, height_of, (height, width))
    own = (col >= 0) & (col < width)  # the pieces' own cells: only some 1,100 of them, added one by one
    np.add.at(inside, (row[own], col[own]), height_of[own] * (col[own] + 1 - x_mid[own]))
    # Single precision also rounds the running sums' 1 + 1e-16 of inner cells to 1.
    weights = inside.astype(np.float32)
    weights[weights <= _ROUNDING] = 0.0
    return weights


# A window with more cells than this per piece sums its rows piece by piece: a 1 km circle
# has some 1,100 pieces over 63,000 cells of the 10 m grid, where numpy's running sum over
# every cell took a third of the circle's coverage, and 400 over 8,200 cells of the 30 m
# grid, where it is the quicker way.
CELLS_PER_PIECE_BY_PIECE = 32


def _running_sums(
    row: np.ndarray, col: np.ndarray, height_of: np.ndarray, shape: tuple[int, int]
) -> np.ndarray:
    """Each cell's sum of the heights of the pieces left of it in its row (a piece right of
    the window reaches no cell; left of it, every cell of its row), along every row of cells
    or over the pieces, whichever is quicker for the window (both give the same sums)."""
    if shape[0] * shape[1] > CELLS_PER_PIECE_BY_PIECE * row.size:
        return _running_sums_by_piece(row, col, height_of, shape)
    return _running_sums_by_cell(row, col, height_of, shape)


def _running_sums_by_cell(
    row: np.ndarray, col: np.ndarray, height_of: np.ndarray, shape: tuple[int, int]
) -> np.ndarray:
    """`_running_sums` along every row of cells."""
    height, width = shape
    within = col < width
    row, col, height_of = row[within], np.maximum(col[within], -1), height_of[within]
    carried = np.bincount(row * (width + 1) + col + 1, weights=height_of, minlength=height * (width + 1))
    # In place: a window may hold up to MAX_PIXELS cells.
    carried = carried.reshape(height, width + 1)
    return np.cumsum(carried, axis=1, out=carried)[:, :width]


def _running_sums_by_piece(
    row: np.ndarray, col: np.ndarray, height_of: np.ndarray, shape: tuple[int, int]
) -> np.ndarray:
    """`_running_sums` over the pieces in reading order: the cells between two pieces share
    one sum and are filled at once."""
    height, width = shape
    if row.size == 0:
        return np.zeros(shape)
    # Left of the window a piece adds its height from the row's first cell; from the last
    # cell on, to no cell of its row (it sorts after the row's other pieces).
    col = np.clip(col, -1, width)
    order = np.argsort(row * (width + 2) + col + 1, kind="stable")
    row, col, height_of = row[order], col[order], height_of[order]
    running = np.cumsum(height_of)
    # A closed ring leaves every row as often upwards as downwards, so each row's heights
    # sum to zero: what the rows above leave in the sum is rounding, taken out row by row.
    first = np.flatnonzero(np.diff(row, prepend=-1))
    running -= np.repeat((running - height_of)[first], np.diff(first, append=row.size))
    # A piece's sum holds from the cell right of it up to the next piece's; the last
    # piece of a row (the sum back at zero) holds until the next row's first.
    at = row * width + np.minimum(col, width - 1) + 1
    last = np.append(at[1:] != at[:-1], True)  # several pieces in one cell: the last sum
    at, running = at[last], running[last]
    lengths = np.diff(at, prepend=0, append=height * width)
    return np.repeat(np.append(0.0, running), lengths).reshape(shape)


def _edges(
    area: shapely.Geometry, c: float, a: float, f: float, e: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every ring's edges in cell units (x right, y down from the grid's corner), each
    ring turned so that outer rings add area and holes take it away."""
    xy, ring = _rings(area)
    x, y = (xy[:, 0] - c) / a, (xy[:, 1] - f) / e
    if ring is None:
        return x[:-1], y[:-1], x[1:], y[1:]
    # Edges join consecutive vertices of the same ring (each ring repeats its first vertex).
    same = ring[1:] == ring[:-1]
    return x[:-1][same], y[:-1][same], x[1:][same], y[1:][same]


def _rings(area: shapely.Geometry) -> tuple[np.ndarray, np.ndarray | None]:
    """The vertices of every ring, outer rings counter-clockwise and holes clockwise, and
    the ring each vertex belongs to (None when there is one ring: a circle, most plots,
    read without building a ring object per ring)."""
    if area.geom_type == "Polygon" and shapely.get_num_interior_rings(area) == 0:
        xy = shapely.get_coordinates(area)
        return (xy if shapely.is_ccw(shapely.get_exterior_ring(area)) else xy[::-1]), None
    polygons = shapely.get_parts(area)
    rings = shapely.get_rings(polygons)
    per_polygon = shapely.get_num_interior_rings(polygons) + 1
    outer = np.zeros(rings.size, bool)
    outer[np.cumsum(per_polygon) - per_polygon] = True  # each polygon's rings start with its outer one
    xy, ring = shapely.get_coordinates(rings, return_index=True)
    backwards = (shapely.is_ccw(rings) != outer)[ring]
    if backwards.any():  # such a ring is read from its last vertex to its first
        size = np.bincount(ring, minlength=rings.size)
        begin = np.cumsum(size) - size
        index = np.arange(ring.size)
        xy = xy[np.where(backwards, 2 * begin[ring] + size[ring] - 1 - index, index)]
    return xy, ring


def _polygonal(area: shapely.Geometry) -> bool:
    return area.area > 0 and area.geom_type in ("Polygon", "MultiPolygon")


def cell_coverage(area: shapely.Geometry, shape: tuple[int, int], transform: Affine) -> np.ndarray:
    """The share (0..1) of each grid cell that lies inside the area, by GEOS
    intersections: for what `exact_coverage` does not measure (points, lines, a rotated grid).

    Only cells the area touches are measured (rasterio's all-touched mask). In a large
    window (a 50 km circle holds millions of cells) a touched cell more than one cell
    away from the area's outline lies wholly inside and weighs 1 without any geometry
    being built for it; only the cells along the outline are measured. Of those, cells
    wholly inside a prepared polygon weigh 1 without an intersection, and the rest are
    intersected one by one, vectorised by shapely. An area without extent (a point or a
    line) weighs the cells it touches equally.
    """
    weights = np.zeros(shape, dtype="float64")
    if shape[0] * shape[1] <= _SMALL_WINDOW_CELLS:
        # A plot-sized window: every cell is a candidate; rasterising would cost more.
        rows, cols = np.indices(shape).reshape(2, -1)
    else:
        touched = rasterio.features.geometry_mask([area], shape, transform, invert=True, all_touched=True)
        if area.area > 0 and area.geom_type in ("Polygon", "MultiPolygon"):
            outline = _grown(
                rasterio.features.geometry_mask(
                    [area.boundary], shape, transform, invert=True, all_touched=True
                )
            )
            weights[touched & ~outline] = 1.0
            touched &= outline
        rows, cols = np.nonzero(touched)
    if rows.size == 0:
        return weights
    if area.area == 0:
        weights[rows, cols] = 1.0
        return weights
    a, b, c, d, e, f = transform[:6]  # x = a*col + b*row + c, y = d*col + e*row + f
    x0, y0 = a * cols + b * rows + c, d * cols + e * rows + f
    x1, y1 = x0 + a + b, y0 + d + e
    cells = shapely.box(np.minimum(x0, x1), np.minimum(y0, y1), np.maximum(x0, x1), np.maximum(y0, y1))
    shapely.prepare(area)
    inside = shapely.contains_properly(area, cells)
    share = np.ones(rows.size)
    edge = ~inside
    if rows.size <= _SMALL_WINDOW_CELLS:
        edge &= shapely.intersects(area, cells)  # untouched cells of a small window weigh 0
        share[~inside & ~edge] = 0.0
    if edge.any():
        cell_area = shapely.area(cells[edge])
        share[edge] = shapely.area(shapely.intersection(cells[edge], area)) / cell_area
    weights[rows, cols] = np.clip(share, 0.0, 1.0)
    return weights


def _grown(mask: np.ndarray) -> np.ndarray:
    """The mask and its eight neighbours of every cell: the margin that keeps a cell the
    outline only grazes (at a corner, along a cell edge) among the cells measured."""
    grown = mask.copy()
    grown[1:, :] |= mask[:-1, :]
    grown[:-1, :] |= mask[1:, :]
    wide = grown.copy()
    wide[:, 1:] |= grown[:, :-1]
    wide[:, :-1] |= grown[:, 1:]
    return wide


def _pixel_window(
    src: OpenedLayer, bounds: tuple[float, float, float, float]
) -> rasterio.windows.Window | None:
    """Whole pixels covering the bounds, clipped to the raster; None if outside it.

    Done by hand because rasterio's rounding helpers floor the offset without growing
    the length, which can drop the last row or column of the area (and because its
    from_bounds builds Affine objects on every call).
    """
    sa, sb, sc, sd, se, sf = src.inverse
    west, south, east, north = bounds
    corners = ((west, north), (east, north), (east, south), (west, south))
    cols = [sa * x + sb * y + sc for x, y in corners]
    rows = [sd * x + se * y + sf for x, y in corners]
    col_off, row_off = min(cols), min(rows)
    width, height = max(max(cols) - col_off, 0.0), max(max(rows) - row_off, 0.0)
    eps = 1e-6  # bounds exactly on a pixel edge must not pull in the neighbour pixel
    col0 = max(0, math.floor(col_off + eps))
    row0 = max(0, math.floor(row_off + eps))
    col1 = min(src.width, math.ceil(col_off + width - eps))
    row1 = min(src.height, math.ceil(row_off + height - eps))
    if col1 <= col0 or row1 <= row0:
        return None
    return rasterio.windows.Window(col0, row0, col1 - col0, row1 - row0)


def _valid_pixels(values: np.ndarray, nodata: float | None) -> np.ndarray:
    valid = np.ones(values.shape, bool) if nodata is None else values != nodata
    if np.issubdtype(values.dtype, np.floating):
        valid &= np.isfinite(values)
    return valid


def _replace_note(evidence: LayerEvidence, note: str) -> LayerEvidence:
    return LayerEvidence(**{**evidence.__dict__, "note": note})


def validate_layer(path: Path | str, kind: LayerKind | str) -> list[str]:
    """Problems that make a file unusable as a layer of this kind; empty if it is fine.

    Used by the management command that registers layers, so that a wrong file is
    rejected when it is configured rather than discovered at scoring time. Values are
    checked on a sample window (the centre of the raster) to stay fast on global tiles.
    """
    kind = LayerKind(kind)
    if is_remote(path):
        if not host_allowed(str(path)):
            return [f"host of {path} is not in FOREST_DATA_ALLOWED_HOSTS"]
        path = remote_path(str(path))
    try:
        with gdal_env(), rasterio.open(path) as src:
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
