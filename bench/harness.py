"""Reusable machinery for bench/run.py: services, the gunicorn lifecycle, wrk and timed requests."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import resource
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import redis

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = ROOT / ".venv" / "bin"
LUA = ROOT / "bench" / "report.lua"
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
# Overridable so a bench can run beside other users of the same PostgreSQL and Redis.
DB_NAME = os.environ.get("BENCH_DB_NAME", "eudr_bench")
if not re.fullmatch(r"[a-z_][a-z0-9_]*", DB_NAME):
    sys.exit(f"BENCH_DB_NAME must be a plain lower-case identifier, not {DB_NAME!r}")
REDIS_CACHE = os.environ.get("BENCH_REDIS_CACHE", "redis://127.0.0.1:6379/6")
REDIS_BROKER = os.environ.get("BENCH_REDIS_BROKER", "redis://127.0.0.1:6379/7")
CONNECTIONS = 32
# wrk runs as one thread pinned to the last CPU (taskset): on 2 cores it can then
# never take more than one core from gunicorn, and its own CPU use is reported.
WRK_THREADS = 1
WRK_CPU = (os.cpu_count() or 1) - 1


@dataclass
class Measurement:
    rps: float | None = None
    p50_ms: float | None = None
    p95_ms: float | None = None
    p99_ms: float | None = None
    notes: str = ""
    # Named numbers that targets check (seconds, bytes, MiB, counts ...).
    values: dict[str, float] = field(default_factory=dict)
    error: str = ""  # the case could not be measured: the bench failed


@dataclass
class Server:
    base_url: str
    pid: int

    def peak_rss_mib(self) -> float:
        """Largest peak RSS (VmHWM) of any worker: what one request may cost in memory."""
        children = Path(f"/proc/{self.pid}/task/{self.pid}/children").read_text().split()
        peaks = [_vm_hwm_kib(int(pid)) for pid in children]
        return max(peaks, default=0) / 1024


# --- environment and server ------------------------------------------------------------


def app_env(var_dir: Path | None = None) -> dict[str, str]:
    """Production-like settings; anonymous verify limits are lifted so the load
    generator (a single IP) measures the code path, not 429 answers. `var_dir`
    keeps the run's media (CSRD PDFs) out of the repository's var/."""
    return {
        **os.environ,
        **({"VAR_DIR": str(var_dir)} if var_dir else {}),
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(64),
        "API_KEY_PEPPER": secrets.token_urlsafe(32),
        "ENCRYPTION_KEYS": base64.urlsafe_b64encode(secrets.token_bytes(32)).decode(),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PUBLIC_BASE_URL": "https://eudr.example.com",
        "SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB_NAME}",
        "REDIS_URL": REDIS_CACHE,
        "CELERY_BROKER_URL": REDIS_BROKER,
        "VERIFY_ANON_PER_MINUTE": "1000000000",
        "VERIFY_ANON_PER_DAY": "1000000000",
    }


def fast_font_subsetting() -> bool:
    """Whether WeasyPrint found HarfBuzz's subsetter (checked in a fresh interpreter:
    WeasyPrint looks for it once, at import)."""
    probe = "from weasyprint.text.ffi import harfbuzz_subset; print(harfbuzz_subset is not None)"
    out = subprocess.run([str(VENV_BIN / "python"), "-c", probe], capture_output=True, text=True)
    return out.stdout.strip() == "True"


# Debian packages the bench needs: the load generator, and HarfBuzz's subsetter,
# without which WeasyPrint subsets fonts with fontTools (a 2-plot DDS PDF then takes
# about 0.9 s of CPU instead of 0.33; bench/profile_pdf.py).
BENCH_PACKAGES = {
    "wrk": lambda: shutil.which("wrk") is not None,
    "libharfbuzz-subset0": fast_font_subsetting,
}


def ensure_packages() -> None:
    missing = [name for name, present in BENCH_PACKAGES.items() if not present()]
    if not missing:
        return
    if os.geteuid() != 0:
        sys.exit(f"Missing Debian packages: run `sudo apt-get install -y {' '.join(missing)}` and retry.")
    print(f"Installing {', '.join(missing)} from the Debian packages ...")
    subprocess.run(["apt-get", "update", "-qq"], check=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True)


def reset_services() -> None:
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB_NAME}")
    # The broker too: messages left by an aborted run would reach this run's worker.
    for url in (REDIS_CACHE, REDIS_BROKER):
        redis.Redis.from_url(url).flushdb()


def manage(env: dict[str, str], *args: str) -> str:
    cmd = [str(VENV_BIN / "python"), "manage.py", *args]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"manage.py {' '.join(args)} failed:\n{proc.stdout}\n{proc.stderr}")
    return proc.stdout


def prepare_app(env: dict[str, str]) -> str:
    """Migrate, seed and collect static files; return the demo API key."""
    manage(env, "migrate", "--noinput", "-v", "0")
    seeded = manage(env, "seed_demo")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    match = re.search(r"Demo API key:\s+(\S+)", seeded)
    if not match:
        sys.exit(f"seed_demo printed no demo API key:\n{seeded}")
    return match.group(1)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def server(env: dict[str, str], config: list[str], app: str = "eudr_service.wsgi") -> Iterator[Server]:
    """Run gunicorn until the block exits, also on error or Ctrl-C."""
    port = free_port()
    # No control socket: the bench runs two servers at once at times, and gunicorn's
    # default control socket path is one per user.
    cmd = [str(VENV_BIN / "gunicorn"), app, "--bind", f"127.0.0.1:{port}", "--no-control-socket", *config]
    with tempfile.TemporaryFile("w+") as log:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            yield wait_live(Server(f"http://127.0.0.1:{port}", proc.pid), proc, log)
        finally:
            proc.terminate()  # SIGTERM: the arbiter stops its workers gracefully
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def wait_live(srv: Server, proc: subprocess.Popen, log, timeout: float = 120) -> Server:
    # Generous: on a loaded 2-core machine each worker needs seconds to import the app.
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"gunicorn exited with {proc.returncode}:\n{log.read()[-3000:]}")
        with contextlib.suppress(OSError), urllib.request.urlopen(srv.base_url + "/livez", timeout=2):
            return srv
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer /livez within {timeout:g} s")


def _vm_hwm_kib(pid: int) -> int:
    match = re.search(r"VmHWM:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())
    return int(match.group(1)) if match else 0


# --- measuring helpers -----------------------------------------------------------------

# Kernel counters (the same as `nstat -az`): an accept queue that overflows drops
# SYNs or handshake ACKs, and the client waits 1 s, then 3 s, to retransmit.
TCP_COUNTERS = {"ListenOverflows": "listen_overflows", "TCPSynRetrans": "syn_retrans"}


def tcp_counters() -> dict[str, int]:
    """Host-wide TcpExt counters from /proc/net/netstat (every socket of this network namespace)."""
    lines = [
        line.split()
        for line in Path("/proc/net/netstat").read_text().splitlines()
        if line.startswith("TcpExt:")
    ]
    values = dict(zip(lines[0][1:], map(int, lines[1][1:]), strict=True))
    return {key: values.get(name, 0) for name, key in TCP_COUNTERS.items()}


def listener_drops(port: int) -> int:
    """Packets the listening socket on `port` dropped (sk_drops, the `d` of `ss -m`):
    accept-queue overflows of this socket alone, whatever else runs on the host."""
    out = subprocess.run(["ss", "-Htlnm", f"sport = :{port}"], capture_output=True, text=True).stdout
    return sum(int(n) for n in re.findall(r"\bd(\d+)\)", out))


@contextlib.contextmanager
def kernel_watch(port: int | None) -> Iterator[dict[str, float]]:
    """Deltas of the TCP counters over the block, into the yielded dict."""
    before, drops = tcp_counters(), listener_drops(port) if port else 0
    deltas: dict[str, float] = {}
    try:
        yield deltas
    finally:
        after = tcp_counters()
        deltas.update({key: after[key] - before[key] for key in after})
        if port:
            deltas["listener_drops"] = listener_drops(port) - drops


def tcp_note(values: dict[str, float]) -> str:
    if "listen_overflows" not in values:
        return ""
    overflows, retrans = values["listen_overflows"], values["syn_retrans"]
    note = f"; kernel: {overflows:.0f} listen overflows, {retrans:.0f} SYN retransmits"
    if "listener_drops" in values:
        note += f" host-wide, {values['listener_drops']:.0f} drops on the server's socket"
    return note


def preflight(url: str, headers: dict[str, str] | None = None) -> None:
    """Fail loudly on an error answer: a benchmark of error pages measures the wrong thing."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=30):
            pass
    except urllib.error.HTTPError as exc:
        raise RuntimeError(f"{url} answered {exc.code}: {exc.read()[:500]!r}") from exc


