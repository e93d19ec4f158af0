"""DDS services: identifiers, creation, screening and the one status-transition function."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from datetime import time as datetime_time
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone

from accounts.models import User
from accounts.services import OperatorMatch, OperatorRole, organisation_match
from compliance import events, hooks
from compliance.evidence_record import VERDICT_STATUSES, statement_record_write
from compliance.geolocation import is_point_plot
from compliance.identifiers import DDS_PREFIX, SD_PREFIX, build_identifier, normalise
from compliance.models import (
    ALLOWED_TRANSITIONS,
    DDSCommodity,
    DDSPlot,
    DDSProducer,
    DDSStatus,
    DDSStatusChange,
    DueDiligenceStatement,
    FilingKind,
    IdempotencyRecord,
    PlotKind,
)
from compliance.public_record import RepresentedMandate
from compliance.screening import critical_plots_emit, plot_screen, statement_plots, verdict
from eudr_service.lib.background import enqueue, sweep
from eudr_service.lib.plot_geometry import count_positions, point_area_ha
from regulation.commodities import UnknownCommodity, normalize_commodity
from risk.engine import ParcelLookupBudgetSpent

logger = logging.getLogger(__name__)

SCREEN_TASK = "compliance.screen_statement"


class InvalidTransition(Exception):
    def __init__(self, from_status: str, to_status: str, why: str = "") -> None:
        super().__init__(f"A statement cannot move from {from_status} to {to_status}{why}")
        self.from_status = from_status
        self.to_status = to_status


def _lacks_geolocation(statement: DueDiligenceStatement) -> bool:
    """A commodity line without a plot: nothing may be made COMPLIANT or sent on it (the EU
    refuses a commodity without producers' geolocation, OPS 10.3). A statement without any
    line cannot be filed (the filing body needs one); screening never finds it COMPLIANT."""
    return DDSCommodity.objects.filter(statement=statement, plots__isnull=True).exists()


def dds_allocate_identifier(
    *, country: str, year: int | None = None, filing_kind: str = FilingKind.DDS
) -> str:
    """A new random identifier not yet used (75 random bits: a clash is
    astronomically unlikely, the check only makes it impossible); `SD-` for a
    simplified declaration, `DDS-` for a due diligence statement."""
    year = year or timezone.now().year
    prefix = SD_PREFIX if filing_kind == FilingKind.SIMPLIFIED else DDS_PREFIX
    while True:
        identifier = build_identifier(country, year, prefix=prefix)
        if not DueDiligenceStatement.objects.filter(dds_id=identifier).exists():
            return identifier


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
    # No savepoint inside a filing's transaction: nothing recovers from a failure here.
    with transaction.atomic(savepoint=False):
        statement = DueDiligenceStatement.objects.create(
            dds_id=(
                dds_id
                or dds_allocate_identifier(
                    country=country_of_production,
                    filing_kind=filing_fields.get("filing_kind", FilingKind.DDS),
                )
            ).upper(),
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
    rule: str = "",
    reasons: list[dict[str, Any]] | None = None,
) -> DueDiligenceStatement:
    """Move a statement to `to_status` if allowed, and record who, when and why.

    Every status change in the product goes through here, so the history
    table is complete and the rules live in one place. `rule` is the stable
    code of the verdict rule (compliance.screening) or of the staff decision;
    it is kept on the statement with `reasons` and who decided.
    """
    locked = DueDiligenceStatement.objects.select_for_update().get(pk=statement.pk)
    from_status = locked.status
    if to_status not in ALLOWED_TRANSITIONS.get(from_status, frozenset()):
        raise InvalidTransition(from_status, to_status)
    if to_status == DDSStatus.COMPLIANT and _lacks_geolocation(locked):
        raise InvalidTransition(from_status, to_status, ": a commodity has no plot (no geolocation)")
    now = timezone.now()
    locked.status = to_status
    locked.status_rule = rule
    locked.status_reasons = reasons or []
    locked.status_decided_by = by
    locked.status_decided_at = now
    update = [
        "status",
        "updated_at",
        "status_rule",
        "status_reasons",
        "status_decided_by",
        "status_decided_at",
    ]
    # Kept when the statement leaves COMPLIANT (when it was last verified and until
    # when that result held, for the audit trail); the public record shows them only
    # while the result is current (DueDiligenceStatement.public_validity).
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
        rule=rule,
    )
    # The verdict's signed evidence record, in the same transaction (docs/evidence.md).
    record = statement_record_write(locked) if to_status in VERDICT_STATUSES else None
    events.dds_status_changed_emit(
        statement=locked, from_status=from_status, reason=reason, changed_at=now, evidence=record
    )
    # Announced inside this transaction (compliance.hooks): the EU outbox (eu_filing) writes
    # the row of a live statement that became COMPLIANT, so it exists exactly when the status does.
    hooks.statement_status_changed.send(
        sender=DueDiligenceStatement, statement=locked, from_status=from_status, to_status=to_status
    )
    statement.refresh_from_db()
    return locked


def dds_find_public(*, raw_id: str) -> DueDiligenceStatement | None:
    """The statement the public may see under `raw_id`, matched case-insensitively."""
    identifier = normalise(raw_id)
    if identifier is None:
        return None
    # Test (sandbox) statements are never public: not here, so not in the
    # verify cache, the status page or the widget either.
    return (
        DueDiligenceStatement.objects.exclude(status=DDSStatus.DRAFT)
        .filter(dds_id=identifier, livemode=True)
        .first()
    )


class IdempotencyConflict(Exception):
    """The Idempotency-Key was used before with a different request body."""


def _request_hash(data: Any) -> str:
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


def dds_file(
    *,
    owner: User,
    data: dict[str, Any],
    raw_body: Any,
    idempotency_key: str | None = None,
    filing_kind: str = FilingKind.DDS,
    livemode: bool = True,
    represented: bool = False,
    mandate: RepresentedMandate | None = None,
    claim: Callable[[DueDiligenceStatement], None] | None = None,
) -> tuple[DueDiligenceStatement, bool]:
    """File a statement from a validated body; returns (statement, replayed).

    `mandate` (or `represented` alone, which names no mandate): the account files as the
    operator's authorised representative under a mandate recorded outside the account's
    organisations (a buyer's supplier mandate), so the statement names the operator as
    represented (V3 representedOperator) even when no organisation of the account matches
    it, and its public record says what the mandate rested on (compliance.public_record).

    `claim`, when given, runs inside the filing's transaction with the new statement and
    may raise to undo it: a caller filing on behalf of a queue records the statement
    against its own row there, or finds the row taken back (cancelled) and files nothing.

    `livemode=False` files test data (a sandbox key). An Idempotency-Key used
    in the other mode is a conflict: a replay must never cross modes.

    The statement is stored SUBMITTED before any screening starts, so a crash
    after this point loses nothing: the unscreened-statement sweep picks it up.
    """
    request_hash = _request_hash(raw_body)
    if idempotency_key:
        previous = IdempotencyRecord.objects.filter(owner=owner, key=idempotency_key).first()
        if previous is not None:
            if previous.request_hash != request_hash or previous.statement.livemode != livemode:
                raise IdempotencyConflict()
            return previous.statement, True
    try:
        with transaction.atomic():
            statement = _dds_create_filed(
                owner=owner,
                data=data,
                filing_kind=filing_kind,
                livemode=livemode,
                represented=represented or mandate is not None,
                mandate=mandate,
            )
            if idempotency_key:
                IdempotencyRecord.objects.create(
                    owner=owner, key=idempotency_key, request_hash=request_hash, statement=statement
                )
            if claim is not None:
                claim(statement)
    except IntegrityError:
        # A concurrent retry with the same key won the race: answer with its statement.
        if idempotency_key:
            previous = IdempotencyRecord.objects.filter(owner=owner, key=idempotency_key).first()
            if previous is not None:
                if previous.request_hash != request_hash or previous.statement.livemode != livemode:
                    raise IdempotencyConflict() from None
                return previous.statement, True
        raise
    _schedule_screening(statement)
    statement.refresh_from_db()
    return statement, False


def _dds_create_filed(
    *,
    owner: User,
    data: dict[str, Any],
    filing_kind: str,
    livemode: bool,
    represented: bool = False,
    mandate: RepresentedMandate | None = None,
) -> DueDiligenceStatement:
    operator, lines, attestation = data["operator"], data["commodities"], data["attestation"]
    first = lines[0]
    match = organisation_match(account=owner, nip=operator.get("nip", ""), eori=operator.get("eori", ""))
    if represented and match.role != OperatorRole.AUTHORISED_REPRESENTATIVE:
        match = OperatorMatch(None, OperatorRole.AUTHORISED_REPRESENTATIVE)
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
        operator_email=operator.get("email", ""),
        operator_phone=operator.get("phone", ""),
        border_cross_country=data.get("border_cross_country", ""),
        grouped_declarations=hooks.eu_filing_port().grouped_declarations(
            owner_id=owner.pk, livemode=livemode, references=data.get("grouped_declarations", [])
        ),
        organisation=match.organisation,
        operator_role=match.role,
        attested_legality=attestation["legality"],
        attested_declaration=attestation["annex_ii_declaration"],
        signatory_name=attestation["signatory_name"],
        signatory_function=attestation["signatory_function"],
        attested_at=timezone.now(),
        declaration_version=attestation["declaration_version"],
        filing_kind=filing_kind,
        operator_size=operator.get("size", ""),
        livemode=livemode,
        geolocation_confidential=data.get("geolocation_confidential", False),
        mandate_basis=mandate.basis if mandate is not None else "",
        mandate_confirmed_at=mandate.confirmed_at if mandate is not None else None,
    )
    dds_lines_create(statement=statement, lines=lines)
    dds_transition(
        statement=statement,
        to_status=DDSStatus.SUBMITTED,
        by=owner,
        reason="Filed through the API" if filing_kind == FilingKind.DDS else "Simplified declaration filed",
        rule="filed",
    )
    return statement


def dds_lines_create(*, statement: DueDiligenceStatement, lines: list[dict[str, Any]]) -> None:
    """The commodity lines, producers and plots of a validated filing body, in the body's order.

    Plots are numbered per line across its producers, as the body lists them."""
    for position, line in enumerate(lines):
        commodity = DDSCommodity.objects.create(
            statement=statement,
            position=position,
            code=line["commodity"].code,
            description=line["description"],
            hs_heading=line["hs_heading"],
            net_mass_kg=line.get("net_mass_kg"),
            supplementary_unit=line.get("supplementary_unit"),
            supplementary_unit_qualifier=line.get("supplementary_unit_qualifier", ""),
            percentage_estimation_or_deviation=line.get("percentage_estimation_or_deviation"),
            country_of_production=line["country_of_production"],
            species=[
                {"scientific_name": s["scientific_name"], "common_name": s["common_name"]}
                for s in line.get("species", [])
            ],
        )
        rows, number = [], 0
        for index, given in enumerate(line["producers"]):
            producer = DDSProducer.objects.create(
                commodity=commodity,
                position=index,
                name=statement.operator_name if given["is_operator"] else given["name"].strip(),
                country=given["country"],
                is_operator=given["is_operator"],
            )
            for plot in given["plots"]:
                rows.append(_plot_row(commodity, producer, number, plot))
                number += 1
        DDSPlot.objects.bulk_create(rows)


def _plot_row(commodity: DDSCommodity, producer: DDSProducer, position: int, plot: dict[str, Any]) -> DDSPlot:
    row = DDSPlot(
        commodity=commodity,
        producer=producer,
        position=position,
        kind=plot["kind"],
        area_ha=point_area_ha(plot.get("area_ha")) if is_point_plot(plot) else plot.get("area_ha"),
        reference=plot.get("reference", ""),
    )
    if plot["kind"] == PlotKind.PARCEL:
        row.parcel_id = plot["parcel_id"]
    elif plot["kind"] == PlotKind.POINT:
        row.geometry = {"type": "Point", "coordinates": [plot["lng"], plot["lat"]]}
    elif plot["kind"] == PlotKind.ADDRESS:
        address = plot["address"]
        row.address_street = address.get("street", "").strip()
        row.address_postal_code = address["postal_code"].strip()
        row.address_city = address["city"].strip()
    else:
        row.geometry = plot["geometry"]
    return row


def dds_screen(*, statement_id: int) -> DueDiligenceStatement | None:
    """Screen a SUBMITTED statement (compliance.screening: each plot, then the verdict) and
    move it to the verdict's status. Safe to run twice: a screened one is left alone."""
    statement = DueDiligenceStatement.objects.filter(pk=statement_id).first()
    if statement is None or statement.status != DDSStatus.SUBMITTED or statement.screened_at:
        return statement
    plots, empty = statement_plots(statement)
    for plot in plots:
        plot_screen(plot)
    result = verdict(plots, lines_without_plots=empty)
    with transaction.atomic():
        locked = DueDiligenceStatement.objects.select_for_update().get(pk=statement.pk)
        if locked.screened_at:  # another worker finished first
            return locked
        locked.risk_level = result.risk_level
        locked.screened_at = timezone.now()
        locked.save(update_fields=["risk_level", "screened_at", "updated_at"])
        dds_transition(
            statement=locked,
            to_status=result.status,
            reason=f"Automatic screening: {result.summary()}",
            rule=result.rule,
            reasons=result.reasons,
        )
        critical_plots_emit(locked, plots)
    locked.refresh_from_db()
    logger.info("Screened %s: %s (%s)", locked.dds_id, result.status, result.summary())
    return locked


def _schedule_screening(statement: DueDiligenceStatement) -> None:
    """Small statements are screened in the request; large ones by a worker.

    Large is many plots or many positions: a MultiPoint plot is one circle per
    position for the forest layers to read."""
    plots = DDSPlot.objects.filter(commodity__statement=statement)
    plot_count = plots.count()
    large = plot_count > settings.DDS_SYNC_SCREENING_MAX_PLOTS or (
        sum(count_positions(g) for g in plots.values_list("geometry", flat=True))
        > settings.DDS_SYNC_SCREENING_MAX_POSITIONS
    )
    if not large:
        try:
            dds_screen(statement_id=statement.pk)
        except ParcelLookupBudgetSpent:
            # ULDK answered slower than the request's budget allows: a worker finishes.
            large = True
    if large:
        # A broker outage must not fail the filing; the sweep enqueues it later.
        enqueue(SCREEN_TASK, statement.pk)


def dds_sweep_unscreened(*, older_than_seconds: int = 120) -> int:
    """Re-enqueue statements left SUBMITTED and unscreened (a lost message or a crash)."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    unscreened = DueDiligenceStatement.objects.filter(
        status=DDSStatus.SUBMITTED, screened_at__isnull=True, updated_at__lt=cutoff
    )
    return sweep(SCREEN_TASK, unscreened, batch=500)


def dds_filter(
    *,
    owner: User,
    livemode: bool = True,
    status: str | None = None,
    commodity: str | None = None,
    created_after: date | None = None,
    created_before: date | None = None,
    internal_reference: str | None = None,
    filing_kind: str | None = None,
) -> QuerySet[DueDiligenceStatement]:
    """The owner's statements of one mode, narrowed by the list endpoints' filters."""
    queryset = DueDiligenceStatement.objects.filter(owner=owner, livemode=livemode)
    if filing_kind:
        queryset = queryset.filter(filing_kind=filing_kind)
    if internal_reference:
        queryset = queryset.filter(internal_reference=internal_reference)
    # As DueDiligenceStatement.effective_status: only a COMPLIANT result lapses.
    if status == DDSStatus.EXPIRED:
        queryset = queryset.filter(status=DDSStatus.COMPLIANT, valid_until__lte=timezone.now())
    elif status:
        queryset = queryset.filter(status=status)
        if status == DDSStatus.COMPLIANT:
            queryset = queryset.exclude(valid_until__lte=timezone.now())
    if commodity:
        try:
            code = normalize_commodity(commodity).code
        except UnknownCommodity:
            return queryset.none()
        # A semi-join (EXISTS), not a join made DISTINCT: the list keeps reading the owner's
        # statements in index order instead of sorting every joined row of the account.
        lines = DDSCommodity.objects.filter(statement=OuterRef("pk"), code=code)
        queryset = queryset.filter(Exists(lines))
    # Whole UTC days as a range of created_at (what `created_at__date` meant), so the
    # owner's list index bounds the scan instead of every row's date being computed.
    if created_after:
        queryset = queryset.filter(created_at__gte=_day_start(created_after))
    if created_before:
        queryset = queryset.filter(created_at__lt=_day_start(created_before + timedelta(days=1)))
    return queryset


def _day_start(day: date) -> datetime:
    return datetime.combine(day, datetime_time.min, tzinfo=UTC)
