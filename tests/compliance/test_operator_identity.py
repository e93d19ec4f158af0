"""Operator identity: an account files for its own organisation or, as authorised
representative, under a mandate; nothing public is green for an unconfirmed operator."""

import pytest
from rest_framework.test import APIClient

from accounts.models import Mandate
from accounts.services import api_key_create
from compliance.models import DueDiligenceStatement
from regulation.benchmark import benchmark_cache_clear
from tests.compliance.test_dds_api import GENERATE, JSON, body

pytestmark = pytest.mark.django_db


@pytest.fixture
def account(make_user):
    benchmark_cache_clear()
    user = make_user("standard")
    _, plaintext = api_key_create(user=user, name="test")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    client.user = user
    return client


def filing_for(organisation):
    # Domestic production: an import would need an EORI, which these organisations lack.
    data = body(activity="domestic")
    data["commodities"][0]["percentage_estimation_or_deviation"] = 5
    data["operator"] = {
        "name": organisation.name,
        "nip": organisation.nip,
        "country": "PL",
        "address": organisation.address,
    }
    return data


def public_views(api_client, dds_id):
    verify = api_client.get(f"/api/v1/verify/{dds_id}").json()
    page = api_client.get(f"/cert/{dds_id}").content.decode()
    return verify, page


def test_own_verified_organisation_gets_the_green_badge(account, api_client, make_organisation):
    organisation = make_organisation(account=account.user)
    record = account.post(GENERATE, filing_for(organisation), format="json", **JSON).json()
    assert record["status"] == "COMPLIANT" and record["badge"] == "verified"
    assert record["operator_identity"]["confirmed"] is True
    assert record["operator_identity"]["role"] == "operator"
    verify, page = public_views(api_client, record["dds_id"])
    assert verify["operator_identity"] == "confirmed" and verify["verified_at"]
    assert "badge-verified" in page


def test_unverified_organisation_never_gets_a_green_badge(account, api_client, make_organisation):
    organisation = make_organisation(account=account.user, verified=False)
    record = account.post(GENERATE, filing_for(organisation), format="json", **JSON).json()
    assert record["status"] == "COMPLIANT"  # the screening result itself stands
    assert record["badge"] == "in_progress"
    verify, page = public_views(api_client, record["dds_id"])
    assert verify["status"] == "UNDER_REVIEW"  # public: yellow, never COMPLIANT
    assert verify["operator_identity"] == "unconfirmed"
    assert verify["verified_at"] is None
    assert "badge-verified" not in page and "badge-in_progress" in page
    assert "Tożsamość operatora nie została potwierdzona" in page


def test_operator_matching_no_organisation_is_filed_but_unconfirmed(account, api_client):
    record = account.post(GENERATE, body(), format="json", **JSON).json()
    assert record["status"] == "COMPLIANT"
    assert record["operator_identity"] == {"confirmed": False, "role": "operator", "organisation": None}
    verify, _ = public_views(api_client, record["dds_id"])
    assert verify["operator_identity"] == "unconfirmed"


def test_another_accounts_organisation_cannot_be_used(account, api_client, make_user, make_organisation):
    someone_else = make_organisation(account=make_user("standard"), name="Acme A")
    record = account.post(GENERATE, filing_for(someone_else), format="json", **JSON).json()
    assert record["operator_identity"]["organisation"] is None  # not linked, nothing of theirs shown
    assert DueDiligenceStatement.objects.get(dds_id=record["dds_id"]).organisation is None
    verify, page = public_views(api_client, record["dds_id"])
    assert verify["operator_identity"] == "unconfirmed" and verify["verified_at"] is None
    assert "badge-verified" not in page


def test_mandate_filing_as_authorised_representative(account, api_client, make_user, make_organisation):
    represented = make_organisation(account=None, name="Mleczarnia Podlasie")
    staff = make_user("free", is_staff=True)
    Mandate.objects.create(
        account=account.user,
        organisation=represented,
        document_reference="pełnomocnictwo 1/2026",
        verified_at=represented.verified_at,
        verified_by=staff,
    )
    record = account.post(GENERATE, filing_for(represented), format="json", **JSON).json()
    assert record["operator_identity"]["role"] == "authorised_representative"
    assert record["operator_identity"]["confirmed"] is True
    assert record["badge"] == "verified"
    verify, page = public_views(api_client, record["dds_id"])
    assert verify["operator_identity"] == "confirmed"
    assert "upoważnionego przedstawiciela" in page


