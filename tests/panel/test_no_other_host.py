"""No page of ours asks another host for anything: every request of every documented page
(the status page, the widget demo, sign-up and sign-in, every panel page, the problem and
method pages, Swagger UI and ReDoc), recorded in headless Chromium, goes to our origin; and
nothing is refused by our own Content-Security-Policy (a refused request was still tried)."""

from __future__ import annotations

import io
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts.models import User
from compliance.management.commands.seed_demo import DEMO_EMAIL
from compliance.models import DueDiligenceStatement

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

PUBLIC = [
    "/accounts/signup/",
    "/accounts/login/",
    "/accounts/password-reset/",
    "/widget/demo",
    "/cert/DDS-PL-2025-000001-DEMO",
    "/cert/DDS-BR-2025-000004-DEMO",
    "/problems/",
    "/problems/malformed_body",
    "/methodology",
    "/api/docs/",
    "/api/redoc/",
]
# Panel pages without an id in their address, by URL name (panel/urls.py).
PANEL = [
    "panel-dashboard",
    "panel-plan",
    "panel-keys",
    "panel-webhooks",
    "panel-statements",
    "panel-declaration-new",
    "panel-organisations",
    "panel-supply-chain",
    "panel-suppliers",
    "panel-eu-credentials",
    "panel-reports",
]


# Pages that draw after loading: what shows that they have (and have asked for what they need).
DRAWN = {
    "/api/docs/": ".swagger-ui .info .title",
    "/api/redoc/": "[role=menu] a[href*='redocly'], .api-info h1",
    "/widget/demo": "[data-eudr-dds]",
}


def _visit(page, path: str) -> None:
    page.goto(path, wait_until="load")
    if path in DRAWN:
        page.locator(DRAWN[path]).first.wait_for(state="attached")
    assert urlsplit(page.url).path == urlsplit(path).path, f"{path} led to {page.url}"


def test_every_documented_page_asks_only_our_origin(browser_page, live_server):
    settings.PUBLIC_BASE_URL = live_server.url
    call_command("seed_demo", stdout=io.StringIO())
    statement = DueDiligenceStatement.objects.filter(owner__email=DEMO_EMAIL).order_by("id").first()
    session = Client()
    session.force_login(User.objects.get(email=DEMO_EMAIL))

    ours = urlsplit(live_server.url).netloc
    elsewhere: list[str] = []
    refused: list[str] = []
    page = browser_page()

    def record(request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme not in ("data", "blob", "about") and parts.netloc != ours:
            elsewhere.append(f"{page.url} -> {request.url}")

    def console(message) -> None:
        if "Content Security Policy" in message.text or "Refused to" in message.text:
            refused.append(f"{page.url}: {message.text}")

    page.on("request", record)
    page.on("console", console)
    signed_in = session.cookies[settings.SESSION_COOKIE_NAME].value
    for lang in ("pl", "en"):
        page.context.clear_cookies()
        page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
        for path in PUBLIC:
            _visit(page, path)
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": signed_in, "url": live_server.url}]
        )
        for name in PANEL:
            _visit(page, reverse(name))
        _visit(page, reverse("panel-statement", args=[statement.dds_id]))
    assert elsewhere == []
    assert refused == []
