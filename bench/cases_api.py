"""Request-level cases: verify under load, risk single and batch, DDS generation."""

from __future__ import annotations

import json
import statistics
import threading
import time

from core import DEMO_DDS, Context
from forest_layer import batch_points, write_loss_year_tif
from harness import Measurement, http, json_body, server, timed_requests, wrk_load
from workers import children, cpu_seconds, proc_kib

RISK_SINGLE = "/api/eudr/v1/risk-score?lat=52.23&lng=21.01&radiusKm=1"


def livez(ctx: Context) -> Measurement:
    return wrk_load(ctx.url("/livez"), seconds=ctx.duration)


def verify(ctx: Context) -> Measurement:
    measured = wrk_load(ctx.url(f"/api/v1/verify/{DEMO_DDS}"), seconds=ctx.duration)
    pooled, ratios = interleaved_ratio(ctx)
    measured.values["paired_ratio"] = pooled
    measured.values["paired_ratios"] = ratios
    per_pair = ", ".join(f"{r:.2f}" for r in ratios)
    measured.notes += f"; verify ÷ /livez over interleaved windows: {pooled:.2f} (per pair: {per_pair})"
    # The same with wrk as a second, unpinned, two-thread client: it takes CPU from any core.
    pooled, ratios = interleaved_ratio(ctx, threads=2, pinned=False, seconds=3)
    measured.values["paired_ratio_2t"] = pooled
    measured.values["paired_ratios_2t"] = ratios
    per_pair = ", ".join(f"{r:.2f}" for r in ratios)
    measured.notes += f"; with two unpinned wrk threads, 3 s windows: {pooled:.2f} (per pair: {per_pair})"
    return measured


def interleaved_ratio(
    ctx: Context, *, threads: int = 1, pinned: bool = True, seconds: int = 2
) -> tuple[float, list[float]]:
    """Verify's throughput over /livez's, both measured in short windows that alternate.

    On a shared 2-core machine throughput drifts by a factor of two between rows minutes
    apart, and by a third between 3 s windows seconds apart (/livez gave 1,851 to 3,075
    req/s in twelve windows over two minutes, and single-window ratios 0.79 to 1.15).
    So the ratio is taken over many windows, in pairs ordered A B B A (every other pair
    starting with verify; a drift steady over a pair cancels), as total requests over
    total requests in the same total time: throughput over the interleaved windows.
    Returns that ratio and each pair's own ratio (for the spread)."""
    verify_path = f"/api/v1/verify/{DEMO_DDS}"
    pairs = ctx.scaled(10, 1)
    load = {"threads": threads, "pinned": pinned, "warmup": 0}
    for path in ("/livez", verify_path):  # both warm, every worker connected
        wrk_load(ctx.url(path), seconds=1, **load)
    totals = dict.fromkeys(("/livez", verify_path), 0.0)
    ratios = []
    for n in range(pairs):
        first, second = ("/livez", verify_path) if n % 2 == 0 else (verify_path, "/livez")
        rps = dict.fromkeys((first, second), 0.0)
        for path in (first, second, second, first):
            window = wrk_load(ctx.url(path), seconds=seconds, **load)
            if window.values["errors"]:  # wrk counts error answers as requests too
                raise RuntimeError(f"{path}: {window.notes}")
            rps[path] += window.rps or 0
        ratios.append(rps[verify_path] / (rps["/livez"] or 1))
        for path, value in rps.items():
            totals[path] += value
    return totals[verify_path] / (totals["/livez"] or 1), ratios


def verify_8(ctx: Context) -> Measurement:
    return wrk_load(ctx.url(f"/api/v1/verify/{DEMO_DDS}"), seconds=ctx.duration, connections=8)


def risk_single(ctx: Context) -> Measurement:
    n = ctx.scaled(300, 50)
    return timed_requests(ctx.url(RISK_SINGLE), n=n, headers=ctx.auth, warmup=ctx.scaled(30, 5))


def warm_up(base_url: str, ctx: Context, n: int = 24) -> None:
    """Risk requests on fresh connections, so every gunicorn worker has loaded the
    country index (its first risk call does) before a batch is timed."""
    for _ in range(n):
        http(base_url + RISK_SINGLE, headers=ctx.auth)


def _batch(base_url: str, ctx: Context) -> Measurement:
    body, headers = json_body({"parcels": batch_points(500), "radiusKm": 1})
    url = base_url + "/api/eudr/v1/risk-score/batch"
    headers = {**ctx.auth, **headers}
    m = timed_requests(url, n=ctx.scaled(10, 3), method="POST", headers=headers, body=body, warmup=1)
    m.values["seconds"] = (m.p50_ms or 0) / 1000
    return m


