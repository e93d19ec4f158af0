"""Mandates at scale: a signed authorisation uploaded, or a confirmation by e-mail link.

What the service checks itself and what it leaves to staff (docs/buyers.md):
- an uploaded authorisation: its type (PDF, JPEG or PNG, by its first bytes, not its
  name) and size; not the signature or the signatory: staff review it in the admin;
- an e-mail confirmation: that the link sent to the roster's address was used before
  it expired; the person behind the address is the buyer's statement on its roster.
The link is stored encrypted (so a failed send can be retried) and looked up by its
hash; it stays usable for revoking after the confirmation.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import textwrap
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.db.models import Count, QuerySet, Sum
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import User
from compliance.public_record import MandateBasis, RepresentedMandate
from eudr_service.lib.background import enqueue, sweep
from regulation.commodities import commodity_label
from suppliers.models import (
    MANDATE_IN_FORCE,
    EmailState,
    MandateKind,
    MandateStatus,
    Supplier,
    SupplierMandate,
)

# A scanned signed page. Through the API the request body limit (API_MAX_BODY_BYTES, 2 MiB
# by default) refuses a larger upload first, with 413.
MAX_DOCUMENT_BYTES = 2 * 1024 * 1024
EMAIL_TASK = "suppliers.mandate_email_send"
LINK_VALID_DAYS = 30  # an unconfirmed request expires; a new one can be sent
# The first bytes that make a file what it says it is.
DOCUMENT_SIGNATURES = {
    b"%PDF-": "application/pdf",
    b"\xff\xd8\xff": "image/jpeg",
    b"\x89PNG\r\n\x1a\n": "image/png",
}


class MandateRefused(ValueError):
    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


class MandateLimitReached(MandateRefused):
    """A daily cap of the account (e-mails sent, scans uploaded) would be passed."""

    def __init__(self, code: str, message: str, *, retry_after: int) -> None:
        self.retry_after = retry_after
        super().__init__(code, message)


def _day_start(now: datetime) -> datetime:
    """Midnight UTC: the caps count per UTC day, as the API's daily quota does."""
    return now.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)


def _seconds_to_midnight(now: datetime) -> int:
    return max(1, int((_day_start(now) + timedelta(days=1) - now).total_seconds()))


def _lock_account(owner_id: int) -> None:
    # Two requests of one account queue here, so a cap counted in the database holds
    # across every worker process (no per-process counter).
    User.objects.select_for_update().filter(pk=owner_id).first()


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def document_type_of(data: bytes) -> str | None:
    return next((kind for magic, kind in DOCUMENT_SIGNATURES.items() if data.startswith(magic)), None)


def _scans_check(*, supplier: Supplier, size: int, now: datetime) -> None:
    """The account's uploads today, in number and bytes, stay within MANDATE_SCANS_PER_DAY and
    MANDATE_SCAN_BYTES_PER_DAY (call inside the transaction that stores the upload)."""
    _lock_account(supplier.owner_id)
    today = SupplierMandate.objects.filter(
        supplier__owner_id=supplier.owner_id, kind=MandateKind.DOCUMENT, created_at__gte=_day_start(now)
    ).aggregate(count=Count("id"), size=Sum("document_size"))
    count, used = today["count"] or 0, today["size"] or 0
    if count + 1 > settings.MANDATE_SCANS_PER_DAY or used + size > settings.MANDATE_SCAN_BYTES_PER_DAY:
        raise MandateLimitReached(
            "mandate_scans_exceeded",
            f"Today's uploads of authorisations are used up ({count} of {settings.MANDATE_SCANS_PER_DAY} "
            f"files, {used // 1024} of {settings.MANDATE_SCAN_BYTES_PER_DAY // 1024} KiB); "
            "the count resets at midnight UTC.",
            retry_after=_seconds_to_midnight(now),
        )


