"""Due Diligence Statements and their status history."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.services import OperatorRole, organisation_identity_confirmed, representative_of
from compliance import declarations, public_record
from compliance.evidence import statement_attestation, statement_evidence, statement_operator_identity
from compliance.public_record import MandateBasis
from compliance.verification_cache import verification_forget
from eudr_service.lib.encryption import EncryptedTextField
from eudr_service.lib.retention import protect_while_retained
from eudr_service.lib.timestamps import iso_millis
from risk.engine import RiskLevel


class DDSStatus(models.TextChoices):
    DRAFT = "DRAFT", "Draft"
    SUBMITTED = "SUBMITTED", "Submitted"
    UNDER_REVIEW = "UNDER_REVIEW", "Under review"
    COMPLIANT = "COMPLIANT", "Compliant"
    AT_RISK = "AT_RISK", "At risk"
    NON_COMPLIANT = "NON_COMPLIANT", "Non-compliant"
    WITHDRAWN = "WITHDRAWN", "Withdrawn"
    # Never stored: computed when valid_until has passed.
    EXPIRED = "EXPIRED", "Expired"


# The one table of allowed moves; enforced by compliance.services.dds_transition.
ALLOWED_TRANSITIONS: dict[str, frozenset[str]] = {
    DDSStatus.DRAFT: frozenset({DDSStatus.SUBMITTED, DDSStatus.WITHDRAWN}),
    DDSStatus.SUBMITTED: frozenset(
        {
            DDSStatus.UNDER_REVIEW,
            DDSStatus.COMPLIANT,
            DDSStatus.AT_RISK,
            DDSStatus.NON_COMPLIANT,
            DDSStatus.WITHDRAWN,
        }
    ),
    DDSStatus.UNDER_REVIEW: frozenset(
        {DDSStatus.COMPLIANT, DDSStatus.AT_RISK, DDSStatus.NON_COMPLIANT, DDSStatus.WITHDRAWN}
    ),
    DDSStatus.COMPLIANT: frozenset(
        {DDSStatus.UNDER_REVIEW, DDSStatus.AT_RISK, DDSStatus.NON_COMPLIANT, DDSStatus.WITHDRAWN}
    ),
    DDSStatus.AT_RISK: frozenset(
        {DDSStatus.UNDER_REVIEW, DDSStatus.COMPLIANT, DDSStatus.NON_COMPLIANT, DDSStatus.WITHDRAWN}
    ),
    DDSStatus.NON_COMPLIANT: frozenset({DDSStatus.UNDER_REVIEW, DDSStatus.WITHDRAWN}),
    DDSStatus.WITHDRAWN: frozenset(),
}

BADGE_FOR_STATUS = {
    DDSStatus.COMPLIANT: "verified",
    DDSStatus.SUBMITTED: "in_progress",
    DDSStatus.UNDER_REVIEW: "in_progress",
}


class Activity(models.TextChoices):
    IMPORT = "import", "import"
    EXPORT = "export", "export"
    DOMESTIC = "domestic", "domestic production / trade"


class FilingKind(models.TextChoices):
    DDS = "dds", "due diligence statement"
    # One-time simplified declaration of a micro or small primary operator in a
    # low-risk country (Regulation (EU) 2023/1115 Art. 4a, inserted by 2025/2650).
    SIMPLIFIED = "sd", "simplified declaration"


# The public name of each kind (verify answer, API records, widget).
DOCUMENT_TYPES = {FilingKind.DDS: "due_diligence_statement", FilingKind.SIMPLIFIED: "simplified_declaration"}


class DueDiligenceStatement(models.Model):
    dds_id = models.CharField("DDS identifier", max_length=64, unique=True)
    filing_kind = models.CharField(max_length=3, choices=FilingKind.choices, default=FilingKind.DDS)
    # Simplified declarations only: natural_person, micro or small (regulation.regime.Size).
    operator_size = models.CharField(max_length=16, blank=True)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="statements")
    operator_name = models.CharField(max_length=200)
    commodity = models.CharField(max_length=64, help_text="Commodity name in Polish")
    country_of_production = models.CharField(max_length=2)
    status = models.CharField(
        max_length=16,
        choices=[c for c in DDSStatus.choices if c[0] != DDSStatus.EXPIRED],
        default=DDSStatus.DRAFT,
    )
    risk_level = models.CharField(max_length=8, choices=RiskLevel.choices, blank=True)
    verified_at = models.DateTimeField(null=True, blank=True)
    valid_until = models.DateTimeField(null=True, blank=True)
    # Numbers the EU Information System (TRACES) gives a submitted statement.
    eu_reference_number = models.CharField(max_length=14, blank=True)
    eu_verification_number = models.CharField(max_length=35, blank=True)
    # The rest maps one-to-one onto the EU Information System's DDS form.
    internal_reference = models.CharField(max_length=100, blank=True)
    activity = models.CharField(max_length=8, choices=Activity.choices, blank=True)
    operator_nip = models.CharField(max_length=10, blank=True)
    operator_eori = models.CharField(max_length=17, blank=True)
    operator_country = models.CharField(max_length=2, blank=True)
    operator_address = models.CharField(max_length=300, blank=True)
    # Contact data of the operator (V3 operatorEmail, operatorPhone): personal data when the
    # operator is a natural person, so encrypted at rest like every such field.
    operator_email = EncryptedTextField(blank=True)
    operator_phone = EncryptedTextField(blank=True)
    # V3 borderCrossCountry: the Member State where the goods enter (import) or leave (export) the EU.
    border_cross_country = models.CharField(max_length=2, blank=True)
    # V3 groupedDeclarations: EU reference numbers of earlier statements this one groups
    # (eu_filing.grouping checks them, asked through compliance.hooks).
    grouped_declarations = models.JSONField(default=list, blank=True)
    # The operator matched by NIP or EORI among the owner's organisations
    # (own, or represented under a mandate); empty when nothing matched.
    organisation = models.ForeignKey(
        "accounts.Organisation", null=True, blank=True, on_delete=models.PROTECT, related_name="statements"
    )
    operator_role = models.CharField(max_length=32, default="operator")
    # A filing as authorised representative under a mandate held outside the account's
    # organisations (a buyer's supplier mandate, suppliers.bulk): what the mandate rested on
    # when filed, for the public record (compliance.public_record). Empty otherwise.
    mandate_basis = models.CharField(max_length=24, choices=MandateBasis.choices, blank=True)
    mandate_confirmed_at = models.DateTimeField(null=True, blank=True)
    # V3 geoLocationConfidential: the geolocation is not disclosed down the supply chain.
    # Our public pages (status page, its map) then show no plot geometry either.
    geolocation_confidential = models.BooleanField(default=False)
    # What the signatory attested when filing (Article 3(b) legality, Annex II points 5 and 6).
    attested_legality = models.BooleanField(default=False)
    attested_declaration = models.BooleanField(default=False)
    signatory_name = models.CharField(max_length=200, blank=True)
    signatory_function = models.CharField(max_length=200, blank=True)
    attested_at = models.DateTimeField(null=True, blank=True)
    declaration_version = models.CharField(max_length=64, blank=True)
    # The rule behind the current status (compliance.screening rule codes) and its details.
    status_rule = models.CharField(max_length=40, blank=True)
    status_reasons = models.JSONField(default=list, blank=True)
    status_decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status_decided_at = models.DateTimeField(null=True, blank=True)
    screened_at = models.DateTimeField(null=True, blank=True)
    # False for a statement filed with a test (sandbox) key: only test keys see
    # it, it is never public, and it may go only to the EU acceptance
    # environment (compliance.modes.eu_environment_for).
    livemode = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = "due diligence statement"
        indexes = [
            # An ERP finds its statement by its own reference (the list's `internal_reference`).
            models.Index(fields=["owner", "internal_reference"], name="dds_owner_internal_ref"),
            # The owner's list (API and panel), newest first: read in index order, a page at a
            # time, instead of every statement of the account fetched and sorted (an account
            # with 20,000 statements listed 3.6 times slower than one with 200). No livemode
            # column: Django writes `WHERE livemode`, which SQLite cannot match to an index
            # column; an account's statements of the other mode are skipped while reading.
            models.Index(fields=["owner", "-created_at", "-id"], name="dds_owner_list"),
        ]

    def __str__(self) -> str:
        return self.dds_id

    def save(self, *args, **kwargs) -> None:
        super().save(*args, **kwargs)
        verification_forget(dds_id=self.dds_id)

    def effective_status(self, now: datetime | None = None) -> str:
        """The status the public sees: EXPIRED once a COMPLIANT result's valid_until
        has passed. Only a COMPLIANT result has a validity: a statement that moved on
        (AT_RISK, UNDER_REVIEW, ...) keeps its status, whatever its old valid_until."""
        now = now or timezone.now()
        lapsed = self.valid_until is not None and self.valid_until <= now
        if lapsed and self.status == DDSStatus.COMPLIANT:
            return DDSStatus.EXPIRED
        return self.status

    @property
    def filed_on(self) -> date:
        """The filing date (UTC): the legal reference data of this day apply to the statement."""
        return self.created_at.astimezone(UTC).date()

    @property
    def is_public(self) -> bool:
        return self.livemode and self.status != DDSStatus.DRAFT

    @property
    def filed_under_own_mandate(self) -> bool:
        """Filed as authorised representative under a mandate of the account's own records (a
        buyer's supplier mandate), not one staff recorded for a matched organisation."""
        return (
            self.operator_role == OperatorRole.AUTHORISED_REPRESENTATIVE
            and self.organisation_id is None
            and bool(self.mandate_basis)
        )

    def operator_identity_confirmed(self) -> bool:
        """Staff verified the operator, and the owner's right to file for it. For a filing
        under the account's own mandate (a buyer for its farmers): staff confirmed the
        account's organisation as an authorised representative, once for all it represents
        (docs/buyers.md, "What the public record says")."""
        if self.filed_under_own_mandate:
            representative = representative_of(account_id=self.owner_id)
            return representative is not None and representative.is_confirmed_representative
        return organisation_identity_confirmed(
            account_id=self.owner_id,
            organisation=self.organisation,
            role=self.operator_role,
            nip=self.operator_nip,
            eori=self.operator_eori,
        )

    def public_status(self, *, identity_confirmed: bool, now: datetime | None = None) -> str:
        """The status the public sees (verify, its cache, the status page, the widget):
        the effective status, except that a COMPLIANT screening of an operator whose
        identity is not confirmed shows UNDER_REVIEW, the widget's yellow "verification
        in progress", so no reader of `status` alone takes it for compliant. The owner's
        record keeps the screening result (`status`) beside the identity flag."""
        status = self.effective_status(now)
        if status == DDSStatus.COMPLIANT and not identity_confirmed:
            return DDSStatus.UNDER_REVIEW
        return status

    def public_operator_name(self, *, identity_confirmed: bool) -> str:
        """The operator's name as the public sees it: for a confirmed operator the
        registered name staff verified, never the free text of the filing (which the
        statement keeps for its PDF and the EU); otherwise the name as filed, which
        every public surface marks as not confirmed."""
        if identity_confirmed and self.organisation is not None:
            return self.organisation.name
        return self.operator_name

    def public_validity(
        self, *, identity_confirmed: bool, now: datetime | None = None
    ) -> dict[str, datetime | None]:
        """`verified_at` and `valid_until` as the public sees them.

        Only a current COMPLIANT result of a confirmed operator is verified and valid:
        both are shown then. EXPIRED shows when the result lapsed (`valid_until`, in
        the past) and never when it was verified. Every other status, and any
        statement of an unconfirmed operator, shows neither. The stored values stay
        as they are (when the statement last became COMPLIANT, and until when that
        result was valid), with the status history, for the audit trail."""
        status = self.effective_status(now)
        if not identity_confirmed or status not in (DDSStatus.COMPLIANT, DDSStatus.EXPIRED):
            return {"verified_at": None, "valid_until": None}
        if status == DDSStatus.EXPIRED:
            return {"verified_at": None, "valid_until": self.valid_until}
        return {"verified_at": self.verified_at, "valid_until": self.valid_until}

    # For templates (the public status page and the PDF), which cannot call functions.
    def evidence(self) -> dict:
        return statement_evidence(self)

    def attestation(self) -> dict:
        return statement_attestation(self)

    def operator_identity(self) -> dict:
        return statement_operator_identity(self)

    @property
    def is_simplified(self) -> bool:
        return self.filing_kind == FilingKind.SIMPLIFIED

    @property
    def document_type(self) -> str:
        """What the document is, by its stored kind (an `SD-` or `DDS-` identifier alike):
        `simplified_declaration` or `due_diligence_statement`."""
        return DOCUMENT_TYPES[self.filing_kind]

    def declaration_texts(self) -> dict:
        if self.is_simplified:
            return {
                "point_4": declarations.ANNEX_III_POINT_4_EN,
                "points": declarations.ANNEX_III_POINTS_EN,
                "source": declarations.ANNEX_III_SOURCE,
                "legality": declarations.LEGALITY_ATTESTATION_EN,
                "signature_lines": declarations.ANNEX_II_POINT_6_LINES,
            }
        return {
            "point_5": declarations.ANNEX_II_POINT_5_EN,
            "legality": declarations.LEGALITY_ATTESTATION_EN,
            "signature_lines": declarations.ANNEX_II_POINT_6_LINES,
        }

    def badge(self, *, identity_confirmed: bool | None = None) -> str:
        """verified / in_progress / none. Never green for an unconfirmed operator:
        a COMPLIANT screening of a statement naming an operator we could not tie to
        the filing account shows "verification in progress" (see README)."""
        badge = BADGE_FOR_STATUS.get(self.effective_status(), "none")
        if badge == "verified":
            confirmed = (
                self.operator_identity_confirmed() if identity_confirmed is None else identity_confirmed
            )
            if not confirmed:
                return "in_progress"
        return badge

    def cert_url(self) -> str:
        # Built from configuration, never from the Host header of a request.
        return f"{settings.PUBLIC_BASE_URL}/cert/{self.dds_id}"

    def verification_record(self) -> dict[str, Any]:
        """The public verify answer: the fields of spec 2.1, in order, then the additive
        ones. Every value comes from compliance.public_record, which the status page, the
        widget (through this record) and the signed evidence record read too.

        For a confirmed operator `operator_name` is the verified organisation's registered
        name; `verified_at` and `valid_until` follow public_validity (nothing reads as
        verified or valid unless the statement is COMPLIANT now with a confirmed operator);
        `status` follows public_status (never COMPLIANT for an unconfirmed operator)."""
        facts = public_record.statement_public_record(self)
        return {
            "dds_id": self.dds_id,
            "status": facts.status,
            "risk_level": self.risk_level or None,
            "operator_name": facts.operator_name,
            "commodity": self.commodity,
            "country_of_production": self.country_of_production,
            "verified_at": iso_millis(facts.validity["verified_at"]),
            "valid_until": iso_millis(facts.validity["valid_until"]),
            "cert_url": self.cert_url(),
            "operator_identity": facts.operator_identity,
            "document_type": self.document_type,
            "filed_by": facts.filed_by,
            "mandate": facts.mandate,
            "eu_status": facts.eu_status,
        }


