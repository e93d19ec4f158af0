"""Polish by default, English through the switch; the API stays English."""

import pytest

pytestmark = pytest.mark.django_db


def test_panel_is_polish_by_default_and_switches_to_english(signed_in):
    client = signed_in("free")
    html = client.get("/panel/keys/").content.decode()
    assert '<html lang="pl">' in html and "Klucze API" in html
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/panel/keys/"})
    assert response.status_code == 302 and response["Location"] == "/panel/keys/"
    html = client.get("/panel/keys/").content.decode()
    assert '<html lang="en">' in html and "API keys" in html and "Klucze API" not in html


def test_switch_refuses_an_offsite_next(client):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_polish_is_the_default_even_for_english_browsers(client):
    html = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="pl">' in html and "Sign in" not in html


def test_the_language_cookie_chooses_english(client):
    client.cookies["django_language"] = "en"
    assert "Sign in" in client.get("/accounts/login/").content.decode()


def test_api_answers_stay_english_whatever_the_panel_language(keyed_client, client):
    api = keyed_client("standard")
    api.cookies["django_language"] = "pl"
    response = api.get("/api/eudr/v1/risk-score?lat=abc", HTTP_ACCEPT_LANGUAGE="pl")
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()
    assert "Content-Language" not in response


def test_lang_query_chooses_english_on_the_panel_and_is_remembered(signed_in):
    client = signed_in("free")
    html = client.get("/panel/keys/?lang=en").content.decode()
    assert '<html lang="en">' in html and "API keys" in html and "Klucze API" not in html
    # The next page without the query stays English (the choice went into the cookie).
    assert '<html lang="en">' in client.get("/panel/keys/").content.decode()
    html = client.get("/panel/keys/?lang=pl").content.decode()
    assert '<html lang="pl">' in html and "Klucze API" in html


def test_lang_query_wins_over_the_cookie_and_unknown_values_are_ignored(client):
    client.cookies["django_language"] = "pl"
    assert "Sign in" in client.get("/accounts/login/?lang=en").content.decode()
    client.cookies["django_language"] = "pl"
    html = client.get("/accounts/login/?lang=de").content.decode()
    assert '<html lang="pl">' in html and "Sign in" not in html


def test_lang_query_does_not_change_api_answers(keyed_client):
    api = keyed_client("standard")
    response = api.get("/api/eudr/v1/risk-score?lat=abc&lang=pl")
    assert "This field is required." in response.content.decode()
    assert "django_language" not in response.cookies