def mandate_document_record(*, supplier: Supplier, filename: str, data: bytes) -> SupplierMandate:
    """An uploaded signed authorisation, awaiting staff review."""
    if not data:
        raise MandateRefused("empty_document", "The file is empty.")
    if len(data) > MAX_DOCUMENT_BYTES:
        raise MandateRefused("document_too_large", f"At most {MAX_DOCUMENT_BYTES // (1024 * 1024)} MB.")
    kind = document_type_of(data)
    if kind is None:
        raise MandateRefused("unsupported_document", "Upload the signed authorisation as PDF, JPEG or PNG.")
    with transaction.atomic():
        _scans_check(supplier=supplier, size=len(data), now=timezone.now())
        return SupplierMandate.objects.create(
            supplier=supplier,
            kind=MandateKind.DOCUMENT,
            status=MandateStatus.PENDING_REVIEW,
            document=base64.b64encode(data).decode(),
            document_name=filename[:200],
            document_type=kind,
            document_sha256=hashlib.sha256(data).hexdigest(),
            document_size=len(data),
        )


def mandate_document_bytes(mandate: SupplierMandate) -> bytes:
    return base64.b64decode(mandate.document)


def mandate_request(*, supplier: Supplier, now: datetime | None = None) -> SupplierMandate:
    """A confirmation request by e-mail; the message is sent by a worker after commit.

    A test supplier (uploaded with a test key) gets its request and link, but no e-mail: test
    keys send nothing outside; the request says so (`email_state`)."""
    if not supplier.email:
        raise MandateRefused("email_required", "The supplier has no e-mail address on the roster.")
    now = now or timezone.now()
    token = secrets.token_urlsafe(32)
    mandate = SupplierMandate.objects.create(
        supplier=supplier,
        kind=MandateKind.EMAIL,
        status=MandateStatus.REQUESTED,
        token=token,
        token_hash=_token_hash(token),
        expires_at=now + timedelta(days=LINK_VALID_DAYS),
        email_state=EmailState.QUEUED if supplier.livemode else EmailState.NOT_SENT_TEST_MODE,
    )
    if supplier.livemode:
        # The row exists before the send is attempted: a lost task is re-sent by the sweep.
        enqueue(EMAIL_TASK, mandate.pk)
    return mandate


IN_FORCE = MANDATE_IN_FORCE


def _emails_check(*, owner_id: int, wanted: int, now: datetime) -> None:
    """`wanted` more e-mails stay within MANDATE_EMAILS_PER_DAY for the account (live requests
    made today, UTC); all or none: a batch is not cut at an arbitrary supplier."""
    _lock_account(owner_id)
    used = SupplierMandate.objects.filter(
        supplier__owner_id=owner_id,
        kind=MandateKind.EMAIL,
        supplier__livemode=True,
        created_at__gte=_day_start(now),
    ).count()
    cap = settings.MANDATE_EMAILS_PER_DAY
    if used + wanted > cap:
        raise MandateLimitReached(
            "mandate_emails_exceeded",
            f"{wanted} e-mail(s) asked, {max(0, cap - used)} of today's {cap} left; "
            "the count resets at midnight UTC.",
            retry_after=_seconds_to_midnight(now),
        )


def mandates_request_many(*, suppliers) -> tuple[int, int]:
    """A request to every supplier of `suppliers` (a queryset) with an e-mail and no mandate
    in force or awaiting an answer; returns (requested, skipped). Raises MandateLimitReached
    (nothing requested) when the account's e-mails of the day would pass the cap."""
    requested = skipped = 0
    now = timezone.now()
    with transaction.atomic():
        todo = []
        for supplier in suppliers.prefetch_related("mandates"):
            current = supplier.current_mandate()
            if not supplier.email or (current is not None and current.status in IN_FORCE):
                skipped += 1
                continue
            todo.append(supplier)
        live = [supplier for supplier in todo if supplier.livemode]
        if live:
            _emails_check(owner_id=live[0].owner_id, wanted=len(live), now=now)
        for supplier in todo:
            mandate_request(supplier=supplier, now=now)
            requested += 1
    return requested, skipped


