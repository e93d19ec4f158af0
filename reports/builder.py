"""The report's content: every number computed here, the template only lays it out."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext

from reports import csrd_scope
from reports.csrd_scope import CsrdApplicability, csrd_applicability
from reports.emissions import EmissionTotals, SupplierEmissions, emissions_compute
from reports.labels import CSRD_FIGURE_NAMES, CSRD_SCOPE_TEXTS, labels_for, number
from reports.models import CropType, CsrdReport, EmissionFactor
from reports.recommendations import recommendations_derive
from reports.supplier_risk import VOIVODESHIP_RADIUS_KM, SupplierRisk, supplier_risks_assess
from risk.engine import METHODOLOGY_VERSION


class ReportDataError(Exception):
    """The report cannot be built from the data we hold; the message is shown to the client."""


def emission_factors_for(*, crop_types: set[str]) -> dict[str, EmissionFactor]:
    factors = {f.crop_type: f for f in EmissionFactor.objects.filter(crop_type__in=crop_types)}
    missing = sorted(crop_types - factors.keys())
    if missing:
        raise ReportDataError(f"No emission factor is configured for: {', '.join(missing)}.")
    return factors


def csrd_content_build(*, report: CsrdReport) -> dict[str, Any]:
    """The template context of one report: results in the report's language."""
    lang = report.lang
    words = labels_for(lang)
    suppliers: list[dict[str, Any]] = report.payload["suppliers"]
    factors = emission_factors_for(crop_types={s["crop_type"] for s in suppliers})
    emissions, totals = emissions_compute(
        suppliers=suppliers, factors={crop: f.kg_co2e_per_t for crop, f in factors.items()}
    )
    risks, risk_summary = supplier_risks_assess(suppliers=suppliers)
    recommendations = recommendations_derive(
        suppliers=suppliers, emissions=emissions, totals=totals, risks=risks, lang=lang
    )
    return {
        "t": words,
        "lang": lang,
        "company_name": report.company_name,
        "report_year": report.report_year,
        "report_id": str(report.public_id),
        "livemode": report.livemode,
        "generated_at": timezone.now().strftime("%Y-%m-%d %H:%M UTC"),
        "rows": [
            _row(supplier, emission, risk, lang)
            for supplier, emission, risk in zip(suppliers, emissions, risks, strict=True)
        ],
        "totals": _totals(totals, len(suppliers), lang),
        "by_crop": [_crop_row(group, lang) for group in totals.by_crop],
        "risk_summary": risk_summary,
        "summary": _summary(totals, risk_summary, len(suppliers), lang),
        "recommendations": [
            {**asdict(r), "priority_label": words["priorities"][r.priority]} for r in recommendations
        ],
        "factors": [
            {
                "crop": words["crops"][crop],
                "factor": number(factors[crop].kg_co2e_per_t, 0, lang),
                "source": factors[crop].source_in(lang),
                "source_url": factors[crop].source_url,
            }
            for crop in CropType.values
            if crop in factors
        ],
        "risk_sources": risk_summary["sources"],
        "methodology_version": METHODOLOGY_VERSION,
        "voivodeship_radius_km": int(VOIVODESHIP_RADIUS_KM),
        # The public page of the method (docs/csrd-report.md rendered), never a repository path.
        "methods_url": f"{settings.PUBLIC_BASE_URL}/methodology/csrd",
        "csrd_scope": csrd_scope_lines(payload=report.payload, report_year=report.report_year, lang=lang),
    }


# The figures the CSRD texts quote, from the named constants of reports/csrd_scope.py.
_CSRD_FACTS = {
    "employees": csrd_scope.SCOPE_EMPLOYEES_ABOVE,
    "turnover_m": csrd_scope.SCOPE_TURNOVER_ABOVE_EUR // 1_000_000,
    "thresholds_first": csrd_scope.THRESHOLDS_2026_470.first_year,
    "wave_1_employees": csrd_scope.WAVE_1_EMPLOYEES_ABOVE,
    "wave_1_first": csrd_scope.WAVE_1.first_year,
    "wave_1_last": csrd_scope.WAVE_1.last_year,
    "exempt_first": csrd_scope.MEMBER_STATE_EXEMPTION.first_year,
    "exempt_last": csrd_scope.MEMBER_STATE_EXEMPTION.last_year,
    "wave_3_year": csrd_scope.WAVE_3_FIRST_YEAR,
    "cap_first": csrd_scope.VALUE_CHAIN_CAP.first_year,
    "cap_employees": csrd_scope.VALUE_CHAIN_CAP_EMPLOYEES,
}


def csrd_scope_lines(*, payload: dict[str, Any], report_year: int, lang: str) -> list[str]:
    """The report's statement of which CSRD wave and standard apply, in the report's language."""
    scope = csrd_applicability(
        report_year=report_year,
        employees=payload.get("employees"),
        turnover_eur=payload.get("turnover_eur"),
        listed=payload.get("listed"),
        balance_sheet_eur=payload.get("balance_sheet_eur"),
    )
    with translation.override(lang):
        return _csrd_scope_lines(scope, report_year)


