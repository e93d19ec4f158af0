"""docs/benchmarks.md: the machine, the results, the targets with PASS/MISS."""

from __future__ import annotations

import datetime as dt
import os
import platform
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import psycopg
import redis
from core import Case
from harness import (
    CONNECTIONS,
    DB_NAME,
    PG_ADMIN,
    REDIS_BROKER,
    REDIS_CACHE,
    ROOT,
    VENV_BIN,
    WRK_CPU,
    WRK_THREADS,
    Measurement,
    fast_font_subsetting,
)

DOC = ROOT / "docs" / "benchmarks.md"
# wrk runs on the same 2 cores, so any other work on the machine skews every number.
START_LOAD = os.getloadavg()[0]


def fmt(value: float | None, digits: int) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def ratio(m: Measurement, base: Measurement | None) -> str:
    if m.rps is None or base is None or not base.rps:
        return "–"
    return f"{m.rps / base.rps:.2f}"


def drops(m: Measurement) -> str:
    """Kernel listen overflows / SYN retransmits during the row (host-wide counters)."""
    if "listen_overflows" not in m.values:
        return "–"
    return f"{m.values['listen_overflows']:.0f} / {m.values['syn_retrans']:.0f}"


# Columns after the case name: (header, alignment, cell). A new column is one more entry.
Column = tuple[str, str, Callable[[Measurement, Measurement | None], str]]
COLUMNS: list[Column] = [
    ("Requests/s", "--:", lambda m, _: fmt(m.rps, 0)),
    ("÷ minimal view", "--:", ratio),
    ("p50 ms", "--:", lambda m, _: fmt(m.p50_ms, 2)),
    ("p95 ms", "--:", lambda m, _: fmt(m.p95_ms, 2)),
    ("p99 ms", "--:", lambda m, _: fmt(m.p99_ms, 2)),
    ("Listen overflows / SYN retransmits", "--:", lambda m, _: drops(m)),
    ("Notes", "---", lambda m, _: m.notes),
]


def results_table(results: dict[str, Measurement], first: str = "Case", baseline: str = "") -> list[str]:
    """One row per case; `baseline` names the row the throughput ratio divides by."""
    base = results.get(baseline)
    rows = [
        f"| {first} | {' | '.join(h for h, _, _ in COLUMNS)} |",
        f"|---|{'|'.join(a for _, a, _ in COLUMNS)}|",
    ]
    for name, m in results.items():
        rows.append(f"| `{name}` | {' | '.join(cell(m, base) for _, _, cell in COLUMNS)} |")
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
        "- PDF font subsetting: "
        + (
            "HarfBuzz (libharfbuzz-subset0)"
            if fast_font_subsetting()
            else "fontTools (no libharfbuzz-subset0)"
        ),
        f"- Load generator: {wrk} ({WRK_THREADS} thread pinned to CPU {WRK_CPU} with taskset; gunicorn "
        "is not pinned) and Python clients, on the same machine",
        f"- 1-minute load average before the run: {START_LOAD:.2f}{busy}; after: {end_load:.2f} "
        "(each row's notes give the 1-minute load when it started, the previous rows included)",
    ]


