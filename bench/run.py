"""`make bench`: a production-like server on local PostgreSQL and Redis, measured with wrk.

Resets its own database (eudr_bench) and Redis db 6, seeds the demo data, tries
a few gunicorn configurations on the verify endpoint, keeps the fastest, runs
every case in CASES against it and writes docs/benchmarks.md.
To add a row: write a measure function (Context -> Measurement), append a Case;
the helpers (wrk_load, timed_requests, Server.peak_rss_mib) are in harness.py.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import re
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import redis
from harness import (
    CONNECTIONS,
    PG_ADMIN,
    REDIS_CACHE,
    ROOT,
    VENV_BIN,
    WRK_THREADS,
    Measurement,
    Server,
    app_env,
    ensure_wrk,
    prepare_app,
    reset_services,
    server,
    wrk_load,
)

DOC = ROOT / "docs" / "benchmarks.md"
DEMO_DDS = "DDS-PL-2025-000001-DEMO"
# wrk runs on the same 2 cores, so any other work on the machine skews every number.
START_LOAD = os.getloadavg()[0]

# Candidates for 2 cores. Sync workers cannot keep connections alive, so every
# request pays a TCP connect; gthread keeps them but shares one GIL per worker.
GUNICORN_CONFIGS: dict[str, list[str]] = {
    "sync x5": ["--workers", "5", "--worker-class", "sync"],
    "gthread 4x4": ["--workers", "4", "--worker-class", "gthread", "--threads", "4"],
    "gthread 2x8": ["--workers", "2", "--worker-class", "gthread", "--threads", "8"],
}


@dataclass
class Context:
    """What measure functions get: the running server, the demo key, earlier results."""

    server: Server
    api_key: str
    duration: int
    results: dict[str, Measurement] = field(default_factory=dict)

    def url(self, path: str) -> str:
        return self.server.base_url + path

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.api_key}"}


@dataclass
class Target:
    description: str
    # (this case's measurement, all results so far) -> (measured value as text, met?)
    check: Callable[[Measurement, dict[str, Measurement]], tuple[str, bool]]


@dataclass
class Case:
    name: str
    measure: Callable[[Context], Measurement]
    targets: list[Target] = field(default_factory=list)


# --- cases and targets -----------------------------------------------------------------


def throughput_ratio(of: str, baseline: str, minimum: float) -> Target:
    def check(_: Measurement, results: dict[str, Measurement]) -> tuple[str, bool]:
        ratio = (results[of].rps or 0) / (results[baseline].rps or 1)
        return f"{ratio:.0%}", ratio >= minimum

    return Target(f"throughput >= {minimum:.0%} of `{baseline}`", check)


def p99_below(ms: float) -> Target:
    return Target(
        f"p99 < {ms:g} ms at {CONNECTIONS} connections",
        lambda m, _: (f"{m.p99_ms:.1f} ms", (m.p99_ms or 0) < ms),
    )


LIVEZ, VERIFY = "GET /livez (minimal view)", "GET /api/v1/verify/{id}"
CASES: list[Case] = [
    Case(LIVEZ, lambda ctx: wrk_load(ctx.url("/livez"), seconds=ctx.duration)),
    Case(
        VERIFY,
        lambda ctx: wrk_load(ctx.url(f"/api/v1/verify/{DEMO_DDS}"), seconds=ctx.duration),
        [throughput_ratio(VERIFY, LIVEZ, 0.60), p99_below(25)],
    ),
]


# --- report ----------------------------------------------------------------------------


def fmt(value: float | None, digits: int) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def results_table(results: dict[str, Measurement], first: str = "Endpoint") -> list[str]:
    rows = [f"| {first} | Requests/s | p50 ms | p95 ms | p99 ms | Notes |", "|---|--:|--:|--:|--:|---|"]
    for name, m in results.items():
        cells = [fmt(m.rps, 0), fmt(m.p50_ms, 2), fmt(m.p95_ms, 2), fmt(m.p99_ms, 2), m.notes]
        rows.append(f"| `{name}` | {' | '.join(cells)} |")
    return rows


def targets_table(results: dict[str, Measurement]) -> tuple[list[str], bool]:
    rows, all_met = ["| Case | Target | Measured | Result |", "|---|---|--:|---|"], True
    for case in CASES:
        for target in case.targets:
            measured, met = target.check(results[case.name], results)
            all_met &= met
            verdict = "PASS" if met else "**MISS**"
            rows.append(f"| `{case.name}` | {target.description} | {measured} | {verdict} |")
    return rows, all_met


def machine_busy() -> bool:
    return (os.cpu_count() or 1) / 2 < START_LOAD


def machine(config: str) -> list[str]:
    cpu = re.search(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text())
    mem_kib = re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text())
    with psycopg.connect(PG_ADMIN) as conn:
        pg = conn.execute("SHOW server_version").fetchone()[0]
    redis_version = redis.Redis.from_url(REDIS_CACHE).info("server")["redis_version"]
    wrk = subprocess.run(["wrk", "-v"], capture_output=True, text=True).stdout.split(" Copyright")[0].strip()
    gunicorn = subprocess.run([VENV_BIN / "gunicorn", "--version"], capture_output=True, text=True)
    busy = " (**busy before the run: numbers are pessimistic**)" if machine_busy() else ""
    return [
        f"- CPU: {cpu.group(1) if cpu else platform.processor()}, {os.cpu_count()} cores",
        f"- Memory: {int(mem_kib.group(1)) / 1024**2 if mem_kib else 0:.1f} GiB",
        f"- Python {platform.python_version()}, PostgreSQL {pg}, Redis {redis_version}",
        f"- Server: {gunicorn.stdout.strip()}, `{' '.join(GUNICORN_CONFIGS[config])}`, DEBUG=0",
        f"- Load generator: {wrk} on the same machine, {WRK_THREADS} threads",
        f"- 1-minute load average before the run: {START_LOAD:.2f}{busy}",
    ]


def write_doc(config: str, sweep: dict[str, Measurement], results: dict[str, Measurement]) -> bool:
    targets, all_met = targets_table(results)
    now = dt.datetime.now(dt.UTC)
    lines = [
        "# Benchmarks",
        "",
        f"Written by `make bench` (bench/run.py) on {now:%Y-%m-%d %H:%M} UTC; do not edit by hand.",
        "",
        "## Machine",
        "",
        *machine(config),
        "",
        "## Results",
        "",
        f"wrk, {CONNECTIONS} connections, after a warm-up; every row is from the same server and run.",
        "",
        *results_table(results),
        "",
        *targets,
        "",
        "## Server configuration",
        "",
        "Each candidate served the verify endpoint for a short wrk run; the one with the "
        f"highest throughput was kept: **{config}**.",
        "",
        *results_table(sweep, first=f"gunicorn (verify, {CONNECTIONS} connections)"),
        "",
    ]
    DOC.write_text("\n".join(lines))
    print("\n".join([*results_table(results), "", *targets]))
    return all_met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=12, help="seconds per wrk measurement")
    parser.add_argument("--sweep-duration", type=int, default=5, help="seconds per candidate config")
    parser.add_argument("--config", choices=GUNICORN_CONFIGS, help="skip the sweep, use this config")
    args = parser.parse_args()
    # Turn a SIGTERM (e.g. from a CI timeout) into SystemExit so gunicorn is still stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    ensure_wrk()
    if machine_busy():
        print(f"Warning: load average {START_LOAD:.1f} before the run; results will be pessimistic.")
    env = app_env()
    reset_services()
    api_key = prepare_app(env)

    sweep: dict[str, Measurement] = {}
    for name in [args.config] if args.config else GUNICORN_CONFIGS:
        with server(env, GUNICORN_CONFIGS[name]) as srv:
            sweep[name] = wrk_load(srv.base_url + f"/api/v1/verify/{DEMO_DDS}", seconds=args.sweep_duration)
            print(f"{name}: verify {sweep[name].rps:.0f} req/s, p99 {sweep[name].p99_ms:.1f} ms")
    config = max(sweep, key=lambda name: sweep[name].rps or 0)

    with server(env, GUNICORN_CONFIGS[config]) as srv:
        ctx = Context(server=srv, api_key=api_key, duration=args.duration)
        for case in CASES:
            print(f"Measuring {case.name} ...")
            ctx.results[case.name] = case.measure(ctx)
    all_met = write_doc(config, sweep, ctx.results)
    print(f"\nServer: {config}. Wrote {DOC.relative_to(ROOT)}.")
    return 0 if all_met else 1


if __name__ == "__main__":
    sys.exit(main())
