"""Capacity: the CPU each kind of request costs each process (web, worker, PostgreSQL,
Redis), and whether two web instances and two workers give what one of each predicts.

CPU is read from /proc (user + system time of every gunicorn, Celery, postgres and
redis-server process) before and after a known number of requests of one kind, with nothing
else sent meanwhile; the other processes' idle ticking (Celery's and Redis's timers) is in
the figures too, small against the work. docs/deploy.md turns the figures into a capacity
plan.

The scaling check: verify at saturation against one gunicorn instance, then against two
(two wrk processes, one per instance); a 4,000-plot risk job (two 30 m layers) scored by one
solo worker, then by two. On this two-core machine, the web instances share the two cores
(so two cannot serve more than one: the check is that they serve as much, nothing is lost
to the second instance); each solo worker uses one core, so two workers should score
nearly twice as fast.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

from cases_api import dds_file
from cases_risk_plots import polygon_features, two_layers
from core import DEMO_DDS, Context
from harness import LUA, Measurement, http, json_body, server, timed_requests
from workers import celery_worker, children, cpu_seconds

JOB_PLOTS = 4000
CHUNK_SIZE = 500  # RISK_JOB_CHUNK_SIZE's default

# The example load of docs/deploy.md ("Capacity plan"), as peak rates per second of the
# kinds measured here: 10 million badge views a day, three times the day's average at the
# peak hour; 100,000 filings and 1,000,000 job plots a day, made in 8 working hours, twice
# that hour's average at the peak. Cores are sized for 60 % busy at that peak.
EXAMPLE_LOAD = {
    "badge (verify)": 10_000_000 / 86_400 * 3,
    "filing, 2 plots (PDF answered)": 100_000 / (8 * 3600) * 2,
    "job plot (polygon, two 30 m layers)": 1_000_000 / (8 * 3600) * 2,
}
TARGET_BUSY = 0.6


def _pids(command: str) -> list[int]:
    """Every process whose name (comm) is `command`."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == command:
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def _tree(pid: int) -> list[int]:
    return [pid, *children(pid)]


class CpuMeter:
    """CPU seconds of the web, worker, PostgreSQL and Redis processes since `start`."""

    def __init__(self, web: list[int], workers: list[int]) -> None:
        self.groups = {"web": web, "worker": workers}

    def _read(self) -> dict[str, dict[int, float]]:
        groups = {
            "web": [p for pid in self.groups["web"] for p in _tree(pid)],
            "worker": [p for pid in self.groups["worker"] for p in _tree(pid)],
            "postgres": _pids("postgres"),
            "redis": _pids("redis-server"),
        }
        return {name: {pid: cpu_seconds(pid) for pid in pids} for name, pids in groups.items()}

    def start(self) -> None:
        self.before = self._read()

    def stop(self) -> dict[str, float]:
        after = self._read()
        # A process that started meanwhile (a new PostgreSQL backend) counts from 0.
        return {
            name: sum(seconds - self.before[name].get(pid, 0.0) for pid, seconds in after[name].items())
            for name in after
        }


