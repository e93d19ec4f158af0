"""The plan page and sandbox keys in headless Chromium."""

from __future__ import annotations

import pytest

from accounts.models import UpgradeRequest, User
from accounts.services import upgrade_request_decide
from tests.panel.test_browser import create_key, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_plan_page_shows_prices_and_an_approved_request_moves_the_plan(browser_page, live_server):
    page = browser_page()
    sign_up(page, "buyer@example.com")
    page.get_by_role("link", name="Plan", exact=True).click()
    page.wait_for_url("**/panel/plan/")
    assert page.get_by_test_id("current-plan").inner_text() == "Starter"
    assert page.get_by_test_id("price-starter").first.inner_text() == "Bezpłatnie, bez karty"
    assert page.get_by_test_id("price-pro").first.inner_text() == "299 zł miesięcznie"
    assert page.get_by_test_id("price-enterprise").first.inner_text() == "Wycena indywidualna"
    assert page.get_by_test_id("price-standard").inner_text() == "Cena na zapytanie"
    assert page.get_by_test_id("plans").is_visible()

    page.get_by_label("Wybrany plan").select_option("pro")
    page.get_by_label("Wiadomość (opcjonalnie)").fill("Około 5000 zapytań dziennie")
    page.get_by_role("button", name="Wyślij prośbę").click()
    page.wait_for_url("**/panel/plan/")
    assert page.get_by_test_id("upgrade-requests").get_by_text("oczekuje").is_visible()

    staff = User.objects.create_user(email="staff@example.com", is_staff=True)
    upgrade_request_decide(request_id=UpgradeRequest.objects.get().pk, approve=True, by=staff)
    page.reload()
    assert page.get_by_test_id("current-plan").inner_text() == "Pro"
    assert page.get_by_test_id("upgrade-requests").get_by_text("zatwierdzona").is_visible()


def test_panel_creates_a_test_key(browser_page, live_server):
    page = browser_page()
    sign_up(page, "dev@example.com")
    page.goto("/panel/keys/")
    page.get_by_label("Testowy, sandbox (eudr_test_)").check()
    page.get_by_label("Nazwa klucza").fill("Sandbox")
    page.get_by_role("button", name="Utwórz klucz").click()
    assert page.get_by_test_id("new-key").input_value().startswith("eudr_test_")
    assert page.get_by_test_id("test-key").is_visible()
    assert create_key(page, "ERP").startswith("eudr_live_")  # live stays the default
