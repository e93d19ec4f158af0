from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponsePermanentRedirect

from risk.models import AnnexIEntry, CountryBenchmark, ForestLayerRecord, ForestTile, ParcelRecord
from risk.service import benchmark_cache_clear


@admin.register(CountryBenchmark)
class CountryBenchmarkAdmin(admin.ModelAdmin):
    """A later act is a new row (its own valid_from), not an edit: history is the record."""

    list_display = ("country_code", "risk_class", "valid_from", "valid_until", "act", "updated_at")
    list_filter = ("risk_class", "act")
    search_fields = ("country_code", "act", "source")

    def save_model(self, request: HttpRequest, obj: CountryBenchmark, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        benchmark_cache_clear()  # this process answers with the edit at once; others within a minute


@admin.register(AnnexIEntry)
class AnnexIEntryAdmin(admin.ModelAdmin):
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
