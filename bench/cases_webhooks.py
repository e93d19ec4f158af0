"""Webhook fan-out: events committed by a script, delivered by one Celery worker to a local receiver.

Loopback http receivers are refused unless WEBHOOKS_ALLOW_INSECURE=1, which the app
accepts only with DEBUG=1; so this case's worker and emitter run with both (and the
same PostgreSQL and Redis), on a queue of their own (WEBHOOKS_QUEUE) that the
DEBUG=0 worker does not consume.
"""

from __future__ import annotations

import contextlib
import json
import statistics
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from core import Context
from harness import ROOT, VENV_BIN, Measurement
from workers import celery_worker

QUEUE = "bench-webhooks"
EMITTERS = 4  # parallel emitter processes: one alone commits slower than a worker delivers
PREFORK_2 = ["--pool=prefork", "--concurrency=2"]


class Receiver:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.first_receipt: dict[str, float] = {}
        self.posts = 0

    def record(self, webhook_id: str) -> None:
        now = time.time()
        with self.lock:
            self.posts += 1
            self.first_receipt.setdefault(webhook_id, now)


@contextlib.contextmanager
def receiver() -> Iterator[tuple[str, Receiver]]:
    """A ThreadingHTTPServer on loopback that notes when each webhook-id first arrived."""
    state = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            state.record(self.headers.get("webhook-id", ""))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args) -> None:  # quiet
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/hooks", state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


def _script(env: dict[str, str], *args: str, timeout: float) -> str:
    cmd = [str(VENV_BIN / "python"), str(ROOT / "bench" / "emit_events.py"), *args]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"emit_events.py {args[0]} failed:\n{proc.stdout}\n{proc.stderr[-3000:]}")
    return proc.stdout


def _emit(ctx: Context, env: dict[str, str], count: int, timeout: float = 600) -> dict[str, float]:
    """EMITTERS processes commit `count` events together; {event id: commit time}."""
    outs = [ctx.tmp / f"webhook_commits_{i}.json" for i in range(EMITTERS)]
    # Django start-up takes seconds on a busy machine; all emitters begin at the same moment.
    start_at = f"{time.time() + 8:.3f}"
    cmd = [str(VENV_BIN / "python"), str(ROOT / "bench" / "emit_events.py"), "emit", "--start-at", start_at]
    shares = [count // EMITTERS + (i < count % EMITTERS) for i in range(EMITTERS)]
    procs = [
        subprocess.Popen(
            [*cmd, "--count", str(n), "--out", str(out)], cwd=ROOT, env=env, stderr=subprocess.PIPE
        )
        for n, out in zip(shares, outs, strict=True)
    ]
    try:
        errors = [p.communicate(timeout=timeout)[1] for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    if any(p.returncode for p in procs):
        raise RuntimeError(f"emit_events.py emit failed:\n{b''.join(errors).decode()[-3000:]}")
    return {k: v for out in outs for k, v in json.loads(out.read_text()).items()}


def webhook_fanout(pool: list[str]) -> Callable[[Context], Measurement]:
    return lambda ctx: _fanout(ctx, pool)


def _fanout(ctx: Context, pool: list[str]) -> Measurement:
    count = ctx.scaled(1000, 100)
    env = {**ctx.env, "DEBUG": "1", "WEBHOOKS_ALLOW_INSECURE": "1", "WEBHOOKS_QUEUE": QUEUE}
    with receiver() as (url, state), celery_worker(env, queue=QUEUE, pool=pool, name="webhooks") as worker:
        try:
            _script(env, "setup", "--url", url, timeout=120)
            cpu_before = worker.cpu_seconds()
            commits = _emit(ctx, env, count)
            deadline = time.monotonic() + 60 + count / 20
            while len(state.first_receipt.keys() & commits.keys()) < count and time.monotonic() < deadline:
                time.sleep(0.1)
            cpu_ms = (worker.cpu_seconds() - cpu_before) * 1000 / max(len(state.first_receipt), 1)
        finally:
            recorded = json.loads(_script(env, "delete", "--url", url, timeout=120))
    received = {k: v for k, v in state.first_receipt.items() if k in commits}
    latencies = sorted(received[k] - commits[k] for k in received)
    first_commit, last_commit = min(commits.values()), max(commits.values())
    span = (max(received.values()) - first_commit) if received else float("inf")
    rate = len(received) / span if received else 0.0
    q = statistics.quantiles(latencies, n=100, method="inclusive") if len(latencies) > 1 else [0] * 99
    p50, p95, p99 = (q[49] * 1000, q[94] * 1000, q[98] * 1000) if latencies else (None, None, None)
    emit_rate = count / max(last_commit - first_commit, 1e-9)
    drain = len(received) / max(max(received.values()) - min(received.values()), 1e-9) if received else 0
    notes = (
        f"{len(received)} of {count} distinct webhook-ids received ({state.posts} POSTs); "
        f"{rate:,.0f} deliveries/s from first commit to last receipt; events committed at "
        f"{emit_rate:,.0f}/s by {EMITTERS} emitter processes, received at {drain:,.0f}/s "
        "(first to last receipt); "
        f"latency commit -> receipt max {latencies[-1] if latencies else 0:.2f} s; "
        f"worker CPU {cpu_ms:.1f} ms per delivery; {recorded['attempts']} attempts recorded by the app, "
        f"HTTP {recorded['http_ms_avg']:.1f} ms each on average; "
        f"worker `{' '.join(pool)}`, DEBUG=1, WEBHOOKS_ALLOW_INSECURE=1"
    )
    values = {"received": len(received), "expected": count, "rate": rate, "p95_s": (p95 or 0) / 1000}
    values |= {"drain": drain, "emit_rate": emit_rate, "cpu_ms": cpu_ms, "http_ms": recorded["http_ms_avg"]}
    return Measurement(rate, p50, p95, p99, notes, values)
