"""Celery adapters for risk jobs: take ids, call services.

Until this app owned them, the tasks were named after the compliance app: the old names stay
registered so messages queued under them before a deploy still run.
"""

from django.conf import settings

from eudr_service.lib.background import task
from risk.jobs import risk_job_chunk_run, risk_jobs_maintain, risk_jobs_sweep


@task(
    "risk.job_chunk",
    formerly=("compliance.risk_job_chunk",),
    acks_late=True,
    soft_time_limit=settings.RISK_JOB_CHUNK_TIME_LIMIT_SECONDS - 10,
    time_limit=settings.RISK_JOB_CHUNK_TIME_LIMIT_SECONDS,
)
def risk_job_chunk_task(chunk_id: int) -> None:
    risk_job_chunk_run(chunk_id=chunk_id)


@task("risk.jobs_sweep", formerly=("compliance.risk_jobs_sweep",))
def risk_jobs_sweep_task() -> int:
    return risk_jobs_sweep()


@task("risk.jobs_maintain", formerly=("compliance.risk_jobs_maintain",))
def risk_jobs_maintain_task() -> int:
    return risk_jobs_maintain()
