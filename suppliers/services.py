"""Importing a roster: read, check offline, then write every supplier in one transaction."""

from __future__ import annotations

import hashlib

from django.db import transaction

from eu_filing.models import UpstreamOrigin, UpstreamReference
from eu_filing.upstream import upstream_recheck_enqueue, upstream_reference_get_or_create
from suppliers.models import RosterImport, Supplier, SupplierConsignment
from suppliers.roster import RosterInvalid, RowError, read_table, validate

_STORED = (
    "size",
    "commodity",
    "quantity",
    "unit",
    "name",
    "nip",
    "regon",
    "street",
    "postal_code",
    "city",
    "email",
    "land_street",
    "land_postal_code",
    "land_city",
    "herd_number",
    "declaration_reference_number",
    "declaration_verification_number",
)


def roster_format(filename: str) -> str:
    """csv or xlsx from the file's name; anything else is refused."""
    lowered = filename.lower()
    if lowered.endswith(".xlsx"):
        return "xlsx"
    if lowered.endswith((".csv", ".txt")):
        return "csv"
    raise RosterInvalid([RowError(0, "file", "unsupported_format", "Upload a .csv or .xlsx file.")])


class _DryRun(Exception):
    """Rolls a checked import back; carries what it would have done."""

    def __init__(self, upload: RosterImport) -> None:
        self.upload = upload


def roster_import(
    *, owner, livemode: bool, filename: str, data: bytes, dry_run: bool = False, via: str = "api"
) -> RosterImport:
    """Every supplier of the file created or updated (by producer number), or none.

    Raises RosterInvalid with every row's problems; the database is then untouched. A row
    that changes a supplier's person, land or goods takes its mandate out of force; those
    rows are listed in `mandates_suspended`. With `dry_run`, everything is checked and
    counted as it would be, then rolled back: the answer is unsaved."""
    try:
        return _roster_write(
            owner=owner, livemode=livemode, filename=filename, data=data, dry_run=dry_run, via=via
        )
    except _DryRun as done:
        done.upload.dry_run = True
        return done.upload


def _roster_write(
    *, owner, livemode: bool, filename: str, data: bytes, dry_run: bool, via: str
) -> RosterImport:
    file_format = roster_format(filename)
    rows = validate(read_table(data, file_format=file_format))
    with transaction.atomic():
        known = {
            supplier.producer_number: supplier
            for supplier in Supplier.objects.select_for_update().filter(
                owner=owner,
                livemode=livemode,
                producer_number__in=[row.values["producer_number"] for row in rows],
            )
        }
        upload = RosterImport.objects.create(
            owner=owner,
            livemode=livemode,
            filename=filename[:200],
            file_format=file_format,
            sha256=hashlib.sha256(data).hexdigest(),
            rows=len(rows),
            created=sum(1 for row in rows if row.values["producer_number"] not in known),
            updated=sum(1 for row in rows if row.values["producer_number"] in known),
        )
        to_check = False
        reason = f"roster upload ({via}): {upload.filename}"
        for row in rows:
            supplier = known.get(row.values["producer_number"]) or Supplier(
                owner=owner, livemode=livemode, producer_number=row.values["producer_number"]
            )
            for key in _STORED:
                setattr(supplier, key, row.values.get(key, ""))
            supplier.parcels = "\n".join(row.parcels)
            supplier.imported_in = upload
            to_check = _existing_declaration_link(supplier) or to_check
            supplier.save(changed_by=owner, change_reason=reason)
            if supplier.mandates_suspended:
                upload.mandates_suspended.append(
                    {
                        "line": row.line,
                        "producer_number": supplier.producer_number,
                        "supplier_id": str(supplier.public_id),
                        "changed": supplier.mandates_suspended,
                    }
                )
        upload.save(update_fields=["mandates_suspended"])
        if dry_run:
            raise _DryRun(upload)
        if to_check:
            upstream_recheck_enqueue()
    upload.dry_run = False
    return upload


def _existing_declaration_link(supplier: Supplier) -> bool:
    """Point a live supplier at the account's reference row for the declaration the roster
    gives (created due for a check); True when that row has not been answered yet.

    Test suppliers keep the numbers unchecked: test data never reaches the EU."""
    previous = supplier.existing_declaration_id
    if not supplier.declaration_reference_number or not supplier.livemode:
        supplier.existing_declaration = None
        _roster_reference_forget(previous, supplier)
        return False
    reference, _created = upstream_reference_get_or_create(
        owner=supplier.owner,
        reference_number=supplier.declaration_reference_number,
        verification_number=supplier.declaration_verification_number,
        origin=UpstreamOrigin.ROSTER,
        supplier=supplier.producer_number,
        note="Supplier's own declaration, from the roster",
    )
    supplier.existing_declaration = reference
    if previous != reference.pk:
        _roster_reference_forget(previous, supplier)
    return reference.checked_at is None


def _roster_reference_forget(reference_id: int | None, supplier: Supplier) -> None:
    """The declaration a re-upload replaced is no longer relied on, so no longer re-checked,
    unless another supplier or a consignment still points at it."""
    if reference_id is None:
        return
    in_use = (
        Supplier.objects.filter(existing_declaration_id=reference_id).exclude(pk=supplier.pk).exists()
        or SupplierConsignment.objects.filter(upstream_id=reference_id).exists()
    )
    if not in_use:
        UpstreamReference.objects.filter(pk=reference_id, origin=UpstreamOrigin.ROSTER).delete()
