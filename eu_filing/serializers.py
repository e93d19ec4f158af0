"""The `eu_is` section of a statement's record (compliance.serializers.DDSRecordSerializer).

The record's OpenAPI description declares the section an object; its fields are this
serializer's, listed in docs/eu-information-system.md. compliance asks for it through
compliance.hooks.EuFilingPort (eu_filing.hooks).
"""

from rest_framework import serializers

from eu_filing.outbox import eu_contingency, eu_withdraw_window_closes
from eudr_service.lib.fields import TimestampField


class EuIsSerializer(serializers.Serializer):
    """The statement at the EU Information System: separate from our screening `status`."""

    state = serializers.CharField(help_text="Our outbox: pending, no_credentials, submitted, final, refused")
    status = serializers.CharField(
        source="eu_status", allow_blank=True, help_text="The EU's status (V3 EudrStatusType), empty before"
    )
    identifier = serializers.CharField(source="eu_uuid", allow_blank=True, help_text="The EU's UUID")
    internal_reference = serializers.CharField()
    reference_number = serializers.CharField(allow_blank=True)
    verification_number = serializers.CharField(allow_blank=True)
    error_codes = serializers.ListField(child=serializers.CharField())
    error_message = serializers.CharField(allow_blank=True)
    submitted_at = TimestampField(allow_null=True)
    status_changed_at = TimestampField(source="eu_status_at", allow_null=True)
    withdraw_until = serializers.SerializerMethodField(help_text="End of the EU's 72-hour window")
    unavailable_since = TimestampField(
        allow_null=True,
        help_text="Since when the EU Information System has not answered our attempts; null when it did",
    )
    contingency = serializers.SerializerMethodField(
        help_text="Set when the EU system has been unavailable for more than 60 minutes (OPS 11.6.5): "
        "what that means for your filing"
    )
    history = serializers.SerializerMethodField()

    def get_contingency(self, submission) -> dict | None:
        return eu_contingency(submission)

    def get_withdraw_until(self, submission):
        closes = eu_withdraw_window_closes(submission)
        return TimestampField().to_representation(closes) if closes else None

    def get_history(self, submission) -> list[dict]:
        return [
            {
                "from": c.from_status,
                "to": c.to_status,
                "changed_at": TimestampField().to_representation(c.changed_at),
                "detail": c.detail,
            }
            for c in submission.history.all()
        ]
