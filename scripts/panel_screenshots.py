"""Screenshots of the web panel for docs/img/ (part of `make screenshots`).

Runs the development server on a fresh temporary SQLite database seeded with
`manage.py seed_demo` plus some panel data (usage history, live and test
keys, a webhook with deliveries), signs in as the demo account in headless Chromium and
writes docs/img/panel-*.png.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img"
sys.path.insert(0, str(ROOT))

from widget.browser import chromium_launch, chromium_missing_reason  # noqa: E402

PASSWORD = "screenshots only 2025"
API_CALLS_TODAY = 37


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return done.stdout


def seed_panel(email: str) -> None:
    """Panel data for the pictures, written straight to the temporary database."""
    import django

    django.setup()
    from django.utils import timezone

    from accounts.models import DailyUsage, User
    from accounts.services import api_key_create
    from webhooks.models import Delivery, Endpoint, Event

    user = User.objects.get(email=email)
    user.set_password(PASSWORD)
    user.plan_id = "pro"  # a plan with a daily limit, so the dashboard shows its meter
    user.save()
    now = timezone.now()
    for name, used_days_ago in (("Bank – scoring", 0), ("Sklep B2B", 3)):
        key, _ = api_key_create(user=user, name=name)
        key.last_used_at = now - timedelta(days=used_days_ago, hours=2)
        key.save()
    old, _ = api_key_create(user=user, name="Stary ERP")
    old.revoke()
    # A sandbox key beside the live ones: its prefix and the "test" pill in the list.
    sandbox, _ = api_key_create(user=user, name="Testy integracji ERP", livemode=False)
    sandbox.last_used_at = now - timedelta(hours=5)
    sandbox.save()
    today = now.date()
    shape = [412, 380, 455, 298, 120, 95, 510, 640, 587, 602, 133, 101, 720, 810, 760, 690, 204, 150]
    DailyUsage.objects.bulk_create(
        DailyUsage(user=user, date=today - timedelta(days=day), requests=shape[day % len(shape)] + 7 * day)
        for day in range(1, 30)
    )
    endpoint = Endpoint.objects.create(
        owner=user,
        url="https://erp.example.com/eudr/webhooks",
        events=["dds.status_changed", "dds.at_risk", "risk.critical"],
        secret="whsec_screenshots",
    )
    Endpoint.objects.create(
        owner=user,
        url="https://hooks.example.org/csrd",
        events=["csrd.report_ready"],
        secret="whsec_screenshots2",
        enabled=False,
        disabled_reason=Endpoint.DisabledReason.BY_OWNER,
        disabled_at=now,
    )
    for minutes, event_type, status, code, error in (
        (5, "webhook.test", Delivery.Status.SUCCEEDED, 200, ""),
        (48, "dds.at_risk", Delivery.Status.FAILED, 503, "http_5xx"),
        (95, "dds.status_changed", Delivery.Status.SUCCEEDED, 204, ""),
        (180, "risk.critical", Delivery.Status.SUCCEEDED, 200, ""),
    ):
        at = now - timedelta(minutes=minutes)
        event = Event.objects.create(owner=user, type=event_type, data={}, created_at=at)
        Delivery.objects.create(
            event=event,
            endpoint=endpoint,
            status=status,
            attempt_count=1,
            last_attempt_at=at,
            last_status_code=code,
            last_error=error,
            next_attempt_at=at + timedelta(minutes=5) if status == Delivery.Status.FAILED else None,
            created_at=at,
        )


def call_api(base: str, key: str, times: int) -> None:
    """Real API calls, so today's count on the dashboard comes from the live counter."""
    for _ in range(times):
        request = urllib.request.Request(
            f"{base}/api/v1/verify/DDS-PL-2025-000001-DEMO", headers={"Authorization": f"Bearer {key}"}
        )
        with urllib.request.urlopen(request, timeout=10):
            pass


def wait_until_up(url: str, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the development server exited with {server.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"the development server did not answer at {url}")


def capture(base: str, email: str) -> list[Path]:
    from playwright.sync_api import sync_playwright

    written = []

    def shot(page, name: str) -> None:
        path = OUT / name
        # The full page's height is measured when the shot starts: wait until the page
        # and its fonts have settled, or a page still laying out is cut short.
        page.wait_for_load_state("networkidle")
        page.evaluate("document.fonts.ready.then(() => true)")
        page.screenshot(path=path, full_page=True)
        written.append(path)

    with sync_playwright() as playwright:
        browser = chromium_launch(playwright)
        context = browser.new_context(
            base_url=base, locale="pl-PL", viewport={"width": 1200, "height": 800}, device_scale_factor=1
        )
        page = context.new_page()
        page.goto("/accounts/login/")
        page.locator("#id_username").fill(email)
        page.locator("#id_password").fill(PASSWORD)
        page.locator("form.form button[type=submit]").click()
        page.wait_for_url("**/panel/")
        shot(page, "panel-dashboard.png")
        page.goto("/panel/keys/")
        # A new test (sandbox) key: the page shows its eudr_test_ key once, and test keys
        # in the list carry the "test" pill.
        page.locator("#id_name").fill("ERP (SAP) – sandbox")
        page.locator("input[name=mode][value=test]").check()
        page.locator("form.inline-form button[type=submit]").click()
        page.wait_for_selector("[data-testid=new-key]")
        shot(page, "panel-keys.png")
        page.goto("/panel/plan/")
        shot(page, "panel-plan.png")
        page.goto("/panel/statements/DDS-BR-2025-000004-DEMO/")
        page.wait_for_selector("figure.plot-map svg")
        shot(page, "panel-statement-map.png")
        page.goto("/panel/webhooks/")
        shot(page, "panel-webhooks.png")
        page.get_by_role("link", name="https://erp.example.com/eudr/webhooks").click()
        page.wait_for_selector("table[data-testid=deliveries]")
        shot(page, "panel-webhook-deliveries.png")
        page.locator(".lang-switch button[value=en]").click()
        page.wait_for_selector("html[lang=en]")
        page.goto("/panel/")
        shot(page, "panel-dashboard-en.png")
        browser.close()
    return written


def main() -> None:
    reason = chromium_missing_reason()
    if reason:
        raise SystemExit(f"the panel screenshots need headless Chromium: {reason}")
    OUT.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="eudr-panel-screens-") as var_dir:
        for name in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"):
            os.environ.pop(name, None)
        os.environ.update(
            VAR_DIR=var_dir,
            DEBUG="1",
            PUBLIC_BASE_URL="http://127.0.0.1:8000",
            DJANGO_SETTINGS_MODULE="eudr_service.settings",
        )
        env = dict(os.environ)
        manage(env, "migrate", "--noinput", "-v", "0")
        seeded = manage(env, "seed_demo")
        email = re.search(r"Demo account:\s+(\S+)", seeded).group(1)
        key = re.search(r"Demo API key:\s+(\S+)", seeded).group(1)
        seed_panel(email)
        server = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_until_up(f"{base}/livez", server)
            call_api(base, key, API_CALLS_TODAY)
            for path in capture(base, email):
                print(path.relative_to(ROOT))
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
