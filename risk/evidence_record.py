"""A risk result kept as a signed evidence record, when the caller asks (`keepEvidence`).

The same record format as a statement's verdict (evidence.records, docs/evidence.md), with
a risk result's content: each plot's score, level and factors, the caller's own identifier
for it, its input and the area screened (committed by salted hash, given in the
attachments), the layers with their files' checksums, the country benchmark rows, the
Annex I scope of the commodity and the methodology's numbers. A risk result is its owner's
alone: never public.
"""

from __future__ import annotations

import uuid
from datetime import date
from typing import Any

from django.utils import timezone

from eudr_service.lib.timestamps import iso_millis
from evidence import records
from evidence.models import SubjectKind
from regulation.benchmark import benchmark_row
from regulation.commodities import Commodity
from regulation.regime import EUDR_AS_AMENDED
from risk.provenance import CIRCLE_PARAMETERS, layers_provenance
from risk.scoring import METHODOLOGY_PARAMETERS, METHODOLOGY_VERSION


def _risk_part(result: dict[str, Any]) -> dict[str, Any]:
    coverage = result.get("data_coverage") or {}
    return {
        "score": result["score"],
        "risk_level": result["risk_level"],
        "country": result.get("country"),
        "factors": result["factors"],
        "warnings": result["warnings"],
        "evidence_missing": result.get("evidence_missing"),
        "layers_answered": coverage.get("layers_answered", []),
        "layers_missing": coverage.get("layers_missing", []),
        "methodology_version": result.get("methodology_version"),
    }


def layers_read(result: dict[str, Any]) -> bool:
    """Whether a forest layer read the area (else none was built: nothing to recompute)."""
    coverage = result.get("data_coverage") or {}
    return bool(coverage.get("layers_answered") or coverage.get("layers_missing"))


def point_area(result: dict[str, Any]) -> str | None:
    """A point's screened area: "circle" (of the request's radius around the point, drawn as
    the record's methodology says), or None when no layer read it."""
    return "circle" if layers_read(result) else None


def risk_record_write(
    *,
    owner: Any,
    livemode: bool,
    request_kind: str,
    commodity: Commodity | None,
    plots: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any] | str | None, str | None]],
    radius_km: float | None = None,
) -> dict[str, Any]:
    """Sign and keep one record for a request's results. `plots`: (input, result, area
    screened, the caller's identifier) per plot, in request order. Returns the reference
    the answer carries."""
    today: date = timezone.now().date()
    countries = sorted({result["country"] for _, result, _, _ in plots if result.get("country")})
    layer_names = {
        name
        for _, result, _, _ in plots
        for key in ("layers_answered", "layers_missing")
        for name in (result.get("data_coverage") or {}).get(key, [])
    }
    rows, inputs, references = [], {}, {}
    for index, (given, result, area, reference) in enumerate(plots):
        label = str(index + 1)
        inputs[label] = {**given, "screened_area": area}
        if reference is not None:
            references[label] = reference
        rows.append(
            {
                "label": label,
                "line": 1,
                "risk": _risk_part(result),
                "finding": None,
                "screening_error": None,
            }
        )
    verdict = {
        "document_type": SubjectKind.RISK_RESULT.value,
        "request": {"kind": request_kind, "radius_km": radius_km, "plots": len(plots)},
        "decided_by": {"kind": "automatic_screening", "name": ""},
        "decided_at": iso_millis(timezone.now()),
        "methodology": {
            "version": METHODOLOGY_VERSION,
            "parameters": METHODOLOGY_PARAMETERS,
            "circle": CIRCLE_PARAMETERS,
            "document": "docs/risk-methodology.md",
        },
        "regulation": {
            "act": EUDR_AS_AMENDED,
            "country_benchmark": [benchmark_row(code, today) for code in countries],
            "commodity_lines": [
                {
                    "line": 1,
                    "commodity": commodity.code if commodity else None,
                    "in_scope": commodity.in_scope if commodity else None,
                }
            ],
        },
        "layers": layers_provenance(layer_names),
        "plots": rows,
    }
    record = records.record_write(
        owner=owner,
        livemode=livemode,
        subject_kind=SubjectKind.RISK_RESULT,
        # Each kept result is a subject of its own: nothing replaces it.
        subject_id=f"risk_{uuid.uuid4().hex}",
        verdict=verdict,
        inputs=inputs,
        references=references,
    )
    return records.reference(record)
