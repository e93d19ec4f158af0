"""Celery tasks of the suppliers app; each is a thin wrapper around its service."""

from __future__ import annotations

from celery import shared_task

from suppliers.bulk import bulk_filing_run, bulk_filings_sweep
from suppliers.mandates import mandate_email_send, mandates_maintain


@shared_task(name="suppliers.mandate_email_send", acks_late=True)
def mandate_email_send_task(mandate_id: int) -> bool:
    return mandate_email_send(mandate_id)


@shared_task(name="suppliers.mandates_maintain")
def mandates_maintain_task() -> int:
    return mandates_maintain()


@shared_task(name="suppliers.bulk_filing_run", acks_late=True)
def bulk_filing_run_task(filing_id: int) -> int:
    return bulk_filing_run(filing_id)


@shared_task(name="suppliers.bulk_filings_sweep")
def bulk_filings_sweep_task() -> int:
    # Filings a lost task or a killed worker left without one.
    return bulk_filings_sweep()