def risk_batch(ctx: Context) -> Measurement:
    return _batch(ctx.server.base_url, ctx)


def risk_batch_forest(ctx: Context) -> Measurement:
    """The same batch on a second gunicorn whose FOREST_LAYERS holds a 30 m loss-year layer."""
    tif = ctx.tmp / "lossyear_bench.tif"
    layer = write_loss_year_tif(tif)
    env = {**ctx.env, "FOREST_LAYERS": f"loss|loss_year|{tif}"}
    with server(env, ctx.gunicorn_config) as srv:
        _, _, sample = http(
            srv.base_url + RISK_SINGLE.replace("52.23", "52.0").replace("21.01", "20.5"), headers=ctx.auth
        )
        coverage = json.loads(sample).get("data_coverage")
        if not coverage or "loss" not in json.dumps(coverage):
            raise RuntimeError(f"the forest layer was not used: data_coverage={coverage!r}")
        warm_up(srv.base_url, ctx)
        m = _batch(srv.base_url, ctx)
    m.notes += (
        f"; layer {layer['width']:.0f}x{layer['height']:.0f} px uint8, {layer['bytes'] / 1e6:.1f} MB on disk"
    )
    return m


def risk_batch_evidence(ctx: Context) -> Measurement:
    """What keeping a 500-point batch as a signed evidence record costs: the server's own
    time for the record (Server-Timing) over the batch's p50 without one, on the
    forest-layer server, requests with and without `keepEvidence` alternating; and the
    record's size per plot."""
    tif = ctx.tmp / "lossyear_bench.tif"
    write_loss_year_tif(tif)
    env = {**ctx.env, "FOREST_LAYERS": f"loss|loss_year|{tif}"}
    points = batch_points(500)
    url = "/api/eudr/v1/risk-score/batch"
    timings: dict[bool, list[float]] = {False: [], True: []}
    spent: list[float] = []
    with server(env, ctx.gunicorn_config) as srv:
        warm_up(srv.base_url, ctx)
        reference = None
        # Untimed first: five of each kind, so every gunicorn worker has signed once (its
        # first record reads the signing key and hashes the layer file) before timing.
        untimed = 10
        for n in range(2 * ctx.scaled(12, 3) + untimed):
            keep = n % 2 == 1
            body, headers = json_body({"parcels": points, "radiusKm": 1, "keepEvidence": keep})
            started = time.perf_counter()
            status, answer_headers, answer = http(
                srv.base_url + url, method="POST", headers={**ctx.auth, **headers}, body=body
            )
            elapsed = time.perf_counter() - started
            if status != 200:
                raise RuntimeError(f"batch answered {status}: {answer[:300]!r}")
            if n >= untimed:
                timings[keep].append(elapsed * 1000)
                if keep:  # the server's own time for the record (Server-Timing: evidence;dur=...)
                    spent.append(float(answer_headers["Server-Timing"].split("dur=")[1]))
            if keep:
                reference = json.loads(answer)["evidence_record"]
        path = reference["url"].split("/api/", 1)[1]
        _, _, signed = http(f"{srv.base_url}/api/{path}/signed", headers=ctx.auth)
        _, _, document = http(f"{srv.base_url}/api/{path}", headers=ctx.auth)
    plain, kept = statistics.median(timings[False]), statistics.median(timings[True])
    record_ms = statistics.median(spent)
    attachments = len(json.dumps(json.loads(document)["attachments"]).encode())
    m = Measurement(p50_ms=kept)
    # The record's cost as the server timed it, over the batch without one: the difference
    # of two p50s on this shared machine drifts by more than the cost itself.
    m.values.update(
        overhead_pct=record_ms / plain * 100,
        end_to_end_pct=(kept - plain) / plain * 100,
        signed_bytes_per_plot=len(signed) / len(points),
        attachment_bytes_per_plot=attachments / len(points),
    )
    m.notes = (
        f"{len(timings[True])} requests of each kind, alternating; record signed and stored in "
        f"{record_ms:.1f} ms (p50, Server-Timing); batch p50 without the record {plain:.1f} ms, with it "
        f"{kept:.1f} ms; per plot: signed record {len(signed) / 500:.0f} B, "
        f"attachments {attachments / 500:.0f} B"
    )
    return m


