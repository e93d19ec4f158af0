"""CSRD report cases: wall time, PDF size and the rendering worker's peak memory."""

from __future__ import annotations

import datetime as dt
import json
import random
import time

from core import Context
from harness import Measurement, http, json_body

VOIVODESHIPS = [
    "dolnośląskie", "kujawsko-pomorskie", "lubelskie", "lubuskie", "łódzkie", "małopolskie",
    "mazowieckie", "opolskie", "podkarpackie", "podlaskie", "pomorskie", "śląskie",
    "świętokrzyskie", "warmińsko-mazurskie", "wielkopolskie", "zachodniopomorskie",
]  # fmt: skip
CROPS = ["wheat", "corn", "rapeseed", "soy", "other"]


def csrd_body(suppliers: int, seed: int = 7) -> dict:
    """Suppliers located by voivodeship name only: no parcel_id, so no ULDK lookups."""
    rng = random.Random(seed)
    return {
        "company_name": "Zakłady Mięsne Łódź S.A.",
        "report_year": 2025,
        "suppliers": [
            {
                "name": f"Gospodarstwo Rolne nr {i + 1}",
                "crop_type": CROPS[i % len(CROPS)],
                "quantity_t": round(rng.uniform(5, 2000), 1),
                "area_ha": round(rng.uniform(1, 400), 1),
                "location": VOIVODESHIPS[i % len(VOIVODESHIPS)],
            }
            for i in range(suppliers)
        ],
    }


def _seconds_between(status: dict, start: str, end: str) -> float:
    def parse(key: str) -> dt.datetime:
        return dt.datetime.fromisoformat(status[key].replace("Z", "+00:00"))

    return (parse(end) - parse(start)).total_seconds()


def csrd_render(ctx: Context, suppliers: int, timeout: float = 300) -> tuple[float, float, bytes]:
    """POST with Prefer: respond-async, poll the status, fetch the PDF; all timed as one.
    Returns (wall seconds, the worker's rendering seconds, PDF)."""
    body, headers = json_body(csrd_body(suppliers))
    headers = {**ctx.auth, **headers, "Prefer": "respond-async", "Accept": "application/json"}
    start = time.perf_counter()
    url = ctx.url("/api/csrd/report")
    status, resp_headers, answer = http(url, method="POST", headers=headers, body=body)
    if status != 202:
        raise RuntimeError(f"CSRD report answered {status}: {answer[:500]!r}")
    location = resp_headers["Location"]
    deadline = time.monotonic() + timeout
    while True:
        status, _, answer = http(ctx.url(location), headers=ctx.auth)
        report = json.loads(answer)
        if status != 200 or report["status"] in ("failed", "expired"):
            raise RuntimeError(f"CSRD report {location}: {status} {answer[:500]!r}")
        if report["status"] == "done":
            break
        if time.monotonic() > deadline:
            raise RuntimeError(f"CSRD report {location} not done within {timeout:g} s")
        time.sleep(0.05)
    status, _, pdf = http(ctx.url(location + "/pdf"), headers=ctx.auth)
    wall = time.perf_counter() - start
    if status != 200 or not pdf.startswith(b"%PDF"):
        raise RuntimeError(f"CSRD pdf answered {status}: {pdf[:300]!r}")
    return wall, _seconds_between(report, "started_at", "finished_at"), pdf


def csrd_report(ctx: Context, suppliers: int, cold: bool = False) -> Measurement:
    """With `cold`, first a 1-supplier report in the fresh worker: its first risk lookup
    loads the country index, a one-off per process that is reported, not counted."""
    idle_mib, hwm_before = ctx.worker.rss_mib(), ctx.worker.peak_rss_mib()
    cold_note = ""
    if cold:
        cold_wall, _, _ = csrd_render(ctx, 1)
        cold_note = f"first report in the fresh worker (1 supplier) {cold_wall:.2f} s; "
    wall, render, pdf = csrd_render(ctx, suppliers)
    hwm = ctx.worker.peak_rss_mib()
    notes = (
        f"{cold_note}POST + poll + PDF {wall:.2f} s (worker rendering {render:.2f} s); "
        f"PDF {len(pdf) / 1000:,.0f} KB; worker RSS before {idle_mib:,.0f} MiB, "
        f"VmHWM before {hwm_before:,.0f} MiB, after {hwm:,.0f} MiB"
    )
    values = {"seconds": wall, "render_seconds": render, "bytes": len(pdf), "peak_mib": hwm}
    values["idle_mib"] = idle_mib
    return Measurement(None, None, None, None, notes, values)


def csrd_100(ctx: Context) -> Measurement:
    return csrd_report(ctx, 100, cold=True)


def csrd_1000(ctx: Context) -> Measurement:
    return csrd_report(ctx, 1000)
