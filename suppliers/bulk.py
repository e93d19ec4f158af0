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

from datetime import timedelta
from typing import Any

from django.db import connection, transaction
from django.db.models import Count, F, OuterRef, Q, Subquery
from django.utils import timezone

from accounts.models import User
from compliance.models import FilingKind, IdempotencyRecord
from compliance.sd_serializers import SDFilingSerializer
from compliance.services import IdempotencyConflict, dds_file
from eu_filing.models import EuState, EuSubmission, UpstreamState
from eu_filing.outbox import eu_credential_usable
from eudr_service.lib.background import enqueue
from eudr_service.lib.problems import flatten_validation_errors
from suppliers.mandates import mandate_filed_on
from suppliers.models import (
    BulkFiling,
    BulkFilingRow,
    BulkFilingStatus,
    MandateStatus,
    RowState,
    Supplier,
    SupplierMandate,
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
        # Only the ids, commodities, the supplier's own declaration and the newest mandate's
        # status: whole suppliers would decrypt their personal data, which the start does not
        # need (the rows are filed later).
        newest = SupplierMandate.objects.filter(supplier=OuterRef("pk")).order_by("-created_at", "-id")
        suppliers = (
            Supplier.objects.filter(owner=owner, livemode=livemode)
            .annotate(mandate_status=Subquery(newest.values("status")[:1]))
            .order_by("id")
            .values_list(
                "id",
                "commodity",
                "mandate_status",
                "declaration_reference_number",
                "existing_declaration__state",
            )
        )
        ready, commodities, skipped = [], set(), {}
        for supplier_id, commodity, mandate_status, own_reference, own_state in suppliers:
            if supplier_id in declared:
                reason = "already_declared"
            elif own := existing_declaration_reason(reference_number=own_reference, state=own_state):
                reason = own
            elif mandate_status is None:
                reason = "no_mandate"
            elif mandate_status != MandateStatus.ACTIVE:
                # A change through any save took the mandate out of force already; one made
                # around the models (a bulk update) is caught per row at filing (_mandate_in_force).
                reason = f"mandate_{mandate_status}"
            else:
                ready.append(supplier_id)
                commodities.add(commodity)
                continue
            skipped[reason] = skipped.get(reason, 0) + 1
        missing = sorted(commodities - set(options.get("goods", {})))
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
        _rows_insert(filing, ready)
        if not ready:
            _finish(filing)
        else:
            _enqueue(filing)
    return filing


def _rows_insert(filing: BulkFiling, supplier_ids: list[int]) -> None:
    """One queued row per supplier, in one statement run for all of them.

    bulk_create builds and prepares a model for every row, most of the start's time for
    thousands of suppliers (the panel's POST waits for it); the rows differ only in their
    supplier, so the other values are prepared once, by their fields, as Django would."""
    fields = {field.name: field for field in BulkFilingRow._meta.concrete_fields}
    constants = {
        "state": RowState.QUEUED,
        "errors": [],
        "attempts": 0,
        "updated_at": timezone.now(),
    }
    prepared = [fields[name].get_db_prep_save(value, connection) for name, value in constants.items()]
    quote = connection.ops.quote_name
    columns = [fields[name].column for name in ("filing", "supplier", *constants)]
    sql = (
        f"INSERT INTO {quote(BulkFilingRow._meta.db_table)} ({', '.join(map(quote, columns))}) "
        f"VALUES ({', '.join(['%s'] * len(columns))})"
    )
    with connection.cursor() as cursor:
        cursor.executemany(sql, [(filing.pk, pk, *prepared) for pk in supplier_ids])


def existing_declaration_reason(*, reference_number: str, state: str | None) -> str | None:
    """Why a supplier's own declaration (from the roster) keeps him out of a filing, if it does.

    A valid one stands; so does one the EU has not answered about yet (a test supplier's is
    never checked): filing then could declare the farmer twice. One the EU says is withdrawn,
    not usable or unknown to it leaves him to be filed for, under a mandate."""
    if not reference_number:
        return None
    if state == UpstreamState.VALID:
        return "existing_declaration"
    if state is None or state == UpstreamState.UNKNOWN:
        return "existing_declaration_unchecked"
    return None


def _enqueue(filing: BulkFiling) -> None:
    enqueue("suppliers.bulk_filing_run", filing.pk)


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
    if supplier.herd_number:
        # The herd's ARiMR number stays with the declaration's record (its plots' own reference,
        # kept and shown, not sent: the EU takes the holding's address or geolocation).
        plots = [{**plot, "reference": supplier.herd_number} for plot in plots]
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


class RowNotClaimed(Exception):
    """The row was taken back (a cancel) while its declaration was being filed."""


def _claim(row: BulkFilingRow) -> bool:
    """Take a queued row for filing; False when a cancel got to it first."""
    return bool(
        BulkFilingRow.objects.filter(pk=row.pk, state=RowState.QUEUED).update(
            state=RowState.FILING, attempts=F("attempts") + 1, updated_at=timezone.now()
        )
    )


def _record_filed(row: BulkFilingRow, statement, mandate: SupplierMandate) -> None:
    """Inside the declaration's transaction: the row is filed, under the mandate it rests
    on, only if still claimed."""
    recorded = BulkFilingRow.objects.filter(pk=row.pk, state=RowState.FILING).update(
        state=RowState.FILED, statement=statement, mandate=mandate, errors=[], updated_at=timezone.now()
    )
    if not recorded:
        raise RowNotClaimed(row.pk)


def _mandate_in_force(row: BulkFilingRow) -> SupplierMandate | None:
    """The supplier's newest mandate if it is in force and the supplier's data are still what
    it authorised; None otherwise. Checked again at filing, not only at upload: a mandate
    belongs to a person and the land they declared."""
    supplier = Supplier.objects.get(pk=row.supplier_id)
    mandate = supplier.mandates.order_by("-created_at", "-id").first()
    if mandate is not None and mandate.authorises(supplier):
        return mandate
    if mandate is not None and mandate.is_active:
        supplier.mandates_check(by=None, reason="bulk filing: data differ from the authorised")
    return None


def _file_row(row: BulkFilingRow) -> None:
    filing = row.filing
    mandate = _mandate_in_force(row)
    if mandate is None:
        message = "The supplier's mandate is not in force, or its data changed since it was given: ask again."
        _row_fail(row, [{"field": "mandate", "code": "mandate_not_in_force", "message": message}])
        return
    # Only what the supplier authorised is filed, even if the roster changes meanwhile.
    row.supplier = mandate.authorised_supplier()
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
        statement, replayed = dds_file(
            owner=filing.owner,
            data=incoming.validated_data,
            raw_body=body,
            idempotency_key=_idempotency_key(row),
            filing_kind=FilingKind.SIMPLIFIED,
            livemode=filing.livemode,
            represented=True,
            mandate=mandate_filed_on(mandate),
            claim=lambda statement: _record_filed(row, statement, mandate),
        )
    except IdempotencyConflict:
        # The supplier's roster changed after this row was filed: the filed one stands.
        statement, replayed = _statement_by_key(row), True
    except RowNotClaimed:
        return  # cancelled while filing: the declaration was rolled back with the claim
    if replayed:
        # Filed before (by a worker that died before recording it): record it now.
        with transaction.atomic():
            _record_filed(row, statement, mandate)


def _statement_by_key(row: BulkFilingRow):
    return IdempotencyRecord.objects.get(owner=row.filing.owner, key=_idempotency_key(row)).statement


def _row_fail(row: BulkFilingRow, errors: list[dict[str, Any]]) -> None:
    BulkFilingRow.objects.filter(pk=row.pk, state=RowState.FILING).update(
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
    if not taken:
        return None
    # Rows a dead worker had claimed go back to the queue: their idempotency keys make
    # filing them again safe (a declaration that did commit is found, not filed twice).
    BulkFilingRow.objects.filter(filing_id=filing_id, state=RowState.FILING).update(state=RowState.QUEUED)
    return BulkFiling.objects.select_related("owner").get(pk=filing_id)


def bulk_filing_run(filing_id: int) -> int:
    """File the next chunk of queued rows; returns how many rows this call filed or failed.

    Called by the task, which calls again while rows are left, so one filing never holds a
    worker for long. Each row is claimed before it is filed, so a cancel stops the very
    next row, and the row being filed is recorded only if the cancel did not take it."""
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
        if not _claim(row):
            continue
        try:
            _file_row(row)
        except Exception as exc:
            if row.attempts + 1 >= MAX_ATTEMPTS:
                _row_fail(row, [{"field": None, "code": "filing_error", "message": str(exc)[:300]}])
            else:
                BulkFilingRow.objects.filter(pk=row.pk, state=RowState.FILING).update(state=RowState.QUEUED)
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
            # A row being filed is taken back too: its worker then records nothing and
            # rolls its declaration back (_record_filed), so no row is filed after this.
            BulkFilingRow.objects.filter(filing=locked, state__in=(RowState.QUEUED, RowState.FILING)).update(
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


NO_EU_NOTICE = (
    "Nothing reaches the EU: this account holds no usable EU credentials for the EU system this "
    "service talks to. The declarations are filed here and wait in the outbox; store credentials "
    "(PUT /api/eudr/v1/eu-credentials, or the panel's EU credentials page) and they are sent."
)
TEST_NOTICE = "A test filing: test declarations never reach the EU."


def bulk_filing_eu(filing: BulkFiling, *, credentials_usable: bool | None = None) -> dict[str, Any]:
    """Whether the filing's declarations can reach the EU, in words when they cannot, and
    where the outbox is with them (`credentials_usable` when the caller already knows)."""
    if credentials_usable is None:
        credentials_usable = eu_credential_usable(owner_id=filing.owner_id)
    reachable = filing.livemode and credentials_usable
    notice = None if reachable else (NO_EU_NOTICE if filing.livemode else TEST_NOTICE)
    return {"reachable": reachable, "notice": notice, "progress": bulk_filing_eu_progress(filing)}


def bulk_filing_eu_progress(filing: BulkFiling) -> dict[str, int]:
    """Where the EU outbox is with the filing's declarations: per outbox state, and how many
    already carry the EU's reference number (what the buyer waits for)."""
    submissions = EuSubmission.objects.filter(
        statement__in=BulkFilingRow.objects.filter(filing=filing, statement__isnull=False).values("statement")
    )
    progress = {state: 0 for state in EuState.values}
    for line in submissions.values("state").annotate(n=Count("id")):
        progress[line["state"]] = line["n"]
    progress["with_reference"] = submissions.exclude(reference_number="").count()
    return progress


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
