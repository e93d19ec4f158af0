"""Screening a filed statement: every plot through the risk engine, then a verdict.

Each plot gets one finding, a stable rule code (below); the statement's status
follows the worst finding. Standard- and high-risk countries need forest
evidence for the plot (a forest-loss layer covering all of it) before anything
is COMPLIANT; a low-risk country follows Article 13 (simplified due diligence):
COMPLIANT unless the evidence we do hold contradicts it. docs/risk-methodology.md
("Verdict rules") describes the same table; keep the two in step.

The result is a screening by this service, not a certification: none exists
under the regulation, and the operator remains responsible (Article 4(3)).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.core.exceptions import ObjectDoesNotExist

from compliance.geolocation import to_shape
from compliance.models import DDSPlot, DDSStatus, DueDiligenceStatement, PlotKind
from regulation.benchmark import benchmark_class
from regulation.commodities import commodity_from_code
from risk import engine

LEVEL_ORDER = ("low", "medium", "high", "critical")


class Rule:
    """Stable verdict rule codes, recorded on plots, statements and history."""

    FILED = "filed"
    ARTICLE_13_LOW_RISK = "article_13_low_risk"  # low-risk country, nothing contradicts
    FOREST_EVIDENCE_CLEAR = "forest_evidence_clear"  # forest layers cover the plot, no loss, low/medium
    INSUFFICIENT_EVIDENCE = "insufficient_evidence"  # standard/high-risk country, no forest evidence
    FOREST_LOSS_AFTER_CUTOFF = "forest_loss_after_cutoff"  # a layer shows loss after 2020-12-31
    HIGH_RISK = "high_risk"  # score in the high band
    CRITICAL_RISK = "critical_risk"  # score in the critical band
    PLOT_LOCATION_UNCONFIRMED = "plot_location_unconfirmed"  # no country, or not the declared one
    PLOT_NOT_SCREENED = "plot_not_screened"  # parcel unknown or the parcel service down
    # Land given as a postal address (simplified declaration, Art. 4a(5)) in a low-risk
    # country: nothing to screen against forest data; Article 13 as for other low-risk plots.
    POSTAL_ADDRESS_LOW_RISK = "postal_address_low_risk"
    # A commodity line without any plot: nothing to screen, and the EU refuses a commodity
    # without producers' geolocation (OPS 10.3, EUDR_COMMODITIES_PRODUCER_GEO_EMPTY).
    GEOLOCATION_MISSING = "geolocation_missing"
    STAFF_DECISION = "staff_decision"


# A statement's status from its plots' findings: the first finding present wins.
STATUS_BY_FINDING = (
    (Rule.CRITICAL_RISK, DDSStatus.AT_RISK),
    (Rule.GEOLOCATION_MISSING, DDSStatus.UNDER_REVIEW),
    (Rule.PLOT_NOT_SCREENED, DDSStatus.UNDER_REVIEW),
    (Rule.PLOT_LOCATION_UNCONFIRMED, DDSStatus.UNDER_REVIEW),
    (Rule.FOREST_LOSS_AFTER_CUTOFF, DDSStatus.UNDER_REVIEW),
    (Rule.HIGH_RISK, DDSStatus.UNDER_REVIEW),
    (Rule.INSUFFICIENT_EVIDENCE, DDSStatus.UNDER_REVIEW),
)
NEEDS_FOREST_EVIDENCE = frozenset({"standard", "high"})
LOW_RISK_FINDINGS = frozenset({Rule.ARTICLE_13_LOW_RISK, Rule.POSTAL_ADDRESS_LOW_RISK})
REASON_PLOTS_LISTED = 20


def filing_date(plot: DDSPlot) -> date | None:
    """The day the plot's statement was filed: the benchmark of that day judges the plot,
    whenever the screening runs. None for a plot judged on its own (today's benchmark)."""
    try:
        statement = plot.commodity.statement
    except ObjectDoesNotExist:
        return None
    return statement.filed_on if statement.created_at else None


def _plot_risk(plot: DDSPlot) -> engine.Assessment:
    commodity = commodity_from_code(plot.commodity.code)
    area_ha = float(plot.area_ha) if plot.area_ha is not None else None
    on = filing_date(plot)
    if plot.kind == PlotKind.PARCEL:
        return engine.assess_parcel(parcel_id=plot.parcel_id, commodity=commodity, on=on)
    if plot.kind == PlotKind.POINT:
        lat, lng = plot.geometry["coordinates"][1], plot.geometry["coordinates"][0]
        return engine.assess_location(
            lat=lat, lng=lng, radius_km=engine.radius_for_area(area_ha), commodity=commodity, on=on
        )
    return engine.assess_geometry(
        geometry=to_shape(plot.geometry),
        commodity=commodity,
        point_radius_km=engine.radius_for_area(area_ha),
        on=on,
    )


def _missing_evidence(plot: DDSPlot, risk: engine.Assessment) -> str:
    declared = plot.producer.country
    if risk.country is None:
        return "no country found at the plot's location"
    if risk.country != declared:
        return f"plot lies in {risk.country}, not in the declared country of production {declared}"
    return ""


def plot_finding(plot: DDSPlot) -> str:
    """The verdict rule for one screened plot, under the benchmark of its filing date."""
    on = filing_date(plot)
    if plot.kind == PlotKind.ADDRESS:
        # A postal address is no evidence of a location: acceptable only where the law lets
        # a low-risk country's micro or small primary operator give it (Art. 4a(5), Art. 13).
        low = benchmark_class(plot.producer.country, on) == "low"
        return Rule.POSTAL_ADDRESS_LOW_RISK if low else Rule.INSUFFICIENT_EVIDENCE
    if plot.risk is None:
        return Rule.PLOT_NOT_SCREENED
    if plot.screening_error:
        return Rule.PLOT_LOCATION_UNCONFIRMED
    # Stored answers of every version are read alike (engine.Assessment.from_json).
    risk = engine.Assessment.from_json(plot.risk)
    if risk.risk_level == "critical":
        return Rule.CRITICAL_RISK
    if risk.forest_loss > 0:
        return Rule.FOREST_LOSS_AFTER_CUTOFF
    if risk.risk_level == "high":
        return Rule.HIGH_RISK
    country_class = benchmark_class(risk.country, on)
    if country_class in NEEDS_FOREST_EVIDENCE and not risk.has_forest_evidence():
        return Rule.INSUFFICIENT_EVIDENCE
    if country_class == "low":
        return Rule.ARTICLE_13_LOW_RISK
    return Rule.FOREST_EVIDENCE_CLEAR


def plot_screen(plot: DDSPlot) -> None:
    """Score one plot and store the answer; failures are recorded, not raised."""
    if plot.kind == PlotKind.ADDRESS:
        # No geometry: nothing for the risk engine; the finding rests on the country alone.
        plot.risk, plot.risk_level, plot.screening_error = None, "", ""
        plot.finding = plot_finding(plot)
        plot.save(update_fields=["risk", "risk_level", "screening_error", "finding"])
        return
    try:
        risk = _plot_risk(plot)
    except engine.ParcelNotFound:
        plot.risk, plot.risk_level = None, ""
        plot.screening_error = "parcel not found in the national register (ULDK)"
    except engine.ParcelLookupBudgetSpent:
        raise  # the request's ULDK budget is spent: the caller hands the statement to a worker
    except engine.ParcelServiceUnavailable:
        plot.risk, plot.risk_level = None, ""
        plot.screening_error = "parcel service (ULDK) unreachable and parcel not cached"
    else:
        plot.risk, plot.risk_level = risk.to_json(), risk.risk_level
        plot.screening_error = _missing_evidence(plot, risk)
    plot.finding = plot_finding(plot)
    plot.save(update_fields=["risk", "risk_level", "screening_error", "finding"])


def critical_plots_emit(statement: DueDiligenceStatement, plots: list[DDSPlot]) -> None:
    """One risk.critical event per screened statement, listing its critical plots."""
    items = [
        (
            {
                "kind": "dds_plot",
                "dds_id": statement.dds_id,
                "commodity_position": plot.commodity.position,
                "plot_position": plot.position,
            },
            plot.risk,
        )
        for plot in plots
        if plot.risk
    ]
    subject = {"kind": "dds", "dds_id": statement.dds_id}
    engine.risk_critical_batch_emit(
        owner=statement.owner, subject=subject, items=items, livemode=statement.livemode
    )


@dataclass(frozen=True)
class Verdict:
    status: str
    risk_level: str  # the worst plot's level, "" when no plot was scored
    rule: str
    reasons: list[dict[str, Any]]  # one per finding: code, plot count, the first plots (commodity.plot)

    def summary(self) -> str:
        parts = [f"{r['code']} ({r['count']} plot(s))" for r in self.reasons]
        return f"{self.rule}: " + "; ".join(parts)


def verdict(plots: list[DDSPlot], *, lines_without_plots: list[int] | None = None) -> Verdict:
    """The statement's status from its plots' findings.

    `lines_without_plots` (positions of commodity lines that have none): such a line has
    no evidence at all, so the statement is never COMPLIANT; no plot at all is the same."""
    levels = [p.risk_level for p in plots if p.risk_level]
    overall = max(levels, key=LEVEL_ORDER.index) if levels else ""
    by_finding: dict[str, list[str]] = {}
    empty = list(lines_without_plots or [])
    if empty or not plots:
        by_finding[Rule.GEOLOCATION_MISSING] = [str(position + 1) for position in empty] or ["-"]
    for plot in plots:
        label = f"{plot.commodity.position + 1}.{plot.position + 1}"
        by_finding.setdefault(plot.finding or plot_finding(plot), []).append(label)
    # A statement may hold 20 000 plots: name the first few per finding, count them all.
    reasons = [
        {"code": code, "count": len(labels), "plots": labels[:REASON_PLOTS_LISTED]}
        for code, labels in sorted(by_finding.items())
    ]
    for code, status in STATUS_BY_FINDING:
        if code in by_finding:
            return Verdict(status, overall, code, reasons)
    # Every plot is clear. Article 13 only when every plot is in a low-risk country.
    rule = Rule.ARTICLE_13_LOW_RISK if set(by_finding) <= LOW_RISK_FINDINGS else Rule.FOREST_EVIDENCE_CLEAR
    return Verdict(DDSStatus.COMPLIANT, overall, rule, reasons)


def statement_plots(statement: DueDiligenceStatement) -> tuple[list[DDSPlot], list[int]]:
    """The statement's plots (with what screening reads), and the positions of lines without any."""
    plots = list(
        DDSPlot.objects.filter(commodity__statement=statement).select_related(
            "commodity__statement__owner", "producer"
        )
    )
    with_plots = {plot.commodity.position for plot in plots}
    positions = statement.commodities.values_list("position", flat=True)
    return plots, sorted(p for p in positions if p not in with_plots)
