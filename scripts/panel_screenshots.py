"""Screenshots of the sign-in pages and the web panel for docs/img/ (part of `make screenshots`).

For each language (Polish, English) on a fresh temporary SQLite database seeded with
`manage.py seed_demo` plus some panel data (usage history, live and test keys, webhooks
with deliveries, CSRD reports, EU credentials, supply-chain records, a buyer's supplier
roster with its filings, a Starter and a Free account for the empty and plan-refused
states) and the ULDK stand-in for parcel numbers, signs in in headless Chromium and
writes docs/img/<page>-<state>-<lang>.png for every panel entry of
scripts/screenshot_pages.py. Each language gets a database of
its own, so both pictures of a state show the same data.
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
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from screenshot_pages import LANGS, OUT, expected_pictures, page, picture, shrink  # noqa: E402

from tests.browser import chromium_launch, chromium_missing_reason  # noqa: E402

PASSWORD = "screenshots only 2025"
API_CALLS_TODAY = 37
STARTER_EMAIL = "starter@operator.example"  # a plan with filing, nothing set up yet
FREE_EMAIL = "free@operator.example"  # verification only: the plan-refused pages
RESET_EMAIL = "reset@operator.example"  # whose password the reset pictures change
PARCEL = "140602_2.0052.118"  # a parcel the ULDK stand-in knows (standins/uldk.py)
# The demo statement of each status (compliance/management/commands/seed_demo.py).
STATEMENTS = {
    "compliant": "DDS-PL-2025-000001-DEMO",
    "submitted": "DDS-PL-2025-000002-DEMO",
    "under_review": "DDS-PL-2025-000003-DEMO",
    "at_risk": "DDS-BR-2025-000004-DEMO",
    "non_compliant": "DDS-CI-2025-000005-DEMO",
    "withdrawn": "DDS-PL-2025-000006-DEMO",
    "expired": "DDS-PL-2024-000007-DEMO",
    "draft": "DDS-PL-2025-000008-DEMO",
}


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
    from accounts.services import api_key_create, user_get_or_create_with_plan
    from compliance.downstream import (
        organisation_roles_set,
        substantiated_concern_record,
        trading_partner_record_create,
    )
    from reports.models import CsrdReport, ReportStatus
    from webhooks.models import Delivery, Endpoint, Event

    user = User.objects.get(email=email)
    user.set_password(PASSWORD)
    user.plan_id = "pro"  # a plan with a daily limit, so the dashboard shows its meter
    user.save()
    for other, plan in ((STARTER_EMAIL, "starter"), (FREE_EMAIL, "free"), (RESET_EMAIL, "starter")):
        account, _ = user_get_or_create_with_plan(email=other, plan_code=plan)
        account.set_password(PASSWORD)
        account.save()
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
    # CSRD reports in each state a reader meets (the PDFs themselves are not needed here).
    for company, status, error in (
        ("Mleczarnia Podlasie", ReportStatus.DONE, ""),
        ("Tartak Bieszczady", ReportStatus.QUEUED, ""),
        ("Kakao Polska", ReportStatus.FAILED, "The report could not be rendered; please try again."),
    ):
        CsrdReport.objects.create(
            owner=user,
            company_name=company,
            report_year=2025,
            supplier_count=3,
            payload={},
            status=status,
            error=error,
            started_at=now if status != ReportStatus.QUEUED else None,
            finished_at=now if status in (ReportStatus.DONE, ReportStatus.FAILED) else None,
        )
    organisation_roles_set(
        account=user, roles=["operator", "first_downstream_operator_or_trader"], is_sme=False
    )
    trading_partner_record_create(
        owner=user,
        livemode=True,
        kind="supplier",
        consignment_reference="WZ 114/2025",
        consignment_date=today - timedelta(days=12),
        name="Agro-Łęczyca Sp. z o.o.",
        postal_address="ul. Polna 4, 99-100 Łęczyca",
        email="biuro@agro-leczyca.example",
    )
    substantiated_concern_record(
        owner=user,
        livemode=True,
        received_on=today - timedelta(days=3),
        product="kawa zielona, partia BR-2025-07",
        raised_by="Fundacja Las i Ludzie",
        concern="Zdjęcia satelitarne pokazują wycinkę przy jednej z działek po 2020 r.",
        action_taken="Wstrzymano partię, poproszono dostawcę o geolokalizację i dokumenty.",
        placing_withheld=True,
    )
    seed_suppliers(user)


# A buyer's roster (Polish headers, as the template): suppliers with parcels the ULDK
# stand-in knows, a cattle holding named by its address, and a supplier without a mandate.
ROSTER = (
    "numer dostawcy;nazwa;wielkość;NIP;ulica;kod pocztowy;miejscowość;e-mail;towar;ilość;jednostka;"
    "działki;kod pocztowy gruntu lub siedziby stada;miejscowość gruntu lub siedziby stada\n"
    "D-0001;Jan Kowalski;osoba fizyczna;;Polna 3;05-300;Mińsk Mazowiecki;jan@example.pl;soja;18000;kg;"
    "140602_2.0052.118;;\n"
    "D-0002;Anna Nowak;osoba fizyczna;;Leśna 7;26-600;Radom;anna@example.pl;drewno;120;m3;"
    "120102_2.0007.254/3;;\n"
    "D-0003;Gospodarstwo Rolne Wiśniewski;mikro;526-025-02-74;Wólka 12;21-040;Świdnik;;soja;42000;kg;"
    "061405_2.0004.731;;\n"
    "D-0004;Hodowla Bydła Zielińscy;osoba fizyczna;;Kolonia 4;99-100;Łęczyca;hodowla@example.pl;bydło;"
    "35;szt;;99-100;Łęczyca\n"
    "D-0005;Piotr Wójcik;osoba fizyczna;;Lipowa 1;18-400;Łomża;piotr@example.pl;soja;9000;kg;"
    "200705_2.0018.402;;\n"
    "D-0006;Maria Kamińska;osoba fizyczna;;Długa 22;99-100;Łęczyca;maria@example.pl;drewno;60;m3;"
    "181005_2.0002.1893;;\n"
)
BAD_ROSTER = (
    "numer dostawcy;nazwa;wielkość;ulica;kod pocztowy;miejscowość;towar;ilość;jednostka;działki\n"
    "D-0101;Jan Nowicki;osoba fizyczna;Polna 1;05300;Mińsk Mazowiecki;soja;18000;kg;140602_2.0052.118\n"
    "D-0102;Tartak Sp. z o.o.;duże;Leśna 2;26-600;Radom;drewno;100;m3;120102_2.0007.254/3\n"
    "D-0103;Ewa Lis;osoba fizyczna;Wiejska 3;21-040;Świdnik;pszenica;5000;kg;061405_2.0004.731\n"
    "D-0101;Adam Mazur;osoba fizyczna;Krótka 4;18-400;Łomża;soja;-5;kg;200705_2.0018.4O2\n"
)


def seed_suppliers(user) -> None:
    """A buyer's roster, mandates in each state, a finished filing and one in progress."""
    from django.utils import timezone

    from suppliers.bulk import bulk_filing_create
    from suppliers.models import BulkFiling, BulkFilingRow, MandateStatus, Supplier, SupplierMandate
    from suppliers.services import roster_import
    from webhooks.models import public_id

    roster_import(owner=user, livemode=True, filename="dostawcy.csv", data=ROSTER.encode())
    now = timezone.now()
    for number, status in (
        ("D-0001", MandateStatus.ACTIVE),
        ("D-0002", MandateStatus.ACTIVE),
        ("D-0003", MandateStatus.ACTIVE),
        ("D-0004", MandateStatus.PENDING_REVIEW),
        ("D-0005", MandateStatus.REQUESTED),
    ):
        SupplierMandate.objects.create(
            supplier=Supplier.objects.get(owner=user, producer_number=number),
            kind="document" if status == MandateStatus.PENDING_REVIEW else "email_confirmation",
            status=status,
            confirmed_at=now if status == MandateStatus.ACTIVE else None,
            expires_at=now + timedelta(days=30) if status == MandateStatus.REQUESTED else None,
        )
    options = {
        "activity": "domestic",
        "signatory_name": "Ewa Zielińska",
        "signatory_function": "Kierownik skupu",
        "estimate_percentage": "10",
        "goods": {
            "soya": {"description": "Soja ziarno", "hs_heading": "1201"},
            "wood": {"description": "Drewno okrągłe", "hs_heading": "4403"},
        },
    }
    # Tasks run eagerly here: each declaration is filed and screened against the ULDK stand-in.
    bulk_filing_create(owner=user, livemode=True, options=options)
    # One in progress: a worker holds it (its lease keeps the sweep away while pictures are taken).
    running = BulkFiling.objects.create(
        public_id=public_id("bf"),
        owner=user,
        livemode=True,
        options=options,
        total=3,
        skipped={"no_mandate": 1, "mandate_pending_review": 1, "mandate_requested": 1},
        leased_until=now + timedelta(days=1),
    )
    BulkFilingRow.objects.bulk_create(
        BulkFilingRow(filing=running, supplier=supplier)
        for supplier in Supplier.objects.filter(
            owner=user, producer_number__in=["D-0001", "D-0002", "D-0003"]
        )
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


def capture_annual(tab, shot, submit) -> None:
    """The annual report's pages: a year opened, a review recorded, the operator's texts
    written, the draft, then the report published."""
    from django.utils import timezone

    year = timezone.now().year
    tab.goto("/panel/annual-reports/")
    tab.locator("#id_year").fill(str(year))
    submit(tab, "main form:has(input[name=action][value=open])")
    tab.goto("/panel/annual-reports/")
    tab.locator("#id_reviewed_on").fill(f"{year}-01-15")
    tab.locator("#id_reviewer").fill("Jan Kowalski, właściciel")
    tab.locator("#id_summary").fill("Przegląd procedur zbierania geolokalizacji; bez zmian w systemie.")
    submit(tab, "main form:has(input[name=action][value=review])")
    shot(tab, "panel-annual-reports", "populated")
    tab.goto(f"/panel/annual-reports/{year}/")
    tab.locator("#id_system_description").fill(
        "Zbieramy geolokalizację każdej działki od dostawców, sprawdzamy ją w serwisie i "
        "wstrzymujemy dostawy z działek z utratą lasu po 2020 roku."
    )
    submit(tab, "main form:has(input[name=action][value=texts])")
    shot(tab, "panel-annual-report", "draft")
    tab.locator("button[name=action][value=publish]").click()
    tab.wait_for_load_state("networkidle")
    shot(tab, "panel-annual-report", "published")


def capture(base: str, lang: str, email: str) -> list[Path]:  # noqa: PLR0915 (one picture after another)
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode
    from playwright.sync_api import sync_playwright

    from accounts.models import APIKey, User
    from reports.models import CsrdReport
    from suppliers.models import BulkFiling
    from webhooks.models import Endpoint

    written = []

    def shot(tab, name: str, state: str) -> None:
        assert state in dict(page(name).states), (name, state)
        path = OUT / picture(name, state, lang)
        # The full page's height is measured when the shot starts: wait until the page
        # and its fonts have settled, or a page still laying out is cut short.
        tab.wait_for_load_state("networkidle")
        tab.evaluate("document.fonts.ready.then(() => true)")
        tab.screenshot(path=path, full_page=True)
        written.append(path)

    def submit(tab, form: str = "main form.form") -> None:
        tab.locator(f"{form} button[type=submit]").first.click()
        tab.wait_for_load_state("networkidle")

    with sync_playwright() as playwright:
        browser = chromium_launch(playwright)

        def session(account: str | None):
            context = browser.new_context(
                base_url=base, locale="pl-PL", viewport={"width": 1280, "height": 800}, device_scale_factor=1
            )
            context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
            tab = context.new_page()
            if account:
                tab.goto("/accounts/login/")
                tab.locator("#id_username").fill(account)
                tab.locator("#id_password").fill(PASSWORD)
                tab.locator("form.form button[type=submit]").click()
                tab.wait_for_url("**/panel/")
            return tab

        # --- Sign-in pages, signed out.
        tab = session(None)
        tab.goto("/accounts/login/")
        shot(tab, "account-login", "empty")
        tab.locator("#id_username").fill(email)
        tab.locator("#id_password").fill("not the password")
        submit(tab)
        shot(tab, "account-login", "error")
        tab.goto("/accounts/signup/")
        shot(tab, "account-signup", "empty")
        submit(tab)
        shot(tab, "account-signup", "error")
        tab.goto("/accounts/password-reset/")
        shot(tab, "account-password-reset", "empty")
        tab.locator("#id_email").fill(RESET_EMAIL)
        submit(tab)
        tab.wait_for_url("**/password-reset/sent/")
        shot(tab, "account-password-reset", "sent")
        reset_user = User.objects.get(email=RESET_EMAIL)
        uid = urlsafe_base64_encode(force_bytes(reset_user.pk))
        tab.goto(f"/accounts/reset/{uid}/not-a-token-000/")
        shot(tab, "account-password-set", "invalid_link")
        tab.goto(f"/accounts/reset/{uid}/{default_token_generator.make_token(reset_user)}/")
        shot(tab, "account-password-set", "form")
        tab.locator("#id_new_password1").fill("a new password 2025")
        tab.locator("#id_new_password2").fill("a new password 2025")
        submit(tab)
        tab.wait_for_url("**/reset/done/")
        shot(tab, "account-password-set", "done")
        tab.context.close()

        # --- The demo account (Pro plan, everything set up).
        tab = session(email)
        shot(tab, "panel-dashboard", "populated")
        tab.goto("/panel/plan/")
        shot(tab, "panel-plan", "default")
        tab.locator("#id_requested_plan").select_option("enterprise")
        tab.locator("#id_message").fill(
            "Potrzebujemy SLA i wsparcia 24/7." if lang == "pl" else "We need the SLA."
        )
        submit(tab)
        shot(tab, "panel-plan", "requested")
        tab.goto("/panel/keys/")
        shot(tab, "panel-keys", "list")
        submit(tab, "main form.inline-form")
        shot(tab, "panel-keys", "error")
        # A new test (sandbox) key: the page shows its eudr_test_ key once, and test keys
        # in the list carry the "test" pill.
        tab.locator("#id_name").fill("ERP (SAP) – sandbox")
        tab.locator("input[name=mode][value=test]").check()
        submit(tab, "main form.inline-form")
        tab.wait_for_selector("[data-testid=new-key]")
        shot(tab, "panel-keys", "created")
        stale = APIKey.objects.get(user__email=email, name="Sklep B2B")
        tab.goto(f"/panel/keys/{stale.public_id}/revoke/")
        shot(tab, "panel-key-revoke", "confirm")
        submit(tab, "main form")
        shot(tab, "panel-key-revoke", "done")
        tab.goto("/panel/webhooks/")
        shot(tab, "panel-webhooks", "list")
        tab.locator("#id_url").fill("http://127.0.0.1:8080/hook")
        tab.locator("input[name=events]").first.check()
        submit(tab)
        shot(tab, "panel-webhooks", "error")
        # A public address by number: the service resolves a host name when it is added,
        # and the pictures are taken without a network too.
        tab.locator("#id_url").fill("https://93.184.215.14/eudr/events")
        tab.locator("input[name=events]").first.check()
        submit(tab)
        shot(tab, "panel-webhooks", "created")
        endpoint = Endpoint.objects.get(owner__email=email, url="https://erp.example.com/eudr/webhooks")
        tab.goto(f"/panel/webhooks/{endpoint.public_id}/")
        tab.wait_for_selector("table[data-testid=deliveries]")
        shot(tab, "panel-webhook", "deliveries")
        tab.locator("form[action$='/test/'] button").click()
        tab.wait_for_load_state("networkidle")
        shot(tab, "panel-webhook", "test_sent")
        tab.locator("form[action$='/redeliver/'] button").last.click()
        tab.wait_for_load_state("networkidle")
        shot(tab, "panel-webhook", "redelivered")
        tab.goto(f"/panel/webhooks/{endpoint.public_id}/delete/")
        shot(tab, "panel-webhook-delete", "confirm")
        tab.goto(f"/panel/webhooks/{endpoint.public_id}/")
        tab.locator("form[action$='/toggle/'] button").click()
        tab.wait_for_load_state("networkidle")
        shot(tab, "panel-webhook", "disabled")
        tab.goto("/panel/statements/")
        shot(tab, "panel-statements", "list")
        for state, dds_id in STATEMENTS.items():
            tab.goto(f"/panel/statements/{dds_id}/")
            tab.wait_for_selector("figure.plot-map svg")
            shot(tab, "panel-statement", state)
        tab.goto("/panel/declarations/new/")
        shot(tab, "panel-declaration-new", "empty")
        tab.locator("#id_hs_heading").fill("12")
        tab.locator("#id_nip").fill("123")
        tab.locator("button[name=action][value=file]").click()
        tab.wait_for_load_state("networkidle")
        shot(tab, "panel-declaration-new", "error")
        tab.goto("/panel/declarations/new/")
        tab.locator("#id_operator_name").fill("Gospodarstwo Rolne Jan Kowalski")
        tab.locator("#id_address").fill("Zalesie 7, 05-652 Błędów")
        tab.locator("#id_commodity").select_option("soya")
        tab.locator("#id_hs_heading").fill("1201")
        tab.locator("#id_description").fill("soja, zbiór 2025")
        tab.locator("#id_net_mass_kg").fill("12000")
        tab.locator("#id_percentage_estimation_or_deviation").fill("5")
        tab.locator("#id_parcel_ids").fill(PARCEL)
        tab.locator("#id_legality").check()
        tab.locator("#id_annex_iii_declaration").check()
        tab.locator("#id_signatory_name").fill("Jan Kowalski")
        tab.locator("button[name=action][value=check]").click()
        tab.wait_for_selector("figure.plot-map svg")
        shot(tab, "panel-declaration-new", "checked")
        tab.locator("button[name=action][value=file]").click()
        tab.wait_for_url("**/panel/statements/*/")
        shot(tab, "panel-statement", "simplified")
        tab.goto("/panel/organisations/")
        shot(tab, "panel-organisations", "populated")
        tab.goto("/panel/supply-chain/")
        shot(tab, "panel-supply-chain", "populated")
        submit(tab, "main form:has(input[name=action][value=partner])")
        shot(tab, "panel-supply-chain", "error")
        tab.goto("/panel/eu-credentials/")
        shot(tab, "panel-eu-credentials", "saved")
        tab.goto("/panel/suppliers/")
        tab.wait_for_selector("figure.plot-map svg")
        shot(tab, "panel-suppliers", "populated")
        tab.locator("#id_file").set_input_files(
            {"name": "dostawcy.csv", "mimeType": "text/csv", "buffer": BAD_ROSTER.encode()}
        )
        submit(tab, "main form[data-testid=upload-form]")
        tab.wait_for_selector("[data-testid=roster-problems]")
        shot(tab, "panel-suppliers", "upload_error")
        for state, status in (("done", "done"), ("running", "running")):
            found = BulkFiling.objects.filter(owner__email=email, status=status).first()
            tab.goto(f"/panel/suppliers/filings/{found.public_id}/")
            shot(tab, "panel-filing", state)
        tab.goto("/panel/upstream/")
        shot(tab, "panel-upstream", "list")
        tab.goto("/panel/suppliers/")
        submit(tab, "main form[data-testid=mandates-form]")
        shot(tab, "panel-suppliers", "mandates_requested")
        tab.goto("/panel/reports/")
        shot(tab, "panel-reports", "list")
        for state, status in (("ready", "done"), ("failed", "failed")):
            found = CsrdReport.objects.get(owner__email=email, status=status)
            tab.goto(f"/panel/reports/{found.public_id}/")
            shot(tab, "panel-report", state)
        capture_annual(tab, shot, submit)
        tab.context.close()

        # --- A Starter account: filing included, nothing set up yet.
        tab = session(STARTER_EMAIL)
        tab.goto("/panel/organisations/")
        shot(tab, "panel-organisations", "empty")
        tab.goto("/panel/supply-chain/")
        shot(tab, "panel-supply-chain", "empty")
        tab.goto("/panel/suppliers/")
        shot(tab, "panel-suppliers", "empty")
        tab.goto("/panel/eu-credentials/")
        shot(tab, "panel-eu-credentials", "empty")
        submit(tab)
        shot(tab, "panel-eu-credentials", "error")
        tab.context.close()

        # --- A Free account: verification only.
        tab = session(FREE_EMAIL)
        shot(tab, "panel-dashboard", "empty")
        tab.goto("/panel/statements/")
        shot(tab, "panel-statements", "empty")
        for name, path in (
            ("panel-webhooks", "/panel/webhooks/"),
            ("panel-declaration-new", "/panel/declarations/new/"),
            ("panel-supply-chain", "/panel/supply-chain/"),
            ("panel-suppliers", "/panel/suppliers/"),
            ("panel-eu-credentials", "/panel/eu-credentials/"),
            ("panel-reports", "/panel/reports/"),
            ("panel-annual-reports", "/panel/annual-reports/"),
        ):
            tab.goto(path)
            shot(tab, name, "not_in_plan")
        # Signing out lands on the sign-in page.
        tab.locator("form.signout button").click()
        tab.wait_for_url("**/accounts/login/")
        shot(tab, "account-login", "signed_out")
        browser.close()
    return written


def run_one(lang: str) -> None:
    """One language on a database of its own (the pictures change what they show)."""
    from standins.uldk import UldkStandIn

    port, eu_port = free_port(), free_port()
    base = f"http://127.0.0.1:{port}"
    uldk = UldkStandIn()
    with tempfile.TemporaryDirectory(prefix="eudr-panel-screens-") as var_dir:
        for name in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"):
            os.environ.pop(name, None)
        os.environ.update(
            VAR_DIR=var_dir,
            DEBUG="1",
            EUDR_STANDINS="1",  # run_fake_eu_is below (eudr_service/settings.py, STANDINS)
            PUBLIC_BASE_URL="http://127.0.0.1:8000",
            DJANGO_SETTINGS_MODULE="eudr_service.settings",
            ULDK_BASE_URL=uldk.start(),
            # The local fake of the EU Information System, as under `make run`: seed_demo
            # gives the demo account its credentials, and nothing is sent to the real EU.
            EU_IS_URL=f"http://127.0.0.1:{eu_port}/tracesnt/",
            EU_IS_FIRST_POLL_SECONDS="0",
        )
        env = dict(os.environ)

        manage(env, "migrate", "--noinput", "-v", "0")
        seeded = manage(env, "seed_demo")
        email = re.search(r"Demo account:\s+(\S+)", seeded).group(1)
        key = re.search(r"Demo API key:\s+(\S+)", seeded).group(1)
        seed_panel(email)
        # The pictures' own look-ups (a reset token, ids) run beside Playwright's event loop.
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        servers = [
            subprocess.Popen(
                [sys.executable, "manage.py", *args],
                cwd=ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            for args in (
                ("run_fake_eu_is", "--port", str(eu_port)),
                ("runserver", "--noreload", f"127.0.0.1:{port}"),
            )
        ]
        server = servers[-1]
        try:
            wait_until_up(f"{base}/livez", server)
            call_api(base, key, API_CALLS_TODAY)
            for path in capture(base, lang, email):
                shrink(path)
                print(path.relative_to(ROOT))
        finally:
            for process in servers:
                process.terminate()
                process.wait(timeout=30)
            uldk.stop()


def main() -> None:
    reason = chromium_missing_reason()
    if reason:
        raise SystemExit(f"the panel screenshots need headless Chromium: {reason}")
    OUT.mkdir(parents=True, exist_ok=True)
    if len(sys.argv) == 3 and sys.argv[1] == "--lang":
        run_one(sys.argv[2])
        return
    for name in expected_pictures("panel"):
        (OUT / name).unlink(missing_ok=True)  # none left over from an earlier run
    for lang in LANGS:
        subprocess.run([sys.executable, __file__, "--lang", lang], check=True)
    missing = [name for name in expected_pictures("panel") if not (OUT / name).exists()]
    if missing:
        raise SystemExit(f"pictures of the page list not taken: {', '.join(missing)}")


if __name__ == "__main__":
    main()
