"""Celery adapters for the EU outbox and the upstream re-checks: take ids, call services.

Until this app owned them, the outbox's tasks were named after the compliance app: the old
names stay registered so messages queued under them before a deploy still run.
"""

from eu_filing.outbox import eu_submission_send, eu_submissions_poll, eu_submissions_sweep
from eu_filing.upstream import upstream_references_recheck
from eudr_service.lib.background import task


# The client's own deadline bounds one call; the limits only stop a wedged worker.
@task(
    "eu_filing.submission_send",
    formerly=("compliance.eu_submission_send",),
    acks_late=True,
    time_limit=600,
    soft_time_limit=540,
)
def eu_submission_send_task(submission_id: int) -> None:
    eu_submission_send(submission_id=submission_id)


@task(
    "eu_filing.submissions_poll",
    formerly=("compliance.eu_submissions_poll",),
    acks_late=True,
    time_limit=1800,
    soft_time_limit=1700,
)
def eu_submissions_poll_task() -> int:
    return eu_submissions_poll()


@task("eu_filing.submissions_sweep", formerly=("compliance.eu_submissions_sweep",))
def eu_submissions_sweep_task() -> int:
    return eu_submissions_sweep()


@task("eu_filing.upstream_references_recheck", acks_late=True, time_limit=900, soft_time_limit=840)
def upstream_references_recheck_task() -> int:
    return upstream_references_recheck()
