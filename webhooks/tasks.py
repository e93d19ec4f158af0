"""Celery adapters for webhook delivery; the logic lives in webhooks.delivery."""

from __future__ import annotations

from celery import shared_task

from webhooks.delivery import deliveries_enqueue_due, deliveries_send_until_idle
from webhooks.services import endpoints_disable_failing


# acks_late: a worker that dies mid-batch leaves the message unacknowledged; the
# rows' leases and the sweep make sure the deliveries are attempted again either way.
@shared_task(name="webhooks.send_due", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def send_due() -> int:
    """Send due deliveries in batches until none is left."""
    return deliveries_send_until_idle()


@shared_task(name="webhooks.deliver", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def deliver(delivery_id: int | None = None) -> int:
    """Messages of the per-delivery design still on a broker after an upgrade: send what is due."""
    return deliveries_send_until_idle()


@shared_task(name="webhooks.sweep", ignore_result=True)
def sweep() -> int:
    """Periodic (beat): wake senders for due deliveries nobody holds; disable endpoints failing too long."""
    endpoints_disable_failing()
    return deliveries_enqueue_due()