def wrk_load(
    url: str,
    *,
    headers: dict[str, str] | None = None,
    seconds: int = 12,
    warmup: int = 2,
    connections: int = CONNECTIONS,
    threads: int = WRK_THREADS,
    pinned: bool = True,
) -> Measurement:
    """GET url with wrk at `connections` connections, after a warm-up that opens the
    database and Redis connections of every worker thread. `pinned=False` lets wrk's
    `threads` run on any core, as a load generator beside the server would."""
    preflight(url, headers)
    hdrs = [arg for name, value in (headers or {}).items() for arg in ("-H", f"{name}: {value}")]
    pin = ["taskset", "-c", str(WRK_CPU)] if pinned else []

    def run(duration: int) -> str:
        cmd = [*pin, "wrk", "-t", str(threads), "-c", str(connections)]
        cmd += ["-d", f"{duration}s", "--timeout", "5s", "-s", str(LUA), *hdrs, url]
        return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout

    if warmup:
        run(warmup)
    cpu_before = _children_cpu()
    with kernel_watch(urllib.parse.urlsplit(url).port) as counters:
        out = run(seconds)
    wrk_cpu = (_children_cpu() - cpu_before) / seconds
    line = next((x for x in out.splitlines() if x.startswith("BENCH_JSON ")), None)
    if line is None:
        raise RuntimeError(f"wrk printed no BENCH_JSON line:\n{out}")
    data = json.loads(line.removeprefix("BENCH_JSON "))
    errors = sum(data[k] for k in ("connect_errors", "read_errors", "write_errors", "timeouts"))
    notes = (
        f"{data['requests']} requests, max {data['max_us'] / 1000:,.0f} ms; wrk used {wrk_cpu:.0%} of a core"
    )
    if errors or data["non_2xx_3xx"]:
        notes += f"; {errors} socket errors, {data['non_2xx_3xx']} non-2xx/3xx"
    notes += tcp_note(counters)
    ms = {k: data[f"{k}_us"] / 1000 for k in ("p50", "p95", "p99")}
    values = {**counters, "errors": errors + data["non_2xx_3xx"]}
    return Measurement(data["rps"], ms["p50"], ms["p95"], ms["p99"], notes, values)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def http(
    url: str, *, method: str = "GET", headers: dict[str, str] | None = None, body: bytes = b""
) -> tuple[int, dict[str, str], bytes]:
    """One request; (status, headers, body) also for 4xx/5xx answers."""
    req = urllib.request.Request(url, data=body or None, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=120) as resp:
            return resp.status, dict(resp.headers.items()), resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers.items()), exc.read()


def json_body(data: object) -> tuple[bytes, dict[str, str]]:
    return json.dumps(data).encode(), {"Content-Type": "application/json"}


def timed_requests(
    url: str,
    *,
    n: int = 50,
    method: str = "GET",
    headers: dict[str, str] | None = None,
    body: bytes = b"",
    warmup: int = 0,
) -> Measurement:
    """p50/p95 of n sequential requests (after `warmup` untimed ones): the latency of
    one call on an idle server. Any non-2xx answer fails the bench."""
    timings, size = [], 0
    for i in range(warmup + n):
        start = time.perf_counter()
        status, _, content = http(url, method=method, headers=headers, body=body)
        elapsed = (time.perf_counter() - start) * 1000
        if not 200 <= status < 300:
            raise RuntimeError(f"{method} {url} answered {status}: {content[:500]!r}")
        if i >= warmup:
            timings.append(elapsed)
            size = len(content)
    p95 = statistics.quantiles(timings, n=20, method="inclusive")[18] if n > 1 else timings[0]
    notes = f"{n} sequential requests after {warmup} warm-up; response {size / 1024:,.1f} KiB"
    return Measurement(None, statistics.median(timings), p95, None, notes, {"bytes": size})
