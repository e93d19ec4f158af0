"""The report's figures, each computed from the account's own records for one calendar year
(UTC). Nothing here is typed by anyone: a figure the data cannot give is not shown.

A figure is (section, group, code, value): "statements / by_status / COMPLIANT / 3". The
labels are looked up when the page is drawn (annual.labels), so the stored figures of a
published report read in either language.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, date, datetime, time
from typing import Any

from django.db.models import OuterRef, Subquery
from django.utils import timezone

from compliance.models import (
    DDSPlot,
    DDSStatus,
    DDSStatusChange,
    DueDiligenceStatement,
    FilingKind,
    PartnerKind,
    SubstantiatedConcern,
    TradingPartnerRecord,
)
from eu_filing.models import UpstreamReference
from regulation.commodities import UnknownCommodity, normalize_commodity
from suppliers.models import MandateStatus, Supplier, SupplierMandate

# The moves of a statement that record a step taken on a risk found (Article 11), or a
# statement taken back: the mitigation the data model can show.
MITIGATION_MOVES = (DDSStatus.UNDER_REVIEW, DDSStatus.AT_RISK, DDSStatus.NON_COMPLIANT, DDSStatus.WITHDRAWN)
NOT_ASSESSED = "not_assessed"
NOT_ANSWERED = "not_answered"


def year_bounds(year: int) -> tuple[datetime, datetime]:
    """[1 January 00:00 UTC, next 1 January 00:00 UTC)."""
    return datetime.combine(date(year, 1, 1), time(), UTC), datetime.combine(
        date(year + 1, 1, 1), time(), UTC
    )


def _commodity_code(name: str) -> str:
    try:
        return normalize_commodity(name).code
    except UnknownCommodity:
        return name


def _rows(section: str, group: str, counts: dict[str, int] | Counter) -> list[dict[str, Any]]:
    return [
        {"section": section, "group": group, "code": code, "value": value}
        for code, value in sorted(counts.items())
    ]


def filed_statements(*, owner: Any, year: int):
    """The account's live statements and declarations filed in `year` (a draft is not filed)."""
    start, end = year_bounds(year)
    return DueDiligenceStatement.objects.filter(
        owner=owner, livemode=True, created_at__gte=start, created_at__lt=end
    ).exclude(status=DDSStatus.DRAFT)


def _statement_figures(*, owner: Any, year: int, now: datetime) -> list[dict[str, Any]]:
    statements = list(
        filed_statements(owner=owner, year=year).only(
            "filing_kind", "status", "valid_until", "commodity", "country_of_production", "risk_level"
        )
    )
    kinds = Counter({FilingKind.DDS.value: 0, FilingKind.SIMPLIFIED.value: 0})
    kinds.update(statement.filing_kind for statement in statements)
    return [
        *_rows("statements", "filed", kinds),
        *_rows("statements", "by_status", Counter(s.effective_status(now) for s in statements)),
        *_rows("statements", "by_commodity", Counter(_commodity_code(s.commodity) for s in statements)),
        *_rows("statements", "by_country", Counter(s.country_of_production for s in statements)),
        *_rows("statements", "by_risk", Counter(s.risk_level or NOT_ASSESSED for s in statements)),
    ]


def _risk_figures(*, owner: Any, year: int) -> list[dict[str, Any]]:
    start, end = year_bounds(year)
    screened = DueDiligenceStatement.objects.filter(
        owner=owner, livemode=True, screened_at__gte=start, screened_at__lt=end
    ).count()
    plots = list(
        DDSPlot.objects.filter(commodity__statement__in=filed_statements(owner=owner, year=year)).values_list(
            "risk_level", "finding"
        )
    )
    assessed = [(level, finding) for level, finding in plots if level]
    return [
        *_rows("risk", "assessments", {"statements_screened": screened, "plots_assessed": len(assessed)}),
        *_rows("risk", "plots_by_risk", Counter(level for level, _ in assessed)),
        *_rows("risk", "plots_by_finding", Counter(finding for _, finding in assessed if finding)),
    ]


def _mitigation_figures(*, owner: Any, year: int) -> list[dict[str, Any]]:
    start, end = year_bounds(year)
    moves = DDSStatusChange.objects.filter(
        statement__owner=owner,
        statement__livemode=True,
        changed_at__gte=start,
        changed_at__lt=end,
        to_status__in=MITIGATION_MOVES,
    ).values_list("to_status", flat=True)
    counts = Counter({status.value: 0 for status in MITIGATION_MOVES})
    counts.update(moves)
    concerns = SubstantiatedConcern.objects.filter(
        owner=owner, livemode=True, received_on__gte=start.date(), received_on__lt=end.date()
    )
    return [
        *_rows("mitigation", "status_changes", counts),
        *_rows(
            "mitigation",
            "concerns",
            {
                "received": concerns.count(),
                "placing_withheld": concerns.filter(placing_withheld=True).count(),
                "authority_informed": concerns.filter(authority_informed=True).count(),
            },
        ),
    ]


def _supplier_figures(*, owner: Any, year: int) -> list[dict[str, Any]]:
    start, end = year_bounds(year)
    roster = Supplier.objects.filter(owner=owner, livemode=True, created_at__lt=end)
    # The newest mandate of a supplier is the one that counts (suppliers.models.SupplierMandate).
    newest = SupplierMandate.objects.filter(supplier=OuterRef("pk")).order_by("-created_at", "-id")
    active = roster.annotate(current=Subquery(newest.values("status")[:1])).filter(
        current=MandateStatus.ACTIVE
    )
    records = TradingPartnerRecord.objects.filter(
        owner=owner, livemode=True, consignment_date__gte=start.date(), consignment_date__lt=end.date()
    ).values_list("kind", flat=True)
    partners = Counter({PartnerKind.SUPPLIER.value: 0, PartnerKind.CUSTOMER.value: 0})
    partners.update(records)
    return [
        *_rows("suppliers", "roster", {"suppliers": roster.count(), "active_mandates": active.count()}),
        *_rows("suppliers", "partner_records", partners),
    ]


def _upstream_figures(*, owner: Any, year: int) -> list[dict[str, Any]]:
    start, end = year_bounds(year)
    results = list(
        UpstreamReference.objects.filter(owner=owner, created_at__gte=start, created_at__lt=end).values_list(
            "result", flat=True
        )
    )
    return [
        *_rows("upstream", "checks", {"recorded": len(results)}),
        *_rows("upstream", "by_result", Counter(result or NOT_ANSWERED for result in results)),
    ]


def annual_figures(*, owner: Any, year: int, now: datetime | None = None) -> list[dict[str, Any]]:
    """Every figure of the report, in the order the page shows them."""
    now = now or timezone.now()
    return [
        *_statement_figures(owner=owner, year=year, now=now),
        *_risk_figures(owner=owner, year=year),
        *_mitigation_figures(owner=owner, year=year),
        *_supplier_figures(owner=owner, year=year),
        *_upstream_figures(owner=owner, year=year),
    ]
