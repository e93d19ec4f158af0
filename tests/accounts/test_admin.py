"""Staff admin: plans, users, keys without secrets, DDS transitions with reasons."""

import pytest

from accounts.models import APIKey
from compliance.models import DueDiligenceStatement

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, make_user):
    staff = make_user("enterprise", is_staff=True, is_superuser=True)
    client.force_login(staff)
    client.staff = staff
    return client


@pytest.mark.parametrize(
    "url",
    [
        "/admin/accounts/plan/",
        "/admin/accounts/user/",
        "/admin/accounts/apikey/",
        "/admin/compliance/duediligencestatement/",
    ],
)
def test_admin_lists_open_for_staff(staff_client, url):
    assert staff_client.get(url).status_code == 200


def test_admin_is_closed_to_non_staff(client, make_user):
    client.force_login(make_user("enterprise"))
    response = client.get("/admin/accounts/apikey/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_key_list_never_shows_secrets(staff_client, make_key):
    api_key, plaintext = make_key("standard")
    html = staff_client.get("/admin/accounts/apikey/").content.decode()
    assert api_key.prefix in html
    assert plaintext not in html and api_key.secret_hash not in html
    detail = staff_client.get(f"/admin/accounts/apikey/{api_key.pk}/change/").content.decode()
    assert api_key.secret_hash not in detail


def test_staff_can_revoke_keys(staff_client, make_key):
    api_key, _ = make_key("standard")
    response = staff_client.post(
        "/admin/accounts/apikey/", {"action": "revoke", "_selected_action": [api_key.pk]}, follow=True
    )
    assert response.status_code == 200
    assert APIKey.objects.get(pk=api_key.pk).revoked_at is not None


def test_staff_can_change_a_users_plan(staff_client, make_user):
    user = make_user("free")
    page = staff_client.get(f"/admin/accounts/user/{user.pk}/change/")
    form = page.context["adminform"].form
    data = {
        k: v
        for k, v in form.initial.items()
        if v is not None and k not in ("groups", "user_permissions", "password")
    }
    data.update(
        plan="pro", date_joined_0="2026-01-01", date_joined_1="00:00:00", last_login_0="", last_login_1=""
    )
    response = staff_client.post(f"/admin/accounts/user/{user.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    user.refresh_from_db()
    assert user.plan_id == "pro"


def _dds_form(statement, **changes):
    data = {
        "operator_name": statement.operator_name,
        "commodity": statement.commodity,
        "country_of_production": statement.country_of_production,
        "risk_level": statement.risk_level,
        "eu_reference_number": "",
        "eu_verification_number": "",
        "history-TOTAL_FORMS": "0",
        "history-INITIAL_FORMS": str(statement.history.count()),
        "history-MIN_NUM_FORMS": "0",
        "history-MAX_NUM_FORMS": "1000",
        "commodities-TOTAL_FORMS": "0",
        "commodities-INITIAL_FORMS": "0",
        "commodities-MIN_NUM_FORMS": "0",
        "commodities-MAX_NUM_FORMS": "1000",
    }
    data.update(changes)
    return data


def test_staff_status_change_goes_through_transition_with_reason(staff_client, make_statement):
    statement = make_statement("UNDER_REVIEW")
    url = f"/admin/compliance/duediligencestatement/{statement.pk}/change/"
    response = staff_client.post(url, _dds_form(statement, new_status="COMPLIANT", reason="plots checked"))
    assert response.status_code == 302
    statement.refresh_from_db()
    assert statement.status == "COMPLIANT" and statement.verified_at is not None
    change = statement.history.last()
    assert (change.to_status, change.changed_by, change.reason) == (
        "COMPLIANT",
        staff_client.staff,
        "plots checked",
    )


def test_status_change_without_reason_is_refused(staff_client, make_statement):
    statement = make_statement("UNDER_REVIEW")
    url = f"/admin/compliance/duediligencestatement/{statement.pk}/change/"
    response = staff_client.post(url, _dds_form(statement, new_status="COMPLIANT", reason=""))
    assert response.status_code == 200
    assert "A reason is required" in response.content.decode()
    assert DueDiligenceStatement.objects.get(pk=statement.pk).status == "UNDER_REVIEW"


def test_admin_offers_only_allowed_transitions(staff_client, make_statement):
    statement = make_statement("NON_COMPLIANT")
    form = (
        staff_client.get(f"/admin/compliance/duediligencestatement/{statement.pk}/change/")
        .context["adminform"]
        .form
    )
    offered = {value for value, _ in form.fields["new_status"].choices if value}
    assert offered == {"UNDER_REVIEW", "WITHDRAWN"}


@pytest.mark.parametrize("url", ["/admin/accounts/organisation/", "/admin/accounts/mandate/"])
def test_organisation_and_mandate_lists_open_for_staff(staff_client, url):
    assert staff_client.get(url).status_code == 200


def test_staff_verify_an_organisation_and_the_record_names_them(staff_client, make_organisation):
    from accounts.models import Organisation

    organisation = make_organisation(verified=False)
    response = staff_client.post(
        "/admin/accounts/organisation/",
        {"action": "verify", "_selected_action": [organisation.pk]},
    )
    assert response.status_code == 302
    organisation = Organisation.objects.get(pk=organisation.pk)
    assert organisation.verified_at is not None and organisation.verified_by == staff_client.staff
    staff_client.post(
        "/admin/accounts/organisation/",
        {"action": "withdraw_verification", "_selected_action": [organisation.pk]},
    )
    assert Organisation.objects.get(pk=organisation.pk).verified_at is None


def test_staff_transition_records_the_staff_rule(staff_client, make_statement):
    statement = make_statement("UNDER_REVIEW")
    url = f"/admin/compliance/duediligencestatement/{statement.pk}/change/"
    staff_client.post(url, _dds_form(statement, new_status="COMPLIANT", reason="documents checked"))
    statement.refresh_from_db()
    assert statement.status == "COMPLIANT"
    assert statement.status_rule == "staff_decision" and statement.status_decided_by == staff_client.staff
    assert statement.history.last().rule == "staff_decision"


def test_staff_see_the_species_and_the_confidentiality_of_a_statement(staff_client, make_statement):
    from compliance.models import DDSCommodity

    statement = make_statement("UNDER_REVIEW", geolocation_confidential=True)
    DDSCommodity.objects.create(
        statement=statement,
        position=0,
        code="wood",
        description="Tarcica",
        hs_heading="4407",
        net_mass_kg="10",
        country_of_production="PL",
        species=[{"scientific_name": "Quercus robur", "common_name": "dąb szypułkowy"}],
    )
    page = staff_client.get(f"/admin/compliance/duediligencestatement/{statement.pk}/change/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Quercus robur" in html and "Geolocation confidential" in html


def test_staff_editing_what_the_public_sees_writes_a_new_evidence_record(staff_client, make_statement):
    from evidence.models import EvidenceRecord

    statement = make_statement("COMPLIANT", risk_level="low")
    before = EvidenceRecord.objects.filter(subject_id=statement.dds_id).count()
    url = f"/admin/compliance/duediligencestatement/{statement.pk}/change/"
    response = staff_client.post(url, _dds_form(statement, risk_level="medium"))
    assert response.status_code == 302
    records = EvidenceRecord.objects.filter(subject_id=statement.dds_id).order_by("created_at", "id")
    assert records.count() == before + 1
    assert '"risk_level":"medium"' in records.last().body
