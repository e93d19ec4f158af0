"""DDS services: identifiers, creation and the one status-transition function."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from compliance.identifiers import build_identifier, normalise
from compliance.models import (
    ALLOWED_TRANSITIONS,
    DDSStatus,
    DDSStatusChange,
    DueDiligenceStatement,
    IdentifierSequence,
)


class InvalidTransition(Exception):
    def __init__(self, from_status: str, to_status: str) -> None:
        super().__init__(f"A statement cannot move from {from_status} to {to_status}")
        self.from_status = from_status
        self.to_status = to_status


def dds_allocate_identifier(*, country: str, year: int | None = None) -> str:
    """Next identifier for the country and year; safe under concurrency."""
    year = year or timezone.now().year
    with transaction.atomic():
        sequence, _ = IdentifierSequence.objects.select_for_update().get_or_create(
            country=country.upper(), year=year
        )
        sequence.last_value += 1
        sequence.save(update_fields=["last_value"])
    return build_identifier(country, year, sequence.last_value)


def dds_create(
    *,
    owner: User,
    operator_name: str,
    commodity: str,
    country_of_production: str,
    dds_id: str | None = None,
) -> DueDiligenceStatement:
    """A new statement in DRAFT; screening and submission move it on."""
    return DueDiligenceStatement.objects.create(
        dds_id=(dds_id or dds_allocate_identifier(country=country_of_production)).upper(),
        owner=owner,
        operator_name=operator_name,
        commodity=commodity,
        country_of_production=country_of_production.upper(),
    )


@transaction.atomic
def dds_transition(
    *,
    statement: DueDiligenceStatement,
    to_status: str,
    by: User | None = None,
    reason: str = "",
) -> DueDiligenceStatement:
    """Move a statement to `to_status` if allowed, and record who, when and why.

    Every status change in the product goes through here, so the history
    table is complete and the rules live in one place.
    """
    locked = DueDiligenceStatement.objects.select_for_update().get(pk=statement.pk)
    from_status = locked.status
    if to_status not in ALLOWED_TRANSITIONS.get(from_status, frozenset()):
        raise InvalidTransition(from_status, to_status)
    now = timezone.now()
    locked.status = to_status
    update = ["status", "updated_at"]
    if to_status == DDSStatus.COMPLIANT:
        locked.verified_at = now
        locked.valid_until = now + timedelta(days=settings.DDS_VALIDITY_DAYS)
        update += ["verified_at", "valid_until"]
    locked.save(update_fields=update)
    DDSStatusChange.objects.create(
        statement=locked,
        from_status=from_status,
        to_status=to_status,
        changed_at=now,
        changed_by=by,
        reason=reason,
    )
    statement.refresh_from_db()
    return locked


def dds_find_public(*, raw_id: str) -> DueDiligenceStatement | None:
    """The statement the public may see under `raw_id`, matched case-insensitively."""
    identifier = normalise(raw_id)
    if identifier is None:
        return None
    return DueDiligenceStatement.objects.exclude(status=DDSStatus.DRAFT).filter(dds_id=identifier).first()
