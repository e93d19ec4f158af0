"""Webhook delivery: events committed by scripts, delivered by one Celery worker process to a local
receiver. Two rows: a 1000-event backlog drained (deliveries per second) and events arriving at
150/s (p95 from commit to receipt).

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
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from core import Context
from harness import ROOT, VENV_BIN, Measurement
from workers import celery_worker

QUEUE = "bench-webhooks"
EMITTERS = 4  # parallel emitter processes: one alone commits slower than a worker delivers
BURST_EVENTS = 1000
PACED_RATE = 150.0  # events per second, spread over the emitters
# One worker process; the sender's threads (WEBHOOKS_SEND_THREADS) do the concurrency.
ONE_PROCESS = ["--pool=solo", "--concurrency=1"]
# The bench account emits far above the per-account caps; lift them so the sender is measured.
CAPS_LIFTED = {"WEBHOOKS_MAX_EVENTS_PER_MINUTE": "1000000", "WEBHOOKS_MAX_DELIVERIES_PER_MINUTE": "1000000"}


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
        protocol_version = "HTTP/1.1"  # keep-alive, as real receivers (nginx, ...) answer

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            state.record(self.headers.get("webhook-id", ""))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args) -> None:  # quiet
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
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


def _emit(
    ctx: Context, env: dict[str, str], count: int, rate: float = 0.0, timeout: float = 600
) -> dict[str, float]:
    """EMITTERS processes commit `count` events (paced at `rate`/s in all); {event id: commit time}."""
    outs = [ctx.tmp / f"webhook_commits_{i}.json" for i in range(EMITTERS)]
    # Django start-up takes seconds on a busy machine; all emitters begin at the same moment.
    start_at = f"{time.time() + 8:.3f}"
    cmd = [str(VENV_BIN / "python"), str(ROOT / "bench" / "emit_events.py"), "emit", "--start-at", start_at]
    if rate:
        cmd += ["--rate", f"{rate / EMITTERS:.3f}"]
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


def _wait_all(state: Receiver, commits: dict[str, float]) -> None:
    deadline = time.monotonic() + 60 + len(commits) / 20
    while len(state.first_receipt.keys() & commits.keys()) < len(commits) and time.monotonic() < deadline:
        time.sleep(0.1)


def _env(ctx: Context) -> dict[str, str]:
    return {**ctx.env, "DEBUG": "1", "WEBHOOKS_ALLOW_INSECURE": "1", "WEBHOOKS_QUEUE": QUEUE, **CAPS_LIFTED}


def webhook_burst(ctx: Context) -> Measurement:
    """1000 events committed first, then one worker process drains them: deliveries per second."""
    count = ctx.scaled(BURST_EVENTS, 100)
    env = _env(ctx)
    with receiver() as (url, state):
        try:
            _script(env, "setup", "--url", url, timeout=120)
            # The emitters' wake-ups go to a queue nobody consumes: the backlog waits in the outbox.
            commits = _emit(ctx, {**env, "WEBHOOKS_QUEUE": f"{QUEUE}-held"}, count)
            with celery_worker(env, queue=QUEUE, pool=ONE_PROCESS, name="webhooks") as worker:
                cpu_before = worker.cpu_seconds()  # after start-up: only the sending is counted
                _script(env, "wake", timeout=120)
                _wait_all(state, commits)
                cpu_ms = (worker.cpu_seconds() - cpu_before) * 1000 / max(len(state.first_receipt), 1)
        finally:
            recorded = json.loads(_script(env, "delete", "--url", url, timeout=120))
    received = {k: v for k, v in state.first_receipt.items() if k in commits}
    drain = len(received) / max(max(received.values()) - min(received.values()), 1e-9) if received else 0.0
    notes = (
        f"{len(received)} of {count} distinct webhook-ids received ({state.posts} POSTs), drained at "
        f"{drain:,.0f}/s (first to last receipt) by one worker process (`{' '.join(ONE_PROCESS)}`, "
        f"sender threads inside); worker CPU {cpu_ms:.2f} ms per delivery; {recorded['attempts']} attempts "
        f"recorded, HTTP {recorded['http_ms_avg']:.1f} ms each on average; DEBUG=1, WEBHOOKS_ALLOW_INSECURE=1"
    )
    values = {"received": len(received), "expected": count, "rate": drain, "cpu_ms": cpu_ms}
    values |= {"http_ms": recorded["http_ms_avg"], "posts": state.posts}
    return Measurement(drain, None, None, None, notes, values)


def webhook_paced(ctx: Context) -> Measurement:
    """Events committed at 150/s while one worker process runs: latency commit -> first receipt."""
    count = ctx.scaled(BURST_EVENTS, 100)
    env = _env(ctx)
    with receiver() as (url, state), celery_worker(env, queue=QUEUE, pool=ONE_PROCESS, name="webhooks"):
        try:
            _script(env, "setup", "--url", url, timeout=120)
            commits = _emit(ctx, env, count, rate=PACED_RATE)
            _wait_all(state, commits)
        finally:
            recorded = json.loads(_script(env, "delete", "--url", url, timeout=120))
    received = {k: v for k, v in state.first_receipt.items() if k in commits}
    latencies = sorted(received[k] - commits[k] for k in received)
    q = statistics.quantiles(latencies, n=100, method="inclusive") if len(latencies) > 1 else [0.0] * 99
    p50, p95, p99 = q[49] * 1000, q[94] * 1000, q[98] * 1000
    emit_rate = count / max(max(commits.values()) - min(commits.values()), 1e-9)
    notes = (
        f"{len(received)} of {count} distinct webhook-ids received ({state.posts} POSTs); events committed "
        f"at {emit_rate:,.0f}/s by {EMITTERS} paced emitter processes; latency commit -> receipt p50 "
        f"{p50:.0f} ms, p95 {p95:.0f} ms, max {(latencies[-1] if latencies else 0):.2f} s; "
        f"{recorded['attempts']} attempts recorded; one worker process (`{' '.join(ONE_PROCESS)}`)"
    )
    values = {"received": len(received), "expected": count, "p95_s": p95 / 1000, "emit_rate": emit_rate}
    rate = len(received) / max(max(received.values()) - min(commits.values()), 1e-9) if received else 0.0
    return Measurement(rate, p50, p95, p99, notes, values)
