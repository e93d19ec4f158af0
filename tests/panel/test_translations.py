"""No untranslated message on a Polish page, no Polish word on an English one, and no
code where a person reads a word (rule names, risk levels, EU states, commodities).

The check is driven by the catalogue: every English msgid of three words or more that
Polish translates differently must not appear in a Polish page's text. Codes may stay
inside <code> (shown beside their label for those who search for them).
"""

from __future__ import annotations

import html
import re
from datetime import date
from pathlib import Path

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from compliance.downstream import organisation_roles_set, trading_partner_record_create
from compliance.labels import RULE_TEXTS
from compliance.screening import Rule
from eu_filing.models import EuState, EuSubmission
from euis.contract import EudrStatus
from regulation.roles import LEGAL_REFERENCES, OrganisationRole
from tests.catalogues import read_po

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
GENERATE = "/api/eudr/dds/generate"
RULE_CODES = sorted(value for name, value in vars(Rule).items() if name.isupper() and isinstance(value, str))


def visible_text(page: str) -> str:
    """What a reader sees: no <code>, scripts, styles, SVG, tags or attributes."""
    page = re.sub(r"<(code|script|style|svg)\b.*?</\1>", " ", page, flags=re.S | re.I)
    page = re.sub(r"<[^>]+>", " ", page)
    return " ".join(html.unescape(page).split())


def english_sentences() -> list[str]:
    polish = read_po(ROOT / "locale" / "pl" / "LC_MESSAGES" / "django.po")
    return sorted(
        {
            entry.msgid
            for entry in polish
            if len(entry.msgid.split()) >= 3
            and "%" not in entry.msgid
            and "<" not in entry.msgid
            and entry.msgstrs[0] != entry.msgid
        }
    )


def untranslated_on_polish_page(page: str) -> list[str]:
    text = visible_text(page)
    found = [sentence for sentence in english_sentences() if sentence in text]
    found += [reference for reference in LEGAL_REFERENCES if reference in text]
    with translation.override("en"):
        found += [str(label) for label in EuState.labels if str(label) in text]
    found += [phrase for phrase in ("plot(s)", "Automatic screening") if phrase in text]
    found += [label for label in ("acceptance (testing)",) if label in text]
    return found + raw_codes(text)


def raw_codes(text: str) -> list[str]:
    """Codes where a person reads a word, in any language: a bilingual PDF too must not
    show them (issue 43: "already_declared: 195", "Działalność / Activity domestic").
    A rule's English label may hold its code as a word ("filed, awaiting screening"):
    labels are read past, so the code alone is what is found."""
    for words in sorted(RULE_TEXTS["en"].values(), key=len, reverse=True):
        text = text.replace(words, " ")
    found = [code for code in RULE_CODES if re.search(rf"\b{code}\b", text)]
    found += [status.value for status in EudrStatus if re.search(rf"\b{status.value}\b", text)]
    found += [code for code in ("already_declared", "no_mandate") if re.search(rf"\b{code}\b", text)]
    found += [label for label in ("Activity domestic", "Activity import") if label in text]
    return found


@pytest.fixture
def filed(make_user, make_key, signed_in, settings):
    """A cattle statement filed through the API and screened (no forest layer: warnings),
    its EU submission waiting for credentials; and its owner signed in to the panel, with
    every role and a supplier on record."""
    from tests.compliance.test_dds_api import body

    settings.FOREST_LAYERS = []
    user = make_user("standard")
    _key, plaintext = make_key("standard", user=user)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    data = body()
    data["commodities"][0].update(commodity="bydło", hs_heading="0102")
    response = api.post(GENERATE, data, format="json", HTTP_ACCEPT="application/json")
    assert response.status_code == 201, response.content
    record = response.json()
    assert record["evidence"]["warnings"] and record["evidence"]["rule"] in RULE_CODES
    EuSubmission.objects.filter(statement__dds_id=record["dds_id"]).update(
        state=EuState.NO_CREDENTIALS,
        error_message="No EU credentials for the acceptance environment in this account.",
    )
    organisation_roles_set(account=user, roles=[role.value for role in OrganisationRole], is_sme=None)
    trading_partner_record_create(
        owner=user,
        livemode=True,
        kind="supplier",
        consignment_reference="FV 7/2026",
        consignment_date=date(2026, 5, 4),
        name="Tartak Leśny Sp. z o.o.",
        postal_address="ul. Polna 1, 00-001 Warszawa",
        email="biuro@example.com",
    )
    return record, signed_in(user=user)


