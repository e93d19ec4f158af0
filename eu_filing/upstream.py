"""The statements an account relies on, checked with the EU and checked again.

Downstream operators and traders file no statement of their own (TRADE was removed in
V3, OPS 7.1.5). Only the first one, which buys from an operator, collects the statement
reference numbers or declaration identifiers (Article 5(3) as amended by Regulation (EU)
2025/2650); a later one keeps only its trading partners (compliance.downstream). Each
pair is checked with the EU's verifyDeclaration (DTR 4.1) and the answer kept. The row
is stored before the EU is asked, so a failed check can be repeated.

A buyer filing for its farmers relies on more references than those it recorded: a
farmer's own declaration given on the roster (filed by himself, or by the paying agency
in the MEMBER_STATE role), the declarations behind its consignments, and its own
statements once the EU numbered them. Any of them can be withdrawn or suspended at the
EU without us being told, so every one is checked again on a schedule
(`upstream_references_recheck`, the longest overdue first, a bounded number per run, at
the EU client's pace) and on request (`upstream_references_recheck_request`). A state
that differs from the last answer is recorded once, with one `upstream.status_changed`
event in the same transaction; a check the EU did not answer changes nothing.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from eu_filing.events import upstream_status_changed_emit
from eu_filing.models import EuState, EuSubmission, UpstreamOrigin, UpstreamReference, UpstreamState
from eu_filing.outbox import _client, _usable_credential, configured_environment
from eudr_service.lib.background import enqueue, runs_inline
from euis.answers import Verification
from euis.client import EuisClient
from euis.contract import EudrStatus, VerifyResult
from euis.errors import EuisError, EuisFault, EuisRetryable, retry_delay

logger = logging.getLogger(__name__)

# What the buyer should do about a reference in each state, shown in the panel beside it.
UPSTREAM_ADVICE: dict[str, str | Promise] = {
    UpstreamState.VALID: _("Nothing to do: the declaration can be relied on."),
    UpstreamState.WITHDRAWN: _(
        "Do not place goods under this declaration. Ask the supplier for a new declaration's numbers, "
        "or file one for him under a mandate; replace the numbers in the roster."
    ),
    UpstreamState.NOT_USABLE: _(
        "The EU has suspended or rejected this declaration. Ask the supplier (or the paying agency) "
        "why, and do not rely on it until the EU says it is usable again."
    ),
    UpstreamState.NOT_FOUND: _(
        "The EU knows no declaration with these numbers: check them with the supplier (a typing "
        "mistake is the usual cause) and correct the roster."
    ),
    UpstreamState.UNKNOWN: _(
        "Not checked yet: the check runs in the background at the EU's pace. Without EU credentials "
        "for this environment it cannot run."
    ),
}
# States worth a notice in the panel: the reference cannot be relied on as it stands.
NEEDS_ACTION = (UpstreamState.WITHDRAWN, UpstreamState.NOT_USABLE, UpstreamState.NOT_FOUND)
# How long a run holds a row it is checking (a call is bounded by EU_IS_TIMEOUT_SECONDS).
CLAIM = timedelta(minutes=10)


def upstream_state(answer: Verification) -> UpstreamState:
    """The state an answer of verifyDeclaration means (DTR 4.1.2)."""
    if answer.result is VerifyResult.EXISTING_USABLE:
        return UpstreamState.VALID
    if answer.result is VerifyResult.NON_EXISTENT:
        return UpstreamState.NOT_FOUND
    if answer.status is EudrStatus.WITHDRAWN:
        return UpstreamState.WITHDRAWN
    return UpstreamState.NOT_USABLE


def _recheck_interval() -> timedelta:
    return timedelta(hours=settings.UPSTREAM_RECHECK_HOURS)


def upstream_reference_get_or_create(
    *,
    owner: User,
    reference_number: str,
    verification_number: str,
    origin: str = UpstreamOrigin.RECORDED,
    supplier: str = "",
    note: str = "",
) -> tuple[UpstreamReference, bool]:
    """The account's row for the pair, created once (due for a check at once); (row, created)."""
    try:
        with transaction.atomic():
            reference = UpstreamReference.objects.create(
                owner=owner,
                reference_number=reference_number,
                verification_number=verification_number,
                origin=origin,
                supplier=supplier,
                note=note,
            )
        return reference, True
    except IntegrityError:
        reference = UpstreamReference.objects.get(
            owner=owner, reference_number=reference_number, verification_number=verification_number
        )
        return reference, False


