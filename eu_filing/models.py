"""The EU outbox's rows: each statement's submission to the EU Information System, the EU
statuses we learnt, and the upstream statements a first downstream operator or trader recorded.

They were compliance's models until this app took the EU outbox over: no row moved
(migrations 0001 here and compliance 0067), and 0005 renamed their tables to this app's.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from compliance.models import DueDiligenceStatement


class EuState(models.TextChoices):
    """Where our outbox is with a statement's submission to the EU Information System.

    Separate from the EU's own status (`eu_status`, the V3 EudrStatusType values)
    and from our screening status (`DueDiligenceStatement.status`).
    """

    PENDING = "pending", _("waiting to be sent")
    NO_CREDENTIALS = "no_credentials", _("waiting for the account's EU credentials")
    SUBMITTED = "submitted", _("accepted by the EU, waiting for its final status")
    FINAL = "final", _("the EU gave a final status")
    REFUSED = "refused", _("refused by the EU (business rule, permission or credentials)")


class EuErrorKind(models.TextChoices):
    """Who wrote an EU submission's `error_message`, so that pages can word it for people.

    Our own transport failures (the EU not reached, no answer in time, throttled, a failure
    on its side) are shown as a sentence in the reader's language; a text the EU returned
    as the EU wrote it. Empty: a message the service wrote (eu_filing.labels words the
    known ones), or none.
    """

    NONE = "", "none"
    UNREACHABLE = "unreachable", "the EU Information System could not be reached"
    TIMEOUT = "timeout", "no answer in time"
    RATE_LIMITED = "rate_limited", "throttled or busy (HTTP 429 or 503)"
    EU_FAILURE = "eu_failure", "a failure on the EU's side or on the way"
    EXCHANGE = "exchange", "an address or answer the service could not use"
    EU = "eu", "the EU's own text"


class EuSubmission(models.Model):
    """The outbox row of one statement's submission to the EU Information System.

    Created in the transaction that makes a statement COMPLIANT (eu_filing.outbox),
    sent by a worker, polled until final. `attempt_id` is written and committed
    before each submit call: a worker that finds one set does not know whether
    the EU received the earlier call, so it looks the statement up by its
    internal reference before submitting again.
    """

    statement = models.OneToOneField(
        DueDiligenceStatement, on_delete=models.CASCADE, related_name="eu_submission"
    )
    internal_reference = models.CharField(
        max_length=35, unique=True, help_text="Sent as internalReferenceNumber"
    )
    state = models.CharField(max_length=16, choices=EuState.choices, default=EuState.PENDING)
    eu_status = models.CharField(max_length=16, blank=True, help_text="EudrStatusType as the EU last gave it")
    eu_uuid = models.CharField("EU identifier", max_length=36, blank=True)
    reference_number = models.CharField(max_length=14, blank=True)
    verification_number = models.CharField(max_length=35, blank=True)
    error_codes = models.JSONField(default=list, blank=True, help_text="The EU's error codes when refused")
    error_message = models.TextField(blank=True)
    error_kind = models.CharField(
        max_length=16, blank=True, choices=EuErrorKind.choices, help_text="Who wrote error_message"
    )
    attempt_id = models.UUIDField(null=True, blank=True)
    attempt_started_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    polls = models.PositiveIntegerField(default=0)
    next_poll_at = models.DateTimeField(null=True, blank=True)
    submitted_at = models.DateTimeField(null=True, blank=True, help_text="When the EU accepted it")
    # The first failed attempt of an unbroken run in which the EU did not answer (network,
    # 5xx, timeout); cleared when it accepts. Past 60 minutes the record points the user to
    # the contingency arrangements (OPS 11.6.5).
    unavailable_since = models.DateTimeField(null=True, blank=True)
    eu_status_at = models.DateTimeField(null=True, blank=True, help_text="When we learnt the EU status")
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(fields=["state", "next_attempt_at"], name="eu_submission_due"),
            models.Index(fields=["state", "next_poll_at"], name="eu_submission_poll_due"),
        ]

    def __str__(self) -> str:
        return f"{self.internal_reference}: {self.state} {self.eu_status}"


class EuStatusChange(models.Model):
    """One row per EU status we learnt: the audit trail of the EU's side."""

    submission = models.ForeignKey(EuSubmission, on_delete=models.CASCADE, related_name="history")
    from_status = models.CharField(max_length=16, blank=True)
    to_status = models.CharField(max_length=16)
    changed_at = models.DateTimeField(default=timezone.now)
    detail = models.TextField(blank=True)

    class Meta:
        ordering = ["changed_at", "id"]

    def __str__(self) -> str:
        return f"{self.submission_id}: {self.from_status} → {self.to_status}"


