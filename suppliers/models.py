"""A buyer's suppliers: the primary operators it files simplified declarations for.

Regulation (EU) 2023/1115 Art. 6 lets an authorised representative act for an operator;
a buying station, slaughterhouse or sawmill files for the farmers and forest owners it
buys from. What is kept of each is what the declaration and the buyer's own records need
(docs/buyers.md); a supplier may be a natural person, so every field that names or
locates one is encrypted at rest (ENCRYPTION_KEYS), the buyer's own producer number and
the commodity code excepted (they are the buyer's identifiers and lookups need them).
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import F
from django.db.models.functions import Upper
from django.utils.translation import gettext_lazy as _

from eudr_service.lib.encryption import EncryptedTextField


class RosterImport(models.Model):
    """One uploaded roster file, imported whole or not at all."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="roster_imports"
    )
    livemode = models.BooleanField(default=True)
    filename = models.CharField(max_length=200)
    file_format = models.CharField(max_length=8, help_text="csv or xlsx")
    sha256 = models.CharField(max_length=64)
    rows = models.PositiveIntegerField()
    created = models.PositiveIntegerField(help_text="Suppliers new in this file")
    updated = models.PositiveIntegerField(help_text="Suppliers already known by their producer number")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.filename} ({self.rows} rows)"


class Supplier(models.Model):
    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="suppliers")
    livemode = models.BooleanField(default=True)
    producer_number = models.CharField(max_length=64, help_text="The buyer's own number for this supplier")
    size = models.CharField(
        max_length=16, help_text="natural_person, micro or small (Directive 2013/34/EU Art. 3)"
    )
    commodity = models.CharField(max_length=16, help_text="Annex I code")
    quantity = models.DecimalField(max_digits=14, decimal_places=3, help_text="The yearly quantity estimated")
    unit = models.CharField(max_length=3, help_text="kg, or a supplementary unit code (NAR, MTQ, ...)")
    name = EncryptedTextField()
    nip = EncryptedTextField(blank=True)
    regon = EncryptedTextField(blank=True)
    street = EncryptedTextField(blank=True)
    postal_code = EncryptedTextField()
    city = EncryptedTextField()
    email = EncryptedTextField(blank=True)
    # Parcel identifiers, one per line (a natural person's land is personal data).
    parcels = EncryptedTextField(blank=True)
    land_street = EncryptedTextField(blank=True)
    land_postal_code = EncryptedTextField(blank=True)
    land_city = EncryptedTextField(blank=True)
    imported_in = models.ForeignKey(RosterImport, on_delete=models.PROTECT, related_name="suppliers")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # Case-blind: p-28 and P-28 are one producer (the roster stores capitals).
            models.UniqueConstraint(
                F("owner"),
                F("livemode"),
                Upper("producer_number"),
                name="one_supplier_per_producer_number_any_case",
            )
        ]

    def __str__(self) -> str:
        return f"{self.producer_number} ({self.owner_id})"

    @property
    def parcel_ids(self) -> list[str]:
        return [line for line in self.parcels.splitlines() if line]

    def current_mandate(self) -> SupplierMandate | None:
        """The newest mandate (prefetch `mandates` when listing many suppliers)."""
        return next(iter(self.mandates.all()), None)


class MandateKind(models.TextChoices):
    DOCUMENT = "document", _("signed authorisation (uploaded)")
    EMAIL = "email_confirmation", _("confirmed by the supplier by e-mail")


class MandateStatus(models.TextChoices):
    PENDING_REVIEW = "pending_review", _("awaiting our staff's review")
    REQUESTED = "requested", _("awaiting the supplier's confirmation")
    ACTIVE = "active", _("active")
    REJECTED = "rejected", _("rejected by our staff")
    REVOKED = "revoked", _("revoked by the supplier")
    EXPIRED = "expired", _("link expired unconfirmed")


