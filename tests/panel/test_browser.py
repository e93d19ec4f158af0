"""The panel in headless Chromium: the operator's whole first session."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from accounts.models import APIKey, User
from webhooks.models import Delivery

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]
PASSWORD = "a long browser password 7"
VERIFY = "/api/v1/verify/DDS-PL-2025-000123-ABCD"


def api_get(base: str, path: str, key: str) -> int:
    request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {key}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def sign_up(page, email: str) -> None:
    page.goto("/accounts/signup/")
    page.get_by_label("Adres email").fill(email)
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Załóż konto").click()
    page.wait_for_url("**/panel/")


def create_key(page, name: str) -> str:
    page.goto("/panel/keys/")
    page.get_by_label("Nazwa klucza").fill(name)
    page.get_by_role("button", name="Utwórz klucz").click()
    return page.get_by_test_id("new-key").input_value()


def usage_today(page) -> int:
    page.goto("/panel/")
    return int(page.get_by_test_id("usage-today").inner_text())


def test_sign_up_create_key_use_it_see_usage_revoke_it(browser_page, live_server):
    page = browser_page()
    sign_up(page, "operator@example.com")
    assert "Starter" in page.locator(".plan-name").inner_text()
    assert usage_today(page) == 0

    plaintext = create_key(page, "ERP")
    assert plaintext.startswith("eudr_live_")
    assert page.get_by_role("alert").filter(has_text="tylko raz").is_visible()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Kopiuj").click()
    page.get_by_role("button", name="Skopiowano").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == plaintext

    for _ in range(3):
        assert api_get(live_server.url, VERIFY, plaintext) == 404  # served (no such DDS) and counted
    assert usage_today(page) == 3

    page.goto("/panel/keys/")
    assert plaintext not in page.content()  # shown once only
    page.get_by_role("link", name="Unieważnij ERP").click()
    page.get_by_role("button", name="Unieważnij klucz").click()
    page.wait_for_url("**/panel/keys/")
    assert page.locator("table[data-testid=keys]").get_by_text("unieważniony").is_visible()
    assert api_get(live_server.url, VERIFY, plaintext) == 401
    assert usage_today(page) == 3


def test_create_webhook_and_see_the_test_delivery(browser_page, live_server, receiver, deliver_at_once):
    user = User.objects.create_user(email="hooks@example.com", password=PASSWORD, plan_id="standard")
    page = browser_page()
    page.goto("/accounts/login/")
    page.get_by_label("Adres email").fill(user.email)
    page.get_by_label("Hasło").fill(PASSWORD)
    page.get_by_role("button", name="Zaloguj się").click()
    page.wait_for_url("**/panel/")

    page.goto("/panel/webhooks/")
    page.get_by_label("Adres URL odbiorcy").fill(receiver.url)
    page.get_by_label("dds.at_risk").check()
    page.get_by_role("button", name="Dodaj webhook").click()
    assert page.get_by_test_id("new-secret").input_value().startswith("whsec_")
    page.get_by_role("link", name="Otwórz webhook").click()
    page.get_by_role("button", name="Wyślij zdarzenie testowe").click()

    delivered = page.locator('table[data-testid=deliveries] [data-status="succeeded"]')
    for _ in range(30):
        if delivered.count():
            break
        page.wait_for_timeout(1000)
        page.reload()
    assert delivered.count() == 1
    assert page.get_by_test_id("response-code").inner_text() == "200"
    assert json.loads(receiver.bodies[0])["type"] == "webhook.test"
    assert Delivery.objects.get().status == Delivery.Status.SUCCEEDED


def test_switch_language(browser_page, live_server):
    User.objects.create_user(email="lang@example.com", password=PASSWORD)
    page = browser_page()
    page.goto("/accounts/login/")
    assert page.locator("html").get_attribute("lang") == "pl"
    page.get_by_label("Adres email").fill("lang@example.com")
    page.get_by_label("Hasło").fill(PASSWORD)
    page.get_by_role("button", name="Zaloguj się").click()
    page.wait_for_url("**/panel/")
    assert page.get_by_role("heading", level=1).inner_text() == "Pulpit"
    page.get_by_role("button", name="EN").click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.get_by_role("heading", level=1).inner_text() == "Dashboard"
    page.goto("/panel/keys/")
    assert page.get_by_role("heading", level=1).inner_text() == "API keys"  # the choice sticks
    page.get_by_role("button", name="PL").click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", level=1).inner_text() == "Klucze API"


def test_session_api_calls_need_the_csrf_token_and_a_forged_post_is_refused(
    browser_page, live_server, other_origin, settings
):
    other_origin.host = live_server.url.split("//")[1].split(":")[0]
    settings.WEBHOOKS_ALLOW_INSECURE = True
    User.objects.create_user(email="csrf@example.com", password=PASSWORD, plan_id="standard")
    page = browser_page()
    page.goto("/accounts/login/")
    page.get_by_label("Adres email").fill("csrf@example.com")
    page.get_by_label("Hasło").fill(PASSWORD)
    page.get_by_role("button", name="Zaloguj się").click()
    page.wait_for_url("**/panel/")
    plaintext = create_key(page, "target")
    key = APIKey.objects.get(name="target")

    # The panel's own page calls the API with the session cookie: with the token it passes...
    call = """async ([token]) => {
        const headers = {"Content-Type": "application/json"};
        if (token) headers["X-CSRFToken"] = document.cookie.match(/csrftoken=([^;]+)/)[1];
        const r = await fetch("/api/eudr/v1/webhooks", {method: "POST", headers,
            body: JSON.stringify({url: "http://127.0.0.1:9/hook", events: ["dds.created"]})});
        return [r.status, await r.json()];
    }"""
    status, body = page.evaluate(call, [True])
    assert status == 201, body
    assert page.evaluate("async () => (await fetch('/api/eudr/v1/webhooks')).status") == 200
    # ...and without it the same call is refused.
    status, body = page.evaluate(call, [False])
    assert status == 403 and "CSRF" in body["detail"]

    # A page on another origin (same host, other port: same-site, so the browser does send
    # the session cookie) auto-posts to the revoke URL. Only the CSRF check stands in the way.
    attack = other_origin.page(
        "attack.html",
        f'<form id="f" method="post" action="{live_server.url}/panel/keys/{key.public_id}/revoke/"></form>'
        '<script>document.getElementById("f").submit()</script>',
    )
    with page.expect_response(lambda r: "/revoke/" in r.url) as forged:
        page.goto(attack)
    assert forged.value.status == 403
    assert "sessionid=" in (forged.value.request.all_headers().get("cookie") or "")
    assert "CSRF" in forged.value.text()
    key.refresh_from_db()
    assert key.status == "active"
    assert api_get(live_server.url, VERIFY, plaintext) == 404  # the key still works
