"""The engine's answer as other apps receive it: a typed, versioned `Assessment`.

The risk endpoints answer JSON; statements store that JSON with each plot, and reports
read it. Other apps get it typed instead of reading a dict by string keys, and the
shapes stored before the current one are read here, in one place:

- version 1: answers stored before `evidence_missing` existed (whether the forest
  layers covered the plot is then judged from the factors and warnings as they were);
- version 2: the current shape (`evidence_missing` names the kinds of forest evidence
  not held for the whole area).

`to_json()` is the stored and published shape, unchanged by this type: the version is
read from the shape, never written into it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from risk.scoring import EVIDENCE_LOSS, Factor

FOREST_LOSS_FACTOR = "forest_loss_after_cutoff"


@dataclass(frozen=True)
class Assessment:
    VERSION: ClassVar[int] = 2

    risk_level: str
    score: int | None
    country: str | None
    factors: tuple[Factor, ...]
    warnings: tuple[str, ...]
    # None in a version-1 answer: not recorded then.
    evidence_missing: tuple[str, ...] | None
    layers_answered: tuple[str, ...]
    layers_missing: tuple[str, ...]
    methodology_version: str | None
    version: int
    _json: Mapping[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Assessment:
        """An answer of any version, as the engine gave it or as it was stored."""
        coverage = data.get("data_coverage") or {}
        missing = data.get("evidence_missing")
        return cls(
            risk_level=data["risk_level"],
            score=data.get("score"),
            country=data.get("country"),
            factors=tuple(
                Factor(f["name"], f.get("value"), f.get("contribution", 0.0), f.get("source", ""))
                for f in data.get("factors", ())
            ),
            warnings=tuple(data.get("warnings", ())),
            evidence_missing=None if missing is None else tuple(missing),
            layers_answered=tuple(coverage.get("layers_answered", ())),
            layers_missing=tuple(coverage.get("layers_missing", ())),
            methodology_version=data.get("methodology_version"),
            version=1 if missing is None else 2,
            _json=data,
        )

    def to_json(self) -> dict[str, Any]:
        return dict(self._json)

    def factor(self, name: str) -> Factor | None:
        return next((f for f in self.factors if f.name == name), None)

    @property
    def forest_loss(self) -> float:
        """Forest lost after the cut-off date, as the loss layer measured it (0 when none)."""
        loss = self.factor(FOREST_LOSS_FACTOR)
        return float(loss.value or 0) if loss is not None else 0.0

    def has_forest_evidence(self) -> bool:
        """A forest-loss layer answered for the whole area (a partly covered plot is not
        evidence)."""
        if self.evidence_missing is not None:
            return EVIDENCE_LOSS not in self.evidence_missing
        # Version 1: no layer answered, or the loss layer's own partial-coverage warning.
        loss = self.factor(FOREST_LOSS_FACTOR)
        if loss is None:
            return False
        return not any(w.startswith(f"layer {loss.source} covers only") for w in self.warnings)

    @property
    def sources(self) -> set[str]:
        """The data sources the answer cited (the methodology itself aside)."""
        return {f.source for f in self.factors if f.source != "methodology"}
