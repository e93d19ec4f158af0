from django.contrib import admin
from django.http import HttpRequest

from reports.models import CsrdReport, EmissionFactor


@admin.register(EmissionFactor)
class EmissionFactorAdmin(admin.ModelAdmin):
    """Staff keep the factors current; every later report's appendix cites what is here."""

    list_display = ("crop_type", "kg_co2e_per_t", "source", "updated_at")
    readonly_fields = ("updated_at",)


@admin.register(CsrdReport)
class CsrdReportAdmin(admin.ModelAdmin):
    list_display = (
        "public_id",
        "owner",
        "company_name",
        "report_year",
        "supplier_count",
        "status",
        "livemode",
        "created_at",
    )
    list_filter = ("status", "lang", "livemode")
    search_fields = ("public_id", "company_name", "owner__email")
    list_select_related = ("owner",)
    exclude = ("payload",)  # up to a thousand suppliers: not for a form
    readonly_fields = [f.name for f in CsrdReport._meta.fields if f.name != "payload"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
