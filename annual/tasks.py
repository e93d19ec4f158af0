"""Celery adapters for annual reports: take ids, call services."""

from celery import shared_task
from django.conf import settings

from annual.services import annual_pdf_render, annual_pdfs_maintain


# The rendering child is killed at PDF_RENDER_TIME_LIMIT_SECONDS; the task's own limits
# only catch what happens around it (queries, storage).
@shared_task(
    name="annual.render_report_pdf",
    acks_late=True,
    soft_time_limit=settings.PDF_RENDER_TIME_LIMIT_SECONDS + 30,
    time_limit=settings.PDF_RENDER_TIME_LIMIT_SECONDS + 60,
)
def annual_pdf_render_task(document_id: int) -> None:
    annual_pdf_render(document_id=document_id)


@shared_task(name="annual.maintain_report_pdfs")
def annual_pdfs_maintain_task() -> dict[str, int]:
    return annual_pdfs_maintain()
