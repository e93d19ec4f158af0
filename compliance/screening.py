"""Screening a filed statement: every plot through the risk engine, then a verdict.

All plots low or medium → COMPLIANT; any critical → AT_RISK; any high, or any
plot whose evidence is missing (parcel service down, plot outside its declared
country, no country at all) → UNDER_REVIEW for staff.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils import timezone

from compliance.events import risk_critical_emit
from compliance.models import DDSPlot, DDSStatus, DueDiligenceStatement, PlotKind
from compliance.risk import parcels, service
from compliance.risk.commodities import commodity_from_code

logger = logging.getLogger(__name__)
LEVEL_ORDER = ("low", "medium", "high", "critical")


def _plot_risk(plot: DDSPlot) -> dict[str, Any]:
    commodity = commodity_from_code(plot.commodity.code)
    area_ha = float(plot.area_ha) if plot.area_ha is not None else None
    if plot.kind == PlotKind.PARCEL:
        return service.risk_score_parcel(parcel_id=plot.parcel_id, commodity=commodity)
    if plot.kind == PlotKind.POINT:
        lat, lng = plot.geometry["coordinates"][1], plot.geometry["coordinates"][0]
        return service.risk_score_location(
            lat=lat, lng=lng, radius_km=service.radius_for_area(area_ha), commodity=commodity
        )
    from compliance.geolocation import to_shape

    return service.risk_score_geometry(
        geometry=to_shape(plot.geometry),
        commodity=commodity,
        point_radius_km=service.radius_for_area(area_ha),
    )


def _missing_evidence(plot: DDSPlot, risk: dict[str, Any]) -> str:
    declared = plot.commodity.country_of_production
    if risk["country"] is None:
        return "no country found at the plot's location"
    if risk["country"] != declared:
        return f"plot lies in {risk['country']}, not in the declared country of production {declared}"
    return ""


def plot_screen(plot: DDSPlot) -> None:
    """Score one plot and store the answer; failures are recorded, not raised."""
    try:
        risk = _plot_risk(plot)
    except parcels.ParcelNotFound:
        plot.risk, plot.risk_level = None, ""
        plot.screening_error = "parcel not found in the national register (ULDK)"
    except parcels.ParcelServiceUnavailable:
        plot.risk, plot.risk_level = None, ""
        plot.screening_error = "parcel service (ULDK) unreachable and parcel not cached"
    else:
        plot.risk, plot.risk_level = risk, risk["risk_level"]
        plot.screening_error = _missing_evidence(plot, risk)
    with transaction.atomic():
        plot.save(update_fields=["risk", "risk_level", "screening_error"])
        if plot.risk:
            statement = plot.commodity.statement
            subject = {
                "kind": "dds_plot",
                "dds_id": statement.dds_id,
                "commodity_position": plot.commodity.position,
                "plot_position": plot.position,
            }
            risk_critical_emit(owner=statement.owner, subject=subject, result=plot.risk)


def verdict(plots: list[DDSPlot]) -> tuple[str, str, str]:
    """(status, overall risk level, reason) for a screened statement."""
    levels = [p.risk_level for p in plots if p.risk_level]
    overall = max(levels, key=LEVEL_ORDER.index) if levels else ""
    missing = [p for p in plots if p.screening_error]
    if "critical" in levels:
        return DDSStatus.AT_RISK, overall, f"{levels.count('critical')} plot(s) at critical risk"
    if "high" in levels or missing:
        reasons = []
        if "high" in levels:
            reasons.append(f"{levels.count('high')} plot(s) at high risk")
        if missing:
            reasons.append(f"{len(missing)} plot(s) with missing evidence")
        return DDSStatus.UNDER_REVIEW, overall, "; ".join(reasons) + ": staff review"
    return DDSStatus.COMPLIANT, overall, f"all {len(plots)} plot(s) low or medium risk"


def dds_screen(*, statement_id: int) -> DueDiligenceStatement | None:
    """Screen a SUBMITTED statement. Safe to run twice: a screened one is left alone."""
    from compliance.services import dds_transition

    statement = DueDiligenceStatement.objects.filter(pk=statement_id).first()
    if statement is None or statement.status != DDSStatus.SUBMITTED or statement.screened_at:
        return statement
    plots = list(
        DDSPlot.objects.filter(commodity__statement=statement).select_related("commodity__statement__owner")
    )
    for plot in plots:
        plot_screen(plot)
    status, level, reason = verdict(plots)
    with transaction.atomic():
        locked = DueDiligenceStatement.objects.select_for_update().get(pk=statement.pk)
        if locked.screened_at:  # another worker finished first
            return locked
        locked.risk_level = level
        locked.screened_at = timezone.now()
        locked.save(update_fields=["risk_level", "screened_at", "updated_at"])
        dds_transition(statement=locked, to_status=status, reason=f"Automatic screening: {reason}")
    locked.refresh_from_db()
    logger.info("Screened %s: %s (%s)", locked.dds_id, status, reason)
    return locked
