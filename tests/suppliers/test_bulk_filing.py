"""Bulk filing: a simplified declaration for every supplier with a mandate, against the fake EU
system and the ULDK stand-in; nothing lost, nothing filed twice."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from compliance.models import DueDiligenceStatement, FilingKind
from compliance.sd_serializers import SDFilingSerializer
from compliance.services import dds_file
from eu_filing.outbox import eu_submissions_poll
from euis.contract import NS_SD
from suppliers.bulk import (
    bulk_filing_cancel,
    bulk_filing_counts,
    bulk_filing_create,
    bulk_filing_results,
    bulk_filing_retry,
    bulk_filing_run,
    declaration_body,
)
from suppliers.mandates import mandate_request
from suppliers.models import BulkFiling, BulkFilingRow, MandateStatus, RowState, Supplier, SupplierMandate
from suppliers.results import bulk_filing_results_table
from tests.eu_filing.test_simplified_declaration import SECOND_PARCEL, eu  # noqa: F401  (fixture)
from tests.eu_filing.test_submission import store_credentials
from tests.euis.conftest import fake_eu  # noqa: F401  (fixture)
from tests.risk.fakes import PARCEL_ID
from webhooks.models import Event

# Tasks run here in the services suite too: these tests are about what the tasks do.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]
HEADER = (
    "producer_number,name,size,nip,street,postal_code,city,email,commodity,quantity,unit,"
    "parcels,land_postal_code,land_city"
)
ROSTER = [
    f"D-1,Jan Kowalski,natural_person,,Wola 12,05-300,Mińsk,jan@example.pl,soja,18000,kg,{PARCEL_ID},,",
    f"D-2,Anna Nowak,natural_person,,Wola 14,05-300,Mińsk,,soja,9000,kg,{SECOND_PARCEL},,",
    "D-3,Hodowla Bydła Sp. z o.o.,micro,526-025-02-74,Polna 1,26-600,Radom,,bydło,40,szt,,26-601,Jedlińsk",
    "D-4,Bez Pełnomocnictwa,natural_person,,Wola 16,05-300,Mińsk,,soja,5000,kg,141201_1.0001.6511,,",
]
OPTIONS = {
    "activity": "domestic",
    "signatory_name": "Ewa Zielińska",
    "signatory_function": "Kierownik skupu",
    "goods": {
        "soya": {"description": "Soja ziarno", "hs_heading": "1201"},
        "cattle": {"description": "Bydło żywe", "hs_heading": "0102"},
    },
}


@pytest.fixture
def buyer(keyed_client, eu):  # noqa: F811
    client = keyed_client("standard")
    store_credentials(client)
    data = ("\n".join([HEADER, *ROSTER]) + "\n").encode()
    response = client.post(
        "/api/eudr/v1/suppliers/import", {"file": SimpleUploadedFile("r.csv", data)}, format="multipart"
    )
    assert response.status_code == 201, response.content
    for number in ("D-1", "D-2", "D-3"):  # D-4 gave no mandate
        SupplierMandate.objects.create(
            supplier=Supplier.objects.get(producer_number=number),
            kind="email_confirmation",
            status=MandateStatus.ACTIVE,
            confirmed_at=timezone.now(),
        )
    return client


def _owner(client):
    return Supplier.objects.first().owner


def test_every_supplier_with_a_mandate_ends_with_an_eu_reference(
    buyer,
    eu,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        filing = bulk_filing_create(owner=_owner(buyer), livemode=True, options=OPTIONS)
    filing.refresh_from_db()
    assert (filing.total, filing.skipped, filing.status) == (3, {"no_mandate": 1}, "done")
    assert bulk_filing_counts(filing)["filed"] == 3, [r["errors"] for r in bulk_filing_results(filing)]
    for day in (1, 2, 3):
        eu_submissions_poll(now=timezone.now() + timedelta(days=day))
    results = {line["producer_number"]: line for line in bulk_filing_results(filing)}
    assert set(results) == {"D-1", "D-2", "D-3"}
    for line in results.values():
        assert line["declaration_id"].startswith("SD-") and line["eu_status"] == "AVAILABLE"
        assert line["eu_reference_number"].startswith("S")
    # Filed as the suppliers' representative: the EU sees each supplier as the operator.
    sent = eu.records[
        next(r.uuid for r in eu.records.values() if r.internal_reference)
    ].statement  # any of them
    assert sent.find(f".//{{{NS_SD}}}representedOperator") is not None or any(
        "representedOperator" in el.tag for el in sent.iter()
    )
    names = {
        el.text
        for record in eu.records.values()
        for el in record.statement.iter()
        if el.tag.endswith("operatorName")
    }
    assert {"Jan Kowalski", "Anna Nowak", "Hodowla Bydła Sp. z o.o."} <= names
    _headers, lines = bulk_filing_results_table(filing, lang="pl")
    assert sorted(line[0] for line in lines) == ["D-1", "D-2", "D-3"]  # D-4 gave no mandate
    # The buyer, first downstream operator, records a consignment from D-1: the supplier record
    # filled from the roster, the declaration's numbers attached and checked with the EU.
    d1 = Supplier.objects.get(producer_number="D-1")
    consignment = buyer.post(
        f"/api/eudr/v1/suppliers/{d1.public_id}/consignments",
        {"consignment_reference": "WZ/2027/0001", "consignment_date": "2027-07-01"},
        format="json",
    )
    assert consignment.status_code == 201, consignment.content
    record, check = consignment.json()["record"], consignment.json()["eu_check"]
    assert (record["name"], record["kind"], record["consignment_reference"]) == (
        "Jan Kowalski",
        "supplier",
        "WZ/2027/0001",
    )
    assert consignment.json()["reference_number"] == results["D-1"]["eu_reference_number"]
    assert (check["result"], check["eu_status"]) == ("EXISTING_USABLE", "AVAILABLE")
    upstream = buyer.get("/api/eudr/v1/upstream-references").json()["results"]
    assert [u["reference_number"] for u in upstream] == [results["D-1"]["eu_reference_number"]]
    assert "WZ/2027/0001" in buyer.get("/api/eudr/v1/trading-partners/export.csv").content.decode()
    export = buyer.get("/api/eudr/v1/suppliers/consignments.csv", {"lang": "en"})
    assert export["Content-Type"].startswith("text/csv")
    header, line = export.content.decode("utf-8-sig").splitlines()
    assert header.startswith("consignment_reference,consignment_date,producer_number")
    assert line.startswith("WZ/2027/0001,2027-07-01,D-1,Jan Kowalski")
    assert results["D-1"]["eu_reference_number"] in line and "EXISTING_USABLE,AVAILABLE" in line
    (event,) = Event.objects.filter(type="suppliers.filing_completed")
    assert event.data["counts"]["filed"] == 3


def test_a_row_filed_by_a_worker_that_died_before_recording_it_is_not_filed_twice(
    buyer, django_capture_on_commit_callbacks
):
    filing = bulk_filing_create(owner=_owner(buyer), livemode=True, options=OPTIONS)  # task not run
    row = BulkFilingRow.objects.filter(filing=filing).order_by("id").first()
    # The worker filed the row's declaration, then died before marking the row.
    body = declaration_body(row.supplier, filing.options)
    incoming = SDFilingSerializer(data=body)
    assert incoming.is_valid(), incoming.errors
    with django_capture_on_commit_callbacks(execute=True):
        first, _ = dds_file(
            owner=filing.owner,
            data=incoming.validated_data,
            raw_body=body,
            idempotency_key=f"bulk-{row.pk}",
            filing_kind=FilingKind.SIMPLIFIED,
            livemode=True,
            represented=True,
        )
    assert BulkFilingRow.objects.get(pk=row.pk).state == RowState.QUEUED
    # Its lease lapses; the sweep's run picks the filing up again.
    BulkFiling.objects.filter(pk=filing.pk).update(leased_until=timezone.now() - timedelta(seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        bulk_filing_run(filing.pk)
    row.refresh_from_db()
    assert row.state == RowState.FILED and row.statement_id == first.pk
    assert DueDiligenceStatement.objects.filter(owner=filing.owner).count() == 3


def test_a_live_lease_keeps_other_workers_off(buyer):
    filing = bulk_filing_create(owner=_owner(buyer), livemode=True, options=OPTIONS)
    BulkFiling.objects.filter(pk=filing.pk).update(leased_until=timezone.now() + timedelta(minutes=1))
    assert bulk_filing_run(filing.pk) == 0
    assert not DueDiligenceStatement.objects.exists()


def test_cancel_stops_queued_rows_and_retry_files_the_failed_ones_again(
    buyer, django_capture_on_commit_callbacks
):
    filing = bulk_filing_create(owner=_owner(buyer), livemode=True, options=OPTIONS)
    bulk_filing_cancel(filing)
    assert bulk_filing_counts(filing)["cancelled"] == 3 and bulk_filing_run(filing.pk) == 0
    assert not DueDiligenceStatement.objects.exists()

    broken = {
        **OPTIONS,
        "goods": {**OPTIONS["goods"], "cattle": {"description": "Bydło", "hs_heading": "4403"}},
    }
    with django_capture_on_commit_callbacks(execute=True):
        second = bulk_filing_create(owner=_owner(buyer), livemode=True, options=broken)
    counts = bulk_filing_counts(second)
    assert (counts["filed"], counts["failed"]) == (2, 1)
    (failed,) = [line for line in bulk_filing_results(second) if line["state"] == "failed"]
    assert failed["producer_number"] == "D-3" and failed["errors"][0]["code"] == "hs_not_in_annex_i"
    BulkFiling.objects.filter(pk=second.pk).update(options=OPTIONS)
    with django_capture_on_commit_callbacks(execute=True):
        assert bulk_filing_retry(second) == 1
    assert bulk_filing_counts(second)["filed"] == 3
    second.refresh_from_db()
    assert second.status == "done"


def test_a_cancel_during_a_rows_filing_undoes_that_row_and_files_nothing_after(
    buyer, monkeypatch, django_capture_on_commit_callbacks
):
    """Issue 40, finding 6: after cancel answered, rows were still filed. The row a worker is
    filing at the moment of the cancel is rolled back with its declaration."""
    filing = bulk_filing_create(owner=_owner(buyer), livemode=True, options=OPTIONS)  # task not run
    real_file = dds_file
    calls = []

    def cancel_then_file(**kwargs):
        calls.append(kwargs["idempotency_key"])
        if len(calls) == 2:  # the second row is claimed; the buyer presses cancel now
            bulk_filing_cancel(filing)
            assert BulkFilingRow.objects.filter(filing=filing, state=RowState.FILING).count() == 0
        return real_file(**kwargs)

    monkeypatch.setattr("suppliers.bulk.dds_file", cancel_then_file)
    with django_capture_on_commit_callbacks(execute=True):
        bulk_filing_run(filing.pk)
    counts = bulk_filing_counts(filing)
    assert (counts["filed"], counts["cancelled"], counts["queued"], counts["filing"]) == (1, 2, 0, 0)
    # The declaration of the row being filed at the cancel was rolled back with it.
    assert DueDiligenceStatement.objects.filter(owner=filing.owner).count() == 1
    assert len(calls) == 2  # the third row was never started
    BulkFiling.objects.filter(pk=filing.pk).update(leased_until=None)
    assert bulk_filing_run(filing.pk) == 0
    assert DueDiligenceStatement.objects.filter(owner=filing.owner).count() == 1


def test_rows_a_dead_worker_had_claimed_are_filed_once_by_the_next(buyer, django_capture_on_commit_callbacks):
    filing = bulk_filing_create(owner=_owner(buyer), livemode=True, options=OPTIONS)
    first = BulkFilingRow.objects.filter(filing=filing).order_by("id").first()
    BulkFilingRow.objects.filter(pk=first.pk).update(
        state=RowState.FILING, attempts=1
    )  # then the worker died
    with django_capture_on_commit_callbacks(execute=True):
        bulk_filing_run(filing.pk)
    assert bulk_filing_counts(filing)["filed"] == 3
    assert DueDiligenceStatement.objects.filter(owner=filing.owner).count() == 3


def test_the_api_files_in_bulk_reports_progress_and_downloads_results(
    buyer, django_capture_on_commit_callbacks
):
    filings = "/api/eudr/v1/supplier-filings"
    partial = {**OPTIONS, "goods": {"soya": OPTIONS["goods"]["soya"]}}
    refused = buyer.post(filings, partial, format="json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "goods.cattle"
    wrong_hs = {
        **OPTIONS,
        "goods": {**OPTIONS["goods"], "soya": {"description": "Soja", "hs_heading": "4403"}},
    }
    assert buyer.post(filings, wrong_hs, format="json").status_code == 400
    assert not BulkFiling.objects.exists()

    with django_capture_on_commit_callbacks(execute=True):
        started = buyer.post(filings, OPTIONS, format="json", HTTP_API_VERSION="1.1")
    assert started.status_code == 202, started.content
    assert started["Location"].endswith(f"{filings}/{started.json()['id']}")
    assert started.json()["eu"]["reachable"] is True and started.json()["eu"]["notice"] is None
    progress = buyer.get(f"{filings}/{started.json()['id']}").json()
    assert progress["status"] == "done" and progress["counts"]["filed"] == 3
    assert sum(n for state, n in progress["eu"]["progress"].items() if state != "with_reference") == 3
    assert progress["skipped"] == {"no_mandate": 1}
    csv_text = buyer.get(f"{filings}/{started.json()['id']}/results.csv").content.decode("utf-8-sig")
    assert csv_text.splitlines()[0].startswith("numer dostawcy;dostawca;stan zgłoszenia;deklaracja")
    assert csv_text.count("SD-PL-") == 3
    as_json = buyer.get(f"{filings}/{started.json()['id']}/results.json").json()
    assert {line["producer_number"] for line in as_json["results"]} == {"D-1", "D-2", "D-3"}
    assert buyer.post(f"{filings}/{started.json()['id']}/retry").json()["counts"]["failed"] == 0
    assert buyer.get(f"{filings}/bf_nosuchfiling").status_code == 404


def test_a_filing_that_cannot_reach_the_eu_says_so_when_it_starts_and_after(
    buyer, django_capture_on_commit_callbacks
):
    """Without usable EU credentials every declaration is filed here and waits: the answer must
    not let a buyer believe the EU has them (it said `done` and nothing else)."""
    from accounts.models import EuCredential

    EuCredential.objects.all().delete()
    filings = "/api/eudr/v1/supplier-filings"
    with django_capture_on_commit_callbacks(execute=True):
        started = buyer.post(filings, OPTIONS, format="json")
    assert started.status_code == 202, started.content
    answer = started.json()["eu"]
    assert answer["reachable"] is False and "Nothing reaches the EU" in answer["notice"]
    done = buyer.get(f"{filings}/{started.json()['id']}").json()
    assert done["status"] == "done" and done["eu"]["reachable"] is False
    assert done["eu"]["progress"]["no_credentials"] == 3 and done["eu"]["progress"]["with_reference"] == 0


def test_one_filing_at_a_time_and_a_declared_supplier_is_not_filed_again(
    buyer, django_capture_on_commit_callbacks
):
    filings = "/api/eudr/v1/supplier-filings"
    running = bulk_filing_create(owner=_owner(buyer), livemode=True, options=OPTIONS)  # task not run yet
    second = buyer.post(filings, OPTIONS, format="json")
    assert second.status_code == 409 and second.json()["code"] == "bulk_filing_running"
    assert second.json()["filing_id"] == running.public_id
    with django_capture_on_commit_callbacks(execute=True):
        while BulkFiling.objects.get(pk=running.pk).status == "running":
            bulk_filing_run(running.pk)
    with django_capture_on_commit_callbacks(execute=True):
        again = buyer.post(filings, OPTIONS, format="json")
    assert again.status_code == 202
    assert again.json()["total"] == 0 and again.json()["skipped"] == {"already_declared": 3, "no_mandate": 1}
    assert DueDiligenceStatement.objects.count() == 3


def test_the_supplier_sees_on_its_page_what_was_filed_in_its_name(
    buyer, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        filing = bulk_filing_create(owner=_owner(buyer), livemode=True, options=OPTIONS)
    filed = {line["producer_number"]: line["declaration_id"] for line in bulk_filing_results(filing)}
    with django_capture_on_commit_callbacks(execute=True):
        mandate_request(supplier=Supplier.objects.get(producer_number="D-1"))
    token = re.search(r"/mandates/(\S+)", mail.outbox[-1].body).group(1)
    page = client.get(f"/mandates/{token}").content.decode()
    assert filed["D-1"] in page and f"/cert/{filed['D-1']}" in page
    assert filed["D-2"] not in page  # another supplier's declaration is not shown
