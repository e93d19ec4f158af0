"""The DDS as a PDF document: rendered once per statement version by a worker,
stored, and served from storage.

What the PDF shows is `dds_pdf_context`; how and when it is rendered is the
rest of this module. A rendering runs in a child process limited in memory
(PDF_RENDER_MEMORY_MB), time (PDF_RENDER_TIME_LIMIT_SECONDS) and pages
(BUDGET_PDF_MAX_PAGES); a statement over a limit gets a failed document naming
the limit, never an unbounded rendering.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.db.models import Prefetch, Q
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import pgettext_lazy

from compliance.labels import RISK_TEXTS, RULE_TEXTS, STATUS_TEXTS, history_reason_label
from compliance.models import (
    DDSCommodity,
    DDSDocument,
    DDSPlot,
    DDSProducer,
    DocumentStatus,
    DueDiligenceStatement,
)
from compliance.plot_map import BILINGUAL, statement_map_svg
from eudr_service.lib.background import Lease, send, sweep
from eudr_service.lib.i18n import by_language
from eudr_service.lib.jobs import row_wait
from eudr_service.lib.pdf import RenderRefused, qr_svg_data_uri, render_pdf_bounded
from evidence.records import keys_url
from regulation.commodities import polish_name

logger = logging.getLogger(__name__)
TEMPLATE = "compliance/dds_pdf.html"
# A simplified declaration is its own document (Annex III), never a DDS (Annex II).
SD_TEMPLATE = "compliance/sd_pdf.html"


def pdf_template(statement: DueDiligenceStatement) -> str:
    return SD_TEMPLATE if statement.is_simplified else TEMPLATE


MAX_RENDER_ATTEMPTS = 3
RENDER_TASK = "compliance.render_dds_pdf"


def statement_with_details(queryset=None):
    """Statements with commodities, their producers, plots and history in six queries."""
    queryset = queryset if queryset is not None else DueDiligenceStatement.objects.all()
    return queryset.prefetch_related(
        Prefetch(
            "commodities",
            queryset=DDSCommodity.objects.prefetch_related(
                Prefetch("plots", queryset=DDSPlot.objects.order_by("position")),
                Prefetch("producers", queryset=DDSProducer.objects.prefetch_related("plots")),
            ),
        ),
        "history__changed_by",
    )


def both(table: dict[str, dict[str, str]], key: str) -> str:
    """A value in both of the document's languages, "złożona / submitted"; the key if unknown."""
    if not key:
        return ""
    polish, english = table["pl"].get(key, key), table["en"].get(key, key)
    return polish if polish == english else f"{polish} / {english}"


def history_reason(reason: str) -> str:
    """A status change's reason in both languages (compliance.labels); one typed by a person as typed."""
    with translation.override("pl"):
        polish = history_reason_label(reason)
    with translation.override("en"):
        english = history_reason_label(reason)
    return polish if polish == english else f"{polish} / {english}"


def commodity_names(code: str) -> str:
    """The one name of a commodity used throughout the document: Polish / English."""
    try:
        polish = polish_name(code)
    except Exception:  # an unknown code is shown as stored
        return code
    english = code.replace("_", " ")
    return polish if polish == english else f"{polish} / {english}"


# What the PDFs say around the plot tables, in both languages side by side.
PDF_TEXTS = by_language(
    {
        # Under a plot table: each mark of its rule column ("R1") and the rule it stands for.
        "rules": pgettext_lazy("dds pdf", "Rules in the table"),
    }
)
# The statement's activity (V3 activityType) in words, not its code.
ACTIVITY_TEXTS = by_language(
    {
        "domestic": pgettext_lazy("dds pdf activity", "placing on the market (domestic)"),
        "import": pgettext_lazy("dds pdf activity", "import"),
        "export": pgettext_lazy("dds pdf activity", "export"),
    }
)


# A statement with more plots lists them a line each instead of in tables (the template says why).
PLOT_TABLE_MAX_PLOTS = 50


