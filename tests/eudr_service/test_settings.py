"""Settings from the environment: embedded default, strict parsing, production."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "k" * 30 + "Zq7!x" * 10,
    "ALLOWED_HOSTS": "eudr.example.com",
    "PUBLIC_BASE_URL": "https://eudr.example.com",
    "API_KEY_PEPPER": "p" * 40,
    "ENCRYPTION_KEYS": "y13IumwqWF_07oAPO6OaEiAspOCzzbC6kwXyGuxhYTU=",
}


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in PRODUCTION and k not in ("DATABASE_URL",)}
    clean["VAR_DIR"] = str(ROOT / "var" / "settings-test")
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS", "PUBLIC_BASE_URL"])
def test_production_refuses_to_start_without_required_settings(missing):
    env = {k: v for k, v in PRODUCTION.items() if k != missing}
    result = _manage("check", env=env)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and missing in result.stderr


def test_production_refuses_plain_http_public_url():
    result = _manage("check", env={**PRODUCTION, "PUBLIC_BASE_URL": "http://eudr.example.com"})
    assert result.returncode != 0 and "PUBLIC_BASE_URL" in result.stderr


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DEBUG", "maybe"),
        ("TRUSTED_PROXY_COUNT", "two"),
        ("VERIFY_ANON_PER_MINUTE", "0"),
        ("REDIS_URL", "http://x"),
    ],
)
def test_bad_values_are_refused_at_start(name, value):
    result = _manage("check", env={name: value})
    assert result.returncode != 0
    assert name in result.stderr


def test_check_deploy_is_clean_in_production():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_embedded_default_needs_no_environment(settings):
    assert settings.CELERY_TASK_ALWAYS_EAGER is (os.environ.get("CELERY_BROKER_URL") is None)
    if not os.environ.get("DATABASE_URL"):
        assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
