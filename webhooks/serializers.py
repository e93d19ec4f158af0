"""Webhook API shapes (also the OpenAPI schema). Ids are public ids, never keys."""

from __future__ import annotations

from rest_framework import serializers

from eudr_service.lib.fields import ApiModelSerializer, TimestampField
from webhooks.models import EVENT_TYPES, Delivery, DeliveryAttempt, Endpoint

_EVENTS_HELP = "Event names: " + ", ".join(EVENT_TYPES)


class WebhookInSerializer(serializers.Serializer):
    """Specification 2.5: `{url, events}`."""

    # Not trimmed: the URL is checked as sent (control characters and white space are refused).
    url = serializers.CharField(
        max_length=2048, trim_whitespace=False, help_text="https URL of the receiver (public address only)"
    )
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=list(EVENT_TYPES)),
        allow_empty=False,  # "may not be empty", translated, before min_length's "at least 1 elements"
        min_length=1,
        max_length=len(EVENT_TYPES),
        help_text=_EVENTS_HELP,
    )


class WebhookPatchSerializer(serializers.Serializer):
    url = serializers.CharField(max_length=2048, required=False, trim_whitespace=False)
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=list(EVENT_TYPES)),
        allow_empty=False,  # "may not be empty", translated, before min_length's "at least 1 elements"
        min_length=1,
        max_length=len(EVENT_TYPES),
        required=False,
        help_text=_EVENTS_HELP,
    )
    enabled = serializers.BooleanField(required=False, help_text="true re-enables a disabled webhook")


class WebhookSerializer(ApiModelSerializer):
    id = serializers.CharField(source="public_id", read_only=True, help_text="wh_...")
    events = serializers.ListField(child=serializers.CharField())
    disabled_reason = serializers.CharField(
        help_text="Empty when enabled; by_owner, gone (receiver answered 410), failing, by_staff"
    )
    livemode = serializers.BooleanField(
        read_only=True,
        help_text="false for a test webhook (registered with a test key): it gets test events only",
    )
    url = serializers.URLField(read_only=True, help_text="The receiver's https URL")
    secret_rotation_ends_at = TimestampField(
        source="rotation_ends_at",
        allow_null=True,
        read_only=True,
        help_text="While set, the previous secret also signs (two signatures per request)",
    )

    class Meta:
        model = Endpoint
        fields = [
            "id",
            "url",
            "events",
            "enabled",
            "livemode",
            "disabled_reason",
            "disabled_at",
            "failing_since",
            "secret_rotation_ends_at",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class WebhookWithSecretSerializer(WebhookSerializer):
    """Creation and rotation only: the one time the signing secret is shown."""

    secret = serializers.CharField(read_only=True, help_text="whsec_...; store it, it is not shown again")

    class Meta(WebhookSerializer.Meta):
        fields = [*WebhookSerializer.Meta.fields, "secret"]
        read_only_fields = fields


class AttemptSerializer(ApiModelSerializer):
    error = serializers.CharField(
        help_text="Empty on success, else a category: http_3xx (redirect, not followed), http_4xx, http_5xx, "
        "timeout, tls_error, connection_failed, dns_failed, destination_refused, internal_error"
    )

    class Meta:
        model = DeliveryAttempt
        fields = ["number", "attempted_at", "status_code", "error", "duration_ms"]
        read_only_fields = fields


class DeliverySerializer(ApiModelSerializer):
    id = serializers.CharField(source="public_id", read_only=True, help_text="dlv_...")
    webhook_id = serializers.CharField(source="endpoint.public_id", read_only=True)
    event_id = serializers.CharField(
        source="event.public_id", read_only=True, help_text="evt_...; also the webhook-id header"
    )
    event_type = serializers.CharField(source="event.type", read_only=True)
    attempts = AttemptSerializer(many=True, read_only=True)

    class Meta:
        model = Delivery
        fields = [
            "id",
            "webhook_id",
            "event_id",
            "event_type",
            "status",
            "attempt_count",
            "next_attempt_at",
            "last_attempt_at",
            "last_status_code",
            "last_error",
            "last_duration_ms",
            "created_at",
            "attempts",
        ]
        read_only_fields = fields
