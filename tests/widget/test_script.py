"""GET /api/widget and /widget.js: one script, public, cacheable, never echoing input."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from widget.services import CONFIG_TOKEN, WIDGET_SOURCE

pytestmark = pytest.mark.django_db

JS = "application/javascript; charset=utf-8"


def baked_config(body: bytes) -> dict:
    match = re.search(r"\}\)\(window, document, (\{.*\})\);\s*$", body.decode())
    assert match, "the script must end with its configuration"
    return json.loads(match.group(1))


def test_widget_script_is_public_javascript_with_cors_and_caching(client, settings):
    response = client.get("/api/widget?lang=en&style=card")
    assert response.status_code == 200
    assert response["Content-Type"] == JS
    assert response["Access-Control-Allow-Origin"] == "*"
    assert response["Cache-Control"] == f"public, max-age={settings.WIDGET_CACHE_SECONDS}"
    assert re.fullmatch(r'"[0-9a-f]{32}"', response["ETag"])
    assert response["API-Version"] == "1.0"
    assert baked_config(response.content) == {
        "lang": "en",
        "style": "card",
        "api": settings.PUBLIC_BASE_URL,
    }


def test_matching_etag_gets_304_without_a_body(client):
    etag = client.get("/api/widget?style=full")["ETag"]
    response = client.get("/api/widget?style=full", HTTP_IF_NONE_MATCH=f'"other", W/{etag}')
    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == etag
    assert client.get("/api/widget?style=card", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_each_option_combination_has_its_own_etag(client):
    etags = {
        client.get(f"/api/widget?lang={lang}&style={style}")["ETag"]
        for lang in ("pl", "en")
        for style in ("badge", "card", "full")
    }
    assert len(etags) == 6


@pytest.mark.parametrize(
    "query",
    ["", "?lang=de&style=huge", "?lang=&style=", '?lang=";alert(1);//&style=</script><script>alert(1)'],
)
def test_unknown_values_fall_back_to_defaults_and_are_never_echoed(client, query):
    response = client.get(f"/api/widget{query}")
    assert response.status_code == 200
    config = baked_config(response.content)
    assert (config["lang"], config["style"]) == ("pl", "badge")
    assert b"alert(1)" not in response.content
    assert b"huge" not in response.content


def test_option_values_are_case_insensitive(client):
    config = baked_config(client.get("/api/widget?lang=EN&style=Full").content)
    assert (config["lang"], config["style"]) == ("en", "full")


def test_widget_needs_no_key_and_ignores_a_bad_one(client):
    response = client.get("/api/widget", HTTP_AUTHORIZATION="Bearer eudr_live_not-a-key")
    assert response.status_code == 200


def test_widget_is_not_counted_against_the_quota(keyed_client):
    client = keyed_client("free")  # 10 calls a minute
    for _ in range(15):
        response = client.get("/api/widget")
        assert response.status_code == 200
        assert "X-RateLimit-Remaining" not in response
    # The account's quota is untouched by all those script loads.
    assert client.get("/api/v1/verify/DDS-PL-2025-000000-NONE")["X-RateLimit-Remaining"] == "99"


def test_wrong_method_is_a_problem_not_html(client):
    response = client.post("/api/widget", data="{}", content_type="application/json")
    assert response.status_code == 405
    assert response["Content-Type"] == "application/problem+json"


def test_script_is_served_even_to_clients_that_do_not_accept_javascript(client):
    response = client.get("/api/widget", HTTP_ACCEPT="text/html")
    assert response.status_code == 200
    assert response["Content-Type"] == JS


def test_self_hosting_copy_is_the_same_source_unconfigured(client, settings):
    static = client.get("/widget.js")
    assert static.status_code == 200
    assert static["Content-Type"] == JS
    assert static["Access-Control-Allow-Origin"] == "*"
    assert static["Cache-Control"] == f"public, max-age={settings.WIDGET_CACHE_SECONDS}"
    source = WIDGET_SOURCE.read_text(encoding="utf-8")
    assert static.content.decode() == source
    assert client.get("/widget.js", HTTP_IF_NONE_MATCH=static["ETag"]).status_code == 304
    # /api/widget is that very source with only the configuration filled in.
    api = client.get("/api/widget?lang=en").content.decode()
    head, tail = source.split(CONFIG_TOKEN)
    assert api.startswith(head) and api.endswith(tail)


def test_widget_js_refuses_unsafe_methods(client):
    assert client.post("/widget.js").status_code == 405


@pytest.mark.parametrize("path", ["/api/widget?lang=en&style=full", "/widget.js"])
def test_script_is_under_10_kb_gzipped(client, path):
    assert len(gzip.compress(client.get(path).content, compresslevel=9)) < 10 * 1024


def test_script_never_writes_markup_from_data():
    source = WIDGET_SOURCE.read_text(encoding="utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert sink not in source


def test_schema_documents_the_widget(client):
    schema = client.get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/widget"]["get"]
    assert "application/javascript" in operation["responses"]["200"]["content"]
    params = {p["name"]: p["schema"] for p in operation["parameters"]}
    assert set(params["lang"]["enum"]) == {"pl", "en"}
    assert set(params["style"]["enum"]) == {"badge", "card", "full"}


def test_script_names_a_simplified_declaration_by_the_records_document_type():
    # The browser tests (tests/widget/test_browser.py) need chromium; this reads the source.
    source = WIDGET_SOURCE.read_text(encoding="utf-8")
    assert 'rec.document_type === "simplified_declaration"' in source
    for text in (
        "Identyfikator deklaracji uproszczonej",
        "Status EUDR deklaracji uproszczonej",
        'simplified_declaration: "deklaracja uproszczona"',
        "Simplified declaration identifier",
        "EUDR status of simplified declaration",
        'simplified_declaration: "simplified declaration"',
    ):
        assert text in source
    assert re.search(r'FIELDS = \["dds_id", "document_type"', source)
