"""docs/benchmarks.md: the machine, the results, the targets with PASS/MISS."""

from __future__ import annotations

import datetime as dt
import os
import platform
import re
import subprocess
from pathlib import Path

import psycopg
import redis
from core import Case
from harness import CONNECTIONS, PG_ADMIN, REDIS_CACHE, ROOT, VENV_BIN, WRK_THREADS, Measurement

DOC = ROOT / "docs" / "benchmarks.md"
# wrk runs on the same 2 cores, so any other work on the machine skews every number.
START_LOAD = os.getloadavg()[0]


def fmt(value: float | None, digits: int) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def results_table(results: dict[str, Measurement], first: str = "Case") -> list[str]:
    rows = [f"| {first} | Requests/s | p50 ms | p95 ms | p99 ms | Notes |", "|---|--:|--:|--:|--:|---|"]
    for name, m in results.items():
        cells = [fmt(m.rps, 0), fmt(m.p50_ms, 2), fmt(m.p95_ms, 2), fmt(m.p99_ms, 2), m.notes]
        rows.append(f"| `{name}` | {' | '.join(cells)} |")
    return rows


def targets_table(cases: list[Case], results: dict[str, Measurement]) -> tuple[list[str], bool]:
    """The rows, and whether the bench itself succeeded (no fatal target missed)."""
    rows, ok = ["| Case | Target | Measured | Result | Why missed |", "|---|---|--:|---|---|"], True
    for case in cases:
        if case.name not in results:
            continue
        if results[case.name].error:
            ok = False
            rows.append(f"| `{case.name}` | the case runs | error | **FAIL** | {results[case.name].error} |")
            continue
        for target in case.targets:
            measured, met = target.check(results[case.name], results)
            ok &= met or not target.fatal
            verdict = "PASS" if met else ("**FAIL**" if target.fatal else "**MISS**")
            why = "" if met else target.explain(results[case.name], results)
            rows.append(f"| `{case.name}` | {target.description} | {measured} | {verdict} | {why} |")
    return rows, ok


def machine_busy(load: float = START_LOAD) -> bool:
    return (os.cpu_count() or 1) / 2 < load


def _version(*cmd: str) -> str:
    return subprocess.run(cmd, capture_output=True, text=True).stdout.strip()


def machine(gunicorn_config: str, worker_command: str) -> list[str]:
    cpu = re.search(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text())
    mem_kib = re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text())
    with psycopg.connect(PG_ADMIN) as conn:
        pg = conn.execute("SHOW server_version").fetchone()[0]
    redis_version = redis.Redis.from_url(REDIS_CACHE).info("server")["redis_version"]
    wrk = _version("wrk", "-v").split(" Copyright")[0].strip()
    celery = _version(str(VENV_BIN / "celery"), "--version")
    busy = " (**busy before the run: numbers are pessimistic**)" if machine_busy() else ""
    end_load = os.getloadavg()[0]
    return [
        f"- CPU: {cpu.group(1) if cpu else platform.processor()}, {os.cpu_count()} cores",
        f"- Memory: {int(mem_kib.group(1)) / 1024**2 if mem_kib else 0:.1f} GiB",
        f"- {platform.platform()}; Python {platform.python_version()}",
        f"- PostgreSQL {pg}, Redis {redis_version}",
        f"- Server: {_version(str(VENV_BIN / 'gunicorn'), '--version')}, `{gunicorn_config}`, DEBUG=0",
        f"- Worker: Celery {celery}, `celery {worker_command}` (one process runs the tasks), "
        "same env as gunicorn (DEBUG=0); broker Redis",
        f"- Load generator: {wrk} ({WRK_THREADS} threads) and Python clients, on the same machine",
        f"- 1-minute load average before the run: {START_LOAD:.2f}{busy}; after: {end_load:.2f} "
        "(each row's notes give the 1-minute load when it started, the previous rows included)",
    ]


