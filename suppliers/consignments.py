"""A consignment bought from a supplier, recorded as a first downstream operator must.

Article 5 as amended by Regulation (EU) 2025/2650: the first downstream operator keeps, per
consignment, who supplied it (Article 5(3): name, postal address, e-mail) and the reference
numbers of the statement or declaration behind it. For a supplier the buyer filed for, both
come from the roster and the bulk filing: the supplier record is filled from the roster, the
declaration's reference and verification numbers from the EU's answer, and the numbers are
checked with the EU (verifyDeclaration) as any upstream reference is.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

from compliance.downstream import trading_partner_record_create
from compliance.models import PartnerKind, TradingPartnerRecord
from eu_filing.models import EuSubmission, UpstreamOrigin, UpstreamReference
from eu_filing.upstream import upstream_reference_record
from suppliers.models import BulkFilingRow, RowState, Supplier, SupplierConsignment


def supplier_declaration_numbers(supplier: Supplier) -> tuple[str, str] | None:
    """The reference and verification numbers of the supplier's filed declaration, once the EU gave them."""
    row = (
        BulkFilingRow.objects.filter(supplier=supplier, state=RowState.FILED, statement__isnull=False)
        .order_by("-id")
        .first()
    )
    submission = EuSubmission.objects.filter(statement_id=row.statement_id).first() if row else None
    if submission is None or not submission.reference_number:
        # A supplier who declared himself (the roster's numbers): his declaration is behind it.
        if supplier.declaration_reference_number:
            return supplier.declaration_reference_number, supplier.declaration_verification_number
        return None
    return submission.reference_number, submission.verification_number


def supplier_consignment_record(
    *, supplier: Supplier, consignment_reference: str, consignment_date: date
) -> SupplierConsignment:
    """The supplier record of one consignment, with the declaration behind it checked by the EU."""
    numbers = supplier_declaration_numbers(supplier)
    record: TradingPartnerRecord = trading_partner_record_create(
        owner=supplier.owner,
        livemode=supplier.livemode,
        kind=PartnerKind.SUPPLIER,
        consignment_reference=consignment_reference,
        consignment_date=consignment_date,
        name=supplier.name,
        postal_address=f"{supplier.street}, {supplier.postal_code} {supplier.city}",
        email=supplier.email,
    )
    reference: UpstreamReference | None = None
    if numbers is not None and supplier.livemode:
        # Test data never reaches the EU: a test key's consignments keep the numbers unchecked.
        reference, _created = upstream_reference_record(
            owner=supplier.owner,
            reference_number=numbers[0],
            verification_number=numbers[1],
            supplier=f"{supplier.producer_number} {supplier.name}"[:200],
            note=f"Consignment {consignment_reference}"[:300],
            origin=UpstreamOrigin.CONSIGNMENT,
        )
    return SupplierConsignment.objects.create(
        supplier=supplier,
        record=record,
        reference_number=numbers[0] if numbers else "",
        verification_number=numbers[1] if numbers else "",
        upstream=reference,
    )


CONSIGNMENT_COLUMNS = (
    "consignment_reference",
    "consignment_date",
    "producer_number",
    "supplier",
    "postal_address",
    "email",
    "declaration_reference_number",
    "declaration_verification_number",
    "eu_result",
    "eu_status",
    "eu_checked_at",
)


def supplier_consignments_rows(*, owner, livemode: bool) -> Iterator[tuple[Any, ...]]:
    """Every consignment bought from a supplier, with the declaration behind it and the EU's
    answer about it (CONSIGNMENT_COLUMNS): the first downstream operator's records, for a
    competent authority."""
    consignments = (
        SupplierConsignment.objects.filter(supplier__owner=owner, supplier__livemode=livemode)
        .select_related("supplier", "record", "upstream")
        .order_by("record__consignment_date", "id")
    )
    for item in consignments:
        upstream = item.upstream
        yield (
            item.record.consignment_reference,
            item.record.consignment_date,
            item.supplier.producer_number,
            item.record.name,
            item.record.postal_address,
            item.record.email,
            item.reference_number,
            item.verification_number,
            upstream.result if upstream else "",
            upstream.eu_status if upstream else "",
            upstream.eu_checked_at if upstream else None,
        )
