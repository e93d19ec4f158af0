"""A mixed-traffic soak: requests arriving at a fixed rate for a fixed time, sampling memory.

Mix (weights): anonymous verify 50, keyed risk single 25, keyed batch of 50 points 15,
small DDS filings (2 plots) 10. The load is open-loop: arrivals follow a Poisson
process at RATE a second whatever the answers take, and each request's latency runs
from its scheduled arrival, so a slow answer delays nothing it should not and a
queue in front of the server is counted, not hidden (no coordinated omission).
A closed loop of clients with no pause between requests saturates the cores by
construction and measures only how long its own queue is.

DDS filings ask for `Prefer: respond-async`, as an ERP that files many statements
does: the answer (202) comes once the statement is filed and screened, and the
PDF is rendered by the worker. After the arrivals stop, every filing's PDF is
fetched; the row fails if any is missing.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import threading
import time
import urllib.error
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from cases_api import RISK_SINGLE, dds_body, warm_up
from core import DEMO_DDS, Context
from forest_layer import batch_points
from harness import Measurement, http, json_body, kernel_watch, tcp_note
from workers import children, cpu_seconds, machine_cpu, proc_kib

RATE = 20  # requests a second, all kinds together
# Enough threads that a request never waits for one at this rate; a wait would
# still count in its latency, which runs from the scheduled arrival.
SENDERS = 48
PDF_WAIT_SECONDS = 120


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    statuses: Counter = field(default_factory=Counter)
    by_kind: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)
    latencies_ms: list[float] = field(default_factory=list)
    by_kind_ms: dict[str, list[float]] = field(default_factory=dict)
    filed: list[str] = field(default_factory=list)  # DDS ids whose PDF must appear


def _requests(ctx: Context) -> list[tuple[str, int, dict]]:
    batch, batch_headers = json_body({"parcels": batch_points(50, seed=9), "radiusKm": 1})
    keyed = ctx.auth
    return [
        ("verify", 50, {"url": ctx.url(f"/api/v1/verify/{DEMO_DDS}")}),
        ("risk", 25, {"url": ctx.url(RISK_SINGLE), "headers": keyed}),
        (
            "batch50",
            15,
            {
                "url": ctx.url("/api/eudr/v1/risk-score/batch"),
                "method": "POST",
                "headers": {**keyed, **batch_headers},
                "body": batch,
            },
        ),
        (
            "dds",
            10,
            {
                "url": ctx.url("/api/eudr/dds/generate"),
                "method": "POST",
                "headers": {**keyed, "Prefer": "respond-async"},
            },
        ),
    ]


def _arrivals(seconds: float, rate: float, seed: int = 7) -> list[float]:
    """Offsets (s) of a Poisson process at `rate` over `seconds`."""
    rng, at, out = random.Random(seed), 0.0, []
    while True:
        at += rng.expovariate(rate)
        if at >= seconds:
            return out
        out.append(at)


def _send(kind: str, req: dict, scheduled: float, tally: Tally) -> None:
    try:
        status, _, body = http(**req)
    except (urllib.error.URLError, OSError) as exc:
        with tally.lock:
            tally.errors[type(exc).__name__] += 1
        return
    elapsed = (time.monotonic() - scheduled) * 1000
    with tally.lock:
        tally.statuses[status] += 1
        tally.by_kind[kind] += 1
        tally.latencies_ms.append(elapsed)
        tally.by_kind_ms.setdefault(kind, []).append(elapsed)
        if kind == "dds" and status in (201, 202):
            tally.filed.append(json.loads(body)["dds_id"])


def _offer_load(ctx: Context, seconds: float, tally: Tally) -> None:
    """Send the mix at RATE a second for `seconds`, each request at its scheduled time."""
    rng = random.Random(11)
    mix = _requests(ctx)
    weights = [w for _, w, _ in mix]
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=SENDERS) as pool:
        for n, offset in enumerate(_arrivals(seconds, RATE)):
            kind, _, req = rng.choices(mix, weights)[0]
            if kind == "dds":
                body, headers = json_body(dds_body(2, f"SOAK-{n}"))
                req = {**req, "body": body, "headers": {**req["headers"], **headers}}
            scheduled = start + offset
            time.sleep(max(scheduled - time.monotonic(), 0))
            pool.submit(_send, kind, req, scheduled, tally)


def _warm(ctx: Context) -> None:
    """Every kind a few times first, so no worker's first call (loading the country
    index, compiling templates) lands in the measured load."""
    warm_up(ctx.server.base_url, ctx)
    for kind, _, req in _requests(ctx):
        for n in range(10):
            if kind == "dds":
                body, headers = json_body(dds_body(2, f"SOAK-WARM-{time.time_ns()}-{n}"))
                http(**{**req, "body": body, "headers": {**req["headers"], **headers}})
            else:
                http(**req)


def _pdfs_ready(ctx: Context, dds_ids: list[str]) -> tuple[int, float]:
    """(how many of the filings' PDFs could be fetched, seconds after the load it took)."""
    start, pending = time.monotonic(), list(dds_ids)
    headers = {**ctx.auth, "Prefer": "respond-async"}
    while pending and time.monotonic() - start < PDF_WAIT_SECONDS:
        waiting = []
        for dds_id in pending:
            status, _, body = http(ctx.url(f"/api/eudr/v1/dds/{dds_id}/pdf"), headers=headers)
            if status != 200 or not body.startswith(b"%PDF"):
                waiting.append(dds_id)
        pending = waiting
        if pending:
            time.sleep(0.5)
    return len(dds_ids) - len(pending), time.monotonic() - start


def _server_cpu(ctx: Context, web_pids: list[int]) -> tuple[float, float]:
    """CPU seconds so far of the gunicorn workers and of the Celery worker, each with
    the children they waited for."""
    return (
        sum(cpu_seconds(pid, with_children=True) for pid in web_pids),
        cpu_seconds(ctx.worker.pid, with_children=True),
    )


def _rss_sample(ctx: Context) -> tuple[float, float]:
    """(RSS of all gunicorn workers together, RSS of the Celery worker), MiB."""
    web = sum(proc_kib(pid, "VmRSS") for pid in children(ctx.server.pid)) / 1024
    return web, ctx.worker.rss_mib()


def _kind_quantiles(tally: Tally) -> dict[str, tuple[float, float]]:
    """(p50, p99) per kind: which requests make the tail of the whole mix."""
    out = {}
    for kind, _ in tally.by_kind.most_common():
        lat = sorted(tally.by_kind_ms[kind])
        q = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) > 1 else [lat[0]] * 99
        out[kind] = (q[49], q[98])
    return out


