"""A farmer files a simplified declaration in the panel by typing parcel numbers."""

from __future__ import annotations

import pytest

from compliance.models import DueDiligenceStatement, FilingKind
from regulation.benchmark import benchmark_cache_clear
from tests.risk.fakes import PARCEL_ID, RECORD

pytestmark = pytest.mark.django_db
NEW = "/panel/declarations/new/"
SECOND_PARCEL = "141201_1.0001.6510"
SECOND_RECORD = RECORD.replace(PARCEL_ID, SECOND_PARCEL).replace("21.5890", "21.5880")


@pytest.fixture
def uldk_state(uldk, settings):
    state, url = uldk
    state.bodies[SECOND_PARCEL] = f"0\n{SECOND_RECORD}\n"
    settings.ULDK_BASE_URL = url
    benchmark_cache_clear()
    return state


@pytest.fixture
def farmer(signed_in):
    return signed_in("standard")


def filled(**changes) -> dict:
    data = {
        "parcel_ids": f"{PARCEL_ID}\n{SECOND_PARCEL}",
        "operator_name": "Jan Kowalski",
        "operator_size": "natural_person",
        "nip": "",
        "address": "Wola 12, 05-300 Mińsk Mazowiecki",
        "activity": "domestic",
        "commodity": "soya",
        "hs_heading": "1201",
        "description": "Soja ziarno",
        "net_mass_kg": "18 000,5",
        "percentage_estimation_or_deviation": "0",
        "legality": "on",
        "annex_iii_declaration": "on",
        "signatory_name": "Jan Kowalski",
        "signatory_function": "rolnik",
        "action": "file",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def errors_of(response) -> dict[str, list[str]]:
    return {name: list(errors) for name, errors in response.context["form"].errors.items()}


def test_checking_parcels_draws_them_on_the_map_and_files_nothing(farmer, uldk_state):
    response = farmer.post(NEW, {"action": "check", "parcel_ids": f" {PARCEL_ID} ,\n{SECOND_PARCEL}\n\n"})
    assert response.status_code == 200
    html = response.content.decode()
    # Both parcels from ULDK, in the table and on the map, numbered alike.
    rows = response.context["checked"].rows
    assert [r["parcel_id"] for r in rows] == [PARCEL_ID, SECOND_PARCEL]
    assert rows[0]["place"] == "Mińsk Mazowiecki (miasto), miński, mazowieckie"
    assert 0 < rows[0]["area_ha"] < 1
    assert 'data-testid="parcel-map"' in html
    assert html.count('class="plot-marker"') == 2
    assert f"1: nie oceniono — {PARCEL_ID}" in html
    # The rest of the form is empty, and nobody scolds the farmer for it yet.
    assert errors_of(response) == {}
    assert not DueDiligenceStatement.objects.exists()


def test_unknown_and_malformed_parcel_numbers_are_named(farmer, uldk_state):
    uldk_state.bodies[SECOND_PARCEL] = "-1 brak wyników\n"
    response = farmer.post(NEW, {"action": "check", "parcel_ids": f"{PARCEL_ID}\n{SECOND_PARCEL}"})
    assert response.status_code == 400
    assert errors_of(response) == {
        "parcel_ids": [f"Działki {SECOND_PARCEL} nie ma w ewidencji gruntów (ULDK). Sprawdź numer."]
    }
    # The parcel found is still drawn.
    assert [r["parcel_id"] for r in response.context["checked"].rows] == [PARCEL_ID]

    response = farmer.post(NEW, {"action": "check", "parcel_ids": "działka 12/3"})
    assert response.status_code == 400
    messages = errors_of(response)["parcel_ids"]
    assert messages == [
        "„działka” nie jest numerem działki. Wpisz go jak w ewidencji gruntów: kod gminy, typ, obręb i "
        "numer, np. 140602_2.0052.118.",
        "„12/3” nie jest numerem działki. Wpisz go jak w ewidencji gruntów: kod gminy, typ, obręb i "
        "numer, np. 140602_2.0052.118.",
    ]
    assert response.context["checked"] is None


def test_uldk_down_is_said_plainly(farmer, uldk_state):
    uldk_state.status = 503
    response = farmer.post(NEW, {"action": "check", "parcel_ids": PARCEL_ID})
    assert response.status_code == 400
    assert errors_of(response)["parcel_ids"] == [
        f"Ewidencja gruntów (ULDK) nie odpowiada, więc nie udało się sprawdzić działki {PARCEL_ID}. "
        "Spróbuj ponownie za chwilę."
    ]


def test_filing_creates_the_declaration_and_shows_its_parcels_on_the_map(farmer, uldk_state):
    response = farmer.post(NEW, filled(geolocation_confidential="on"))
    assert response.status_code == 302, errors_of(response)
    declaration = DueDiligenceStatement.objects.get(owner=farmer.user)
    assert response["Location"] == f"/panel/statements/{declaration.dds_id}/"
    assert declaration.filing_kind == FilingKind.SIMPLIFIED and declaration.livemode
    assert declaration.operator_size == "natural_person" and declaration.geolocation_confidential
    line = declaration.commodities.get()
    assert (line.code, line.hs_heading, str(line.net_mass_kg)) == ("soya", "1201", "18000.500")
    assert [p.parcel_id for p in line.plots.all()] == [PARCEL_ID, SECOND_PARCEL]
    assert declaration.status == "COMPLIANT"

    page = farmer.get(response["Location"])
    html = page.content.decode()
    assert f"Twoja uproszczona deklaracja {declaration.dds_id} została złożona." in html
    assert html.count('class="plot-marker"') == 2
    assert "tak: niepokazywana na publicznej stronie statusu" in html


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        (
            {"operator_size": "micro", "nip": "1234567890"},
            "nip",
            "Ten NIP jest nieprawidłowy: dziesięć cyfr z poprawną cyfrą kontrolną, np. 526-025-02-74.",
        ),
        (
            {"operator_size": "small"},
            "nip",
            "Przedsiębiorstwo podaje swój NIP; puste pole może zostawić tylko rolnik składający deklarację "
            "jako osoba fizyczna.",
        ),
        (
            {"hs_heading": "0901"},
            "hs_heading",
            "Kodu HS 0901 nie ma w załączniku I dla towaru: soja. Załącznik I wymienia: 1201 90 00; 1208 10;",
        ),
        ({"hs_heading": "12"}, "hs_heading", "Kod HS ma 4, 6 lub 8 cyfr, np. 1201."),
        ({"legality": None}, "legality", "Zaznacz to pole: bez niego deklaracji nie można złożyć."),
        ({"parcel_ids": " \n "}, "parcel_ids", "Wpisz co najmniej jeden numer działki lub adres pocztowy."),
        ({"land_addresses": "Wola 12 Mińsk"}, "land_addresses", "„Wola 12 Mińsk” nie jest adresem"),
        ({"net_mass_kg": "0"}, "net_mass_kg", None),
    ],
    ids=[
        "bad-nip",
        "undertaking-without-nip",
        "hs-not-in-annex",
        "hs-form",
        "no-tick",
        "no-parcel",
        "unreadable-address",
        "no-mass",
    ],
)
def test_refusals_are_shown_next_to_their_field_in_polish(farmer, uldk_state, changes, field, message):
    response = farmer.post(NEW, filled(**changes))
    assert response.status_code == 400
    errors = errors_of(response)
    assert list(errors) == [field]
    if message is not None:
        (shown,) = errors[field]
        assert shown.startswith(message)
    assert 'class="field has-error"' in response.content.decode()
    assert not DueDiligenceStatement.objects.exists()


