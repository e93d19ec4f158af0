"""Bulk filing: a simplified declaration for every supplier with a mandate in force.

The buyer files as the suppliers' authorised representative (Regulation (EU) 2023/1115,
Art. 6; the simplified declaration of Art. 4a, inserted by Regulation (EU) 2025/2650).
Each row goes through the same filing path as one declaration sent to the API
(compliance: validation, screening of its parcels, then the EU outbox, which sends at the
EU's pace), so bulk filing adds no second way to file.

Nothing is lost or filed twice:
- the rows are written, with the filing, before any work starts;
- a worker holds a lease on the filing while it works; a killed worker's lease lapses
  and the sweep hands the filing to another;
- each row files with the idempotency key `bulk-<row id>`: a row whose statement was
  committed by a worker that died before recording it is found again by its key.
"""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from accounts.models import User
from compliance.models import FilingKind, IdempotencyRecord
from compliance.sd_serializers import SDFilingSerializer
from compliance.services import IdempotencyConflict, dds_file
from eu_filing.models import EuSubmission
from eudr_service.lib.csv_cells import csv_safe
from eudr_service.lib.problems import flatten_validation_errors
from suppliers.mandates import mandate_filed_on
from suppliers.models import (
    BulkFiling,
    BulkFilingRow,
    BulkFilingStatus,
    MandateStatus,
    RowState,
    Supplier,
)
from webhooks.models import public_id as new_public_id
from webhooks.services import event_emit

CHUNK = 50  # rows a worker files between two checks of its lease and of a cancel
LEASE = timedelta(minutes=5)  # a chunk of 50 takes seconds; a lapsed lease means a dead worker
MAX_ATTEMPTS = 3  # a row failing on something other than its own data is tried this often


def _idempotency_key(row: BulkFilingRow) -> str:
    return f"bulk-{row.pk}"


class BulkFilingRunning(Exception):
    """The account already has a bulk filing in progress in this mode."""

    def __init__(self, filing: BulkFiling) -> None:
        self.filing = filing
        super().__init__(f"bulk filing {filing.public_id} is still running")


class GoodsMissing(ValueError):
    """The filing names no goods for commodities of suppliers it would file for."""

    def __init__(self, commodities: list[str]) -> None:
        self.commodities = commodities
        super().__init__(f"no goods named for {', '.join(commodities)}")


def bulk_filing_create(*, owner, livemode: bool, options: dict[str, Any]) -> BulkFiling:
    """The filing and one row per supplier with a mandate in force and no declaration filed yet
    (a simplified declaration is one-time: Art. 4a); the others are counted by reason.

    One filing at a time per account and mode (BulkFilingRunning otherwise): two filings
    started together, a double click, would otherwise file the same suppliers twice."""
    with transaction.atomic():
        # The account's row is the lock two concurrent starts queue on.
        User.objects.select_for_update().filter(pk=owner.pk).first()
        running = BulkFiling.objects.filter(owner=owner, livemode=livemode, status=BulkFilingStatus.RUNNING)
        if running.exists():
            raise BulkFilingRunning(running.first())
        declared = set(
            BulkFilingRow.objects.filter(
                filing__owner=owner, filing__livemode=livemode, state=RowState.FILED
            ).values_list("supplier_id", flat=True)
        )
        suppliers = Supplier.objects.filter(owner=owner, livemode=livemode).prefetch_related("mandates")
        ready, skipped = [], {}
        for supplier in suppliers.order_by("id"):
            mandate = supplier.current_mandate()
            if supplier.pk in declared:
                reason = "already_declared"
            elif mandate is None:
                reason = "no_mandate"
            elif mandate.status != MandateStatus.ACTIVE:
                reason = f"mandate_{mandate.status}"
            else:
                ready.append(supplier)
                continue
            skipped[reason] = skipped.get(reason, 0) + 1
        missing = sorted({supplier.commodity for supplier in ready} - set(options.get("goods", {})))
        if missing:
            raise GoodsMissing(missing)
        filing = BulkFiling.objects.create(
            public_id=new_public_id("bf"),
            owner=owner,
            livemode=livemode,
            options=options,
            total=len(ready),
            skipped=skipped,
        )
        BulkFilingRow.objects.bulk_create([BulkFilingRow(filing=filing, supplier=s) for s in ready])
        if not ready:
            _finish(filing)
        else:
            _enqueue(filing)
    return filing


def _enqueue(filing: BulkFiling) -> None:
    # The task module imports this one; imported at call time, no circle at load.
    from suppliers.tasks import bulk_filing_run_task  # noqa: PLC0415

    transaction.on_commit(lambda: bulk_filing_run_task.delay(filing.pk), robust=True)


