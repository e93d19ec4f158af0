"""A fake forest-data publisher: a local HTTP server (HEAD, GET, Range) serving small
GeoTIFF tiles under the JRC's and UMD's real file names and folder layouts.

Tiles are real 10 x 10 degree GeoTIFFs at 0.02 degree pixels (500 x 500), so every
check the command makes (extent, CRS, values) runs against the real arithmetic.
"""

from __future__ import annotations

import base64
import hashlib
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np
from rasterio.io import MemoryFile
from rasterio.transform import from_origin

from risk.forest_sources import Product, Tile, file_name

PIXEL = 0.02
SIZE = 500  # pixels per side: 10 degrees
JRC_FOLDER = "/ftp/jrc-opendata/FOREST/GFC2020/LATEST/tiles/"
HANSEN_FOLDER = "/earthenginepartners-hansen/"
JRC_VERSION, HANSEN_VERSION = "V4", "GFC-2025-v1.13"


def tile_tiff(tile: Tile, values: np.ndarray, *, nodata: int | None = None, shift: float = 0.0) -> bytes:
    """GeoTIFF bytes of a tile (uint8, EPSG:4326, deflate, tiled like a COG)."""
    with MemoryFile() as memory:
        with memory.open(
            driver="GTiff",
            width=values.shape[1],
            height=values.shape[0],
            count=1,
            dtype="uint8",
            crs="EPSG:4326",
            transform=from_origin(tile.west + shift, tile.north, PIXEL, PIXEL),
            nodata=nodata,
            compress="deflate",
            tiled=True,
            blockxsize=256,
            blockysize=256,
        ) as dst:
            dst.write(values, 1)
        return memory.read()


def pixel_of(tile: Tile, lat: float, lng: float) -> tuple[int, int]:
    """(row, col) of the pixel holding a coordinate in a tile."""
    return int((tile.north - lat) / PIXEL), int((lng - tile.west) / PIXEL)


def path_for(product: Product, tile: Tile, version: str | None = None) -> str:
    if product is Product.JRC_GFC2020:
        return JRC_FOLDER + file_name(product, version or JRC_VERSION, tile)
    version = version or HANSEN_VERSION
    return f"{HANSEN_FOLDER}{version}/{file_name(product, version, tile)}"


@dataclass
class Publisher:
    """What the fake serves, how it misbehaves, and what it was asked."""

    files: dict[str, bytes] = field(default_factory=dict)
    drop_once: set[str] = field(default_factory=set)  # paths whose first GET breaks mid-file
    md5_override: dict[str, str] = field(default_factory=dict)  # wrong checksums to announce
    requests: list[tuple[str, str, str]] = field(default_factory=list)  # (method, path, Range)
    url: str = ""

    def add(self, product: Product, tile: Tile, data: bytes, version: str | None = None) -> str:
        path = path_for(product, tile, version)
        self.files[path] = data
        return path

    def gets(self, path: str) -> list[str]:
        """Range headers of the GETs of a path ('' for a whole-file GET)."""
        return [rng for method, p, rng in self.requests if method == "GET" and p == path]

    def settings(self) -> dict[str, object]:
        return {
            "FOREST_JRC_GFC2020_URL": self.url + JRC_FOLDER,
            "FOREST_HANSEN_URL": self.url + HANSEN_FOLDER,
            "FOREST_DATA_ALLOWED_HOSTS": ["127.0.0.1"],
            "FOREST_JRC_GFC2020_VERSION": JRC_VERSION,
            "FOREST_HANSEN_VERSION": HANSEN_VERSION,
        }


@contextmanager
def running_publisher() -> Iterator[Publisher]:
    state = Publisher()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive and ranges, as GDAL expects

        def do_HEAD(self):
            self._serve(body=False)

        def do_GET(self):
            self._serve(body=True)

        def _serve(self, *, body: bool) -> None:
            path = self.path.split("?")[0]
            state.requests.append((self.command, path, self.headers.get("Range", "")))
            data = state.files.get(path)
            if data is None:
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            start, end = 0, len(data) - 1
            match = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", ""))
            if match:
                start = int(match.group(1))
                end = min(int(match.group(2)), end) if match.group(2) else end
                self.send_response(206)
                self.send_header("Content-Range", f"bytes {start}-{end}/{len(data)}")
            else:
                self.send_response(200)
            self.send_header("Accept-Ranges", "bytes")
            self.send_header("Content-Type", "image/tiff")
            self.send_header("Content-Length", str(end - start + 1))
            if path.startswith(HANSEN_FOLDER):  # Google Cloud Storage publishes MD5s
                md5 = state.md5_override.get(path) or base64.b64encode(hashlib.md5(data).digest()).decode()
                self.send_header("x-goog-hash", f"crc32c=AAAAAA==,md5={md5}")
            self.end_headers()
            if not body:
                return
            chunk = data[start : end + 1]
            if self.command == "GET" and path in state.drop_once and not match:
                state.drop_once.discard(path)
                self.wfile.write(chunk[: len(chunk) // 2])
                self.wfile.flush()
                self.close_connection = True
                self.connection.shutdown(2)  # the connection drops mid-file
                return
            self.wfile.write(chunk)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, args=(0.01,), daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


def poland(
    publisher: Publisher,
    *,
    cover: Callable[[Tile], np.ndarray] | None = None,
    loss: Callable[[Tile], np.ndarray] | None = None,
) -> list[Tile]:
    """Serve the four tiles covering Poland for both default products."""
    tiles = [Tile(60, 10), Tile(60, 20), Tile(50, 10), Tile(50, 20)]
    for tile in tiles:
        cover_values = cover(tile) if cover else np.ones((SIZE, SIZE), np.uint8)
        loss_values = loss(tile) if loss else np.zeros((SIZE, SIZE), np.uint8)
        publisher.add(Product.JRC_GFC2020, tile, tile_tiff(tile, cover_values))
        publisher.add(Product.HANSEN_LOSSYEAR, tile, tile_tiff(tile, loss_values))
    return tiles
