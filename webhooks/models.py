"""Webhook endpoints, the events we emit (the outbox) and their deliveries."""

from __future__ import annotations

import secrets
import string
from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from eudr_service.lib.encryption import EncryptedTextField

# The published event list, each with what it means to a person (the panel shows it in
# their language); docs/webhooks.md documents each payload.
EVENT_TYPES: dict[str, str | Promise] = {
    "dds.created": _("A due diligence statement was created."),
    "dds.status_changed": _("A statement changed status."),
    "dds.at_risk": _("A statement became at risk."),
    "dds.eu_status_changed": _(
        "The EU Information System's status of a statement changed, or it refused it."
    ),
    "risk.critical": _("A risk assessment came out critical."),
    "risk.job_completed": _("A risk-scoring job finished: counts by level and its critical plots."),
    "csrd.report_ready": _("A CSRD report is ready."),
    "suppliers.filing_completed": _(
        "A bulk filing for your suppliers finished: declarations filed and rows failed, by count."
    ),
    "upstream.status_changed": _(
        "The EU's answer about a declaration you rely on changed (a supplier's, a consignment's or "
        "your own): withdrawn, not usable, not found, or usable again."
    ),
    "webhook.test": _("A test event, sent on request."),
}

_ALPHABET = string.ascii_lowercase + string.digits


def public_id(prefix: str) -> str:
    """`<prefix>_` + 24 random characters (~124 bits): unguessable, URL-safe."""
    return f"{prefix}_" + "".join(secrets.choice(_ALPHABET) for _ in range(24))


def _endpoint_id() -> str:
    return public_id("wh")


def _event_id() -> str:
    return public_id("evt")


def _delivery_id() -> str:
    return public_id("dlv")


class Endpoint(models.Model):
    """A receiver URL an account registered, with the events it wants."""

    class DisabledReason(models.TextChoices):
        NONE = "", "-"
        BY_OWNER = "by_owner", "Disabled by its owner"
        GONE = "gone", "The receiver answered 410 Gone"
        FAILING = "failing", "Only failures for the failure window"
        BY_STAFF = "by_staff", "Disabled by staff"

    public_id = models.CharField(max_length=32, unique=True, default=_endpoint_id, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks")
    url = models.CharField(max_length=2048)
    events = models.JSONField(default=list)
    # The mode of the key that registered it (the panel registers live ones): it gets
    # only events of its mode, and only keys of its mode see or change it.
    livemode = models.BooleanField(default=True, db_default=True)
    enabled = models.BooleanField(default=True)
    disabled_reason = models.CharField(max_length=16, choices=DisabledReason.choices, blank=True)
    disabled_at = models.DateTimeField(null=True, blank=True)
    # Secrets must be recoverable to sign: encrypted at rest under ENCRYPTION_KEYS.
    secret = EncryptedTextField()
    previous_secret = EncryptedTextField(blank=True)
    previous_secret_expires_at = models.DateTimeField(null=True, blank=True)
    # Start of the current run of failures (no success since); None when healthy.
    failing_since = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = "webhook endpoint"

    def __str__(self) -> str:
        return f"{self.public_id} → {self.url}"

    def signing_secrets(self, now: datetime | None = None) -> list[str]:
        """The current secret, plus the previous one while its overlap lasts."""
        now = now or timezone.now()
        found = [self.secret]
        if self.previous_secret and self.previous_secret_expires_at and self.previous_secret_expires_at > now:
            found.append(self.previous_secret)
        return found

    @property
    def rotation_ends_at(self) -> datetime | None:
        """When the previous secret stops signing; None when it no longer does."""
        return self.previous_secret_expires_at if len(self.signing_secrets()) > 1 else None

    def subscribes_to(self, event_type: str) -> bool:
        return event_type in self.events


class Event(models.Model):
    """Something that happened to an account, written in the transaction that caused it."""

    public_id = models.CharField(max_length=32, unique=True, default=_event_id, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhook_events"
    )
    type = models.CharField(max_length=40, choices=[(t, t) for t in EVENT_TYPES])
    data = models.JSONField(default=dict)
    # False for an event about test data: delivered to test endpoints only.
    livemode = models.BooleanField(default=True, db_default=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.public_id} {self.type}"


class Delivery(models.Model):
    """One event to one endpoint: the unit that is retried until it succeeds or dies."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending (not attempted yet)"
        FAILED = "failed", "Failed, retry scheduled"
        SUCCEEDED = "succeeded", "Succeeded"
        DEAD = "dead", "Dead (no more attempts)"

    ACTIVE = (Status.PENDING, Status.FAILED)

    public_id = models.CharField(max_length=32, unique=True, default=_delivery_id, editable=False)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="deliveries")
    endpoint = models.ForeignKey(Endpoint, on_delete=models.CASCADE, related_name="deliveries")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempt_count = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True)
    last_duration_ms = models.PositiveIntegerField(null=True, blank=True)
    # A worker holds the row until locked_until; a crashed worker's hold lapses.
    locked_until = models.DateTimeField(null=True, blank=True)
    claimed_by = models.CharField(max_length=200, blank=True)
    # When a send was last put on the broker and not yet taken by a worker.
    enqueued_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "deliveries"
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="webhooks_delivery_due")]

    def __str__(self) -> str:
        return f"{self.public_id} ({self.status})"


class DeliveryAttempt(models.Model):
    """One HTTP exchange (or refusal) of a delivery, for the delivery log."""

    delivery = models.ForeignKey(Delivery, on_delete=models.CASCADE, related_name="attempts")
    number = models.PositiveIntegerField()
    attempted_at = models.DateTimeField()
    status_code = models.PositiveIntegerField(null=True, blank=True)
    # A stable category (timeout, tls_error, http_5xx...): never socket text or the receiver's body.
    error = models.CharField(max_length=500, blank=True)
    duration_ms = models.PositiveIntegerField(default=0)
    worker = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["delivery_id", "number"]

    def __str__(self) -> str:
        return f"attempt {self.number} of {self.delivery_id}"
