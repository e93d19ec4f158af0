"""A real Celery worker for the bench, and process memory readings from /proc."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from celery import Celery
from harness import ROOT, VENV_BIN

DEFAULT_QUEUE = "celery"
# --pool=solo: the worker's main process runs the tasks, so its VmHWM is the peak
# memory of rendering (with prefork the children would render and be recycled).
SOLO = ["--pool=solo", "--concurrency=1"]


@dataclass
class Worker:
    pid: int
    command: str

    def rss_mib(self) -> float:
        return proc_kib(self.pid, "VmRSS") / 1024

    def peak_rss_mib(self) -> float:
        """VmHWM: the largest RSS since the process started (it cannot be reset)."""
        return proc_kib(self.pid, "VmHWM") / 1024

    def cpu_seconds(self) -> float:
        """User + system CPU of the worker and its live pool processes."""
        return sum(cpu_seconds(pid) for pid in [self.pid, *children(self.pid)])


def cpu_seconds(pid: int, *, with_children: bool = False) -> float:
    """User + system CPU of the process; `with_children` adds that of the children it
    has waited for (the forked PDF renderers of a web or Celery worker). 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = fields[11:15] if with_children else fields[11:13]  # utime stime, then cutime cstime
    return sum(int(f) for f in ticks) / os.sysconf("SC_CLK_TCK")


def machine_cpu() -> tuple[float, float]:
    """(busy, total) CPU time of the whole machine so far, in clock ticks (/proc/stat)."""
    fields = [float(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:9]]
    idle = fields[3] + fields[4]  # idle, iowait
    return sum(fields) - idle, sum(fields)


def proc_kib(pid: int, name: str) -> int:
    """A memory line (VmRSS, VmHWM ...) of /proc/<pid>/status in KiB; 0 if the process is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    match = re.search(rf"{name}:\s+(\d+)", status)
    return int(match.group(1)) if match else 0


def children(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


@contextlib.contextmanager
def celery_worker(
    env: dict[str, str], *, queue: str = DEFAULT_QUEUE, pool: list[str] = SOLO, name: str = "bench"
) -> Iterator[Worker]:
    """Run `celery worker` on `queue` with the app's env until the block exits, also on error."""
    cmd = [str(VENV_BIN / "celery"), "-A", "eudr_service", "worker", *pool, "-Q", queue, "-n", f"{name}@%h"]
    cmd += ["--loglevel=WARNING", "--without-heartbeat", "--without-gossip", "--without-mingle"]
    with tempfile.TemporaryFile("w+") as log:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            _wait_ready(env, queue, proc, log)
            yield Worker(proc.pid, " ".join(cmd[1:]))
        finally:
            proc.terminate()  # SIGTERM: warm shutdown, the current task finishes first
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _wait_ready(env: dict[str, str], queue: str, proc: subprocess.Popen, log, timeout: float = 60) -> None:
    """Send the app's ping task to `queue` and wait for the answer: the worker consumes."""
    app = Celery("bench", broker=env["CELERY_BROKER_URL"], backend=env["REDIS_URL"])
    try:
        result = app.send_task("eudr_service.ping", queue=queue)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"celery worker exited with {proc.returncode}:\n{log.read()[-3000:]}")
            if result.ready():
                result.get(timeout=1)
                return
            time.sleep(0.2)
        raise RuntimeError(f"celery worker did not answer a ping within {timeout:g} s")
    finally:
        app.close()
