"""The certificate page: three states, Polish and English, print styles, a QR code."""

from __future__ import annotations

import base64
import re
import urllib.parse

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "case",
    [
        ("COMPLIANT", "pl", "badge-verified", "Zweryfikowano", "✔"),
        ("COMPLIANT", "en", "badge-verified", "Verified", "✔"),
        ("SUBMITTED", "pl", "badge-in_progress", "Weryfikacja w toku", "◔"),
        ("UNDER_REVIEW", "en", "badge-in_progress", "Verification in progress", "◔"),
        ("NON_COMPLIANT", "pl", "badge-none", "Brak weryfikacji", "✖"),
        ("WITHDRAWN", "en", "badge-none", "No verification", "✖"),
    ],
)
def test_each_state_has_text_and_icon_in_both_languages(client, make_statement, case):
    status, lang, css_class, text, mark = case
    statement = make_statement(status)
    html = client.get(f"/cert/{statement.dds_id}?lang={lang}").content.decode()
    assert f'<html lang="{lang}">' in html
    assert f'class="dds-status {css_class}"' in html
    state = re.search(r'<p class="status" role="status">(.*?)</p>', html, re.S).group(1)
    assert text in state and mark in state  # text and icon, not colour alone


def test_english_page_has_english_labels_only(client, make_statement):
    statement = make_statement("COMPLIANT", risk_level="high")
    html = client.get(f"/cert/{statement.dds_id}?lang=en").content.decode()
    assert "Due diligence statement status" in html and "ertificate" not in html
    assert "Country of production" in html and "Kraj produkcji" not in html
    assert "high" in html and "compliant" in html


def test_unknown_language_falls_back_to_polish(client, make_statement):
    statement = make_statement("COMPLIANT")
    html = client.get(f"/cert/{statement.dds_id}?lang=de").content.decode()
    assert '<html lang="pl">' in html and "Status oświadczenia o należytej staranności" in html


def test_page_links_to_the_other_language(client, make_statement):
    statement = make_statement("COMPLIANT")
    assert 'href="?lang=en"' in client.get(f"/cert/{statement.dds_id}").content.decode()
    assert 'href="?lang=pl"' in client.get(f"/cert/{statement.dds_id}?lang=en").content.decode()


def decode_qr_svg(html: str) -> str:
    uri = re.search(r'<img src="(data:image/svg\+xml[^"]+)"', html).group(1)
    header, payload = uri.split(",", 1)
    return base64.b64decode(payload).decode() if ";base64" in header else urllib.parse.unquote(payload)


def test_qr_code_of_its_own_public_url_is_inline(client, make_statement, settings):
    settings.PUBLIC_BASE_URL = "https://eudr.example.pl"
    settings.ALLOWED_HOSTS = ["testserver", "attacker.example"]  # an allowed but foreign Host
    statement = make_statement("COMPLIANT")
    html = client.get(f"/cert/{statement.dds_id}?lang=en", HTTP_HOST="attacker.example").content.decode()
    assert "<svg" in decode_qr_svg(html)
    assert 'alt="QR code with the address of this page"' in html
    assert f"https://eudr.example.pl/cert/{statement.dds_id}?lang=en" in html
    assert "attacker.example" not in html


def test_qr_code_encodes_the_page_url(client, make_statement, settings):
    import segno

    settings.PUBLIC_BASE_URL = "https://eudr.example.pl"
    statement = make_statement("COMPLIANT")
    html = client.get(f"/cert/{statement.dds_id}").content.decode()
    expected = segno.make(f"https://eudr.example.pl/cert/{statement.dds_id}", error="m")
    assert decode_qr_svg(html) == decode_qr_svg(f'<img src="{expected.svg_data_uri(scale=4, border=2)}"')


def test_print_styles_hide_navigation_and_keep_colours(client):
    css = b"".join(client.get("/static/css/site.css").streaming_content).decode()
    print_block = css[css.index("@media print") :]
    assert "@page" in print_block
    assert ".status-tools" in print_block and "display: none" in print_block
    assert "print-color-adjust: exact" in print_block


def test_not_found_page_in_english(client):
    response = client.get("/cert/DDS-PL-2025-000000-NONE?lang=en")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Statement not found" in html and "No verification" in html
    assert "DDS-PL-2025-000000-NONE" in html


def test_not_found_page_escapes_the_identifier(client):
    response = client.get("/cert/%3Cscript%3Ealert(1)%3C%2Fscript%3E")
    assert response.status_code == 404
    assert "<script>alert(1)" not in response.content.decode()


def test_draft_is_not_public(client, make_statement):
    statement = make_statement("DRAFT")
    assert client.get(f"/cert/{statement.dds_id}").status_code == 404
