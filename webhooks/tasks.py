"""Celery adapters for webhook delivery; the logic lives in webhooks.delivery."""

from __future__ import annotations

from celery import shared_task

from webhooks.delivery import deliveries_enqueue_due, delivery_attempt
from webhooks.services import endpoints_disable_failing


# acks_late: a worker that dies mid-send leaves the message unacknowledged; the
# row's lease and the sweep make sure the delivery is attempted again either way.
@shared_task(name="webhooks.deliver", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def deliver(delivery_id: int) -> None:
    delivery_attempt(delivery_id=delivery_id)


@shared_task(name="webhooks.sweep", ignore_result=True)
def sweep() -> int:
    """Periodic (beat): resend due deliveries nobody holds; disable endpoints failing too long."""
    endpoints_disable_failing()
    return deliveries_enqueue_due()