def upstream_reference_record(
    *,
    owner: User,
    reference_number: str,
    verification_number: str,
    supplier: str = "",
    note: str = "",
    origin: str = UpstreamOrigin.RECORDED,
) -> tuple[UpstreamReference, bool]:
    """Store the pair (once per account) and check it with the EU now; returns (row, created)."""
    reference, created = upstream_reference_get_or_create(
        owner=owner,
        reference_number=reference_number,
        verification_number=verification_number,
        origin=origin,
        supplier=supplier,
        note=note,
    )
    upstream_reference_check(reference=reference)
    return reference, created


def upstream_reference_check(
    *, reference: UpstreamReference, now: datetime | None = None
) -> UpstreamReference:
    """Ask the EU about one reference now, with the owner's credentials; the row as it then is."""
    now = now or timezone.now()
    credential = _usable_credential(reference.owner_id)
    if credential is None:
        _unchecked(reference, now=now)
    else:
        _check(_client(credential), reference, now=now)
    reference.refresh_from_db()
    return reference


def _unchecked(reference: UpstreamReference, *, now: datetime) -> None:
    message = f"No EU credentials for the {configured_environment()} environment: not checked with the EU."
    # Not checked again before the next round: storing credentials and asking re-checks it.
    UpstreamReference.objects.filter(pk=reference.pk).update(
        error_message=message, due_at=now + _recheck_interval(), updated_at=now
    )


def _check(client: EuisClient, reference: UpstreamReference, *, now: datetime) -> bool:
    """One verifyDeclaration; False when the EU did not answer (the caller stops asking it)."""
    try:
        answer = client.verify_declaration(reference.reference_number, reference.verification_number)
    except EuisRetryable as exc:
        # The EU is busy or away: the state stays as it was, the row is asked again soon.
        UpstreamReference.objects.filter(pk=reference.pk).update(
            error_message=f"The EU Information System did not answer: {exc}"[:500],
            due_at=now + timedelta(seconds=retry_delay(exc, 1)),
            updated_at=now,
        )
        return False
    except EuisFault as exc:
        codes = ", ".join(e.key for e in exc.errors)
        message = f"The EU refused the check: {codes or exc}"
    except EuisError as exc:
        message = f"The EU Information System did not answer: {exc}"
    else:
        _record_answer(reference.pk, answer, now=now)
        return True
    UpstreamReference.objects.filter(pk=reference.pk).update(
        error_message=message[:500], due_at=now + _recheck_interval(), updated_at=now
    )
    return True


def _record_answer(reference_id: int, answer: Verification, *, now: datetime) -> None:
    """The EU's answer kept; a state that differs from the last one is recorded with its event.

    The row is locked, so a scheduled and a requested check of the same reference that
    meet record the change, and send its event, once."""
    with transaction.atomic():
        reference = (
            UpstreamReference.objects.select_for_update(of=("self",))
            .select_related("owner", "submission__statement")
            .get(pk=reference_id)
        )
        before = reference.state
        after = upstream_state(answer)
        reference.result = answer.result.value
        reference.eu_status = answer.status.value if answer.status else ""
        reference.eu_checked_at = answer.date_time
        reference.error_message = ""
        reference.checked_at = now
        reference.due_at = now + _recheck_interval()
        if after != before:
            reference.state, reference.state_changed_at = after, now
        reference.save()
        if after != before and _is_news(reference, before=before, answer=answer):
            upstream_status_changed_emit(reference=reference, from_state=before)


