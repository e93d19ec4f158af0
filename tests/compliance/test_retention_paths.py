"""Records under retention cannot be deleted by any path: the API, the panel, the admin (deleting
their owner), a queryset, or the ORM deleting the owner. Past retention they go with their owner.

issue 40 point 5: deleting a user in the admin removed its supplier and customer records (one
kept until 2031) and its concerns (owner foreign keys with CASCADE)."""

from __future__ import annotations

from datetime import date

import pytest
from django.db import transaction
from django.db.models import ProtectedError

from accounts.models import User
from compliance.downstream import substantiated_concern_record, trading_partner_record_create
from compliance.models import SubstantiatedConcern, TradingPartnerRecord

pytestmark = pytest.mark.django_db
CONCERNS = "/api/eudr/v1/substantiated-concerns"
PARTNERS = "/api/eudr/v1/trading-partners"


def _partner(owner, consignment_date=date(2026, 3, 2)):
    return trading_partner_record_create(
        owner=owner,
        livemode=True,
        kind="supplier",
        consignment_reference="WZ/2026/117",
        consignment_date=consignment_date,
        name="Jan Kowalski",
        postal_address="ul. Leśna 4, 26-600 Radom",
        email="jan@example.pl",
    )


def _concern(owner, received_on=date(2026, 4, 1)):
    return substantiated_concern_record(
        owner=owner,
        livemode=True,
        received_on=received_on,
        product="Soja WZ/2026/117",
        concern="Działka w obszarze wylesionym w 2022 r.",
        action_taken="Wstrzymano sprzedaż",
    )


@pytest.fixture
def owner(make_user):
    return make_user("standard")


@pytest.fixture
def staff_client(client, make_user):
    staff = make_user("enterprise", is_staff=True, is_superuser=True)
    client.force_login(staff)
    return client


def test_a_concern_is_kept_five_years_from_the_day_it_was_received(owner):
    assert _concern(owner, received_on=date(2026, 4, 1)).retained_until == date(2031, 4, 1)
    assert _concern(owner, received_on=date(2028, 2, 29)).retained_until == date(2033, 3, 1)


def test_the_admin_cannot_delete_a_user_whose_records_are_retained(staff_client, owner):
    partner, concern = _partner(owner), _concern(owner)
    url = f"/admin/accounts/user/{owner.pk}/delete/"
    page = staff_client.get(url)
    assert page.status_code == 200
    assert len(page.context["protected"]) == 2  # the admin names both as protected
    staff_client.post(url, {"post": "yes"})
    assert User.objects.filter(pk=owner.pk).exists()
    assert TradingPartnerRecord.objects.filter(pk=partner.pk).exists()
    assert SubstantiatedConcern.objects.filter(pk=concern.pk).exists()


def test_the_admin_bulk_delete_action_keeps_a_user_with_retained_records(staff_client, owner):
    _partner(owner)
    staff_client.post(
        "/admin/accounts/user/", {"action": "delete_selected", "_selected_action": [owner.pk], "post": "yes"}
    )
    assert User.objects.filter(pk=owner.pk).exists()
    assert TradingPartnerRecord.objects.filter(owner=owner).count() == 1


@pytest.mark.parametrize("make_record", [_partner, _concern])
def test_deleting_the_owner_in_code_is_refused_while_a_record_is_retained(owner, make_record):
    record = make_record(owner)
    with pytest.raises(ProtectedError), transaction.atomic():
        owner.delete()
    assert type(record).objects.filter(pk=record.pk).exists()


@pytest.mark.parametrize("make_record", [_partner, _concern])
def test_deleting_a_retained_record_directly_or_by_queryset_is_refused(owner, make_record):
    record = make_record(owner)
    with pytest.raises(ProtectedError), transaction.atomic():
        record.delete()
    with pytest.raises(ProtectedError), transaction.atomic():
        type(record).objects.filter(pk=record.pk).delete()
    assert type(record).objects.filter(pk=record.pk).exists()


def test_records_past_retention_go_with_their_owner(owner):
    partner = _partner(owner, consignment_date=date(2019, 1, 10))
    concern = _concern(owner, received_on=date(2019, 2, 1))
    assert partner.retained_until < date.today() and concern.retained_until < date.today()
    owner.delete()
    assert not TradingPartnerRecord.objects.filter(pk=partner.pk).exists()
    assert not SubstantiatedConcern.objects.filter(pk=concern.pk).exists()


def test_the_api_offers_no_way_to_delete_a_concern(keyed_client):
    client = keyed_client("standard")
    body = {
        "received_on": "2026-04-01",
        "product": "Soja",
        "concern": "Działka wylesiona",
        "action_taken": "Wstrzymano",
    }
    created = client.post(CONCERNS, body, format="json").json()
    assert client.delete(CONCERNS).status_code == 405
    assert client.delete(f"{CONCERNS}/{created['id']}").status_code in (404, 405)
    assert SubstantiatedConcern.objects.filter(public_id=created["id"]).exists()


def test_the_api_refuses_to_delete_a_retained_partner_record(keyed_client):
    client = keyed_client("standard")
    record = client.post(
        PARTNERS,
        {
            "kind": "supplier",
            "consignment_reference": "WZ/1",
            "consignment_date": "2026-03-02",
            "name": "Jan",
            "postal_address": "Radom",
            "email": "jan@example.pl",
        },
        format="json",
    ).json()
    assert client.delete(f"{PARTNERS}/{record['id']}").status_code == 409
    assert TradingPartnerRecord.objects.filter(public_id=record["id"]).exists()


def test_the_panel_has_no_delete_action_for_retained_records(client, owner):
    _partner(owner)
    _concern(owner)
    client.force_login(owner)
    for action in ("delete", "delete_partner", "delete_concern"):
        client.post("/panel/supply-chain/", {"action": action})
    assert TradingPartnerRecord.objects.filter(owner=owner).count() == 1
    assert SubstantiatedConcern.objects.filter(owner=owner).count() == 1