def declaration_body(supplier: Supplier, options: dict[str, Any]) -> dict[str, Any]:
    """The simplified declaration of one supplier, as a client would send it to the API."""
    goods = options["goods"][supplier.commodity]
    if supplier.parcel_ids:
        plots = [{"parcel_id": parcel} for parcel in supplier.parcel_ids]
    else:
        address = {"postal_code": supplier.land_postal_code, "city": supplier.land_city}
        if supplier.land_street:
            address["street"] = supplier.land_street
        plots = [{"address": address}]
    operator = {
        "name": supplier.name,
        "size": supplier.size,
        "country": "PL",
        "address": f"{supplier.street}, {supplier.postal_code} {supplier.city}",
    }
    if supplier.nip:
        operator["nip"] = supplier.nip
    if supplier.email:
        operator["email"] = supplier.email
    line = {
        "commodity": supplier.commodity,
        "description": goods["description"],
        "hs_heading": goods["hs_heading"],
        "country_of_production": "PL",
        "plots": plots,
    }
    if supplier.unit == "kg":
        # A yearly quantity is an estimate: its margin as the request gives it (UOM 2: 0 to 25%).
        line["net_mass_kg"] = str(supplier.quantity)
        line["percentage_estimation_or_deviation"] = str(options.get("estimate_percentage", 10))
    else:
        line["supplementary_unit"] = str(supplier.quantity)
        line["supplementary_unit_qualifier"] = supplier.unit
    return {
        "internal_reference": supplier.producer_number,
        "activity": options.get("activity", "domestic"),
        "geolocation_confidential": False,
        "operator": operator,
        "commodities": [line],
        "attestation": {
            "legality": True,
            "annex_iii_declaration": True,
            "signatory_name": options["signatory_name"],
            "signatory_function": options["signatory_function"],
        },
    }


def _file_row(row: BulkFilingRow) -> None:
    filing = row.filing
    if row.supplier.commodity not in filing.options.get("goods", {}):
        message = f"The filing names no goods for {row.supplier.commodity}."
        _row_fail(
            row, [{"field": f"goods.{row.supplier.commodity}", "code": "goods_missing", "message": message}]
        )
        return
    body = declaration_body(row.supplier, filing.options)
    incoming = SDFilingSerializer(data=body)
    if not incoming.is_valid():
        _row_fail(row, flatten_validation_errors(incoming.errors))
        return
    try:
        statement, _replayed = dds_file(
            owner=filing.owner,
            data=incoming.validated_data,
            raw_body=body,
            idempotency_key=_idempotency_key(row),
            filing_kind=FilingKind.SIMPLIFIED,
            livemode=filing.livemode,
            represented=True,
            mandate=mandate_filed_on(row.supplier),
        )
    except IdempotencyConflict:
        # The supplier's roster changed after this row was filed: the filed one stands.
        statement = _statement_by_key(row)
    BulkFilingRow.objects.filter(pk=row.pk).update(
        state=RowState.FILED, statement=statement, errors=[], updated_at=timezone.now()
    )


def _statement_by_key(row: BulkFilingRow):
    return IdempotencyRecord.objects.get(owner=row.filing.owner, key=_idempotency_key(row)).statement


def _row_fail(row: BulkFilingRow, errors: list[dict[str, Any]]) -> None:
    BulkFilingRow.objects.filter(pk=row.pk).update(
        state=RowState.FAILED, errors=errors, updated_at=timezone.now()
    )


def _lease(filing_id: int) -> BulkFiling | None:
    """Take the filing for this worker unless another holds a live lease on it."""
    now = timezone.now()
    taken = BulkFiling.objects.filter(
        Q(leased_until__isnull=True) | Q(leased_until__lt=now),
        pk=filing_id,
        status=BulkFilingStatus.RUNNING,
    ).update(leased_until=now + LEASE)
    return BulkFiling.objects.select_related("owner").get(pk=filing_id) if taken else None


def bulk_filing_run(filing_id: int) -> int:
    """File the next chunk of queued rows; returns how many rows this call filed or failed.

    Called by the task, which calls again while rows are left, so one filing never holds a
    worker for long and a cancel is seen between chunks."""
    filing = _lease(filing_id)
    if filing is None:
        return 0
    rows = list(
        BulkFilingRow.objects.filter(filing=filing, state=RowState.QUEUED)
        .select_related("supplier", "filing", "filing__owner")
        .order_by("id")[:CHUNK]
    )
    done = 0
    for row in rows:
        BulkFilingRow.objects.filter(pk=row.pk).update(attempts=row.attempts + 1)
        try:
            _file_row(row)
        except Exception as exc:
            if row.attempts + 1 >= MAX_ATTEMPTS:
                _row_fail(row, [{"field": None, "code": "filing_error", "message": str(exc)[:300]}])
            else:
                continue
        done += 1
    with transaction.atomic():
        left = BulkFilingRow.objects.filter(filing=filing, state=RowState.QUEUED).exists()
        BulkFiling.objects.filter(pk=filing.pk).update(leased_until=None)
        filing.refresh_from_db()
        if filing.status == BulkFilingStatus.RUNNING:
            if left:
                _enqueue(filing)
            else:
                _finish(filing)
    return done


