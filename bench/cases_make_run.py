"""`make run` under real load: the README's own command, 64 concurrent clients.

Starts `make run` exactly as a user would (SQLite, no broker, the fakes beside it) on free
ports with a scratch VAR_DIR, then 64 client threads send a mix at once: risk-score reads,
public verify, 16 statement filings (writes, screening, PDF) and 40 webhook registrations
(writes under the account's lock). Every request opens its own connection (sync workers
close it after each answer). Counted: transport errors (connection reset, refused,
timeout), 5xx answers, and the kernel's listen overflows and SYN retransmits.

Runs inside `make bench` (it brings its own server) or alone:
`.venv/bin/python bench/cases_make_run.py` prints the row.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from cases_api import dds_body
from core import DEMO_DDS, Context
from harness import ROOT, Measurement, free_port, json_body, kernel_watch, tcp_note

CLIENTS = 64
REQUESTS_PER_CLIENT = 10
FILINGS = 16
WEBHOOKS = 40


@contextlib.contextmanager
def make_run(var_dir: Path) -> Iterator[tuple[str, str, int]]:
    """`make run` until the block exits; yields (base URL, demo key, gunicorn port)."""
    port, eu_port, uldk_port = free_port(), free_port(), free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "EU_IS_URL", "ULDK_BASE_URL", "DEBUG")
    }
    env.update(PORT=str(port), EU_FAKE_PORT=str(eu_port), ULDK_FAKE_PORT=str(uldk_port), VAR_DIR=str(var_dir))
    with tempfile.TemporaryFile("w+") as log:
        proc = subprocess.Popen(
            ["make", "run"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            base, key = f"http://127.0.0.1:{port}", ""
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline:
                if proc.poll() is not None:
                    log.seek(0)
                    raise RuntimeError(f"make run exited with {proc.returncode}:\n{log.read()[-3000:]}")
                log.seek(0)
                found = re.search(r"Demo API key:\s+(\S+)", log.read())
                key = found.group(1) if found else ""
                with contextlib.suppress(OSError):
                    if key and urllib.request.urlopen(base + "/livez", timeout=2).status == 200:
                        break
                time.sleep(0.5)
            else:
                raise RuntimeError("make run did not serve /livez within 300 s")
            yield base, key, port
        finally:
            # SIGTERM to the whole group: make's trap stops the fakes, gunicorn its workers.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def _plan(base: str, key: str) -> list[list[tuple[str, str, bytes, dict[str, str]]]]:
    """Each client's requests: (method, url, body, headers)."""
    auth = {"Authorization": f"Bearer {key}"}
    work: list[tuple[str, str, bytes, dict[str, str]]] = []
    for i in range(FILINGS):
        statement = dds_body(2, f"make-run-{i}")
        statement["operator"]["eori"] = "PL5260250274"  # an import needs it (OPS 10.3)
        body, headers = json_body(statement)
        work.append(("POST", base + "/api/eudr/dds/generate", body, {**auth, **headers}))
    for i in range(WEBHOOKS):
        body, headers = json_body(
            {"url": f"https://93.184.215.{14 + i % 8}/hook/{i}", "events": ["dds.created"]}
        )
        work.append(("POST", base + "/api/eudr/v1/webhooks", body, {**auth, **headers}))
    reads = CLIENTS * REQUESTS_PER_CLIENT - len(work)
    for i in range(reads):
        if i % 2:
            work.append(("GET", base + f"/api/v1/verify/{DEMO_DDS}", b"", {}))
        else:
            url = (
                base + f"/api/eudr/v1/risk-score?lat={50 + (i % 40) * 0.05:.2f}&lng={19 + (i % 30) * 0.1:.2f}"
            )
            work.append(("GET", url, b"", auth))
    # Spread the writes over the clients so they overlap with the reads.
    return [work[c::CLIENTS] for c in range(CLIENTS)]


def measure_make_run(var_dir: Path) -> Measurement:
    with make_run(var_dir) as (base, key, port):
        plans = _plan(base, key)
        timings: list[float] = []
        statuses: dict[int, int] = {}
        transport: dict[str, int] = {}
        refusals: dict[tuple[str, str, int], bytes] = {}
        lock = threading.Lock()
        start_line = threading.Barrier(CLIENTS)

        def client(requests: list[tuple[str, str, bytes, dict[str, str]]]) -> None:
            start_line.wait()
            for method, url, body, headers in requests:
                req = urllib.request.Request(url, data=body or None, method=method, headers=headers)
                started = time.perf_counter()
                status, error = 0, ""
                try:
                    with urllib.request.urlopen(req, timeout=120) as resp:
                        resp.read()
                        status = resp.status
                except urllib.error.HTTPError as exc:
                    status = exc.code
                    refusals.setdefault(
                        (method, url.split("?")[0].rsplit("/", 1)[-1], status), exc.read()[:300]
                    )
                except (OSError, urllib.error.URLError) as exc:
                    reason = getattr(exc, "reason", exc)
                    error = type(reason).__name__
                with lock:
                    timings.append((time.perf_counter() - started) * 1000)
                    if error:
                        transport[error] = transport.get(error, 0) + 1
                    else:
                        statuses[status] = statuses.get(status, 0) + 1

        with kernel_watch(port) as kernel:
            began = time.perf_counter()
            threads = [threading.Thread(target=client, args=(p,)) for p in plans]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            elapsed = time.perf_counter() - began
    total = len(timings)
    quantiles = statistics.quantiles(timings, n=100, method="inclusive")
    errors = sum(transport.values())
    server_errors = sum(n for s, n in statuses.items() if s >= 500)
    answered = ", ".join(f"{n}x{s}" for s, n in sorted(statuses.items()))
    notes = (
        f"{CLIENTS} clients at once, {total} requests ({FILINGS} filings, {WEBHOOKS} webhook registrations, "
        f"the rest risk-score and verify reads); answers {answered}; transport errors "
        f"{errors}{' ' + str(transport) if transport else ''}{tcp_note(kernel)}"
    )
    measurement = Measurement(
        total / elapsed,
        quantiles[49],
        quantiles[94],
        quantiles[98],
        notes,
        {"transport_errors": errors, "server_errors": server_errors, **kernel},
    )
    measurement.refusals = [f"{k}: {v!r}" for k, v in refusals.items()]  # type: ignore[attr-defined]
    return measurement


def make_run_64(ctx: Context) -> Measurement:
    return measure_make_run(ctx.tmp / "make-run-var")


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="eudr-make-run-") as tmp:
        m = measure_make_run(Path(tmp) / "var")
    print(f"{m.rps:.1f} req/s, p50 {m.p50_ms:.0f} ms, p95 {m.p95_ms:.0f} ms, p99 {m.p99_ms:.0f} ms")
    print(m.notes)
    print(m.values)
    for refusal in m.refusals:
        print(refusal)