class DDSStatusChange(models.Model):
    """One row per transition: the audit trail a regulator may ask for."""

    statement = models.ForeignKey(DueDiligenceStatement, on_delete=models.CASCADE, related_name="history")
    from_status = models.CharField(max_length=16)
    to_status = models.CharField(max_length=16)
    changed_at = models.DateTimeField(default=timezone.now)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    reason = models.TextField(blank=True)
    rule = models.CharField(max_length=40, blank=True, help_text="Stable code of the rule that decided")

    class Meta:
        ordering = ["changed_at", "id"]

    def __str__(self) -> str:
        return f"{self.statement_id}: {self.from_status} → {self.to_status}"


class DDSCommodity(models.Model):
    """One commodity line of a statement (EU form: description, HS heading, quantities, producers)."""

    statement = models.ForeignKey(DueDiligenceStatement, on_delete=models.CASCADE, related_name="commodities")
    position = models.PositiveSmallIntegerField()
    code = models.CharField(max_length=16, help_text="Annex I code or out-of-scope code")
    description = models.CharField(max_length=300)
    hs_heading = models.CharField(max_length=8)
    net_mass_kg = models.DecimalField(max_digits=14, decimal_places=3, null=True, blank=True)
    # V3 goodsMeasure: the supplementary unit of the CN code and its qualifier (e.g. NAR, MTQ),
    # and the estimate or deviation (percent) of a quantity known only approximately.
    supplementary_unit = models.DecimalField(max_digits=14, decimal_places=3, null=True, blank=True)
    supplementary_unit_qualifier = models.CharField(max_length=4, blank=True)
    percentage_estimation_or_deviation = models.DecimalField(
        max_digits=5, decimal_places=3, null=True, blank=True
    )
    # The first producer's country (the statement's public country of production); each
    # producer carries its own.
    country_of_production = models.CharField(max_length=2)
    # V3 speciesInfo: [{"scientific_name", "common_name"}, ...]; required for wood (OPS 10.3).
    species = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["position"]

    def __str__(self) -> str:
        return f"{self.statement_id}#{self.position} {self.code}"

    def producer_rows(self) -> list[dict]:
        """Who produced the line's goods and on which of its plots, by the plots' numbers in
        the line (1-based, the order of `plots`): what the JSON, the PDF and the panel show."""
        numbers = {plot.pk: index for index, plot in enumerate(self.plots.all(), start=1)}
        return [
            {
                "name": producer.name,
                "country": producer.country,
                "is_operator": producer.is_operator,
                "plots": sorted(numbers[plot.pk] for plot in producer.plots.all() if plot.pk in numbers),
            }
            for producer in self.producers.all()
        ]

    def operator_producer(self) -> DDSProducer:
        """The line's producer that is the operator itself, created on first use (a farmer
        filing for his own land; demo and tooling rows)."""
        producer = self.producers.filter(is_operator=True).first()
        if producer is None:
            producer = self.producers.create(
                position=self.producers.count(),
                name=self.statement.operator_name,
                country=self.country_of_production,
                is_operator=True,
            )
        return producer


