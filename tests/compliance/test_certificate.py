from html import escape

import pytest
from django.utils import translation

from risk.warnings import warning_label

pytestmark = pytest.mark.django_db


def test_certificate_page_shows_the_statement(client, make_statement):
    statement = make_statement(
        "COMPLIANT", operator_name="Zakłady Mięsne Łódź", eu_reference_number="25PLXXXXXXXXXX"
    )
    response = client.get(f"/cert/{statement.dds_id}")
    assert response.status_code == 200
    html = response.content.decode()
    assert statement.dds_id in html
    assert "Zakłady Mięsne Łódź" in html
    assert "badge-verified" in html and "Zweryfikowano" in html
    assert "25PLXXXXXXXXXX" in html


def test_certificate_page_has_print_styles(client, make_statement):
    statement = make_statement("COMPLIANT")
    html = client.get(f"/cert/{statement.dds_id}").content.decode()
    assert 'href="/static/css/site.css"' in html
    css = b"".join(client.get("/static/css/site.css").streaming_content).decode()
    assert "@media print" in css


@pytest.mark.parametrize(
    ("status", "badge"),
    [
        ("SUBMITTED", "badge-in_progress"),
        ("UNDER_REVIEW", "badge-in_progress"),
        ("AT_RISK", "badge-none"),
        ("WITHDRAWN", "badge-none"),
    ],
)
def test_certificate_badge_follows_status(client, make_statement, status, badge):
    statement = make_statement(status)
    assert badge in client.get(f"/cert/{statement.dds_id.lower()}").content.decode()


def test_unknown_statement_gets_a_proper_404_page(client):
    response = client.get("/cert/DDS-PL-2025-000000-NONE")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert "DDS-PL-2025-000000-NONE" in response.content.decode()


def test_operator_name_is_escaped(client, make_statement):
    statement = make_statement("COMPLIANT", operator_name="<script>alert(1)</script>")
    html = client.get(f"/cert/{statement.dds_id}").content.decode()
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;" in html


@pytest.mark.parametrize("status", ["COMPLIANT", "SUBMITTED", "UNDER_REVIEW", "AT_RISK", "WITHDRAWN"])
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_status_page_never_calls_itself_a_certificate(client, make_statement, status, lang):
    statement = make_statement(status)
    html = client.get(f"/cert/{statement.dds_id}?lang={lang}").content.decode().lower()
    assert "certificate" not in html and "certyfikat" not in html
    title = {"pl": "status oświadczenia o należytej staranności", "en": "due diligence statement status"}[
        lang
    ]
    assert f"<h1>{title}</h1>" in html


def test_expired_statement_does_not_say_verified(client, make_statement):
    from datetime import timedelta

    from django.utils import timezone

    statement = make_statement("COMPLIANT", valid_until=timezone.now() - timedelta(days=1))
    for lang, verified, expired in (
        ("pl", "Zweryfikowano", "Wynik wygasł"),
        ("en", "Verified", "Result expired on"),
    ):
        html = client.get(f"/cert/{statement.dds_id}?lang={lang}").content.decode()
        assert "badge-none" in html and expired in html
        assert verified not in html


def test_status_page_shows_what_was_checked_and_by_whom(client, make_statement, make_user):
    from compliance.services import dds_transition

    staff = make_user("free", is_staff=True, first_name="Anna", last_name="Nowak")
    statement = make_statement("UNDER_REVIEW")
    dds_transition(
        statement=statement,
        to_status="COMPLIANT",
        by=staff,
        reason="documents checked",
        rule="staff_decision",
    )
    html = client.get(f"/cert/{statement.dds_id}?lang=en").content.decode()
    assert "What was checked" in html
    assert "staff member: Anna Nowak" in html and "staff_decision" in html
    assert "Forest layers that answered" in html and "none — no forest data" in html
    assert "identity confirmed by our staff" in html


@pytest.mark.parametrize(
    ("lang", "labels"),
    [
        ("pl", ("Wersja metodyki", "Ostrzeżenia", "Oświadczenie złożył(a)")),
        ("en", ("Methodology version", "Warnings", "Attested by")),
    ],
)
def test_status_page_shows_methodology_warnings_and_attestation(client, keyed_client, settings, lang, labels):
    """A statement filed and screened through the API: the page names the methodology
    version, every warning of the screening and who attested, in which function."""
    from risk.scoring import METHODOLOGY_VERSION
    from tests.compliance.test_dds_api import GENERATE, JSON, body

    settings.FOREST_LAYERS = []
    record = keyed_client("standard").post(GENERATE, body(), format="json", **JSON).json()
    assert record["evidence"]["warnings"]  # no forest layer: the screening says so
    html = client.get(f"/cert/{record['dds_id']}?lang={lang}").content.decode()
    methodology, warnings, attested = labels
    assert f"<dt>{methodology}</dt><dd>{METHODOLOGY_VERSION}</dd>" in html
    listed = html.split(f"<dt>{warnings}</dt>", 1)[1].split("</dd>", 1)[0]
    # Every warning, in the page's language (the API keeps the engine's English).
    with translation.override(lang):
        shown = [warning_label(warning) for warning in record["evidence"]["warnings"]]
    for warning in shown:
        assert f"<li>{escape(warning)}</li>" in listed
    if lang == "en":
        assert shown == record["evidence"]["warnings"]
    else:
        assert not set(shown) & set(record["evidence"]["warnings"])
    attestation = html.split(f"<dt>{attested}</dt><dd>", 1)[1].split("</dd>", 1)[0]
    assert attestation.startswith("Anna Nowak, Prezes zarządu")


@pytest.mark.parametrize(
    ("lang", "reason", "unconfirmed"),
    [
        (
            "pl",
            "tożsamość operatora nie została potwierdzona",
            "Tożsamość operatora nie została potwierdzona",
        ),
        (
            "en",
            "the operator&#x27;s identity is not confirmed",
            "The operator&#x27;s identity is not confirmed",
        ),
    ],
)
def test_compliant_statement_of_an_unconfirmed_operator_says_why_it_is_not_green(
    client, make_statement, lang, reason, unconfirmed
):
    statement = make_statement("COMPLIANT", verified_operator=False)
    html = client.get(f"/cert/{statement.dds_id}?lang={lang}").content.decode()
    state = html.split('<p class="status" role="status">', 1)[1].split("</p>", 1)[0]
    assert "◔" in state and reason in state
    assert f"<strong>{unconfirmed}.</strong>" in html
    assert "badge-verified" not in html
