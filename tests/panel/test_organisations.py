"""The panel shows an account its organisations and how to get them verified."""

import pytest

from accounts.models import Mandate

pytestmark = pytest.mark.django_db


def test_page_lists_own_organisations_mandates_and_what_to_send(signed_in, make_organisation, settings):
    client = signed_in("standard")
    make_organisation(account=client.user, name="Gospodarstwo Rolne Łąka", verified=False)
    represented = make_organisation(account=None, name="Mleczarnia Podlasie")
    Mandate.objects.create(account=client.user, organisation=represented, document_reference="pełn. 1/2026")
    client.cookies["django_language"] = "en"
    html = client.get("/panel/organisations/").content.decode()
    assert "Gospodarstwo Rolne Łąka" in html and "not yet verified" in html
    assert "Mleczarnia Podlasie" in html and "pełn. 1/2026" in html
    assert settings.ORGANISATION_VERIFICATION_EMAIL in html
    assert "register" in html and "power of attorney" in html


def test_another_accounts_organisations_are_not_listed(signed_in, make_user, make_organisation):
    client = signed_in("standard")
    make_organisation(account=make_user("standard"), name="Acme A")
    assert "Acme A" not in client.get("/panel/organisations/").content.decode()


def test_statement_of_an_unconfirmed_operator_links_to_the_page(signed_in, make_statement):
    client = signed_in("standard")
    statement = make_statement("COMPLIANT", owner=client.user, verified_operator=False)
    html = client.get(f"/panel/statements/{statement.dds_id}/").content.decode()
    assert 'href="/panel/organisations/"' in html
    assert "niepotwierdzona" in html