def dds_body(plots: int, reference: str) -> dict:
    points = batch_points(plots, seed=reference)
    return {
        "internal_reference": reference,
        "activity": "import",
        "operator": {
            "name": "Zakłady Mięsne Łódź S.A.",
            "nip": "5260250274",
            "eori": "PL5260250274",  # an import needs it (OPS 10.3, EUDR_OPERATOR_EORI_FOR_ACTIVITY)
            "country": "PL",
            "address": "ul. Piotrkowska 1, 90-001 Łódź",
        },
        "commodities": [
            {
                "commodity": "soja",
                "description": "Soja ziarno",
                "hs_heading": "1201",
                "net_mass_kg": 25000,
                "country_of_production": "PL",
                "plots": [{**p, "area_ha": 1} for p in points],
            }
        ],
        "attestation": {
            "legality": True,
            "annex_ii_declaration": True,
            "signatory_name": "Anna Nowak",
            "signatory_function": "Prezes zarządu",
        },
    }


def dds_file(ctx: Context, plots: int, reference: str) -> tuple[float, bytes, str]:
    """POST a statement; (seconds, PDF, dds_id)."""
    body, headers = json_body(dds_body(plots, reference))
    start = time.perf_counter()
    status, resp_headers, pdf = http(
        ctx.url("/api/eudr/dds/generate"), method="POST", headers={**ctx.auth, **headers}, body=body
    )
    elapsed = time.perf_counter() - start
    if status != 201 or not pdf.startswith(b"%PDF"):
        raise RuntimeError(f"DDS generate answered {status}: {pdf[:500]!r}")
    return elapsed, pdf, resp_headers["Location"].rsplit("/", 1)[-1]


def dds_wait_screened(ctx: Context, dds_id: str, timeout: float = 300) -> str:
    headers = {**ctx.auth, "Accept": "application/json"}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, _, body = http(ctx.url(f"/api/eudr/v1/dds/{dds_id}"), headers=headers)
        if status != 200:
            raise RuntimeError(f"GET dds {dds_id} answered {status}: {body[:300]!r}")
        state = json.loads(body)["status"]
        if state != "SUBMITTED":
            return state
        time.sleep(0.05)
    raise RuntimeError(f"{dds_id} was not screened within {timeout:g} s")


def dds_generate(ctx: Context) -> Measurement:
    """100 point plots: more than DDS_SYNC_SCREENING_MAX_PLOTS, so the worker screens them.

    The CPU of each POST is read beside its wall time (the machine is shared): the web
    workers' and the Celery worker's, each with the PDF renderers it forked."""
    post_s, pdf_kb, screen_s, final_kb, final_s, states = [], [], [], [], [], []
    web_cpu, worker_cpu = [], []
    for i in range(ctx.scaled(3, 1)):
        started = time.perf_counter()
        web_before, worker_before = _web_cpu(ctx), cpu_seconds(ctx.worker.pid, with_children=True)
        seconds, pdf, dds_id = dds_file(ctx, 100, f"BENCH-{time.time_ns()}-{i}")
        web_cpu.append(_web_cpu(ctx) - web_before)
        worker_cpu.append(cpu_seconds(ctx.worker.pid, with_children=True) - worker_before)
        states.append(dds_wait_screened(ctx, dds_id))
        screen_s.append(time.perf_counter() - started)
        start = time.perf_counter()
        status, _, final = http(ctx.url(f"/api/eudr/v1/dds/{dds_id}/pdf"), headers=ctx.auth)
        final_s.append(time.perf_counter() - start)
        if status != 200 or not final.startswith(b"%PDF"):
            raise RuntimeError(f"DDS pdf answered {status}: {final[:300]!r}")
        post_s.append(seconds)
        pdf_kb.append(len(pdf))
        final_kb.append(len(final))
    med = statistics.median
    per_post = ", ".join(f"{w:.2f}+{c:.2f}" for w, c in zip(web_cpu, worker_cpu, strict=True))
    notes = (
        f"{len(post_s)} statements, median: POST {med(post_s):.2f} s -> PDF {med(pdf_kb) / 1000:,.0f} KB "
        f"(SUBMITTED), CPU during the POST: web {med(web_cpu):.2f} s, worker {med(worker_cpu):.2f} s "
        f"(each with its renderers; per POST: {per_post} s); "
        f"screened by the worker {med(screen_s):.2f} s after the POST began "
        f"({', '.join(sorted(set(states)))}); screened PDF {med(final_kb) / 1000:,.0f} KB "
        f"in {med(final_s):.2f} s"
    )
    values = {
        "seconds": med(post_s),
        "bytes": max(pdf_kb),
        "screened_seconds": med(screen_s),
        "screened_bytes": max(final_kb),
        "screened_pdf_seconds": med(final_s),
        "web_cpu_seconds": med(web_cpu),
        "worker_cpu_seconds": med(worker_cpu),
    }
    return Measurement(None, med(post_s) * 1000, None, None, notes, values)


