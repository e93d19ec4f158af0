"""Free text as stored: no NUL or control characters, no direction overrides, the model's
lengths kept, case-blind identifiers in one case (issue 40, "also seen").

One check (eudr_service.lib.fields.text_forbidden_character / PlainText) behind every text
field of the roster file, the supplier, trading-partner and concern APIs and their panel
forms; each entry point is tried here with the characters the attacker stored."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone
from rest_framework.test import APIClient

from compliance.models import SubstantiatedConcern, TradingPartnerRecord
from eudr_service.lib.fields import PlainText, text_forbidden_character
from suppliers.models import Supplier
from suppliers.roster import MAX_PRODUCER_NUMBER, RosterInvalid
from suppliers.services import roster_import
from tests.compliance.test_downstream import CONCERNS, PARTNERS, SUPPLIER
from tests.panel.conftest import signed_in  # noqa: F401  (fixture)
from tests.suppliers.test_roster import GOOD, _csv

pytestmark = pytest.mark.django_db
HOSTILE = {
    "NUL": "Jan\x00Kowalski",
    "ESC": "Jan \x1b[31mKowalski",
    "BEL": "Jan\x07Kowalski",
    "RLO": "Jan Kowalski\u202efdp.exe",
    "isolate": "Jan \u2066Kowalski",
    "DEL": "Jan\x7fKowalski",
    "C1": "Jan\x85Kowalski",
}
CONCERN = {
    "received_on": "2026-06-10",
    "product": "Tarcica dębowa, partia WZ/2026/117",
    "concern": "Wycinka na działce dostawcy po 2020 r.",
    "action_taken": "Wstrzymano dostawę.",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_check_names_the_character(name):
    found = text_forbidden_character(HOSTILE[name])
    assert found is not None and found.startswith("U+")


def test_ordinary_polish_text_and_a_notes_line_breaks_pass():
    assert text_forbidden_character("Łęczyca, ul. Źródlana 5/7 — „Zakład” nr 2") is None
    assert text_forbidden_character("pierwsza linia\r\ndruga\tlinia", multiline=True) is None
    assert text_forbidden_character("one line\nanother") == "U+000A"
    PlainText(multiline=True)("a\nb")


# --- the roster ---------------------------------------------------------------------------


def _roster_problems(owner, *rows: str) -> set[tuple[int, str, str]]:
    with pytest.raises(RosterInvalid) as refused:
        roster_import(owner=owner, livemode=True, filename="d.csv", data=_csv(*rows))
    return {(e.line, e.field, e.code) for e in refused.value.errors}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_roster_name_with_a_control_character_is_refused(make_user, name):
    row = GOOD[0].replace("Jan Kowalski", HOSTILE[name])
    assert _roster_problems(make_user("standard"), row) == {(2, "name", "control_character")}
    assert not Supplier.objects.exists()


def test_every_roster_column_is_checked_not_only_the_name(make_user):
    row = GOOD[0].replace("Polna 3", "Polna\x1b 3").replace("Łęczyca", "Łęczyca\u202e")
    assert _roster_problems(make_user("standard"), row) == {
        (2, "street", "control_character"),
        (2, "city", "control_character"),
    }


def test_a_producer_number_longer_than_the_model_stores_is_refused(make_user):
    assert Supplier._meta.get_field("producer_number").max_length == MAX_PRODUCER_NUMBER
    row = GOOD[0].replace("D-1,", "D" * 300 + ",", 1)
    assert _roster_problems(make_user("standard"), row) == {(2, "producer_number", "too_long")}
    fits = GOOD[0].replace("D-1,", "D" * MAX_PRODUCER_NUMBER + ",", 1)
    roster_import(owner=make_user("standard"), livemode=True, filename="d.csv", data=_csv(fits))
    assert len(Supplier.objects.get().producer_number) == MAX_PRODUCER_NUMBER


def test_producer_numbers_are_case_blind_in_one_file(make_user):
    second = GOOD[1].replace("D-2,", "d-1,", 1)
    assert _roster_problems(make_user("standard"), GOOD[0], second) == {(3, "producer_number", "duplicate")}


def test_producer_numbers_are_case_blind_across_uploads(make_user):
    owner = make_user("standard")
    roster_import(
        owner=owner, livemode=True, filename="d.csv", data=_csv(GOOD[0].replace("D-1,", "p-28,", 1))
    )
    again = roster_import(
        owner=owner, livemode=True, filename="d.csv", data=_csv(GOOD[0].replace("D-1,", "P-28,", 1))
    )
    assert (again.created, again.updated) == (0, 1)
    assert list(Supplier.objects.values_list("producer_number", flat=True)) == ["P-28"]


def test_the_database_refuses_a_second_producer_differing_only_in_case(make_user):
    owner = make_user("standard")
    roster_import(owner=owner, livemode=True, filename="d.csv", data=_csv(GOOD[0]))
    first = Supplier.objects.get()
    copy = Supplier(
        owner=owner,
        livemode=True,
        producer_number="d-1",
        size=first.size,
        commodity=first.commodity,
        quantity=first.quantity,
        unit=first.unit,
        name="Ktoś",
        postal_code="00-001",
        city="Warszawa",
        imported_in=first.imported_in,
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        copy.save()


# --- the APIs -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["NUL", "ESC", "BEL", "RLO"])
def test_trading_partner_api_refuses_control_characters(keyed_client, name):
    client = keyed_client("standard")
    for field in ("name", "postal_address", "consignment_reference", "trade_name"):
        response = client.post(PARTNERS, {**SUPPLIER, field: HOSTILE[name]}, format="json")
        assert response.status_code == 400, (field, response.content)
        assert {e["field"] for e in response.json()["errors"]} == {field}
    assert not TradingPartnerRecord.objects.exists()


@pytest.mark.parametrize("name", ["ESC", "BEL", "RLO"])
def test_concern_api_refuses_control_characters_but_keeps_line_breaks(keyed_client, name):
    client = keyed_client("standard")
    for field in ("product", "raised_by", "concern", "action_taken"):
        response = client.post(CONCERNS, {**CONCERN, field: HOSTILE[name]}, format="json")
        assert response.status_code == 400, (field, response.content)
        error = response.json()["errors"][0]
        assert (error["field"], error["code"]) == (field, "control_character")
    response = client.post(CONCERNS, {**CONCERN, "concern": "Pierwsza linia.\nDruga linia."}, format="json")
    assert response.status_code == 201, response.content
    assert SubstantiatedConcern.objects.get().concern == "Pierwsza linia.\nDruga linia."


def test_a_concern_cannot_be_dated_after_today(keyed_client):
    client = keyed_client("standard")
    for received_on in ("2999-01-01", (timezone.localdate() + timedelta(days=1)).isoformat()):
        response = client.post(CONCERNS, {**CONCERN, "received_on": received_on}, format="json")
        assert response.status_code == 400
        assert response.json()["errors"][0]["field"] == "received_on"
    today = timezone.localdate().isoformat()
    assert client.post(CONCERNS, {**CONCERN, "received_on": today}, format="json").status_code == 201


def test_supplier_consignment_reference_refuses_control_characters(make_key):
    key, plaintext = make_key("standard")
    roster_import(owner=key.user, livemode=True, filename="d.csv", data=_csv(GOOD[0]))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    response = client.post(
        f"/api/eudr/v1/suppliers/{Supplier.objects.get().public_id}/consignments",
        {"consignment_reference": "WZ/1\x1b[2J", "consignment_date": "2026-03-02"},
        format="json",
    )
    assert response.status_code == 400, response.content
    assert response.json()["errors"][0]["field"] == "consignment_reference"
    assert not TradingPartnerRecord.objects.exists()


# --- the panel's forms --------------------------------------------------------------------

PAGE = "/panel/supply-chain/"


def test_panel_partner_and_concern_forms_refuse_them_too(signed_in):  # noqa: F811
    client = signed_in("standard")
    partner = {
        "action": "partner",
        **SUPPLIER,
        "name": HOSTILE["RLO"],
    }
    assert client.post(PAGE, partner).status_code == 400
    concern = {"action": "concern", **CONCERN, "product": HOSTILE["ESC"]}
    assert client.post(PAGE, concern).status_code == 400
    dated = {"action": "concern", **CONCERN, "received_on": "2999-01-01"}
    assert client.post(PAGE, dated).status_code == 400
    assert not TradingPartnerRecord.objects.exists() and not SubstantiatedConcern.objects.exists()


def test_bulk_filing_options_refuse_control_characters(keyed_client):
    from tests.suppliers.test_bulk_filing import OPTIONS

    client = keyed_client("standard")
    hostile = {
        **OPTIONS,
        "signatory_name": HOSTILE["RLO"],
        "signatory_function": HOSTILE["BEL"],
        "goods": {"soya": {"description": HOSTILE["ESC"], "hs_heading": "1201"}},
    }
    response = client.post("/api/eudr/v1/supplier-filings", hostile, format="json")
    assert response.status_code == 400, response.content
    codes = {(e["field"], e["code"]) for e in response.json()["errors"]}
    assert {
        ("signatory_name", "control_character"),
        ("signatory_function", "control_character"),
        ("goods.soya.description", "control_character"),
    } <= codes
