"""Due Diligence Statements and their status history."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone

from eudr_service.lib.timestamps import iso_millis


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


class RiskLevel(models.TextChoices):
    LOW = "low", "low"
    MEDIUM = "medium", "medium"
    HIGH = "high", "high"
    CRITICAL = "critical", "critical"


class DueDiligenceStatement(models.Model):
    dds_id = models.CharField("DDS identifier", max_length=64, unique=True)
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
    screened_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = "due diligence statement"

    def __str__(self) -> str:
        return self.dds_id

    def save(self, *args, **kwargs) -> None:
        super().save(*args, **kwargs)
        from compliance.verification import verification_forget

        verification_forget(dds_id=self.dds_id)

    def effective_status(self, now: datetime | None = None) -> str:
        """The status the public sees: EXPIRED once valid_until has passed."""
        now = now or timezone.now()
        lapsed = self.valid_until is not None and self.valid_until <= now
        if lapsed and self.status not in (DDSStatus.WITHDRAWN, DDSStatus.DRAFT):
            return DDSStatus.EXPIRED
        return self.status

    @property
    def is_public(self) -> bool:
        return self.status != DDSStatus.DRAFT

    def badge(self) -> str:
        return BADGE_FOR_STATUS.get(self.effective_status(), "none")

    def cert_url(self) -> str:
        # Built from configuration, never from the Host header of a request.
        return f"{settings.PUBLIC_BASE_URL}/cert/{self.dds_id}"

    def verification_record(self) -> dict[str, str | None]:
        """The public verify answer: exactly the fields of spec 2.1, in order."""
        return {
            "dds_id": self.dds_id,
            "status": self.effective_status(),
            "risk_level": self.risk_level or None,
            "operator_name": self.operator_name,
            "commodity": self.commodity,
            "country_of_production": self.country_of_production,
            "verified_at": iso_millis(self.verified_at),
            "valid_until": iso_millis(self.valid_until),
            "cert_url": self.cert_url(),
        }


class DDSStatusChange(models.Model):
    """One row per transition: the audit trail a regulator may ask for."""

    statement = models.ForeignKey(DueDiligenceStatement, on_delete=models.CASCADE, related_name="history")
    from_status = models.CharField(max_length=16)
    to_status = models.CharField(max_length=16)
    changed_at = models.DateTimeField(default=timezone.now)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["changed_at", "id"]

    def __str__(self) -> str:
        return f"{self.statement_id}: {self.from_status} → {self.to_status}"


class IdentifierSequence(models.Model):
    """Per country and year counter behind generated DDS identifiers."""

    country = models.CharField(max_length=2)
    year = models.PositiveSmallIntegerField()
    last_value = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["country", "year"], name="unique_sequence_per_year")]

    def __str__(self) -> str:
        return f"{self.country}-{self.year}: {self.last_value}"


class BenchmarkClass(models.TextChoices):
    LOW = "low", "low"
    STANDARD = "standard", "standard"
    HIGH = "high", "high"


class CountryBenchmark(models.Model):
    """The EU country benchmark (Article 29). A later act is a data change here."""

    country_code = models.CharField(max_length=2, unique=True, help_text="ISO 3166-1 alpha-2")
    risk_class = models.CharField(max_length=8, choices=BenchmarkClass.choices)
    source = models.CharField(max_length=200)
    effective_date = models.DateField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["country_code"]

    def __str__(self) -> str:
        return f"{self.country_code}: {self.risk_class}"


class ParcelRecord(models.Model):
    """A cadastral parcel fetched from GUGiK ULDK, kept so an outage does not stop us."""

    parcel_id = models.CharField(max_length=64, unique=True)
    teryt = models.CharField(max_length=16)
    voivodeship = models.CharField(max_length=64)
    county = models.CharField(max_length=64)
    commune = models.CharField(max_length=64)
    geometry_wkt = models.TextField(help_text="EPSG:4326, longitude-latitude order")
    fetched_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.parcel_id


class ForestLayerRecord(models.Model):
    """A GeoTIFF registered (after validation) by the register_forest_layer command."""

    name = models.CharField(max_length=100, unique=True)
    kind = models.CharField(max_length=32)
    path = models.CharField(max_length=500)
    active = models.BooleanField(default=True)
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["registered_at", "id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.kind})"


class DDSCommodity(models.Model):
    """One commodity line of a statement (EU form: description, HS heading, mass)."""

    statement = models.ForeignKey(DueDiligenceStatement, on_delete=models.CASCADE, related_name="commodities")
    position = models.PositiveSmallIntegerField()
    code = models.CharField(max_length=16, help_text="Annex I code or out-of-scope code")
    description = models.CharField(max_length=300)
    hs_heading = models.CharField(max_length=8)
    net_mass_kg = models.DecimalField(max_digits=14, decimal_places=3)
    country_of_production = models.CharField(max_length=2)

    class Meta:
        ordering = ["position"]

    def __str__(self) -> str:
        return f"{self.statement_id}#{self.position} {self.code}"


class PlotKind(models.TextChoices):
    PARCEL = "parcel", "cadastral parcel (ULDK)"
    POINT = "point", "point with area"
    GEOMETRY = "geometry", "GeoJSON geometry"


class DDSPlot(models.Model):
    """A plot of land a commodity comes from, and its screening result."""

    commodity = models.ForeignKey(DDSCommodity, on_delete=models.CASCADE, related_name="plots")
    position = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=PlotKind.choices)
    parcel_id = models.CharField(max_length=64, blank=True)
    geometry = models.JSONField(null=True, blank=True, help_text="RFC 7946 GeoJSON, lng/lat, 6 decimals")
    area_ha = models.DecimalField(max_digits=12, decimal_places=4, null=True, blank=True)
    risk_level = models.CharField(max_length=8, blank=True)
    risk = models.JSONField(null=True, blank=True, help_text="The risk engine's full answer")
    screening_error = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["commodity__position", "position"]

    def __str__(self) -> str:
        return f"{self.commodity}/{self.position} {self.kind}"


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
