"""The panel's EU Information System pieces: credentials form, EU status on a statement."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.models import EuCredential
from eu_filing.models import EuSubmission
from tests.eu_filing.test_credentials import closed_port_url
from tests.euis.conftest import fake_eu  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db
PAGE = "/panel/eu-credentials/"
FORM = {
    "username": "farmer-pl",
    "authentication_key": "k3y-of-the-farmer",
    "client_id": "eudr-test",
    "environment": "acceptance",
}


@pytest.fixture
def eu(fake_eu, settings):  # noqa: F811
    settings.EU_IS_URL = fake_eu.base_url
    settings.EU_IS_CALLS_PER_SECOND = 10_000
    return fake_eu


def english(client):
    client.cookies["django_language"] = "en"
    return client


def test_credentials_are_tried_saved_confirmed_and_the_key_never_shown(signed_in, eu):
    client = english(signed_in())
    response = client.post(PAGE, FORM, follow=True)
    assert response.redirect_chain[-1][1] == 302
    credential = EuCredential.objects.get(account=client.user)
    assert credential.authentication_key == FORM["authentication_key"] and credential.confirmed_at
    assert eu.calls == ["EudrEchoRequest"]
    page = response.content.decode()
    assert "The EU accepted your credentials" in page and "Confirmed: the EU accepted them" in page
    assert "farmer-pl" in page and FORM["authentication_key"] not in page


def test_refused_credentials_are_shown_as_an_error_and_nothing_changes(signed_in, eu):
    client = english(signed_in())
    client.post(PAGE, FORM)
    before = EuCredential.objects.get(account=client.user)
    response = client.post(PAGE, {**FORM, "authentication_key": "not-the-key"})
    assert response.status_code == 422
    page = response.content.decode()
    assert "refused these credentials" in page and "Nothing was stored" in page
    assert "not-the-key" not in page
    after = EuCredential.objects.get(account=client.user)
    assert after.authentication_key == FORM["authentication_key"] and after.updated_at == before.updated_at


def test_refused_first_credentials_store_nothing(signed_in, eu):
    client = signed_in()
    assert client.post(PAGE, {**FORM, "username": "nobody-pl"}).status_code == 422
    assert not EuCredential.objects.exists()


def test_unanswered_check_saves_them_not_yet_confirmed_and_says_so(signed_in, settings):
    settings.EU_IS_URL = closed_port_url()
    client = english(signed_in())
    response = client.post(PAGE, FORM, follow=True)
    assert response.redirect_chain[-1][1] == 302
    credential = EuCredential.objects.get(account=client.user)
    assert credential.confirmed_at is None and credential.last_check_error
    page = response.content.decode()
    assert "not yet confirmed: the EU Information System did not answer" in page
    assert "Not yet confirmed: the EU did not confirm them when last tried" in page


def test_credentials_for_another_environment_are_saved_unchecked(signed_in, eu):
    client = english(signed_in())
    response = client.post(PAGE, {**FORM, "environment": "production"}, follow=True)
    assert EuCredential.objects.get(account=client.user).last_checked_at is None
    assert eu.calls == []
    assert "saved but not checked" in response.content.decode()


def test_panel_speaks_polish_about_the_check(signed_in, eu):
    client = signed_in()
    page = client.post(PAGE, {**FORM, "authentication_key": "not-the-key"}).content.decode()
    assert "System informacyjny UE odrzucił te dane dostępowe" in page


def test_invalid_form_is_400_and_stores_nothing(signed_in, eu):
    client = signed_in()
    response = client.post(PAGE, {**FORM, "environment": "moon"})
    assert response.status_code == 400
    assert not EuCredential.objects.exists()


def test_credentials_can_be_deleted(signed_in, eu):
    client = signed_in()
    client.post(PAGE, FORM)
    client.post(PAGE, {"action": "delete"})
    assert not EuCredential.objects.filter(account=client.user).exists()


def test_statement_page_shows_eu_status_and_numbers(signed_in, make_statement):
    client = signed_in()
    statement = make_statement("COMPLIANT", owner=client.user)
    EuSubmission.objects.filter(statement=statement).update(
        state="final",
        eu_status="AVAILABLE",
        reference_number="26PLABCDEFGHIJ",
        verification_number="K7P2QX9Z",
    )
    page = client.get(f"/panel/statements/{statement.dds_id}/").content.decode()
    assert "AVAILABLE" in page and "26PLABCDEFGHIJ" in page and "K7P2QX9Z" in page


def test_another_accounts_statement_page_is_404(signed_in, make_statement):
    statement = make_statement("COMPLIANT")
    assert signed_in().get(f"/panel/statements/{statement.dds_id}/").status_code == 404


def test_free_plan_cannot_set_eu_credentials_in_the_panel_as_in_the_api(signed_in, make_key, eu):
    """The attack: a Free account wrote its EU credentials 45 times through the panel; the API answers 403."""
    client = english(signed_in("free"))
    for _ in range(3):
        response = client.post(PAGE, FORM)
        assert response.status_code == 403
        assert "Your plan does not include this" in response.content.decode()
    assert client.get(PAGE).status_code == 403
    assert client.post(PAGE, {"action": "delete"}).status_code == 403
    assert not EuCredential.objects.filter(account=client.user).exists()
    assert eu.calls == []  # the EU was never asked
    _, key = make_key(user=client.user)
    api = APIClient(HTTP_AUTHORIZATION=f"Bearer {key}").put(
        "/api/eudr/v1/eu-is/credentials", FORM, format="json"
    )
    assert api.status_code == 403 and api.json()["code"] == "plan_required"
