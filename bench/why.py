"""The "why missed" notes of docs/benchmarks.md, from the measured numbers.

What each note says about the cause was established by profiling the code path
in-process (cProfile) on this machine; the numbers in it are this run's.
"""

from __future__ import annotations

from harness import Measurement

Results = dict[str, Measurement]


def verify_ratio(livez: str, verify: str, pairs_key: str = "paired_ratios"):
    def why(_: Measurement, results: Results) -> str:
        vf = results[verify]
        pairs = ", ".join(f"{r:.2f}" for r in vf.values.get(pairs_key, []))
        rows = ""
        if livez in results:
            lz = results[livez].rps or 0
            rows = f"; the rows' own runs /livez {lz:,.0f} req/s vs verify {vf.rps or 0:,.0f}"
        return (
            f"interleaved windows, pair by pair, gave {pairs or 'no ratios'}{rows}. Verify's own work "
            "is one Redis round trip (the limiter's counters and the cached record together) on the "
            "same two cores; bench/profile_verify.py gives both views' CPU per request in-process "
            "and verify's profile"
        )

    return why


def verify_p99(m: Measurement, _: Results) -> str:
    return (
        f"p50 {m.p50_ms:.1f} ms, p95 {m.p95_ms:.1f} ms, p99 {m.p99_ms:.1f} ms ({m.notes.split(';')[0]}): "
        "the kernel counters of this row tell a dropped connection (1 s / 3 s SYN retransmission) "
        "from time spent in the server; the 1-minute load in the notes shows other work on the cores"
    )


def soak_p99(m: Measurement, _: Results) -> str:
    kinds, shares = m.values.get("kinds", {}), m.values.get("shares", {})
    if not kinds:
        return f"p99 {m.p99_ms:.0f} ms over the whole mix"
    slowest = max(kinds, key=lambda k: kinds[k][1])
    p50, p99 = kinds[slowest]
    return (
        f"p99 {m.p99_ms:.0f} ms over the whole mix; the slowest kind, {slowest} "
        f"({shares.get(slowest, 0):.0%} of the requests), has p50 {p50:,.0f} ms and p99 {p99:,.0f} ms "
        f"(per-kind figures in the notes). The machine was {m.values.get('machine_busy', 0):.0%} busy "
        f"(/proc/stat); gunicorn workers used {m.values.get('web_cpu', 0):.0f} s of CPU and the Celery "
        "worker's PDF renders the rest: a tail with the cores saturated is queueing for them"
    )


def risk_single(m: Measurement, _: Results) -> str:
    return (
        f"p50 {m.p50_ms:.1f} ms round trip: key lookup (HMAC + 1 query), the forest-layer registry query, "
        "country lookup, scoring and JSON; in-process the view takes about 6-7 ms, the rest is "
        "gunicorn and the client on the same 2 cores"
    )


def risk_batch(m: Measurement, _: Results) -> str:
    return (
        f"p50 {m.p50_ms:.0f} ms for {m.values['bytes'] / 1000:,.0f} KB: the profile is dominated by "
        "dataclasses.asdict on 500 results and by building a 1 km circle polygon per point although "
        "no forest layer is configured (app: skip the circle without layers, build dicts directly)"
    )


def risk_batch_forest(m: Measurement, _: Results) -> str:
    return (
        f"p50 {m.p50_ms:.0f} ms. Profile (bench/profile_risk.py points): shapely.intersection of the "
        "outline cells of each 1 km circle (exact cell coverage, about 450 cells a circle) takes "
        "1.7 s of 2.9 s, rasterio.features.rasterize 0.5 s; the layer is opened once per batch. "
        "Exact coverage, added for polygon plots, weighs the circles too"
    )


def csrd_100(m: Measurement, _: Results) -> str:
    return (
        f"{m.values['seconds']:.2f} s, of which the worker renders {m.values['render_seconds']:.2f} s: "
        "WeasyPrint layout and PDF writing take most of it (content building is < 0.1 s warm)"
    )


def csrd_1000(m: Measurement, _: Results) -> str:
    return f"{m.values['seconds']:.2f} s: WeasyPrint renders the 1000-row tables in parts of 250 rows"


