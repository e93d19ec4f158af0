"""The submission outbox: our COMPLIANT statements to the EU Information System, and back.

When a statement is submitted (docs/eu-information-system.md, "When we submit"):
only once our screening (or staff) made it COMPLIANT. SUBMITTED, UNDER_REVIEW,
AT_RISK and NON_COMPLIANT statements are not sent: the operator may not place
the goods on the market while the risk is not negligible (Regulation (EU)
2023/1115 Art. 3 and 10), and a statement the EU holds cannot be taken back
after 72 hours. A statement that later becomes COMPLIANT is sent then.

The outbox row is written in the transaction of that status change; a worker
sends it (ids only, acks_late); the beat schedule polls for the final status
and sweeps rows a lost message or a crashed worker left behind.
"""

from __future__ import annotations

import logging
import time
import uuid as uuid_module
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import EuCredential, EuEnvironment
from accounts.services import eu_credential_confirm, eu_credential_get, eu_credential_unconfirm
from compliance.evidence_record import statement_record_reissue
from compliance.hooks import FilingRefused
from compliance.models import DDSStatus, DueDiligenceStatement, FilingKind
from compliance.services import dds_transition
from eu_filing import events
from eu_filing.mapping import NotMappable, dds_to_eu, eu_internal_reference, sd_to_eu
from eu_filing.models import EuErrorKind, EuState, EuStatusChange, EuSubmission
from eudr_service.lib.background import Lease, enqueue, runs_inline, send, sweep
from eudr_service.lib.timestamps import iso_millis
from euis.answers import Overview
from euis.client import EuisClient
from euis.contract import (
    AMEND_WITHDRAW_WINDOW_HOURS,
    CONTINGENCY_AFTER_MINUTES,
    FINAL_STATUSES,
    PRODUCTION_BASE_URL,
    DdsOperatorRole,
    EudrStatus,
    SdOperatorRole,
)
from euis.errors import (
    EuisAuthenticationError,
    EuisError,
    EuisFault,
    EuisNotFound,
    EuisRateLimited,
    EuisRequestInvalid,
    EuisRetryable,
    EuisTimeout,
    EuisTransportError,
    EuisUnreachable,
    retry_delay,
)
from euis.polling import next_poll_delay
from euis.wsse import Credentials

logger = logging.getLogger(__name__)

GET_DDS_BATCH = 100  # getDds takes up to 100 UUIDs per call (OPS 2.3.1)
SWEEP_BATCH = 500
# One status pass (a beat of eu_filing.submissions_poll, every 60 s): at most this many
# submissions (100 getDds calls, 20 s at the EU's 5 calls/s) and this much time, so a pass
# ends before the next beat.
POLL_PASS_LIMIT = 10_000
POLL_PASS_SECONDS = 45


class WithdrawRefused(FilingRefused):
    """The statement cannot be withdrawn now; `code` is the stable problem code."""


def configured_environment() -> str:
    return EuEnvironment.PRODUCTION if settings.EU_IS_URL == PRODUCTION_BASE_URL else EuEnvironment.ACCEPTANCE


SEND_TASK = "eu_filing.submission_send"


def _lease() -> Lease:
    """How long an attempt in flight keeps others off: the client's whole deadline and a margin."""
    return Lease(
        started="attempt_started_at",
        seconds=settings.EU_IS_TIMEOUT_SECONDS + settings.EU_IS_ATTEMPT_MARGIN_SECONDS,
    )


def _client(credential: EuCredential) -> EuisClient:
    return EuisClient(
        credentials=Credentials(
            username=credential.username,
            authentication_key=credential.authentication_key,
            client_id=credential.client_id,
        )
    )


def _usable_credential(owner_id: int) -> EuCredential | None:
    credential = eu_credential_get(account_id=owner_id)
    if credential is None or credential.environment != configured_environment():
        return None
    return credential


def eu_credential_usable(*, owner_id: int) -> bool:
    """Whether the account's statements can reach the EU system this service talks to now."""
    return _usable_credential(owner_id) is not None


# --- Recording -------------------------------------------------------------------------


