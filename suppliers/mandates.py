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
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from compliance.public_record import MandateBasis, RepresentedMandate
from suppliers.models import MandateKind, MandateStatus, Supplier, SupplierMandate

# A scanned signed page. Through the API the request body limit (API_MAX_BODY_BYTES, 2 MiB
# by default) refuses a larger upload first, with 413.
MAX_DOCUMENT_BYTES = 2 * 1024 * 1024
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


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def document_type_of(data: bytes) -> str | None:
    return next((kind for magic, kind in DOCUMENT_SIGNATURES.items() if data.startswith(magic)), None)


def mandate_document_record(*, supplier: Supplier, filename: str, data: bytes) -> SupplierMandate:
    """An uploaded signed authorisation, awaiting staff review."""
    if not data:
        raise MandateRefused("empty_document", "The file is empty.")
    if len(data) > MAX_DOCUMENT_BYTES:
        raise MandateRefused("document_too_large", f"At most {MAX_DOCUMENT_BYTES // (1024 * 1024)} MB.")
    kind = document_type_of(data)
    if kind is None:
        raise MandateRefused("unsupported_document", "Upload the signed authorisation as PDF, JPEG or PNG.")
    return SupplierMandate.objects.create(
        supplier=supplier,
        kind=MandateKind.DOCUMENT,
        status=MandateStatus.PENDING_REVIEW,
        document=base64.b64encode(data).decode(),
        document_name=filename[:200],
        document_type=kind,
        document_sha256=hashlib.sha256(data).hexdigest(),
    )


def mandate_document_bytes(mandate: SupplierMandate) -> bytes:
    return base64.b64decode(mandate.document)


def mandate_request(*, supplier: Supplier, now: datetime | None = None) -> SupplierMandate:
    """A confirmation request by e-mail; the message is sent by a worker after commit."""
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
    )
    # The row exists before the send is attempted: a lost task is re-sent by the sweep.
    # The task imports this module at call time; importing it here keeps no circle at load.
    from suppliers.tasks import mandate_email_send_task  # noqa: PLC0415

    transaction.on_commit(lambda: mandate_email_send_task.delay(mandate.pk))
    return mandate


IN_FORCE = (MandateStatus.ACTIVE, MandateStatus.PENDING_REVIEW, MandateStatus.REQUESTED)


def mandates_request_many(*, suppliers) -> tuple[int, int]:
    """A request to every supplier of `suppliers` (a queryset) with an e-mail and no mandate
    in force or awaiting an answer; returns (requested, skipped)."""
    requested = skipped = 0
    with transaction.atomic():
        for supplier in suppliers.prefetch_related("mandates"):
            current = supplier.current_mandate()
            if not supplier.email or (current is not None and current.status in IN_FORCE):
                skipped += 1
                continue
            mandate_request(supplier=supplier)
            requested += 1
    return requested, skipped


def mandate_filed_on(supplier: Supplier) -> RepresentedMandate | None:
    """What a declaration filed now for `supplier` rests on, for its public record: its mandate
    in force (a signed authorisation staff reviewed, or the supplier's e-mail confirmation);
    None without one."""
    mandate = supplier.current_mandate()
    if mandate is None or not mandate.is_active:
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


def _email_text(mandate: SupplierMandate, lang: str) -> tuple[str, str]:
    supplier = mandate.supplier
    with translation.override(lang):
        subject = _("%(buyer)s asks you to authorise it to file your EUDR declaration") % {
            "buyer": buyer_name(supplier)
        }
        body = _(
            "%(buyer)s, which buys your goods, asks for your authorisation to file, in your name and "
            "as your authorised representative (Regulation (EU) 2023/1115, Article 6), the simplified "
            "declaration of a micro or small primary operator with the EU Information System.\n\n"
            "See what would be filed, and confirm or refuse, at:\n%(link)s\n\n"
            "The link is valid until %(until)s. After confirming you can use it to see what was filed "
            "in your name and to revoke the authorisation at any time."
        ) % {
            "buyer": buyer_name(supplier),
            "link": mandate_link(mandate),
            "until": mandate.expires_at.date().isoformat() if mandate.expires_at else "",
        }
    return subject, body


def mandate_email_send(mandate_id: int) -> bool:
    """Send a request's e-mail (Polish, then English); at least once, never for a closed request."""
    mandate = (
        SupplierMandate.objects.select_related("supplier", "supplier__owner")
        .filter(pk=mandate_id, status=MandateStatus.REQUESTED, email_sent_at__isnull=True)
        .first()
    )
    if mandate is None:
        return False
    polish, english = _email_text(mandate, "pl"), _email_text(mandate, "en")
    send_mail(
        subject=polish[0],
        message=f"{polish[1]}\n\n---\n\n{english[0]}\n\n{english[1]}\n",
        from_email=settings.DEFAULT_FROM_EMAIL,
        recipient_list=[mandate.supplier.email],
    )
    SupplierMandate.objects.filter(pk=mandate.pk, email_sent_at__isnull=True).update(
        email_sent_at=timezone.now()
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
        locked = SupplierMandate.objects.select_for_update().get(pk=mandate.pk)
        if locked.status != MandateStatus.REQUESTED:
            raise MandateRefused("not_confirmable", "This request can no longer be confirmed.")
        locked.status, locked.confirmed_at = MandateStatus.ACTIVE, now
        locked.save(update_fields=["status", "confirmed_at"])
    return locked


def mandate_revoke(mandate: SupplierMandate, *, now: datetime | None = None) -> SupplierMandate:
    """The supplier withdraws the authorisation: nothing more is filed in its name."""
    with transaction.atomic():
        locked = SupplierMandate.objects.select_for_update().get(pk=mandate.pk)
        if locked.status not in (MandateStatus.ACTIVE, MandateStatus.REQUESTED, MandateStatus.PENDING_REVIEW):
            raise MandateRefused("not_revocable", "This authorisation is not in force.")
        locked.status, locked.revoked_at = MandateStatus.REVOKED, now or timezone.now()
        locked.save(update_fields=["status", "revoked_at"])
    return locked


def mandate_review(mandate: SupplierMandate, *, staff, approve: bool, note: str = "") -> SupplierMandate:
    """Staff's decision on an uploaded authorisation (signature and signatory checked)."""
    with transaction.atomic():
        locked = SupplierMandate.objects.select_for_update().get(pk=mandate.pk)
        if locked.status != MandateStatus.PENDING_REVIEW:
            raise MandateRefused("not_reviewable", "Only an authorisation awaiting review can be decided.")
        locked.status = MandateStatus.ACTIVE if approve else MandateStatus.REJECTED
        locked.reviewed_at, locked.reviewed_by, locked.review_note = timezone.now(), staff, note
        locked.save(update_fields=["status", "reviewed_at", "reviewed_by", "review_note"])
    return locked


def mandates_expire(*, now: datetime | None = None) -> int:
    """Requests past their link's validity become expired (periodic)."""
    now = now or timezone.now()
    return SupplierMandate.objects.filter(status=MandateStatus.REQUESTED, expires_at__lte=now).update(
        status=MandateStatus.EXPIRED
    )


def mandate_emails_unsent(*, older_than: timedelta = timedelta(minutes=5)) -> list[int]:
    """Requests whose e-mail was never sent (a lost task); the sweep sends them again."""
    cutoff = timezone.now() - older_than
    return list(
        SupplierMandate.objects.filter(
            status=MandateStatus.REQUESTED, email_sent_at__isnull=True, created_at__lte=cutoff
        ).values_list("pk", flat=True)[:500]
    )
