from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.models import APIKey, Plan, User


@admin.register(Plan)
class PlanAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "daily_limit", "per_minute_limit", "features")


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    ordering = ("email",)
    list_display = ("email", "organisation", "plan", "is_staff", "is_active", "date_joined")
    list_filter = ("plan", "is_staff", "is_active")
    search_fields = ("email", "organisation")
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        ("Account", {"fields": ("organisation", "plan", "first_name", "last_name")}),
        ("Permissions", {"fields": ("is_active", "is_staff", "is_superuser", "groups")}),
        ("Dates", {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = ((None, {"classes": ("wide",), "fields": ("email", "plan", "password1", "password2")}),)


@admin.register(APIKey)
class APIKeyAdmin(admin.ModelAdmin):
    """Keys are listed without secrets; staff can only revoke them."""

    list_display = ("name", "prefix", "user", "status", "created_at", "last_used_at", "expires_at")
    list_filter = ("revoked_at",)
    search_fields = ("name", "prefix", "user__email")
    readonly_fields = ("public_id", "user", "name", "prefix", "created_at", "last_used_at", "revoked_at")
    fields = (*readonly_fields, "expires_at")
    actions = ["revoke"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        # A key made here could never be shown to its owner; use the panel or
        # the create_api_key command.
        return False

    @admin.action(description="Revoke selected keys")
    def revoke(self, request: HttpRequest, queryset: QuerySet[APIKey]) -> None:
        for api_key in queryset:
            api_key.revoke()
            self.log_change(request, api_key, "Revoked")
        self.message_user(request, f"Revoked {queryset.count()} key(s).", messages.SUCCESS)
