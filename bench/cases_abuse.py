"""The abuse row: the worst bodies a paying client can send, while another client
measures /livez. Every request must stay within the work budget (refused, or
handed to the worker) and the server must keep answering everyone else."""

from __future__ import annotations

import json
import statistics
import threading
import time

from cases_api import dds_body
from core import Context
from harness import Measurement, http
from workers import children, cpu_seconds


def _bodies() -> list[tuple[str, str, bytes, dict[str, str]]]:
    """(label, path, body, extra headers) of each abusive request."""
    deep = b"[" * 3000 + b"]" * 3000
    multipoint = dds_body(1, "ABUSE-MULTIPOINT")
    compact = {"type": "MultiPoint", "coordinates": [[21, 52]] * 20_000}
    multipoint["commodities"][0]["plots"] = [{"geometry": compact, "area_ha": 1} for _ in range(7)]
    one_big_multipoint = dds_body(1, "ABUSE-ONE-MULTIPOINT")
    one_big_multipoint["commodities"][0]["plots"] = [{"geometry": compact, "area_ha": 1}]
    wide = dds_body(1000, "ABUSE-WIDE")
    wide["commodities"] = [wide["commodities"][0]] * 20
    suppliers = [
        {"name": f"Farma {n}", "crop_type": "wheat", "quantity_t": 1, "parcel_id": f"141201_1.0001.{n}"}
        for n in range(1, 1001)
    ]
    csrd = {"company_name": "Abuse", "report_year": 2025, "suppliers": suppliers}
    as_json = {"Accept": "application/json"}
    return [
        ("nested JSON, 3000 levels", "/api/eudr/dds/generate", deep, {}),
        ("7 x 20,000-position MultiPoint", "/api/eudr/dds/generate", _dump(multipoint), {}),
        ("20 x 1000 plots", "/api/eudr/dds/generate", _dump(wide), {}),
        ("CSRD, 1000 distinct parcels", "/api/csrd/report", _dump(csrd), {}),
        ("one 20,000-position MultiPoint", "/api/eudr/dds/generate", _dump(one_big_multipoint), as_json),
        ("1000 plots, PDF answer", "/api/eudr/dds/generate", _dump(dds_body(1000, "ABUSE-PDF")), {}),
    ]


def _drain(ctx: Context, location: str, requested_at: float) -> str:
    """Wait for the worker to finish the PDF this row queued, so that the next row starts
    with an idle worker (otherwise the soak's filings queue behind it)."""
    deadline = time.perf_counter() + 300
    status = 202
    while status == 202 and time.perf_counter() < deadline:
        time.sleep(0.5)
        status, _, _ = http(ctx.url(location), headers=ctx.auth)
    waited = time.perf_counter() - requested_at
    return f"the worker finished that PDF ({status}) {waited:.1f} s after the request"


def _dump(data: object) -> bytes:
    return json.dumps(data, separators=(",", ":")).encode()


def abuse(ctx: Context) -> Measurement:
    livez_ms: list[float] = []
    stop = threading.Event()

    def probe() -> None:
        while not stop.is_set():
            start = time.perf_counter()
            http(ctx.url("/livez"))
            livez_ms.append((time.perf_counter() - start) * 1000)
            time.sleep(0.02)

    web = children(ctx.server.pid)
    cpu_before = {pid: cpu_seconds(pid) for pid in web}
    answers: list[str] = []
    slowest = 0.0
    queued_pdf: tuple[str, float] | None = None  # (location, when requested)
    prober = threading.Thread(target=probe, daemon=True)
    prober.start()
    time.sleep(1)  # a baseline before the first abusive body
    try:
        for label, path, body, extra in _bodies():
            headers = {**ctx.auth, "Content-Type": "application/json", **extra}
            start = time.perf_counter()
            status, resp_headers, content = http(ctx.url(path), method="POST", headers=headers, body=body)
            elapsed = time.perf_counter() - start
            slowest = max(slowest, elapsed)
            if status >= 500:
                raise RuntimeError(f"{label}: {status} {content[:300]!r}")
            answers.append(f"{label}: {status} in {elapsed:.1f} s, {len(content) / 1024:,.0f} KiB")
            location = resp_headers.get("Location", "")
            if status == 202 and location.endswith("/pdf"):
                queued_pdf = (location, start)
                # Poll the PDF like a client would; each poll must stay cheap.
                for _ in range(3):
                    start = time.perf_counter()
                    status, _, content = http(ctx.url(location), headers=ctx.auth)
                    slowest = max(slowest, time.perf_counter() - start)
                    time.sleep(1)
                answers.append(f"its PDF poll: {status}")
        time.sleep(1)
    finally:
        stop.set()
        prober.join()
    cpu_used = max((cpu_seconds(pid) - cpu_before.get(pid, 0.0) for pid in web), default=0.0)
    if queued_pdf is not None:
        answers.append(_drain(ctx, *queued_pdf))
    quantiles = statistics.quantiles(livez_ms, n=100, method="inclusive")
    return Measurement(
        None,
        statistics.median(livez_ms),
        quantiles[94],
        quantiles[98],
        f"/livez probed {len(livez_ms)} times; " + "; ".join(answers),
        {
            "slowest_s": slowest,
            "web_peak_mib": ctx.server.peak_rss_mib(),
            "web_cpu_s": cpu_used,
        },
    )