def eu_submission_record(*, statement: DueDiligenceStatement) -> EuSubmission:
    """The outbox row for `statement`, created at most once; call inside the change's transaction."""

    submission, created = EuSubmission.objects.get_or_create(
        statement=statement, defaults={"internal_reference": eu_internal_reference(statement)}
    )
    if not created and submission.state == EuState.REFUSED and not submission.eu_uuid:
        # Compliant again after it was held back or refused: try again with what the statement is now.
        submission.state, submission.next_attempt_at = EuState.PENDING, timezone.now()
        submission.save(update_fields=["state", "next_attempt_at", "updated_at"])
        created = True
    if created:
        # A broker outage must not undo the status change; the sweep sends it later.
        enqueue(SEND_TASK, submission.pk, queue=settings.EU_IS_QUEUE)
    return submission


def eu_submissions_release(*, owner_id: int) -> int:
    """Submissions that waited for credentials go back to the queue (credentials were stored)."""

    ids = list(
        EuSubmission.objects.filter(statement__owner_id=owner_id, state=EuState.NO_CREDENTIALS).values_list(
            "pk", flat=True
        )
    )
    EuSubmission.objects.filter(pk__in=ids).update(state=EuState.PENDING, next_attempt_at=timezone.now())
    for pk in ids:
        enqueue(SEND_TASK, pk, queue=settings.EU_IS_QUEUE)
    return len(ids)


# --- Sending ---------------------------------------------------------------------------


def eu_submission_send(*, submission_id: int) -> EuSubmission | None:
    """Submit one statement to the EU, at most once. Safe to run twice and after a crash."""
    now = timezone.now()
    with transaction.atomic():
        submission = (
            EuSubmission.objects.select_for_update()
            .select_related("statement")
            .filter(pk=submission_id)
            .first()
        )
        if submission is None or submission.state not in (EuState.PENDING, EuState.NO_CREDENTIALS):
            return submission
        if submission.attempt_started_at and now - submission.attempt_started_at < timedelta(
            seconds=_lease().seconds
        ):
            return submission  # another worker is in the call right now
        if submission.statement.status != DDSStatus.COMPLIANT and submission.attempt_id is None:
            # Withdrawn or back under review before its turn came: only COMPLIANT statements go.
            submission.state = EuState.REFUSED
            submission.error_message = (
                f"Not sent: the statement is {submission.statement.status}, not COMPLIANT."
            )
            submission.error_kind = EuErrorKind.NONE
            submission.save(update_fields=["state", "error_message", "error_kind", "updated_at"])
            return submission
        credential = _usable_credential(submission.statement.owner_id)
        if credential is None:
            submission.state = EuState.NO_CREDENTIALS
            submission.error_message = (
                f"No EU credentials for the {configured_environment()} environment in this account."
            )
            submission.error_kind = EuErrorKind.NONE
            submission.save(update_fields=["state", "error_message", "error_kind", "updated_at"])
            return submission
        # A previous attempt that never recorded its answer may have reached the EU.
        uncertain = submission.attempt_id is not None
        submission.attempt_id = uuid_module.uuid4()
        submission.attempt_started_at = now
        submission.attempts += 1
        submission.save(update_fields=["attempt_id", "attempt_started_at", "attempts", "updated_at"])
    client = _client(credential)
    simplified = submission.statement.filing_kind == FilingKind.SIMPLIFIED
    try:
        if uncertain:
            found = _find_by_internal_reference(client, submission.internal_reference, simplified=simplified)
            if found is not None:
                eu_credential_confirm(credential=credential)
                return _accepted(submission, found.uuid, overview=found)
        statement = DueDiligenceStatement.objects.prefetch_related("commodities__producers__plots").get(
            pk=submission.statement_id
        )
        representative = statement.operator_role == "authorised_representative"
        if simplified:
            eu_uuid = client.submit_sd(
                sd_to_eu(statement, internal_reference=submission.internal_reference),
                role=SdOperatorRole.REPRESENTATIVE_MSPO if representative else SdOperatorRole.MICRO_OPERATOR,
            )
        else:
            eu_uuid = client.submit_dds(
                dds_to_eu(statement),
                role=DdsOperatorRole.REPRESENTATIVE_OPERATOR if representative else DdsOperatorRole.OPERATOR,
            )
    except EuisRetryable as exc:
        return _retry_later(submission, exc, sent=not isinstance(exc, EuisRateLimited))
    except NotMappable as exc:
        return _refused(submission, message=str(exc), codes=[], clear_attempt=True, kind=EuErrorKind.NONE)
    except EuisRequestInvalid as exc:
        logger.error("Our request for %s breaks the contract: %s", submission.internal_reference, exc)
        return _refused(submission, message=str(exc), codes=[], clear_attempt=True, kind=EuErrorKind.NONE)
    except EuisFault as exc:
        if isinstance(exc, EuisAuthenticationError):
            eu_credential_unconfirm(credential=credential, reason=str(exc))
        messages = "; ".join(e.message for e in exc.errors if e.message) or str(exc)
        return _refused(
            submission,
            message=messages,
            codes=[e.key for e in exc.errors],
            clear_attempt=True,
            kind=EuErrorKind.EU,
        )
    except EuisError as exc:  # our configuration, or an answer outside the contract
        return _refused(
            submission, message=str(exc), codes=[], clear_attempt=False, kind=EuErrorKind.EXCHANGE
        )
    # The EU took a statement with these credentials: they work (if not confirmed when stored).
    eu_credential_confirm(credential=credential)
    return _accepted(submission, eu_uuid)