class UpstreamState(models.TextChoices):
    """What the EU's last verifyDeclaration answer means for a reference (DTR 4.1.2).

    UNKNOWN until the EU answered; a check the EU did not answer keeps the last state."""

    VALID = "valid", _("valid: the EU says the declaration exists and is usable")
    WITHDRAWN = "withdrawn", _("withdrawn at the EU")
    NOT_USABLE = "not_usable", _("exists at the EU but is not usable")
    NOT_FOUND = "not_found", _("not found at the EU")
    UNKNOWN = "unknown", _("not checked with the EU yet")


class UpstreamOrigin(models.TextChoices):
    """Where the account got the reference from."""

    RECORDED = "recorded", _("recorded through the API")
    ROSTER = "roster", _("a supplier's own declaration, from the roster")
    CONSIGNMENT = "consignment", _("the declaration behind a consignment")
    OWN = "own", _("one of your own statements")


class UpstreamReference(models.Model):
    """A statement behind a first downstream operator's or trader's products: the numbers the
    operator it bought from gave, and what the EU's verifyDeclaration said about them
    (OPS 11.2.5; DTR 4.1). A later downstream operator or trader has none to record.

    Also a supplier's own declaration given on the roster (filed by the farmer himself, or
    by the paying agency as MEMBER_STATE role), and the account's own statements once the
    EU numbered them: every reference the account relies on is checked again on a schedule
    (eu_filing.upstream), and `state` changes at most once per answer that differs."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="upstream_references"
    )
    reference_number = models.CharField(max_length=14)
    verification_number = models.CharField(max_length=35)
    supplier = models.CharField(max_length=200, blank=True)
    note = models.CharField(max_length=300, blank=True)
    # EXISTING_USABLE, EXISTING_NON_USABLE, NON_EXISTENT; empty until the EU answered.
    result = models.CharField(max_length=24, blank=True)
    eu_status = models.CharField(max_length=16, blank=True)
    eu_checked_at = models.DateTimeField(null=True, blank=True, help_text="The EU's dateTime of the answer")
    error_message = models.CharField(max_length=500, blank=True)
    origin = models.CharField(max_length=12, choices=UpstreamOrigin.choices, default=UpstreamOrigin.RECORDED)
    # The account's own statement, for origin OWN.
    submission = models.OneToOneField(
        EuSubmission, null=True, blank=True, on_delete=models.CASCADE, related_name="upstream"
    )
    state = models.CharField(max_length=12, choices=UpstreamState.choices, default=UpstreamState.UNKNOWN)
    state_changed_at = models.DateTimeField(null=True, blank=True, help_text="When `state` last changed")
    checked_at = models.DateTimeField(null=True, blank=True, help_text="Our clock: the EU's last answer")
    # The next scheduled check; the re-check takes the longest overdue first.
    due_at = models.DateTimeField(default=timezone.now)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["due_at"], name="upstream_reference_due")]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "reference_number", "verification_number"], name="unique_upstream_reference"
            )
        ]

    def __str__(self) -> str:
        return f"{self.owner_id}: {self.reference_number}"
