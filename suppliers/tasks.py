"""Celery tasks of the suppliers app; each is a thin wrapper around its service."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="suppliers.mandate_email_send", acks_late=True)
def mandate_email_send_task(mandate_id: int) -> bool:
    # The service imports this module to queue the task: imported here at call time.
    from suppliers.mandates import mandate_email_send  # noqa: PLC0415

    return mandate_email_send(mandate_id)


@shared_task(name="suppliers.mandates_maintain")
def mandates_maintain_task() -> int:
    # The service imports this module to queue the task: imported here at call time.
    from suppliers.mandates import mandate_emails_unsent, mandates_expire  # noqa: PLC0415

    # Expire requests past their link, and send again what a lost task left unsent.
    for pk in mandate_emails_unsent():
        mandate_email_send_task.delay(pk)
    return mandates_expire()


@shared_task(name="suppliers.bulk_filing_run", acks_late=True)
def bulk_filing_run_task(filing_id: int) -> int:
    # The service imports this module to queue the next chunk: imported here at call time.
    from suppliers.bulk import bulk_filing_run  # noqa: PLC0415

    return bulk_filing_run(filing_id)


@shared_task(name="suppliers.bulk_filings_sweep")
def bulk_filings_sweep_task() -> int:
    # The service imports this module to queue the next chunk: imported here at call time.
    from suppliers.bulk import bulk_filings_sweep  # noqa: PLC0415

    # Filings a lost task or a killed worker left without one.
    return bulk_filings_sweep()