class SupplierMandate(models.Model):
    """The supplier's authorisation for the buyer to file as its representative (Art. 6).

    Two ways to give it. A signed authorisation uploaded by the buyer (PDF, JPEG or PNG;
    type and size checked here, stored encrypted): the service cannot check a signature or
    who signed, so staff review it in the admin before it is active. Or a confirmation the
    supplier gives through a one-time link sent to the e-mail address on the roster: the
    service itself sees the link used, so no staff review; the same link later shows what
    was filed in the supplier's name and lets the supplier revoke. The newest mandate of a
    supplier is the one that counts; older ones stay as history.
    """

    supplier = models.ForeignKey(Supplier, on_delete=models.CASCADE, related_name="mandates")
    kind = models.CharField(max_length=24, choices=MandateKind.choices)
    status = models.CharField(max_length=16, choices=MandateStatus.choices)
    # The uploaded authorisation, base64 inside the encrypted text (a few megabytes at most).
    document = EncryptedTextField(blank=True)
    document_name = models.CharField(max_length=200, blank=True)
    document_type = models.CharField(max_length=32, blank=True)
    document_sha256 = models.CharField(max_length=64, blank=True)
    # The link's secret, encrypted (a failed send is retried with it); found by its hash.
    token = EncryptedTextField(blank=True)
    token_hash = models.CharField(max_length=64, blank=True, db_index=True)
    email_sent_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    reviewed_at = models.DateTimeField(null=True, blank=True)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        limit_choices_to={"is_staff": True},
    )
    review_note = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.supplier} {self.kind} {self.status}"

    @property
    def is_active(self) -> bool:
        return self.status == MandateStatus.ACTIVE


class BulkFilingStatus(models.TextChoices):
    RUNNING = "running", _("filing")
    DONE = "done", _("done")
    CANCELLED = "cancelled", _("cancelled")


class RowState(models.TextChoices):
    QUEUED = "queued", _("waiting")
    FILED = "filed", _("filed")
    FAILED = "failed", _("failed")
    CANCELLED = "cancelled", _("cancelled")


class BulkFiling(models.Model):
    """One request to file a simplified declaration for every supplier with a mandate in force.

    Each row is filed once whatever happens to the workers: the filing of a row carries an
    idempotency key of its own (`bulk-<row id>`), so a row filed by a worker that died
    before recording it is found again, not filed twice."""

    public_id = models.CharField(max_length=40, unique=True)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bulk_filings")
    livemode = models.BooleanField(default=True)
    status = models.CharField(
        max_length=16, choices=BulkFilingStatus.choices, default=BulkFilingStatus.RUNNING
    )
    options = models.JSONField(default=dict, help_text="The declarations' goods and activity, as requested")
    total = models.PositiveIntegerField()
    skipped = models.JSONField(default=dict, help_text="Suppliers left out, counted by reason")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # A worker's lease on the filing: another picks it up once it lapses (a killed worker).
    leased_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.public_id


class BulkFilingRow(models.Model):
    filing = models.ForeignKey(BulkFiling, on_delete=models.CASCADE, related_name="rows")
    supplier = models.ForeignKey(Supplier, on_delete=models.PROTECT, related_name="bulk_rows")
    state = models.CharField(max_length=16, choices=RowState.choices, default=RowState.QUEUED)
    statement = models.ForeignKey(
        "compliance.DueDiligenceStatement", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    errors = models.JSONField(default=list, help_text="Why the row failed: field, code, message")
    attempts = models.PositiveSmallIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["filing", "supplier"], name="one_row_per_supplier_and_filing")
        ]
        indexes = [models.Index(fields=["filing", "state"])]

    def __str__(self) -> str:
        return f"{self.filing_id}/{self.supplier_id} {self.state}"


class SupplierConsignment(models.Model):
    """A consignment bought from a supplier: the supplier record kept for it (Article 5(3)) and
    the supplier's declaration behind it (Article 5 as amended: the first downstream operator
    keeps the reference numbers), as the EU's verifyDeclaration answered."""

    supplier = models.ForeignKey(Supplier, on_delete=models.PROTECT, related_name="consignments")
    record = models.OneToOneField(
        "compliance.TradingPartnerRecord", on_delete=models.CASCADE, related_name="supplier_consignment"
    )
    reference_number = models.CharField(max_length=14, blank=True)
    verification_number = models.CharField(max_length=35, blank=True)
    upstream = models.ForeignKey(
        "eu_filing.UpstreamReference", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.supplier_id}: {self.record_id}"