def mandate_filed_on(mandate: SupplierMandate) -> RepresentedMandate | None:
    """What a declaration filed now under `mandate` rests on, for its public record: a signed
    authorisation staff reviewed, or the supplier's e-mail confirmation; None when it is not
    in force."""
    if not mandate.is_active:
        return None
    if mandate.kind == MandateKind.DOCUMENT:
        return RepresentedMandate(basis=MandateBasis.SIGNED_DOCUMENT, confirmed_at=mandate.reviewed_at)
    return RepresentedMandate(basis=MandateBasis.EMAIL_CONFIRMATION, confirmed_at=mandate.confirmed_at)


def mandate_link(mandate: SupplierMandate) -> str:
    return f"{settings.PUBLIC_BASE_URL.rstrip('/')}/mandates/{mandate.token}"


def buyer_name(supplier: Supplier) -> str:
    """The buyer as its suppliers know it: its own organisation's name, else its e-mail."""
    own = supplier.owner.organisations.order_by("-verified_at", "id").first()
    return own.name if own is not None else supplier.owner.email


def _paragraphs(text: str) -> str:
    """Plain text wrapped at 72 columns, links left whole: readable in any mail client."""
    return "\n\n".join(
        textwrap.fill(part, width=72, break_long_words=False, break_on_hyphens=False)
        for part in text.split("\n\n")
    )


def _email_text(mandate: SupplierMandate, lang: str) -> tuple[str, str]:
    supplier = mandate.supplier
    facts = mandate.authorised_facts()
    with translation.override(lang):
        subject = _("%(buyer)s asks you to authorise it to file your EUDR declaration") % {
            "buyer": buyer_name(supplier)
        }
        body = _(
            "%(buyer)s, which buys your goods, asks for your authorisation to file, in your name and "
            "as your authorised representative (Regulation (EU) 2023/1115, Article 6), the simplified "
            "declaration of a micro or small primary operator with the EU Information System.\n\n"
            "It would be filed for %(name)s (your number at the buyer: %(number)s), for %(commodity)s."
            "\n\nSee what would be filed, and confirm or refuse, at:\n\n%(link)s\n\n"
            "The link is valid until %(until)s. After confirming you can use it to see what was filed "
            "in your name and to revoke the authorisation at any time."
        ) % {
            "buyer": buyer_name(supplier),
            "name": facts.get("name", ""),
            "number": facts.get("producer_number", ""),
            "commodity": commodity_label(facts.get("commodity", "")),
            "link": mandate_link(mandate),
            "until": mandate.expires_at.date().isoformat() if mandate.expires_at else "",
        }
    return subject, _paragraphs(body)


def mandate_email_message(mandate: SupplierMandate) -> EmailMessage:
    """The request's e-mail in the supplier's language: Polish (the roster's suppliers are
    Polish farmers and forest owners), the English text after it for whoever helps them.
    To the address that was authorised, never to one written into the roster since."""
    polish, english = _email_text(mandate, "pl"), _email_text(mandate, "en")
    message = EmailMessage(
        subject=polish[0],
        body=f"{polish[1]}\n\n-- \nEnglish\n\n{_paragraphs(english[0])}\n\n{english[1]}\n",
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[mandate.authorised_facts().get("email") or mandate.supplier.email],
        headers={"Content-Language": "pl, en"},
    )
    # UTF-8 sent as 8 bits: the .eml under var/mail/ reads as the text, not as Base64.
    message.encoding = "utf-8"
    return message


def mandate_email_send(mandate_id: int) -> bool:
    """Send a live request's e-mail; at least once, never for a closed request or a test one."""
    mandate = (
        SupplierMandate.objects.select_related("supplier", "supplier__owner")
        .filter(
            pk=mandate_id,
            status=MandateStatus.REQUESTED,
            email_sent_at__isnull=True,
            supplier__livemode=True,
        )
        .first()
    )
    if mandate is None:
        return False
    mandate_email_message(mandate).send()
    SupplierMandate.objects.filter(pk=mandate.pk, email_sent_at__isnull=True).update(
        email_sent_at=timezone.now(), email_state=EmailState.SENT
    )
    return True


def mandate_by_token(token: str) -> SupplierMandate | None:
    if not token or len(token) > 100:
        return None
    return (
        SupplierMandate.objects.select_related("supplier", "supplier__owner")
        .filter(kind=MandateKind.EMAIL, token_hash=_token_hash(token))
        .first()
    )


