"""Nothing public reads as verified or valid unless the statement is COMPLIANT now with a
confirmed operator; EXPIRED says when it lapsed, never that it was verified. The stored
dates and the status history keep when it was verified, for the audit trail."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from compliance.documents import dds_pdf_context
from compliance.models import DDSStatus
from compliance.services import dds_filter, dds_transition

pytestmark = pytest.mark.django_db

LEFT_COMPLIANT = ["AT_RISK", "UNDER_REVIEW", "NON_COMPLIANT", "WITHDRAWN"]
VERIFIED_ROW = {"pl": "<dt>Zweryfikowano</dt>", "en": "<dt>Verified at</dt>"}
VALID_ROW = {"pl": "<dt>Wynik ważny do</dt>", "en": "<dt>Result valid until</dt>"}
EXPIRED_ROW = {"pl": "<dt>Wynik wygasł</dt>", "en": "<dt>Result expired on</dt>"}


def once_compliant(make_statement, to_status):
    """A statement that was COMPLIANT (so it holds verified_at and a valid_until a year
    ahead) and then moved on."""
    statement = make_statement("COMPLIANT")
    if to_status == "NON_COMPLIANT":
        dds_transition(statement=statement, to_status="UNDER_REVIEW", reason="test")
    dds_transition(statement=statement, to_status=to_status, reason="test")
    statement.refresh_from_db()
    return statement


def page(client, statement, lang):
    return client.get(f"/cert/{statement.dds_id}?lang={lang}").content.decode()


@pytest.mark.parametrize("status", LEFT_COMPLIANT)
def test_statement_that_left_compliant_shows_no_verified_or_valid_date(client, make_statement, status):
    statement = once_compliant(make_statement, status)
    # The audit data stays: when it was verified, until when that result held, and the history.
    assert statement.verified_at is not None and statement.valid_until > timezone.now()
    assert [c.to_status for c in statement.history.all()][-1] == status
    assert "COMPLIANT" in [c.to_status for c in statement.history.all()]

    record = client.get(f"/api/v1/verify/{statement.dds_id}").json()
    assert record["status"] == status
    assert record["verified_at"] is None and record["valid_until"] is None
    for lang in ("pl", "en"):
        html = page(client, statement, lang)
        assert VERIFIED_ROW[lang] not in html and VALID_ROW[lang] not in html
        assert EXPIRED_ROW[lang] not in html
    assert dds_pdf_context(statement=statement)["validity"] == {"verified_at": None, "valid_until": None}


@pytest.mark.parametrize("status", ["AT_RISK", "UNDER_REVIEW", "NON_COMPLIANT"])
def test_only_a_compliant_result_expires(client, make_statement, status):
    """A statement that left COMPLIANT keeps its own status after the old result's date:
    an AT_RISK statement must not turn into a quiet EXPIRED a year later."""
    statement = once_compliant(make_statement, status)
    type(statement).objects.filter(pk=statement.pk).update(valid_until=timezone.now() - timedelta(days=1))
    statement.refresh_from_db()
    assert statement.effective_status() == status
    assert client.get(f"/api/v1/verify/{statement.dds_id}").json()["status"] == status
    assert list(dds_filter(owner=statement.owner, status=status)) == [statement]
    assert list(dds_filter(owner=statement.owner, status="EXPIRED")) == []


def test_expired_shows_when_it_expired_and_never_verified(client, make_statement):
    lapsed = timezone.now() - timedelta(days=3)
    statement = make_statement("COMPLIANT", valid_until=lapsed)
    record = client.get(f"/api/v1/verify/{statement.dds_id}").json()
    assert record["status"] == "EXPIRED"
    assert record["verified_at"] is None
    assert (
        record["valid_until"] == lapsed.strftime("%Y-%m-%dT%H:%M:%S.") + f"{lapsed.microsecond // 1000:03d}Z"
    )
    assert statement.verified_at is not None  # kept in the database
    for lang in ("pl", "en"):
        html = page(client, statement, lang)
        assert VERIFIED_ROW[lang] not in html and VALID_ROW[lang] not in html
        assert f"{EXPIRED_ROW[lang]}<dd>{lapsed:%Y-%m-%d %H:%M} UTC</dd>" in html
    assert list(dds_filter(owner=statement.owner, status="EXPIRED")) == [statement]
    assert list(dds_filter(owner=statement.owner, status="COMPLIANT")) == []


def test_compliant_statement_of_an_unconfirmed_operator_shows_no_dates(client, make_statement):
    statement = make_statement("COMPLIANT", verified_operator=False)
    record = client.get(f"/api/v1/verify/{statement.dds_id}").json()
    assert record["status"] == "UNDER_REVIEW" and record["operator_identity"] == "unconfirmed"
    assert record["verified_at"] is None and record["valid_until"] is None
    for lang in ("pl", "en"):
        html = page(client, statement, lang)
        assert VERIFIED_ROW[lang] not in html and VALID_ROW[lang] not in html


def test_expired_statement_of_an_unconfirmed_operator_shows_no_dates(client, make_statement):
    statement = make_statement(
        "COMPLIANT", verified_operator=False, valid_until=timezone.now() - timedelta(days=1)
    )
    record = client.get(f"/api/v1/verify/{statement.dds_id}").json()
    assert record["status"] == "EXPIRED"
    assert record["verified_at"] is None and record["valid_until"] is None


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_current_compliant_result_of_a_confirmed_operator_shows_both(client, make_statement, lang):
    statement = make_statement("COMPLIANT")
    record = client.get(f"/api/v1/verify/{statement.dds_id}").json()
    assert record["verified_at"] and record["valid_until"]
    html = page(client, statement, lang)
    assert f"{VERIFIED_ROW[lang]}<dd>{statement.verified_at:%Y-%m-%d %H:%M} UTC</dd>" in html
    assert f"{VALID_ROW[lang]}<dd>{statement.valid_until:%Y-%m-%d %H:%M} UTC</dd>" in html


def test_returning_to_compliant_starts_a_new_validity(make_statement):
    statement = once_compliant(make_statement, "AT_RISK")
    first = statement.verified_at
    dds_transition(statement=statement, to_status=DDSStatus.COMPLIANT, reason="test")
    statement.refresh_from_db()
    assert statement.verified_at > first
    assert statement.verification_record()["verified_at"] is not None


@pytest.mark.parametrize("status", ["AT_RISK", "EXPIRED"])
def test_panel_shows_the_owner_what_the_public_sees(make_statement, make_user, client, status):
    owner = make_user("standard")
    client.force_login(owner)
    if status == "EXPIRED":
        statement = make_statement("COMPLIANT", owner=owner, valid_until=timezone.now() - timedelta(days=1))
    else:
        statement = once_compliant(lambda s: make_statement(s, owner=owner), status)
    html = client.get(f"/panel/statements/{statement.dds_id}/").content.decode()
    verified = re.search(r'data-testid="verified-at">(.*?)</dd>', html).group(1)
    valid = re.search(r'data-testid="valid-until">(.*?)</dd>', html).group(1)
    assert verified == "–"
    assert valid == ("–" if status == "AT_RISK" else f"{statement.valid_until:%Y-%m-%d}")
