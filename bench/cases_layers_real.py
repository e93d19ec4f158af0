"""Forest layers at their published resolution: a JRC GFC2020-style 10 m cover layer and
a Hansen-style 30 m lossyear layer over a 2°x2° box holding opolskie (forest_layer.py),
scored through the server (500 polygons with a cold page cache, 500 points of 1 km, the
10,000-plot job) and compared with exactextract alone over the same shapes and grids."""

from __future__ import annotations

import cProfile
import json
import math
import os
import pstats
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import shapely
from core import Context
from exactextract import exact_extract
from forest_layer import REAL_SIZE_DEG, REAL_SOUTH, REAL_WEST, real_layer_files, real_layers
from harness import ROOT, Measurement, http, json_body, manage
from workers import children, cpu_seconds

BOX = (
    f"2°x2° box {REAL_SOUTH}-{REAL_SOUTH + REAL_SIZE_DEG} N, "
    f"{REAL_WEST}-{REAL_WEST + REAL_SIZE_DEG} E (holds opolskie)"
)
CACHE = ROOT / "var" / "bench-layers"  # gitignored; generated once, reused by later runs
NAMES = {"cover": "JRC-style 10 m", "loss": "Hansen-style 30 m"}
KINDS = {"cover": "forest_cover_2020_class", "loss": "loss_year"}
EDGE_DEG = 0.05  # plots keep this far from the box's edge: every plot is covered by both layers
BATCH = "/api/eudr/v1/risk-score/batch"


def polygon_plots(n: int, seed: int) -> list[dict]:
    """Irregular polygons of 1-50 ha (log-uniform), spread over the box."""
    rng = random.Random(seed)
    features = []
    for i in range(n):
        lat = REAL_SOUTH + EDGE_DEG + rng.random() * (REAL_SIZE_DEG - 2 * EDGE_DEG)
        lng = REAL_WEST + EDGE_DEG + rng.random() * (REAL_SIZE_DEG - 2 * EDGE_DEG)
        area_m2 = math.exp(rng.uniform(math.log(1e4), math.log(50e4)))
        vertices = rng.randint(5, 8)
        # Evenly spread angles, jittered: every gap below pi keeps the ring star-shaped.
        step = 2 * math.pi / vertices
        angles = [step * (k + rng.uniform(-0.3, 0.3)) for k in range(vertices)]
        radii = [rng.uniform(0.7, 1.3) for _ in range(vertices)]
        # Scale the star-shaped ring to the drawn area (the shoelace area of the unit ring).
        unit = 0.5 * sum(
            radii[k] * radii[k - 1] * math.sin(angles[k] - angles[k - 1] + (2 * math.pi if k == 0 else 0))
            for k in range(vertices)
        )
        r_m = math.sqrt(area_m2 / unit)
        m_lat, m_lng = 110_574.0, 111_320.0 * math.cos(math.radians(lat))
        ring = [
            [round(lng + r_m * rr * math.cos(a) / m_lng, 6), round(lat + r_m * rr * math.sin(a) / m_lat, 6)]
            for a, rr in zip(angles, radii, strict=True)
        ]
        features.append(
            {
                "type": "Feature",
                "properties": {"ProducerName": f"Producer {i}"},
                "geometry": {"type": "Polygon", "coordinates": [[*ring, ring[0]]]},
            }
        )
    return features


def points(n: int, seed: int) -> list[dict[str, float]]:
    rng = random.Random(seed)
    span = REAL_SIZE_DEG - 2 * EDGE_DEG
    return [
        {
            "lat": round(REAL_SOUTH + EDGE_DEG + rng.random() * span, 6),
            "lng": round(REAL_WEST + EDGE_DEG + rng.random() * span, 6),
        }
        for _ in range(n)
    ]


def job_plots() -> list[dict]:
    """The 10,000-plot job as the 30 m row builds it: 5,000 polygons, then 5,000 points of 1 ha."""
    features = polygon_plots(5000, seed=31)
    for i, feature in enumerate(features):
        feature["properties"] = {"n": i}  # short: the body must stay under the 2 MiB request limit
    for i, p in enumerate(points(5000, seed=32)):
        point = {"type": "Point", "coordinates": [p["lng"], p["lat"]]}
        features.append({"type": "Feature", "properties": {"Area": 1.0, "n": i}, "geometry": point})
    return features