def soak_growth(m: Measurement, _: Results) -> str:
    return "RSS still rising after the warm-up; a longer --soak-seconds tells a leak from filling caches"


def webhook_rate(m: Measurement, _: Results) -> str:
    v = m.values
    return (
        f"drained at {v['rate']:,.0f}/s with {v['cpu_ms']:.2f} ms of worker CPU per delivery (at most "
        f"~{1000 / max(v['cpu_ms'], 1e-9):.0f}/s per process on an idle core) and {v['http_ms']:.1f} ms per "
        "POST; profile the worker (py-spy record --pid) to see whether claiming, signing or the "
        "bulk writes dominate, and whether the 2 cores were shared with other work"
    )


def webhook_p95(m: Measurement, _: Results) -> str:
    return (
        f"events committed at {m.values['emit_rate']:,.0f}/s; a wait above 1 s means the worker fell "
        "behind (see the backlog row's rate) or the wake-up after commit was late (broker round trip)"
    )


def webhook_emit(m: Measurement, _: Results) -> str:
    return (
        f"the 4 emitter processes (one transaction, one outbox row, the rate counters and a wake-up "
        f"per event) committed only {m.values['emit_rate']:,.0f}/s on this machine, so the row did not "
        "get its load; the load average in the notes says whether the 2 cores were shared"
    )


def evidence_overhead(m: Measurement, _: Results) -> str:
    return (
        f"{m.notes.split(';')[1].strip()}; the batch it is compared with got faster (exact cell "
        "coverage by our own code), the record did not: `bench/profile_risk.py evidence` signs and "
        "stores the 500 points' record in 27-36 ms; timed call by call (no profiler), the RFC 8785 "
        "bytes of its 382 KB body take 14 ms (the walk that marks 4,225 floats among 22,170 values "
        "6.7 ms, the json module's encoder 5.4 ms, which no serialiser through it goes below), the "
        "two attachments 2 ms, building the verdict 4.5 ms, the signature 1.3 ms; a walk that "
        "skips plain values without a call each measured no faster (14.3 ms)"
    )


def database_scale(m: Measurement, _: Results) -> str:
    ratios = {row: value for row, value in m.values.items() if row != "worst_ratio"}
    worst = max(ratios, key=ratios.get)
    # The other rows: the same row of the other account kind is the same measurement.
    kind = worst.split(": ", 1)[1]
    rest = max((value for row, value in ratios.items() if not row.endswith(kind)), default=0.0)
    cause = ""
    if worst.endswith("verify p99"):
        cause = (
            "; verify's row asks for statements no cache has seen: the 1M database (1,460 MB) does "
            "not fit in PostgreSQL's default shared_buffers (128 MB), the 10k one (26 MB) does, so "
            "on 1M each statement's pages are read from outside PostgreSQL's buffers (EXPLAIN "
            "(ANALYZE, BUFFERS) of the lookup: shared read=1 on 1M, hits only on 10k); "
            "verification_get uncached, in-process, 400 statements: p50 1.53 vs 2.19 ms, p99 5.0 "
            "vs 7.9 ms (10k vs 1M). docs/deploy.md sizes shared_buffers for this"
        )
    return f"worst {worst} {ratios[worst]:.2f}×, every other row within {rest:.2f}×{cause}"


def capacity_web(m: Measurement, _: Results) -> str:
    return (
        f"one instance {m.values['web_one']:,.0f} req/s, two {m.values['web_two']:,.0f}: both on the "
        "same two vCPUs, so the second instance adds processes, not cores (docs/deploy.md, Capacity plan)"
    )


def capacity_jobs(m: Measurement, _: Results) -> str:
    alone = sum(m.values.get("job_one_counters", [(0.0, 0.0)])[0][:2])
    split = " and ".join(f"{seconds:.1f} s" for seconds in m.values.get("job_two_cpu", []))
    return (
        f"one worker alone used {alone:.1f} s of CPU for the job, the two at once {split}: both took "
        "chunks and each plot cost more CPU while both ran; the same scoring run twice at once "
        "in-process (bench/profile_risk.py job) costs what it costs alone, so the cores are not "
        "the cause; what is was not found (docs/deploy.md, Capacity plan)"
    )
