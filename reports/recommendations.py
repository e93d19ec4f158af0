"""ESG recommendations derived from a report's results by fixed, documented rules.

Each rule reads the computed emissions and risks and either fires (with the
numbers that made it fire) or not; docs/csrd-report.md lists the rules and
their thresholds. Thresholds are constants here so a change is a reviewed
code change, like the risk methodology.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from reports.labels import labels_for, number

HOTSPOT_CROP_SHARE_PCT = Decimal(50)  # one crop type carries at least half the emissions
CONCENTRATION_TOP_SHARE = 0.10  # the largest tenth of suppliers...
CONCENTRATION_MIN_PCT = Decimal(50)  # ...carry at least half the emissions
CONCENTRATION_MIN_SUPPLIERS = 5
PRIORITY_ORDER = {"high": 0, "medium": 1, "low": 2}

TEXTS: dict[str, dict[str, str]] = {
    "high_risk_suppliers": {
        "en": "{count} supplier(s) have a high or critical EUDR risk score. Before placing their products "
        "on the market, mitigate the risk under Article 11 of Regulation (EU) 2023/1115 (additional "
        "information, independent survey or audit, field verification of the plots) and document it.",
        "pl": "{count} dostawca(ów) ma wysokie lub krytyczne ryzyko EUDR. Przed wprowadzeniem ich produktów "
        "do obrotu należy ograniczyć ryzyko zgodnie z art. 11 rozporządzenia (UE) 2023/1115 (dodatkowe "
        "informacje, niezależny audyt, weryfikacja działek w terenie) i udokumentować te działania.",
    },
    "in_scope_commodity": {
        "en": "{count} supplier(s) deliver soy, a relevant commodity under Annex I of the EUDR. A due "
        "diligence statement must be filed in the EU Information System before placing it on the market, "
        "with the geolocation of every plot of production (Article 9).",
        "pl": "{count} dostawca(ów) dostarcza soję, towar objęty załącznikiem I EUDR. Przed wprowadzeniem "
        "do obrotu należy złożyć oświadczenie o należytej staranności w systemie informacyjnym UE, "
        "z geolokalizacją wszystkich działek produkcji (art. 9).",
    },
    "not_assessed": {
        "en": "{count} supplier(s) could not be assessed for EUDR risk ({reasons}). Collect cadastral parcel "
        "identifiers (ULDK) or at least the voivodeship, and regenerate the report.",
        "pl": "Nie oceniono ryzyka EUDR dla {count} dostawcy(ów) ({reasons}). Należy zebrać identyfikatory "
        "działek ewidencyjnych (ULDK) lub co najmniej województwo i wygenerować raport ponownie.",
    },
    "missing_quantity": {
        "en": "{count} supplier(s) gave no tonnage, so their emissions are not counted in the totals. "
        "Complete the purchase volumes to make the Scope 3 inventory complete.",
        "pl": "{count} dostawca(ów) nie podał tonażu, więc ich emisje nie są ujęte w sumach. Należy "
        "uzupełnić wolumeny zakupów, aby inwentaryzacja zakresu 3 była kompletna.",
    },
    "emission_hotspot": {
        "en": "{crop} accounts for {share} % of Scope 3 category 1 emissions. Set reduction targets (ESRS "
        "E1-4) and engage these suppliers first, e.g. on fertiliser use (soil N2O and fertiliser "
        "production dominate the farm-gate footprint of most arable crops).",
        "pl": "{crop} odpowiada za {share} % emisji zakresu 3 kategorii 1. Należy wyznaczyć cele redukcyjne "
        "(ESRS E1-4) i w pierwszej kolejności zaangażować tych dostawców, np. w zakresie nawożenia "
        "(emisje N2O z gleb i produkcja nawozów dominują w śladzie większości upraw polowych).",
    },
    "supplier_concentration": {
        "en": "The {top} largest supplier(s) account for {share} % of emissions. Ask them first for "
        "supplier-specific (primary) emission data.",
        "pl": "{top} największych dostawców odpowiada za {share} % emisji. To od nich w pierwszej "
        "kolejności należy pozyskać dane emisyjne specyficzne dla dostawcy (dane pierwotne).",
    },
    "missing_nip": {
        "en": "{count} supplier(s) have no tax number (NIP). Identify every supplier unambiguously to "
        "support traceability and due diligence records.",
        "pl": "{count} dostawca(ów) nie ma numeru NIP. Należy jednoznacznie identyfikować każdego dostawcę "
        "na potrzeby identyfikowalności i dokumentacji należytej staranności.",
    },
    "primary_data": {
        "en": "Emissions are estimated with average (secondary) emission factors per crop type. Replace "
        "them progressively with supplier-specific data and disclose the share of primary data.",
        "pl": "Emisje oszacowano średnimi (wtórnymi) wskaźnikami emisji dla rodzaju uprawy. Należy je "
        "stopniowo zastępować danymi od dostawców i ujawniać udział danych pierwotnych.",
    },
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
    return TEXTS[code][lang].format(**values)