def test_a_plan_without_filing_gets_a_page_naming_the_plans(signed_in, uldk_state):
    client = signed_in("free")
    response = client.get(NEW)
    assert response.status_code == 403
    assert "Twój plan nie obejmuje składania oświadczeń" in response.content.decode()
    assert client.post(NEW, filled()).status_code == 403
    assert not DueDiligenceStatement.objects.exists()


def test_the_form_is_reached_from_the_statements_page(farmer):
    assert NEW in farmer.get("/panel/statements/").content.decode()
    page = farmer.get(NEW)
    assert page.status_code == 200
    assert "Złóż uproszczoną deklarację" in page.content.decode()


def test_land_given_by_postal_address_is_filed_as_address_plots(farmer, uldk_state):
    # Article 4a: a simplified declaration may name the land by its postal address.
    response = farmer.post(
        NEW,
        filled(
            parcel_ids=PARCEL_ID,
            land_addresses="Wola 12, 05-300 Mińsk Mazowiecki\n\n  07-130 Łochów  \n",
        ),
    )
    assert response.status_code == 302, errors_of(response)
    declaration = DueDiligenceStatement.objects.get(owner=farmer.user)
    plots = list(declaration.commodities.get().plots.order_by("pk"))
    assert plots[0].parcel_id == PARCEL_ID
    assert [p.address for p in plots[1:]] == [
        {"street": "Wola 12", "postal_code": "05-300", "city": "Mińsk Mazowiecki"},
        {"street": "", "postal_code": "07-130", "city": "Łochów"},
    ]


