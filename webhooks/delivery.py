"""Sending deliveries: claim a row, POST the signed event, record, schedule the retry.

The database is the source of truth: a delivery is due when `next_attempt_at`
has passed and no worker holds it (`locked_until`). Broker messages only say
"look at this row now"; a lost message or a crashed worker delays a delivery
until the sweep notices it, but never loses it.
"""

from __future__ import annotations

import logging
import os
import random
import socket
import time
from dataclasses import dataclass
from datetime import timedelta
from email.utils import parsedate_to_datetime

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from eudr_service.lib import safe_http
from webhooks.models import Delivery, DeliveryAttempt, Endpoint
from webhooks.services import deliveries_enqueue, endpoint_disable, endpoints_disable_failing
from webhooks.signing import event_body, signed_headers

logger = logging.getLogger(__name__)

STORED_BODY_CHARS = 4096


@dataclass
class Outcome:
    status_code: int | None
    error: str
    duration_ms: int
    response_body: str = ""
    retry_after: float | None = None

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def delivery_claim(*, delivery_id: int, worker: str) -> Delivery | None:
    """Take the row for one attempt if it is due and nobody holds it (atomic UPDATE)."""
    now = timezone.now()
    lease = timedelta(seconds=settings.OUTBOUND_HTTP_TIMEOUT_SECONDS + settings.WEBHOOKS_CLAIM_MARGIN_SECONDS)
    claimed = (
        Delivery.objects.filter(pk=delivery_id, status__in=Delivery.ACTIVE, next_attempt_at__lte=now)
        .filter(Q(locked_until__isnull=True) | Q(locked_until__lt=now))
        .update(locked_until=now + lease, claimed_by=worker, enqueued_at=None)
    )
    if not claimed:
        return None
    return Delivery.objects.select_related("event", "endpoint__owner").get(pk=delivery_id)


def delivery_attempt(*, delivery_id: int, worker: str | None = None) -> Delivery | None:
    """One attempt of a due delivery; None when it is not due or another worker holds it."""
    worker = worker or worker_name()
    delivery = delivery_claim(delivery_id=delivery_id, worker=worker)
    if delivery is None:
        return None
    endpoint = delivery.endpoint
    if not endpoint.enabled:
        Delivery.objects.filter(pk=delivery.pk).update(
            status=Delivery.Status.DEAD,
            next_attempt_at=None,
            locked_until=None,
            last_error="endpoint disabled",
        )
        return delivery
    attempted_at = timezone.now()
    outcome = _send(delivery, endpoint)
    _record(delivery, endpoint, outcome, attempted_at=attempted_at, worker=worker)
    delivery.refresh_from_db()
    return delivery


def _send(delivery: Delivery, endpoint: Endpoint) -> Outcome:
    body = event_body(delivery.event)
    headers = signed_headers(
        signing_secrets=endpoint.signing_secrets(),
        msg_id=delivery.event.public_id,
        body=body,
        now=timezone.now(),
    )
    started = time.monotonic()
    try:
        response = safe_http.post(endpoint.url, body=body.encode(), headers=headers)
    except safe_http.DestinationRefused as exc:
        return Outcome(None, f"refused: {exc}", _ms_since(started))
    except safe_http.OutboundError as exc:
        return Outcome(None, str(exc), _ms_since(started))
    except Exception as exc:
        # Recorded as a failed attempt so the retry schedule still ends; never a stuck row.
        logger.exception("webhook delivery %s failed unexpectedly", delivery.public_id)
        return Outcome(None, f"internal error: {type(exc).__name__}", _ms_since(started))
    error = ""
    if 300 <= response.status < 400:
        error = f"HTTP {response.status}: redirects are not followed"
    elif not 200 <= response.status < 300:
        error = f"HTTP {response.status} {response.reason}".strip()
    return Outcome(
        response.status,
        error,
        _ms_since(started),
        response_body=response.body.decode("utf-8", "replace")[:STORED_BODY_CHARS],
        retry_after=parse_retry_after(response.headers.get("retry-after")),
    )


