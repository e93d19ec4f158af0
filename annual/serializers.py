"""The annual report's API shapes."""

from __future__ import annotations

from datetime import date

from django.utils import timezone
from rest_framework import serializers

from eudr_service.lib.fields import TimestampField

FIRST_YEAR = 2023  # Regulation (EU) 2023/1115 entered into force on 29 June 2023


def _year_ok(year: int) -> int:
    if not FIRST_YEAR <= year <= timezone.now().year:
        raise serializers.ValidationError(f"Give a year from {FIRST_YEAR} to this year.", code="invalid_year")
    return year


class AnnualReportInSerializer(serializers.Serializer):
    year = serializers.IntegerField(validators=[_year_ok])
    system_description = serializers.CharField(max_length=20000, required=False, allow_blank=True)
    steps_taken = serializers.CharField(max_length=20000, required=False, allow_blank=True)


class AnnualReportTextsSerializer(serializers.Serializer):
    system_description = serializers.CharField(max_length=20000, required=False, allow_blank=True)
    steps_taken = serializers.CharField(max_length=20000, required=False, allow_blank=True)


class FigureSerializer(serializers.Serializer):
    section = serializers.CharField()
    group = serializers.CharField()
    code = serializers.CharField()
    value = serializers.IntegerField()


class ReviewShownSerializer(serializers.Serializer):
    reviewed_on = serializers.DateField()
    reviewer = serializers.CharField()
    summary = serializers.CharField()


class ReportContentSerializer(serializers.Serializer):
    system_description = serializers.CharField(help_text="The operator's own words")
    steps_taken = serializers.CharField(help_text="The operator's own words")
    figures = FigureSerializer(many=True, help_text="Computed from the records, never typed")
    reviews = ReviewShownSerializer(many=True, help_text="The year's reviews of the system (Article 12(2))")
    computed_at = TimestampField(help_text="When the figures were computed")


class AnnualReportOutSerializer(serializers.Serializer):
    year = serializers.IntegerField()
    duty = serializers.ChoiceField(
        choices=["applies", "voluntary", "unknown"],
        help_text="Whether Article 12(3) binds the account, from its roles (unknown: none said)",
    )
    published_at = TimestampField(allow_null=True)
    public_url = serializers.URLField(allow_null=True, help_text="The public page, once published")
    draft = ReportContentSerializer(help_text="The working copy: the records and your texts as they are now")
    published = ReportContentSerializer(
        allow_null=True, help_text="What the public page shows: frozen when published; null before"
    )


class SystemReviewSerializer(serializers.Serializer):
    id = serializers.UUIDField(source="public_id", read_only=True)
    reviewed_on = serializers.DateField()
    reviewer = serializers.CharField(max_length=200)
    summary = serializers.CharField(max_length=20000)
    retained_until = serializers.DateField(read_only=True)
    created_at = TimestampField(read_only=True)

    def validate_reviewed_on(self, value: date) -> date:
        if value > timezone.localdate():
            raise serializers.ValidationError(
                "A review cannot be recorded before it happened.", code="in_future"
            )
        return value
