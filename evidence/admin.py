from django.contrib import admin

from evidence.models import EvidenceRecord, SigningKey


@admin.register(EvidenceRecord)
class EvidenceRecordAdmin(admin.ModelAdmin):
    # Read-only: a record is never changed (evidence.models.EvidenceRecord.save).
    list_display = ("record_id", "subject_kind", "subject_id", "livemode", "created_at", "kid")
    list_filter = ("subject_kind", "livemode")
    search_fields = ("record_id", "subject_id", "sha256")
    exclude = ("body", "attachments")
    readonly_fields = ("record_id", "owner", "subject_kind", "subject_id", "sha256", "kid", "created_at")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(SigningKey)
class SigningKeyAdmin(admin.ModelAdmin):
    # Rotated with `manage.py evidence_key_rotate`; the private half is never shown.
    list_display = ("kid", "signing", "created_at", "retired_at")
    exclude = ("private_key",)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