def _growth(samples: list[float]) -> float:
    """Mean of the last third over the mean of the second third, minus one."""
    third = max(len(samples) // 3, 1)
    middle, last = samples[third : 2 * third] or samples, samples[-third:]
    return statistics.mean(last) / statistics.mean(middle) - 1


def soak(ctx: Context) -> Measurement:
    seconds = ctx.scaled(ctx.soak_seconds, min(ctx.soak_seconds, 15))
    interval = 5.0 if seconds >= 30 else 1.0
    _warm(ctx)
    tally, samples = Tally(), [_rss_sample(ctx)]
    load = threading.Thread(target=_offer_load, args=(ctx, seconds, tally), daemon=True)
    web_pids = children(ctx.server.pid)
    cpu_before = _server_cpu(ctx, web_pids)
    busy_before, total_before = machine_cpu()
    start = time.monotonic()
    with kernel_watch(int(ctx.server.base_url.rsplit(":", 1)[1])) as counters:
        load.start()
        while load.is_alive():
            load.join(timeout=interval)
            samples.append(_rss_sample(ctx))
    elapsed = time.monotonic() - start
    busy_after, total_after = machine_cpu()
    machine_busy = (busy_after - busy_before) / max(total_after - total_before, 1)
    web_cpu = _server_cpu(ctx, web_pids)[0] - cpu_before[0]
    pdfs, pdf_wait = _pdfs_ready(ctx, tally.filed)
    worker_cpu = _server_cpu(ctx, web_pids)[1] - cpu_before[1]  # the renders the load queued
    web, celery = [s[0] for s in samples], [s[1] for s in samples]
    total = sum(tally.statuses.values())
    server_errors = sum(n for status, n in tally.statuses.items() if status >= 500)
    failed = sum(n for status, n in tally.statuses.items() if status >= 400) + sum(tally.errors.values())
    lat = sorted(tally.latencies_ms) or [0.0]
    q = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) > 1 else [lat[0]] * 99
    mix = ", ".join(f"{k} {n}" for k, n in tally.by_kind.most_common())
    statuses = ", ".join(f"{s}: {n}" for s, n in sorted(tally.statuses.items()))
    kinds = _kind_quantiles(tally)
    by_kind = ", ".join(f"{k} p50 {p50:,.0f} / p99 {p99:,.0f} ms" for k, (p50, p99) in kinds.items())
    notes = (
        f"Poisson arrivals at {RATE}/s for {seconds} s (open loop), {total} requests ({mix}); "
        f"latency from the scheduled arrival: {by_kind}; "
        f"statuses {statuses}"
        f"{'; transport errors ' + str(dict(tally.errors)) if tally.errors else ''}; "
        f"gunicorn workers' RSS (sum) start {web[0]:,.0f} / end {web[-1]:,.0f} / max {max(web):,.0f} MiB, "
        f"growth 2nd→last third {_growth(web):+.1%}; Celery worker RSS {celery[0]:,.0f} / "
        f"{celery[-1]:,.0f} / {max(celery):,.0f} MiB, growth {_growth(celery):+.1%}; "
        f"{len(samples)} samples every {interval:g} s; machine CPU busy {machine_busy:.0%} of "
        f"{os.cpu_count()} cores; CPU used: gunicorn workers (with their PDF renderers) {web_cpu:.1f} s, "
        f"Celery worker (PDF renders) {worker_cpu:.1f} s; DDS PDFs fetched after the load: {pdfs} of "
        f"{len(tally.filed)} ({pdf_wait:.1f} s after it){tcp_note(counters)}"
    )
    values = {
        "requests": total,
        "server_errors": server_errors,
        "failed": failed,
        "web_growth": _growth(web),
        "kinds": kinds,
        "machine_busy": machine_busy,
        "web_cpu": web_cpu,
        "dds_count": tally.by_kind.get("dds", 0),
        "pdfs": pdfs,
        "filed": len(tally.filed),
        "shares": {k: n / max(total, 1) for k, n in tally.by_kind.items()},
        "celery_growth": _growth(celery),
        **counters,
    }
    return Measurement(total / elapsed, q[49], q[94], q[98], notes, values)
