"""No technical error page on any path `make run` serves (issue 40.10).

`make run` runs in the development mode (`DEBUG=1`, the default): its fallbacks stay, but
Django's own DEBUG, which answers an error with settings, code and URL patterns, is off
unless a developer sets DEBUG_PAGES=1."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]
PRINT_DEBUG = "from django.conf import settings; print(settings.DEVELOPMENT, settings.DEBUG)"


def _settings_in(env: dict[str, str]) -> str:
    """`DEVELOPMENT DEBUG` as a fresh process with make run's environment plus `env` sees them."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEBUG", "DEBUG_PAGES", "DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    production = {
        "SECRET_KEY": "k" * 30 + "Zq7!x" * 10,
        "ALLOWED_HOSTS": "eudr.example.com",
        "PUBLIC_BASE_URL": "https://eudr.example.com",
        "API_KEY_PEPPER": "p" * 40,
        "ENCRYPTION_KEYS": "y13IumwqWF_07oAPO6OaEiAspOCzzbC6kwXyGuxhYTU=",
    }
    extra = production if env.get("DEBUG") == "0" else {}
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", PRINT_DEBUG],
        cwd=ROOT,
        env={**clean, "VAR_DIR": str(ROOT / "var" / "settings-test"), **extra, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_make_runs_default_environment_is_development_without_debug_pages():
    assert _settings_in({}) == "True False"


def test_debug_pages_only_when_a_developer_asks_and_never_in_production():
    assert _settings_in({"DEBUG_PAGES": "1"}) == "True True"
    assert _settings_in({"DEBUG": "0", "DEBUG_PAGES": "1"}) == "False False"


@pytest.mark.django_db
def test_a_crash_on_a_panel_page_is_a_plain_page_and_a_logged_traceback(
    make_user, monkeypatch, caplog, settings
):
    import panel.dashboard

    def crash(*args, **kwargs):
        raise RuntimeError("secret internals of the panel")

    monkeypatch.setattr(panel.dashboard, "render", crash)
    client = Client(raise_request_exception=False)
    client.force_login(make_user("standard"))
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = client.get("/panel/")
    assert response.status_code == 500 and response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert "secret internals" not in page and "Traceback" not in page and "SECRET_KEY" not in page
    assert "Wystąpił błąd" in page
    logged = [r for r in caplog.records if r.exc_info and "secret internals" in str(r.exc_info[1])]
    assert logged and logged[0].levelno == logging.ERROR


@pytest.mark.django_db
def test_an_unknown_panel_path_does_not_list_the_url_patterns(client):
    response = client.get("/panel/no-such-page/")
    assert response.status_code == 404
    assert "panel-keys" not in response.content.decode() and "URLconf" not in response.content.decode()
