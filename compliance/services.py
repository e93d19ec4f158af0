"""DDS services: identifiers, creation and the one status-transition function."""

from __future__ import annotations

import hashlib
import json
from datetime import date, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import User
from compliance import events
from compliance.identifiers import build_identifier, normalise
from compliance.models import (
    ALLOWED_TRANSITIONS,
    DDSCommodity,
    DDSPlot,
    DDSStatus,
    DDSStatusChange,
    DueDiligenceStatement,
    IdempotencyRecord,
    IdentifierSequence,
    PlotKind,
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
    **filing_fields: Any,
) -> DueDiligenceStatement:
    """A new statement in DRAFT; screening and submission move it on."""
    with transaction.atomic():
        statement = DueDiligenceStatement.objects.create(
            dds_id=(dds_id or dds_allocate_identifier(country=country_of_production)).upper(),
            owner=owner,
            operator_name=operator_name,
            commodity=commodity,
            country_of_production=country_of_production.upper(),
            **filing_fields,
        )
        events.dds_created_emit(statement=statement)
    return statement


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
    events.dds_status_changed_emit(statement=locked, from_status=from_status, reason=reason, changed_at=now)
    statement.refresh_from_db()
    return locked


def dds_find_public(*, raw_id: str) -> DueDiligenceStatement | None:
    """The statement the public may see under `raw_id`, matched case-insensitively."""
    identifier = normalise(raw_id)
    if identifier is None:
        return None
    return DueDiligenceStatement.objects.exclude(status=DDSStatus.DRAFT).filter(dds_id=identifier).first()


class IdempotencyConflict(Exception):
    """The Idempotency-Key was used before with a different request body."""


def _request_hash(data: Any) -> str:
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


def dds_file(
    *, owner: User, data: dict[str, Any], raw_body: Any, idempotency_key: str | None = None
) -> tuple[DueDiligenceStatement, bool]:
    """File a statement from a validated body; returns (statement, replayed).

    The statement is stored SUBMITTED before any screening starts, so a crash
    after this point loses nothing: the unscreened-statement sweep picks it up.
    """
    request_hash = _request_hash(raw_body)
    if idempotency_key:
        previous = IdempotencyRecord.objects.filter(owner=owner, key=idempotency_key).first()
        if previous is not None:
            if previous.request_hash != request_hash:
                raise IdempotencyConflict()
            return previous.statement, True
    try:
        with transaction.atomic():
            statement = _dds_create_filed(owner=owner, data=data)
            if idempotency_key:
                IdempotencyRecord.objects.create(
                    owner=owner, key=idempotency_key, request_hash=request_hash, statement=statement
                )
    except IntegrityError:
        # A concurrent retry with the same key won the race: answer with its statement.
        if idempotency_key:
            previous = IdempotencyRecord.objects.filter(owner=owner, key=idempotency_key).first()
            if previous is not None:
                if previous.request_hash != request_hash:
                    raise IdempotencyConflict() from None
                return previous.statement, True
        raise
    _schedule_screening(statement)
    statement.refresh_from_db()
    return statement, False


def _dds_create_filed(*, owner: User, data: dict[str, Any]) -> DueDiligenceStatement:
    operator, lines = data["operator"], data["commodities"]
    first = lines[0]
    statement = dds_create(
        owner=owner,
        operator_name=operator["name"],
        # The public record names one commodity in Polish; several are joined.
        commodity=", ".join(dict.fromkeys(line["commodity"].polish_name for line in lines)),
        country_of_production=first["country_of_production"],
        internal_reference=data.get("internal_reference", ""),
        activity=data["activity"],
        operator_nip=operator.get("nip", ""),
        operator_eori=operator.get("eori", ""),
        operator_country=operator["country"],
        operator_address=operator["address"],
    )
    for position, line in enumerate(lines):
        commodity = DDSCommodity.objects.create(
            statement=statement,
            position=position,
            code=line["commodity"].code,
            description=line["description"],
            hs_heading=line["hs_heading"],
            net_mass_kg=line["net_mass_kg"],
            country_of_production=line["country_of_production"],
        )
        DDSPlot.objects.bulk_create(
            [_plot_row(commodity, index, plot) for index, plot in enumerate(line["plots"])]
        )
    dds_transition(
        statement=statement, to_status=DDSStatus.SUBMITTED, by=owner, reason="Filed through the API"
    )
    return statement


def _plot_row(commodity: DDSCommodity, position: int, plot: dict[str, Any]) -> DDSPlot:
    row = DDSPlot(commodity=commodity, position=position, kind=plot["kind"], area_ha=plot.get("area_ha"))
    if plot["kind"] == PlotKind.PARCEL:
        row.parcel_id = plot["parcel_id"]
    elif plot["kind"] == PlotKind.POINT:
        row.geometry = {"type": "Point", "coordinates": [plot["lng"], plot["lat"]]}
    else:
        row.geometry = plot["geometry"]
    return row


def _schedule_screening(statement: DueDiligenceStatement) -> None:
    """Small statements are screened in the request; large ones by a worker."""
    from compliance.screening import dds_screen
    from compliance.tasks import dds_screen_task

    plot_count = DDSPlot.objects.filter(commodity__statement=statement).count()
    if plot_count > settings.DDS_SYNC_SCREENING_MAX_PLOTS:
        # robust: a broker outage must not fail the filing; the sweep enqueues it later.
        transaction.on_commit(lambda: dds_screen_task.delay(statement.pk), robust=True)
    else:
        dds_screen(statement_id=statement.pk)


def dds_sweep_unscreened(*, older_than_seconds: int = 120) -> int:
    """Re-enqueue statements left SUBMITTED and unscreened (a lost message or a crash)."""
    from compliance.tasks import dds_screen_task

    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    ids = list(
        DueDiligenceStatement.objects.filter(
            status=DDSStatus.SUBMITTED, screened_at__isnull=True, updated_at__lt=cutoff
        ).values_list("pk", flat=True)[:500]
    )
    for pk in ids:
        dds_screen_task.delay(pk)
    return len(ids)


def dds_filter(
    *,
    owner: User,
    status: str | None = None,
    commodity: str | None = None,
    created_after: date | None = None,
    created_before: date | None = None,
) -> QuerySet[DueDiligenceStatement]:
    """The owner's statements, narrowed by the list endpoint's filters."""
    from compliance.risk.commodities import UnknownCommodity, normalize_commodity

    queryset = DueDiligenceStatement.objects.filter(owner=owner)
    if status == DDSStatus.EXPIRED:
        queryset = queryset.filter(valid_until__lte=timezone.now()).exclude(
            status__in=(DDSStatus.WITHDRAWN, DDSStatus.DRAFT)
        )
    elif status:
        queryset = queryset.filter(status=status)
        if status not in (DDSStatus.WITHDRAWN, DDSStatus.DRAFT):
            queryset = queryset.exclude(valid_until__lte=timezone.now())
    if commodity:
        try:
            code = normalize_commodity(commodity).code
        except UnknownCommodity:
            return queryset.none()
        queryset = queryset.filter(commodities__code=code).distinct()
    if created_after:
        queryset = queryset.filter(created_at__date__gte=created_after)
    if created_before:
        queryset = queryset.filter(created_at__date__lte=created_before)
    return queryset