def plot_numbers(numbers: list[int], prefix: str = "") -> str:
    """Plot numbers as a reader scans them, runs of three or more as a range:
    "1–40, 42, 45, 46"; `prefix` numbers them within a product ("2.1–2.40")."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    parts: list[str] = []
    for run in runs:
        if len(run) >= 3:
            parts.append(f"{prefix}{run[0]}–{prefix}{run[-1]}")
        else:
            parts += [f"{prefix}{number}" for number in run]
    return ", ".join(parts)


def dds_pdf_context(*, statement: DueDiligenceStatement) -> dict[str, Any]:
    status = statement.effective_status()
    commodities = list(statement.commodities.all())
    several_products = len(commodities) > 1
    # A plot's rule is a sentence in two languages: written out in every row it made each
    # row several lines tall (and most of the layout's time), so a row carries a mark
    # ("R1") and the plots are followed by what their marks stand for.
    rule_marks: dict[str, str] = {}
    plot_count = sum(len(line.plots.all()) for line in commodities)
    for number, line in enumerate(commodities, start=1):
        line.name_both = commodity_names(line.code)
        line.producer_rows = line.producer_rows()
        for producer in line.producer_rows:
            producer["numbers"] = plot_numbers(producer["plots"], f"{number}." if several_products else "")
        # The statement's plots, not the line's: the cost is every row of every table.
        line.plots_listed = plot_count > PLOT_TABLE_MAX_PLOTS
        line_marks: dict[str, str] = {}
        for plot in line.plots.all():
            plot.risk_both = both(RISK_TEXTS, plot.risk_level)
            plot.finding_both = both(RULE_TEXTS, plot.finding)
            if plot.finding_both:
                plot.finding_mark = rule_marks.setdefault(plot.finding_both, f"R{len(rule_marks) + 1}")
                line_marks[plot.finding_mark] = plot.finding_both
        line.rule_marks = list(line_marks.items())
    history = list(statement.history.all())
    for change in history:
        change.from_both = both(STATUS_TEXTS, change.from_status)
        change.to_both = both(STATUS_TEXTS, change.to_status)
        change.rule_both = both(RULE_TEXTS, change.rule)
        change.reason_both = history_reason(change.reason)
    evidence = statement.evidence()
    # The findings behind the rule, by the marks the plot tables explain ("R1 (3)"); a
    # finding no plot carries (a product without plots) in words. Never the code.
    reasons = [
        {
            "text": rule_marks.get(both(RULE_TEXTS, reason["code"])) or both(RULE_TEXTS, reason["code"]),
            "count": reason["count"],
        }
        for reason in evidence["reasons"] or []
    ]
    return {
        "statement": statement,
        "status": status,
        "status_both": both(STATUS_TEXTS, status),
        "risk_both": both(RISK_TEXTS, statement.risk_level),
        "rule_both": both(RULE_TEXTS, evidence["rule"] or ""),
        "reasons": reasons,
        "badge": statement.badge(),
        # The same rule as the public record: verified and valid only while COMPLIANT
        # with a confirmed operator; EXPIRED shows when it lapsed.
        "validity": statement.public_validity(identity_confirmed=statement.operator_identity_confirmed()),
        "commodities": commodities,
        "several_products": several_products,
        "rules_both": both(PDF_TEXTS, "rules"),
        "activity_both": both(ACTIVITY_TEXTS, statement.activity),
        "history": history,
        "qr": qr_svg_data_uri(statement.cert_url()),
        "evidence_qr": _evidence_qr(evidence["record"]),
        "methodology_url": f"{settings.PUBLIC_BASE_URL}/methodology",
        "keys_url": keys_url(),
        "plot_map": statement_map_svg(statement=statement, lang=BILINGUAL, width=640, height=380),
    }


def _evidence_qr(record: dict[str, Any] | None) -> str:
    """A QR code to the verdict's evidence record: its public form, or the owner's for a
    test statement (never public)."""
    if record is None:
        return ""
    return qr_svg_data_uri(record["public_url"] or record["url"])


def dds_pdf_version(*, statement: DueDiligenceStatement) -> str:
    """What makes one PDF differ from another: the statement's last change, its
    status as shown today (EXPIRED is computed, not stored) and whether its operator
    is confirmed (staff verify organisations without touching the statement)."""
    key = (
        f"{statement.pk}|{statement.updated_at.isoformat()}|{statement.effective_status()}"
        f"|{statement.operator_identity_confirmed()}"
    )
    if statement.is_simplified:
        # Declarations rendered once on the DDS layout get their own document.
        key += f"|{SD_TEMPLATE}"
    return hashlib.sha256(key.encode()).hexdigest()[:32]


class PdfSize:
    """How a request gets a statement's PDF, by its number of plots."""

    INLINE = "inline"  # rendered by the request itself
    WAIT = "wait"  # rendered by a worker while the request waits
    ASYNC = "async"  # rendered by a worker; the request answers 202


