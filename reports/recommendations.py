"""ESG recommendations derived from a report's results by fixed, documented rules.

Each rule reads the computed emissions and risks and either fires (with the
numbers that made it fire) or not; the report's methods section and
docs/csrd-report.md list the rules and
their thresholds. Thresholds are constants here so a change is a reviewed
code change, like the risk methodology.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from reports.labels import labels_for, number, plural_form

HOTSPOT_CROP_SHARE_PCT = Decimal(50)  # one crop type carries at least half the emissions
CONCENTRATION_TOP_SHARE = 0.10  # the largest tenth of suppliers...
CONCENTRATION_MIN_PCT = Decimal(50)  # ...carry at least half the emissions
CONCENTRATION_MIN_SUPPLIERS = 5
PRIORITY_ORDER = {"high": 0, "medium": 1, "low": 2}

# Texts with a number are keyed by plural form (reports.labels.plural_form): Polish
# has three ("1 dostawca ma", "2 dostawcy mają", "5 dostawców ma"), English two.
Text = str | dict[str, str]
_E4_MITIGATE_EN = (
    "Before placing their products on the market, mitigate the risk under Article 11 of Regulation (EU) "
    "2023/1115 (additional information, independent survey or audit, field verification of the plots) "
    "and document it."
)
_E4_MITIGATE_PL = (
    "Przed wprowadzeniem ich produktów do obrotu należy ograniczyć ryzyko zgodnie z art. 11 "
    "rozporządzenia (UE) 2023/1115 (dodatkowe informacje, niezależny audyt, weryfikacja działek "
    "w terenie) i udokumentować te działania."
)
_DDS_EN = (
    "A due diligence statement must be filed in the EU Information System before placing it on the "
    "market, with the geolocation of every plot of production (Article 9)."
)
_DDS_PL = (
    "Przed wprowadzeniem do obrotu należy złożyć oświadczenie o należytej staranności w systemie "
    "informacyjnym UE, z geolokalizacją wszystkich działek produkcji (art. 9)."
)
_COLLECT_EN = (
    "Collect cadastral parcel identifiers (ULDK), a country with a region or coordinates, and "
    "regenerate the report."
)
_COLLECT_PL = (
    "Należy zebrać identyfikatory działek ewidencyjnych (ULDK) albo kraj z regionem lub współrzędnymi "
    "i wygenerować raport ponownie."
)
_QUANTITY_EN = "Complete the purchase volumes to make the Scope 3 inventory complete."
_QUANTITY_PL = "Należy uzupełnić wolumeny zakupów, aby inwentaryzacja zakresu 3 była kompletna."
_PRIMARY_EN = "Ask them first for supplier-specific (primary) emission data."
_PRIMARY_PL = (
    "To od nich w pierwszej kolejności należy pozyskać dane emisyjne specyficzne dla dostawcy "
    "(dane pierwotne)."
)
_NIP_EN = "Identify every supplier unambiguously to support traceability and due diligence records."
_NIP_PL = (
    "Należy jednoznacznie identyfikować każdego dostawcę na potrzeby identyfikowalności i dokumentacji "
    "należytej staranności."
)

TEXTS: dict[str, dict[str, Text]] = {
    "high_risk_suppliers": {
        "en": {
            "one": "{count} supplier has a high or critical EUDR risk score. " + _E4_MITIGATE_EN,
            "other": "{count} suppliers have a high or critical EUDR risk score. " + _E4_MITIGATE_EN,
        },
        "pl": {
            "one": "{count} dostawca ma wysokie lub krytyczne ryzyko EUDR. " + _E4_MITIGATE_PL,
            "few": "{count} dostawcy mają wysokie lub krytyczne ryzyko EUDR. " + _E4_MITIGATE_PL,
            "many": "{count} dostawców ma wysokie lub krytyczne ryzyko EUDR. " + _E4_MITIGATE_PL,
        },
    },
    "in_scope_commodity": {
        "en": {
            "one": "{count} supplier delivers soy, a relevant commodity under Annex I of the EUDR. "
            + _DDS_EN,
            "other": "{count} suppliers deliver soy, a relevant commodity under Annex I of the EUDR. "
            + _DDS_EN,
        },
        "pl": {
            "one": "{count} dostawca dostarcza soję, towar objęty załącznikiem I EUDR. " + _DDS_PL,
            "few": "{count} dostawcy dostarczają soję, towar objęty załącznikiem I EUDR. " + _DDS_PL,
            "many": "{count} dostawców dostarcza soję, towar objęty załącznikiem I EUDR. " + _DDS_PL,
        },
    },
    "not_assessed": {
        "en": {
            "one": "{count} supplier could not be assessed for EUDR risk ({reasons}). " + _COLLECT_EN,
            "other": "{count} suppliers could not be assessed for EUDR risk ({reasons}). " + _COLLECT_EN,
        },
        "pl": {
            "one": "Nie oceniono ryzyka EUDR dla {count} dostawcy ({reasons}). " + _COLLECT_PL,
            "few": "Nie oceniono ryzyka EUDR dla {count} dostawców ({reasons}). " + _COLLECT_PL,
            "many": "Nie oceniono ryzyka EUDR dla {count} dostawców ({reasons}). " + _COLLECT_PL,
        },
    },
    "missing_quantity": {
        "en": {
            "one": "{count} supplier gave no tonnage, so its emissions are not counted in the totals. "
            + _QUANTITY_EN,
            "other": "{count} suppliers gave no tonnage, so their emissions are not counted in the totals. "
            + _QUANTITY_EN,
        },
        "pl": {
            "one": "{count} dostawca nie podał tonażu, więc jego emisje nie są ujęte w sumach. "
            + _QUANTITY_PL,
            "few": "{count} dostawcy nie podali tonażu, więc ich emisje nie są ujęte w sumach. "
            + _QUANTITY_PL,
            "many": "{count} dostawców nie podało tonażu, więc ich emisje nie są ujęte w sumach. "
            + _QUANTITY_PL,
        },
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
        "en": {
            "one": "The largest supplier accounts for {share} % of emissions. " + _PRIMARY_EN,
            "other": "The {top} largest suppliers account for {share} % of emissions. " + _PRIMARY_EN,
        },
        "pl": {
            "one": "Największy dostawca odpowiada za {share} % emisji. " + _PRIMARY_PL,
            "few": "{top} najwięksi dostawcy odpowiadają za {share} % emisji. " + _PRIMARY_PL,
            "many": "{top} największych dostawców odpowiada za {share} % emisji. " + _PRIMARY_PL,
        },
    },
    "missing_nip": {
        "en": {
            "one": "{count} supplier has no tax number (NIP). " + _NIP_EN,
            "other": "{count} suppliers have no tax number (NIP). " + _NIP_EN,
        },
        "pl": {
            "one": "{count} dostawca nie ma numeru NIP. " + _NIP_PL,
            "few": "{count} dostawcy nie mają numeru NIP. " + _NIP_PL,
            "many": "{count} dostawców nie ma numeru NIP. " + _NIP_PL,
        },
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
    text = TEXTS[code][lang]
    if isinstance(text, dict):
        text = text[plural_form(values.get("count", values.get("top", 0)), lang)]
    return text.format(**values)