def _find_by_internal_reference(
    client: EuisClient, internal_reference: str, *, simplified: bool
) -> Overview | None:
    lookup = client.get_sd_by_internal_reference if simplified else client.get_dds_by_internal_reference
    try:
        found = lookup(internal_reference)
    except EuisNotFound:
        return None
    live = [o for o in found if o.internal_reference == internal_reference]
    return live[0] if live else None


def retry_error_kind(exc: EuisError) -> EuErrorKind:
    """What kind of failure a retryable error is, for the sentence the panel shows."""
    if isinstance(exc, EuisRateLimited):  # HTTP 429 or 503
        return EuErrorKind.RATE_LIMITED
    if isinstance(exc, EuisTimeout):
        return EuErrorKind.TIMEOUT
    if isinstance(exc, EuisUnreachable):  # not resolved, refused, or the breaker is open
        return EuErrorKind.UNREACHABLE
    return EuErrorKind.EU_FAILURE  # a server fault, a bare 5xx, a dropped connection


def _retry_later(submission: EuSubmission, exc: EuisError, *, sent: bool) -> EuSubmission:

    delay = retry_delay(exc, submission.attempts)
    submission.next_attempt_at = timezone.now() + timedelta(seconds=delay)
    submission.attempt_started_at = None
    if not sent:
        submission.attempt_id = None  # throttled: the EU did not take the request
    elif submission.unavailable_since is None:
        submission.unavailable_since = timezone.now()  # a throttled EU is up: not an outage
    submission.error_message = str(exc)[:1000]
    submission.error_kind = retry_error_kind(exc)
    submission.save(
        update_fields=[
            "next_attempt_at",
            "attempt_started_at",
            "attempt_id",
            "error_message",
            "error_kind",
            "unavailable_since",
            "updated_at",
        ]
    )
    if not runs_inline():
        # In eager mode (tests, a shell) a retry would run inline at once: the sweep retries instead.
        send(SEND_TASK, submission.pk, countdown=delay, queue=settings.EU_IS_QUEUE)
    logger.warning("EU submission %s retried in %.0f s: %s", submission.internal_reference, delay, exc)
    return submission


def _refused(
    submission: EuSubmission, *, message: str, codes: list[str], clear_attempt: bool, kind: EuErrorKind
) -> EuSubmission:
    """The EU (or our mapping) refused it: shown to the account, nothing public changes."""
    with transaction.atomic():
        submission.state = EuState.REFUSED
        submission.error_message = message[:2000]
        submission.error_kind = kind
        submission.error_codes = codes
        submission.attempt_started_at = None
        if clear_attempt:
            submission.attempt_id = None
        submission.save()
        events.dds_eu_status_changed_emit(submission=submission, from_status=submission.eu_status)
    return submission


