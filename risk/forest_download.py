"""Downloading, checking and mosaicking publisher tiles.

Every request goes through the one outbound client (eudr_service.lib.safe_http).
Downloads go to `<file>.part` and resume with an HTTP Range request after a dropped
connection or an interrupted run; a file only gets its real name after it passed every
check, so a half-written or corrupt tile is never mistaken for data.
"""

from __future__ import annotations

import base64
import hashlib
import os
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import rasterio
import rasterio.errors
import rasterio.windows
from django.conf import settings
from rasterio.crs import CRS

from eudr_service.lib import safe_http
from risk.forest import gdal_env
from risk.forest_sources import Tile

# Small enough that a dropped connection loses little of what arrived (a chunk being
# read when the connection breaks is discarded).
CHUNK_BYTES = 64 * 1024
MAX_ATTEMPTS = 5  # connection drops survived per file before giving up
Progress = Callable[[int, int | None], None]  # (bytes so far, total or None)


class TileMissing(Exception):
    """The publisher has no such tile (404): open sea, or beyond the product's coverage."""


class DownloadFailed(Exception):
    pass


@dataclass(frozen=True)
class Remote:
    """What a HEAD request says about a file."""

    url: str
    size: int | None
    md5: str | None  # hex, when the server publishes one (Google Cloud Storage does)


@dataclass(frozen=True)
class TileInfo:
    width: int
    height: int
    transform: tuple[float, ...]  # GDAL geotransform
    dtype: str
    nodata: float | None


USER_AGENT = "eudr-service forest_data"


def _policy(url: str) -> safe_http.Policy:
    # A configured publisher (settings): loopback only when its host is a loopback name.
    return safe_http.upstream_policy(url)


def _redirect_hosts() -> frozenset[str]:
    return frozenset(h.lower() for h in settings.FOREST_DATA_ALLOWED_HOSTS)


def head(url: str, *, timeout: float) -> Remote:
    """What the publisher says about a file; redirects are followed to allowed hosts only."""
    try:
        with safe_http.stream(
            "HEAD",
            url,
            headers={"User-Agent": USER_AGENT},
            timeout=timeout,
            policy=_policy(url),
            allowed_redirect_hosts=_redirect_hosts(),
        ) as response:
            status, headers = response.status, response.headers
    except (safe_http.OutboundError, safe_http.DestinationRefused) as exc:
        raise DownloadFailed(f"HEAD {url}: {exc}") from exc
    if status == 404:
        raise TileMissing(url)
    if status >= 400:
        raise DownloadFailed(f"HEAD {url}: HTTP {status}")
    length = headers.get("content-length")
    size = int(length) if length and length.isdigit() else None
    return Remote(url=url, size=size, md5=_md5_header(headers))


def _md5_header(headers: dict[str, str]) -> str | None:
    """MD5 from `x-goog-hash: crc32c=...,md5=<base64>` (Google Cloud Storage) or Content-MD5."""
    values = [v.strip() for v in headers.get("x-goog-hash", "").split(",")]
    encoded = next((v[4:] for v in values if v.startswith("md5=")), None) or headers.get("content-md5")
    if not encoded:
        return None
    try:
        return base64.b64decode(encoded, validate=True).hex()
    except ValueError:
        return None


def file_md5(path: Path) -> str:
    digest = hashlib.md5(usedforsecurity=False)
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(CHUNK_BYTES), b""):
            digest.update(block)
    return digest.hexdigest()


