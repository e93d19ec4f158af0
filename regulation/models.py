"""The law as data: the country benchmark (Article 29), Annex I, the dates of application
(Article 38), each row valid over a period so that the answer for any past day stays what it
was.

The tables were created when these models lived in the compliance app and then in the risk
app: the models moved, the data did not, and migration 0004 renamed the tables to this
app's.
"""

from __future__ import annotations

from datetime import date

from django.core.exceptions import ValidationError
from django.db import models


class BenchmarkClass(models.TextChoices):
    LOW = "low", "low"
    STANDARD = "standard", "standard"
    HIGH = "high", "high"


class CountryBenchmark(models.Model):
    """One classification of a country by an act under Article 29, valid over a period.

    A later act is a new row with its own valid_from, never an edit of the old one,
    so the answer for any past date stays reproducible. For a date, the row with the
    latest valid_from on or before it (and not ended by valid_until) applies; a
    country with no such row is standard risk (`benchmark.UNLISTED_ACT`).
    """

    country_code = models.CharField(max_length=2, help_text="ISO 3166-1 alpha-2")
    risk_class = models.CharField(max_length=8, choices=BenchmarkClass.choices)
    act = models.CharField(max_length=120, help_text="The act that classified the country")
    source = models.TextField(help_text="Where the row was checked, and what was found")
    valid_from = models.DateField(help_text="Date the act's classification applies from")
    valid_until = models.DateField(
        null=True, blank=True, help_text="First date it no longer applies; empty while current"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["country_code", "valid_from"]
        constraints = [
            models.UniqueConstraint(fields=["country_code", "valid_from"], name="unique_benchmark_per_date")
        ]

    def __str__(self) -> str:
        return f"{self.country_code}: {self.risk_class} from {self.valid_from}"

    def clean(self) -> None:
        _period_is_ordered(self.valid_from, self.valid_until, "valid_until")


class AnnexIEntry(models.Model):
    """One line of Annex I to Regulation (EU) 2023/1115, valid over a period.

    `hs_code` is written as the Annex writes it ("ex 4104", "1208 10", "47"); an
    act that removes or adds a line ends a row (applies_until) or starts a new one
    (applies_from), so the scope on any date stays reproducible.
    """

    commodity = models.CharField(max_length=16, help_text="Relevant commodity (Article 2(1))")
    hs_code = models.CharField(max_length=16, help_text="Heading or subheading as the Annex writes it")
    description = models.CharField(max_length=400)
    applies_from = models.DateField()
    applies_until = models.DateField(null=True, blank=True, help_text="First date the line no longer applies")
    act = models.CharField(max_length=120, help_text="The act that put the line there")
    removed_by = models.CharField(max_length=120, blank=True, help_text="The act that ended it, if any")
    note = models.TextField(blank=True, help_text="What was checked, and any doubt")

    class Meta:
        ordering = ["commodity", "hs_code", "applies_from"]
        verbose_name = "Annex I entry"
        verbose_name_plural = "Annex I entries"
        constraints = [
            models.UniqueConstraint(
                fields=["commodity", "hs_code", "applies_from"], name="unique_annex_entry_per_date"
            )
        ]

    def __str__(self) -> str:
        return f"{self.commodity} {self.hs_code} from {self.applies_from}"

    def clean(self) -> None:
        _period_is_ordered(self.applies_from, self.applies_until, "applies_until")


class ApplicationCategory(models.TextChoices):
    """Whom a date of application is for (Article 38(2) and (3) of Regulation (EU) 2023/1115)."""

    GENERAL = "general", "operators and traders (Article 38(2))"
    MICRO_SMALL = "micro_small", "natural persons, micro and small undertakings (Article 38(3))"


class ApplicationDate(models.Model):
    """The date the Regulation's obligations apply from, for one category, as one act set it.

    The row is valid while that act's text is the law: from the act's entry into force
    (valid_from) until a later act replaces it (valid_until). An amending act is a new
    row, never an edit of the old one, so the dates earlier acts set stay on record and
    the answer for any past day stays reproducible. For a day, the row of the category
    with the latest valid_from on or before it (and not ended) applies.
    """

    category = models.CharField(max_length=16, choices=ApplicationCategory.choices)
    applies_from = models.DateField(help_text="Date the obligations apply from, as this act set it")
    established_by = models.DateField(
        null=True,
        blank=True,
        help_text="micro_small: the undertaking must have been established as micro or small by this date",
    )
    natural_persons = models.BooleanField(
        default=False,
        help_text="micro_small: the act names natural persons, who get the date on the same cut-off "
        "(established_by)",
    )
    excepted_commodities = models.CharField(
        max_length=120,
        blank=True,
        help_text="Commodity codes, space-separated, whose products the date does not cover",
    )
    act = models.CharField(max_length=120, help_text="The act that set the date")
    provision = models.CharField(max_length=200, help_text="Article and paragraph, as amended by the act")
    source = models.TextField(help_text="Where the row was checked, and what was found")
    valid_from = models.DateField(help_text="Date the act's text applies from (its entry into force)")
    valid_until = models.DateField(
        null=True, blank=True, help_text="Entry into force of the act that replaced it; empty while current"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["category", "valid_from"]
        constraints = [
            models.UniqueConstraint(fields=["category", "valid_from"], name="unique_application_date_per_act")
        ]

    def __str__(self) -> str:
        return f"{self.category}: {self.applies_from} ({self.act})"

    def clean(self) -> None:
        _period_is_ordered(self.valid_from, self.valid_until, "valid_until")


def _period_is_ordered(start: date | None, end: date | None, end_field: str) -> None:
    # The end is exclusive: an end on the start day is a row that never applied, which
    # history keeps (e.g. an Annex I line an act replaced before it took effect).
    if start is not None and end is not None and end < start:
        raise ValidationError({end_field: "The end cannot come before the start."})