def _accepted(submission: EuSubmission, eu_uuid: str, *, overview: Overview | None = None) -> EuSubmission:
    now = timezone.now()
    with transaction.atomic():
        submission.state = EuState.SUBMITTED
        submission.eu_uuid = eu_uuid
        submission.submitted_at = submission.submitted_at or now
        submission.attempt_started_at = None
        submission.error_message = ""
        submission.error_kind = EuErrorKind.NONE
        submission.unavailable_since = None
        submission.next_poll_at = now + timedelta(seconds=settings.EU_IS_FIRST_POLL_SECONDS)
        submission.save()
        _status_set(submission, overview.status if overview else EudrStatus.SUBMITTED, overview=overview)
    return submission


# --- Status ----------------------------------------------------------------------------


def _status_set(submission: EuSubmission, status: EudrStatus, *, overview: Overview | None) -> None:
    """Record what the EU says; inside a transaction. An event only when the status moved."""
    previous = submission.eu_status
    now = timezone.now()
    if overview is not None:
        submission.reference_number = overview.reference_number or submission.reference_number
        submission.verification_number = overview.verification_number or submission.verification_number
        if overview.rejection_reason:
            submission.error_message = overview.rejection_reason
            submission.error_kind = EuErrorKind.EU
    submission.eu_status = status.value
    if status in FINAL_STATUSES:
        submission.state = EuState.FINAL
    submission.save()
    if status == EudrStatus.AVAILABLE and submission.reference_number:
        statement = submission.statement
        statement.eu_reference_number = submission.reference_number
        statement.eu_verification_number = submission.verification_number
        statement.save(update_fields=["eu_reference_number", "eu_verification_number", "updated_at"])
    if previous != status.value:
        submission.eu_status_at = now
        submission.save(update_fields=["eu_status_at"])
        EuStatusChange.objects.create(
            submission=submission,
            from_status=previous,
            to_status=status.value,
            changed_at=now,
            detail=(overview.rejection_reason or "") if overview else "",
        )
        events.dds_eu_status_changed_emit(submission=submission, from_status=previous)
        # The EU's status is part of the statement's public record: its latest evidence record
        # says it too (compliance.public_record), so a reader gets one answer.
        statement_record_reissue(submission.statement)


def eu_submissions_poll(*, now=None) -> int:
    """Ask the EU for the status of every due submission, 100 per call, per account, up to
    POLL_PASS_LIMIT of them and POLL_PASS_SECONDS of work per pass; returns how many.

    A pass drains what is due rather than a fixed batch per beat: a buyer who files for 2,000
    farmers at once sees their EU numbers within one beat of the EU issuing them (a batch of
    500 a minute took four minutes more, measured under `make run`). Each row is taken once
    per pass (its ids are read first, oldest due first), so a delay of 0 cannot spin it."""
    now = now or timezone.now()
    started = time.monotonic()
    due_ids = list(
        EuSubmission.objects.filter(state=EuState.SUBMITTED, next_poll_at__lte=now)
        .order_by("next_poll_at", "pk")
        .values_list("pk", flat=True)[:POLL_PASS_LIMIT]
    )
    polled = 0
    for start in range(0, len(due_ids), SWEEP_BATCH):
        if time.monotonic() - started > POLL_PASS_SECONDS:
            break  # the next beat goes on with the rest, oldest due first
        polled += _poll_due(due_ids[start : start + SWEEP_BATCH], now=now)
    return polled


def _poll_due(ids: list[int], *, now) -> int:
    due = list(
        EuSubmission.objects.filter(pk__in=ids, state=EuState.SUBMITTED)
        .select_related("statement")
        .order_by("next_poll_at", "pk")
    )
    by_owner: dict[int, list[EuSubmission]] = {}
    for submission in due:
        by_owner.setdefault(submission.statement.owner_id, []).append(submission)
    for owner_id, submissions in by_owner.items():
        credential = _usable_credential(owner_id)
        if credential is None:
            continue
        client = _client(credential)
        for simplified in (False, True):
            kind = [
                s for s in submissions if (s.statement.filing_kind == FilingKind.SIMPLIFIED) is simplified
            ]
            for start in range(0, len(kind), GET_DDS_BATCH):
                _poll_batch(client, kind[start : start + GET_DDS_BATCH], now=now, simplified=simplified)
    return len(due)