def dds_pdf_size(*, statement: DueDiligenceStatement) -> str:
    plots = DDSPlot.objects.filter(commodity__statement=statement).count()
    if plots > settings.DDS_PDF_SYNC_MAX_PLOTS:
        return PdfSize.ASYNC
    return PdfSize.INLINE if plots <= settings.DDS_PDF_INLINE_MAX_PLOTS else PdfSize.WAIT


def dds_pdf_request(*, statement: DueDiligenceStatement, send: bool = True) -> DDSDocument:
    """The document of the statement's current version, queued for a worker if new.

    The row is committed before the task is sent (the API's views run in
    autocommit, so the worker finds it); a message lost to a broker outage, or
    sent while a caller's transaction hid the row, is sent again by
    `dds_documents_maintain`. With `send=False` no message is sent: the caller
    renders it (dds_pdf_render_here), and maintenance sends one if it never does."""

    version = dds_pdf_version(statement=statement)
    document = DDSDocument.objects.filter(statement=statement, version=version).first()
    return document or _document_create(statement=statement, version=version, send=send)


def _document_create(
    *, statement: DueDiligenceStatement, version: str, send: bool, awaited: bool = False
) -> DDSDocument:
    try:
        with transaction.atomic():
            document = DDSDocument.objects.create(statement=statement, version=version)
    except IntegrityError:  # a concurrent request created it first
        return DDSDocument.objects.get(statement=statement, version=version)
    if send:
        _send(document, awaited=awaited)
    return document


def dds_pdf_obtain(*, statement: DueDiligenceStatement, prefer_async: bool = False) -> DDSDocument:
    """The document of the statement's current version, rendered first if there is
    none: by the request itself for a small statement (DDS_PDF_INLINE_MAX_PLOTS), by a
    worker while the request waits a little for a larger one (DDS_PDF_SYNC_MAX_PLOTS).
    Unfinished when the wait ran out, the statement is larger still, or with
    `prefer_async`: a worker has it, and the caller answers that it is pending."""
    version = dds_pdf_version(statement=statement)
    document = DDSDocument.objects.filter(statement=statement, version=version).first()
    # Served from storage without counting plots: the count only picks how to render.
    if document is not None and document.is_finished:
        return document
    size = PdfSize.ASYNC if prefer_async else dds_pdf_size(statement=statement)
    if document is None:
        document = _document_create(
            statement=statement, version=version, send=size != PdfSize.INLINE, awaited=size == PdfSize.WAIT
        )
    if document.is_finished or size == PdfSize.ASYNC:
        return document
    if size == PdfSize.INLINE:
        return dds_pdf_render_here(document=document, time_limit=settings.DDS_PDF_SYNC_TIMEOUT_SECONDS)
    return dds_pdf_wait(document=document, timeout=settings.DDS_PDF_SYNC_TIMEOUT_SECONDS)


def _send(document: DDSDocument, *, awaited: bool = False) -> None:
    """Queue the render; `awaited` when a request waits for it (it then keeps its
    priority; see PDF_RENDER_NICE)."""
    send(RENDER_TASK, document.pk, awaited)


def dds_pdf_render_here(*, document: DDSDocument, time_limit: float) -> DDSDocument:
    """Render a small statement's PDF in this process, for a request that would
    otherwise wait for a worker: the same render (a bounded child process), without
    the queue in front of it. A document another process is rendering is waited
    for; one that takes longer than `time_limit` is handed to the workers (whose
    limit is longer) and answered as pending."""
    # Only a document nobody tried yet: one handed over to the workers stays theirs,
    # or every poll would render it again in a web process until its limit.
    if not _claim(document_id=document.pk, first_attempt=True):
        return dds_pdf_wait(document=document, timeout=time_limit)
    if not _render_claimed(document_id=document.pk, time_limit=time_limit, hand_over=True):
        _send(document)
    document.refresh_from_db()
    return document


def dds_pdf_wait(*, document: DDSDocument, timeout: float) -> DDSDocument:
    return row_wait(row=document, fields=["status", "file", "error", "limit", "finished_at"], timeout=timeout)


