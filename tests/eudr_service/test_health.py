"""Probes and production logging."""

import json
import logging

import pytest
from django.test import override_settings

from eudr_service.lib.json_logging import JsonFormatter

pytestmark = pytest.mark.django_db


def test_livez_needs_nothing(client):
    response = client.get("/livez")
    assert response.status_code == 200 and response.content == b"ok"


def test_healthz_checks_database_and_cache(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "checks": {"database": "ok", "cache": "ok"}}


def test_healthz_reports_an_unreachable_cache(client):
    broken = {
        "default": {
            "BACKEND": "eudr_service.lib.redis_cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.2},
        }
    }
    with override_settings(CACHES=broken):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["cache"].startswith("error")


def test_json_log_lines_carry_the_request_id_and_extras():
    record = logging.makeLogRecord({"name": "x", "levelname": "WARNING", "msg": "quota %s", "args": ("low",)})
    record.request_id = "abc123def456"
    record.account = 7
    line = json.loads(JsonFormatter().format(record))
    assert line["message"] == "quota low" and line["request_id"] == "abc123def456"
    assert line["level"] == "WARNING" and line["account"] == 7


def test_deployment_files_exist():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    procfile = (root / "Procfile").read_text()
    for process in ("release:", "web:", "worker:", "beat:"):
        assert process in procfile
    assert "gunicorn.conf.py" in procfile and (root / "gunicorn.conf.py").exists()