def _wrk(urls: list[str], seconds: int, connections: int) -> float:
    """Requests per second of one wrk process per URL, run at once, summed."""
    procs = [
        subprocess.Popen(
            [
                "wrk",
                "-t",
                "1",
                "-c",
                str(connections),
                "-d",
                f"{seconds}s",
                "--timeout",
                "5s",
                "-s",
                str(LUA),
                url,
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        for url in urls
    ]
    total = 0.0
    for proc in procs:
        out, _ = proc.communicate()
        line = next(x for x in out.splitlines() if x.startswith("BENCH_JSON "))
        data = json.loads(line.removeprefix("BENCH_JSON "))
        if data["non_2xx_3xx"] or data["timeouts"]:
            raise RuntimeError(f"wrk saw errors: {data}")
        total += data["rps"]
    return total


def _job(ctx: Context, features: list[dict]) -> float:
    """POST a job and poll until done; its seconds."""
    body, headers = json_body({"type": "FeatureCollection", "features": features})
    started = time.perf_counter()
    status, answer_headers, answer = http(
        ctx.url("/api/eudr/v1/risk-score/jobs"), method="POST", headers={**ctx.auth, **headers}, body=body
    )
    if status != 202:
        raise RuntimeError(f"job answered {status}: {answer[:300]!r}")
    location = answer_headers.get("Location") or answer_headers.get("location")
    while time.perf_counter() - started < 600:
        job = json.loads(http(ctx.url(location), headers=ctx.auth)[2])
        if job["status"] in ("done", "cancelled"):
            break
        time.sleep(0.1)
    if job["status"] != "done":
        raise RuntimeError(f"job did not finish: {job['status']}")
    return time.perf_counter() - started


def _per_request(ctx: Context, meter: CpuMeter) -> dict[str, dict[str, float]]:
    """CPU milliseconds per request of each kind, by process group."""
    kinds: dict[str, dict[str, float]] = {}

    def measured(kind: str, count: int, run) -> None:
        time.sleep(1)  # what came before settles (a worker finishing a task)
        meter.start()
        run()
        time.sleep(1)  # the worker's share of what the requests queued
        kinds[kind] = {name: 1000 * s / count for name, s in meter.stop().items()}

    verify = ctx.url(f"/api/v1/verify/{DEMO_DDS}")
    rps = {}

    def badge() -> None:
        rps["verify"] = _wrk([verify], ctx.scaled(8, 2), 8)

    meter.start()  # how many requests wrk made is known only afterwards
    time.sleep(1)
    badge()
    time.sleep(1)
    seconds = ctx.scaled(8, 2)
    kinds["badge (verify)"] = {name: 1000 * s / (rps["verify"] * seconds) for name, s in meter.stop().items()}

    n = ctx.scaled(200, 20)
    measured(
        "owner's list (50 a page)",
        n,
        lambda: timed_requests(ctx.url("/api/eudr/dds/list?page_size=50"), n=n, headers=ctx.auth, warmup=0),
    )
    measured(
        "risk score, one location",
        n,
        lambda: timed_requests(
            ctx.url("/api/eudr/v1/risk-score?lat=52.1&lng=21.0"), n=n, headers=ctx.auth, warmup=0
        ),
    )
    filings = ctx.scaled(20, 3)
    measured(
        "filing, 2 plots (PDF answered)",
        filings,
        lambda: [dds_file(ctx, 2, f"CAP-{time.time_ns()}-{i}") for i in range(filings)],
    )
    with two_layers(ctx):
        plots = ctx.scaled(JOB_PLOTS, 400)
        features = polygon_features(plots, seed=31)
        _job(ctx, features[:50])  # the worker opens the layers once
        measured("job plot (polygon, two 30 m layers)", plots, lambda: _job(ctx, features))
    return kinds


def _scaling(ctx: Context) -> dict[str, float]:
    seconds = ctx.scaled(8, 2)
    verify_path = f"/api/v1/verify/{DEMO_DDS}"
    out = {"web_one": _wrk([ctx.url(verify_path)] * 2, seconds, 8)}
    with server(ctx.env, ctx.gunicorn_config) as second:
        _wrk([second.base_url + verify_path], 2, 8)  # warm its workers
        out["web_two"] = _wrk([ctx.url(verify_path), second.base_url + verify_path], seconds, 8)
    plots = ctx.scaled(JOB_PLOTS, 400)
    features = polygon_features(plots, seed=37)
    with two_layers(ctx):
        _job(ctx, features[:50])
        before_one = _counters(ctx.worker.pid)
        out["job_one"] = plots / _job(ctx, features)
        out["job_one_counters"] = [_counters(ctx.worker.pid, since=before_one)]
        with celery_worker(ctx.env, name="second") as second:
            # Warm as the first worker is: a job of two chunks, one for each.
            _job(ctx, features[: 2 * CHUNK_SIZE])
            pids = (ctx.worker.pid, second.pid)
            before = [cpu_seconds(pid, with_children=True) for pid in pids]
            before_two = [_counters(pid) for pid in pids]
            out["job_two"] = plots / _job(ctx, polygon_features(plots, seed=41))
            out["job_two_counters"] = [
                _counters(pid, since=b) for pid, b in zip(pids, before_two, strict=True)
            ]
            # Each worker's share of the job's CPU: whether the chunks were shared at all.
            out["job_two_cpu"] = [
                cpu_seconds(pid, with_children=True) - b for pid, b in zip(pids, before, strict=True)
            ]
    return out


def _counters(pid: int, since: tuple[float, ...] | None = None) -> tuple[float, ...]:
    """(user s, system s, minor faults, voluntary and involuntary switches) of a process
    from /proc, or their change since an earlier reading."""
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    status = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line
    )
    tick = os.sysconf("SC_CLK_TCK")
    now = (
        int(stat[11]) / tick,
        int(stat[12]) / tick,
        float(stat[7]),
        float(status["voluntary_ctxt_switches"]),
        float(status["nonvoluntary_ctxt_switches"]),
    )
    return now if since is None else tuple(a - b for a, b in zip(now, since, strict=True))


def _counted(workers: list[tuple[float, ...]]) -> str:
    return " and ".join(
        f"{user:.1f} / {system:.1f} s, {faults:,.0f} faults, {vol:,.0f} / {invol:,.0f} switches"
        for user, system, faults, vol, invol in workers
    )


def example_plan(kinds: dict[str, dict[str, float]]) -> dict[str, float]:
    """Cores each process group needs for EXAMPLE_LOAD at TARGET_BUSY."""
    groups = next(iter(kinds.values())).keys()
    return {
        group: sum(rate * kinds[kind][group] / 1000 for kind, rate in EXAMPLE_LOAD.items()) / TARGET_BUSY
        for group in groups
    }


def capacity(ctx: Context) -> Measurement:
    kinds = _per_request(ctx, CpuMeter(web=[ctx.server.pid], workers=[ctx.worker.pid]))
    scaling = _scaling(ctx)
    m = Measurement()
    for kind, groups in kinds.items():
        for group, ms in groups.items():
            m.values[f"{kind}: {group} ms"] = ms
    m.values.update(scaling)
    m.values["web_ratio"] = scaling["web_two"] / scaling["web_one"]
    m.values["job_ratio"] = scaling["job_two"] / scaling["job_one"]
    plan = example_plan(kinds)
    for group, cores in plan.items():
        m.values[f"example plan: {group} cores"] = cores
    per_kind = "; ".join(
        f"{kind}: " + ", ".join(f"{group} {ms:.2f}" for group, ms in groups.items())
        for kind, groups in kinds.items()
    )
    m.notes = (
        f"CPU ms per request (per plot for the job) by process: {per_kind}; verify at saturation, "
        f"one instance {scaling['web_one']:,.0f} req/s, two {scaling['web_two']:,.0f} req/s "
        f"({m.values['web_ratio']:.2f}×); job of {ctx.scaled(JOB_PLOTS, 400):,} polygon plots, one "
        f"worker {scaling['job_one']:,.0f} plots/s, two {scaling['job_two']:,.0f} plots/s "
        f"({m.values['job_ratio']:.2f}×, CPU of the two workers during it "
        + " and ".join(f"{seconds:.1f} s" for seconds in scaling["job_two_cpu"])
        + "); each worker during the job (user s, system s, minor page faults, voluntary / "
        "involuntary context switches): alone "
        + _counted(scaling["job_one_counters"])
        + ", two at once "
        + _counted(scaling["job_two_counters"])
        + "; docs/deploy.md's example load ("
        + ", ".join(f"{kind} {rate:,.1f}/s" for kind, rate in EXAMPLE_LOAD.items())
        + f") needs, at {TARGET_BUSY:.0%} busy: "
        + ", ".join(f"{group} {cores:.1f} cores" for group, cores in plan.items())
    )
    return m
