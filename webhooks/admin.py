"""Staff views of endpoints, events and deliveries. Secrets are never shown."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from eudr_service.lib.problems import Problem
from webhooks.models import Delivery, DeliveryAttempt, Endpoint, Event
from webhooks.services import delivery_redeliver, endpoint_disable


@admin.register(Endpoint)
class EndpointAdmin(admin.ModelAdmin):
    list_display = (
        "public_id",
        "owner",
        "url",
        "livemode",
        "enabled",
        "disabled_reason",
        "failing_since",
        "created_at",
    )
    list_filter = ("livemode", "enabled", "disabled_reason")
    search_fields = ("public_id", "url", "owner__email")
    readonly_fields = (
        "public_id",
        "owner",
        "url",
        "events",
        "livemode",
        "enabled",
        "disabled_reason",
        "disabled_at",
        "failing_since",
        "previous_secret_expires_at",
        "created_at",
        "updated_at",
    )
    fields = readonly_fields
    actions = ["disable"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # the secret of an endpoint made here could never reach its owner

    @admin.action(description="Disable selected endpoints")
    def disable(self, request: HttpRequest, queryset: QuerySet[Endpoint]) -> None:
        for endpoint in queryset.filter(enabled=True):
            endpoint_disable(endpoint=endpoint, reason=Endpoint.DisabledReason.BY_STAFF)
        self.message_user(request, "Disabled.", messages.SUCCESS)


class DeliveryInline(admin.TabularInline):
    model = Delivery
    fields = ("public_id", "endpoint", "status", "attempt_count", "last_status_code", "next_attempt_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("public_id", "type", "owner", "livemode", "created_at")
    list_filter = ("type", "livemode")
    search_fields = ("public_id", "owner__email")
    readonly_fields = ("public_id", "owner", "type", "livemode", "data", "created_at")
    inlines = [DeliveryInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


class AttemptInline(admin.TabularInline):
    model = DeliveryAttempt
    fields = ("number", "attempted_at", "status_code", "error", "duration_ms", "worker")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    list_display = (
        "public_id",
        "event",
        "endpoint",
        "status",
        "attempt_count",
        "last_status_code",
        "created_at",
    )
    list_filter = ("status",)
    search_fields = ("public_id", "event__public_id", "endpoint__public_id", "endpoint__owner__email")
    readonly_fields = (
        "public_id",
        "event",
        "endpoint",
        "status",
        "attempt_count",
        "next_attempt_at",
        "last_attempt_at",
        "last_status_code",
        "last_error",
        "last_duration_ms",
        "locked_until",
        "claimed_by",
        "enqueued_at",
        "created_at",
    )
    inlines = [AttemptInline]
    actions = ["redeliver"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Redeliver selected deliveries")
    def redeliver(self, request: HttpRequest, queryset: QuerySet[Delivery]) -> None:
        sent, skipped = 0, 0
        for delivery in queryset.select_related("event", "endpoint"):
            try:
                delivery_redeliver(delivery=delivery)
                sent += 1
            except Problem:
                skipped += 1  # endpoint disabled
        self.message_user(request, f"Redelivering {sent}; skipped {skipped} (endpoint disabled).")
