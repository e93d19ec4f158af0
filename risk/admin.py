from datetime import date
from typing import Any

from django.contrib import admin
from django.db import models
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.utils import timezone

from risk.application_dates import application_dates_cache_clear
from risk.models import (
    AnnexIEntry,
    ApplicationDate,
    CountryBenchmark,
    ForestLayerRecord,
    ForestTile,
    ParcelRecord,
)
from risk.service import benchmark_cache_clear


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


@admin.register(ParcelRecord)
class ParcelRecordAdmin(admin.ModelAdmin):
    list_display = ("parcel_id", "voivodeship", "county", "commune", "fetched_at")
    search_fields = ("parcel_id",)
    readonly_fields = ("parcel_id", "teryt", "voivodeship", "county", "commune", "geometry_wkt", "fetched_at")


class ForestTileInline(admin.TabularInline):
    model = ForestTile
    extra = 0
    can_delete = False
    fields = ("tile_id", "url", "path", "size_bytes", "md5", "fetched_at")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False  # forest_data fetch checks each tile first


@admin.register(ForestLayerRecord)
class ForestLayerRecordAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "version", "remote", "active", "registered_at")
    list_editable = ("active",)
    readonly_fields = (
        "name",
        "kind",
        "path",
        "product",
        "version",
        "remote",
        "licence",
        "citation",
        "source_url",
        "registered_at",
    )
    inlines = [ForestTileInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # register_forest_layer validates the file first


# These pages were under /admin/compliance/ before the risk engine became its own app.
MOVED_FROM_COMPLIANCE = ("countrybenchmark", "annexientry", "parcelrecord", "forestlayerrecord")


def moved_admin_page(request: HttpRequest, model: str, rest: str) -> HttpResponsePermanentRedirect:
    """Old links and bookmarks land on the same page under /admin/risk/."""
    path = request.get_full_path().replace(f"/compliance/{model}/", f"/risk/{model}/", 1)
    return HttpResponsePermanentRedirect(path)
