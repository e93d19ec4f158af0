# ruff: noqa: F811  (the bulk filing tests' fixtures, imported)
"""A mandate belongs to a person and the land they declared: any change of them, by any path,
takes it out of force, and nothing is filed for the changed person on it."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from suppliers.bulk import bulk_filing_create, bulk_filing_results, bulk_filing_run
from suppliers.models import BulkFilingRow, MandateStatus, RowState, Supplier, SupplierMandate
from suppliers.services import roster_import
from tests.suppliers.test_bulk_filing import HEADER, OPTIONS, ROSTER, buyer, eu, fake_eu  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]
IMPORT = "/api/eudr/v1/suppliers/import"
D1 = ROSTER[0]  # Jan Kowalski, jan@example.pl, one parcel, soya
D3 = ROSTER[2]  # a micro undertaking with a NIP, land by address


def _roster(*lines: str) -> bytes:
    return ("\n".join([HEADER, *lines]) + "\n").encode()


def _upload(client, *lines: str, query: str = ""):
    return client.post(
        f"{IMPORT}{query}", {"file": SimpleUploadedFile("r.csv", _roster(*lines))}, format="multipart"
    )


def _mandate(number: str) -> SupplierMandate:
    return Supplier.objects.get(producer_number=number).current_mandate()


CHANGES = {
    "name": (D1, D1.replace("Jan Kowalski", "Piotr Wiśniewski")),
    "email": (D1, D1.replace("jan@example.pl", "piotr@example.pl")),
    "parcels": (D1, D1.replace(ROSTER[0].split(",")[11], "141201_1.0001.6511")),
    "nip": (D3, D3.replace("526-025-02-74", "123-456-32-18")),
    "land_city": (D3, D3.replace("26-601,Jedlińsk", "26-601,Wolanów")),
}


@pytest.mark.parametrize("field", sorted(CHANGES))
def test_a_reupload_changing_the_person_or_land_leaves_no_mandate_in_force(buyer, field):
    before, after = CHANGES[field]
    number = before.split(",")[0]
    assert _mandate(number).status == MandateStatus.ACTIVE
    response = _upload(buyer, after)
    assert response.status_code == 201, response.content
    listed = response.json()["mandates_suspended"]
    assert [(row["line"], row["producer_number"]) for row in listed] == [(2, number)]
    assert field in listed[0]["changed"]
    mandate = _mandate(number)
    assert mandate.status == MandateStatus.NEEDS_RECONFIRMATION
    assert mandate.suspended_by == Supplier.objects.get(producer_number=number).owner
    assert "roster upload" in mandate.suspended_reason and mandate.suspended_at is not None
    supplier = buyer.get("/api/eudr/v1/suppliers", {"commodity": mandate.supplier.commodity}).json()
    shown = next(s for s in supplier["results"] if s["producer_number"] == number)
    assert (
        shown["mandate"]["status"] == "needs_reconfirmation" and field in shown["mandate"]["suspended_fields"]
    )
    # Filing skips the changed person; the others still file.
    filing = bulk_filing_create(owner=mandate.supplier.owner, livemode=True, options=OPTIONS)
    assert filing.skipped.get("mandate_needs_reconfirmation") == 1
    assert not BulkFilingRow.objects.filter(filing=filing, supplier__producer_number=number).exists()


def test_an_unchanged_reupload_keeps_every_mandate_in_force(buyer):
    response = _upload(buyer, *ROSTER)
    assert response.status_code == 201
    assert response.json()["mandates_suspended"] == [] and response.json()["updated"] == 4
    assert [_mandate(n).status for n in ("D-1", "D-2", "D-3")] == [MandateStatus.ACTIVE] * 3
    # The quantity as stored (18000.000) equals the file's 18000: no false change.
    assert _upload(buyer, D1.replace(",18000,", ",18000.0,")).json()["mandates_suspended"] == []


def test_a_dry_run_reports_what_an_upload_would_do_and_writes_nothing(buyer):
    changed = D1.replace("Jan Kowalski", "Piotr Wiśniewski")
    response = _upload(
        buyer,
        changed,
        "D-9,Nowy Dostawca,natural_person,,Wola 1,05-300,Mińsk,,soja,1,kg,,05-300,Mińsk",
        query="?dry_run=true",
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["dry_run"], body["created"], body["updated"]) == (True, 1, 1)
    assert [row["producer_number"] for row in body["mandates_suspended"]] == ["D-1"]
    assert _mandate("D-1").status == MandateStatus.ACTIVE
    assert Supplier.objects.get(producer_number="D-1").name == "Jan Kowalski"
    assert not Supplier.objects.filter(producer_number="D-9").exists()
    assert _upload(buyer, D1, query="?dry_run=maybe").status_code == 400


def test_a_change_that_bypasses_the_model_is_caught_when_filing(buyer):
    # A bulk update (a script, a data fix) runs no save(): the start, which reads no personal
    # data (it must answer at once for thousands of suppliers), queues the row, and filing
    # checks the row against what was authorised before it builds anything.
    Supplier.objects.filter(producer_number="D-1").update(name="Piotr Wiśniewski")
    owner = Supplier.objects.first().owner
    filing = bulk_filing_create(owner=owner, livemode=True, options=OPTIONS)
    bulk_filing_run(filing.pk)
    row = BulkFilingRow.objects.get(filing=filing, supplier__producer_number="D-1")
    assert row.state == RowState.FAILED and row.statement is None
    assert row.errors[0]["code"] == "mandate_not_in_force"
    assert _mandate("D-1").status == MandateStatus.NEEDS_RECONFIRMATION
    assert "bulk filing" in _mandate("D-1").suspended_reason


def test_a_row_queued_before_the_change_is_not_filed_for_the_new_person(
    buyer, django_capture_on_commit_callbacks
):
    owner = Supplier.objects.first().owner
    # The filing is created, its rows queued; then the roster changes before a worker runs.
    filing = bulk_filing_create(owner=owner, livemode=True, options=OPTIONS)
    Supplier.objects.filter(producer_number="D-1").update(email="piotr@example.pl")
    bulk_filing_run(filing.pk)
    lines = {line["producer_number"]: line for line in bulk_filing_results(filing)}
    assert lines["D-1"]["state"] == RowState.FAILED and lines["D-1"]["declaration_id"] is None
    assert lines["D-1"]["errors"][0]["code"] == "mandate_not_in_force"
    assert lines["D-2"]["state"] == RowState.FILED
    assert _mandate("D-1").status == MandateStatus.NEEDS_RECONFIRMATION


def test_filing_sends_only_what_was_authorised(buyer):
    # Defence in depth: even if the check passed, the declaration is built from the mandate's
    # record of the person and land, never from the roster row as it is at that moment.
    owner = Supplier.objects.first().owner
    filing = bulk_filing_create(owner=owner, livemode=True, options=OPTIONS)
    mandate = _mandate("D-1")
    bulk_filing_run(filing.pk)
    row = BulkFilingRow.objects.get(filing=filing, supplier__producer_number="D-1")
    assert row.state == RowState.FILED and row.mandate == mandate
    assert row.statement.operator_name == mandate.authorised_facts()["name"] == "Jan Kowalski"


def test_an_admin_edit_also_takes_the_mandate_out_of_force(buyer, admin_client, admin_user):
    supplier = Supplier.objects.get(producer_number="D-1")
    form = {
        key: getattr(supplier, key)
        for key in (
            "size",
            "nip",
            "regon",
            "street",
            "postal_code",
            "city",
            "email",
            "commodity",
            "quantity",
            "unit",
            "parcels",
            "land_street",
            "land_postal_code",
            "land_city",
        )
    }
    form["name"] = "Piotr Wiśniewski"
    response = admin_client.post(f"/admin/suppliers/supplier/{supplier.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    mandate = _mandate("D-1")
    assert mandate.status == MandateStatus.NEEDS_RECONFIRMATION
    assert (mandate.suspended_by, mandate.suspended_reason, mandate.suspended_fields) == (
        admin_user,
        "admin edit",
        ["name"],
    )


def test_the_first_persons_link_never_shows_the_second_persons_data(
    buyer, client, django_capture_on_commit_callbacks
):
    Supplier.objects.filter(producer_number="D-1").first().mandates.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        buyer.post("/api/eudr/v1/suppliers/mandate-requests", {}, format="json")
    token = re.search(r"/mandates/(\S+)", mail.outbox[-1].body).group(1)
    client.post(f"/mandates/{token}", {"decision": "confirm"})
    assert _mandate("D-1").status == MandateStatus.ACTIVE
    # The template's person takes the row over (the README example's upload, issue 39).
    other = D1.replace("Jan Kowalski", "Piotr Wiśniewski").replace("jan@example.pl", "piotr@example.pl")
    _upload(buyer, other)
    page = client.get(f"/mandates/{token}").content.decode()
    assert "Jan Kowalski" in page and "Piotr" not in page and "piotr@example.pl" not in page
    assert "needs_reconfirmation" in page
    # Asked again, the new person gets their own link, at their own address.
    with django_capture_on_commit_callbacks(execute=True):
        asked = buyer.post(
            "/api/eudr/v1/suppliers/mandate-requests",
            {"suppliers": [str(Supplier.objects.get(producer_number="D-1").public_id)]},
            format="json",
        )
    assert asked.json()["requested"] == 1 and mail.outbox[-1].to == ["piotr@example.pl"]
    new_token = re.search(r"/mandates/(\S+)", mail.outbox[-1].body).group(1)
    assert "Piotr Wiśniewski" in client.get(f"/mandates/{new_token}").content.decode()


def test_a_request_cannot_be_confirmed_once_the_roster_changed(
    buyer, client, django_capture_on_commit_callbacks
):
    Supplier.objects.get(producer_number="D-1").mandates.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        buyer.post("/api/eudr/v1/suppliers/mandate-requests", {}, format="json")
    token = re.search(r"/mandates/(\S+)", mail.outbox[-1].body).group(1)
    # Changed without save() (no hook): the confirmation itself compares.
    Supplier.objects.filter(producer_number="D-1").update(name="Piotr Wiśniewski")
    assert client.post(f"/mandates/{token}", {"decision": "confirm"}).status_code == 409
    assert _mandate("D-1").status == MandateStatus.NEEDS_RECONFIRMATION


def test_roster_import_records_who_changed_it_on_any_path(make_user):
    owner = make_user("standard")
    roster_import(owner=owner, livemode=True, filename="r.csv", data=_roster(D1))
    supplier = Supplier.objects.get()
    SupplierMandate.objects.create(
        supplier=supplier, kind="email_confirmation", status=MandateStatus.ACTIVE, confirmed_at=timezone.now()
    )
    supplier.city = "Radom"
    supplier.save()  # a script: no one named
    mandate = supplier.current_mandate()
    assert mandate.status == MandateStatus.NEEDS_RECONFIRMATION and mandate.suspended_fields == ["city"]
    assert mandate.suspended_by is None


def test_mandates_made_in_bulk_authorise_the_data_they_were_made_for(make_user):
    owner = make_user("standard")
    roster_import(owner=owner, livemode=True, filename="r.csv", data=_roster(D1, ROSTER[1]))
    SupplierMandate.objects.bulk_create(
        SupplierMandate.for_supplier(s, kind="email_confirmation", status=MandateStatus.ACTIVE)
        for s in Supplier.objects.all()
    )
    assert all(s.current_mandate().authorises(s) for s in Supplier.objects.all())
    Supplier.objects.filter(producer_number="D-2").update(name="Ktoś Inny")
    changed = Supplier.objects.get(producer_number="D-2")
    assert not changed.current_mandate().authorises(changed)


def test_staff_cannot_approve_a_scan_for_data_changed_since_its_upload(buyer, admin_client):
    supplier = Supplier.objects.get(producer_number="D-4")
    uploaded = buyer.post(
        f"/api/eudr/v1/suppliers/{supplier.public_id}/mandate",
        {"file": SimpleUploadedFile("s.pdf", b"%PDF-1.7\n%%EOF\n")},
        format="multipart",
    )
    assert uploaded.status_code == 201
    Supplier.objects.filter(pk=supplier.pk).update(land_city="Gdzie Indziej")  # no save(): no hook
    mandate = supplier.current_mandate()
    admin_client.post(
        "/admin/suppliers/suppliermandate/", {"action": "approve", "_selected_action": [mandate.pk]}
    )
    mandate.refresh_from_db()
    assert mandate.status == MandateStatus.NEEDS_RECONFIRMATION and mandate.reviewed_at is None
    assert "review" in mandate.suspended_reason
