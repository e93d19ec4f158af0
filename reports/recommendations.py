"""ESG recommendations derived from a report's results by fixed, documented rules.

Each rule reads the computed emissions and risks and either fires (with the
numbers that made it fire) or not; the report's methods section and
docs/csrd-report.md list the rules and
their thresholds. Thresholds are constants here so a change is a reviewed
code change, like the risk methodology.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from reports.labels import labels_for, number

HOTSPOT_CROP_SHARE_PCT = Decimal(50)  # one crop type carries at least half the emissions
CONCENTRATION_TOP_SHARE = 0.10  # the largest tenth of suppliers...
CONCENTRATION_MIN_PCT = Decimal(50)  # ...carry at least half the emissions
CONCENTRATION_MIN_SUPPLIERS = 5
PRIORITY_ORDER = {"high": 0, "medium": 1, "low": 2}

# gettext messages with English msgids (Polish in the catalogue, with its plural forms:
# "1 dostawca ma", "2 dostawcy mają", "5 dostawców ma"), read in the report's language.
# A text is its counted first sentence (ngettext needs the literal strings) and the advice
# that follows it.
_E4_MITIGATE = _(
    "Before placing their products on the market, mitigate the risk under Article 11 of Regulation (EU) "
    "2023/1115 (additional information, independent survey or audit, field verification of the plots) and "
    "document it."
)
_DDS = _(
    "A due diligence statement must be filed in the EU Information System before placing it on the market, "
    "with the geolocation of every plot of production (Article 9)."
)
_COLLECT = _(
    "Collect cadastral parcel identifiers (ULDK), a country with a region or coordinates, and regenerate the "
    "report."
)
_QUANTITY = _("Complete the purchase volumes to make the Scope 3 inventory complete.")
_PRIMARY = _("Ask them first for supplier-specific (primary) emission data.")
_NIP = _("Identify every supplier unambiguously to support traceability and due diligence records.")

TEXTS: dict[str, tuple[Callable[[int], str], Promise | None]] = {
    "high_risk_suppliers": (
        lambda n: ngettext(
            "{count} supplier has a high or critical EUDR risk score.",
            "{count} suppliers have a high or critical EUDR risk score.",
            n,
        ),
        _E4_MITIGATE,
    ),
    "in_scope_commodity": (
        lambda n: ngettext(
            "{count} supplier delivers soy, a relevant commodity under Annex I of the EUDR.",
            "{count} suppliers deliver soy, a relevant commodity under Annex I of the EUDR.",
            n,
        ),
        _DDS,
    ),
    "not_assessed": (
        lambda n: ngettext(
            "{count} supplier could not be assessed for EUDR risk ({reasons}).",
            "{count} suppliers could not be assessed for EUDR risk ({reasons}).",
            n,
        ),
        _COLLECT,
    ),
    "missing_quantity": (
        lambda n: ngettext(
            "{count} supplier gave no tonnage, so its emissions are not counted in the totals.",
            "{count} suppliers gave no tonnage, so their emissions are not counted in the totals.",
            n,
        ),
        _QUANTITY,
    ),
    "emission_hotspot": (
        lambda n: gettext(
            # xgettext:no-python-format
            "{crop} accounts for {share} % of Scope 3 category 1 emissions. Set reduction targets "
            "(ESRS E1-4) and engage these suppliers first, e.g. on fertiliser use (soil N2O and "
            "fertiliser production dominate the farm-gate footprint of most arable crops)."
        ),
        None,
    ),
    "supplier_concentration": (
        lambda n: ngettext(
            # xgettext:no-python-format
            "The largest supplier accounts for {share} % of emissions.",
            "The {top} largest suppliers account for {share} % of emissions.",
            n,
        ),
        _PRIMARY,
    ),
    "missing_nip": (
        lambda n: ngettext(
            "{count} supplier has no tax number (NIP).", "{count} suppliers have no tax number (NIP).", n
        ),
        _NIP,
    ),
    "primary_data": (
        lambda n: gettext(
            "Emissions are estimated with average (secondary) emission factors per crop type. Replace "
            "them progressively with supplier-specific data and disclose the share of primary data."
        ),
        None,
    ),
}


@dataclass(frozen=True)
class Recommendation:
    code: str
    priority: str
    esrs: str
    text: str


def recommendations_derive(
    *, suppliers: list[dict[str, Any]], emissions: list[Any], totals: Any, risks: list[Any], lang: str
) -> list[Recommendation]:
    """The rules of docs/csrd-report.md, in priority order then rule order."""
    found: list[tuple[str, str, str, dict[str, Any]]] = []
    high = sum(1 for r in risks if r.risk_level in ("high", "critical"))
    if high:
        found.append(("high_risk_suppliers", "high", "E4", {"count": high}))
    in_scope = sum(1 for r in risks if r.eudr_in_scope)
    if in_scope:
        found.append(("in_scope_commodity", "high", "E4", {"count": in_scope}))
    not_assessed = [r for r in risks if not r.assessed]
    if not_assessed:
        reasons = sorted({r.reason for r in not_assessed})
        found.append(("not_assessed", "medium", "E4", {"count": len(not_assessed), "reasons": reasons}))
    if totals.without_quantity:
        found.append(("missing_quantity", "medium", "E1-6", {"count": totals.without_quantity}))
    top_crop = totals.by_crop[0] if totals.by_crop else None
    if totals.emissions_t and top_crop and top_crop["share_pct"] >= HOTSPOT_CROP_SHARE_PCT:
        params = {"crop": top_crop["crop_type"], "share": top_crop["share_pct"]}
        found.append(("emission_hotspot", "medium", "E1-6", params))
    concentration = _concentration(emissions, totals.emissions_t)
    if concentration:
        found.append(("supplier_concentration", "medium", "E1-6", concentration))
    without_nip = sum(1 for s in suppliers if not s.get("nip"))
    if without_nip:
        found.append(("missing_nip", "low", "G1", {"count": without_nip}))
    found.append(("primary_data", "low", "E1-6", {}))
    found.sort(key=lambda item: PRIORITY_ORDER[item[1]])
    return [
        Recommendation(code, priority, esrs, _text(code, lang, params))
        for code, priority, esrs, params in found
    ]


def _concentration(emissions: list[Any], total: Decimal) -> dict[str, Any] | None:
    if len(emissions) < CONCENTRATION_MIN_SUPPLIERS or not total:
        return None
    top = max(1, int(len(emissions) * CONCENTRATION_TOP_SHARE))
    largest = sorted((e.emissions_t or Decimal(0) for e in emissions), reverse=True)[:top]
    share = (sum(largest) / total * 100).quantize(Decimal("0.1"))
    return {"top": top, "share": share} if share >= CONCENTRATION_MIN_PCT else None


def _text(code: str, lang: str, params: dict[str, Any]) -> str:
    words = labels_for(lang)
    values = dict(params)
    if "crop" in values:
        values["crop"] = words["crops"][values["crop"]]
    if "reasons" in values:
        values["reasons"] = "; ".join(words["reasons"][r] for r in values["reasons"])
    if "share" in values:
        values["share"] = number(values["share"], 1, lang)
    counted, advice = TEXTS[code]
    with translation.override(lang):
        text = counted(values.get("count", values.get("top", 0)))
        if advice is not None:
            text = f"{text} {advice}"
    return text.format(**values)
