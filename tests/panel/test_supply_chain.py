"""The panel's roles page: each role's obligations with article and date, supplier and
customer records, substantiated concerns; a later downstream trader is never prompted for
reference numbers."""

from __future__ import annotations

import pytest

from compliance.downstream import organisation_roles_set
from compliance.models import SubstantiatedConcern, TradingPartnerRecord

pytestmark = pytest.mark.django_db
PAGE = "/panel/supply-chain/"


def english(client):
    client.cookies["django_language"] = "en"
    return client


def test_roles_are_saved_and_each_shows_its_obligations_articles_and_dates(signed_in):
    client = english(signed_in("standard"))
    response = client.post(
        PAGE,
        {"action": "roles", "roles": ["first_downstream_operator_or_trader", "authorised_representative"]},
    )
    assert response.status_code == 302
    page = client.get(PAGE).content.decode()
    assert "First downstream operator or trader" in page and "Authorised representative" in page
    for article in ("Article 5(3)", "Article 5(4)", "Article 5(2)", "Article 5(6)", "Article 6(1)"):
        assert article in page
    assert "2026-12-30" in page
    assert 'data-testid="reference-numbers-prompt"' in page


def test_later_downstream_trader_is_not_prompted_for_reference_numbers(signed_in):
    client = english(signed_in("standard"))
    organisation_roles_set(account=client.user, roles=["later_downstream_operator_or_trader"], is_sme=None)
    page = client.get(PAGE).content.decode()
    assert "Later downstream operator or trader" in page
    assert 'data-testid="reference-numbers-prompt"' not in page
    assert "upstream-references" not in page
    assert "reference number" not in page.lower()
    # Its supplier form asks for name, address and e-mail only.
    response = client.post(
        PAGE,
        {
            "action": "partner",
            "kind": "supplier",
            "consignment_reference": "FV 12/2026",
            "consignment_date": "2026-05-04",
            "name": "Hurtownia Drewna Sp. z o.o.",
            "postal_address": "ul. Polna 1, 00-001 Warszawa",
            "email": "biuro@hurtownia.example",
        },
    )
    assert response.status_code == 302
    record = TradingPartnerRecord.objects.get(owner=client.user)
    assert record.name == "Hurtownia Drewna Sp. z o.o." and record.livemode
    assert "Hurtownia Drewna" in client.get(PAGE).content.decode()


def test_sme_exemption_is_shown(signed_in):
    client = english(signed_in("standard"))
    client.post(PAGE, {"action": "roles", "roles": ["later_downstream_operator_or_trader"], "is_sme": "yes"})
    assert "SMEs are exempt" in client.get(PAGE).content.decode()


def test_invalid_partner_is_400_and_nothing_saved(signed_in):
    client = english(signed_in("standard"))
    response = client.post(PAGE, {"action": "partner", "kind": "supplier", "email": "nope"})
    assert response.status_code == 400
    assert not TradingPartnerRecord.objects.exists()


def test_concerns_are_recorded_and_shown_only_to_their_account(signed_in):
    client, other = english(signed_in("standard")), english(signed_in("standard"))
    response = client.post(
        PAGE,
        {
            "action": "concern",
            "received_on": "2026-06-10",
            "product": "Tarcica, partia 7",
            "concern": "Wycinka na działce dostawcy po 2020 r.",
            "action_taken": "Wstrzymano dostawę do wyjaśnienia.",
            "placing_withheld": "on",
        },
    )
    assert response.status_code == 302
    assert SubstantiatedConcern.objects.get(owner=client.user).placing_withheld
    assert "Wstrzymano dostawę" in client.get(PAGE).content.decode()
    assert "Wstrzymano dostawę" not in other.get(PAGE).content.decode()


def test_page_in_polish(signed_in):
    client = signed_in("standard")
    organisation_roles_set(account=client.user, roles=["later_downstream_operator_or_trader"], is_sme=None)
    page = client.get(PAGE).content.decode()
    assert "Dalszy podmiot lub podmiot handlowy na kolejnym etapie" in page
    assert "art. 5 ust. 3" in page
    assert "numer referencyjn" not in page.lower()


def test_free_plan_sees_the_plans_that_include_it(signed_in):
    response = english(signed_in("free")).get(PAGE)
    assert response.status_code == 403
    assert "Your plan does not include this" in response.content.decode()


def test_an_uninformed_concern_leads_to_the_authority_with_what_to_send_and_its_retention(signed_in):
    client = english(signed_in("standard"))
    organisation_roles_set(account=client.user, roles=["later_downstream_operator_or_trader"], is_sme=True)
    response = client.post(
        PAGE,
        {
            "action": "concern",
            "received_on": "2026-04-01",
            "product": "Soja WZ/2026/117",
            "concern": "Działka wylesiona w 2022 r.",
            "action_taken": "Wstrzymano sprzedaż",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    page = client.get(PAGE).content.decode()
    assert 'data-testid="inform-authority"' in page  # not yet informed: the row says so
    assert "2031-04-01" in page  # kept five years from the day it was received
    notice = page.split('data-testid="authority-notice"')[1]
    for authority in (
        "Inspekcja Ochrony Środowiska",
        "Inspekcja Handlowa",
        "Inspekcja Jakości Handlowej Artykułów Rolno-Spożywczych",
        "Inspekcja Weterynaryjna",
    ):
        assert authority in notice
    assert "without delay" in notice and "UC101" in notice
    # The duty is listed for an SME too.
    assert "Inform the competent authority without delay" in page


def test_the_micro_and_small_date_follows_the_establishment_date_given(signed_in):
    """Article 38(3) as amended: the later date only for those established as such by 31.12.2024;
    not said, or a natural person established in 2026, gets the general date."""
    client = english(signed_in("standard"))
    organisation_roles_set(account=client.user, roles=["micro_small_primary_operator"], is_sme=True)
    page = client.get(PAGE).content.decode()
    assert "2026-12-30" in page and 'data-testid="established-by"' in page
    assert "2027-06-30 only for natural persons and micro and small undertakings" in page
    assert "established as such by 2024-12-31" in page

    def save(established):
        body = {"action": "roles", "roles": ["micro_small_primary_operator"], "is_sme": "yes"}
        assert client.post(PAGE, {**body, "established_small_on": established}).status_code == 302
        return client.get(PAGE).content.decode().split('data-testid="role-obligations"')[1]

    on_time = save("2019-03-01")
    assert "2027-06-30" in on_time and "2026-12-30" not in on_time
    assert 'data-testid="established-by"' not in on_time
    late = save("2026-03-01")  # a natural person established in 2026
    assert "2026-12-30" in late and 'data-testid="established-by"' in late
