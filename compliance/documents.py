"""The DDS as a PDF document."""

from __future__ import annotations

from django.db.models import Prefetch

from compliance.models import DDSCommodity, DDSPlot, DueDiligenceStatement
from eudr_service.lib.pdf import qr_svg_data_uri, render_pdf


def statement_with_details(queryset=None):
    """Statements with commodities, plots and history in four queries."""
    queryset = queryset if queryset is not None else DueDiligenceStatement.objects.all()
    return queryset.prefetch_related(
        Prefetch(
            "commodities",
            queryset=DDSCommodity.objects.prefetch_related(
                Prefetch("plots", queryset=DDSPlot.objects.order_by("position"))
            ),
        ),
        "history__changed_by",
    )


def dds_render_pdf(*, statement: DueDiligenceStatement) -> bytes:
    return render_pdf(
        template="compliance/dds_pdf.html",
        context={
            "statement": statement,
            "status": statement.effective_status(),
            "badge": statement.badge(),
            "commodities": statement.commodities.all(),
            "history": statement.history.all(),
            "qr": qr_svg_data_uri(statement.cert_url()),
        },
    )