def _finish(filing: BulkFiling) -> None:
    BulkFiling.objects.filter(pk=filing.pk).update(status=BulkFilingStatus.DONE, finished_at=timezone.now())
    filing.refresh_from_db()
    event_emit(
        owner=filing.owner,
        event_type="suppliers.filing_completed",
        data={
            "filing_id": filing.public_id,
            "counts": bulk_filing_counts(filing),
            "livemode": filing.livemode,
        },
        livemode=filing.livemode,
    )


def bulk_filing_cancel(filing: BulkFiling) -> BulkFiling:
    """Stop filing: queued rows are cancelled; filed declarations stay filed."""
    with transaction.atomic():
        locked = BulkFiling.objects.select_for_update().get(pk=filing.pk)
        if locked.status == BulkFilingStatus.RUNNING:
            BulkFilingRow.objects.filter(filing=locked, state=RowState.QUEUED).update(
                state=RowState.CANCELLED
            )
            locked.status, locked.finished_at = BulkFilingStatus.CANCELLED, timezone.now()
            locked.save(update_fields=["status", "finished_at"])
    return locked


def bulk_filing_retry(filing: BulkFiling) -> int:
    """Queue the failed rows again (after the roster was corrected); returns how many.

    Not while another filing of the account runs, and never for a supplier whose declaration
    another filing has filed since (that row is cancelled instead): a supplier is declared once."""
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=filing.owner_id).first()
        locked = BulkFiling.objects.select_for_update().get(pk=filing.pk)
        other = BulkFiling.objects.filter(
            owner_id=locked.owner_id, livemode=locked.livemode, status=BulkFilingStatus.RUNNING
        ).exclude(pk=locked.pk)
        if other.exists():
            raise BulkFilingRunning(other.first())
        failed = BulkFilingRow.objects.filter(filing=locked, state=RowState.FAILED)
        declared_elsewhere = BulkFilingRow.objects.filter(
            filing__owner_id=locked.owner_id, filing__livemode=locked.livemode, state=RowState.FILED
        ).values("supplier_id")
        failed.filter(supplier_id__in=declared_elsewhere).update(state=RowState.CANCELLED)
        again = failed.update(state=RowState.QUEUED, attempts=0, errors=[])
        if again:
            locked.status, locked.finished_at = BulkFilingStatus.RUNNING, None
            locked.save(update_fields=["status", "finished_at"])
            _enqueue(locked)
    return again


def bulk_filings_sweep() -> int:
    """Running filings no worker holds (a lost task, a killed worker): queued again."""
    now = timezone.now()
    stale = BulkFiling.objects.filter(status=BulkFilingStatus.RUNNING).filter(
        Q(leased_until__lt=now) | Q(leased_until__isnull=True, created_at__lt=now - timedelta(minutes=2))
    )
    count = 0
    for filing in stale:
        with transaction.atomic():
            _enqueue(filing)
        count += 1
    return count


def bulk_filing_counts(filing: BulkFiling) -> dict[str, int]:
    """Rows per state."""
    counts = {state: 0 for state in RowState.values}
    for row in BulkFilingRow.objects.filter(filing=filing).values("state").annotate(n=Count("id")):
        counts[row["state"]] = row["n"]
    return counts


def bulk_filing_results(filing: BulkFiling) -> list[dict[str, Any]]:
    """One line per row: supplier, declaration, EU reference and state, errors in words."""
    rows = list(
        BulkFilingRow.objects.filter(filing=filing).select_related("supplier", "statement").order_by("id")
    )
    # The EU outbox's rows of the filed declarations, in one query.
    outbox = {
        s.statement_id: s
        for s in EuSubmission.objects.filter(
            statement_id__in=[r.statement_id for r in rows if r.statement_id]
        )
    }
    found = []
    for row in rows:
        submission = outbox.get(row.statement_id)
        found.append(
            {
                "producer_number": row.supplier.producer_number,
                "supplier": row.supplier.name,
                "state": row.state,
                "declaration_id": row.statement.dds_id if row.statement else None,
                "status": row.statement.status if row.statement else None,
                "eu_status": (submission.eu_status or submission.state) if submission else None,
                "eu_reference_number": (submission.reference_number or None) if submission else None,
                "eu_verification_number": (submission.verification_number or None) if submission else None,
                "errors": row.errors,
            }
        )
    return found


RESULT_COLUMNS = (
    "producer_number",
    "supplier",
    "state",
    "declaration_id",
    "status",
    "eu_status",
    "eu_reference_number",
    "eu_verification_number",
    "errors",
)


def bulk_filing_results_csv(filing: BulkFiling) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(RESULT_COLUMNS)
    for line in bulk_filing_results(filing):
        errors = "; ".join(f"{e.get('field') or ''}: {e['message']}".lstrip(": ") for e in line["errors"])
        writer.writerow([csv_safe(line[c] if c != "errors" else errors) for c in RESULT_COLUMNS])
    return out.getvalue()