def test_unverified_mandate_does_not_confirm_the_operator(account, api_client, make_organisation):
    represented = make_organisation(account=None)
    Mandate.objects.create(account=account.user, organisation=represented, document_reference="pending")
    record = account.post(GENERATE, filing_for(represented), format="json", **JSON).json()
    assert record["operator_identity"]["role"] == "authorised_representative"
    assert record["badge"] == "in_progress"
    verify, _ = public_views(api_client, record["dds_id"])
    assert verify["operator_identity"] == "unconfirmed"


def test_another_accounts_mandate_does_not_help(account, make_user, make_organisation):
    represented = make_organisation(account=None)
    Mandate.objects.create(
        account=make_user("standard"),
        organisation=represented,
        document_reference="theirs",
        verified_at=represented.verified_at,
    )
    record = account.post(GENERATE, filing_for(represented), format="json", **JSON).json()
    assert record["operator_identity"]["organisation"] is None
    assert record["badge"] == "in_progress"


def test_withdrawn_verification_turns_the_badge_yellow(account, make_organisation):
    organisation = make_organisation(account=account.user)
    record = account.post(GENERATE, filing_for(organisation), format="json", **JSON).json()
    organisation.verified_at = None
    organisation.save()
    statement = DueDiligenceStatement.objects.get(dds_id=record["dds_id"])
    assert statement.badge() == "in_progress"
    assert statement.verification_record()["operator_identity"] == "unconfirmed"


def test_own_eori_with_another_companys_nip_is_not_confirmed(
    account, api_client, make_user, make_organisation
):
    """The audit's case: the account's own EORI and another company's NIP. The statement keeps
    the NIP it was filed with, so a green badge would vouch for a NIP never checked."""
    own = make_organisation(account=account.user, eori="PL1111111111")
    other = make_organisation(account=make_user("standard"), name="Acme A")
    data = filing_for(own)
    data["operator"].update(nip=other.nip, eori=own.eori)
    record = account.post(GENERATE, data, format="json", **JSON).json()
    statement = DueDiligenceStatement.objects.get(dds_id=record["dds_id"])
    assert statement.operator_nip == other.nip and statement.organisation is None
    assert record["status"] == "COMPLIANT"  # the screening stands; the identity does not
    assert record["operator_identity"] == {"confirmed": False, "role": "operator", "organisation": None}
    assert record["badge"] == "in_progress"
    verify, page = public_views(api_client, record["dds_id"])
    assert verify["operator_identity"] == "unconfirmed"
    assert verify["verified_at"] is None and verify["valid_until"] is None
    assert "badge-verified" not in page and "Tożsamość operatora nie została potwierdzona" in page


def test_own_nip_with_an_eori_staff_never_recorded_is_not_confirmed(account, api_client, make_organisation):
    own = make_organisation(account=account.user)  # NIP only
    data = filing_for(own)
    data["operator"]["eori"] = "PL9999999999"
    record = account.post(GENERATE, data, format="json", **JSON).json()
    assert record["operator_identity"]["confirmed"] is False and record["badge"] == "in_progress"
    verify, _ = public_views(api_client, record["dds_id"])
    assert verify["operator_identity"] == "unconfirmed" and verify["verified_at"] is None


def test_statement_linked_by_an_earlier_looser_match_is_not_confirmed(api_client, make_statement, make_user):
    """Rows matched on NIP or EORI alone before every identifier had to agree: the identifiers
    are checked again whenever the identity is read, so no migration is needed to end them."""
    statement = make_statement("COMPLIANT")
    DueDiligenceStatement.objects.filter(pk=statement.pk).update(operator_eori="PL2222222222")
    statement.refresh_from_db()
    assert statement.organisation is not None
    assert statement.badge() == "in_progress"
    verify, page = public_views(api_client, statement.dds_id)
    assert verify["operator_identity"] == "unconfirmed" and verify["verified_at"] is None
    assert "badge-verified" not in page


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_confirmed_operator_is_shown_under_its_registered_name(account, api_client, make_organisation, lang):
    """Identifiers, not names, tie a filing to an organisation (a filing may use a trade
    name or a shortened form); the public sees only the name staff verified."""
    own = make_organisation(account=account.user, name="Gospodarstwo Rolne Łąka Sp. z o.o.")
    data = filing_for(own)
    data["operator"]["name"] = "Acme A"
    record = account.post(GENERATE, data, format="json", **JSON).json()
    assert record["badge"] == "verified"
    assert record["operator"]["name"] == "Acme A"  # the filing keeps its own text (PDF, EU)
    verify = api_client.get(f"/api/v1/verify/{record['dds_id']}").json()
    assert verify["operator_name"] == "Gospodarstwo Rolne Łąka Sp. z o.o."
    page = api_client.get(f"/cert/{record['dds_id']}?lang={lang}").content.decode()
    assert "Gospodarstwo Rolne Łąka Sp. z o.o." in page and "Acme A" not in page


