"""The deforestation risk score: a pure, deterministic, additive formula.

Every point of the score comes from a named factor with its value, contribution and
source, so a user (or an auditor) can recompute it by hand; docs/risk-methodology.md
explains the choices and has worked examples that the tests recompute.

The score is monotonic in the evidence: more forest loss after the cut-off, more forest
in 2020 or a worse country benchmark never lower it. Version the methodology
(`METHODOLOGY_VERSION`) whenever a number below changes, since stored scores then mean
something else.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields

from regulation.commodities import Commodity

from .forest import LOSS_YEAR_AFTER_CUTOFF, ForestEvidence

METHODOLOGY_VERSION = "1.1"  # 1.1: exact cell coverage (shares by area, not pixel centres)
CUTOFF_DATE = "2020-12-31"  # Article 2(13) of Regulation (EU) 2023/1115

BENCHMARK_BASE = {"low": 10.0, "standard": 35.0, "high": 60.0}
UNKNOWN_COUNTRY_BASE = 35.0  # at sea or disputed: as uncertain as a standard country
LOSS_MAX_POINTS = 60.0
LOSS_SATURATION_SHARE = 0.10  # 10 % of the area lost after the cut-off earns all 60
LOSS_FLOOR_SHARE = 0.001  # above 0.1 % of the area, loss alone makes the risk high
COVER_MAX_POINTS = 15.0
MISSING_LOSS_EVIDENCE_POINTS = 5.0  # absence of evidence is not evidence of absence
HIGH_FROM = 55  # scores from here up are "high"; the loss floor lifts to this value
LEVEL_THRESHOLDS = (("low", 30), ("medium", HIGH_FROM), ("high", 80))  # below each; else critical

EVIDENCE_COVER = "forest_cover_2020"
EVIDENCE_LOSS = "forest_loss_after_cutoff"
FULL_COVERAGE = 0.999  # a layer covering less of the area than this answers for part of it

# Every number above, as an evidence record states them (docs/evidence.md): with the formula
# in docs/risk-methodology.md they are all a verifier needs to recompute a score.
METHODOLOGY_PARAMETERS = {
    "cutoff_date": CUTOFF_DATE,
    "benchmark_base": BENCHMARK_BASE,
    "unknown_country_base": UNKNOWN_COUNTRY_BASE,
    "loss_max_points": LOSS_MAX_POINTS,
    "loss_saturation_share": LOSS_SATURATION_SHARE,
    "loss_floor_share": LOSS_FLOOR_SHARE,
    "cover_max_points": COVER_MAX_POINTS,
    "missing_loss_evidence_points": MISSING_LOSS_EVIDENCE_POINTS,
    "high_from": HIGH_FROM,
    "level_thresholds": [list(pair) for pair in LEVEL_THRESHOLDS],
    "full_coverage": FULL_COVERAGE,
    "loss_year_after_cutoff": LOSS_YEAR_AFTER_CUTOFF,
}

BENCHMARK_SOURCE = "Commission Implementing Regulation (EU) 2025/1093 (country benchmarking)"
DEFAULT_COUNTRY_SOURCE = "Natural Earth admin-0 boundaries 1:10m (public domain)"


@dataclass(frozen=True)
class Factor:
    name: str
    value: str | float | None
    contribution: float
    source: str


@dataclass(frozen=True)
class DataCoverage:
    country: bool  # a country was determined
    benchmark: bool  # the country has an entry in the benchmark table
    layers_answered: tuple[str, ...] = ()
    layers_missing: tuple[str, ...] = ()


@dataclass(frozen=True)
class RiskScore:
    score: int
    risk_level: str
    factors: tuple[Factor, ...]
    data_coverage: DataCoverage
    warnings: tuple[str, ...]
    eudr_in_scope: bool | None  # None: no commodity given, scope not determined
    country_code: str | None
    # "complete": a cover and a loss layer each answered for the whole area; "missing":
    # neither answered at all; "partial" otherwise. `evidence_missing` names the kinds
    # of evidence not held for the whole area.
    evidence: str = "missing"
    evidence_missing: tuple[str, ...] = (EVIDENCE_COVER, EVIDENCE_LOSS)
    cutoff_date: str = CUTOFF_DATE
    methodology_version: str = METHODOLOGY_VERSION
    commodity: str | None = field(default=None)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form for the API and for storing alongside a DDS.

        Built by hand: dataclasses.asdict deep-copies every value, which was
        the largest cost of a 500-point batch."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["factors"] = [dict(vars(factor)) for factor in self.factors]
        data["data_coverage"] = {
            k: list(v) if isinstance(v, tuple) else v for k, v in vars(self.data_coverage).items()
        }
        data["warnings"] = list(self.warnings)
        data["evidence_missing"] = list(self.evidence_missing)
        return data


def risk_level_for(score: float) -> str:
    for level, upper in LEVEL_THRESHOLDS:
        if score < upper:
            return level
    return "critical"


def score_risk(
    *,
    country_code: str | None,
    benchmark: str | None,
    commodity: Commodity | None = None,
    forest: ForestEvidence | None = None,
    country_source: str = DEFAULT_COUNTRY_SOURCE,
) -> RiskScore:
    """Score one location or parcel.

    `benchmark` is the country's class in the EU benchmark table (low, standard, high) or
    None when the country is unknown or not in the table. `forest` is None when no
    forest layer is configured.
    """
    if benchmark is not None and benchmark not in BENCHMARK_BASE:
        raise ValueError(f"benchmark must be one of {sorted(BENCHMARK_BASE)} or None")
    warnings: list[str] = []
    factors = [
        Factor("country", country_code, 0.0, country_source),
        _benchmark_factor(country_code, benchmark, warnings),
    ]

    cover = forest.cover if forest else None
    if cover is not None and cover.forest_share_2020 is not None:
        cover_share = cover.forest_share_2020
        points = COVER_MAX_POINTS * cover_share
        factors.append(Factor("forest_cover_2020", round(cover_share, 4), points, cover.source))
    else:
        warnings.append("no forest-cover layer covers this area; forest in 2020 unknown")

    loss = forest.loss if forest else None
    loss_share = loss.loss_share_after_cutoff if loss else None
    if loss is not None and loss_share is not None:
        points = LOSS_MAX_POINTS * min(1.0, loss_share / LOSS_SATURATION_SHARE)
        factors.append(Factor("forest_loss_after_cutoff", round(loss_share, 4), points, loss.source))
    else:
        warnings.append("no forest-loss layer covers this area; loss after the cut-off unknown")
        factors.append(Factor("forest_loss_unknown", None, MISSING_LOSS_EVIDENCE_POINTS, "methodology"))
    for evidence in (cover, loss):
        if evidence is not None and evidence.coverage < FULL_COVERAGE:
            warnings.append(f"layer {evidence.layer} covers only {evidence.coverage:.0%} of the area")

    subtotal = sum(f.contribution for f in factors)
    if loss_share is not None and loss_share > LOSS_FLOOR_SHARE and subtotal < HIGH_FROM:
        # Any real loss after the cut-off needs investigating whatever the country: lift
        # the score to the start of "high". A floor, so it cannot break monotonicity.
        factors.append(Factor("forest_loss_floor", None, HIGH_FROM - subtotal, "methodology"))

    in_scope = None if commodity is None else commodity.in_scope
    if commodity is not None:
        factors.append(Factor("commodity", commodity.code, 0.0, "Regulation (EU) 2023/1115, Annex I"))
        if not commodity.in_scope:
            warnings.append(f"{commodity.code} is not an EUDR commodity; risk level reported as low")

    total = sum(f.contribution for f in factors)
    # Half-up rounding (not Python's half-to-even) so that the doc's arithmetic holds.
    score = min(100, max(0, math.floor(total + 0.5)))
    level = "low" if in_scope is False else risk_level_for(score)
    layers = forest.layers if forest else ()
    held = {
        EVIDENCE_COVER: cover if cover is not None and cover.forest_share_2020 is not None else None,
        EVIDENCE_LOSS: loss if loss_share is not None else None,
    }
    missing = tuple(k for k, e in held.items() if e is None or e.coverage < FULL_COVERAGE)
    return RiskScore(
        score=score,
        risk_level=level,
        factors=tuple(_rounded(f) for f in factors),
        data_coverage=DataCoverage(
            country=country_code is not None,
            benchmark=benchmark is not None,
            layers_answered=tuple(e.layer for e in layers if e.covered),
            layers_missing=tuple(e.layer for e in layers if not e.covered),
        ),
        warnings=tuple(warnings),
        evidence=_evidence_state(held, missing),
        evidence_missing=missing,
        eudr_in_scope=in_scope,
        country_code=country_code,
        commodity=commodity.code if commodity else None,
    )


def _evidence_state(held: dict[str, object], missing: tuple[str, ...]) -> str:
    if not missing:
        return "complete"
    return "missing" if all(e is None for e in held.values()) else "partial"


def _benchmark_factor(country_code: str | None, benchmark: str | None, warnings: list[str]) -> Factor:
    if country_code is None:
        warnings.append("no country at this location (sea or disputed area)")
        return Factor("country_benchmark", None, UNKNOWN_COUNTRY_BASE, "methodology")
    if benchmark is None:
        # Article 29: a country the Commission has not classified counts as standard risk.
        warnings.append(f"{country_code} has no benchmark entry; treated as standard risk")
        return Factor("country_benchmark", "standard", BENCHMARK_BASE["standard"], BENCHMARK_SOURCE)
    return Factor("country_benchmark", benchmark, BENCHMARK_BASE[benchmark], BENCHMARK_SOURCE)


def _rounded(factor: Factor) -> Factor:
    return Factor(factor.name, factor.value, round(factor.contribution, 2), factor.source)
