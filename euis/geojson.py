"""GeoJSON for the EU's `geometryGeojson`: coordinates cut to the 6 decimals the EU keeps.

The EU truncates coordinates to 6 decimal places before storing them (OPS 9.3.2
note 1, 10.3); sending more is wasteful and can turn a valid polygon into an
invalid one after truncation (OPS 9.5 item 7). We truncate the same way before
sending, so what we screened is what the EU stores.
"""

from __future__ import annotations

import json
from decimal import ROUND_DOWN, Decimal
from typing import Any

from euis.contract import COORDINATE_DECIMALS

_QUANTUM = Decimal(1).scaleb(-COORDINATE_DECIMALS)


def truncate(value: float) -> float:
    """`value` cut (toward zero) to six decimals."""
    return float(Decimal(repr(value)).quantize(_QUANTUM, rounding=ROUND_DOWN))


def _cut(coordinates: Any) -> Any:
    if isinstance(coordinates, (int, float)) and not isinstance(coordinates, bool):
        return truncate(coordinates)
    if isinstance(coordinates, list):
        return [_cut(item) for item in coordinates]
    return coordinates


def _walk(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: (_cut(value) if key == "coordinates" else _walk(value)) for key, value in node.items()}
    if isinstance(node, list):
        return [_walk(item) for item in node]
    return node


def encode(document: dict[str, Any]) -> bytes:
    """Compact UTF-8 JSON of a GeoJSON object with every coordinate truncated to six decimals."""
    return json.dumps(_walk(document), separators=(",", ":"), ensure_ascii=False).encode("utf-8")