def test_addresses_alone_need_no_parcel_but_cannot_be_checked_on_the_map(farmer, uldk_state):
    response = farmer.post(NEW, filled(parcel_ids="", land_addresses="07-130 Łochów"))
    assert response.status_code == 302, errors_of(response)
    checked = farmer.post(NEW, {"action": "check", "parcel_ids": "", "land_addresses": "07-130 Łochów"})
    assert errors_of(checked) == {"parcel_ids": ["Wpisz co najmniej jeden numer działki."]}


def test_the_farmer_confirms_a_simplified_declaration_in_polish_never_a_due_diligence_statement(farmer):
    html = farmer.get(NEW).content.decode()
    assert "Składając tę deklarację uproszczoną, potwierdzasz" in html
    assert "Składam przytoczone wyżej potwierdzenie deklaracji uproszczonej (załącznik III pkt 4)." in html
    assert "By this declaration, the micro or small primary operator confirms" in html  # Annex III point 4
    assert "By submitting this due diligence statement" not in html
    assert "By filing this simplified declaration" not in html  # the Polish panel explains in Polish
    farmer.cookies["django_language"] = "en"
    english = farmer.get(NEW).content.decode()
    assert "By filing this simplified declaration you confirm" in english
    assert "By submitting this due diligence statement" not in english


def test_lists_and_detail_name_the_declaration_a_simplified_declaration(farmer, uldk_state, make_statement):
    response = farmer.post(NEW, filled())
    assert response.status_code == 302, errors_of(response)
    declaration = DueDiligenceStatement.objects.get(owner=farmer.user)
    assert declaration.dds_id.startswith("SD-PL-")
    make_statement("COMPLIANT", owner=farmer.user)  # a due diligence statement beside it

    listing = farmer.get("/panel/statements/").content.decode()
    assert listing.count(">Uproszczona deklaracja</td>") == 1
    assert listing.count(">Oświadczenie o należytej staranności</td>") == 1
    detail = farmer.get(f"/panel/statements/{declaration.dds_id}/").content.decode()
    assert '<span data-testid="kind">Uproszczona deklaracja</span>' in detail
    farmer.cookies["django_language"] = "en"
    english = farmer.get(f"/panel/statements/{declaration.dds_id}/").content.decode()
    assert '<span data-testid="kind">Simplified declaration</span>' in english
    assert "Annex III of Regulation (EU) 2023/1115" in english