METHOD = [
    "## How it was measured",
    "",
    f"- One `make bench` run: a fresh database `{DB_NAME}` (PostgreSQL), Redis"
    f" `{REDIS_CACHE.rsplit('/', 1)[-1]}` (cache) and `{REDIS_BROKER.rsplit('/', 1)[-1]}` (broker),"
    " demo data seeded, one gunicorn (gunicorn.conf.py, the production settings, plus the"
    " options under Machine) and one Celery worker for every row.",
    f"- Verify and `/livez`: wrk for the duration given, {CONNECTIONS} connections (and 8 for"
    " the second verify row), after a 2 s warm-up. wrk runs one thread pinned to one CPU"
    " (taskset), so it can take at most one of the two cores; the notes give how much of"
    " that core it used. `÷ minimal view` is the row's throughput over `/livez`'s in the same"
    " server. The verify target is judged on both views measured in alternating 2 s windows:"
    " ten pairs, each /livez, verify, verify, /livez (every other pair starting with verify),"
    " and the ratio is verify's requests over /livez's in the same total time (each pair's own"
    " ratio is in the notes, for the spread). Rows minutes apart drift by up to a factor of"
    " two on this shared machine, and single 3 s windows by a third; the A B B A order"
    " cancels a drift that is steady over a pair. The second verify target repeats the ten pairs"
    " with wrk as two unpinned threads (free to take CPU from either core, as a load generator"
    " beside the server would) in 3 s windows.",
    "- Kernel counters: for every wrk row and the soak, the deltas of `TcpExtListenOverflows`"
    " and `TcpExtTCPSynRetrans` (what `nstat -az` shows, read from /proc/net/netstat) over the"
    " measured run, and the drops of the server's own listening socket (`ss -m`, `d`, which"
    " also counts stray segments, so it is shown but not judged). A row with any overflow or"
    " retransmit is FAIL: a dropped SYN or handshake ACK makes the client wait 1 s, then 3 s,"
    " for its retransmission. The kernel counters cover the whole host, so a FAIL whose"
    " server socket dropped nothing points at another program on the machine.",
    "- Risk single and batch: sequential requests from one client after a warm-up; the time is"
    " the full round trip (including JSON encoding of the 500 answers). The forest-layer row"
    ' runs on a second gunicorn started with `FOREST_LAYERS="loss|loss_year|<tif>"`, a synthetic'
    " Hansen-style loss-year GeoTIFF (EPSG:4326, 0.00027° pixels, uint8 0..24, nodata 255,"
    " tiled and deflate-compressed) covering the 1°x1° square around Warsaw that holds the 500 points.",
    "- Evidence record: the same 500-point batch on the forest-layer server with and without"
    " `keepEvidence`, alternating; the cost is the server's own time for the record (its"
    " `Server-Timing: evidence;dur=` header) over the batch's p50 without one, since the"
    " difference of two p50s on this machine drifts by more than the cost; the size is the"
    " signed bytes (`.../signed`) and the attachments per plot.",
    "- Database at scale: PostgreSQL builds each database itself (INSERT ... SELECT over"
    " generate_series, then VACUUM ANALYZE): 1,000,000 statements (one commodity line, one"
    " producer, three point plots each) over 10,000 accounts, the first holding 100,000, and a"
    " 10,000-statement database over 58 accounts, the first holding 5,000 (so an ordinary"
    " account holds about 90 statements on both, with both commodities and every status);"
    " two gunicorns serve them at once with the production settings, and each row's requests"
    " go to the two in turn (10k, 1M, 10k, ...), so a drift in the machine's load lands on both;"
    " each row is the p50 of 31 requests after two untimed ones (verify: the p99 of one request"
    " each for statements spread over the database, none cached), and its ratio is to the same"
    " row for the same kind of account on the 10,000-statement database. The notes carry"
    " EXPLAIN ANALYZE of the large account's list queries on both.",
    "- Forest layers at their published resolution (bench/forest_layer.py, cases_layers_real.py):"
    " a JRC GFC2020-style forest/non-forest layer at 10 m (1/11132°, 22,264² px, 512 px tiles,"
    " deflate) and a Hansen-style lossyear layer at 30 m (0.00025°, 256 px tiles, deflate) over a"
    " 2°x2° box holding opolskie, forest about 29 % in patches from a few pixels to kilometres,"
    " generated on first use into var/bench-layers/ and reused. The polygon row sends new"
    " polygons each time and empties the page cache of both files before each request"
    " (posix_fadvise DONTNEED; a whole-file read takes 9-11 ms after it against 1-2 ms warm);"
    " the floor row times our forest reading and exactextract alone over the same shapes and"
    " grids in the bench process, in CPU time.",
    "- Capacity: CPU seconds of every gunicorn, Celery, postgres and redis-server process, read"
    " from /proc before and after a known number of requests of one kind with nothing else sent,"
    " divided by the requests (by the plots for the job); then verify at saturation against one"
    " gunicorn and against two (one wrk per instance, 8 connections each, the same 16 in all),"
    " and a 4,000-plot job (two 30 m layers) scored by the main solo worker, then by it and a"
    " second one (warmed first by a job of two chunks); each worker's user and system CPU, page"
    " faults and context switches during each job are read from /proc.",
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
    " (`WEBHOOKS_QUEUE=bench-webhooks`) that the main worker does not consume, with the"
    " per-account event and delivery caps lifted. The receiver answers HTTP/1.1 with keep-alive."
    " Backlog row: the 1000 events are committed first, then one worker process (`--pool=solo`,"
    " sender threads inside) starts and drains them; the rate is first to last receipt. Paced"
    " row: the worker runs while the emitters commit 150 events a second in all.",
    "- Soak: open loop: requests arrive as a Poisson process at a fixed rate (given in the"
    " target) for the soak duration, whatever the answers take, from a pool of Python sender"
    " threads large enough that none waits; each latency runs from the request's scheduled"
    " arrival, so a queue in front of the server counts (no coordinated omission). The mix:"
    " anonymous verify (50), keyed risk single (25), keyed 50-point batch (15) and 2-plot DDS"
    " filings (10) sent with `Prefer: respond-async` (answered once filed and screened; the"
    " worker renders the PDF). After the load every filing's PDF is fetched. RSS of all"
    " gunicorn workers (summed) and of the Celery worker is sampled every 5 s; growth compares"
    " the mean of the last third with the mean of the second third. A closed loop of clients"
    " with no pause saturates the two cores by construction; the synchronous PDF answer has"
    " its own row (`DDS generate, 2 point plots (PDF answer)`).",
    "- Exit status: 0 when the bench ran to completion, whatever the targets say (a MISS is"
    " reported here); 1 when the bench itself failed: an error answer, a 5xx or a transport"
    " error in the soak, or a lost webhook (rows marked FAIL).",
]