def _record(delivery: Delivery, endpoint: Endpoint, outcome: Outcome, *, attempted_at, worker: str) -> None:
    number = delivery.attempt_count + 1
    fields = {
        "attempt_count": number,
        "last_attempt_at": attempted_at,
        "last_status_code": outcome.status_code,
        "last_error": outcome.error[:500],
        "last_duration_ms": outcome.duration_ms,
        "locked_until": None,
    }
    delay = None
    if outcome.succeeded:
        fields.update(status=Delivery.Status.SUCCEEDED, next_attempt_at=None)
    elif outcome.status_code == 410:
        fields.update(status=Delivery.Status.DEAD, next_attempt_at=None)
    else:
        delay = retry_delay(failed_attempts=number, retry_after=outcome.retry_after)
        if delay is None:
            fields.update(status=Delivery.Status.DEAD, next_attempt_at=None)
        else:
            next_at = timezone.now() + timedelta(seconds=delay)
            short = delay <= settings.WEBHOOKS_SHORT_RETRY_SECONDS
            fields.update(
                status=Delivery.Status.FAILED, next_attempt_at=next_at, enqueued_at=next_at if short else None
            )
    with transaction.atomic():
        DeliveryAttempt.objects.create(
            delivery=delivery,
            number=number,
            attempted_at=attempted_at,
            status_code=outcome.status_code,
            error=outcome.error[:500],
            duration_ms=outcome.duration_ms,
            response_body=outcome.response_body,
            worker=worker[:200],
        )
        # Only the holder moves the row on; a worker whose lease lapsed just logs its attempt.
        Delivery.objects.filter(pk=delivery.pk, claimed_by=worker).update(**fields)
        if outcome.succeeded:
            Endpoint.objects.filter(pk=endpoint.pk).exclude(failing_since=None).update(failing_since=None)
        else:
            Endpoint.objects.filter(pk=endpoint.pk, failing_since=None).update(failing_since=attempted_at)
    if outcome.status_code == 410:
        endpoint_disable(endpoint=endpoint, reason=Endpoint.DisabledReason.GONE)
    elif not outcome.succeeded:
        endpoint.refresh_from_db()
        endpoints_disable_failing(endpoints=[endpoint])
        if delay is not None and delay <= settings.WEBHOOKS_SHORT_RETRY_SECONDS and endpoint.enabled:
            deliveries_enqueue([delivery.pk], countdown=delay)


def retry_delay(*, failed_attempts: int, retry_after: float | None = None) -> float | None:
    """Seconds until the next attempt after `failed_attempts` failures; None when retries are spent."""
    schedule = settings.WEBHOOKS_RETRY_SCHEDULE_SECONDS
    if failed_attempts > len(schedule):
        return None
    jitter = settings.WEBHOOKS_RETRY_JITTER
    delay = schedule[failed_attempts - 1] * random.uniform(1 - jitter, 1 + jitter)
    if retry_after is not None:
        delay = max(delay, min(retry_after, settings.WEBHOOKS_RETRY_AFTER_MAX_SECONDS))
    return delay


def parse_retry_after(value: str | None) -> float | None:
    """Retry-After as seconds (delta-seconds or an HTTP date); None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        return None
    return max(0.0, (when - timezone.now()).total_seconds())


def deliveries_enqueue_due(*, limit: int = 1000) -> int:
    """Put due deliveries that no worker holds and no fresh message covers back on the broker."""
    now = timezone.now()
    stale = now - timedelta(seconds=settings.WEBHOOKS_REQUEUE_AFTER_SECONDS)
    ids = list(
        Delivery.objects.filter(status__in=Delivery.ACTIVE, next_attempt_at__lte=now)
        .filter(Q(locked_until__isnull=True) | Q(locked_until__lt=now))
        .filter(Q(enqueued_at__isnull=True) | Q(enqueued_at__lte=stale))
        .order_by("next_attempt_at")
        .values_list("pk", flat=True)[:limit]
    )
    if ids:
        Delivery.objects.filter(pk__in=ids).update(enqueued_at=now)
        deliveries_enqueue(ids)
    return len(ids)


def _ms_since(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
