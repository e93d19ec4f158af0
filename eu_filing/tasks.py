"""Celery adapters for the EU outbox: take ids, call eu_filing.outbox.

The task names keep the `compliance.` prefix they were first queued under: messages already
in the broker and the beat schedule (settings.CELERY_BEAT_SCHEDULE) name them so.
"""

from celery import shared_task

from eu_filing.outbox import eu_submission_send, eu_submissions_poll, eu_submissions_sweep


# The client's own deadline bounds one call; the limits only stop a wedged worker.
@shared_task(name="compliance.eu_submission_send", acks_late=True, time_limit=600, soft_time_limit=540)
def eu_submission_send_task(submission_id: int) -> None:
    eu_submission_send(submission_id=submission_id)


@shared_task(name="compliance.eu_submissions_poll", acks_late=True, time_limit=1800, soft_time_limit=1700)
def eu_submissions_poll_task() -> int:
    return eu_submissions_poll()


@shared_task(name="compliance.eu_submissions_sweep")
def eu_submissions_sweep_task() -> int:
    return eu_submissions_sweep()


@shared_task(
    name="eu_filing.upstream_references_recheck", acks_late=True, time_limit=900, soft_time_limit=840
)
def upstream_references_recheck_task() -> int:
    # The service imports this module to queue a run: imported here at call time.
    from eu_filing.upstream import upstream_references_recheck  # noqa: PLC0415

    return upstream_references_recheck()
