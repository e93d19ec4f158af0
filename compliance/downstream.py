"""Downstream operators and traders (Article 5 as amended by Regulation (EU) 2025/2650):
the organisation's roles, its suppliers and customers per consignment, kept five years
and then deleted, and the substantiated concerns it acted on.

Only the first downstream operator or trader collects upstream reference numbers
(eu_filing.upstream); every downstream operator and trader keeps its trading partners.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from datetime import date

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from compliance.models import (
    OrganisationRoles,
    SubstantiatedConcern,
    TradingPartnerRecord,
    retention_end,
)
from eudr_service.lib.timestamps import iso_millis
from regulation.roles import CONCERN_RECORDS_RETENTION_YEARS, RECORDS_RETENTION_YEARS, OrganisationRole

logger = logging.getLogger(__name__)

EXPORT_FIELDS = (
    "id",
    "kind",
    "consignment_reference",
    "consignment_date",
    "name",
    "trade_name",
    "postal_address",
    "email",
    "website",
    "retained_until",
    "created_at",
)


class RetentionRunning(Exception):
    """A record still within its retention period may not be deleted."""

    def __init__(self, record: TradingPartnerRecord) -> None:
        super().__init__(
            f"This record must be kept until {record.retained_until.isoformat()} "
            f"({RECORDS_RETENTION_YEARS} years from the consignment date, Article 5(4)); "
            "it is deleted automatically after that day."
        )
        self.record = record


def organisation_roles_get(*, account: User) -> OrganisationRoles:
    """The account's roles; an unsaved empty row when none were set."""
    return OrganisationRoles.objects.filter(account=account).first() or OrganisationRoles(account=account)


def organisation_roles_set(*, account: User, roles: Iterable[str], is_sme: bool | None) -> OrganisationRoles:
    order = list(OrganisationRole)
    chosen = sorted({OrganisationRole(role) for role in roles}, key=order.index)
    row, _ = OrganisationRoles.objects.update_or_create(
        account=account, defaults={"roles": [str(role) for role in chosen], "is_sme": is_sme}
    )
    return row


def organisation_established_set(*, account: User, established_small_on: date | None) -> OrganisationRoles:
    """When the organisation was established as micro or small, or the natural person began to
    act as an operator: decides Article 38(3)'s later date for it (regulation.roles.duties_for)."""
    row, _ = OrganisationRoles.objects.update_or_create(
        account=account, defaults={"established_small_on": established_small_on}
    )
    return row


def trading_partner_record_create(
    *,
    owner: User,
    livemode: bool,
    kind: str,
    consignment_reference: str,
    consignment_date: date,
    name: str,
    postal_address: str,
    email: str,
    trade_name: str = "",
    website: str = "",
) -> TradingPartnerRecord:
    return TradingPartnerRecord.objects.create(
        owner=owner,
        livemode=livemode,
        kind=kind,
        consignment_reference=consignment_reference,
        consignment_date=consignment_date,
        retained_until=retention_end(consignment_date, RECORDS_RETENTION_YEARS),
        name=name,
        trade_name=trade_name,
        postal_address=postal_address,
        email=email,
        website=website,
    )


def trading_partner_record_delete(*, record: TradingPartnerRecord, today: date | None = None) -> None:
    """Delete one record, only once its retention period is over."""
    if record.retention_running(today or timezone.localdate()):
        raise RetentionRunning(record)
    record.delete()


def trading_partner_records_purge(*, today: date | None = None) -> int:
    """Delete every record whose retention period is over; returns how many."""
    today = today or timezone.localdate()
    with transaction.atomic():
        deleted, _ = TradingPartnerRecord.objects.filter(retained_until__lt=today).delete()
    if deleted:
        logger.info("deleted %d supplier and customer records past retention (before %s)", deleted, today)
    return deleted


def trading_partner_export_row(record: TradingPartnerRecord) -> dict[str, str]:
    return {
        "id": str(record.public_id),
        "kind": record.kind,
        "consignment_reference": record.consignment_reference,
        "consignment_date": record.consignment_date.isoformat(),
        "name": record.name,
        "trade_name": record.trade_name,
        "postal_address": record.postal_address,
        "email": record.email,
        "website": record.website,
        "retained_until": record.retained_until.isoformat(),
        "created_at": iso_millis(record.created_at),
    }


def trading_partners_rows(records: Iterable[TradingPartnerRecord]) -> Iterator[list[str]]:
    """The records as export rows, in EXPORT_FIELDS' order."""
    for record in records:
        row = trading_partner_export_row(record)
        yield [row[key] for key in EXPORT_FIELDS]


def substantiated_concern_record(
    *,
    owner: User,
    livemode: bool,
    received_on: date,
    product: str,
    concern: str,
    action_taken: str,
    raised_by: str = "",
    placing_withheld: bool = False,
    authority_informed: bool = False,
) -> SubstantiatedConcern:
    return SubstantiatedConcern.objects.create(
        owner=owner,
        livemode=livemode,
        received_on=received_on,
        retained_until=retention_end(received_on, CONCERN_RECORDS_RETENTION_YEARS),
        product=product,
        raised_by=raised_by,
        concern=concern,
        action_taken=action_taken,
        placing_withheld=placing_withheld,
        authority_informed=authority_informed,
    )
