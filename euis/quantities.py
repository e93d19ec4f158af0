"""The EU Information System's rules for a commodity's quantities (V3 goodsMeasure).

Sources (see docs/eu-information-system.md, "Quantities"):

- OPS 10.3 "Quantities of a commodity": at least one quantity per commodity; the net mass
  is mandatory for IMPORT and EXPORT; all values positive.
- OPS 10.3 "Supplementary unit type": a supplementary unit needs its type, and the reverse.
- "EUDR DDS – Units of Measure Guidance for Economic Operators" (UOM; EU guidance of
  release 7.3.1, mirrored in `eudr_docs 1.4/economic_operators.md`):
  - IMPORT/EXPORT (UOM 1): net mass in kg; a supplementary unit only where the HS code is
    in its Appendix I, and then mandatory, with the unit that Appendix gives; no
    percentage estimate or deviation.
  - DOMESTIC (UOM 2): net mass with a percentage estimate or deviation (0 to 25), and/or
    a supplementary unit of Appendix II (KSD, MTK, MTQ, MTR, NAR, NPR) with its quantity.
- CF4 v1.4 (error codes, V2): `..._NET_MASS_EMPTY`, `..._QUANTITY_MISSING`,
  `..._PERCENTAGE_ESTIMATION_MISSING` / `_NOT_ALLOWED` / `_INVALID` ("lower than 0 or
  higher than 50"), `..._SUPPLEMENTARY_UNIT_NOT_ALLOWED` / `_QUALIFIER_NOT_COMPATIBLE`.

Where the sources disagree we apply the stricter rule, so that what we send passes both:
the percentage bound is 25 (UOM) rather than 50 (CF4). The EU's own free-text qualifier
(XSD 8.2.1: 3 to 4 characters) is narrowed to the guidance's lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import get_language, pgettext_lazy

from eudr_service.lib.exports import number_text

# UOM Appendix I: HS codes whose import or export needs a supplementary unit, and which one.
# Six-digit entries match exactly; four-digit ones cover their subheadings (UOM 1: "the rule
# applies to the 4-digit codes, except for 010221 and 010229").
CUSTOMS_SUPPLEMENTARY_UNITS: dict[str, str] = {
    "010221": "NAR",
    "010229": "NAR",
    "4011": "NAR",
    "4013": "NAR",
    "4104": "NAR",
    "4403": "MTQ",
    "4406": "MTQ",
    "4408": "MTQ",
    "4410": "MTQ",
    "4411": "MTQ",
    "4412": "MTQ",
    "4413": "MTQ",
    "4701": "KSD",
    "4702": "KSD",
    "4704": "KSD",
    "4705": "KSD",
}
# UOM Appendix II: the supplementary units a domestic statement may use.
DOMESTIC_SUPPLEMENTARY_UNITS = frozenset({"KSD", "MTK", "MTQ", "MTR", "NAR", "NPR"})
UNIT_NAMES = {
    "KSD": "kg 90% dry matter",
    "MTK": "m²",
    "MTQ": "m³",
    "MTR": "m",
    "NAR": "number of items",
    "NPR": "pairs",
}
# The units as a reader writes them after a number ("12000 kg", "40 szt.", "3,5 m³").
UNIT_SYMBOLS = {
    "kg": pgettext_lazy("unit", "kg"),
    "KSD": pgettext_lazy("unit", "kg (dry matter 90%)"),
    "MTK": pgettext_lazy("unit", "m²"),
    "MTQ": pgettext_lazy("unit", "m³"),
    "MTR": pgettext_lazy("unit", "m"),
    "NAR": pgettext_lazy("unit", "items"),
    "NPR": pgettext_lazy("unit", "pairs"),
}
PERCENTAGE_MIN, PERCENTAGE_MAX = Decimal(0), Decimal(25)  # UOM 2 (CF4: 50)
CUSTOMS_ACTIVITIES = frozenset({"IMPORT", "EXPORT"})


@dataclass(frozen=True)
class QuantityProblem:
    field: str  # net_mass_kg, supplementary_unit, supplementary_unit_qualifier, percentage_...
    code: str
    message: str


def quantity_text(value: Decimal | int | None, unit: str | None) -> str:
    """A quantity with its own unit, in the active language's number form and without
    spurious decimals: 12000.000 kg -> "12000 kg", 40 NAR -> "40 szt.", 3.5 MTQ -> "3,5 m³"."""
    if value is None:
        return ""
    lang = "en" if (get_language() or "").startswith("en") else "pl"
    symbol = UNIT_SYMBOLS.get(unit or "", unit or "")
    return f"{number_text(value, lang=lang)} {symbol}".strip()


def customs_unit_for(hs_code: str) -> str | None:
    """The supplementary unit Appendix I asks for this HS code at import or export, if any."""
    return CUSTOMS_SUPPLEMENTARY_UNITS.get(hs_code[:6]) or CUSTOMS_SUPPLEMENTARY_UNITS.get(hs_code[:4])


def quantity_problems(
    *,
    activity: str,
    hs_code: str,
    net_mass_kg: Decimal | None,
    supplementary_unit: Decimal | None,
    qualifier: str,
    percentage: Decimal | None,
) -> list[QuantityProblem]:
    """Every way a line's quantities break the EU's rules for `activity` (IMPORT, EXPORT, DOMESTIC)."""
    found: list[QuantityProblem] = []
    if (supplementary_unit is None) != (not qualifier):
        missing = "supplementary_unit" if supplementary_unit is None else "supplementary_unit_qualifier"
        found.append(
            QuantityProblem(
                missing,
                "required",
                "A supplementary unit is given as its quantity and its unit (qualifier), both or "
                "neither (OPS 10.3).",
            )
        )
    if activity in CUSTOMS_ACTIVITIES:
        found += _customs_problems(
            activity=activity,
            hs_code=hs_code,
            net_mass_kg=net_mass_kg,
            supplementary_unit=supplementary_unit,
            qualifier=qualifier,
            percentage=percentage,
        )
    else:
        found += _domestic_problems(
            net_mass_kg=net_mass_kg,
            supplementary_unit=supplementary_unit,
            qualifier=qualifier,
            percentage=percentage,
        )
    return found


def _customs_problems(
    *,
    activity: str,
    hs_code: str,
    net_mass_kg: Decimal | None,
    supplementary_unit: Decimal | None,
    qualifier: str,
    percentage: Decimal | None,
) -> list[QuantityProblem]:
    found = []
    word = activity.lower()
    if net_mass_kg is None:
        found.append(
            QuantityProblem(
                "net_mass_kg", "required", f"An {word} states the net mass in kg (OPS 10.3, UOM 1)."
            )
        )
    if percentage is not None:
        found.append(
            QuantityProblem(
                "percentage_estimation_or_deviation",
                "not_allowed",
                f"An {word} states the measured net mass: no percentage estimate or deviation (UOM 1).",
            )
        )
    expected = customs_unit_for(hs_code)
    if expected is None and (supplementary_unit is not None or qualifier):
        found.append(
            QuantityProblem(
                "supplementary_unit",
                "not_allowed",
                f"HS {hs_code} has no supplementary unit at the customs border: give the net mass "
                "only (UOM 1, Appendix I).",
            )
        )
    elif expected is not None and supplementary_unit is None:
        found.append(
            QuantityProblem(
                "supplementary_unit",
                "required",
                f"HS {hs_code} is declared at the border also in {expected} ({UNIT_NAMES[expected]}): "
                f"give supplementary_unit with qualifier {expected} (UOM 1, Appendix I).",
            )
        )
    elif expected is not None and qualifier and qualifier != expected:
        found.append(
            QuantityProblem(
                "supplementary_unit_qualifier",
                "not_compatible",
                f"HS {hs_code} takes the supplementary unit {expected} ({UNIT_NAMES[expected]}), "
                f"not {qualifier} (UOM 1, Appendix I).",
            )
        )
    return found


def _domestic_problems(
    *,
    net_mass_kg: Decimal | None,
    supplementary_unit: Decimal | None,
    qualifier: str,
    percentage: Decimal | None,
) -> list[QuantityProblem]:
    found = []
    if net_mass_kg is None and supplementary_unit is None:
        found.append(
            QuantityProblem(
                "net_mass_kg",
                "required",
                "Give the net mass in kg (with a percentage estimate or deviation) or a supplementary "
                "unit, or both (OPS 10.3, UOM 2).",
            )
        )
    if net_mass_kg is not None and percentage is None:
        found.append(
            QuantityProblem(
                "percentage_estimation_or_deviation",
                "required",
                "Outside customs the net mass comes with its percentage estimate or deviation, "
                f"{PERCENTAGE_MIN} to {PERCENTAGE_MAX} (UOM 2; the EU refuses it without one).",
            )
        )
    if percentage is not None and net_mass_kg is None:
        found.append(
            QuantityProblem(
                "percentage_estimation_or_deviation",
                "not_allowed",
                "A percentage estimate or deviation belongs to a net mass (CF4 v1.4).",
            )
        )
    if percentage is not None and not PERCENTAGE_MIN <= percentage <= PERCENTAGE_MAX:
        found.append(
            QuantityProblem(
                "percentage_estimation_or_deviation",
                "out_of_range",
                f"Between {PERCENTAGE_MIN} and {PERCENTAGE_MAX} percent (UOM 2).",
            )
        )
    if qualifier and qualifier not in DOMESTIC_SUPPLEMENTARY_UNITS:
        found.append(
            QuantityProblem(
                "supplementary_unit_qualifier",
                "invalid",
                f"One of {', '.join(sorted(DOMESTIC_SUPPLEMENTARY_UNITS))} (UOM Appendix II).",
            )
        )
    return found
