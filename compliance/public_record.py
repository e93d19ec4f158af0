"""What the public record of a statement says: one function, read by verify (and so the
widget), the status page and the signed evidence record, so none of them can say otherwise.

Who filed it and on what:
- an operator filing for itself: `filed_by.role` is `operator`; confirmed when staff verified
  its organisation (accounts.services.organisation_identity_confirmed);
- an authorised representative (Regulation (EU) 2023/1115, Article 2(23) and Article 6): the
  representative is the account's own organisation, `confirmed_by_staff` once staff confirmed
  it as a representative (the admin action, accounts.services.representative_confirm), once
  for every operator it files for. `mandate` says what the mandate rests on:
  - `signed_document`: a signed authorisation staff reviewed (a buyer's uploaded one), or a
    mandate staff verified for an organisation they verified;
  - `email_confirmation`: the operator used a link sent to the address the representative
    put on its roster. That proves who holds the address, not who the operator is: the
    operator's identity is then `declared_by_representative`, never "verified".

The badge (DESIGN.md: COMPLIANT with a confirmed operator is green): for a filing under a
mandate, the confirmed party is the representative that filed it, holds the mandate and
answers for what it filed, and staff confirm it once; so a COMPLIANT declaration filed by a
confirmed representative under a mandate of either basis is green, the operator's name
shown as declared. An unconfirmed representative's stays yellow (UNDER_REVIEW).
docs/buyers.md, "What the public record says", gives the reasons at length.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Mandate
from accounts.services import OperatorRole, representative_of
from compliance.hooks import Statement, eu_filing_port
from eudr_service.lib.timestamps import iso_millis


class MandateBasis(models.TextChoices):
    """What an authorised representative's mandate (Article 6) rests on, as the public
    record names it."""

    # A signed authorisation our staff reviewed (signature and signatory).
    SIGNED_DOCUMENT = "signed_document", _("a signed authorisation reviewed by our staff")
    # A one-time link sent to the address the representative gave, used by its holder.
    EMAIL_CONFIRMATION = "email_confirmation", _("a confirmation by e-mail link")


class OperatorIdentityBasis:
    """How the represented operator's identity is known (the record's `mandate.operator_identity`)."""

    VERIFIED_BY_STAFF = "verified_by_staff"  # a registered organisation staff verified
    SIGNED_AUTHORISATION = "signed_authorisation_reviewed_by_staff"
    DECLARED_BY_REPRESENTATIVE = "declared_by_representative"  # e-mail link only


@dataclass(frozen=True)
class RepresentedMandate:
    """What a filing under the account's own mandate passes to compliance.services.dds_file."""

    basis: str  # MandateBasis
    confirmed_at: datetime | None


@dataclass(frozen=True)
class PublicRecord:
    identity_confirmed: bool
    status: str
    badge: str
    operator_name: str
    validity: dict[str, datetime | None]
    filed_by: dict[str, Any]
    mandate: dict[str, Any] | None
    eu_status: str | None

    @property
    def operator_identity(self) -> str:
        return "confirmed" if self.identity_confirmed else "unconfirmed"

    def signed_part(self) -> dict[str, Any]:
        """What the evidence record signs of it: no operator name (a farmer's is personal
        data, and a signed record is permanent); the status page and verify show it."""
        return {
            "status": self.status,
            "badge": self.badge,
            "operator_identity": self.operator_identity,
            "filed_by": self.filed_by,
            "mandate": self.mandate,
            "eu_status": self.eu_status,
        }


def _filed_by(statement: Statement, *, identity_confirmed: bool, operator_name: str) -> dict:
    if statement.operator_role != OperatorRole.AUTHORISED_REPRESENTATIVE:
        return {
            "role": OperatorRole.OPERATOR,
            "name": operator_name,
            "confirmed_by_staff": identity_confirmed,
        }
    representative = representative_of(account_id=statement.owner_id)
    return {
        "role": OperatorRole.AUTHORISED_REPRESENTATIVE,
        "name": representative.name if representative is not None else None,
        "confirmed_by_staff": representative is not None and representative.is_confirmed_representative,
    }


def _mandate(statement: Statement) -> dict[str, Any] | None:
    if statement.operator_role != OperatorRole.AUTHORISED_REPRESENTATIVE:
        return None
    if statement.mandate_basis:
        by_email = statement.mandate_basis == MandateBasis.EMAIL_CONFIRMATION
        return {
            "basis": statement.mandate_basis,
            "confirmed_at": iso_millis(statement.mandate_confirmed_at),
            "operator_identity": OperatorIdentityBasis.DECLARED_BY_REPRESENTATIVE
            if by_email
            else OperatorIdentityBasis.SIGNED_AUTHORISATION,
        }
    organisation = statement.organisation
    mandate = (
        None
        if organisation is None
        else Mandate.objects.filter(account_id=statement.owner_id, organisation=organisation).first()
    )
    if mandate is None or mandate.verified_at is None:
        return None  # no mandate on record: the record says so by its absence
    return {
        "basis": MandateBasis.SIGNED_DOCUMENT,
        "confirmed_at": iso_millis(mandate.verified_at),
        "operator_identity": OperatorIdentityBasis.VERIFIED_BY_STAFF
        if organisation.is_verified
        else OperatorIdentityBasis.DECLARED_BY_REPRESENTATIVE,
    }


def _eu_status(statement: Statement) -> str | None:
    if not statement.livemode:
        return None
    return eu_filing_port().statement_eu_status(statement) or None


def statement_public_record(statement: Statement, *, now: datetime | None = None) -> PublicRecord:
    """The facts every public surface shows of `statement`, computed once."""
    confirmed = statement.operator_identity_confirmed()
    operator_name = statement.public_operator_name(identity_confirmed=confirmed)
    return PublicRecord(
        identity_confirmed=confirmed,
        status=statement.public_status(identity_confirmed=confirmed, now=now),
        badge=statement.badge(identity_confirmed=confirmed),
        operator_name=operator_name,
        validity=statement.public_validity(identity_confirmed=confirmed, now=now),
        filed_by=_filed_by(statement, identity_confirmed=confirmed, operator_name=operator_name),
        mandate=_mandate(statement),
        eu_status=_eu_status(statement),
    )
