"""Every problem `type` URI leads to a page explaining the problem in both languages."""

import re
from html import escape

import pytest

from eudr_service.lib.problem_types import PROBLEM_TYPES

SOURCE_CODES = (
    # Codes the code base answers with (see eudr_service.lib.problems and the views).
    "invalid_request",
    "malformed_body",
    "unauthorized",
    "plan_required",
    "not_found",
    "dds_not_found",
    "method_not_allowed",
    "payload_too_large",
    "unsupported_media_type",
    "quota_exceeded",
    "rate_limited",
    "parcel_service_unavailable",
    "url_address_not_allowed",
)


@pytest.mark.parametrize("code", sorted(PROBLEM_TYPES))
def test_every_code_has_a_page_in_english_and_polish(client, code):
    entry = PROBLEM_TYPES[code]
    english = client.get(f"/problems/{code}?lang=en")
    polish = client.get(f"/problems/{code}?lang=pl")
    assert english.status_code == polish.status_code == 200
    assert english["Content-Type"].startswith("text/html")
    assert escape(entry.title_en) in english.content.decode()
    assert escape(entry.action_en) in english.content.decode()
    assert escape(entry.title_pl) in polish.content.decode()
    assert escape(entry.action_pl) in polish.content.decode()
    assert '<html lang="pl">' in polish.content.decode()


@pytest.mark.parametrize("code", SOURCE_CODES)
def test_codes_the_api_uses_are_documented(code):
    assert code in PROBLEM_TYPES


def test_problem_type_of_an_api_answer_resolves(client, settings):
    answer = client.get("/api/eudr/v1/dds/DDS-PL-2025-000001-ABCD")
    assert answer.status_code == 401
    type_uri = answer.json()["type"]
    assert type_uri == f"{settings.PUBLIC_BASE_URL}/problems/unauthorized"
    page = client.get(type_uri.removeprefix(settings.PUBLIC_BASE_URL))
    assert page.status_code == 200 and b"API key required" in page.content


def test_language_follows_the_browser_without_a_query(client):
    polish = client.get("/problems/quota_exceeded", HTTP_ACCEPT_LANGUAGE="pl-PL,pl;q=0.9,en;q=0.5")
    english = client.get("/problems/quota_exceeded", HTTP_ACCEPT_LANGUAGE="de-DE,en;q=0.5")
    assert "Wyczerpany limit dzienny" in polish.content.decode()
    assert "Daily quota used up" in english.content.decode()


def test_unknown_code_is_a_404_page(client):
    response = client.get("/problems/no_such_problem")
    assert response.status_code == 404
    assert b"no_such_problem" in response.content


def test_index_lists_every_code(client):
    page = client.get("/problems/?lang=en").content.decode()
    listed = set(re.findall(r'href="/problems/([a-z_]+)"', page))
    assert listed == set(PROBLEM_TYPES)


def test_undocumented_code_fails_loudly_in_strict_mode(settings):
    from eudr_service.lib.problems import problem_body

    settings.PROBLEM_TYPES_STRICT = True
    with pytest.raises(LookupError):
        problem_body(400, "made_up_code", "x")
    settings.PROBLEM_TYPES_STRICT = False
    assert problem_body(400, "made_up_code", "x")["type"].endswith("/problems/made_up_code")


def test_favicon_is_served(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/vnd.microsoft.icon"
    assert response.content[:4] == b"\x00\x00\x01\x00"  # ICO header