def download(
    remote: Remote,
    part: Path,
    *,
    timeout: float,
    progress: Progress | None = None,
) -> Path:
    """Fetch `remote` into `part`, resuming what is already there; returns `part`.

    Streamed to disk in CHUNK_BYTES pieces; `timeout` bounds the connect and each read
    (a stalled transfer fails, a long one does not). The size and (when published) the
    MD5 are checked here; the caller checks the content and renames the file."""
    part.parent.mkdir(parents=True, exist_ok=True)
    for _attempt in range(MAX_ATTEMPTS):
        offset = part.stat().st_size if part.exists() else 0
        if remote.size is not None and offset > remote.size:
            part.unlink()  # left over from a different file of the same name
            offset = 0
        if remote.size is not None and offset == remote.size:
            break
        headers = {"User-Agent": USER_AGENT, **({"Range": f"bytes={offset}-"} if offset else {})}
        try:
            with safe_http.stream(
                "GET",
                remote.url,
                headers=headers,
                timeout=timeout,
                policy=_policy(remote.url),
                allowed_redirect_hosts=_redirect_hosts(),
            ) as response:
                if response.status == 404:
                    raise TileMissing(remote.url)
                if response.status == 206 and _range_start(response.headers) == offset:
                    mode = "ab"
                elif response.status == 200:
                    mode, offset = "wb", 0  # the server ignored the range: start over
                else:
                    raise DownloadFailed(f"GET {remote.url}: HTTP {response.status}")
                with part.open(mode) as handle:
                    for chunk in response.iter_content(CHUNK_BYTES):
                        handle.write(chunk)
                        offset += len(chunk)
                        if progress:
                            progress(offset, remote.size)
        except safe_http.DestinationRefused as exc:
            raise DownloadFailed(f"GET {remote.url}: {exc}") from exc
        except safe_http.OutboundError:
            continue  # dropped or refused: resume from what arrived
        if remote.size is None or part.stat().st_size >= remote.size:
            break
    else:
        raise DownloadFailed(f"{remote.url}: gave up after {MAX_ATTEMPTS} interrupted attempts")
    size = part.stat().st_size
    if remote.size is not None and size != remote.size:
        part.unlink()
        raise DownloadFailed(f"{remote.url}: got {size} bytes, the server announced {remote.size}")
    if remote.md5 and file_md5(part) != remote.md5:
        part.unlink()
        raise DownloadFailed(f"{remote.url}: MD5 differs from the publisher's")
    return part


def _range_start(headers: dict[str, str]) -> int | None:
    # Content-Range: bytes 1000-1999/2000
    value = headers.get("content-range", "")
    try:
        return int(value.split()[1].split("-")[0])
    except (IndexError, ValueError):
        return None


def check_tile(source: str, *, tile: Tile, value_range: tuple[int, int]) -> tuple[TileInfo | None, list[str]]:
    """Problems that make a file unusable as this tile; (info, []) when it is fine.

    Checks that it opens as a GeoTIFF, is in EPSG:4326, covers exactly the tile's
    extent (to half a pixel), has an integer band and that sampled values lie in range.
    `source` is a local path or a /vsicurl/ address.
    """
    try:
        with gdal_env(), rasterio.open(source) as src:
            problems = []
            if src.driver != "GTiff":
                problems.append(f"not a GeoTIFF ({src.driver})")
            if src.crs is None or src.crs.to_epsg() != 4326:
                problems.append(f"CRS must be EPSG:4326, is {src.crs}")
            half_x, half_y = abs(src.res[0]) / 2, abs(src.res[1]) / 2
            want = tile.bounds
            got = tuple(src.bounds)
            tolerance = (half_x, half_y, half_x, half_y)
            if any(abs(g - w) > t for g, w, t in zip(got, want, tolerance, strict=True)):
                problems.append(f"extent {_fmt(got)} is not the tile's {_fmt(want)}")
            dtype = np.dtype(src.dtypes[0])
            if not np.issubdtype(dtype, np.integer):
                problems.append(f"band must be integer, is {dtype}")
            sample = _sample(src)
            nodata = src.nodata
            info = TileInfo(src.width, src.height, tuple(src.transform.to_gdal()), str(dtype), nodata)
    except (rasterio.errors.RasterioError, OSError) as exc:
        return None, [f"cannot be read as a GeoTIFF: {exc}"]
    values = sample if nodata is None else sample[sample != nodata]
    low, high = value_range
    if nodata is not None and low <= nodata <= high:
        # e.g. nodata 0 on a forest map would hide every non-forest pixel and inflate shares
        problems.append(f"nodata value {nodata:g} is a valid data value ({low}..{high})")
    if values.size and (values.min() < low or values.max() > high):
        problems.append(f"values must lie within {low}..{high}, sample has {values.min()}..{values.max()}")
    return (None if problems else info), problems


