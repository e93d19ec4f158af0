"""Annual reports: open one for a year, let the operator write its parts, publish it (the
figures are frozen then), and render its PDF in a worker."""

from __future__ import annotations

import hashlib
import json
import logging
from datetime import date, datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.template.loader import render_to_string
from django.utils import timezone

from accounts.models import Organisation
from annual.figures import annual_figures
from annual.labels import TEXTS, labelled_sections
from annual.models import AnnualReport, AnnualReportDocument, DocumentStatus, SystemReview
from compliance.downstream import organisation_roles_get
from eudr_service.lib.background import Lease, send, sweep
from eudr_service.lib.jobs import row_wait
from eudr_service.lib.pdf import RenderRefused, render_pdf_bounded
from regulation.reporting import ANNUAL_PUBLIC_REPORT, annual_report_required
from regulation.roles import OrganisationRole

logger = logging.getLogger(__name__)
PDF_TEMPLATE = "annual/pdf.html"
MAX_RENDER_ATTEMPTS = 3


def annual_report_open(*, owner: Any, year: int) -> AnnualReport:
    """The account's report of `year`, created empty the first time."""
    try:
        with transaction.atomic():
            report, _ = AnnualReport.objects.get_or_create(owner=owner, year=year)
    except IntegrityError:  # a concurrent request created it first
        report = AnnualReport.objects.get(owner=owner, year=year)
    return report


def annual_report_texts_set(
    *, report: AnnualReport, system_description: str, steps_taken: str
) -> AnnualReport:
    report.system_description = system_description
    report.steps_taken = steps_taken
    report.save(update_fields=["system_description", "steps_taken", "updated_at"])
    return report


def system_review_record(*, owner: Any, reviewed_on: date, reviewer: str, summary: str) -> SystemReview:
    return SystemReview.objects.create(
        owner=owner, reviewed_on=reviewed_on, reviewer=reviewer, summary=summary
    )


def _reviews(*, owner: Any, year: int) -> list[dict[str, str]]:
    rows = SystemReview.objects.filter(owner=owner, reviewed_on__year=year).order_by("reviewed_on", "id")
    return [
        {"reviewed_on": row.reviewed_on.isoformat(), "reviewer": row.reviewer, "summary": row.summary}
        for row in rows
    ]


def annual_report_snapshot(*, report: AnnualReport, now: datetime | None = None) -> dict[str, Any]:
    """What the report states from the records now: its figures and the year's reviews."""
    now = now or timezone.now()
    return {
        "figures": annual_figures(owner=report.owner, year=report.year, now=now),
        "reviews": _reviews(owner=report.owner, year=report.year),
        "system_description": report.system_description,
        "steps_taken": report.steps_taken,
        "computed_at": now.isoformat(),
    }


def annual_report_publish(*, report: AnnualReport, now: datetime | None = None) -> AnnualReport:
    """Freeze the report as it is now (figures, reviews and the operator's texts) and open
    the public page. Publishing again refreshes it (new records, corrected texts)."""
    now = now or timezone.now()
    report.figures = annual_report_snapshot(report=report, now=now)
    report.figures_at = now
    report.published_at = now
    report.save(update_fields=["figures", "figures_at", "published_at", "updated_at"])
    return report


def annual_report_unpublish(*, report: AnnualReport) -> AnnualReport:
    report.published_at = None
    report.save(update_fields=["published_at", "updated_at"])
    return report


def annual_report_find_public(*, public_id: str) -> AnnualReport | None:
    return AnnualReport.objects.filter(public_id=public_id, published_at__isnull=False).first()


def annual_report_public_url(*, report: AnnualReport, lang: str = "pl") -> str:
    url = f"{settings.PUBLIC_BASE_URL}/annual-report/{report.public_id}/"
    return url if lang == "pl" else f"{url}?lang={lang}"


def _operator_name(owner: Any) -> str:
    """The account's own organisation verified by staff first (the earliest); its name is public anyway
    (it is the operator reporting)."""
    organisation = (
        Organisation.objects.filter(account=owner)
        .order_by(F("verified_at").asc(nulls_last=True), "id")
        .first()
    )
    return organisation.name if organisation else ""


def annual_report_duty(*, owner: Any) -> str:
    """ "applies", "voluntary" (an SME) or "unknown" (no roles said) for Article 12(3)."""
    roles = organisation_roles_get(account=owner)
    if not roles.roles:
        return "unknown"
    required = annual_report_required(
        is_operator=OrganisationRole.OPERATOR in roles.roles, is_sme=roles.is_sme
    )
    return "applies" if required else "voluntary"


def annual_report_content(*, report: AnnualReport, lang: str, now: datetime | None = None) -> dict[str, Any]:
    """What the public page and the PDF show: the published snapshot once published, the
    records and texts as they are now before (annual_report_draft_content: the working copy)."""
    snapshot = report.figures if report.is_published else annual_report_snapshot(report=report, now=now)
    return _content(report=report, snapshot=snapshot, lang=lang)


def annual_report_draft_content(*, report: AnnualReport, lang: str) -> dict[str, Any]:
    """The working copy: the records and the texts as they are now, published or not."""
    content = _content(report=report, snapshot=annual_report_snapshot(report=report), lang=lang)
    content["published"] = False
    return content


