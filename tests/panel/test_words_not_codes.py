"""Words, not codes or stored English, on the pages a person reads, in Polish and in English:
the article references and dates of the roles page, supplier and customer, the EU's status
of a statement, our own failures to reach the EU (and the EU's own text, said to be the
EU's), and a failed CSRD report's error. The API keeps its codes and English texts."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.utils import translation

from compliance.downstream import organisation_roles_set, trading_partner_record_create
from compliance.downstream_views import roles_view
from eu_filing.labels import EU_STATUS_LABELS
from eu_filing.models import EuErrorKind, EuSubmission
from euis.contract import EudrStatus
from regulation.models import ApplicationDate
from regulation.roles import ROLE_DUTIES, OrganisationRole, legal_reference_label
from reports.labels import RENDER_FAILED, RENDER_TOO_LONG, RENDER_UNFINISHED
from reports.models import ReportStatus
from tests.panel.test_translations import untranslated_on_polish_page, visible_text

pytestmark = pytest.mark.django_db
SUPPLY_CHAIN = "/panel/supply-chain/"


def in_language(client, lang: str):
    client.cookies["django_language"] = lang
    return client


# --- Roles and supply chain -------------------------------------------------------------


@pytest.fixture
def supply_chain(signed_in):
    client = signed_in("standard")
    roles = organisation_roles_set(
        account=client.user, roles=[role.value for role in OrganisationRole], is_sme=None
    )
    # Established by 31 December 2024: the later date of Article 38(3) is cited beside 38(2).
    roles.established_small_on = date(2020, 1, 1)
    roles.save(update_fields=["established_small_on"])
    for kind, name in (("supplier", "Tartak Leśny Sp. z o.o."), ("customer", "Meble Nowak S.A.")):
        trading_partner_record_create(
            owner=client.user,
            livemode=True,
            kind=kind,
            consignment_reference="FV 7/2026",
            consignment_date=date(2026, 5, 4),
            name=name,
            postal_address="ul. Polna 1, 00-001 Warszawa",
            email="biuro@example.com",
        )
    return client


def test_roles_page_in_polish_gives_articles_dates_and_partners_in_polish(supply_chain):
    page = in_language(supply_chain, "pl").get(SUPPLY_CHAIN).content.decode()
    text = visible_text(page)
    for polish in (
        "Art. 4, 8–11",
        "Art. 13",
        "Art. 5 ust. 3",
        "Art. 6 ust. 1",
        "przepisy dodane rozporządzeniem (UE) 2025/2650; załącznik III",
        "(art. 38 ust. 2 rozporządzenia (UE) 2023/1115 w brzmieniu zmienionym "
        "rozporządzeniem (UE) 2025/2650)",
        "(art. 38 ust. 3 rozporządzenia (UE) 2023/1115 w brzmieniu zmienionym "
        "rozporządzeniem (UE) 2025/2650)",
    ):
        assert polish in text, polish
    for english in (
        "Article 13",
        "Articles 4",
        "Article 38",
        "Article 5(3)",
        "as amended by",
        "provisions inserted",
    ):
        assert english not in text, english
    rows = page.split('data-testid="trading-partners"')[1].split("</table>")[0]
    cells = visible_text(rows)
    assert "Dostawca" in cells and "Odbiorca" in cells
    assert not re.search(r"\b(supplier|customer)\b", cells)
    assert untranslated_on_polish_page(page) == []


def test_roles_page_in_english_keeps_the_english_references(supply_chain):
    page = in_language(supply_chain, "en").get(SUPPLY_CHAIN).content.decode()
    text = visible_text(page)
    assert "Articles 4, 8 to 11" in text and "Article 13" in text
    assert "(Article 38(2) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2025/2650)" in text
    assert "Art. 13" not in text and "rozporządzenia" not in text
    rows = visible_text(page.split('data-testid="trading-partners"')[1].split("</table>")[0])
    assert "Supplier" in rows and "Customer" in rows and "Dostawca" not in rows


def test_every_article_source_and_provision_of_the_law_as_data_is_translated():
    articles = {duty.article for duties in ROLE_DUTIES.values() for duty in duties}
    articles |= {duty.source for duties in ROLE_DUTIES.values() for duty in duties}  # the tooltips
    provisions = set(ApplicationDate.objects.values_list("provision", flat=True))
    assert len(provisions) >= 6
    with translation.override("pl"):
        untranslated = sorted(
            part
            for text in articles | provisions
            for part in legal_reference_label(text).split("; ")
            if part in text.split("; ")  # left as written: no Polish for it
        )
    assert untranslated == []
    with translation.override("en"):
        assert all(legal_reference_label(text) == text for text in articles | provisions)


def test_a_provision_nobody_translated_is_shown_as_written():
    with translation.override("pl"):
        assert legal_reference_label("Article 38(2) as amended by Regulation (EU) 2027/999") == (
            "Article 38(2) as amended by Regulation (EU) 2027/999"
        )
        assert legal_reference_label(None) == ""


def test_the_api_keeps_the_english_article_references(make_user):
    user = make_user("standard")
    row = organisation_roles_set(account=user, roles=["operator"], is_sme=None)
    with translation.override("pl"):
        duties = roles_view(row)["obligations"][0]["duties"]
    assert [duty["article"] for duty in duties] == [
        "Articles 4, 8 to 11",
        "Article 13",
        "Article 12(2)",
        "Article 12(3)",
        "Article 4",
    ]
    assert all(duty["applies_from_provision"].startswith("Article 38(2)") for duty in duties)


# --- The statement's EU section ------------------------------------------------------------


@pytest.fixture
def statement_page(signed_in, make_statement):
    client = signed_in("standard")
    statement = make_statement("COMPLIANT", owner=client.user)

    def page(lang: str, **submission) -> tuple[str, str]:
        EuSubmission.objects.filter(statement=statement).update(**submission)
        html = in_language(client, lang).get(f"/panel/statements/{statement.dds_id}/").content.decode()
        section = html.split('data-testid="eu-is"')[1].split("</section>")[0]
        return html, section

    return page


@pytest.mark.parametrize("status", [status.value for status in EudrStatus])
def test_eu_status_is_a_word_with_its_code_beside_it(statement_page, status):
    html, section = statement_page("pl", state="final", eu_status=status)
    shown = section.split('data-testid="eu-status">')[1].split("</dd>")[0]
    with translation.override("pl"):
        polish = str(EU_STATUS_LABELS[status])
    assert polish != status.lower() and polish in shown
    assert f"<code>{status}</code>" in shown  # for those who search for the code
    assert status not in visible_text(shown)
    assert untranslated_on_polish_page(html) == []
    _html, section = statement_page("en", state="final", eu_status=status)
    with translation.override("en"):
        assert str(EU_STATUS_LABELS[status]) in section


def test_submitted_at_the_eu_in_both_languages(statement_page):
    _html, section = statement_page("pl", state="submitted", eu_status="SUBMITTED")
    assert "złożone, sprawdzane przez UE" in visible_text(section)
    _html, section = statement_page("en", state="submitted", eu_status="SUBMITTED")
    assert "submitted, being checked by the EU" in visible_text(section)


UNRESOLVED = "submitSd: The host eu-is.example does not resolve."


@pytest.mark.parametrize(
    ("kind", "polish", "english"),
    [
        (
            EuErrorKind.UNREACHABLE,
            "Nie udało się połączyć z systemem informacyjnym UE; serwis ponawia próbę automatycznie.",
            "The EU Information System could not be reached; the service retries automatically.",
        ),
        (
            EuErrorKind.TIMEOUT,
            "System informacyjny UE nie odpowiedział na czas",
            "The EU Information System did not answer in time",
        ),
        (
            EuErrorKind.RATE_LIMITED,
            "System informacyjny UE jest przeciążony",
            "The EU Information System is busy",
        ),
        (
            EuErrorKind.EU_FAILURE,
            "System informacyjny UE nie odpowiedział prawidłowo",
            "The EU Information System did not answer properly",
        ),
        # Recorded before the kind was: waiting to be sent again, so a failed attempt.
        (
            EuErrorKind.NONE,
            "System informacyjny UE nie mógł na razie przyjąć oświadczenia",
            "The EU Information System could not take the statement for now",
        ),
    ],
)
def test_our_own_failure_to_reach_the_eu_is_a_sentence_in_the_readers_language(
    statement_page, kind, polish, english
):
    html, section = statement_page("pl", state="pending", error_message=UNRESOLVED, error_kind=kind)
    error = visible_text(section.split('data-testid="eu-error">')[1].split("</dd>")[0])
    assert polish in error
    assert "does not resolve" not in html and "submitSd" not in html
    assert untranslated_on_polish_page(html) == []
    _html, section = statement_page("en", state="pending", error_message=UNRESOLVED, error_kind=kind)
    assert english in visible_text(section) and "does not resolve" not in section


@pytest.mark.parametrize("kind", [EuErrorKind.EU, EuErrorKind.NONE])
def test_the_eus_own_text_is_shown_as_the_eu_wrote_it_and_said_to_be_the_eus(statement_page, kind):
    refused = {
        "state": "refused",
        "error_message": "Geolocation overlaps a protected area",
        "error_codes": ["EUDR_GEOLOCATION_PROTECTED_AREA"],
        "error_kind": kind,
    }
    _html, section = statement_page("pl", **refused)
    error = section.split('data-testid="eu-error">')[1].split("</dd>")[0]
    assert "Tekst przekazany przez UE:" in visible_text(error)
    assert "<q>Geolocation overlaps a protected area</q>" in error
    assert "<code>EUDR_GEOLOCATION_PROTECTED_AREA</code>" in error
    _html, section = statement_page("en", **refused)
    assert "The EU's own text:" in visible_text(section)


def test_our_known_sentences_stay_translated_whatever_the_state(statement_page):
    # Held back as under review, then compliant again and waiting: still our sentence.
    _html, section = statement_page(
        "pl", state="pending", error_message="Not sent: the statement is UNDER_REVIEW, not COMPLIANT."
    )
    text = visible_text(section)
    assert "Nie wysłano" in text and "not COMPLIANT" not in text


# --- A failed CSRD report -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("stored", "polish"),
    [
        (RENDER_FAILED, "Nie udało się utworzyć raportu; spróbuj ponownie."),
        (RENDER_UNFINISHED, "Tworzenie raportu nie zostało ukończone; zamów go ponownie."),
        (RENDER_TOO_LONG, "Tworzenie raportu trwało zbyt długo; spróbuj ponownie później."),
    ],
)
def test_failed_report_says_why_in_the_readers_language(signed_in, make_report, stored, polish):
    client = signed_in("standard")
    report = make_report(client.user, status=ReportStatus.FAILED, error=stored)
    url = f"/panel/reports/{report.public_id}/"
    html = in_language(client, "pl").get(url).content.decode()
    error = visible_text(html.split('data-testid="report-error">')[1].split("</dd>")[0])
    assert polish in error and stored not in html
    assert untranslated_on_polish_page(html) == []
    html = in_language(client, "en").get(url).content.decode()
    assert stored in visible_text(html)
    report.refresh_from_db()
    assert report.error == stored  # the API's `error` stays as written


def test_missing_emission_factors_name_the_crops_in_polish(signed_in, make_report):
    client = signed_in("standard")
    report = make_report(
        client.user, status=ReportStatus.FAILED, error="No emission factor is configured for: rapeseed, soy."
    )
    url = f"/panel/reports/{report.public_id}/"
    html = in_language(client, "pl").get(url).content.decode()
    assert "Nie skonfigurowano współczynnika emisji dla: Rzepak, Soja." in visible_text(html)
    assert "No emission factor" not in html
    html = in_language(client, "en").get(url).content.decode()
    assert "No emission factor is configured for: Rapeseed, Soy." in visible_text(html)
