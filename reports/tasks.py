"""Celery adapters for CSRD reports: take ids, call services."""

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings

from reports.labels import RENDER_TOO_LONG
from reports.models import CsrdReport
from reports.services import csrd_report_mark_failed, csrd_report_render, csrd_reports_maintain

_LIMIT = settings.CSRD_TASK_TIME_LIMIT_SECONDS


@shared_task(
    name="reports.render_csrd_report",
    acks_late=True,
    # The soft limit leaves time to record the failure before the hard kill.
    soft_time_limit=max(_LIMIT - 30, 1),
    time_limit=_LIMIT,
)
def csrd_report_render_task(report_id: int) -> None:
    try:
        csrd_report_render(report_id=report_id)
    except SoftTimeLimitExceeded:
        report = CsrdReport.objects.get(pk=report_id)
        csrd_report_mark_failed(report=report, error=RENDER_TOO_LONG)


@shared_task(name="reports.maintain_csrd_reports")
def csrd_reports_maintain_task() -> dict[str, int]:
    return csrd_reports_maintain()
