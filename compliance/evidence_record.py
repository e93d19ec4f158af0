"""The signed evidence record of a statement's verdict (docs/evidence.md).

Written by `compliance.services.dds_transition` in the transaction that records a verdict
(a move to UNDER_REVIEW, COMPLIANT, AT_RISK or NON_COMPLIANT), so the record exists exactly
when the verdict does; and again whenever what the public may see of the statement changes
(an amendment, a change of its confidentiality, its representative confirmed or no longer:
`statement_record_reissue`), so the latest record always says what the public record says.
It states everything the verdict rested on: each plot's input (by a
salted hash; the inputs themselves travel in the attachments), the exact area screened, the
risk engine's answer, the finding, the layers with their files' checksums, the country
benchmark rows and Annex I lines with their acts, the methodology's numbers and the rule
table that turned findings into the status.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from accounts.services import OperatorRole
from compliance.evidence import decided_by
from compliance.geolocation import to_shape
from compliance.models import DDSPlot, DDSStatus, DueDiligenceStatement, PlotKind
from compliance.public_record import statement_public_record
from compliance.screening import LOW_RISK_FINDINGS, NEEDS_FOREST_EVIDENCE, STATUS_BY_FINDING
from compliance.verification_cache import verification_forget
from eudr_service.lib.timestamps import iso_millis
from evidence import records
from evidence.models import EvidenceRecord
from regulation.annex_i import annex_line_for
from regulation.benchmark import benchmark_row
from regulation.commodities import UnknownCommodity, commodity_from_code
from regulation.regime import EUDR_AS_AMENDED
from risk import engine

VERDICT_STATUSES = frozenset(
    {DDSStatus.UNDER_REVIEW, DDSStatus.COMPLIANT, DDSStatus.AT_RISK, DDSStatus.NON_COMPLIANT}
)

# The decision table as data, so a verifier applies the same one (compliance.screening).
VERDICT_RULES = {
    "status_by_finding": [[code, str(status)] for code, status in STATUS_BY_FINDING],
    "otherwise": str(DDSStatus.COMPLIANT),
    "low_risk_findings": sorted(LOW_RISK_FINDINGS),
    "needs_forest_evidence": sorted(NEEDS_FOREST_EVIDENCE),
    "source": "compliance/screening.py; docs/risk-methodology.md, Verdict rules",
}


def _risk_part(plot: DDSPlot) -> dict[str, Any] | None:
    """The engine's answer without anything that locates the plot (a parcel's centroid)."""
    if not plot.risk:
        return None
    risk = engine.Assessment.from_json(plot.risk)
    return {
        "score": risk.score,
        "risk_level": risk.risk_level,
        "country": risk.country,
        "factors": [
            {"name": f.name, "value": f.value, "contribution": f.contribution, "source": f.source}
            for f in risk.factors
        ],
        "warnings": list(risk.warnings),
        "evidence_missing": None if risk.evidence_missing is None else list(risk.evidence_missing),
        "layers_answered": list(risk.layers_answered),
        "layers_missing": list(risk.layers_missing),
        "methodology_version": risk.methodology_version,
    }


def _screened_area(plot: DDSPlot) -> dict[str, Any] | None:
    if plot.kind == PlotKind.ADDRESS or not plot.risk:
        return None
    risk = engine.Assessment.from_json(plot.risk)
    if not (risk.layers_answered or risk.layers_missing):
        return None  # no forest layer read the plot: no area was built, none to recompute
    radius = engine.radius_for_area(float(plot.area_ha) if plot.area_ha is not None else None)
    if plot.kind == PlotKind.PARCEL:
        return engine.area_parcel(parcel_id=plot.parcel_id)
    if plot.kind == PlotKind.POINT:
        lng, lat = plot.geometry["coordinates"][:2]
        return engine.area_point(lat=lat, lng=lng, radius_km=radius)
    return engine.area_geometry(geometry=to_shape(plot.geometry), point_radius_km=radius)


def _plot_input(plot: DDSPlot) -> dict[str, Any]:
    return {
        "kind": plot.kind,
        "parcel_id": plot.parcel_id or None,
        "geometry": plot.geometry,
        "area_ha": None if plot.area_ha is None else float(plot.area_ha),
        "address": plot.address,
        "screened_area": _screened_area(plot),
    }


def _annex_row(code: str, hs_heading: str, on: Any) -> dict[str, Any] | None:
    line = annex_line_for(commodity=code, hs_code=hs_heading, on=on) if hs_heading else None
    if line is None:
        return None
    return {
        "commodity": line.commodity,
        "hs_code": line.hs_code,
        "act": line.act,
        "applies_from": line.applies_from.isoformat(),
        "applies_until": line.applies_until.isoformat() if line.applies_until else None,
    }


def _in_scope(code: str) -> bool | None:
    try:
        return commodity_from_code(code).in_scope
    except UnknownCommodity:
        return None


def statement_verdict_content(
    statement: DueDiligenceStatement,
) -> tuple[dict[str, Any], dict[str, Any], dict[str, str]]:
    """The record's verdict, each plot's input and the filer's own plot identifiers, by
    label (both committed by hash)."""
    plots = list(
        DDSPlot.objects.filter(commodity__statement=statement)
        .select_related("commodity__statement", "producer")
        .order_by("commodity__position", "position")
    )
    on = statement.filed_on
    lines: dict[int, dict[str, Any]] = {}
    for commodity in statement.commodities.order_by("position"):
        lines[commodity.position] = {
            "line": commodity.position + 1,
            "commodity": commodity.code,
            "hs_heading": commodity.hs_heading,
            "annex_i": _annex_row(commodity.code, commodity.hs_heading, on),
            "country_of_production": commodity.country_of_production,
            "in_scope": _in_scope(commodity.code),
        }
    countries: set[str] = {line["country_of_production"] for line in lines.values()}
    layer_names: set[str] = set()
    plot_rows, inputs, references = [], {}, {}
    for plot in plots:
        label = f"{plot.commodity.position + 1}.{plot.position + 1}"
        inputs[label] = _plot_input(plot)
        if plot.reference:
            references[label] = plot.reference
        risk = _risk_part(plot)
        if risk is not None:
            layer_names.update(risk["layers_answered"], risk["layers_missing"])
            if risk["country"]:
                countries.add(risk["country"])
        plot_rows.append(
            {
                "label": label,
                "line": plot.commodity.position + 1,
                "kind": plot.kind,
                "declared_country": plot.producer.country,
                "risk": risk,
                "screening_error": plot.screening_error or None,
                "finding": plot.finding or None,
            }
        )
    verdict = {
        "document_type": statement.document_type,
        "status": statement.status,
        "risk_level": statement.risk_level or None,
        "rule": statement.status_rule or None,
        "reasons": statement.status_reasons,
        "decided_by": decided_by(statement),
        "decided_at": iso_millis(statement.status_decided_at),
        "screened_at": iso_millis(statement.screened_at),
        "filed_on": on.isoformat(),
        "geolocation_confidential": statement.geolocation_confidential,
        # What the public record said when this was signed (compliance.public_record: the same
        # facts verify, the status page and the widget show); `status` above is the screening's.
        "public_record": statement_public_record(statement).signed_part(),
        "methodology": {
            "version": engine.METHODOLOGY_VERSION,
            "parameters": engine.METHODOLOGY_PARAMETERS,
            "circle": engine.CIRCLE_PARAMETERS,
            "document": "docs/risk-methodology.md",
        },
        "verdict_rules": VERDICT_RULES,
        "regulation": {
            "act": EUDR_AS_AMENDED,
            "country_benchmark": [benchmark_row(code, on) for code in sorted(countries)],
            "commodity_lines": [lines[key] for key in sorted(lines)],
        },
        "layers": engine.layers_provenance(layer_names),
        "plots": plot_rows,
    }
    return verdict, inputs, references


def statement_record_write(statement: DueDiligenceStatement) -> EvidenceRecord:
    verdict, inputs, references = statement_verdict_content(statement)
    return records.record_write(
        owner=statement.owner,
        livemode=statement.livemode,
        subject_kind=statement.document_type,
        subject_id=statement.dds_id,
        verdict=verdict,
        inputs=inputs,
        references=references,
        publishable=True,
        confidential=statement.geolocation_confidential,
    )


def statement_record_reissue(statement: DueDiligenceStatement) -> EvidenceRecord | None:
    """A new record of a statement whose public record changed, if it has a verdict to record
    (a statement still SUBMITTED has none yet: its first record comes with its verdict). Call
    in the transaction that made the change."""
    if statement.status not in VERDICT_STATUSES:
        return None
    return statement_record_write(statement)


def represented_records_reissue(*, owner_id: int) -> int:
    """New records for every live declaration `owner_id` filed as authorised representative:
    staff confirmed its organisation as representative, or withdrew that, which changes what
    each one's public record says. One short transaction per statement; returns how many."""
    written = 0
    ids = DueDiligenceStatement.objects.filter(
        owner_id=owner_id,
        livemode=True,
        operator_role=OperatorRole.AUTHORISED_REPRESENTATIVE,
        status__in=VERDICT_STATUSES,
    ).values_list("pk", flat=True)
    for pk in ids.iterator():
        with transaction.atomic():
            statement = DueDiligenceStatement.objects.select_for_update().get(pk=pk)
            written += statement_record_reissue(statement) is not None
            # Its cached verify answer said otherwise (no statement row changed to drop it).
            verification_forget(dds_id=statement.dds_id)
    return written