def test_unconfirmed_operator_is_shown_under_the_name_filed_marked_as_such(account, api_client):
    data = body()
    data["operator"]["name"] = "Acme A"
    record = account.post(GENERATE, data, format="json", **JSON).json()
    verify = api_client.get(f"/api/v1/verify/{record['dds_id']}").json()
    assert verify["operator_name"] == "Acme A" and verify["operator_identity"] == "unconfirmed"
    page = api_client.get(f"/cert/{record['dds_id']}?lang=en").content.decode()
    operator = page.split('data-testid="operator-name">', 1)[1].split("</dd>", 1)[0]
    assert "Acme A" in operator
    assert (
        "The operator&#x27;s identity is not confirmed" in operator
        and "name as given in the statement" in operator
    )


def test_public_status_of_a_stranger_filing_under_a_verified_nip_is_never_compliant(
    account, api_client, make_user, make_organisation, settings
):
    """The attack: another account files under a verified organisation's NIP and name.
    Every public answer (the badge's fast path, its cached copy, the view a key or
    another Accept goes through, the status page) shows UNDER_REVIEW, never COMPLIANT;
    the filer's own record keeps the screening result beside the identity flag."""
    settings.VERIFY_CACHE_SECONDS = 60
    victim = make_organisation(account=make_user("standard"), name="Mleczarnia Prawdziwa")
    record = account.post(GENERATE, filing_for(victim), format="json", **JSON).json()
    assert record["status"] == "COMPLIANT" and record["badge"] == "in_progress"
    assert record["operator_identity"]["confirmed"] is False
    url = f"/api/v1/verify/{record['dds_id']}"

    fast = api_client.get(url)  # the widget's call: anonymous, Accept: */*
    assert fast.wsgi_request.resolver_match is None  # answered by the fast path
    cached = api_client.get(url, HTTP_ACCEPT="application/json")
    through_view = api_client.get(url, HTTP_ACCEPT="application/json; charset=utf-8")
    keyed = account.get(url)
    for answer in (fast, cached, through_view, keyed):
        assert answer.status_code == 200
        body = answer.json()
        assert body["status"] == "UNDER_REVIEW", body
        assert body["operator_identity"] == "unconfirmed"
        assert body["verified_at"] is None and body["valid_until"] is None
        assert b"COMPLIANT" not in answer.content
    page = api_client.get(f"/cert/{record['dds_id']}").content.decode()
    assert "UNDER_REVIEW" in page and ">COMPLIANT<" not in page
    assert "badge-in_progress" in page


def test_a_record_cached_before_the_owner_lost_confirmation_is_not_served(
    account, api_client, make_organisation, settings
):
    # COMPLIANT was cached while confirmed; withdrawing the verification saves the
    # statement's organisation, not the statement: the statement's next save drops the
    # entry, and what is rebuilt says UNDER_REVIEW.
    settings.VERIFY_CACHE_SECONDS = 60
    organisation = make_organisation(account=account.user)
    record = account.post(GENERATE, filing_for(organisation), format="json", **JSON).json()
    url = f"/api/v1/verify/{record['dds_id']}"
    assert api_client.get(url).json()["status"] == "COMPLIANT"
    organisation.verified_at = None
    organisation.save()
    DueDiligenceStatement.objects.get(dds_id=record["dds_id"]).save()
    assert api_client.get(url).json()["status"] == "UNDER_REVIEW"


def test_the_owners_record_of_a_confirmed_operator_stays_complete(account, api_client, make_organisation):
    organisation = make_organisation(account=account.user)
    record = account.post(GENERATE, filing_for(organisation), format="json", **JSON).json()
    own = account.get(f"/api/eudr/v1/dds/{record['dds_id']}").json()
    assert own["status"] == "COMPLIANT" and own["badge"] == "verified"
    assert own["operator_identity"]["confirmed"] is True
    verify = api_client.get(f"/api/v1/verify/{record['dds_id']}").json()
    assert verify["status"] == "COMPLIANT" and verify["operator_identity"] == "confirmed"
    assert verify["verified_at"] and verify["valid_until"]
