"""Celery adapters for DDS work: take ids, call services."""

from celery import shared_task

from compliance.screening import dds_screen
from compliance.services import dds_sweep_unscreened


@shared_task(name="compliance.screen_statement", acks_late=True, time_limit=1800, soft_time_limit=1700)
def dds_screen_task(statement_id: int) -> None:
    dds_screen(statement_id=statement_id)


@shared_task(name="compliance.sweep_unscreened")
def dds_sweep_unscreened_task() -> int:
    return dds_sweep_unscreened()