def _web_cpu(ctx: Context) -> float:
    """CPU of the gunicorn workers, with the PDF renderers they forked and waited for."""
    return sum(cpu_seconds(pid, with_children=True) for pid in children(ctx.server.pid))


class _ChildPeak:
    """The largest VmHWM of any child the process forks while the block runs (a PDF
    renderer): read every 20 ms, the last reading of a child before it exits is its peak."""

    def __init__(self, pid: int) -> None:
        self.pid, self.peak_kib = pid, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        while not self._stop.wait(0.02):
            for child in children(self.pid):
                self.peak_kib = max(self.peak_kib, proc_kib(child, "VmHWM"))

    def __enter__(self) -> _ChildPeak:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()


def dds_pdf_1000(ctx: Context) -> Measurement:
    """1,000 point plots (BUDGET_PLOTS_PER_STATEMENT): filed and screened first, then the
    PDF asked for: more plots than DDS_PDF_SYNC_MAX_PLOTS, so the request answers 202
    and the worker renders it; polled until it is there."""
    body, headers = json_body(dds_body(1000, f"BENCH-1000-{time.time_ns()}"))
    status, _, answer = http(
        ctx.url("/api/eudr/dds/generate"),
        method="POST",
        headers={**ctx.auth, **headers, "Accept": "application/json"},
        body=body,
    )
    if status != 201:
        raise RuntimeError(f"DDS generate answered {status}: {answer[:500]!r}")
    dds_id = json.loads(answer)["dds_id"]
    state = dds_wait_screened(ctx, dds_id)
    url = ctx.url(f"/api/eudr/v1/dds/{dds_id}/pdf")
    hwm_before = ctx.worker.peak_rss_mib()
    cpu_before = cpu_seconds(ctx.worker.pid, with_children=True)
    start, deadline = time.perf_counter(), time.monotonic() + 300
    with _ChildPeak(ctx.worker.pid) as child:
        while True:
            status, _, pdf = http(url, headers=ctx.auth)
            if status == 200:
                break
            if status != 202 or time.monotonic() > deadline:
                raise RuntimeError(f"DDS pdf answered {status}: {pdf[:300]!r}")
            time.sleep(0.05)
    seconds = time.perf_counter() - start
    cpu = cpu_seconds(ctx.worker.pid, with_children=True) - cpu_before
    if not pdf.startswith(b"%PDF"):
        raise RuntimeError(f"DDS pdf is no PDF: {pdf[:300]!r}")
    hwm, child_mib = ctx.worker.peak_rss_mib(), child.peak_kib / 1024
    notes = (
        f"{state}; GET -> PDF {seconds:.2f} s (worker CPU {cpu:.2f} s with its renderer), "
        f"PDF {len(pdf) / 1000:,.0f} KB; worker VmHWM before {hwm_before:,.0f} MiB, after {hwm:,.0f} MiB; "
        f"renderer (forked child) peak RSS {child_mib:,.0f} MiB"
    )
    # The renderer's peak is this row's: the worker's VmHWM also holds the rows before it.
    values = {"seconds": seconds, "cpu_seconds": cpu, "bytes": len(pdf), "peak_mib": child_mib}
    values["worker_peak_mib"] = hwm
    return Measurement(None, None, None, None, notes, values)


def dds_generate_small(ctx: Context) -> Measurement:
    """2 point plots, answered with the PDF: filing, screening and a WeasyPrint render
    in the request. The soak files the same statement asynchronously."""
    seconds = []
    for i in range(ctx.scaled(10, 2) + 1):
        elapsed, _, _ = dds_file(ctx, 2, f"BENCH-SMALL-{time.time_ns()}-{i}")
        if i:  # the first warms the worker's template and font caches
            seconds.append(elapsed * 1000)
    seconds.sort()
    q = statistics.quantiles(seconds, n=100, method="inclusive") if len(seconds) > 1 else seconds * 99
    notes = f"{len(seconds)} sequential statements after 1 warm-up; PDF rendered by the request"
    return Measurement(None, q[49], q[94], None, notes, {})