def _sample(src: rasterio.DatasetReader) -> np.ndarray:
    """Values from the centre and the four corners (a few blocks, not a 1.6 GB tile)."""
    size = min(src.width, 256), min(src.height, 256)
    offsets = [
        ((src.width - size[0]) // 2, (src.height - size[1]) // 2),
        (0, 0),
        (src.width - size[0], 0),
        (0, src.height - size[1]),
        (src.width - size[0], src.height - size[1]),
    ]
    return np.concatenate(
        [src.read(1, window=rasterio.windows.Window(x, y, *size)).ravel() for x, y in offsets]
    )


def _fmt(bounds: tuple[float, ...]) -> str:
    return "(" + ", ".join(f"{v:g}" for v in bounds) + ")"


_GDAL_TYPES = {
    "uint8": "Byte",
    "int8": "Int8",
    "uint16": "UInt16",
    "int16": "Int16",
    "uint32": "UInt32",
    "int32": "Int32",
}


def write_vrt(path: Path, tiles: list[tuple[str, TileInfo]]) -> None:
    """A GDAL VRT mosaic over tiles of one grid, so that reads cross tile edges.

    Written by hand (a few lines of XML) because rasterio has no gdalbuildvrt. Areas
    between tiles that the publisher does not serve read as nodata, never as zero.
    """
    if not tiles:
        raise ValueError("a mosaic needs at least one tile")
    first = tiles[0][1]
    res_x, res_y = first.transform[1], first.transform[5]
    if any(
        info.transform[1] != res_x or info.transform[5] != res_y or info.dtype != first.dtype
        for _, info in tiles
    ):
        raise ValueError("tiles of one layer must share pixel size and data type")
    west = min(info.transform[0] for _, info in tiles)
    north = max(info.transform[3] for _, info in tiles)
    east = max(info.transform[0] + info.width * res_x for _, info in tiles)
    south = min(info.transform[3] + info.height * res_y for _, info in tiles)
    width, height = round((east - west) / res_x), round((south - north) / res_y)
    nodata = first.nodata if first.nodata is not None else _spare_nodata(first.dtype)

    root = ET.Element("VRTDataset", rasterXSize=str(width), rasterYSize=str(height))
    ET.SubElement(root, "SRS", dataAxisToSRSAxisMapping="2,1").text = CRS.from_epsg(4326).to_wkt()
    ET.SubElement(root, "GeoTransform").text = ", ".join(
        repr(v) for v in (west, res_x, 0.0, north, 0.0, res_y)
    )
    band = ET.SubElement(root, "VRTRasterBand", dataType=_GDAL_TYPES[first.dtype], band="1")
    ET.SubElement(band, "NoDataValue").text = repr(float(nodata))
    for source, info in tiles:
        simple = ET.SubElement(band, "SimpleSource")
        ET.SubElement(simple, "SourceFilename", relativeToVRT="0").text = source
        ET.SubElement(simple, "SourceBand").text = "1"
        ET.SubElement(simple, "SrcRect", xOff="0", yOff="0", xSize=str(info.width), ySize=str(info.height))
        ET.SubElement(
            simple,
            "DstRect",
            xOff=str(round((info.transform[0] - west) / res_x)),
            yOff=str(round((info.transform[3] - north) / res_y)),
            xSize=str(info.width),
            ySize=str(info.height),
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    ET.ElementTree(root).write(tmp, encoding="unicode")
    os.replace(tmp, path)  # readers never see a half-written mosaic


def _spare_nodata(dtype: str) -> int:
    # The products' values are small (0..100); the type's maximum marks "no tile here".
    return int(np.iinfo(np.dtype(dtype)).max)


def tile_count_bytes(size: int | None) -> str:
    if size is None:
        return "size unknown"
    return f"{size / 1e6:.1f} MB" if size >= 1e5 else f"{size} B"
