"""Fakes for third parties we do not run: the GUGiK ULDK service, as a real local
HTTP server answering in ULDK's text format."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

PARCEL_ID = "141201_1.0001.6509"
POLYGON_LNG_LAT = "POLYGON((21.5890 52.1715,21.5902 52.1715,21.5902 52.1722,21.5890 52.1722,21.5890 52.1715))"
POLYGON_LAT_LNG = "POLYGON((52.1715 21.5890,52.1715 21.5902,52.1722 21.5902,52.1722 21.5890,52.1715 21.5890))"
RECORD = f"{PARCEL_ID}|mazowieckie|miński|Mińsk Mazowiecki (miasto)|SRID=4326;{POLYGON_LNG_LAT}"


@dataclass
class Uldk:
    """What the fake ULDK will answer next, and what it was asked."""

    status: int = 200
    body: str = f"0\n{RECORD}\n"
    delay: float = 0.0
    location: str | None = None
    requests: list[dict[str, list[str]]] = field(default_factory=list)
    raw_paths: list[str] = field(default_factory=list)
    # Per parcel id answers (ULDK's text body); ids not listed get `body`.
    bodies: dict[str, str] = field(default_factory=dict)


@contextmanager
def running_uldk() -> Iterator[tuple[Uldk, str]]:
    state = Uldk()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            state.raw_paths.append(self.path)
            state.requests.append(parse_qs(urlsplit(self.path).query))
            time.sleep(state.delay)
            self.send_response(state.status)
            if state.location:
                self.send_header("Location", state.location)
            requested = parse_qs(urlsplit(self.path).query).get("id", [""])[0]
            payload = state.bodies.get(requested, state.body).encode("utf-8")
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *args):  # keep pytest output clean
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.01,), daemon=True)
    thread.start()
    yield state, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


# --- forest rasters ------------------------------------------------------------------

TILE_WEST, TILE_NORTH, TILE_PIXEL, TILE_SIZE = 21.0, 52.3, 0.00025, 400  # 0.1 deg near Warsaw


def write_tile(path, values) -> str:
    """A uint8 GeoTIFF tile near Warsaw (EPSG:4326, ~28 m pixels, nodata 255)."""
    import rasterio
    from rasterio.transform import from_origin

    with rasterio.open(
        path,
        "w",
        driver="GTiff",
        width=values.shape[1],
        height=values.shape[0],
        count=1,
        dtype="uint8",
        crs="EPSG:4326",
        transform=from_origin(TILE_WEST, TILE_NORTH, TILE_PIXEL, TILE_PIXEL),
        nodata=255,
    ) as dst:
        dst.write(values, 1)
    return str(path)


def loss_tile(path, share_after_cutoff: float) -> str:
    """Loss-year tile: the top rows lost in 2022 (after the cut-off), the rest none."""
    import numpy as np

    values = np.zeros((TILE_SIZE, TILE_SIZE), dtype="uint8")
    values[: round(TILE_SIZE * share_after_cutoff), :] = 22
    return write_tile(path, values)


def forest_layers(tmp_path, *, loss_share: float) -> list[dict[str, str]]:
    """FOREST_LAYERS for a tile that was all forest in 2020 and lost `loss_share` since."""
    import numpy as np

    cover = write_tile(tmp_path / "cover.tif", np.ones((TILE_SIZE, TILE_SIZE), dtype="uint8"))
    return [
        {"name": "cover", "kind": "forest_cover_2020_class", "path": cover},
        {"name": "loss", "kind": "loss_year", "path": loss_tile(tmp_path / "loss.tif", loss_share)},
    ]