def _csrd_scope_lines(scope: CsrdApplicability, report_year: int) -> list[str]:
    facts = {**_CSRD_FACTS, "year": report_year}

    def say(key: str, **more: Any) -> str:
        return gettext(CSRD_SCOPE_TEXTS[key]).format(**facts, **more)

    standard = gettext(scope.standard.name) if scope.standard else ""
    if scope.status == "undetermined":
        missing = ", ".join(gettext(CSRD_FIGURE_NAMES[name]) for name in scope.missing)
        lines = [say("undetermined", missing=missing)]
    elif scope.status == "in_scope":
        rule = say("rule_1") if csrd_scope.WAVE_1.governs(report_year) else say("rule_2")
        required = "required" if scope.required_for_report_year else "not_yet_required"
        lines = [
            say("in_scope", rule=rule, wave=scope.wave, first=scope.first_year, standard=standard),
            say(required, first=scope.first_year),
        ]
    elif "before_csrd" in scope.notes:
        lines = [say("before_csrd")]
    elif csrd_scope.WAVE_1.governs(report_year):
        lines = [say("out_of_scope_first_wave_years", standard=standard)]
    else:
        lines = [say("out_of_scope", standard=standard)]
    revised = gettext(csrd_scope.ESRS_REVISED.name)
    lines += [say(note, revised=revised) for note in scope.notes if note != "before_csrd"]
    if scope.value_chain_cap:
        lines.append(say("value_chain_cap"))
    sources = list(scope.reasons)
    if scope.standard:
        sources.append(scope.standard.source)
    if "revised_esrs_option" in scope.notes:
        sources.append(csrd_scope.REVISED_ESRS_OPTION.source)
    if sources:
        lines.append(say("sources", sources="; ".join(sources)))
    return lines


def _basis_text(risk: SupplierRisk, words: dict[str, Any]) -> str:
    if risk.basis == "none":
        return words["none"]
    if risk.basis == "coordinates":
        lat, lng, _radius = risk.basis_value.split(",")
        where = f"{words['coordinates']} {float(lat):.4f}, {float(lng):.4f}"
        return f"{where} ({risk.country})" if risk.country else where
    if risk.basis == "country":
        code, _, region = risk.basis_value.partition(" ")
        return f"{words['country']} {code}" + (f", {region}" if region else "")
    if risk.basis == "location":  # a place we could not find: shown as given, never as a voivodeship
        return f"{words['location']}: {risk.basis_value}"
    return f"{words[risk.basis]} {risk.basis_value}"


def _row(
    supplier: dict[str, Any], emission: SupplierEmissions, risk: SupplierRisk, lang: str
) -> dict[str, Any]:
    words = labels_for(lang)
    basis = _basis_text(risk, words)
    return {
        "n": emission.index + 1,
        "name": supplier["name"],
        "nip": supplier.get("nip") or words["none"],
        "crop": words["crops"][supplier["crop_type"]],
        "quantity": number(emission.quantity_t, 2, lang) or words["none"],
        "area": number(emission.area_ha, 2, lang) or words["none"],
        "factor": number(emission.factor_kg_per_t, 0, lang),
        "emissions": number(emission.emissions_t, 3, lang) or words["not_applicable"],
        "per_ha": number(emission.t_per_ha, 3, lang) or words["not_applicable"],
        "basis": basis,
        "in_scope": words["yes"] if risk.eudr_in_scope else words["no"],
        "assessed": risk.assessed,
        "score": risk.score,
        "level": risk.risk_level or "unknown",
        "level_label": words["levels"][risk.risk_level] if risk.assessed else words["not_assessed"],
        "reason": words["reasons"][risk.reason] if risk.reason else "",
    }


def _totals(totals: EmissionTotals, supplier_count: int, lang: str) -> dict[str, Any]:
    na = labels_for(lang)["not_applicable"]
    return {
        "suppliers": supplier_count,
        "emissions_t": number(totals.emissions_t, 3, lang),
        "quantity_t": number(totals.quantity_t, 2, lang),
        "area_ha": number(totals.area_ha, 2, lang),
        "kg_per_t": number(totals.kg_per_t, 1, lang) or na,
        "t_per_ha": number(totals.t_per_ha, 3, lang) or na,
        "without_quantity": totals.without_quantity,
        "without_area": totals.without_area,
    }


def _summary(
    totals: EmissionTotals, risk_summary: dict[str, Any], supplier_count: int, lang: str
) -> list[dict[str, Any]]:
    words = labels_for(lang)

    def unit(value: str | None, suffix: str) -> str:
        return f"{value} {suffix}" if value is not None else words["not_applicable"]

    items = [
        {
            "label": words["total_emissions"],
            "value": unit(number(totals.emissions_t, 3, lang), "t CO2e"),
            "esrs": "E1-6",
        },
        {"label": words["intensity_t"], "value": unit(number(totals.kg_per_t, 1, lang), "kg CO2e/t")},
        {"label": words["intensity_ha"], "value": unit(number(totals.t_per_ha, 3, lang), "t CO2e/ha")},
        {"label": words["total_quantity"], "value": unit(number(totals.quantity_t, 2, lang), "t")},
        {"label": words["total_area"], "value": unit(number(totals.area_ha, 2, lang), "ha")},
        {"label": words["suppliers"], "value": str(supplier_count)},
    ]
    for level, count in risk_summary["by_level"].items():
        items.append(
            {"label": f"{words['risk_short']}: {words['levels'][level]}", "value": str(count), "esrs": "E4"}
        )
    items.append(
        {
            "label": f"{words['risk_short']}: {words['not_assessed']}",
            "value": str(risk_summary["not_assessed"]),
        }
    )
    return items


def _crop_row(group: dict[str, Any], lang: str) -> dict[str, Any]:
    return {
        "crop": labels_for(lang)["crops"][group["crop_type"]],
        "suppliers": group["suppliers"],
        "factor": number(group["factor_kg_per_t"], 0, lang),
        "quantity": number(group["quantity_t"], 2, lang),
        "emissions": number(group["emissions_t"], 3, lang),
        "share": number(group["share_pct"], 1, lang),
    }