class DDSProducer(models.Model):
    """Who produced a commodity line's goods and on which plots (V3 DdsProducerType, SdProducerType).

    `is_operator`: the filing named no producer, so the operator produced the goods itself
    (a farmer filing for his own land); the EU then gets the operator's name. The name is
    personal data when the producer is a natural person: encrypted at rest.
    """

    commodity = models.ForeignKey(DDSCommodity, on_delete=models.CASCADE, related_name="producers")
    position = models.PositiveSmallIntegerField()
    name = EncryptedTextField()
    country = models.CharField(max_length=2)
    is_operator = models.BooleanField(default=False)

    class Meta:
        ordering = ["position"]

    def __str__(self) -> str:
        return f"{self.commodity}/producer {self.position}"


class PlotKind(models.TextChoices):
    PARCEL = "parcel", "cadastral parcel (ULDK)"
    POINT = "point", "point with area"
    GEOMETRY = "geometry", "GeoJSON geometry"
    # Simplified declarations only: Art. 4a(5) lets a micro or small primary operator
    # give a postal address instead of geolocation (SD XSD 8.2.1 postalAddress).
    ADDRESS = "address", "postal address"


class DDSPlot(models.Model):
    """A plot of land a commodity comes from, and its screening result."""

    commodity = models.ForeignKey(DDSCommodity, on_delete=models.CASCADE, related_name="plots")
    producer = models.ForeignKey(DDSProducer, on_delete=models.CASCADE, related_name="plots")
    # Numbered per commodity line (the "1.3" of pages, maps and reasons), across its producers.
    position = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=PlotKind.choices)
    parcel_id = models.CharField(max_length=64, blank=True)
    geometry = models.JSONField(null=True, blank=True, help_text="RFC 7946 GeoJSON, lng/lat, 6 decimals")
    area_ha = models.DecimalField(max_digits=12, decimal_places=4, null=True, blank=True)
    # The filer's own identifier of the plot (never sent to the EU).
    reference = models.CharField(max_length=100, blank=True)
    # An address plot (PlotKind.ADDRESS), limits of sd:SdProducerPostalAddressType.
    address_street = models.CharField(max_length=300, blank=True)
    address_postal_code = models.CharField(max_length=80, blank=True)
    address_city = models.CharField(max_length=200, blank=True)
    risk_level = models.CharField(max_length=8, blank=True)
    risk = models.JSONField(null=True, blank=True, help_text="The risk engine's full answer")
    finding = models.CharField(
        max_length=40, blank=True, help_text="Stable code of the verdict rule for this plot"
    )
    screening_error = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["commodity__position", "position"]

    def __str__(self) -> str:
        return f"{self.commodity}/{self.position} {self.kind}"

    @property
    def address(self) -> dict[str, str] | None:
        """The postal address of an address plot, as the API shows it; None for other kinds."""
        if self.kind != PlotKind.ADDRESS:
            return None
        return {
            "street": self.address_street,
            "postal_code": self.address_postal_code,
            "city": self.address_city,
        }

    @property
    def address_line(self) -> str:
        """'street, postal code city' for pages and the PDF; empty for other kinds."""
        if self.kind != PlotKind.ADDRESS:
            return ""
        place = f"{self.address_postal_code} {self.address_city}"
        return f"{self.address_street}, {place}" if self.address_street else place


