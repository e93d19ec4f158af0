"""Polygon plots and large jobs: 500 polygons on two 30 m layers (synchronous batch) and a
10,000-plot job scored by the one bench worker (`--pool=solo`)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import rasterio
from core import Context
from forest_layer import MARGIN_DEG, PIXEL_DEG, SIZE_DEG, SOUTH, WEST, write_loss_year_tif
from harness import Measurement, http, json_body, manage, timed_requests
from rasterio.transform import from_origin

PLOT_DEG = 0.002  # a square of about 140 m x 220 m (3 ha) at 52 N, some 7 x 7 pixels


def polygon_features(n: int, seed: int = 2025) -> list[dict]:
    rng = random.Random(seed)
    features = []
    for i in range(n):
        w = round(WEST + rng.random() * (SIZE_DEG - PLOT_DEG), 6)
        s = round(SOUTH + rng.random() * (SIZE_DEG - PLOT_DEG), 6)
        e, north = round(w + PLOT_DEG, 6), round(s + PLOT_DEG, 6)
        ring = [[w, s], [e, s], [e, north], [w, north], [w, s]]
        features.append(
            {
                "type": "Feature",
                "properties": {"ProducerName": f"Producer {i}"},
                "geometry": {"type": "Polygon", "coordinates": [ring]},
            }
        )
    return features


def job_features() -> list[dict]:
    """The 10,000-plot job: 5,000 polygons, then 5,000 points of 1 ha."""
    features = polygon_features(5000, seed=11)
    rng = random.Random(12)
    for i in range(5000):
        lat, lng = SOUTH + rng.random() * SIZE_DEG, WEST + rng.random() * SIZE_DEG
        point = {"type": "Point", "coordinates": [round(lng, 6), round(lat, 6)]}
        features.append({"type": "Feature", "properties": {"Area": 1.0, "n": i}, "geometry": point})
    return features


def write_cover_class_tif(path, seed: int = 7) -> None:
    """A JRC-style forest/non-forest layer (0/1) on the same 30 m grid as the loss layer."""
    extent = SIZE_DEG + 2 * MARGIN_DEG
    width = height = int(np.ceil(extent / PIXEL_DEG))
    rng = np.random.default_rng(seed)
    coarse = (rng.random(((height + 15) // 16, (width + 15) // 16)) < 0.4).astype(np.uint8)
    data = np.repeat(np.repeat(coarse, 16, axis=0), 16, axis=1)[:height, :width]
    profile = {
        "driver": "GTiff",
        "dtype": "uint8",
        "count": 1,
        "width": width,
        "height": height,
        "crs": "EPSG:4326",
        "transform": from_origin(WEST - MARGIN_DEG, SOUTH + SIZE_DEG + MARGIN_DEG, PIXEL_DEG, PIXEL_DEG),
        "nodata": 255,
        "tiled": True,
        "blockxsize": 256,
        "blockysize": 256,
        "compress": "deflate",
    }
    with rasterio.open(path, "w", **profile) as dst:
        dst.write(data, 1)


@contextmanager
def two_layers(ctx: Context) -> Iterator[None]:
    """Register the two layers in the bench database (read by the server and the worker
    alike), and deactivate them afterwards so later rows are unaffected."""
    loss, cover = ctx.tmp / "bench_loss.tif", ctx.tmp / "bench_cover.tif"
    write_loss_year_tif(loss)
    write_cover_class_tif(cover)
    layers = (("bench loss", "loss_year", loss), ("bench cover", "forest_cover_2020_class", cover))
    for name, kind, path in layers:
        manage(ctx.env, "register_forest_layer", "--name", name, "--kind", kind, "--path", str(path))
    try:
        yield
    finally:
        for name, kind, path in layers:
            args = ("--name", name, "--kind", kind, "--path", str(path), "--deactivate")
            manage(ctx.env, "register_forest_layer", *args)


def _check_layers_used(body: bytes) -> None:
    answer = json.loads(body)["results"][0]
    # Registration order is priority order (loss first here); what matters is that both answered.
    if sorted(answer["data_coverage"]["layers_answered"]) != ["bench cover", "bench loss"]:
        raise RuntimeError(f"the layers were not used: {answer['data_coverage']!r}")


def risk_batch_polygons(ctx: Context) -> Measurement:
    body, headers = json_body({"type": "FeatureCollection", "features": polygon_features(500)})
    url = ctx.url("/api/eudr/v1/risk-score/batch")
    headers = {**ctx.auth, **headers}
    with two_layers(ctx):
        status, _, sample = http(url, method="POST", headers=headers, body=body)
        if status != 200:
            raise RuntimeError(f"batch answered {status}: {sample[:500]!r}")
        _check_layers_used(sample)
        m = timed_requests(url, n=ctx.scaled(10, 3), method="POST", headers=headers, body=body, warmup=1)
    m.values["seconds"] = (m.p50_ms or 0) / 1000
    m.notes += f"; body {len(body) / 1024:,.0f} KiB; exact cell coverage on two 30 m layers"
    return m


def risk_job_10k(ctx: Context) -> Measurement:
    """POST a 10,000-plot job (half polygons, half points) and poll until done."""
    body, headers = json_body({"type": "FeatureCollection", "features": job_features()})
    with two_layers(ctx):
        start = time.perf_counter()
        status, answer_headers, answer = http(
            ctx.url("/api/eudr/v1/risk-score/jobs"), method="POST", headers={**ctx.auth, **headers}, body=body
        )
        if status != 202:
            raise RuntimeError(f"job answered {status}: {answer[:500]!r}")
        accepted = time.perf_counter() - start
        location = answer_headers.get("Location") or answer_headers.get("location")
        deadline = start + 600
        while True:
            _, _, state = http(ctx.url(location), headers=ctx.auth)
            job = json.loads(state)
            if job["status"] in ("done", "cancelled") or time.perf_counter() > deadline:
                break
            time.sleep(0.25)
        seconds = time.perf_counter() - start
        if job["status"] != "done":
            raise RuntimeError(f"job did not finish: {job!r}")
        _, _, geojson = http(ctx.url(location + "/results.geojson"), headers=ctx.auth)
    notes = (
        f"POST answered 202 in {accepted:.2f} s; body {len(body) / 1e6:.1f} MB; "
        f"GeoJSON {len(geojson) / 1e6:.1f} MB; counts {job['counts']}"
    )
    return Measurement(None, None, None, None, notes, {"seconds": seconds})
