"""The annual public report on the due diligence system (Article 12(3)) and the record of the
system's yearly review (Article 12(2)). Figures are never stored typed: they are computed from
the account's data (annual.figures) and frozen only when the operator publishes."""

from __future__ import annotations

import secrets
import uuid
from datetime import date

from django.conf import settings
from django.db import models
from django.utils import timezone

from compliance.models import retention_end
from regulation.reporting import SYSTEM_REVIEW_RETENTION_YEARS

REPORT_LANGS = ("pl", "en")


def _public_token() -> str:
    # The public address: random (128 bits), never the pk nor the account's name.
    return secrets.token_urlsafe(16)


class SystemReview(models.Model):
    """One review of the due diligence system, in the operator's own words (Article 12(2)):
    kept at least five years from the day of the review; the service offers no deletion."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="system_reviews"
    )
    reviewed_on = models.DateField()
    reviewer = models.CharField(max_length=200, help_text="Who reviewed the system (name, function)")
    summary = models.TextField(help_text="What was reviewed and what changed, in the operator's words")
    retained_until = models.DateField(help_text="Kept at least until this day")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-reviewed_on", "-id"]

    def __str__(self) -> str:
        return f"{self.owner_id}: review of {self.reviewed_on}"

    def save(self, *args, **kwargs) -> None:
        self.retained_until = retention_end(self.reviewed_on, SYSTEM_REVIEW_RETENTION_YEARS)
        super().save(*args, **kwargs)


class AnnualReport(models.Model):
    """An account's report for one calendar year. The two texts are the operator's; everything
    else on the page is computed. `figures` holds the numbers as they were when published, so
    the public page does not change under its readers; unpublished, the page is not public."""

    public_id = models.CharField(max_length=32, unique=True, default=_public_token, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="annual_reports"
    )
    year = models.PositiveSmallIntegerField()
    system_description = models.TextField(blank=True, help_text="The operator's description of its system")
    steps_taken = models.TextField(blank=True, help_text="The operator's account of the steps of Article 8")
    figures = models.JSONField(default=dict, blank=True, help_text="The figures as published")
    figures_at = models.DateTimeField(
        null=True, blank=True, help_text="When the published figures were computed"
    )
    published_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-year"]
        constraints = [models.UniqueConstraint(fields=["owner", "year"], name="one_annual_report_per_year")]

    def __str__(self) -> str:
        return f"{self.owner_id}: {self.year}"

    @property
    def is_published(self) -> bool:
        return self.published_at is not None

    @property
    def period(self) -> tuple[date, date]:
        return date(self.year, 1, 1), date(self.year, 12, 31)


class DocumentStatus(models.TextChoices):
    QUEUED = "queued", "queued"
    RENDERING = "rendering", "rendering"
    DONE = "done", "done"
    FAILED = "failed", "failed"


class AnnualReportDocument(models.Model):
    """The PDF of one report in one language, for one version of what it shows."""

    report = models.ForeignKey(AnnualReport, on_delete=models.CASCADE, related_name="documents")
    lang = models.CharField(max_length=2)
    version = models.CharField(max_length=64, help_text="Fingerprint of what the PDF shows")
    status = models.CharField(max_length=12, choices=DocumentStatus.choices, default=DocumentStatus.QUEUED)
    file = models.FileField(upload_to="annual/", blank=True)
    error = models.CharField(max_length=300, blank=True)
    render_attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["report", "lang", "version"], name="one_annual_pdf_per_version")
        ]

    def __str__(self) -> str:
        return f"{self.report} {self.lang} ({self.status})"

    @property
    def is_finished(self) -> bool:
        return self.status in (DocumentStatus.DONE, DocumentStatus.FAILED)

    @property
    def filename(self) -> str:
        return f"EUDR-annual-report-{self.report.year}-{self.lang}.pdf"
