"""Celery adapters for risk jobs: take ids, call services.

The task names date from when the risk engine lived in the compliance app; they
stay as they were so messages already queued, and the beat schedule, still find them.
"""

from celery import shared_task
from django.conf import settings

from risk.jobs import risk_job_chunk_run, risk_jobs_maintain, risk_jobs_sweep


@shared_task(
    name="compliance.risk_job_chunk",
    acks_late=True,
    soft_time_limit=settings.RISK_JOB_CHUNK_TIME_LIMIT_SECONDS - 10,
    time_limit=settings.RISK_JOB_CHUNK_TIME_LIMIT_SECONDS,
)
def risk_job_chunk_task(chunk_id: int) -> None:
    risk_job_chunk_run(chunk_id=chunk_id)


@shared_task(name="compliance.risk_jobs_sweep")
def risk_jobs_sweep_task() -> int:
    return risk_jobs_sweep()


@shared_task(name="compliance.risk_jobs_maintain")
def risk_jobs_maintain_task() -> int:
    return risk_jobs_maintain()
