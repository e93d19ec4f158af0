from django.contrib import admin

from annual.models import AnnualReport, AnnualReportDocument, SystemReview


class ReadOnlyAdmin(admin.ModelAdmin):
    """The operator writes these through the panel or the API; staff read them."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(AnnualReport)
class AnnualReportAdmin(ReadOnlyAdmin):
    list_display = ("owner", "year", "published_at", "updated_at")
    search_fields = ("owner__email",)
    # The figures are computed, the texts are the operator's: staff read, never write.
    readonly_fields = [field.name for field in AnnualReport._meta.fields]


@admin.register(SystemReview)
class SystemReviewAdmin(ReadOnlyAdmin):
    list_display = ("owner", "reviewed_on", "reviewer", "retained_until")
    search_fields = ("owner__email", "reviewer")
    readonly_fields = [field.name for field in SystemReview._meta.fields]

    def has_delete_permission(self, request, obj=None) -> bool:
        # Article 12(2): the records are kept five years.
        return False


@admin.register(AnnualReportDocument)
class AnnualReportDocumentAdmin(ReadOnlyAdmin):
    list_display = ("report", "lang", "status", "finished_at")
    readonly_fields = [field.name for field in AnnualReportDocument._meta.fields]
