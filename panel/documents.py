"""The account's due diligence statements, simplified declarations and CSRD reports.

Read-only pages over the compliance and reports models; the PDFs are the
API's own endpoints (they accept the panel's session cookie), linked only
when the plan includes the feature, so nobody is sent to a bare 403.
"""

from __future__ import annotations

from uuid import UUID

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from accounts.models import Plan
from compliance.labels import RISK_LABELS, RULE_LABELS, history_reason_label, label
from compliance.models import DueDiligenceStatement
from compliance.plot_map import statement_map_svg
from eu_filing.labels import EU_STATUS_LABELS, eu_error_view
from eu_filing.models import EuSubmission
from eu_filing.outbox import eu_contingency
from euis.quantities import quantity_text
from panel.paging import keyset_page
from regulation.commodities import commodity_label
from reports.labels import report_error_label
from reports.models import CsrdReport, ReportStatus

PAGE_SIZE = 50

STATUS_LABELS = {
    "DRAFT": _("Draft"),
    "SUBMITTED": _("Submitted"),
    "UNDER_REVIEW": _("Under review"),
    "COMPLIANT": _("Compliant"),
    "AT_RISK": _("At risk"),
    "NON_COMPLIANT": _("Non-compliant"),
    "WITHDRAWN": _("Withdrawn"),
    "EXPIRED": _("Expired"),
}
BADGE_LABELS = {
    "verified": _("verified"),
    "in_progress": _("verification in progress"),
    "none": _("no verification"),
}
KIND_LABELS = {
    "due_diligence_statement": _("Due diligence statement"),
    "simplified_declaration": _("Simplified declaration"),
}
REPORT_STATUS_LABELS = {
    ReportStatus.QUEUED: _("queued"),
    ReportStatus.RENDERING: _("rendering"),
    ReportStatus.DONE: _("ready"),
    ReportStatus.FAILED: _("failed"),
    ReportStatus.EXPIRED: _("removed after the retention period"),
}


def _plans_with(feature: str) -> list[str]:
    return [plan.name for plan in Plan.objects.all() if plan.has_feature(feature)]


def _statement_row(statement: DueDiligenceStatement) -> dict:
    status = statement.effective_status()
    return {
        "statement": statement,
        "status": status,
        "status_label": STATUS_LABELS.get(status, status),
        "badge": statement.badge(),
        "badge_label": BADGE_LABELS[statement.badge()],
        "kind_label": KIND_LABELS[statement.document_type],
        "commodity_label": commodity_label(statement.commodity),
    }


@login_required
@require_safe  # a page, no form: POST answers 405 (tests/security/test_route_walk.py)
def statements(request: HttpRequest) -> HttpResponse:
    # The panel acts in live mode: test (sandbox) statements are for test keys only.
    queryset = DueDiligenceStatement.objects.filter(owner=request.user, livemode=True)
    page = keyset_page(queryset, request.GET, size=PAGE_SIZE)
    context = {
        "page": page,
        "rows": [_statement_row(statement) for statement in page.rows],
        "pdf_allowed": request.user.plan.has_feature("dds"),
        "pdf_plans": _plans_with("dds"),
    }
    return render(request, "panel/statements.html", context)


def statement_lines(statement: DueDiligenceStatement) -> list:
    """The statement's commodity lines with their producers and which plots each produced."""
    lines = list(statement.commodities.prefetch_related("plots", "producers__plots").order_by("position"))
    for line in lines:
        line.producer_table = line.producer_rows()
        # Each quantity with its own unit, in the reader's number form (never "12000,000 kg").
        line.net_mass_text = quantity_text(line.net_mass_kg, "kg")
        line.supplementary_text = quantity_text(line.supplementary_unit, line.supplementary_unit_qualifier)
    return lines


@login_required
@require_safe  # a page, no form: POST answers 405 (tests/security/test_route_walk.py)
def statement_detail(request: HttpRequest, dds_id: str) -> HttpResponse:
    statement = get_object_or_404(
        DueDiligenceStatement, owner=request.user, dds_id=dds_id.upper(), livemode=True
    )
    confirmed = statement.operator_identity_confirmed()
    eu = EuSubmission.objects.filter(statement=statement).first()
    context = {
        "statement": statement,
        "identity_confirmed": confirmed,
        # What the public sees (the status history keeps when it was verified before).
        "validity": statement.public_validity(identity_confirmed=confirmed),
        "row": _statement_row(statement),
        "history": [
            {
                "change": change,
                "from_label": STATUS_LABELS.get(change.from_status, change.from_status),
                "to_label": STATUS_LABELS.get(change.to_status, change.to_status),
                "reason": history_reason_label(change.reason),
            }
            for change in statement.history.order_by("changed_at", "id")
        ],
        "rule_label": label(RULE_LABELS, statement.status_rule),
        "risk_label": label(RISK_LABELS, statement.risk_level),
        "commodity_label": commodity_label(statement.commodity),
        "eu_error": eu_error_view(eu) if eu else None,
        "eu_status_label": label(EU_STATUS_LABELS, eu.eu_status) if eu else "",
        "eu": eu,
        "eu_contingency": eu_contingency(eu) if eu else None,
        "pdf_allowed": request.user.plan.has_feature("dds"),
        "pdf_plans": _plans_with("dds"),
        "plot_map": statement_map_svg(statement=statement, lang=(get_language() or "pl")[:2]),
        "lines": statement_lines(statement),
        # The latest verdict's signed record (docs/evidence.md): its owner's and public addresses.
        "evidence_record": statement.evidence()["record"],
    }
    return render(request, "panel/statement_detail.html", context)


def _report_row(report: CsrdReport) -> dict:
    return {
        "report": report,
        "status_label": REPORT_STATUS_LABELS.get(report.status, report.status),
        "downloadable": report.status == ReportStatus.DONE,
    }


@login_required
@require_safe  # a page, no form: POST answers 405 (tests/security/test_route_walk.py)
def reports(request: HttpRequest) -> HttpResponse:
    # The panel acts in live mode: test reports are for test keys only.
    queryset = CsrdReport.objects.filter(owner=request.user, livemode=True)
    page = keyset_page(queryset, request.GET, size=PAGE_SIZE)
    context = {
        "page": page,
        "rows": [_report_row(report) for report in page.rows],
        "csrd_allowed": request.user.plan.has_feature("csrd"),
        "csrd_plans": _plans_with("csrd"),
    }
    return render(request, "panel/reports.html", context)


@login_required
@require_safe  # a page, no form: POST answers 405 (tests/security/test_route_walk.py)
def report_detail(request: HttpRequest, report_id: UUID) -> HttpResponse:
    report = get_object_or_404(CsrdReport, owner=request.user, public_id=report_id, livemode=True)
    context = {
        "report": report,
        "row": _report_row(report),
        "error": report_error_label(report.error),
        "csrd_allowed": request.user.plan.has_feature("csrd"),
        "csrd_plans": _plans_with("csrd"),
    }
    return render(request, "panel/report_detail.html", context)