# Measured while choosing gunicorn.conf.py (on this 2-core machine, under the
# load of other work, so only the comparisons count); kept here because a single
# run cannot show them.
TAILS = [
    "## Where the seconds-long tails came from",
    "",
    "Earlier runs had p99 of 0.5 to 2.7 s on `/livez` and verify, far beyond what"
    " queueing at these rates explains. Measured causes, each with the kernel counters and"
    " the server socket's drops read alongside:",
    "",
    "- **Worker recycling.** gunicorn.conf.py had `max_requests = 5000`, and the bench"
    " loads that file. Under even load every worker reached the limit within the same"
    " seconds, and each replacement imported Django and the country index again while the"
    " others waited for the cores. With recycling every ~1500 requests, gthread 4x4 on"
    " `/livez` gave p99 3,466 ms, 29 socket errors and 224 req/s; without it, p99 232 ms"
    " and 1,193 req/s in the same conditions (sync x5: 16 req/s against 1,193). Now:"
    " no periodic recycling, and the app is preloaded so a replaced worker is a fork.",
    "- **gthread connection stickiness.** A gthread process accepts whenever its main"
    " thread runs and keeps kept-alive connections: with 32 wrk connections `ss -tnp`"
    " showed 28 / 2 / 1 / 1 connections on the four processes for the whole run: 28"
    " clients shared one process's four threads and its share of the CPU while three"
    " clients had a process each, and 31 requests took over 2 s. Sync workers accept only"
    " when idle, so the accept queue hands requests out in order.",
    "- **Not the accept queue of the server.** In every run above"
    " `TcpExtListenOverflows`, `TcpExtListenDrops` and `TcpExtTCPSynRetrans` did not move"
    " and the server socket's queue (sampled every 50 ms with `ss`) never held more than 26"
    " of its 2048 places: with at most 32 client connections a 2048-place queue cannot"
    " overflow. The overflows seen"
    " before were counted host-wide (the counters cover every listening socket on the"
    " machine); each row now records both, and a row with any is FAIL.",
]


def write_doc(
    *,
    cases: list[Case],
    results: dict[str, Measurement],
    baseline: str,
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
        *results_table(results, baseline=baseline),
        "",
        *METHOD,
        "",
        *TAILS,
        "",
        "## Server configuration",
        "",
    ]
    if len(sweep) > 1:
        lines += [
            "Each candidate served the verify endpoint for a short wrk run (on top of"
            " gunicorn.conf.py); the rows above ran on"
            f" **{config_name}**. Compare the tails and the kernel counters, not only the"
            " throughput: see the section above for why gthread was dropped.",
            "",
            *results_table(sweep, first=f"gunicorn (verify, {CONNECTIONS} connections)"),
            "",
        ]
    else:
        lines += [f"No sweep in this run; configuration **{config_name}** was given.", ""]
    if save:
        DOC.write_text("\n".join(lines))
    print("\n".join([*results_table(results, baseline=baseline), "", *targets]))
    return ok