METHOD = [
    "## How it was measured",
    "",
    "- One `make bench` run: a fresh database `eudr_bench` (PostgreSQL), Redis db 6 (cache)"
    " and 7 (broker), demo data seeded, one gunicorn and one Celery worker for every row.",
    f"- Verify and `/livez`: wrk for the duration given, {CONNECTIONS} connections (and 8 for"
    " the context row), after a 2 s warm-up. wrk shares the 2 cores with gunicorn, so p99"
    " at 32 connections is mostly queueing; the 8-connection row shows the latency with"
    " less contention.",
    "- Risk single and batch: sequential requests from one client after a warm-up; the time is"
    " the full round trip (including JSON encoding of the 500 answers). The forest-layer row"
    ' runs on a second gunicorn started with `FOREST_LAYERS="loss|loss_year|<tif>"`, a synthetic'
    " Hansen-style loss-year GeoTIFF (EPSG:4326, 0.00027° pixels, uint8 0..24, nodata 255,"
    " tiled and deflate-compressed) covering the 1°x1° square around Warsaw that holds the 500 points.",
    "- DDS: 100 point plots (1 ha each), more than `DDS_SYNC_SCREENING_MAX_PLOTS` (50), so"
    " the POST answers with the PDF of the SUBMITTED statement and the worker screens it; the"
    " bench polls `GET /api/eudr/v1/dds/{id}` every 50 ms until it leaves SUBMITTED, then"
    " fetches the screened PDF.",
    "- CSRD: `Prefer: respond-async`, poll every 50 ms, then the PDF; suppliers are located by"
    " voivodeship name (no parcel ids, no ULDK calls). The worker runs `--pool=solo`, so its"
    " main process renders and its VmHWM (peak RSS since start, which cannot be reset) is"
    " read after 100 and then after 1000 suppliers.",
    "- Webhooks: 4 emitter processes (bench/emit_events.py, `django.setup()`) commit each"
    " `risk.critical` event in its own transaction and record the commit time (an on_commit"
    " hook registered before the app's); a ThreadingHTTPServer on loopback records when each"
    " `webhook-id` first arrived. Loopback http receivers need `WEBHOOKS_ALLOW_INSECURE=1`,"
    " which the app allows only with **DEBUG=1**: this case's emitters and worker run with"
    " DEBUG=1 (otherwise the same PostgreSQL and Redis env) on their own queue"
    " (`WEBHOOKS_QUEUE=bench-webhooks`) that the main worker does not consume. The case runs"
    " twice: one worker with `--pool=solo` (one process) and one worker with"
    " `--pool=prefork --concurrency=2` (two processes, as many as cores).",
    "- Soak: 8 Python client threads for the soak duration, a weighted mix of anonymous verify (50),"
    " keyed risk single (25), keyed 50-point batch (15) and 2-plot DDS filings answered with"
    " the PDF (10). RSS of all gunicorn workers (summed) and of the Celery worker is sampled"
    " every 5 s; growth compares the mean of the last third with the mean of the second third.",
    "- Exit status: 0 when the bench ran to completion, whatever the targets say (a MISS is"
    " reported here); 1 when the bench itself failed: an error answer, a 5xx or a transport"
    " error in the soak, or a lost webhook (rows marked FAIL).",
]


def write_doc(
    *,
    cases: list[Case],
    results: dict[str, Measurement],
    sweep: dict[str, Measurement],
    config_name: str,
    gunicorn_config: str,
    worker_command: str,
    args_line: str,
    save: bool = True,
) -> bool:
    targets, ok = targets_table(cases, results)
    now = dt.datetime.now(dt.UTC)
    lines = [
        "# Benchmarks",
        "",
        f"Written by `make bench` (bench/run.py{args_line}) on {now:%Y-%m-%d %H:%M} UTC; "
        "do not edit by hand.",
        "",
        "## Machine",
        "",
        *machine(gunicorn_config, worker_command),
        "",
        "## Targets",
        "",
        *targets,
        "",
        "## Results",
        "",
        "Every row is from the same run, server and worker.",
        "",
        *results_table(results),
        "",
        *METHOD,
        "",
        "## Server configuration",
        "",
    ]
    if len(sweep) > 1:
        lines += [
            "Each candidate served the verify endpoint for a short wrk run; the one with the "
            f"highest throughput was kept: **{config_name}**.",
            "",
            *results_table(sweep, first=f"gunicorn (verify, {CONNECTIONS} connections)"),
            "",
        ]
    else:
        lines += [f"No sweep in this run; configuration **{config_name}** was given.", ""]
    if save:
        DOC.write_text("\n".join(lines))
    print("\n".join([*results_table(results), "", *targets]))
    return ok
