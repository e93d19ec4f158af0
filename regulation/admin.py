from datetime import date
from typing import Any

from django.contrib import admin
from django.db import models
from django.http import HttpRequest
from django.utils import timezone

from regulation.application_dates import application_dates_cache_clear
from regulation.benchmark import benchmark_cache_clear
from regulation.models import AnnexIEntry, ApplicationDate, CountryBenchmark


class KeepsHistoryAdmin(admin.ModelAdmin):
    """Legal reference data: each row records what an act said, over a period.

    A later act is a new row, so an existing row's legal content is never edited and no
    row is deleted: the answer for any past day stays what it was. Staff may end a row
    (its `end_fields`) until that end has taken effect, and correct what they record of
    their own checks (`record_fields`); everything else of an existing row is read-only.
    """

    end_fields: tuple[str, ...] = ()
    end_date_field: str = ""
    record_fields: tuple[str, ...] = ()

    def get_readonly_fields(self, request: HttpRequest, obj: models.Model | None = None) -> list[str]:
        if obj is None:
            return []  # a new row: all of it is entered
        editable = set(self.record_fields)
        if not self._has_ended(obj):
            editable.update(self.end_fields)
        return [f.name for f in obj._meta.concrete_fields if f.editable and f.name not in editable]

    def has_delete_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return False

    def _has_ended(self, obj: models.Model) -> bool:
        end: date | None = getattr(obj, self.end_date_field)
        return end is not None and end <= timezone.now().date()


@admin.register(CountryBenchmark)
class CountryBenchmarkAdmin(KeepsHistoryAdmin):
    list_display = ("country_code", "risk_class", "valid_from", "valid_until", "act", "updated_at")
    list_filter = ("risk_class", "act")
    search_fields = ("country_code", "act", "source")
    end_fields = ("valid_until",)
    end_date_field = "valid_until"
    record_fields = ("source",)

    def save_model(self, request: HttpRequest, obj: CountryBenchmark, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        benchmark_cache_clear()  # this process answers with the edit at once; others within a minute


@admin.register(AnnexIEntry)
class AnnexIEntryAdmin(KeepsHistoryAdmin):
    list_display = (
        "commodity",
        "hs_code",
        "description",
        "applies_from",
        "applies_until",
        "act",
        "removed_by",
    )
    list_filter = ("commodity", "act", "removed_by")
    search_fields = ("hs_code", "description", "note")
    end_fields = ("applies_until", "removed_by")
    end_date_field = "applies_until"
    record_fields = ("note",)


@admin.register(ApplicationDate)
class ApplicationDateAdmin(KeepsHistoryAdmin):
    list_display = ("category", "applies_from", "established_by", "act", "valid_from", "valid_until")
    list_filter = ("category", "act")
    search_fields = ("act", "provision", "source")
    end_fields = ("valid_until",)
    end_date_field = "valid_until"
    record_fields = ("source",)

    def save_model(self, request: HttpRequest, obj: ApplicationDate, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        application_dates_cache_clear()  # this process answers with the edit at once; others within a minute