def _poll_batch(client: EuisClient, batch: list[EuSubmission], *, now, simplified: bool) -> None:
    get = client.get_sd if simplified else client.get_dds
    try:
        overviews = {o.uuid: o for o in get([s.eu_uuid for s in batch])}
    except EuisTransportError as exc:
        logger.warning("Polling the EU failed, asking again soon: %s", exc)
        _poll_after_network_failure(batch, now=now)
        return
    except EuisRetryable as exc:
        later = now + timedelta(seconds=retry_delay(exc, 1))
        EuSubmission.objects.filter(pk__in=[s.pk for s in batch]).update(next_poll_at=later)
        return
    except EuisError as exc:
        logger.error("Polling the EU failed: %s", exc)
        later = now + timedelta(seconds=next_poll_delay(0, first=settings.EU_IS_FIRST_POLL_SECONDS))
        EuSubmission.objects.filter(pk__in=[s.pk for s in batch]).update(next_poll_at=later)
        return
    for submission in batch:
        overview = overviews.get(submission.eu_uuid)
        with transaction.atomic():
            locked = (
                EuSubmission.objects.select_for_update().select_related("statement").get(pk=submission.pk)
            )
            if locked.state != EuState.SUBMITTED:
                continue
            locked.polls += 1
            locked.unavailable_since = None
            locked.next_poll_at = now + timedelta(
                seconds=next_poll_delay(locked.polls, first=settings.EU_IS_FIRST_POLL_SECONDS)
            )
            if overview is None:
                locked.save(update_fields=["polls", "next_poll_at", "unavailable_since", "updated_at"])
                continue
            _status_set(locked, overview.status, overview=overview)


# When the EU could not be reached for a status check (name not resolved, connection
# refused or dropped, no answer in time), ask again after 1, 2, then every 5 minutes of
# the outage: a network failure says nothing about the statement, so it must not wait
# the 30-minute first-poll delay, nor be asked every few seconds.
NETWORK_RETRY_SECONDS = (60, 120, 300)


def network_retry_delay(unavailable_for: timedelta) -> int:
    """Seconds until the next status check, `unavailable_for` into an outage (0 at its first failure)."""
    if unavailable_for < timedelta(seconds=NETWORK_RETRY_SECONDS[0]):
        return NETWORK_RETRY_SECONDS[0]
    if unavailable_for < timedelta(seconds=NETWORK_RETRY_SECONDS[0] + NETWORK_RETRY_SECONDS[1]):
        return NETWORK_RETRY_SECONDS[1]
    return NETWORK_RETRY_SECONDS[2]


def _poll_after_network_failure(batch: list[EuSubmission], *, now) -> None:
    for submission in batch:
        since = submission.unavailable_since or now
        EuSubmission.objects.filter(pk=submission.pk, state=EuState.SUBMITTED).update(
            unavailable_since=since,
            next_poll_at=now + timedelta(seconds=network_retry_delay(now - since)),
        )


def eu_submissions_sweep(*, grace_seconds: int = 60) -> int:
    """Re-enqueue submissions a lost message or a crashed worker left PENDING."""

    now = timezone.now()
    due = EuSubmission.objects.filter(
        state=EuState.PENDING, next_attempt_at__lte=now - timedelta(seconds=grace_seconds)
    )
    # No attempt in flight: none started, or one that outlived its lease (its worker died).
    unheld = due.filter(Q(attempt_started_at__isnull=True) | _lease().expired(now=now))
    return sweep(SEND_TASK, unheld, queue=settings.EU_IS_QUEUE, batch=SWEEP_BATCH)


# --- Withdrawal ------------------------------------------------------------------------


