"""API conventions that hold in every answer: one timestamp form, one empty value per field."""

import ast
import re
from pathlib import Path

from django.conf import settings

from eudr_service.lib.fields import OptionalCharField, TimestampField

TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")
APPS = [p for p in Path(settings.BASE_DIR).iterdir() if (p / "apps.py").exists()]


def test_timestamp_field_writes_milliseconds_and_z():
    from datetime import UTC, datetime

    field = TimestampField()
    assert field.to_representation(datetime(2026, 3, 1, 12, 0, 0, 123456, tzinfo=UTC)) == (
        "2026-03-01T12:00:00.123Z"
    )
    assert field.to_representation("2026-03-01T12:00:00.5+00:00") == "2026-03-01T12:00:00.500Z"
    assert field.to_representation(None) is None


def test_optional_text_is_null_never_blank():
    assert OptionalCharField().to_representation("") is None
    assert OptionalCharField().to_representation("low") == "low"


def test_no_serializer_uses_drfs_own_datetime_field():
    # DRF's DateTimeField writes microseconds; TimestampField is the one API form.
    offenders = []
    for app in APPS:
        for path in app.rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if (
                    isinstance(node, ast.Attribute)
                    and node.attr == "DateTimeField"
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "serializers"
                ):
                    offenders.append(f"{path}:{node.lineno}")
                if isinstance(node, ast.ClassDef) and any(
                    getattr(b, "attr", None) == "ModelSerializer" for b in node.bases
                ):
                    offenders.append(f"{path}:{node.lineno} (use ApiModelSerializer)")
    assert offenders == []


def _timestamps(value, path="$"):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _timestamps(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _timestamps(item, f"{path}[{i}]")
    elif isinstance(value, str) and re.match(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}", value):
        yield path, value


def test_statement_answers_use_one_timestamp_form_and_null_risk(make_key, make_statement):
    from rest_framework.test import APIClient

    key, plaintext = make_key("enterprise")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    statement = make_statement(owner=key.user, status="SUBMITTED")
    record = client.get(f"/api/eudr/v1/dds/{statement.dds_id}").json()
    listing = client.get("/api/eudr/dds/list").json()
    verify = client.get(f"/api/v1/verify/{statement.dds_id}").json()
    for answer in (record, listing, verify):
        for path, value in _timestamps(answer):
            assert TIMESTAMP.match(value), (path, value)
    assert record["risk_level"] is None
    assert listing["results"][0]["risk_level"] is None
    assert verify["risk_level"] is None
