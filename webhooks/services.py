"""Webhook services: endpoints, the outbox emit, tests and redelivery.

`event_emit` is what the rest of the product calls, inside the transaction
of the change that caused the event: the event and its deliveries commit or
roll back with that change, and a worker is woken only after commit. Sending
lives in webhooks.delivery. Per-account caps on events and deliveries a
minute defer sends above the cap (nothing is dropped; see docs/webhooks.md).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.core.cache import caches
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from eudr_service.lib import safe_http
from eudr_service.lib.background import runs_inline, send
from eudr_service.lib.problems import Problem
from webhooks.models import EVENT_TYPES, Delivery, Endpoint, Event
from webhooks.signing import secret_generate

logger = logging.getLogger(__name__)


def endpoint_check_url(*, url: str) -> None:
    """Raise Problem(400) unless `url` may receive webhooks (https, public address)."""
    try:
        safe_http.check_url(url)
    except safe_http.DestinationRefused as exc:
        raise Problem(
            400,
            exc.code,
            str(exc),
            extra={"errors": [{"field": "url", "code": exc.code, "message": str(exc)}]},
        ) from exc


def endpoint_create(*, owner: User, url: str, events: list[str], livemode: bool = True) -> Endpoint:
    """Register an endpoint; `livemode=False` (a test key) makes a test endpoint, which
    receives test events only."""
    endpoint_check_url(url=url)  # DNS outside the transaction: no lock held while resolving
    with transaction.atomic():
        # The owner's row lock serialises registrations of one account, so the count
        # below cannot be raced past the cap by parallel requests.
        User.objects.select_for_update().filter(pk=owner.pk).values_list("pk", flat=True).get()
        # Per mode: test webhooks (which a live key cannot see) never use up the live ones.
        if Endpoint.objects.filter(owner=owner, livemode=livemode).count() >= settings.WEBHOOKS_MAX_ENDPOINTS:
            raise Problem(
                409,
                "too_many_webhooks",
                f"An account may register at most {settings.WEBHOOKS_MAX_ENDPOINTS} webhooks of each mode "
                "(live, test); delete one first.",
            )
        return Endpoint.objects.create(
            owner=owner, url=url, events=_unique(events), secret=secret_generate(), livemode=livemode
        )


def endpoint_update(
    *,
    endpoint: Endpoint,
    url: str | None = None,
    events: list[str] | None = None,
    enabled: bool | None = None,
) -> Endpoint:
    if url is not None and url != endpoint.url:
        endpoint_check_url(url=url)
        endpoint.url = url
    if events is not None:
        endpoint.events = _unique(events)
    if enabled is True and not endpoint.enabled:
        # A fresh start: the old failure run must not disable it again at once.
        endpoint.enabled, endpoint.disabled_reason, endpoint.disabled_at = True, "", None
        endpoint.failing_since = None
    endpoint.save()
    if enabled is False and endpoint.enabled:
        endpoint_disable(endpoint=endpoint, reason=Endpoint.DisabledReason.BY_OWNER)
    return endpoint


def endpoint_rotate_secret(*, endpoint: Endpoint) -> Endpoint:
    """A new secret; the old one keeps signing alongside it for the overlap window."""
    with transaction.atomic():
        locked = Endpoint.objects.select_for_update().get(pk=endpoint.pk)
        locked.previous_secret = locked.secret
        locked.previous_secret_expires_at = timezone.now() + timedelta(
            hours=settings.WEBHOOKS_SECRET_OVERLAP_HOURS
        )
        locked.secret = secret_generate()
        locked.save(update_fields=["secret", "previous_secret", "previous_secret_expires_at", "updated_at"])
    return locked


def endpoint_disable(*, endpoint: Endpoint, reason: str) -> None:
    """Disable `endpoint` and stop its outstanding deliveries (they can be redelivered)."""
    now = timezone.now()
    with transaction.atomic():
        Endpoint.objects.filter(pk=endpoint.pk).update(
            enabled=False, disabled_reason=reason, disabled_at=now, updated_at=now
        )
        Delivery.objects.filter(endpoint=endpoint, status__in=Delivery.ACTIVE).update(
            status=Delivery.Status.DEAD, next_attempt_at=None, last_error="endpoint_disabled"
        )
    endpoint.enabled, endpoint.disabled_reason, endpoint.disabled_at = False, reason, now
    if reason == Endpoint.DisabledReason.FAILING:
        _notify_owner_failing(endpoint)


def endpoints_disable_failing(*, endpoints: Iterable[Endpoint] | None = None) -> int:
    """Disable endpoints that have had only failures for the failure window; owners are emailed."""
    cutoff = timezone.now() - timedelta(days=settings.WEBHOOKS_FAILURE_DISABLE_DAYS)
    if endpoints is None:
        endpoints = Endpoint.objects.filter(enabled=True, failing_since__lte=cutoff).select_related("owner")
    disabled = 0
    for endpoint in endpoints:
        if endpoint.enabled and endpoint.failing_since and endpoint.failing_since <= cutoff:
            endpoint_disable(endpoint=endpoint, reason=Endpoint.DisabledReason.FAILING)
            disabled += 1
    return disabled


def _notify_owner_failing(endpoint: Endpoint) -> None:
    days = settings.WEBHOOKS_FAILURE_DISABLE_DAYS
    send_mail(
        subject="Webhook endpoint disabled after repeated failures",
        message=(
            f"Your webhook endpoint {endpoint.public_id} ({endpoint.url}) has failed every delivery "
            f"for {days} days and has been disabled. Fix the receiver, then enable it again with "
            f'PATCH /api/eudr/v1/webhooks/{endpoint.public_id} {{"enabled": true}} and redeliver '
            "the events you missed from its delivery log."
        ),
        from_email=settings.DEFAULT_FROM_EMAIL,
        recipient_list=[endpoint.owner.email],
        fail_silently=True,
    )


def event_emit(*, owner: User, event_type: str, data: dict, livemode: bool) -> Event:
    """Record an event and a delivery per subscribed, enabled endpoint of `owner` in
    the event's mode: an event about test data (`livemode=False`) goes to test
    endpoints only, a live one to live endpoints only.

    Call inside the transaction of the change that caused the event; the sends
    are enqueued only when that transaction commits.
    """
    if event_type not in EVENT_TYPES:
        raise ValueError(f"Unknown webhook event type {event_type!r}")
    # No savepoint inside the caller's transaction (two round trips saved per
    # event): a failure here fails the caller's change too, as it must.
    with transaction.atomic(savepoint=False):
        event = Event.objects.create(owner=owner, type=event_type, data=data, livemode=livemode)
        endpoints = [
            e
            for e in Endpoint.objects.filter(owner=owner, enabled=True, livemode=livemode)
            if e.subscribes_to(event_type)
        ]
        _deliveries_create(event=event, endpoints=endpoints)
    return event


def endpoint_send_test(*, endpoint: Endpoint) -> Delivery:
    """Send a `webhook.test` event to this one endpoint, subscribed or not."""
    _require_enabled(endpoint)
    with transaction.atomic():
        event = Event.objects.create(
            owner=endpoint.owner,
            type="webhook.test",
            data={
                "webhook_id": endpoint.public_id,
                "message": "This is a test event.",
                "livemode": endpoint.livemode,
            },
            livemode=endpoint.livemode,
        )
        return _deliveries_create(event=event, endpoints=[endpoint])[0]


def delivery_redeliver(*, delivery: Delivery) -> Delivery:
    """Send the same event again as a new delivery; the `webhook-id` stays the event id."""
    _require_enabled(delivery.endpoint)
    if delivery.event.livemode != delivery.endpoint.livemode:
        # Only a send recorded before endpoints had a mode can pair them; never repeat it.
        raise Problem(409, "webhook_mode_mismatch", "This event is of the other mode than the webhook.")
    with transaction.atomic():
        return _deliveries_create(event=delivery.event, endpoints=[delivery.endpoint])[0]


def _require_enabled(endpoint: Endpoint) -> None:
    if not endpoint.enabled:
        raise Problem(
            409, "webhook_disabled", "The webhook is disabled; enable it first (PATCH enabled=true)."
        )


def _deliveries_create(*, event: Event, endpoints: list[Endpoint]) -> list[Delivery]:
    if not endpoints:
        return []
    now = timezone.now()
    send_at = _rate_slot(owner_id=event.owner_id, deliveries=len(endpoints), now=now)
    deferred = send_at > now
    deliveries = Delivery.objects.bulk_create(
        [
            Delivery(event=event, endpoint=e, next_attempt_at=send_at, enqueued_at=None if deferred else now)
            for e in endpoints
        ]
    )
    if deferred:
        logger.warning(
            "webhook rate cap: account %s event %s deferred to %s", event.owner_id, event.public_id, send_at
        )
        countdown = (send_at - now).total_seconds()
        transaction.on_commit(lambda: deliveries_wake(countdown=countdown), robust=True)
    else:
        # robust: a broker outage after commit must not fail the caller; the sweep resends.
        transaction.on_commit(deliveries_wake, robust=True)
    return deliveries


def _rate_slot(*, owner_id: int, deliveries: int, now: datetime) -> datetime:
    """When an event of `owner_id` with `deliveries` deliveries may be sent, under the per-account caps.

    Counters per account and minute: an event goes in the first minute, from
    now on, that still has room for one more event and for its deliveries
    (an event with more deliveries than the cap fits an empty minute). Above
    the cap nothing is dropped: the deliveries wait, visibly, until then.
    """
    return _slot(owner_id=owner_id, events=1, deliveries=deliveries, at=now, now=now)


def retry_slot(*, owner_id: int, at: datetime) -> datetime:
    """When a retry due at `at` may be sent: every attempt, first or retry, takes a place
    under WEBHOOKS_MAX_DELIVERIES_PER_MINUTE, in the minute of `at` or the first later
    minute with room (then at its start)."""
    return _slot(owner_id=owner_id, events=0, deliveries=1, at=at, now=timezone.now())


def _slot(*, owner_id: int, events: int, deliveries: int, at: datetime, now: datetime) -> datetime:
    """The pacer of outbound webhook traffic (not an inbound limit, hence not django-ratelimit,
    which can only refuse: a delivery is never refused, it is scheduled into a minute with room).

    `events` (0 or 1) and `deliveries` are reserved in the first minute from `at` on with
    room for both; the time to send (`at` itself when its own minute had room)."""
    event_cap = settings.WEBHOOKS_MAX_EVENTS_PER_MINUTE
    delivery_cap = settings.WEBHOOKS_MAX_DELIVERIES_PER_MINUTE
    minute = int(at.timestamp()) // 60
    cache = caches["default"]
    # The first minute that may still have room for an event: a backlog is not rescanned
    # minute by minute.
    floor_key = f"wh:rate:{owner_id}:floor"
    try:
        start = max(minute, cache.get(floor_key) or minute) if events else minute
        for slot in range(start, minute + _MAX_DEFER_MINUTES):
            events_key, deliveries_key = f"wh:rate:{owner_id}:{slot}:e", f"wh:rate:{owner_id}:{slot}:d"
            ttl = max((slot + 2) * 60 - int(now.timestamp()), 60)  # the counter outlives its minute
            events_now = _count(cache, events_key, 1, ttl) if events else 0
            deliveries_now = _count(cache, deliveries_key, deliveries, ttl)
            if events_now <= event_cap and (deliveries_now <= delivery_cap or deliveries_now == deliveries):
                return at if slot == minute else datetime.fromtimestamp(slot * 60, tz=UTC)
            if events:
                cache.decr(events_key)
            cache.decr(deliveries_key, deliveries)
            if events_now > event_cap:  # no further event fits this minute
                cache.set(floor_key, slot + 1, ttl)
    except Exception:  # the cache is down: send now rather than hold the outbox hostage
        logger.warning("webhook rate counters unavailable; sending without the cap", exc_info=True)
        return at
    return datetime.fromtimestamp((minute + _MAX_DEFER_MINUTES) * 60, tz=UTC)


def _count(cache, key: str, delta: int, ttl: int) -> int:
    """Increment a counter that expires `ttl` seconds after it was created (one round trip
    when it exists)."""
    try:
        return cache.incr(key, delta)
    except ValueError:  # not there yet (or expired): create it; a racing creator is fine
        if cache.add(key, delta, ttl):
            return delta
        return cache.incr(key, delta)


# A backlog beyond a day of the account's cap is sent at that point, still capped by the sweep's pace.
_MAX_DEFER_MINUTES = 24 * 60
_WAKE_KEY = "wh:wake-pending"
SEND_DUE_TASK = "webhooks.send_due"


def deliveries_wake(*, countdown: float | None = None, force: bool = False) -> None:
    """Tell a worker that deliveries are due. At most one plain wake-up waits on the broker at a
    time: a burst of commits costs one message, not one per event."""
    if not force and countdown is None and not runs_inline():
        try:
            if not caches["default"].add(_WAKE_KEY, 1, settings.WEBHOOKS_WAKE_DEDUPE_SECONDS):
                return  # a wake-up is already waiting and will see this work
        except Exception:
            logger.warning("wake-up dedupe unavailable; sending one anyway", exc_info=True)
    if countdown and runs_inline():
        return  # eager tasks ignore countdowns; the embedded scheduler's sweep sends it when due
    # A broker outage leaves the rows due: the sweep wakes a worker later.
    send(SEND_DUE_TASK, countdown=countdown, queue=settings.WEBHOOKS_QUEUE)


def wake_acknowledge() -> None:
    """A sender is about to look for due work: the next commit must send a new wake-up."""
    try:
        caches["default"].delete(_WAKE_KEY)
    except Exception:
        logger.warning("wake-up dedupe unavailable", exc_info=True)


def _unique(events: list[str]) -> list[str]:
    return list(dict.fromkeys(events))