def _is_news(reference: UpstreamReference, *, before: str, answer: Verification) -> bool:
    """A first answer that says "usable" is no news, nor is the EU status of an own statement
    the outbox already learnt (and announced as dds.eu_status_changed): a withdrawal made
    through this service. Any other difference is."""
    if before == UpstreamState.UNKNOWN and answer.usable:
        return False
    submission = reference.submission
    return not (submission is not None and answer.status and submission.eu_status == answer.status.value)


def own_statements_enlist(*, limit: int, now: datetime) -> int:
    """The account's own statements the EU numbered, added to the references re-checked
    (a statement withdrawn or suspended at the EU outside this service shows that way)."""
    # Only those the EU made available: one withdrawn through this service is known withdrawn.
    submissions = (
        EuSubmission.objects.filter(
            state=EuState.FINAL,
            eu_status=EudrStatus.AVAILABLE,
            upstream__isnull=True,
            statement__livemode=True,
        )
        .exclude(reference_number="")
        .select_related("statement")
        .order_by("id")[:limit]
    )
    count = 0
    for submission in submissions:
        reference, _created = upstream_reference_get_or_create(
            owner=submission.statement.owner,
            reference_number=submission.reference_number,
            verification_number=submission.verification_number,
            origin=UpstreamOrigin.OWN,
            note=submission.statement.dds_id,
        )
        if reference.submission_id is None:
            # Due in the run that found it.
            UpstreamReference.objects.filter(pk=reference.pk).update(submission=submission, due_at=now)
        count += 1
    return count


def upstream_references_recheck(*, now: datetime | None = None, limit: int | None = None) -> int:
    """Check the references due, the longest overdue first, at most `limit` (a run's share of
    the EU's pace); returns how many the EU answered. Stops when the EU does not answer."""
    now = now or timezone.now()
    limit = limit or settings.UPSTREAM_RECHECK_BATCH
    own_statements_enlist(limit=limit, now=now)
    due = list(UpstreamReference.objects.filter(due_at__lte=now).order_by("due_at", "id")[:limit])
    clients: dict[int, EuisClient | None] = {}
    answered = 0
    for reference in due:
        if not _claim(reference, now=now):
            continue  # another run took it
        if reference.owner_id not in clients:
            credential = _usable_credential(reference.owner_id)
            clients[reference.owner_id] = _client(credential) if credential else None
        client = clients[reference.owner_id]
        if client is None:
            _unchecked(reference, now=now)
            continue
        if not _check(client, reference, now=now):
            logger.warning("The EU did not answer a re-check; the rest waits for the next run.")
            break
        answered += 1
    return answered


def _claim(reference: UpstreamReference, *, now: datetime) -> bool:
    """Take the row for this run: two runs that meet (a slow run and the next beat, a run asked
    for on demand) do not both ask the EU. A run that dies leaves it due after CLAIM."""
    return bool(
        UpstreamReference.objects.filter(pk=reference.pk, due_at=reference.due_at).update(due_at=now + CLAIM)
    )


def upstream_references_recheck_request(*, owner: User) -> int:
    """Every reference of the account due at once (the panel's button, the API's action);
    returns how many. The check itself runs in the background, at the EU's pace."""
    now = timezone.now()
    count = UpstreamReference.objects.filter(owner=owner).update(due_at=now, updated_at=now)
    if count:
        upstream_recheck_enqueue()
    return count


def upstream_recheck_enqueue() -> None:
    """A re-check run now, off the request; without a broker the embedded schedule's next
    round takes the due rows instead (an eager task would hold the request for every call)."""
    if runs_inline():
        return
    enqueue("eu_filing.upstream_references_recheck", queue=settings.EU_IS_QUEUE)
