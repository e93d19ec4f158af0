from django.contrib import admin
from django.http import HttpRequest, HttpResponsePermanentRedirect

from risk.models import ForestLayerRecord, ForestTile, ParcelRecord


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


# Pages that moved: under /admin/compliance/ before the risk engine became its own app, and
# the legal tables under /admin/risk/ before the regulation app held them. Model -> its app now.
MOVED_ADMIN_PAGES: dict[str, dict[str, str]] = {
    "compliance": {
        "countrybenchmark": "regulation",
        "annexientry": "regulation",
        "parcelrecord": "risk",
        "forestlayerrecord": "risk",
    },
    "risk": {"countrybenchmark": "regulation", "annexientry": "regulation", "applicationdate": "regulation"},
}


def moved_admin_page(request: HttpRequest, app: str, model: str, rest: str) -> HttpResponsePermanentRedirect:
    """Old links and bookmarks land on the same page where the model lives now."""
    now = MOVED_ADMIN_PAGES[app][model]
    path = request.get_full_path().replace(f"/{app}/{model}/", f"/{now}/{model}/", 1)
    return HttpResponsePermanentRedirect(path)
