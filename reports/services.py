"""CSRD report lifecycle: record the request, render it in a worker, store the PDF,
wait for it, and remove it after the retention period."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from eudr_service.lib.background import Lease, enqueue, sweep
from eudr_service.lib.jobs import row_wait
from eudr_service.lib.pdf import RenderRefused
from eudr_service.lib.timestamps import iso_millis
from reports.builder import ReportDataError, csrd_content_build
from reports.labels import RENDER_FAILED, RENDER_TOO_LARGE, RENDER_TOO_LONG, RENDER_UNFINISHED
from reports.models import CsrdReport, ReportStatus
from reports.rendering import csrd_pdf_compose
from webhooks.services import event_emit

logger = logging.getLogger(__name__)


def csrd_report_create(*, owner: Any, data: dict[str, Any], livemode: bool = True) -> CsrdReport:
    """Record the request, then enqueue its rendering once the row is committed:
    the work is on record before it is attempted, and a worker never looks for a
    row it cannot see yet. `livemode=False` records a test report (a sandbox key)."""
    report = CsrdReport.objects.create(
        owner=owner,
        company_name=data["company_name"],
        report_year=data["report_year"],
        lang=data["lang"],
        supplier_count=len(data["suppliers"]),
        payload=data,
        livemode=livemode,
    )
    # A broker outage must not fail the request; maintenance re-enqueues it.
    enqueue(RENDER_TASK, report.pk)
    return report


def csrd_pdf_render(*, report: CsrdReport) -> bytes:
    return csrd_pdf_compose(context=csrd_content_build(report=report))


RENDER_TASK = "reports.render_csrd_report"


def _render_lease() -> Lease:
    # A rendering older than the task's hard time limit has no live worker any more.
    return Lease(
        started="started_at", seconds=settings.CSRD_TASK_TIME_LIMIT_SECONDS, attempts="render_attempts"
    )


def csrd_report_claim(*, report_id: int) -> CsrdReport | None:
    """Move a report to rendering; None if it is not ours to render.

    Idempotent under redelivery: a finished report is never redone, and a report
    another worker is rendering is left alone unless that attempt outlived the task's
    hard time limit (the worker died)."""
    claimed = _render_lease().take(
        CsrdReport.objects.filter(pk=report_id),
        waiting=Q(status=ReportStatus.QUEUED),
        held=Q(status=ReportStatus.RENDERING),
        status=ReportStatus.RENDERING,
        error="",
    )
    return CsrdReport.objects.get(pk=report_id) if claimed else None


def csrd_report_render(*, report_id: int) -> None:
    report = csrd_report_claim(report_id=report_id)
    if report is None:
        return
    try:
        pdf = csrd_pdf_render(report=report)
    except ReportDataError as exc:
        csrd_report_mark_failed(report=report, error=str(exc))
        return
    except RenderRefused as exc:
        logger.warning("CSRD report %s not rendered: %s (%s)", report.public_id, exc, exc.limit)
        too_long = exc.limit == "PDF_RENDER_TIME_LIMIT_SECONDS"
        csrd_report_mark_failed(report=report, error=RENDER_TOO_LONG if too_long else RENDER_TOO_LARGE)
        return
    except Exception:
        logger.exception("CSRD report %s failed to render", report.public_id)
        csrd_report_mark_failed(report=report, error=RENDER_FAILED)
        return
    csrd_report_mark_done(report=report, pdf=pdf)


def csrd_report_mark_done(*, report: CsrdReport, pdf: bytes) -> None:
    """The one place a report becomes available to its owner.

    The `csrd.report_ready` event is written in the same transaction (outbox),
    so it exists exactly when the report is done."""
    name = report.file.storage.save(f"csrd/{report.public_id}.pdf", ContentFile(pdf))
    with transaction.atomic():
        report.file.name = name
        report.status = ReportStatus.DONE
        report.finished_at = timezone.now()
        report.error = ""
        report.save(update_fields=["file", "status", "finished_at", "error"])
        event_emit(
            owner=report.owner,
            livemode=report.livemode,
            event_type="csrd.report_ready",
            data={
                "report_id": str(report.public_id),
                "company_name": report.company_name,
                "report_year": report.report_year,
                "lang": report.lang,
                "download_url": f"{settings.PUBLIC_BASE_URL}/api/csrd/reports/{report.public_id}/pdf",
                "ready_at": iso_millis(report.finished_at),
                "livemode": report.livemode,
            },
        )


def csrd_report_mark_failed(*, report: CsrdReport, error: str) -> None:
    report.status = ReportStatus.FAILED
    report.finished_at = timezone.now()
    report.error = error[:500]
    report.save(update_fields=["status", "finished_at", "error"])


def csrd_report_wait(*, report: CsrdReport, timeout: float) -> CsrdReport:
    """The report once finished, or as it is after `timeout` seconds."""
    return row_wait(
        row=report, fields=["status", "file", "error", "started_at", "finished_at"], timeout=timeout
    )


MAX_RENDER_ATTEMPTS = 3


def csrd_reports_maintain(*, now: Any = None) -> dict[str, int]:
    """Periodic housekeeping: remove PDFs past retention, re-enqueue reports whose
    message was lost, fail renderings that can no longer finish."""
    now = now or timezone.now()
    expired = 0
    cutoff = now - timedelta(days=settings.CSRD_RETENTION_DAYS)
    for report in CsrdReport.objects.filter(status=ReportStatus.DONE, finished_at__lt=cutoff).iterator():
        if report.file:
            report.file.delete(save=False)
        report.status = ReportStatus.EXPIRED
        report.save(update_fields=["file", "status"])
        expired += 1
    lease = _render_lease()
    lost = CsrdReport.objects.filter(
        status=ReportStatus.QUEUED, created_at__lt=now - timedelta(seconds=lease.seconds)
    )
    # A rendering older than the task's hard time limit has no live worker any
    # more (it was killed): render it again, up to MAX_RENDER_ATTEMPTS times.
    dead = CsrdReport.objects.filter(lease.expired(now=now), status=ReportStatus.RENDERING)
    abandoned = lease.give_up(
        dead,
        max_attempts=MAX_RENDER_ATTEMPTS,
        status=ReportStatus.FAILED,
        finished_at=now,
        error=RENDER_UNFINISHED,
    )
    return {"expired": expired, "requeued": sweep(RENDER_TASK, lost, dead), "abandoned": abandoned}