def mandate_confirm(mandate: SupplierMandate, *, now: datetime | None = None) -> SupplierMandate:
    now = now or timezone.now()
    # An expired link is marked so (kept), then refused.
    SupplierMandate.objects.filter(pk=mandate.pk, status=MandateStatus.REQUESTED, expires_at__lte=now).update(
        status=MandateStatus.EXPIRED
    )
    with transaction.atomic():
        locked = SupplierMandate.objects.select_for_update().select_related("supplier").get(pk=mandate.pk)
        if locked.status != MandateStatus.REQUESTED:
            raise MandateRefused("not_confirmable", "This request can no longer be confirmed.")
        # The supplier confirms what the page showed: the data as asked, still the roster's.
        differing = locked.differing_fields(locked.supplier.authorised_facts())
        if differing:
            locked.suspend(fields=differing, reason="confirmation: the roster changed since the request")
        else:
            locked.status, locked.confirmed_at = MandateStatus.ACTIVE, now
            locked.save(update_fields=["status", "confirmed_at"])
    if differing:  # refused once committed: the suspension stays recorded
        raise MandateRefused("not_confirmable", "This request can no longer be confirmed.")
    return locked


def mandate_revoke(mandate: SupplierMandate, *, now: datetime | None = None) -> SupplierMandate:
    """The supplier withdraws the authorisation: nothing more is filed in its name."""
    with transaction.atomic():
        locked = SupplierMandate.objects.select_for_update().get(pk=mandate.pk)
        if locked.status not in (*IN_FORCE, MandateStatus.NEEDS_RECONFIRMATION):
            raise MandateRefused("not_revocable", "This authorisation is not in force.")
        locked.status, locked.revoked_at = MandateStatus.REVOKED, now or timezone.now()
        locked.save(update_fields=["status", "revoked_at"])
    return locked


def mandate_review(mandate: SupplierMandate, *, staff, approve: bool, note: str = "") -> SupplierMandate:
    """Staff's decision on an uploaded authorisation (signature and signatory checked)."""
    with transaction.atomic():
        locked = SupplierMandate.objects.select_for_update().select_related("supplier").get(pk=mandate.pk)
        if locked.status != MandateStatus.PENDING_REVIEW:
            raise MandateRefused("not_reviewable", "Only an authorisation awaiting review can be decided.")
        differing = locked.differing_fields(locked.supplier.authorised_facts()) if approve else []
        if differing:
            # The document was signed for the data of its upload; the roster has changed since.
            locked.suspend(fields=differing, by=staff, reason="review: the roster changed since the upload")
        else:
            locked.status = MandateStatus.ACTIVE if approve else MandateStatus.REJECTED
            locked.reviewed_at, locked.reviewed_by, locked.review_note = timezone.now(), staff, note
            locked.save(update_fields=["status", "reviewed_at", "reviewed_by", "review_note"])
    if differing:  # refused once committed: the suspension stays recorded
        raise MandateRefused("not_reviewable", "The supplier's data changed since the upload.")
    return locked


def mandates_expire(*, now: datetime | None = None) -> int:
    """Requests past their link's validity become expired (periodic)."""
    now = now or timezone.now()
    return SupplierMandate.objects.filter(status=MandateStatus.REQUESTED, expires_at__lte=now).update(
        status=MandateStatus.EXPIRED
    )


def mandate_emails_unsent(*, older_than: timedelta = timedelta(minutes=5)) -> QuerySet[SupplierMandate]:
    """Requests whose e-mail was never sent (a lost task)."""
    cutoff = timezone.now() - older_than
    return SupplierMandate.objects.filter(
        status=MandateStatus.REQUESTED,
        email_sent_at__isnull=True,
        created_at__lte=cutoff,
        supplier__livemode=True,
    )


def mandates_maintain() -> int:
    """Periodic: expire requests past their link, and send again what a lost task left
    unsent; how many expired."""
    sweep(EMAIL_TASK, mandate_emails_unsent(), batch=500)
    return mandates_expire()
