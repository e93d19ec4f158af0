"""Webhook settings are parsed strictly; the insecure switch is for development only."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _check(env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    clean["VAR_DIR"] = str(ROOT / "var" / "settings-test")
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("schedule", ["5,abc", "5,-1", "5,0"])
def test_a_bad_retry_schedule_stops_start_up(schedule):
    result = _check({"WEBHOOKS_RETRY_SCHEDULE_SECONDS": schedule})
    assert result.returncode != 0
    assert "WEBHOOKS_RETRY_SCHEDULE_SECONDS" in result.stderr


def test_insecure_webhooks_are_refused_in_production():
    production = {
        "DEBUG": "0",
        "SECRET_KEY": "k" * 30 + "Zq7!x" * 10,
        "ALLOWED_HOSTS": "eudr.example.com",
        "PUBLIC_BASE_URL": "https://eudr.example.com",
        "API_KEY_PEPPER": "p" * 40,
        "ENCRYPTION_KEYS": "y13IumwqWF_07oAPO6OaEiAspOCzzbC6kwXyGuxhYTU=",
        "WEBHOOKS_ALLOW_INSECURE": "1",
    }
    result = _check(production)
    assert result.returncode != 0
    assert "WEBHOOKS_ALLOW_INSECURE" in result.stderr


def test_defaults_are_the_standard_webhooks_schedule(settings):
    if os.environ.get("WEBHOOKS_RETRY_SCHEDULE_SECONDS"):
        pytest.skip("schedule overridden in this environment")
    assert settings.WEBHOOKS_RETRY_SCHEDULE_SECONDS == [5, 300, 1800, 7200, 18000, 36000, 36000]
    assert "webhooks-sweep" in settings.CELERY_BEAT_SCHEDULE


_PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "k" * 30 + "Zq7!x" * 10,
    "ALLOWED_HOSTS": "eudr.example.com",
    "PUBLIC_BASE_URL": "https://eudr.example.com",
    "API_KEY_PEPPER": "p" * 40,
}


def test_production_refuses_to_start_without_encryption_keys():
    result = _check(_PRODUCTION)
    assert result.returncode != 0
    assert "ENCRYPTION_KEYS" in result.stderr


@pytest.mark.parametrize("keys", ["not-a-key", "{k},", "{k},{k}"])
def test_malformed_encryption_keys_stop_start_up(keys):
    from cryptography.fernet import Fernet

    result = _check({"ENCRYPTION_KEYS": keys.format(k=Fernet.generate_key().decode())})
    assert result.returncode != 0
    assert "ENCRYPTION_KEYS" in result.stderr
