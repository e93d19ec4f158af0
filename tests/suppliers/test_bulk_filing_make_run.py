"""A buyer's first real filing, as a new account under `make run`, from the panel alone
(issue 39, done-when 1): 2,000 suppliers uploaded, their mandates in force, the local fake
EU system's credentials taken in the panel, the filing started from the form. The start
answers at once (the work is the Celery worker's), the filing's page follows it to the end
by itself, and every supplier ends with an EU reference number."""

from __future__ import annotations

import json
import time

import pytest

from tests.make_run import make_run
from tests.panel.test_browser import PASSWORD, sign_up

pytestmark = pytest.mark.make_run
SUPPLIERS = 2_000
HEADER = (
    "producer_number,name,size,nip,street,postal_code,city,email,commodity,quantity,unit,"
    "parcels,land_postal_code,land_city"
)
EMAIL = "skup@example.pl"


def roster() -> bytes:
    rows = [
        f"R-{n:04d},Rolnik {n},natural_person,,Wola {n},05-300,Mińsk,,bydło,{10 + n % 30},szt,,"
        "26-601,Jedlińsk"
        for n in range(1, SUPPLIERS + 1)
    ]
    return ("\n".join([HEADER, *rows]) + "\n").encode()


# The farmers' confirmations (each follows the link in its e-mail): recorded as they would be.
MANDATES = f"""
from django.utils import timezone
from suppliers.models import MandateStatus, Supplier, SupplierMandate
suppliers = Supplier.objects.filter(owner__email="{EMAIL}")
SupplierMandate.objects.bulk_create(
    SupplierMandate.for_supplier(s, kind="email_confirmation", status=MandateStatus.ACTIVE,
                                 confirmed_at=timezone.now()) for s in suppliers)
print(suppliers.count())
"""


def progress(page) -> tuple[str, str] | None:
    """(filing status, declarations with an EU reference) as the page shows them now; None
    while the page is reloading itself."""
    from playwright.sync_api import Error

    try:
        page.wait_for_load_state()
        status = page.get_by_test_id("filing-progress").get_attribute("data-status", timeout=10_000)
        return status, page.get_by_test_id("eu-with-reference").inner_text(timeout=10_000)
    except Error:  # the page navigated away under the read: its next load answers
        return None


def eu_references(page, results: str) -> int:
    answer = page.request.get(results)
    assert answer.ok, answer.status
    return sum(1 for line in json.loads(answer.body())["results"] if line["eu_reference_number"])


def test_a_2000_supplier_filing_from_the_panel_answers_at_once_and_ends_with_eu_numbers(tmp_path):
    from playwright.sync_api import sync_playwright

    from tests.browser import chromium_launch, chromium_missing_reason

    if reason := chromium_missing_reason():
        pytest.skip(f"browser tests skipped: {reason}")
    # The local fake answers as fast as it is asked; the EU's own pace is the bench's row.
    with make_run(tmp_path / "var", env={"EU_IS_CALLS_PER_SECOND": "100"}) as run, sync_playwright() as pw:
        browser = chromium_launch(pw)
        page = browser.new_context(locale="pl-PL", base_url=run.url).new_page()
        sign_up(page, EMAIL)
        assert PASSWORD  # the new account's own, not the demo's

        page.goto("/panel/suppliers/")
        page.locator("[data-testid=upload-form] input[type=file]").set_input_files(
            {"name": "dostawcy.csv", "mimeType": "text/csv", "buffer": roster()}
        )
        page.locator("[data-testid=upload-form] button[type=submit]").click()
        page.wait_for_load_state()
        assert "2000" in page.get_by_role("status").first.inner_text().replace("\u00a0", "")
        assert run.shell(MANDATES).strip().splitlines()[-1] == str(SUPPLIERS)

        page.goto("/panel/eu-credentials/")
        page.get_by_test_id("use-local-fake").click()
        page.wait_for_load_state()
        assert page.get_by_test_id("eu-credential-check").inner_text().startswith("Potwierdzone")

        page.goto("/panel/suppliers/")
        assert page.get_by_test_id("no-eu-credentials").count() == 0
        form = page.get_by_test_id("filing-form")
        form.locator("input[name=activity][value=domestic]").check()
        form.locator("input[name=goods_cattle_description]").fill("Bydło żywe")
        form.locator("input[name=goods_cattle_hs_heading]").fill("0102")
        form.locator("input[name=signatory_name]").fill("Ewa Zielińska")
        form.locator("input[name=signatory_function]").fill("Kierownik skupu")
        form.locator("input[name=attest]").check()
        started = time.monotonic()
        with page.expect_response(lambda r: r.request.method == "POST") as posted:
            form.locator("button[type=submit]").click()
        post_seconds = time.monotonic() - started
        assert posted.value.status == 302
        page.wait_for_url("**/panel/suppliers/filings/bf_*/")
        assert post_seconds < 1.0, post_seconds
        results = page.get_by_test_id("results-csv").get_attribute("href").replace(".csv", ".json")

        # The page refreshes itself (this test never reloads it) until every declaration has
        # its EU number; then it stops.
        deadline = time.monotonic() + 900
        while (state := progress(page)) != ("done", str(SUPPLIERS)):
            assert time.monotonic() < deadline, state
            page.wait_for_timeout(1_000)
        page.wait_for_timeout(4_000)  # more than one refresh period: the page stays put
        page.wait_for_load_state()
        assert page.locator("meta[http-equiv=refresh]").count() == 0
        assert eu_references(page, results) == SUPPLIERS
        browser.close()