class IdempotencyRecord(models.Model):
    """Makes a retried filing return the statement it created the first time."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    key = models.CharField(max_length=255)
    request_hash = models.CharField(max_length=64)
    statement = models.ForeignKey(DueDiligenceStatement, on_delete=models.CASCADE)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "key"], name="unique_idempotency_key")]

    def __str__(self) -> str:
        return f"{self.owner_id}:{self.key}"


class DocumentStatus(models.TextChoices):
    QUEUED = "queued", "queued"
    RENDERING = "rendering", "rendering"
    DONE = "done", "done"
    FAILED = "failed", "failed"


class DDSDocument(models.Model):
    """A statement's PDF for one version of the statement.

    Rendered once by a worker (in a child process limited in memory, time and
    pages), stored, then served from storage until the statement changes."""

    statement = models.ForeignKey(DueDiligenceStatement, on_delete=models.CASCADE, related_name="documents")
    version = models.CharField(max_length=64, help_text="Fingerprint of what the PDF shows")
    status = models.CharField(max_length=12, choices=DocumentStatus.choices, default=DocumentStatus.QUEUED)
    file = models.FileField(upload_to="dds/", blank=True)
    error = models.CharField(max_length=300, blank=True)
    # The setting whose limit refused the rendering, if one did.
    limit = models.CharField(max_length=64, blank=True)
    render_attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["statement", "version"], name="unique_document_per_version")
        ]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"{self.statement_id} PDF {self.version} ({self.status})"

    @property
    def is_finished(self) -> bool:
        return self.status in (DocumentStatus.DONE, DocumentStatus.FAILED)


def retention_end(consignment_date: date, years: int) -> date:
    """The last day a record of `consignment_date` must be kept: the same day `years` later
    (29 February counts to 1 March, never a day early)."""
    try:
        return consignment_date.replace(year=consignment_date.year + years)
    except ValueError:
        return date(consignment_date.year + years, 3, 1)


class OrganisationRoles(models.Model):
    """The roles an account's organisation has under the amended Regulation
    (codes of regulation.roles.OrganisationRole) and whether it is an SME."""

    account = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="eudr_roles"
    )
    roles = models.JSONField(default=list)
    # Article 5(2) and 5(6) are for non-SMEs only; null: not said (treated as non-SME).
    is_sme = models.BooleanField(null=True, blank=True)
    # Article 38(3): the day the organisation was established as a micro or small undertaking,
    # or a natural person began to act as an operator in its own name; null: not said (the
    # general date is given, never a later one).
    established_small_on = models.DateField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "organisation roles"

    def __str__(self) -> str:
        return f"{self.account_id}: {', '.join(self.roles) or '-'}"


class PartnerKind(models.TextChoices):
    SUPPLIER = "supplier", _("Supplier")
    CUSTOMER = "customer", _("Customer")


class TradingPartnerRecord(models.Model):
    """One supplier or customer of one consignment, kept by a downstream operator or trader
    (Article 5(3) as amended) for five years from the consignment date (Article 5(4)).

    The name, address and e-mail may be a natural person's: encrypted at rest. Deleted by
    `compliance.downstream.trading_partner_records_purge` once `retained_until` has passed;
    before that no path deletes it, its owner's deletion included (eudr_service.lib.retention)."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=protect_while_retained, related_name="trading_partner_records"
    )
    livemode = models.BooleanField(default=True)
    kind = models.CharField(max_length=8, choices=PartnerKind.choices)
    consignment_reference = models.CharField(max_length=100)
    consignment_date = models.DateField()
    retained_until = models.DateField(db_index=True, help_text="Kept at least until this day")
    name = EncryptedTextField()
    trade_name = EncryptedTextField(blank=True)
    postal_address = EncryptedTextField()
    email = EncryptedTextField()
    website = EncryptedTextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-consignment_date", "-id"]
        indexes = [models.Index(fields=["owner", "livemode", "consignment_date"])]

    def __str__(self) -> str:
        return f"{self.owner_id}: {self.kind} of {self.consignment_reference}"

    def retention_running(self, today: date) -> bool:
        return today <= self.retained_until


class SubstantiatedConcern(models.Model):
    """A substantiated concern a downstream operator or trader received about a product and
    what it did before placing, making available or exporting (Article 5(6) as amended), and
    whether it informed the competent authority (regulation.authorities). Who raised it and
    what was said may name people: encrypted at rest. Kept until `retained_until`
    (regulation.roles.RETENTION_RULES); no path deletes it before, its owner's deletion included."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=protect_while_retained, related_name="substantiated_concerns"
    )
    livemode = models.BooleanField(default=True)
    received_on = models.DateField()
    retained_until = models.DateField(db_index=True, help_text="Kept at least until this day")
    product = models.CharField(max_length=200, help_text="The product or consignment concerned")
    raised_by = EncryptedTextField(blank=True)
    concern = EncryptedTextField()
    action_taken = EncryptedTextField()
    placing_withheld = models.BooleanField(default=False)
    authority_informed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-received_on", "-id"]

    def __str__(self) -> str:
        return f"{self.owner_id}: concern of {self.received_on} on {self.product}"

    def retention_running(self, today: date) -> bool:
        return today <= self.retained_until