def _render_lease() -> Lease:
    # A render outliving its child's time limit and a margin had its worker die.
    return Lease(
        started="started_at", seconds=settings.PDF_RENDER_TIME_LIMIT_SECONDS + 60, attempts="render_attempts"
    )


def _claim(*, document_id: int, first_attempt: bool = False) -> bool:
    """Move a document to rendering; False if it is not ours (done, failed, or
    being rendered by a live process; with `first_attempt`, also once tried)."""
    rows = DDSDocument.objects.filter(pk=document_id)
    if first_attempt:
        waiting = Q(status=DocumentStatus.QUEUED, render_attempts=0)
        return _render_lease().take(rows, waiting=waiting, status=DocumentStatus.RENDERING)
    return _render_lease().take(
        rows,
        waiting=Q(status=DocumentStatus.QUEUED),
        held=Q(status=DocumentStatus.RENDERING),
        status=DocumentStatus.RENDERING,
    )


def dds_pdf_render(*, document_id: int, awaited: bool = False) -> None:
    if _claim(document_id=document_id):
        _render_claimed(
            document_id=document_id,
            time_limit=settings.PDF_RENDER_TIME_LIMIT_SECONDS,
            nice=0 if awaited else settings.PDF_RENDER_NICE,
        )


def _render_claimed(*, document_id: int, time_limit: float, hand_over: bool = False, nice: int = 0) -> bool:
    """Render a document this process claimed, `nice` steps nicer than this process;
    False when `hand_over` and it ran past `time_limit` (it is queued again for a
    worker, not failed)."""
    document = DDSDocument.objects.select_related("statement").get(pk=document_id)
    statement = statement_with_details(DueDiligenceStatement.objects.filter(pk=document.statement_id)).get()
    html = render_to_string(pdf_template(statement), dds_pdf_context(statement=statement))
    try:
        pdf = render_pdf_bounded(
            html=html,
            max_pages=settings.BUDGET_PDF_MAX_PAGES,
            memory_mb=settings.PDF_RENDER_MEMORY_MB,
            time_limit=time_limit,
            nice=nice,
        )
    except RenderRefused as exc:
        if hand_over and exc.limit == "PDF_RENDER_TIME_LIMIT_SECONDS":
            DDSDocument.objects.filter(pk=document.pk).update(status=DocumentStatus.QUEUED, started_at=None)
            return False
        _mark_failed(document, error=f"The PDF was not rendered: {exc} ({exc.limit}).", limit=exc.limit)
        return True
    except Exception:
        logger.exception("PDF of %s failed to render", statement.dds_id)
        _mark_failed(document, error="The PDF could not be rendered; please try again later.", limit="")
        return True
    name = document.file.storage.save(f"dds/{statement.dds_id}-{document.version}.pdf", ContentFile(pdf))
    document.file.name = name
    document.status = DocumentStatus.DONE
    document.finished_at = timezone.now()
    document.save(update_fields=["file", "status", "finished_at"])
    _remove_older_versions(document)
    return True


def _mark_failed(document: DDSDocument, *, error: str, limit: str) -> None:
    document.status = DocumentStatus.FAILED
    document.error = error[:300]
    document.limit = limit
    document.finished_at = timezone.now()
    document.save(update_fields=["status", "error", "limit", "finished_at"])


def _remove_older_versions(document: DDSDocument) -> None:
    """Only the current version is kept: storage holds one PDF per statement."""
    for old in DDSDocument.objects.filter(statement_id=document.statement_id).exclude(pk=document.pk):
        if old.file:
            old.file.delete(save=False)
        old.delete()


def dds_documents_maintain(*, now: Any = None) -> dict[str, int]:
    """Periodic: send again documents whose message was lost or whose worker died."""
    now = now or timezone.now()
    lease = _render_lease()
    lost = DDSDocument.objects.filter(status=DocumentStatus.QUEUED, created_at__lt=now - timedelta(minutes=2))
    dead = DDSDocument.objects.filter(lease.expired(now=now), status=DocumentStatus.RENDERING)
    abandoned = lease.give_up(
        dead,
        max_attempts=MAX_RENDER_ATTEMPTS,
        status=DocumentStatus.FAILED,
        finished_at=now,
        error="The PDF did not finish rendering; please try again later.",
    )
    return {"requeued": sweep(RENDER_TASK, lost, dead), "abandoned": abandoned}
