"""A farmer's simplified declaration in headless Chromium: parcels typed, drawn from ULDK, filed."""

from __future__ import annotations

import pytest

from accounts.models import User
from compliance.models import DueDiligenceStatement
from regulation.benchmark import benchmark_cache_clear
from tests.risk.fakes import PARCEL_ID

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]
PASSWORD = "a long browser password 7"


def test_farmer_types_a_parcel_sees_it_on_the_map_and_files(
    browser_page, live_server, uldk, settings, eager_celery
):
    state, settings.ULDK_BASE_URL = uldk
    benchmark_cache_clear()
    User.objects.create_user(email="rolnik@example.com", password=PASSWORD, plan_id="standard")
    page = browser_page()
    violations: list[str] = []
    page.on(
        "console",
        lambda message: violations.append(message.text) if "Content Security" in message.text else None,
    )
    page.goto("/accounts/login/")
    page.get_by_label("Adres email").fill("rolnik@example.com")
    page.get_by_label("Hasło").fill(PASSWORD)
    page.get_by_role("button", name="Zaloguj się").click()
    page.wait_for_url("**/panel/")

    page.goto("/panel/statements/")
    page.get_by_role("link", name="Złóż uproszczoną deklarację").click()
    page.wait_for_url("**/panel/declarations/new/")

    # A typo first: named next to the field, nothing else complains.
    page.get_by_label("Numery działek").fill("141201_1.0001")
    page.get_by_role("button", name="Sprawdź działki").click()
    page.get_by_text("„141201_1.0001” nie jest numerem działki").wait_for()
    assert page.locator(".has-error").count() == 1

    page.get_by_label("Numery działek").fill(PARCEL_ID)
    page.get_by_role("button", name="Sprawdź działki").click()
    parcel_map = page.get_by_test_id("parcel-map").locator("svg")
    parcel_map.wait_for()
    assert state.requests and state.requests[-1]["id"] == [PARCEL_ID]
    box = parcel_map.bounding_box()
    assert box["width"] > 200 and box["height"] > 100
    marker = page.locator("g.plot-marker").first
    marker_box = marker.bounding_box()
    assert marker_box is not None and marker_box["width"] > 0
    assert box["x"] <= marker_box["x"] <= box["x"] + box["width"]
    assert "Mińsk Mazowiecki (miasto)" in page.get_by_test_id("checked-parcels").inner_text()
    # What was typed is kept.
    assert page.get_by_label("Numery działek").input_value() == PARCEL_ID

    page.get_by_label("Imię i nazwisko lub nazwa gospodarstwa").fill("Jan Kowalski")
    page.get_by_label("Twój adres").fill("Wola 12, 05-300 Mińsk Mazowiecki")
    page.get_by_label("Towar").select_option("soya")
    page.get_by_label("Kod HS").fill("1201")
    page.get_by_label("Opis produktów").fill("Soja ziarno")
    page.get_by_label("Masa netto (kg)").fill("18 000")
    page.get_by_label("Dokładność masy (± %)").fill("0")
    page.get_by_label("Produkty zostały wytworzone zgodnie z prawem kraju produkcji.").check()
    page.get_by_label(
        "Składam przytoczone wyżej potwierdzenie deklaracji uproszczonej (załącznik III pkt 4)."
    ).check()
    page.get_by_label("Podpisuje (imię i nazwisko)").fill("Jan Kowalski")
    page.get_by_role("button", name="Złóż deklarację").click()

    page.wait_for_url("**/panel/statements/SD-*/")
    declaration = DueDiligenceStatement.objects.get()
    assert page.get_by_role("status").filter(has_text=declaration.dds_id).is_visible()
    assert page.locator("figure.plot-map svg g.plot-marker").count() == 1
    assert declaration.filing_kind == "sd" and declaration.status == "COMPLIANT"
    assert violations == []
