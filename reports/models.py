"""CSRD reports: the emission factors they use and each requested report."""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.text import slugify


class CropType(models.TextChoices):
    WHEAT = "wheat", "wheat"
    CORN = "corn", "corn"
    RAPESEED = "rapeseed", "rapeseed"
    SOY = "soy", "soy"
    OTHER = "other", "other"


class EmissionFactor(models.Model):
    """Cradle-to-farm-gate emissions of one tonne of a crop; staff keep it current."""

    crop_type = models.CharField(max_length=16, choices=CropType.choices, unique=True)
    kg_co2e_per_t = models.DecimalField("kg CO2e per tonne", max_digits=10, decimal_places=2)
    source = models.TextField(help_text="Citation shown in the report's appendix.")
    source_pl = models.TextField(
        blank=True,
        help_text="The citation in Polish, for Polish reports; empty: the English citation is shown.",
    )
    source_url = models.URLField(blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["crop_type"]

    def __str__(self) -> str:
        return f"{self.crop_type}: {self.kg_co2e_per_t} kg CO2e/t"

    def source_in(self, lang: str) -> str:
        return self.source_pl if lang == "pl" and self.source_pl else self.source


class ReportStatus(models.TextChoices):
    QUEUED = "queued", "queued"
    RENDERING = "rendering", "rendering"
    DONE = "done", "done"
    FAILED = "failed", "failed"
    EXPIRED = "expired", "expired"  # the PDF was removed after the retention period


_POLISH_LETTERS = str.maketrans("ąćęłńóśźżĄĆĘŁŃÓŚŹŻ", "acelnoszzACELNOSZZ")


def company_slug(name: str) -> str:
    """ "Zakłady Mięsne Łódź" → "zaklady-miesne-lodz". "ł" has no Unicode
    decomposition, so slugify alone would drop it; the table maps all nine letters."""
    return slugify(name.translate(_POLISH_LETTERS)) or "company"


class CsrdReport(models.Model):
    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="csrd_reports")
    company_name = models.CharField(max_length=200)
    report_year = models.PositiveSmallIntegerField()
    lang = models.CharField(max_length=2, default="pl")
    supplier_count = models.PositiveIntegerField()
    payload = models.JSONField(help_text="The validated request body.")
    status = models.CharField(max_length=12, choices=ReportStatus.choices, default=ReportStatus.QUEUED)
    error = models.CharField(max_length=500, blank=True)
    file = models.FileField(upload_to="csrd/", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Renderings started; a worker that dies mid-render leaves one behind.
    render_attempts = models.PositiveSmallIntegerField(default=0)
    # False for a report requested with a test (sandbox) key: only test keys see it.
    livemode = models.BooleanField(default=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "finished_at"])]

    def __str__(self) -> str:
        return f"CSRD {self.company_name} {self.report_year} ({self.status})"

    @property
    def filename(self) -> str:
        return f"CSRD-{company_slug(self.company_name)}-{self.report_year}.pdf"

    @property
    def expires_at(self):
        if self.status != ReportStatus.DONE or self.finished_at is None:
            return None
        return self.finished_at + timedelta(days=settings.CSRD_RETENTION_DAYS)

    @property
    def is_finished(self) -> bool:
        return self.status in (ReportStatus.DONE, ReportStatus.FAILED, ReportStatus.EXPIRED)

    def mark_rendering(self) -> None:
        self.status = ReportStatus.RENDERING
        self.started_at = timezone.now()
        self.error = ""
        self.save(update_fields=["status", "started_at", "error"])
