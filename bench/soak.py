"""A mixed-traffic soak: a bounded thread pool of clients for a fixed time, sampling memory.

Mix (weights): anonymous verify 50, keyed risk single 25, keyed batch of 50 points 15,
small DDS (2 plots, PDF answer) 10. Every thread stops at the deadline by itself.
"""

from __future__ import annotations

import os
import random
import statistics
import threading
import time
import urllib.error
from collections import Counter
from dataclasses import dataclass, field

from cases_api import RISK_SINGLE, dds_body
from core import DEMO_DDS, Context
from forest_layer import batch_points
from harness import Measurement, http, json_body, kernel_watch, tcp_note
from workers import children, cpu_seconds, machine_cpu, proc_kib

CLIENTS = 8


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    statuses: Counter = field(default_factory=Counter)
    by_kind: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)
    latencies_ms: list[float] = field(default_factory=list)
    by_kind_ms: dict[str, list[float]] = field(default_factory=dict)


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
        ("dds", 10, {"url": ctx.url("/api/eudr/dds/generate"), "method": "POST", "headers": keyed}),
    ]


def _client(ctx: Context, seed: int, deadline: float, tally: Tally) -> None:
    rng = random.Random(seed)
    mix = _requests(ctx)
    weights = [w for _, w, _ in mix]
    for n in range(1_000_000):  # bounded; the deadline ends it long before
        if time.monotonic() >= deadline:
            return
        kind, _, req = rng.choices(mix, weights)[0]
        if kind == "dds":
            body, headers = json_body(dds_body(2, f"SOAK-{seed}-{n}"))
            req = {**req, "body": body, "headers": {**req["headers"], **headers}}
        start = time.perf_counter()
        try:
            status, _, _ = http(**req)
        except (urllib.error.URLError, OSError) as exc:
            with tally.lock:
                tally.errors[type(exc).__name__] += 1
            continue
        elapsed = (time.perf_counter() - start) * 1000
        with tally.lock:
            tally.statuses[status] += 1
            tally.by_kind[kind] += 1
            tally.latencies_ms.append(elapsed)
            tally.by_kind_ms.setdefault(kind, []).append(elapsed)


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
    tally, samples = Tally(), [_rss_sample(ctx)]
    start = time.monotonic()
    deadline = start + seconds
    threads = [
        threading.Thread(target=_client, args=(ctx, i, deadline, tally), daemon=True) for i in range(CLIENTS)
    ]
    web_pids = children(ctx.server.pid)
    cpu_before = _server_cpu(ctx, web_pids)
    busy_before, total_before = machine_cpu()
    with kernel_watch(int(ctx.server.base_url.rsplit(":", 1)[1])) as counters:
        for thread in threads:
            thread.start()
        while time.monotonic() < deadline:
            time.sleep(min(interval, max(deadline - time.monotonic(), 0)))
            samples.append(_rss_sample(ctx))
        for thread in threads:
            thread.join(timeout=150)  # a request in flight at the deadline may still finish
    elapsed = time.monotonic() - start
    busy_after, total_after = machine_cpu()
    machine_busy = (busy_after - busy_before) / max(total_after - total_before, 1)
    cpu_after = _server_cpu(ctx, web_pids)
    web_cpu, worker_cpu = cpu_after[0] - cpu_before[0], cpu_after[1] - cpu_before[1]
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
        f"{CLIENTS} clients, {elapsed:.0f} s, {total} requests ({mix}); {by_kind}; "
        f"statuses {statuses}"
        f"{'; transport errors ' + str(dict(tally.errors)) if tally.errors else ''}; "
        f"gunicorn workers' RSS (sum) start {web[0]:,.0f} / end {web[-1]:,.0f} / max {max(web):,.0f} MiB, "
        f"growth 2nd→last third {_growth(web):+.1%}; Celery worker RSS {celery[0]:,.0f} / "
        f"{celery[-1]:,.0f} / {max(celery):,.0f} MiB, growth {_growth(celery):+.1%}; "
        f"{len(samples)} samples every {interval:g} s; machine CPU busy {machine_busy:.0%} of "
        f"{os.cpu_count()} cores; CPU used: gunicorn workers (with their PDF renderers) {web_cpu:.1f} s, "
        f"Celery worker {worker_cpu:.1f} s{tcp_note(counters)}"
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
        "shares": {k: n / max(total, 1) for k, n in tally.by_kind.items()},
        "celery_growth": _growth(celery),
        **counters,
    }
    return Measurement(total / elapsed, q[49], q[94], q[98], notes, values)
