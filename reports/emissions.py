"""Scope 3 category 1 (purchased goods) emissions of the suppliers' crops.

Average-data method of the GHG Protocol Scope 3 Technical Guidance: tonnes
bought × a per-tonne emission factor for the crop type. Decimal arithmetic so
the totals in the PDF add up exactly to the rows shown. Pure: no database.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

KG_PER_T = Decimal(1000)
T_CO2E = Decimal("0.001")  # reported precision of tonnes CO2e
KG = Decimal("0.1")


@dataclass(frozen=True)
class SupplierEmissions:
    index: int
    crop_type: str
    quantity_t: Decimal | None
    area_ha: Decimal | None
    factor_kg_per_t: Decimal
    emissions_t: Decimal | None  # None when no quantity was given
    t_per_ha: Decimal | None  # None without a quantity or a positive area


@dataclass(frozen=True)
class EmissionTotals:
    emissions_t: Decimal
    quantity_t: Decimal
    area_ha: Decimal  # of suppliers that gave both area and quantity
    kg_per_t: Decimal | None  # intensity per tonne bought
    t_per_ha: Decimal | None  # intensity per hectare farmed
    without_quantity: int
    without_area: int
    by_crop: list[dict[str, Any]]


def _decimal(value: Any) -> Decimal | None:
    # str() first: Decimal(0.1) would carry the binary float's noise into the sums.
    return None if value is None else Decimal(str(value))


def supplier_emissions(*, index: int, supplier: dict[str, Any], factor: Decimal) -> SupplierEmissions:
    quantity = _decimal(supplier.get("quantity_t"))
    area = _decimal(supplier.get("area_ha"))
    raw = None if quantity is None else quantity * factor / KG_PER_T
    emissions = None if raw is None else raw.quantize(T_CO2E)
    per_ha = (raw / area).quantize(T_CO2E) if raw is not None and area else None
    return SupplierEmissions(
        index=index,
        crop_type=supplier["crop_type"],
        quantity_t=quantity,
        area_ha=area,
        factor_kg_per_t=factor,
        emissions_t=emissions,
        t_per_ha=per_ha,
    )


def emissions_compute(
    *, suppliers: list[dict[str, Any]], factors: dict[str, Decimal]
) -> tuple[list[SupplierEmissions], EmissionTotals]:
    """Rows in input order and the totals. Intensity per tonne uses every supplier
    with a quantity; per hectare only those that gave both quantity and area."""
    rows = [
        supplier_emissions(index=i, supplier=s, factor=factors[s["crop_type"]])
        for i, s in enumerate(suppliers)
    ]
    total = sum((r.emissions_t for r in rows if r.emissions_t is not None), Decimal(0))
    tonnes = sum((r.quantity_t for r in rows if r.quantity_t is not None), Decimal(0))
    with_area = [r for r in rows if r.emissions_t is not None and r.area_ha]
    area = sum((r.area_ha for r in with_area), Decimal(0))
    area_emissions = sum((r.emissions_t for r in with_area), Decimal(0))
    totals = EmissionTotals(
        emissions_t=total,
        quantity_t=tonnes,
        area_ha=area,
        kg_per_t=(total * KG_PER_T / tonnes).quantize(KG) if tonnes else None,
        t_per_ha=(area_emissions / area).quantize(T_CO2E) if area else None,
        without_quantity=sum(1 for r in rows if r.quantity_t is None),
        without_area=sum(1 for r in rows if not r.area_ha),
        by_crop=_by_crop(rows, total),
    )
    return rows, totals


def _by_crop(rows: list[SupplierEmissions], total: Decimal) -> list[dict[str, Any]]:
    groups: dict[str, dict[str, Any]] = defaultdict(
        lambda: {"suppliers": 0, "quantity_t": Decimal(0), "emissions_t": Decimal(0)}
    )
    for row in rows:
        group = groups[row.crop_type]
        group["suppliers"] += 1
        group["factor_kg_per_t"] = row.factor_kg_per_t
        group["quantity_t"] += row.quantity_t or 0
        group["emissions_t"] += row.emissions_t or 0
    result = []
    for crop, group in sorted(groups.items(), key=lambda item: -item[1]["emissions_t"]):
        share = (group["emissions_t"] / total * 100).quantize(KG) if total else Decimal(0)
        result.append({"crop_type": crop, **group, "share_pct": share})
    return result
