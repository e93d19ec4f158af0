"""A buyer's suppliers: the primary operators it files simplified declarations for.

Regulation (EU) 2023/1115 Art. 6 lets an authorised representative act for an operator;
a buying station, slaughterhouse or sawmill files for the farmers and forest owners it
buys from. What is kept of each is what the declaration and the buyer's own records need
(docs/buyers.md); a supplier may be a natural person, so every field that names or
locates one is encrypted at rest (ENCRYPTION_KEYS), the buyer's own producer number and
the commodity code excepted (they are the buyer's identifiers and lookups need them).
"""

from __future__ import annotations

import json
import uuid
from decimal import Decimal

from django.conf import settings
from django.db import models, transaction
from django.db.models import F
from django.db.models.functions import Upper
from django.utils import timezone
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
    # Rows whose change took a mandate out of force: line, producer number, supplier id, fields.
    mandates_suspended = models.JSONField(default=list, blank=True)
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
    # The ARiMR herd (establishment) number of a cattle supplier (eudr_service.lib.herd_number);
    # kept with the declarations filed for it as the plots' own reference. It carries the
    # keeper's ARiMR producer number, so it is encrypted like the rest of his identity.
    herd_number = EncryptedTextField(blank=True)
    # A declaration the supplier already has (filed by himself, or by the paying agency in
    # the MEMBER_STATE role): its numbers as the roster gave them, and the live account's
    # reference row that holds the EU's answer about it (none for test suppliers, which
    # never reach the EU).
    declaration_reference_number = models.CharField(max_length=14, blank=True)
    declaration_verification_number = models.CharField(max_length=35, blank=True)
    existing_declaration = models.ForeignKey(
        "eu_filing.UpstreamReference", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
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

    def save(self, *args, changed_by=None, change_reason: str = "", **kwargs) -> None:
        """Saved by whatever path (roster upload, admin, a script): a mandate whose person or
        land no longer matches what was authorised leaves force in the same transaction.

        `changed_by` and `change_reason` are recorded on each mandate taken out of force;
        `mandates_suspended` holds the fields that differed (empty when none was)."""
        adding = self._state.adding  # a new supplier has no mandate yet
        # Joins the caller's transaction (a roster import's 2,000 rows) without a savepoint each.
        with transaction.atomic(savepoint=False):
            super().save(*args, **kwargs)
            self.mandates_suspended = (
                [] if adding else self.mandates_check(by=changed_by, reason=change_reason)
            )

    @property
    def parcel_ids(self) -> list[str]:
        return [line for line in self.parcels.splitlines() if line]

    def current_mandate(self) -> SupplierMandate | None:
        """The newest mandate (prefetch `mandates` when listing many suppliers)."""
        return next(iter(self.mandates.all()), None)

    def authorised_facts(self) -> dict[str, str]:
        """What a mandate authorises: the person (name, identifiers, address, e-mail), the land
        and the goods with their yearly quantity, as strings comparable after a round trip."""
        facts = {key: str(getattr(self, key) or "") for key in AUTHORISED_FIELDS if key != "quantity"}
        quantity = self.quantity if self.quantity is not None else Decimal(0)
        facts["quantity"] = str(Decimal(quantity).quantize(Decimal("0.001")))
        facts["parcels"] = "\n".join(self.parcel_ids)
        return facts

    def mandates_check(self, *, by=None, reason: str = "") -> list[str]:
        """Take out of force every mandate in force whose authorised facts differ from the
        supplier's current ones; returns the fields that differed (sorted, deduplicated)."""
        if self.pk is None:
            return []
        current = self.authorised_facts()
        changed: set[str] = set()
        for mandate in SupplierMandate.objects.select_for_update().filter(
            supplier=self, status__in=MANDATE_IN_FORCE
        ):
            differing = mandate.differing_fields(current)
            if differing:
                mandate.suspend(fields=differing, by=by, reason=reason)
                changed.update(differing)
        return sorted(changed)


# What a mandate authorises (Art. 6: the representative files for this operator, this land and
# these goods); a change of any of them by any path takes the mandate out of force.
AUTHORISED_FIELDS = (
    "producer_number",
    "name",
    "size",
    "nip",
    "regon",
    "street",
    "postal_code",
    "city",
    "email",
    "commodity",
    "quantity",
    "unit",
    "parcels",
    "land_street",
    "land_postal_code",
    "land_city",
)


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
    NEEDS_RECONFIRMATION = "needs_reconfirmation", _("to be confirmed again: the supplier's data changed")


# A mandate given or being given: a change of the supplier's data takes each of these out of force.
MANDATE_IN_FORCE = (MandateStatus.ACTIVE, MandateStatus.PENDING_REVIEW, MandateStatus.REQUESTED)


class EmailState(models.TextChoices):
    QUEUED = "queued", _("to be sent")
    SENT = "sent", _("sent")
    NOT_SENT_TEST_MODE = "not_sent_test_mode", _("not sent: requested with a test key")


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
    status = models.CharField(max_length=24, choices=MandateStatus.choices)
    # What the supplier authorises, as JSON (AUTHORISED_FIELDS): taken when the request is made or
    # the document uploaded, shown on the supplier's page, and the only data filed under it.
    authorised = EncryptedTextField(blank=True)
    suspended_at = models.DateTimeField(null=True, blank=True)
    suspended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    suspended_reason = models.CharField(max_length=200, blank=True)
    suspended_fields = models.JSONField(default=list, blank=True, help_text="What changed")
    email_state = models.CharField(max_length=24, choices=EmailState.choices, blank=True)
    document_size = models.PositiveIntegerField(default=0, help_text="Bytes of the uploaded document")
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

    def save(self, *args, **kwargs) -> None:
        # A mandate is for the supplier as it is when the mandate is asked or uploaded.
        if self._state.adding and not self.authorised:
            self.authorise(self.supplier)
        super().save(*args, **kwargs)

    @property
    def is_active(self) -> bool:
        return self.status == MandateStatus.ACTIVE

    @classmethod
    def for_supplier(cls, supplier: Supplier, **fields) -> SupplierMandate:
        """An unsaved mandate authorising the supplier's current data (for bulk_create, which
        runs no save())."""
        mandate = cls(supplier=supplier, **fields)
        mandate.authorise(supplier)
        return mandate

    def authorise(self, supplier: Supplier) -> None:
        self.authorised = json.dumps(supplier.authorised_facts(), sort_keys=True, ensure_ascii=False)

    def authorised_facts(self) -> dict[str, str]:
        return json.loads(self.authorised) if self.authorised else {}

    def differing_fields(self, current: dict[str, str]) -> list[str]:
        """The authorised facts that differ from `current` (all of them when none were kept)."""
        kept = self.authorised_facts()
        return sorted(key for key in AUTHORISED_FIELDS if kept.get(key) != current.get(key))

    def authorises(self, supplier: Supplier) -> bool:
        """In force and for exactly the supplier's current data: the check before any filing."""
        return self.is_active and not self.differing_fields(supplier.authorised_facts())

    def authorised_supplier(self) -> Supplier:
        """An unsaved supplier holding only what was authorised: what a filing may send."""
        facts = self.authorised_facts()
        shown = Supplier(
            pk=self.supplier_id,
            public_id=self.supplier.public_id,
            owner_id=self.supplier.owner_id,
            livemode=self.supplier.livemode,
        )
        for key in AUTHORISED_FIELDS:
            setattr(shown, key, facts.get(key, ""))
        shown.quantity = Decimal(facts.get("quantity") or 0)
        return shown

    def suspend(self, *, fields: list[str], by=None, reason: str = "") -> None:
        self.status = MandateStatus.NEEDS_RECONFIRMATION
        self.suspended_at, self.suspended_by = timezone.now(), by
        self.suspended_reason, self.suspended_fields = reason[:200], list(fields)
        self.save(
            update_fields=[
                "status",
                "suspended_at",
                "suspended_by",
                "suspended_reason",
                "suspended_fields",
            ]
        )


class BulkFilingStatus(models.TextChoices):
    RUNNING = "running", _("filing")
    DONE = "done", _("done")
    CANCELLED = "cancelled", _("cancelled")


class RowState(models.TextChoices):
    QUEUED = "queued", _("waiting")
    # Claimed by a worker that is filing it now; recorded FILED only if still claimed
    # when its declaration commits, so a cancel stops the row being filed.
    FILING = "filing", _("being filed")
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
    # The mandate the row was filed under: the supplier's page lists only what its own mandate filed.
    mandate = models.ForeignKey(
        SupplierMandate, null=True, blank=True, on_delete=models.PROTECT, related_name="filed_rows"
    )
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
