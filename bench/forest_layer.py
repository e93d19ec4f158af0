"""Batch points and a synthetic Hansen-style `lossyear` GeoTIFF that just covers them."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import rasterio
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