_generated: list[float] = []  # seconds this run spent generating the layers (0: reused)


def layer_paths() -> dict[str, Path]:
    start = time.perf_counter()
    paths = real_layers(CACHE)
    if not _generated:
        _generated.append(time.perf_counter() - start)
    return paths


def layers_note(paths: dict[str, Path]) -> str:
    made = (
        f"generated in {_generated[0]:.0f} s this run"
        if _generated[0] > 1
        else "reused from var/bench-layers"
    )
    return f"{BOX}; {real_layer_files(paths)}; layers {made}"


@contextmanager
def registered(ctx: Context) -> Iterator[dict[str, Path]]:
    """The two layers registered in the bench database (server and worker read them),
    deactivated afterwards so later rows are unaffected."""
    paths = layer_paths()
    for key, path in paths.items():
        manage(
            ctx.env, "register_forest_layer", "--name", NAMES[key], "--kind", KINDS[key], "--path", str(path)
        )
    try:
        yield paths
    finally:
        for key, path in paths.items():
            args = ("--name", NAMES[key], "--kind", KINDS[key], "--path", str(path), "--deactivate")
            manage(ctx.env, "register_forest_layer", *args)


def drop_page_cache(paths: dict[str, Path]) -> None:
    """Evict the layer files from the page cache. POSIX_FADV_DONTNEED drops clean pages
    without root (the files are not written after generation, so all pages are clean)."""
    for path in paths.values():
        fd = os.open(path, os.O_RDONLY)
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def resident_bytes(paths: dict[str, Path]) -> int | None:
    """Bytes of the files in the page cache (util-linux fincore), None without it."""
    if not shutil.which("fincore"):
        return None
    out = subprocess.run(
        ["fincore", "--bytes", "--noheadings", "--output", "RES", *map(str, paths.values())],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return sum(int(x) for x in out.split())


def server_cpu(ctx: Context) -> float:
    """CPU seconds of all gunicorn workers so far: the difference around a request is its CPU."""
    return sum(cpu_seconds(pid) for pid in children(ctx.server.pid))


def _check_answered(body: bytes) -> None:
    answer = json.loads(body)["results"][0]
    answered = sorted(answer["data_coverage"]["layers_answered"])
    if answered != sorted(NAMES.values()):
        raise RuntimeError(f"the layers were not used: {answer['data_coverage']!r}")


def _post(ctx: Context, body: bytes, headers: dict[str, str]) -> tuple[float, float, bytes]:
    """One batch: (wall ms, server CPU ms, answer)."""
    cpu, start = server_cpu(ctx), time.perf_counter()
    status, _, answer = http(ctx.url(BATCH), method="POST", headers={**ctx.auth, **headers}, body=body)
    wall = (time.perf_counter() - start) * 1000
    if status != 200:
        raise RuntimeError(f"batch answered {status}: {answer[:500]!r}")
    return wall, (server_cpu(ctx) - cpu) * 1000, answer


def _summary(walls: list[float], cpus: list[float], notes: str) -> Measurement:
    p95 = statistics.quantiles(walls, n=20, method="inclusive")[18] if len(walls) > 1 else walls[0]
    m = Measurement(None, statistics.median(walls), p95, None, notes)
    m.values.update(seconds=m.p50_ms / 1000, cpu_ms=statistics.median(cpus))
    return m


def batch_polygons_cold(ctx: Context) -> Measurement:
    """500 polygons, each request a new set (so GDAL's block cache in the gunicorn workers
    does not help either) with the layer files evicted from the page cache before it."""
    n = ctx.scaled(10, 3)
    with registered(ctx) as paths:
        bodies = [
            json_body({"type": "FeatureCollection", "features": polygon_plots(500, seed=s)})
            for s in range(n + 1)
        ]
        _, _, sample = _post(ctx, *bodies[0])  # untimed: the workers load the country index
        _check_answered(sample)
        walls, cpus, resident = [], [], []
        for body, headers in bodies[1:]:
            drop_page_cache(paths)
            resident.append(resident_bytes(paths))
            wall, cpu, _ = _post(ctx, body, headers)
            walls.append(wall)
            cpus.append(cpu)
        after = resident_bytes(paths)
        cold_read, warm_read = _read_cost(paths)
    cached = (
        "fincore not available"
        if after is None
        else f"{max(resident) / 1e6:.1f} MB resident before each request, {after / 1e6:.1f} MB after the last"
    )
    notes = (
        f"{n} sequential requests, each a new set of 500 polygons of 1-50 ha, each after "
        f"posix_fadvise(POSIX_FADV_DONTNEED) on both layer files (fincore: {cached}; reading "
        f"both files whole {cold_read * 1000:.0f} ms cold vs {warm_read * 1000:.0f} ms warm); "
        f"server CPU p50 {statistics.median(cpus):.0f} ms/request; body {len(bodies[1][0]) / 1024:,.0f} KiB; "
        + layers_note(paths)
    )
    return _summary(walls, cpus, notes)


def _read_cost(paths: dict[str, Path]) -> tuple[float, float]:
    """Seconds to read both files after dropping them from the page cache, then again:
    the check that the eviction works (a cold read is the slower)."""
    times = []
    for _ in range(2):
        if not times:
            drop_page_cache(paths)
        start = time.perf_counter()
        for path in paths.values():
            with open(path, "rb") as f:
                while f.read(1 << 20):
                    pass
        times.append(time.perf_counter() - start)
    return times[0], times[1]


def batch_points_1km(ctx: Context) -> Measurement:
    """500 points with a 1 km radius, the same body each time (page and block caches warm
    after the untimed first request), as the 30 m row measures."""
    body, headers = json_body({"parcels": points(500, seed=2026), "radiusKm": 1})
    n = ctx.scaled(10, 3)
    with registered(ctx) as paths:
        _, _, sample = _post(ctx, body, headers)
        _check_answered(sample)
        walls, cpus = [], []
        for _ in range(n):
            wall, cpu, _ = _post(ctx, body, headers)
            walls.append(wall)
            cpus.append(cpu)
    notes = (
        f"{n} sequential requests after 1 untimed; server CPU p50 {statistics.median(cpus):.0f} ms/request; "
        f"{_forest_profile(paths, [p for p in json.loads(body)['parcels']])}; " + layers_note(paths)
    )
    return _summary(walls, cpus, notes)


def _forest_profile(paths: dict[str, Path], parcels: list[dict]) -> str:
    """Where the forest reading of the same circles spends its CPU, measured in the bench
    process (cProfile, cumulative): the cause to name when the row misses."""
    sys.path.insert(0, str(ROOT))
    from risk.forest import ForestLayer, LayerKind, circle, forest_evidence, open_layers

    layers = [ForestLayer(NAMES[k], paths[k], LayerKind(KINDS[k])) for k in ("cover", "loss")]
    areas = [circle(lat=p["lat"], lng=p["lng"], radius_km=1) for p in parcels]

    def read() -> None:
        with open_layers(layers) as sources:
            for area in areas:
                forest_evidence(area=area, layers=layers, sources=sources)

    read()  # untimed: caches warm, as in the timed requests
    profile = cProfile.Profile()
    profile.runcall(read)
    spent = {func[2]: cumulative for func, (_, _, _, cumulative, _) in pstats.Stats(profile).stats.items()}
    total = spent.get("read", 0.0)
    ms = {name: spent.get(name, 0.0) * 1000 for name in ("exact_coverage", "weighted_shares", "_read_area")}
    return (
        f"cProfile of the forest reading of these 500 circles in the bench process: {total * 1000:.0f} ms, "
        f"of which cell coverage {ms['exact_coverage']:.0f} ms, weighing the pixels "
        f"{ms['weighted_shares'] - ms['exact_coverage']:.0f} ms, "
        f"reading the windows {ms['_read_area']:.0f} ms"
    )


def job_10k(ctx: Context) -> Measurement:
    """The 10,000-plot job on the real layers, POST to done; peak memory of the Celery
    worker and of the gunicorn workers (VmHWM since they started)."""
    body, headers = json_body({"type": "FeatureCollection", "features": job_plots()})
    with registered(ctx):
        start = time.perf_counter()
        worker_cpu = ctx.worker.cpu_seconds()
        status, answer_headers, answer = http(
            ctx.url("/api/eudr/v1/risk-score/jobs"), method="POST", headers={**ctx.auth, **headers}, body=body
        )
        if status != 202:
            raise RuntimeError(f"job answered {status}: {answer[:500]!r}")
        location = answer_headers.get("Location") or answer_headers.get("location")
        while True:
            _, _, state = http(ctx.url(location), headers=ctx.auth)
            job = json.loads(state)
            if job["status"] in ("done", "cancelled", "failed") or time.perf_counter() > start + 600:
                break
            time.sleep(0.25)
        seconds = time.perf_counter() - start
        worker_cpu = ctx.worker.cpu_seconds() - worker_cpu
    if job["status"] != "done":
        raise RuntimeError(f"job did not finish: {job!r}")
    celery_mib, web_mib = ctx.worker.peak_rss_mib(), ctx.server.peak_rss_mib()
    notes = (
        f"worker CPU {worker_cpu:.1f} s; peak RSS (VmHWM) Celery worker {celery_mib:.0f} MiB, "
        f"gunicorn worker {web_mib:.0f} MiB; body {len(body) / 1e6:.1f} MB; counts {job['counts']}; {BOX}"
    )
    return Measurement(
        None, None, None, None, notes, {"seconds": seconds, "celery_mib": celery_mib, "web_mib": web_mib}
    )


def floor_ratio(ctx: Context) -> Measurement:
    """Our forest reading against exactextract alone, in the bench process, CPU time:
    the same 500 polygons and 500 circles of 1 km, both layers.

    Ours: risk.forest.forest_evidence with the layers opened once (as a batch does).
    Floor: exact_extract(path, features, ["count"]) per layer (GDAL reads the windows,
    exactextract weighs the cells); the best of three runs each, caches warm."""
    sys.path.insert(0, str(ROOT))
    # The bench runs from bench/; the risk package is imported from the repository root.
    from risk.forest import ForestLayer, LayerKind, circle, forest_evidence, open_layers

    paths = layer_paths()
    layers = [ForestLayer(NAMES[k], paths[k], LayerKind(KINDS[k])) for k in ("cover", "loss")]
    shapes = {
        "polygons": [shapely.geometry.shape(f["geometry"]) for f in polygon_plots(500, seed=0)],
        "points": [circle(lat=p["lat"], lng=p["lng"], radius_km=1) for p in points(500, seed=2026)],
    }

    def ours(areas: list) -> None:
        with open_layers(layers) as sources:
            for area in areas:
                forest_evidence(area=area, layers=layers, sources=sources)

    def floor(areas: list) -> None:
        features = [{"type": "Feature", "properties": {}, "geometry": a.__geo_interface__} for a in areas]
        for layer in layers:
            exact_extract(str(layer.path), features, ["count"])

    values, parts = {}, []
    for name, areas in shapes.items():
        cost = {}
        for label, run in (("ours", ours), ("floor", floor)):
            run(areas)  # untimed: GDAL's caches and the page cache warm
            best = math.inf
            for _ in range(3):
                start = time.process_time()
                run(areas)
                best = min(best, time.process_time() - start)
            cost[label] = best / len(areas) * 1000
        values[f"ratio_{name}"] = cost["ours"] / cost["floor"]
        values[f"ours_ms_{name}"], values[f"floor_ms_{name}"] = cost["ours"], cost["floor"]
        parts.append(f"{name}: ours {cost['ours']:.2f} ms/plot, exactextract {cost['floor']:.2f} ms/plot CPU")
    notes = "; ".join(parts) + "; best of 3 runs of 500, both layers; " + layers_note(paths)
    return Measurement(None, None, None, None, notes, values)