def _content(*, report: AnnualReport, snapshot: dict[str, Any], lang: str) -> dict[str, Any]:
    start, end = report.period
    return {
        "lang": lang,
        "t": TEXTS[lang],
        "report": report,
        "year": report.year,
        "period_start": start,
        "period_end": end,
        "operator_name": _operator_name(report.owner),
        "duty": annual_report_duty(owner=report.owner),
        "duty_article": ANNUAL_PUBLIC_REPORT.article,
        "sections": labelled_sections(snapshot["figures"], lang),
        "reviews": snapshot["reviews"],
        "computed_at": datetime.fromisoformat(snapshot["computed_at"]),
        "published": report.is_published,
        "system_description": snapshot["system_description"],
        "steps_taken": snapshot["steps_taken"],
    }


def _version(content: dict[str, Any]) -> str:
    shown = {
        "sections": content["sections"],
        "reviews": content["reviews"],
        "texts": [content["system_description"], content["steps_taken"], content["operator_name"]],
        "duty": content["duty"],
        "published": content["published"],
    }
    return hashlib.sha256(json.dumps(shown, sort_keys=True, default=str).encode()).hexdigest()[:32]


def annual_pdf_request(*, report: AnnualReport, lang: str) -> AnnualReportDocument:
    """The PDF of what the report shows now in `lang`, queued for a worker if new."""
    version = _version(annual_report_content(report=report, lang=lang))
    try:
        with transaction.atomic():
            document, created = AnnualReportDocument.objects.get_or_create(
                report=report, lang=lang, version=version
            )
    except IntegrityError:
        return AnnualReportDocument.objects.get(report=report, lang=lang, version=version)
    if created:
        _send(document)
    return document


def annual_pdf_obtain(*, report: AnnualReport, lang: str, prefer_async: bool = False) -> AnnualReportDocument:
    """Record, enqueue, wait a little (DDS_PDF_SYNC_TIMEOUT_SECONDS), else the caller answers 202."""
    document = annual_pdf_request(report=report, lang=lang)
    if document.is_finished or prefer_async:
        return document
    return row_wait(
        row=document,
        fields=["status", "file", "error", "finished_at"],
        timeout=settings.DDS_PDF_SYNC_TIMEOUT_SECONDS,
    )


RENDER_TASK = "annual.render_report_pdf"


def _send(document: AnnualReportDocument) -> None:
    # The row is committed by now (the API's views run in autocommit; the get_or_create's own
    # atomic block has closed): sent at once. A broker outage leaves it to maintenance.
    send(RENDER_TASK, document.pk)


def _render_lease() -> Lease:
    # A render outliving its child's time limit and a margin had its worker die.
    return Lease(
        started="started_at", seconds=settings.PDF_RENDER_TIME_LIMIT_SECONDS + 60, attempts="render_attempts"
    )


def _claim(*, document_id: int) -> bool:
    return _render_lease().take(
        AnnualReportDocument.objects.filter(pk=document_id),
        waiting=Q(status=DocumentStatus.QUEUED),
        held=Q(status=DocumentStatus.RENDERING),
        status=DocumentStatus.RENDERING,
    )


def annual_pdf_render(*, document_id: int) -> None:
    """Render a claimed document through the one bounded renderer (a child process limited
    in memory, time and pages)."""
    if not _claim(document_id=document_id):
        return
    document = AnnualReportDocument.objects.select_related("report__owner").get(pk=document_id)
    html = render_to_string(PDF_TEMPLATE, annual_report_content(report=document.report, lang=document.lang))
    try:
        pdf = render_pdf_bounded(
            html=html,
            max_pages=settings.BUDGET_PDF_MAX_PAGES,
            memory_mb=settings.PDF_RENDER_MEMORY_MB,
            time_limit=settings.PDF_RENDER_TIME_LIMIT_SECONDS,
            nice=settings.PDF_RENDER_NICE,
        )
    except RenderRefused as exc:
        _mark_failed(document, error=f"The PDF was not rendered: {exc} ({exc.limit}).")
        return
    except Exception:
        logger.exception("Annual report PDF %s failed to render", document.pk)
        _mark_failed(document, error="The PDF could not be rendered; please try again later.")
        return
    name = document.file.storage.save(
        f"annual/{document.report.public_id}-{document.lang}.pdf", ContentFile(pdf)
    )
    document.file.name = name
    document.status = DocumentStatus.DONE
    document.finished_at = timezone.now()
    document.save(update_fields=["file", "status", "finished_at"])
    _remove_older_versions(document)


def _mark_failed(document: AnnualReportDocument, *, error: str) -> None:
    document.status = DocumentStatus.FAILED
    document.error = error[:300]
    document.finished_at = timezone.now()
    document.save(update_fields=["status", "error", "finished_at"])


def _remove_older_versions(document: AnnualReportDocument) -> None:
    older = AnnualReportDocument.objects.filter(report_id=document.report_id, lang=document.lang).exclude(
        pk=document.pk
    )
    for old in older:
        if old.file:
            old.file.delete(save=False)
        old.delete()


def annual_pdfs_maintain(*, now: datetime | None = None) -> dict[str, int]:
    """Periodic: send again documents whose message was lost or whose worker died."""
    now = now or timezone.now()
    lease = _render_lease()
    lost = AnnualReportDocument.objects.filter(
        status=DocumentStatus.QUEUED, created_at__lt=now - timedelta(minutes=2)
    )
    dead = AnnualReportDocument.objects.filter(lease.expired(now=now), status=DocumentStatus.RENDERING)
    abandoned = lease.give_up(
        dead,
        max_attempts=MAX_RENDER_ATTEMPTS,
        status=DocumentStatus.FAILED,
        finished_at=now,
        error="The PDF did not finish rendering; please try again later.",
    )
    return {"requeued": sweep(RENDER_TASK, lost, dead), "abandoned": abandoned}
