"""The "why missed" notes of docs/benchmarks.md, from the measured numbers.

What each note says about the cause was established by profiling the code path
in-process (cProfile) on this machine; the numbers in it are this run's.
"""

from __future__ import annotations

from harness import CONNECTIONS, Measurement

Results = dict[str, Measurement]


def verify_ratio(livez: str, verify: str):
    def why(_: Measurement, results: Results) -> str:
        lz, vf = results[livez], results[verify]
        return (
            f"/livez {lz.rps or 0:,.0f} req/s{bimodal(lz)} vs verify {vf.rps or 0:,.0f}: verify also runs "
            "the per-IP limiter (Redis), the statement lookup (cache, PostgreSQL on a miss) and DRF "
            "rendering; wrk takes part of the same 2 cores"
        )

    return why


def bimodal(m: Measurement) -> str:
    """A tail far from the median: some connections stall while the others are served."""
    if m.p50_ms and m.p95_ms and m.p95_ms > 10 * m.p50_ms:
        return (
            f" (bimodal: p50 {m.p50_ms:.1f} ms, p95 {m.p95_ms:,.0f} ms; likely kept-alive connections"
            " waiting on a busy gthread worker while others idle)"
        )
    return ""


def verify_p99(verify_8: str):
    def why(m: Measurement, results: Results) -> str:
        mean = CONNECTIONS / (m.rps or 1) * 1000
        at8 = results.get(verify_8)
        tail = f"; at 8 connections p99 is {at8.p99_ms:,.1f} ms{bimodal(at8)}" if at8 and at8.p99_ms else ""
        return (
            f"queueing: {CONNECTIONS} connections / {m.rps or 0:,.0f} req/s = {mean:.1f} ms mean time in "
            f"the system (Little's law) before any tail, wrk sharing the 2 cores{tail}"
        )

    return why


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
        f"p50 {m.p50_ms:.0f} ms: per point the layer is opened again (rasterio.open x500) and the circle "
        "rasterized on its window; opening each layer once per batch (or per process) would remove "
        "roughly a third"
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
    bound = " (the emitter bounds the rate)" if v["emit_rate"] < v["drain"] * 1.1 else ""
    return (
        f"events committed at {v['emit_rate']:,.0f}/s{bound}, received at {v['drain']:,.0f}/s = "
        f"{1000 / max(v['drain'], 1e-9):.0f} ms per delivery, of which {v['cpu_ms']:.0f} ms worker CPU "
        f"(at most ~{1000 / max(v['cpu_ms'], 1e-9):.0f}/s per process even on an idle core): Celery fetch "
        "and ack, 6 ORM queries (claim, select, attempt insert, 2 updates, refresh), signing; the "
        f"POST itself took {v['http_ms']:.1f} ms. The rest is spent off the worker's CPU (PostgreSQL, the "
        "Redis broker round trips of acks_late with prefetch 1, CPU taken by the emitters on the same "
        "2 cores); compare the solo and prefork rows: if they are close, the limit is not one process's CPU"
    )


def webhook_p95(m: Measurement, _: Results) -> str:
    return (
        f"deliveries queue behind each other: received at {m.values['drain']:,.0f}/s while committed at "
        f"{m.values['emit_rate']:,.0f}/s, so the wait grows through the run"
    )
