"""`make bench`: a production-like server on local PostgreSQL, Redis and a real Celery worker.

Resets its own database (eudr_bench) and Redis dbs 6 (cache) and 7 (broker) (BENCH_DB_NAME,
BENCH_REDIS_CACHE and BENCH_REDIS_BROKER choose others), seeds the demo data, compares a few
gunicorn configurations on the verify endpoint, serves the rows with gunicorn.conf.py,
starts one Celery worker (`--pool=solo`) with the same environment, runs every case in
CASES against them and writes docs/benchmarks.md.

Exit status: 0 when the bench ran to completion, even if targets were missed (each
MISS is reported in the doc with the measured numbers); 1 when the bench itself
failed: a case raised (an error answer, a timeout: its row is FAIL and the other
cases still run), a 5xx or transport error in the soak or a lost webhook (the
"fatal" targets, also FAIL), or the setup failed.

To add a row: write a measure function (Context -> Measurement), append a Case with its
Targets. Helpers: harness.py (server, wrk_load, timed_requests, http), workers.py
(celery_worker, /proc memory), core.py (Context, Case, Target and target helpers).
`--quick` shortens everything for a smoke run; `--soak-seconds` sets the soak.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import tempfile
import traceback
from pathlib import Path

import why
from cases_abuse import abuse
from cases_api import (
    dds_generate,
    dds_generate_small,
    dds_pdf_1000,
    livez,
    risk_batch,
    risk_batch_evidence,
    risk_batch_forest,
    risk_single,
    verify,
    verify_8,
)
from cases_capacity import capacity
from cases_csrd import csrd_100, csrd_1000
from cases_eu import eu_submit
from cases_layers_real import batch_points_1km, batch_polygons_cold, floor_ratio, job_10k
from cases_make_run import make_run_64
from cases_risk_plots import risk_batch_polygons, risk_job_10k
from cases_scale import database_scale
from cases_suppliers import bulk_2000
from cases_webhooks import webhook_burst, webhook_paced
from core import (
    DEMO_DDS,
    Case,
    Context,
    Target,
    count_is,
    no_tcp_drops,
    p50_below,
    p99_below,
    throughput_ratio,
    value_at_least,
    value_below,
)
from harness import Measurement, app_env, ensure_packages, prepare_app, reset_services, server, wrk_load
from report import DOC, START_LOAD, machine_busy, write_doc
from soak import RATE as SOAK_RATE
from soak import soak
from workers import celery_worker

# Candidates for 2 cores, on top of gunicorn.conf.py: how many sync workers. Threaded
# workers (gthread) are no longer candidates: gunicorn.conf.py refuses them, since the
# request deadline is a signal timer only a sync worker's main thread gets (they were
# dropped before that for their tails and connection stickiness: docs/benchmarks.md).
PRODUCTION = "gunicorn.conf.py"
GUNICORN_CONFIGS: dict[str, list[str]] = {
    PRODUCTION: [],  # sync, 2 x cores + 1 workers (5 on two cores)
    "sync x3": ["--workers", "3"],
    "sync x8": ["--workers", "8"],
}
QUICK_CONFIG = PRODUCTION

LIVEZ, VERIFY = "GET /livez (minimal view)", "GET /api/v1/verify/{id}"
VERIFY_8 = "GET /api/v1/verify/{id}, 8 connections"
CSRD_100, CSRD_1000 = "CSRD report, 100 suppliers", "CSRD report, 1000 suppliers"
CASES: list[Case] = [
    Case(LIVEZ, livez, [no_tcp_drops()]),
    Case(
        VERIFY,
        verify,
        [
            throughput_ratio(VERIFY, LIVEZ, 0.85, why=why.verify_ratio(LIVEZ, VERIFY)),
            value_at_least(
                "paired_ratio_2t",
                0.85,
                "×",
                "throughput ÷ /livez, two unpinned wrk threads, interleaved 3 s windows",
                why=why.verify_ratio(LIVEZ, VERIFY, "paired_ratios_2t"),
                digits=2,
            ),
            no_tcp_drops(),
        ],
    ),
    Case(VERIFY_8, verify_8, [p99_below(25, why=why.verify_p99, load="8 connections"), no_tcp_drops()]),
    Case("GET risk-score (single, keyed)", risk_single, [p50_below(10, why=why.risk_single)]),
    Case(
        "POST risk-score/batch, 500 points, no forest layer",
        risk_batch,
        [p50_below(100, why=why.risk_batch)],
    ),
    Case(
        "POST risk-score/batch, 500 points, 30 m loss layer, 1 km",
        risk_batch_forest,
        [p50_below(1000, why=why.risk_batch_forest)],
    ),
    Case(
        "Evidence record of a 500-point batch (30 m loss layer): signing and storing",
        risk_batch_evidence,
        [
            value_below("overhead_pct", 5, "%", "added to the batch's p50", why=why.evidence_overhead),
            value_below("signed_bytes_per_plot", 2, "KB", "signed record per plot"),
        ],
    ),
    Case(
        "Database at scale: 1,000,000 statements (3,000,000 plots, 10,000 accounts, one of 100,000)",
        database_scale,
        [
            value_below(
                "worst_ratio",
                1.2,
                "x",
                "every row against the 10,000-statement database",
                why=why.database_scale,
            )
        ],
    ),
    Case(
        "POST risk-score/batch, 500 polygon plots, two 30 m layers",
        risk_batch_polygons,
        [p50_below(1000, why="500 polygons of about 3 ha, exact cell coverage on a loss and a cover layer")],
    ),
    Case(
        "Risk job, 10,000 plots (5,000 polygons, 5,000 points), two 30 m layers, one worker",
        risk_job_10k,
        [value_below("seconds", 60, "s", "POST to done, one solo worker")],
    ),
    Case(
        "POST risk-score/batch, 500 polygon plots (1-50 ha), 10 m + 30 m layers, cold page cache",
        batch_polygons_cold,
        [p50_below(1000, why="each request a new set of polygons, layer files evicted before it")],
    ),
    Case(
        "POST risk-score/batch, 500 points, 10 m + 30 m layers, 1 km",
        batch_points_1km,
        [p50_below(1000, why="CPU-bound: the notes give the server's CPU per request and a profile")],
    ),
    Case(
        "Risk job, 10,000 plots (5,000 polygons, 5,000 points), 10 m + 30 m layers, one worker",
        job_10k,
        [
            value_below("seconds", 60, "s", "POST to done, one solo worker"),
            value_below("celery_mib", 500, "MiB", "Celery worker peak RSS (VmHWM)"),
            value_below("web_mib", 500, "MiB", "gunicorn worker peak RSS (VmHWM)"),
        ],
    ),
    Case(
        "Forest reading on 10 m + 30 m layers against exactextract alone (CPU per plot)",
        floor_ratio,
        [
            value_below("ratio_polygons", 1.3, "x", "500 polygons: ours / exactextract"),
            value_below("ratio_points", 1.3, "x", "500 circles of 1 km: ours / exactextract"),
        ],
    ),
    Case(
        CSRD_100,
        csrd_100,
        [
            value_below("seconds", 3, "s", "wall time", why=why.csrd_100),
            value_below("peak_mib", 400, "MiB", "worker peak RSS (VmHWM)"),
        ],
    ),
    Case(
        CSRD_1000,
        csrd_1000,
        [
            value_below("seconds", 20, "s", "wall time", why=why.csrd_1000),
            value_below("peak_mib", 400, "MiB", "worker peak RSS (VmHWM)"),
        ],
    ),
    Case(
        "DDS generate, 100 point plots (PDF)",
        dds_generate,
        [
            value_below(
                "seconds",
                2,
                "s",
                "generation (POST -> PDF)",
                why=lambda m, _: (
                    f"CPU during the POST: web {m.values['web_cpu_seconds']:.2f} s, worker "
                    f"{m.values['worker_cpu_seconds']:.2f} s (the one solo worker screens the statement, "
                    "queued first, then renders its PDF); the rest of the wall time waited for a core"
                ),
            ),
            value_below("bytes", 500, "KB", "PDF at filing"),
            value_below("screened_bytes", 500, "KB", "PDF after screening"),
        ],
    ),
    Case("DDS generate, 2 point plots (PDF answer)", dds_generate_small),
    Case(
        "DDS PDF, 1,000 point plots, rendered by one worker",
        dds_pdf_1000,
        [
            value_below(
                "seconds",
                10,
                "s",
                "GET -> PDF (a 202, then polled)",
                why=lambda m, _: (
                    f"the worker used {m.values['cpu_seconds']:.2f} s of CPU with its renderer: a render "
                    "no request waits for runs PDF_RENDER_NICE steps nicer, after the machine's other work"
                ),
            ),
            value_below("peak_mib", 500, "MiB", "renderer's peak RSS (VmHWM of the worker's forked child)"),
        ],
    ),
    Case(
        "Abuse: worst bodies (deep JSON, huge MultiPoint, 20x1000 plots, 1000 parcels, PDFs) + /livez",
        abuse,
        [
            p99_below(100, why="p99 of /livez while the abusive bodies are sent from another client"),
            value_below("slowest_s", 10, "s", "slowest abusive request"),
            value_below("web_peak_mib", 500, "MiB", "gunicorn worker peak RSS (VmHWM)"),
            value_below("web_cpu_s", 10, "s", "CPU of the busiest gunicorn worker during the row"),
        ],
    ),
    Case(
        "Mixed-traffic soak",
        soak,
        [
            count_is("server_errors", None, "no 5xx"),
            count_is("failed", None, "no 4xx or transport errors"),
            count_is("pdfs", "filed", "every filing's PDF rendered"),
            p99_below(150, why=why.soak_p99, load=f"{SOAK_RATE} requests/s (open loop)"),
            no_tcp_drops(),
            Target(
                "gunicorn workers' RSS growth < 10% (2nd to last third)",
                lambda m, _: (f"{m.values['web_growth']:+.1%}", m.values["web_growth"] < 0.10),
                why=why.soak_growth,
            ),
            Target(
                "Celery worker RSS growth < 10%",
                lambda m, _: (f"{m.values['celery_growth']:+.1%}", m.values["celery_growth"] < 0.10),
                why=why.soak_growth,
            ),
        ],
    ),
    Case(
        "`make run` (gunicorn.conf.py on SQLite, no broker), 64 concurrent clients",
        make_run_64,
        [
            count_is("transport_errors", None, "0 connection resets or other transport errors"),
            count_is("server_errors", None, "no 5xx"),
            no_tcp_drops(),
        ],
    ),
    Case(
        "EU submission, 100 statements to the fake EU Information System, one worker",
        eu_submit,
        [count_is("available", "expected", "all AVAILABLE")],
    ),
    Case(
        "Bulk filing, 2000 suppliers: roster upload to the last EU reference, EU paced at 5 calls/s",
        bulk_2000,
        [
            count_is("available", "expected", "all AVAILABLE"),
            value_below("ratio", 1.10, "x", "time / (2000 submissions at 5/s)"),
            value_below("start_s", 1, "s", "the start's work in the request (the panel's POST)"),
        ],
    ),
    Case(
        "Capacity: CPU per request kind; two web instances and two workers against one of each",
        capacity,
        [
            value_at_least(
                "web_ratio",
                0.9,
                "x",
                "verify at saturation, two instances / one (two cores)",
                digits=2,
                why=why.capacity_web,
            ),
            value_at_least(
                "job_ratio",
                1.6,
                "x",
                "risk job plots per second, two solo workers / one",
                digits=2,
                why=why.capacity_jobs,
            ),
        ],
    ),
    Case(
        "Webhooks, 1000-event backlog, one worker process",
        webhook_burst,
        [
            count_is("received", "expected", "all delivered"),
            value_at_least("rate", 300, "/s", "deliveries per second", why=why.webhook_rate),
        ],
    ),
    Case(
        "Webhooks, events arriving at 150/s, one worker process",
        webhook_paced,
        [
            count_is("received", "expected", "all delivered"),
            value_at_least(
                "emit_rate", 135, "/s", "events committed per second (the load)", why=why.webhook_emit
            ),
            value_below("p95_s", 1, "s", "p95 commit -> receipt", why=why.webhook_p95),
        ],
    ),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=12, help="seconds per wrk measurement")
    parser.add_argument("--sweep-duration", type=int, default=5, help="seconds per candidate config")
    parser.add_argument("--config", choices=GUNICORN_CONFIGS, help="skip the sweep, use this config")
    parser.add_argument("--soak-seconds", type=int, default=60, help="length of the mixed-traffic soak")
    parser.add_argument("--quick", action="store_true", help="a short smoke run (fewer, shorter requests)")
    parser.add_argument("--only", help="run only the cases whose name contains this text (development)")
    parser.add_argument(
        "--without-server",
        action="store_true",
        help="no gunicorn and no main worker (for cases that bring their own: --only Webhooks)",
    )
    args = parser.parse_args()
    # Turn a SIGTERM (e.g. from a CI timeout) into SystemExit so every process is still stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if args.quick:
        args.duration, args.config = min(args.duration, 3), args.config or QUICK_CONFIG

    ensure_packages()
    if machine_busy():
        print(f"Warning: load average {START_LOAD:.1f} before the run; results will be pessimistic.")
    with tempfile.TemporaryDirectory(prefix="eudr-bench-") as tmp:
        env = app_env(Path(tmp) / "var")
        reset_services()
        api_key = prepare_app(env)

        sweep: dict[str, Measurement] = {}
        for name in [] if args.config or args.without_server else GUNICORN_CONFIGS:
            with server(env, GUNICORN_CONFIGS[name]) as srv:
                url = srv.base_url + f"/api/v1/verify/{DEMO_DDS}"
                sweep[name] = wrk_load(url, seconds=args.sweep_duration)
                print(f"{name}: verify {sweep[name].rps:.0f} req/s, p99 {sweep[name].p99_ms:.1f} ms")
        # The rows measure what production runs; the sweep is the evidence for it
        # (throughput alone would pick a config with seconds-long tails).
        config = args.config or PRODUCTION

        with contextlib.ExitStack() as stack:
            srv = None if args.without_server else stack.enter_context(server(env, GUNICORN_CONFIGS[config]))
            worker = None if args.without_server else stack.enter_context(celery_worker(env))
            ctx = Context(
                server=srv,
                worker=worker,
                api_key=api_key,
                duration=args.duration,
                env=env,
                gunicorn_config=GUNICORN_CONFIGS[config],
                tmp=Path(tmp),
                quick=args.quick,
                soak_seconds=args.soak_seconds,
            )
            for case in [c for c in CASES if not args.only or args.only.lower() in c.name.lower()]:
                print(f"Measuring {case.name} ...", flush=True)
                load = os.getloadavg()[0]
                try:
                    ctx.results[case.name] = case.measure(ctx)
                except Exception as exc:  # recorded as FAIL; the other cases still run
                    traceback.print_exc()
                    error = f"{type(exc).__name__}: {exc}".replace("\n", " ").replace("|", "/")[:300]
                    ctx.results[case.name] = Measurement(notes="error", error=error)
                # Other work on the 2 cores skews the row: say how busy the machine was.
                ctx.results[case.name].notes += f"; load {load:.2f} at start"
                print(f"  {ctx.results[case.name].notes}", flush=True)
    ok = write_doc(
        cases=CASES,
        results=ctx.results,
        baseline=LIVEZ,
        sweep=sweep if not args.config else {},
        config_name=config,
        gunicorn_config=" ".join([PRODUCTION, *GUNICORN_CONFIGS[config]]),
        worker_command=worker.command if worker else "",
        args_line="".join(f" {a}" for a in sys.argv[1:]),
        save=not args.only,  # a partial run must not replace the full table
    )
    print(f"\nServer: {config}." + ("" if args.only else f" Wrote {DOC.relative_to(DOC.parents[1])}."))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