def eu_contingency(submission: EuSubmission, *, now=None) -> dict | None:
    """What the user may do while the EU system is down for more than 60 minutes (OPS 11.6.5).

    We keep the statement in the outbox and keep trying; nothing is lost. The contingency
    reference number comes from a competent or customs authority, not from us, and the
    EU's own reference number replaces it once the statement is accepted."""
    if submission.unavailable_since is None or submission.state != EuState.PENDING:
        return None
    now = now or timezone.now()
    if now - submission.unavailable_since < timedelta(minutes=CONTINGENCY_AFTER_MINUTES):
        return None
    return {
        "since": iso_millis(submission.unavailable_since),
        "source": "Operator API Reference v1.0, 11.6.5",
        "message": (
            f"The EU Information System has not answered for more than {CONTINGENCY_AFTER_MINUTES} "
            "minutes. We keep the statement and send it as soon as the system answers; its reference "
            "number will then be shown here. If the goods must move before that, ask your competent "
            "authority or customs for a contingency reference number: the EU reference number "
            "replaces it once the system is restored."
        ),
    }


def eu_withdraw_window_closes(submission: EuSubmission):
    """End of the 72 hours for a DDS; a simplified declaration has no documented window (OPS 4.2.2)."""
    if submission.submitted_at is None or submission.statement.filing_kind == FilingKind.SIMPLIFIED:
        return None
    return submission.submitted_at + timedelta(hours=AMEND_WITHDRAW_WINDOW_HOURS)


def dds_withdraw(*, statement: DueDiligenceStatement, by) -> DueDiligenceStatement:
    """Withdraw a statement here and, if the EU holds it, at the EU (72 hours, OPS 4.1.2)."""
    if statement.status == DDSStatus.WITHDRAWN:
        raise WithdrawRefused("dds_already_withdrawn", "This statement is already withdrawn.")
    submission = EuSubmission.objects.filter(statement=statement).first()
    if submission is not None and submission.state in (EuState.SUBMITTED, EuState.FINAL):
        _withdraw_at_eu(submission)
    elif submission is not None and submission.attempt_started_at is not None:
        raise WithdrawRefused(
            "eu_submission_in_progress", "The statement is being sent to the EU right now; try again shortly."
        )
    with transaction.atomic():
        if submission is not None and submission.state in (EuState.PENDING, EuState.NO_CREDENTIALS):
            # Never sent: nothing to withdraw at the EU, and it must not be sent any more.
            submission.state = EuState.FINAL
            submission.error_message = "Withdrawn before it was sent to the EU."
            submission.error_kind = EuErrorKind.NONE
            submission.save(update_fields=["state", "error_message", "error_kind", "updated_at"])
        return dds_transition(
            statement=statement,
            to_status=DDSStatus.WITHDRAWN,
            by=by,
            reason="Withdrawn by the operator",
            rule="withdrawn",
        )


def _withdraw_at_eu(submission: EuSubmission) -> None:
    if submission.eu_status not in (EudrStatus.SUBMITTED, EudrStatus.AVAILABLE):
        raise WithdrawRefused(
            "eu_withdraw_not_allowed_for_status",
            "The EU allows withdrawal only while SUBMITTED or AVAILABLE; "
            f"it is {submission.eu_status or 'refused'}.",
        )
    simplified = submission.statement.filing_kind == FilingKind.SIMPLIFIED
    closes = eu_withdraw_window_closes(submission)
    if closes is not None and timezone.now() > closes:
        raise WithdrawRefused(
            "eu_withdraw_window_closed",
            f"The EU allows withdrawal within {AMEND_WITHDRAW_WINDOW_HOURS} hours of submission; "
            f"the window closed at {closes.isoformat()}.",
        )
    credential = _usable_credential(submission.statement.owner_id)
    if credential is None:
        raise WithdrawRefused("eu_credentials_missing", "Store your EU credentials before withdrawing.")
    try:
        client = _client(credential)
        answer = (client.withdraw_sd if simplified else client.withdraw_dds)(submission.eu_uuid)
    except EuisFault as exc:
        raise WithdrawRefused(
            "eu_withdraw_refused", "The EU refused the withdrawal: " + ", ".join(e.key for e in exc.errors)
        ) from exc
    except EuisRetryable as exc:
        raise WithdrawRefused("eu_unavailable", f"The EU Information System did not answer: {exc}") from exc
    with transaction.atomic():
        locked = EuSubmission.objects.select_for_update().select_related("statement").get(pk=submission.pk)
        locked.withdrawn_at = timezone.now()
        locked.save(update_fields=["withdrawn_at"])
        _status_set(locked, answer.status, overview=None)
