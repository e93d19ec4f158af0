"""The panel's EU Information System pieces: credentials form, EU status on a statement."""

from __future__ import annotations

import pytest

from accounts.models import EuCredential
from compliance.models import EuSubmission

pytestmark = pytest.mark.django_db
PAGE = "/panel/eu-credentials/"
FORM = {
    "username": "farmer-pl",
    "authentication_key": "k3y-of-the-farmer",
    "client_id": "eudr-test",
    "environment": "acceptance",
}


def test_credentials_are_saved_and_the_key_never_shown(signed_in):
    client = signed_in()
    response = client.post(PAGE, FORM)
    assert response.status_code == 302
    credential = EuCredential.objects.get(account=client.user)
    assert credential.authentication_key == FORM["authentication_key"]
    page = client.get(PAGE).content.decode()
    assert "farmer-pl" in page and FORM["authentication_key"] not in page


def test_invalid_form_is_400_and_stores_nothing(signed_in):
    client = signed_in()
    response = client.post(PAGE, {**FORM, "environment": "moon"})
    assert response.status_code == 400
    assert not EuCredential.objects.exists()


def test_credentials_can_be_deleted(signed_in):
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
