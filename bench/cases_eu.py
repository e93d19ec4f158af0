"""EU submission: statements filed, sent by one Celery worker to the fake EU Information System, polled
until AVAILABLE. The worker is paced to the EU's 5 calls a second per address (OPS 2.3.2), so this row
measures our outbox under the EU's own limit, not the fake's speed.
"""

from __future__ import annotations

import contextlib
import json
import socket
import statistics
import subprocess
import time
from collections.abc import Iterator

from core import Context
from harness import ROOT, VENV_BIN, Measurement
from workers import celery_worker

QUEUE = "bench-eu"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def fake_eu(env: dict[str, str]) -> Iterator[str]:
    port = _free_port()
    cmd = [str(VENV_BIN / "python"), "manage.py", "run_fake_eu_is", "--port", str(port), "--polls", "1"]
    # The stand-ins are an app only on request under DEBUG=0 (eudr_service/settings.py, STANDINS).
    fake_env = {**env, "EUDR_STANDINS": "1"}
    proc = subprocess.Popen(cmd, cwd=ROOT, env=fake_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/tracesnt/"
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _script(env: dict[str, str], *args: str, timeout: float) -> str:
    cmd = [str(VENV_BIN / "python"), str(ROOT / "bench" / "eu_submit.py"), *args]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"eu_submit.py {args[0]} failed:\n{proc.stdout}\n{proc.stderr[-3000:]}")
    return proc.stdout


def eu_submit(ctx: Context) -> Measurement:
    count = ctx.scaled(100, 20)
    env = {**ctx.env, "EU_IS_QUEUE": QUEUE, "EU_IS_FIRST_POLL_SECONDS": "0"}
    if "ENCRYPTION_KEYS" not in env:
        from cryptography.fernet import Fernet

        env["ENCRYPTION_KEYS"] = Fernet.generate_key().decode()
    with fake_eu(env) as url:
        env["EU_IS_URL"] = url
        with celery_worker(env, queue=QUEUE, name="eu"):
            _script(env, "setup", timeout=120)
            out = ctx.tmp / "eu_commits.json"
            _script(env, "file", "--count", str(count), "--out", str(out), timeout=600)
            commits = json.loads(out.read_text())
            available = json.loads(_script(env, "wait", "--ids", str(out), timeout=900))
    latencies = sorted(available[k] - commits[k] for k in available if k in commits)
    span = (max(available.values()) - min(commits.values())) if available else float("inf")
    rate = len(available) / span if available else 0.0
    q = statistics.quantiles(latencies, n=100, method="inclusive") if len(latencies) > 1 else [0] * 99
    p50, p95, p99 = (q[49] * 1000, q[94] * 1000, q[98] * 1000) if latencies else (None, None, None)
    notes = (
        f"{len(available)} of {count} AVAILABLE; {rate:.1f} statements/s from first commit to last "
        "AVAILABLE; one worker `--pool=solo`, EU_IS_CALLS_PER_SECOND=5 (the EU's limit), first poll at "
        "once (the real EU asks for 30 minutes), polls sent every second; fake settles on the first poll"
    )
    values = {"available": len(available), "expected": count, "rate": rate, "p95_s": (p95 or 0) / 1000}
    return Measurement(rate, p50, p95, p99, notes, values)
