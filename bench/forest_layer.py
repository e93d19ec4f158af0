"""Batch points and a synthetic Hansen-style `lossyear` GeoTIFF that just covers them."""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import rasterio
import rasterio.windows
from rasterio.transform import from_origin

# 500 points in a 1°x1° square of central Poland (mazowieckie, around Warsaw), so a
# 30 m raster covering them stays small; without a layer the position does not matter.
SOUTH, WEST, SIZE_DEG = 51.5, 20.0, 1.0
PIXEL_DEG = 0.00027  # about 30 m, the Hansen GFC grid
NODATA = 255
# 1 km radius at 52° N is 0.009° of latitude and 0.015° of longitude; keep a margin.
MARGIN_DEG = 0.03


def batch_points(n: int = 500, seed: int | str = 2025) -> list[dict[str, float]]:
    rng = random.Random(seed)
    return [
        {"lat": round(SOUTH + rng.random() * SIZE_DEG, 6), "lng": round(WEST + rng.random() * SIZE_DEG, 6)}
        for _ in range(n)
    ]


def write_loss_year_tif(path: Path, seed: int = 2025) -> dict[str, float]:
    """Write the layer; return its width, height and file size.

    Values are patches of 16x16 pixels (about 500 m): mostly 0 (no loss), some loss
    years 1..24 (about a third of them after the EUDR cut-off, >= 21) and a few nodata
    patches, as a real tile has. Tiled and deflate-compressed like the published tiles,
    so the service reads small windows.
    """
    extent = SIZE_DEG + 2 * MARGIN_DEG
    width = height = int(np.ceil(extent / PIXEL_DEG))
    rng = np.random.default_rng(seed)
    patches = (height + 15) // 16, (width + 15) // 16
    draw = rng.random(patches)
    coarse = np.zeros(patches, dtype=np.uint8)
    lossy = draw < 0.12
    coarse[lossy] = rng.integers(1, 25, size=int(lossy.sum()), dtype=np.uint8)
    coarse[draw > 0.99] = NODATA
    data = np.repeat(np.repeat(coarse, 16, axis=0), 16, axis=1)[:height, :width]
    profile = {
        "driver": "GTiff",
        "dtype": "uint8",
        "count": 1,
        "width": width,
        "height": height,
        "crs": "EPSG:4326",
        "transform": from_origin(WEST - MARGIN_DEG, SOUTH + SIZE_DEG + MARGIN_DEG, PIXEL_DEG, PIXEL_DEG),
        "nodata": NODATA,
        "tiled": True,
        "blockxsize": 256,
        "blockysize": 256,
        "compress": "deflate",
    }
    with rasterio.open(path, "w", **profile) as dst:
        dst.write(data, 1)
    return {"width": width, "height": height, "bytes": path.stat().st_size}


# Layers at the published resolutions, over a 2°x2° box that holds the whole of
# opolskie (about 49.97-51.2 N, 16.9-18.7 E): JRC GFC2020 (10 m, 1/11132°, forest
# class 0/1, nodata 255, 512-pixel tiles, deflate) and Hansen GFC lossyear (30 m,
# 0.00025°, years 0..24, 256-pixel tiles, deflate). Generated on first use and kept
# under var/ (gitignored), so later runs reuse them; the version in the file name
# changes whenever the pattern does.
REAL_WEST, REAL_SOUTH, REAL_SIZE_DEG = 16.85, 49.75, 2.0
JRC_PIXEL_DEG = 1 / 11132
HANSEN_PIXEL_DEG = 0.00025
REAL_LAYERS_VERSION = 1
FOREST_SHARE = 0.30
# Smoothed noise: octaves of bilinear value noise (cell size in degrees, amplitude), so
# forest patches range from a few 10 m pixels (the finest octave) to kilometres.
_OCTAVES = ((0.03, 1.0), (0.008, 0.55), (0.002, 0.3), (0.0006, 0.18))
_LOSS_CELL_DEG = 0.0009  # loss clusters of a few 30 m pixels
# Share of the loss noise's cells above the cut: about 4% of forest pixels end up lost.
_LOSS_CELLS_ABOVE_CUT = 0.12
_YEAR_CELL_DEG = 0.005  # a cluster's pixels share the year of the ~500 m cell they lie in
_STRIP_ROWS = 512  # rows generated at a time: whole tile rows, bounded memory


