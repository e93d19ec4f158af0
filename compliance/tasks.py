"""Celery adapters for DDS work: take ids, call services."""

from celery import shared_task
from django.conf import settings

from compliance.documents import dds_documents_maintain, dds_pdf_render
from compliance.downstream import trading_partner_records_purge
from compliance.evidence_record import represented_records_reissue
from compliance.services import dds_screen, dds_sweep_unscreened


@shared_task(name="compliance.screen_statement", acks_late=True, time_limit=1800, soft_time_limit=1700)
def dds_screen_task(statement_id: int) -> None:
    dds_screen(statement_id=statement_id)


@shared_task(name="compliance.sweep_unscreened")
def dds_sweep_unscreened_task() -> int:
    return dds_sweep_unscreened()


# The rendering child is killed at PDF_RENDER_TIME_LIMIT_SECONDS; the task's own
# limits only catch what happens around it (queries, storage).
@shared_task(
    name="compliance.render_dds_pdf",
    acks_late=True,
    soft_time_limit=settings.PDF_RENDER_TIME_LIMIT_SECONDS + 30,
    time_limit=settings.PDF_RENDER_TIME_LIMIT_SECONDS + 60,
)
def dds_pdf_render_task(document_id: int, awaited: bool = False) -> None:
    dds_pdf_render(document_id=document_id, awaited=awaited)


@shared_task(name="compliance.maintain_dds_documents")
def dds_documents_maintain_task() -> dict[str, int]:
    return dds_documents_maintain()


@shared_task(name="compliance.trading_partner_records_purge")
def trading_partner_records_purge_task() -> int:
    return trading_partner_records_purge()


@shared_task(name="compliance.represented_records_reissue", acks_late=True)
def represented_records_reissue_task(owner_id: int) -> int:
    return represented_records_reissue(owner_id=owner_id)