def test_status_page_in_polish_has_no_english_and_no_codes(client, filed):
    record, _panel = filed
    page = client.get(f"/cert/{record['dds_id']}").content.decode()
    assert '<html lang="pl">' in page
    assert untranslated_on_polish_page(page) == []
    assert "bydło" in visible_text(page)


def test_status_page_in_english_has_no_polish_commodity(client, filed):
    record, _panel = filed
    text = visible_text(client.get(f"/cert/{record['dds_id']}?lang=en").content.decode())
    assert "cattle" in text and "bydło" not in text
    assert "Ostrzeżenia" not in text and "Warnings" in text


def test_panel_pages_in_polish_have_no_english_and_no_codes(filed):
    record, panel = filed
    detail = panel.get(f"/panel/statements/{record['dds_id']}/").content.decode()
    assert '<html lang="pl">' in detail
    text = visible_text(detail)
    # The EU submission waits for the account's credentials: said in Polish.
    assert "czeka na dane logowania konta do systemu UE" in text
    assert "To konto nie ma danych logowania do systemu UE dla środowiska acceptance." in text
    assert "Automatyczna weryfikacja" in text and "bydło" in text
    for url in ("/panel/", "/panel/statements/", f"/panel/statements/{record['dds_id']}/"):
        assert untranslated_on_polish_page(panel.get(url).content.decode()) == [], url


def test_panel_statement_in_english_names_the_commodity_in_english(filed):
    record, panel = filed
    text = visible_text(panel.get(f"/panel/statements/{record['dds_id']}/?lang=en").content.decode())
    assert "cattle" in text and "bydło" not in text and "drewno" not in text
    assert "waiting for the account's EU credentials" in text
    assert "No EU credentials for the acceptance environment in this account." in text
    assert "Automatic screening" in text


@pytest.mark.parametrize("code", ["quota_exceeded", "url_scheme_not_allowed", "invalid_request"])
def test_problem_pages_in_polish_have_no_english(client, code):
    page = client.get(f"/problems/{code}?lang=pl").content.decode()
    assert untranslated_on_polish_page(page) == []
    assert untranslated_on_polish_page(client.get("/problems/?lang=pl").content.decode()) == []


def _panel_pages_without_ids() -> list[str]:
    from panel.urls import urlpatterns

    return sorted("/" + str(p.pattern) for p in urlpatterns if "<" not in str(p.pattern))


def test_every_panel_page_in_polish_has_no_english(filed):
    _record, panel = filed
    pages = _panel_pages_without_ids()
    assert "/panel/webhooks/" in pages and "/panel/plan/" in pages  # the walk finds them
    read = []
    for url in pages:
        response = panel.get(url)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue  # redirects, downloads and POST-only actions
        assert untranslated_on_polish_page(response.content.decode()) == [], url
        read.append(url)
    assert len(read) >= 10, read


def _public_pages_without_ids() -> list[str]:
    """Every page of the root URLconf outside the panel, the API and the admin."""
    from django.urls import URLResolver, get_resolver

    def walk(patterns, prefix=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            else:
                yield prefix + str(pattern.pattern)

    return sorted(
        "/" + url
        for url in walk(get_resolver().url_patterns)
        if "<" not in url and "(?" not in url and not url.startswith(("api/", "panel/", "admin", "^"))
    )


# Pages written in English only, and served as such (`<html lang="en">`): the method
# descriptions are rendered from docs/*.md, which have no Polish version yet; the badge's
# demo is a page for a site's developer, showing the badge in both languages by status code.
ENGLISH_ONLY_PAGES = {"/methodology", "/widget/demo"}


def test_every_public_page_in_polish_has_no_english(client):
    """The sign-in pages, the problems, the widget's demo: what a visitor reads before an
    account, asked for by a Polish browser."""
    pages = _public_pages_without_ids()
    assert "/accounts/signup/" in pages and "/problems/" in pages  # the walk finds them
    read = []
    for url in pages:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="pl")
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue  # redirects, JSON, scripts and POST-only actions
        page = response.content.decode()
        if url in ENGLISH_ONLY_PAGES:
            assert '<html lang="en">' in page, url  # says it is English, not a Polish page with English
            continue
        assert untranslated_on_polish_page(page) == [], url
        read.append(url)
    assert len(read) >= 5, read