def real_layers(folder: Path) -> dict[str, Path]:
    """The JRC-style cover layer and the Hansen-style loss layer, generated if missing."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {
        "cover": folder / f"jrc_gfc2020_10m_v{REAL_LAYERS_VERSION}.tif",
        "loss": folder / f"hansen_lossyear_30m_v{REAL_LAYERS_VERSION}.tif",
    }
    if all(path.exists() for path in paths.values()):
        return paths
    noise = _Noise(seed=2020)
    threshold = noise.quantile(1 - FOREST_SHARE)
    if not paths["cover"].exists():
        _write_strips(paths["cover"], JRC_PIXEL_DEG, 512, lambda lon, lat: _cover(noise, threshold, lon, lat))
    if not paths["loss"].exists():
        loss = _LossPattern(noise, threshold, seed=2021)
        _write_strips(paths["loss"], HANSEN_PIXEL_DEG, 256, loss.years)
    return paths


def real_layer_files(paths: dict[str, Path]) -> str:
    """The layers' grids and sizes, for a row's notes."""
    parts = []
    for name, path in paths.items():
        with rasterio.open(path) as src:
            parts.append(
                f"{name} {src.width}x{src.height} px, {src.res[0]:.8f}°, "
                f"tiles {src.block_shapes[0][0]}, {src.compression.value if src.compression else 'none'}, "
                f"{path.stat().st_size / 1e6:.0f} MB"
            )
    return "; ".join(parts)


class _Noise:
    """Value noise defined everywhere in the box, so both grids see the same forest."""

    def __init__(self, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.grids = [
            (cell, amp, rng.standard_normal((int(REAL_SIZE_DEG / cell) + 3,) * 2).astype(np.float32))
            for cell, amp in _OCTAVES
        ]

    def at(self, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
        """Noise on the grid of the 1-D coordinates lon (columns) x lat (rows)."""
        total = np.zeros((lat.size, lon.size), dtype=np.float32)
        for cell, amp, grid in self.grids:
            # +1: a grid starts one cell outside the box, so the edge pixels have neighbours.
            total += amp * bilinear(grid, (lon - REAL_WEST) / cell + 1, (lat - REAL_SOUTH) / cell + 1)
        return total

    def quantile(self, q: float) -> float:
        sample = np.linspace(REAL_WEST, REAL_WEST + REAL_SIZE_DEG, 1500)
        return float(np.quantile(self.at(sample, sample - REAL_WEST + REAL_SOUTH), q))


def bilinear(grid: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The grid interpolated at columns x and rows y (grid units): rows first, so the
    column gather runs once per output row."""
    y0 = np.floor(y).astype(np.intp)
    wy = (y - y0).astype(np.float32)[:, None]
    rows = grid[y0] * (1 - wy) + grid[y0 + 1] * wy
    x0 = np.floor(x).astype(np.intp)
    wx = (x - x0).astype(np.float32)
    return rows[:, x0] * (1 - wx) + rows[:, x0 + 1] * wx


def _cover(noise: _Noise, threshold: float, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
    return (noise.at(lon, lat) > threshold).astype(np.uint8)


class _LossPattern:
    """Loss as small clusters inside forest, each with one year (a third after 2020)."""

    def __init__(self, noise: _Noise, threshold: float, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.noise, self.threshold = noise, threshold
        self.cells = rng.standard_normal((int(REAL_SIZE_DEG / _LOSS_CELL_DEG) + 3,) * 2).astype(np.float32)
        self.cut = float(np.quantile(self.cells, 1 - _LOSS_CELLS_ABOVE_CUT))
        n = int(REAL_SIZE_DEG / _YEAR_CELL_DEG) + 2
        before = rng.integers(1, 21, size=(n, n), dtype=np.uint8)
        after = rng.integers(21, 25, size=(n, n), dtype=np.uint8)
        self.year = np.where(rng.random((n, n)) < 1 / 3, after, before)

    def years(self, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
        forest = self.noise.at(lon, lat) > self.threshold
        x, y = (lon - REAL_WEST) / _LOSS_CELL_DEG + 1, (lat - REAL_SOUTH) / _LOSS_CELL_DEG + 1
        lossy = forest & (bilinear(self.cells, x, y) > self.cut)
        rows = ((lat - REAL_SOUTH) / _YEAR_CELL_DEG).astype(np.intp)
        cols = ((lon - REAL_WEST) / _YEAR_CELL_DEG).astype(np.intp)
        return np.where(lossy, self.year[rows][:, cols], 0).astype(np.uint8)


def _write_strips(path: Path, pixel: float, block: int, values) -> None:
    """Write the layer strip by strip (memory bounded by a strip), to a temporary name
    first so that an interrupted run leaves no half-written layer behind."""
    west = math.floor(REAL_WEST / pixel) * pixel  # on the publisher's global grid
    north = math.ceil((REAL_SOUTH + REAL_SIZE_DEG) / pixel) * pixel
    size = round(REAL_SIZE_DEG / pixel)
    profile = {
        "driver": "GTiff",
        "dtype": "uint8",
        "count": 1,
        "width": size,
        "height": size,
        "crs": "EPSG:4326",
        "transform": from_origin(west, north, pixel, pixel),
        "nodata": NODATA,
        "tiled": True,
        "blockxsize": block,
        "blockysize": block,
        "compress": "deflate",
        "num_threads": "all_cpus",
    }
    lon = west + (np.arange(size) + 0.5) * pixel
    partial = path.with_suffix(".partial.tif")
    with rasterio.Env(GDAL_CACHEMAX=64), rasterio.open(partial, "w", **profile) as dst:
        for row in range(0, size, _STRIP_ROWS):
            rows = min(_STRIP_ROWS, size - row)
            lat = north - (row + np.arange(rows) + 0.5) * pixel
            dst.write(values(lon, lat), 1, window=rasterio.windows.Window(0, row, size, rows))
    partial.rename(path)
