"""Bulk filing for suppliers: a roster of 2,000 uploaded, mandates recorded, one bulk filing, until
the last declaration is AVAILABLE at the fake EU Information System. The EU worker is paced to the
EU's 5 calls a second per address (OPS 2.3.2), so the floor is 2,000 / 5 = 400 s of submissions;
the target is within 10% of it.
"""

from __future__ import annotations

import json
import subprocess

from cases_eu import QUEUE, fake_eu
from core import Context
from harness import ROOT, VENV_BIN, Measurement
from workers import celery_worker

CALLS_PER_SECOND = 5  # the EU's limit per address (OPS 2.3.2), as EU_IS_CALLS_PER_SECOND defaults


def bulk_2000(ctx: Context) -> Measurement:
    count = ctx.scaled(2000, 50)
    env = {**ctx.env, "EU_IS_QUEUE": QUEUE, "EU_IS_FIRST_POLL_SECONDS": "0"}
    if "ENCRYPTION_KEYS" not in env:
        from cryptography.fernet import Fernet

        env["ENCRYPTION_KEYS"] = Fernet.generate_key().decode()
    with fake_eu(env) as url:
        env["EU_IS_URL"] = url
        with celery_worker(env, queue=QUEUE, name="bulk-eu"):
            cmd = [str(VENV_BIN / "python"), str(ROOT / "bench" / "bulk_file.py"), "--count", str(count)]
            proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600)
    if proc.returncode != 0:
        raise RuntimeError(f"bulk_file.py failed:\n{proc.stdout}\n{proc.stderr[-3000:]}")
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    total = result["last_available"] - result["upload"]
    floor = count / CALLS_PER_SECOND
    to_filed = result["filed"] - result["upload"]
    notes = (
        f"{result['available']} of {count} AVAILABLE; upload to all filed {to_filed:.0f} s, "
        f"to the last EU reference {total:.0f} s; floor {floor:.0f} s ({count} submissions at "
        f"{CALLS_PER_SECOND}/s); cattle holdings by postal address (no parcel service in the bench); "
        "one EU worker `--pool=solo`, the filing worked by one process"
    )
    notes += f"; the start (filing and {count} rows recorded, work queued) {result['start_s'] * 1000:.0f} ms"
    values = {
        "available": result["available"],
        "expected": count,
        "ratio": total / floor,
        "total_s": total,
        "start_s": result["start_s"],
    }
    return Measurement(count / total, None, None, None, notes, values)
