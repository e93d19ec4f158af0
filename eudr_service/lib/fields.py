"""Serializer fields that keep the API's conventions in one place, and the one check of
free text every entry point (API, panel form, roster file) applies to what it stores."""

from __future__ import annotations

import unicodedata
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from eudr_service.lib.timestamps import iso_millis
from eudr_service.lib.versioning import api_url, old_form_mark, served_at_least


class TimestampField(serializers.DateTimeField):
    """Every API timestamp: UTC, milliseconds, `Z` (`2025-03-01T12:00:00.000Z`, spec 2.1).

    DRF's own DateTimeField writes microseconds (or none), so one answer would say
    `...:00.123456Z` and another `...:00.123Z`; clients parsing strictly break on that.
    """

    def to_representation(self, value: datetime | str | None) -> str | None:
        if value is None or value == "":
            return None
        if isinstance(value, str):  # already rendered by a service: normalise its form
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        return iso_millis(value)


class ApiModelSerializer(serializers.ModelSerializer):
    """ModelSerializer whose model DateTimeFields come out as TimestampField."""

    serializer_field_mapping: dict[type[models.Field], type[serializers.Field]] = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.DateTimeField: TimestampField,
    }


class OptionalCharField(serializers.CharField):
    """A text field whose "no value" is null, never "": the same empty value for the same
    field in every answer (a statement's `risk_level` is null in verify, so it is null in
    the DDS record and list too)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("allow_null", True)
        kwargs.setdefault("allow_blank", True)
        super().__init__(**kwargs)

    def to_representation(self, value: Any) -> str | None:
        return None if value in ("", None) else super().to_representation(value)


@extend_schema_field({"type": "number", "format": "double"})
class QuantityField(serializers.DecimalField):
    """A measured quantity in an answer (kilograms, hectares, per cent): a JSON number from
    API version 1.1 on, the exact decimal string (`"25000.000"`) in 1.0.

    Stored as an exact decimal either way; a double holds the 14 significant digits these
    columns allow, so the number reads back as the value stored."""

    def to_representation(self, value: Any) -> float | str:
        if served_at_least("1.1"):
            return float(Decimal(value))
        old_form_mark()
        return super().to_representation(value)


@extend_schema_field({"type": "string", "format": "uri"})
class ApiLinkField(serializers.Field):
    """A link to one of our resources, built from the object by `path` (a callable):
    absolute from 1.1 on, the bare path in 1.0 (eudr_service.lib.versioning.api_url)."""

    def __init__(self, path: Any, **kwargs: Any) -> None:
        kwargs["source"] = "*"
        kwargs["read_only"] = True
        super().__init__(**kwargs)
        self.path = path

    def to_representation(self, value: Any) -> str | None:
        path = self.path(value)
        return None if path is None else api_url(path)


# Bidirectional controls: U+202E (right-to-left override) shows a name, a file name or a CSV
# cell reversed from how it is stored; isolates and marks as well. No Polish name needs one.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_LINE_BREAKS = frozenset("\t\n\r")


def text_forbidden_character(value: str, *, multiline: bool = False) -> str | None:
    """The first character `value` may not hold as free text (a name, an address, a note),
    as U+XXXX, or None: control characters (NUL, BEL, ESC, DEL, C1), lone surrogates and
    bidirectional controls. A multi-line note keeps its tabs and line breaks."""
    for char in value:
        if multiline and char in _LINE_BREAKS:
            continue
        if char in BIDI_CONTROLS or unicodedata.category(char) in ("Cc", "Cs"):
            return f"U+{ord(char):04X}"
    return None


@deconstructible
class PlainText:
    """Django and DRF validator of a free-text field: refuses what text_forbidden_character names."""

    code = "control_character"

    def __init__(self, *, multiline: bool = False) -> None:
        self.multiline = multiline

    def __call__(self, value: Any) -> None:
        found = text_forbidden_character(str(value), multiline=self.multiline)
        if found:
            raise ValidationError(
                _(
                    "Control and direction characters (NUL, ESC, BEL, right-to-left override, ...) "
                    "are not allowed; found %(character)s."
                ),
                code=self.code,
                params={"character": found},
            )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlainText) and other.multiline == self.multiline

    def __hash__(self) -> int:
        return hash((PlainText, self.multiline))


plain_text = PlainText()
plain_multiline_text = PlainText(multiline=True)
