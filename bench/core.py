"""What the cases share: the Context they measure in, Case and Target, target helpers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from harness import CONNECTIONS, Measurement, Server
from workers import Worker

DEMO_DDS = "DDS-PL-2025-000001-DEMO"
DEMO_EMAIL = "demo@operator.example"


@dataclass
class Context:
    """What measure functions get: the running server and worker, the demo key, earlier results."""

    server: Server
    worker: Worker
    api_key: str
    duration: int
    env: dict[str, str]  # the app's environment (gunicorn and worker)
    gunicorn_config: list[str]
    tmp: Path  # scratch directory, removed after the run
    quick: bool = False
    soak_seconds: int = 60
    results: dict[str, Measurement] = field(default_factory=dict)

    def url(self, path: str) -> str:
        return self.server.base_url + path

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.api_key}"}

    def scaled(self, full: int, quick: int) -> int:
        return quick if self.quick else full


Check = Callable[[Measurement, dict[str, Measurement]], tuple[str, bool]]
Why = str | Callable[[Measurement, dict[str, Measurement]], str]


@dataclass
class Target:
    description: str
    # (this case's measurement, all results so far) -> (measured value as text, met?)
    check: Check
    # A miss here means the bench itself failed (errors, lost events): `make bench` exits 1.
    fatal: bool = False
    # Shown next to a MISS in docs/benchmarks.md: what the numbers say about the cause.
    why: Why = ""

    def explain(self, m: Measurement, results: dict[str, Measurement]) -> str:
        return self.why(m, results) if callable(self.why) else self.why


@dataclass
class Case:
    name: str
    measure: Callable[[Context], Measurement]
    targets: list[Target] = field(default_factory=list)


def throughput_ratio(of: str, baseline: str, minimum: float, why: Why = "") -> Target:
    def check(_: Measurement, results: dict[str, Measurement]) -> tuple[str, bool]:
        # A case that measured itself against the baseline back to back (paired_ratio)
        # is judged by that; otherwise by the two rows' own runs.
        ratio = results[of].values.get("paired_ratio")
        if ratio is None:
            if baseline not in results:
                return "– (baseline not run)", False
            ratio = (results[of].rps or 0) / (results[baseline].rps or 1)
        return f"{ratio:.0%}", ratio >= minimum

    return Target(f"throughput >= {minimum:.0%} of `{baseline}`", check, why=why)


def p99_below(ms: float, why: Why = "", load: str = f"{CONNECTIONS} connections") -> Target:
    return Target(
        f"p99 < {ms:g} ms at {load}",
        lambda m, _: (f"{m.p99_ms:.1f} ms", (m.p99_ms or 0) < ms),
        why=why,
    )


def no_tcp_drops() -> Target:
    """Fatal: a dropped SYN or handshake ACK costs the client a 1 s (then 3 s)
    retransmission, so one overflow makes seconds-long tails."""

    def check(m: Measurement, _: dict[str, Measurement]) -> tuple[str, bool]:
        if "listen_overflows" not in m.values:
            return "– (not measured)", False
        overflows, retrans = m.values["listen_overflows"], m.values["syn_retrans"]
        return f"{overflows:.0f} / {retrans:.0f}", overflows == retrans == 0

    def why(m: Measurement, _: dict[str, Measurement]) -> str:
        if "listen_overflows" not in m.values:
            return "the counters were not read"
        ours = m.values.get("listener_drops", 0)
        if not ours:
            return (
                "counted host-wide only; the server's socket dropped nothing: another program on the machine"
            )
        return f"the server's own socket dropped {ours:.0f} packets (an overflow there counts as a drop too)"

    return Target("0 listen overflows / 0 SYN retransmits (kernel)", check, fatal=True, why=why)


def p50_below(ms: float, why: Why = "") -> Target:
    return Target(f"p50 < {ms:g} ms", lambda m, _: (f"{m.p50_ms:.1f} ms", (m.p50_ms or 0) < ms), why=why)


UNITS: dict[str, tuple[float, str]] = {
    "s": (1, "s"),
    "ms": (1, "ms"),
    "KB": (1000, "KB"),
    "MiB": (1, "MiB"),
    "x": (1, "×"),  # a ratio to a floor
    "%": (1, "%"),
}


def value_below(key: str, limit: float, unit: str, label: str, why: Why = "") -> Target:
    """m.values[key] < limit; KB values are stored in bytes (1 KB = 1000 bytes)."""
    scale, name = UNITS[unit]

    def check(m: Measurement, _: dict[str, Measurement]) -> tuple[str, bool]:
        value = m.values[key] / scale
        return f"{value:,.2f} {name}", value < limit

    return Target(f"{label} < {limit:g} {name}", check, why=why)


def value_at_least(
    key: str, minimum: float, unit: str, label: str, why: Why = "", *, digits: int = 1
) -> Target:
    def check(m: Measurement, _: dict[str, Measurement]) -> tuple[str, bool]:
        return f"{m.values[key]:,.{digits}f} {unit}", m.values[key] >= minimum

    return Target(f"{label} >= {minimum:g} {unit}", check, why=why)


def count_is(key: str, expected_key: str | None, label: str, fatal: bool = True) -> Target:
    """m.values[key] == m.values[expected_key] (or 0 when expected_key is None)."""

    def check(m: Measurement, _: dict[str, Measurement]) -> tuple[str, bool]:
        want = m.values[expected_key] if expected_key else 0
        return f"{m.values[key]:,.0f} of {want:,.0f}" if expected_key else f"{m.values[key]:,.0f}", (
            m.values[key] == want
        )

    return Target(label, check, fatal=fatal)
