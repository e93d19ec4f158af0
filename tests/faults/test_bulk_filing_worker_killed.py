"""Faults: suppliers filed in bulk, the filing worker killed (SIGKILL) in the middle.

Services suite only: real Celery workers on the broker and PostgreSQL, the EU Information
System as its fake (written from the EU's documents) and ULDK as a local fake server. The
roster is first uploaded with invalid rows (refused whole, each row reported), then
corrected; the mandates are recorded; one request files for every supplier. After the kill
a second worker takes the filing over once the first one's lease lapsed (the sweep, as
beat runs it). Every supplier must end with one declaration at the EU, AVAILABLE with a
reference number, and no supplier may be filed twice.

400 suppliers are 8 chunks of 50: the kill lands after the second, with six to go. The
issue's 2,000 (BULK_FAULT_SUPPLIERS=2000) cost 317 s of one services worker, 200 s of
it the filing's own CPU, for the same assertions; the 2,000 run from the panel is
tests/suppliers/test_bulk_filing_make_run.py, and its pace is the bench's row.
"""

from __future__ import annotations

import os
import time
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from compliance.models import DueDiligenceStatement
from eu_filing.models import EuState, EuSubmission
from eu_filing.outbox import eu_submissions_poll, eu_submissions_sweep
from regulation.benchmark import benchmark_cache_clear
from suppliers.bulk import bulk_filing_results, bulk_filings_sweep
from suppliers.models import BulkFiling, BulkFilingRow, MandateStatus, RowState, Supplier, SupplierMandate
from tests.eu_filing.test_submission import store_credentials
from tests.euis.conftest import fake_eu  # noqa: F401  (the fixture)
from tests.faults.recovery import report
from tests.faults.test_worker_killed import SERVICES, _kill, _until
from tests.risk.fakes import POLYGON_LNG_LAT, running_uldk
from tests.workers import start_worker, stop, worker_env

pytestmark = [
    pytest.mark.worker,
    pytest.mark.skipif(not SERVICES, reason="needs a broker and PostgreSQL (services suite)"),
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]
SUPPLIERS = int(os.environ.get("BULK_FAULT_SUPPLIERS", "400"))
HEADER = (
    "producer_number,name,size,nip,street,postal_code,city,email,commodity,quantity,unit,"
    "parcels,land_postal_code,land_city"
)
OPTIONS = {
    "activity": "domestic",
    "signatory_name": "Ewa Zielińska",
    "signatory_function": "Kierownik skupu",
    "estimate_percentage": "10",
    "goods": {
        "soya": {"description": "Soja ziarno", "hs_heading": "1201"},
        "cattle": {"description": "Bydło żywe", "hs_heading": "0102"},
    },
}


def _parcel(n: int) -> str:
    return f"141201_1.0001.{1000 + n}"


def _row(n: int) -> str:
    """Half the suppliers grow soya on a parcel, half keep cattle at a holding's address."""
    if n % 2 == 0:
        land = f"soja,{18 + n % 7}000,kg,{_parcel(n)},,"
    else:
        land = f"bydło,{10 + n % 30},szt,,26-601,Jedlińsk"
    return f"D-{n:05d},Rolnik {n},natural_person,,Wola {n},05-300,Mińsk,,{land}"


def _roster(rows: list[str]) -> bytes:
    return ("\n".join([HEADER, *rows]) + "\n").encode()


@pytest.fixture
def uldk_fake():
    """ULDK answering each supplier's parcel with a polygon of its own (a square shifted per parcel)."""
    with running_uldk() as (state, url):
        for n in range(0, SUPPLIERS, 2):
            shifted = POLYGON_LNG_LAT.replace("21.58", f"21.{58 - n % 40:02d}")
            state.bodies[_parcel(n)] = f"0\n{_parcel(n)}|mazowieckie|miński|Mińsk|SRID=4326;{shifted}\n"
        yield url


@pytest.fixture
def bulk_queue(settings, task_queue, uldk_fake):
    """The bulk filing's tasks on a queue of this test's own; the fakes in the settings."""
    benchmark_cache_clear()
    settings.ULDK_BASE_URL = uldk_fake
    settings.EU_IS_CALLS_PER_SECOND = 10_000  # the EU's pace is the bench's row, not this test's
    return task_queue("suppliers.bulk_filing_run")


@pytest.fixture
def buyer_with_roster(keyed_client):
    """The roster uploaded (first with invalid rows: refused whole, every one named) and the
    mandates recorded; returns the buyer's client and when the upload began."""
    client = keyed_client("standard")
    store_credentials(client)
    rows = [_row(n) for n in range(SUPPLIERS)]
    broken = list(rows)
    for n in range(0, SUPPLIERS, 100):
        broken[n] = broken[n].replace("05-300", "05300")
    refused = client.post(
        "/api/eudr/v1/suppliers/import",
        {"file": SimpleUploadedFile("r.csv", _roster(broken))},
        format="multipart",
    )
    assert refused.status_code == 400
    assert {e["line"] for e in refused.json()["errors"]} == {n + 2 for n in range(0, SUPPLIERS, 100)}
    assert not Supplier.objects.exists()
    started = time.monotonic()
    uploaded = client.post(
        "/api/eudr/v1/suppliers/import",
        {"file": SimpleUploadedFile("r.csv", _roster(rows))},
        format="multipart",
    )
    assert uploaded.status_code == 201 and uploaded.json()["created"] == SUPPLIERS
    SupplierMandate.objects.bulk_create(
        SupplierMandate.for_supplier(
            s, kind="email_confirmation", status=MandateStatus.ACTIVE, confirmed_at=timezone.now()
        )
        for s in Supplier.objects.all()
    )
    return client, started


def test_suppliers_filed_in_bulk_each_once_through_a_killed_worker(
    fake_eu,  # noqa: F811
    uldk_fake,
    bulk_queue,
    buyer_with_roster,
    settings,
):
    client, started = buyer_with_roster
    queue = bulk_queue
    settings.EU_IS_URL = fake_eu.base_url
    settings.EU_IS_FIRST_POLL_SECONDS = 0

    env = worker_env(
        ULDK_BASE_URL=uldk_fake,
        EU_IS_URL=fake_eu.base_url,
        EU_IS_CALLS_PER_SECOND="10000",
        EU_IS_FIRST_POLL_SECONDS="0",
    )
    eu = start_worker(name="bulk-eu", env=env)  # EU submissions, on the default queue
    first = start_worker(name="bulk-a", queues=[queue], env=env)
    second = None
    try:
        response = client.post("/api/eudr/v1/supplier-filings", OPTIONS, format="json")
        assert response.status_code == 202, response.content
        filing = BulkFiling.objects.get(public_id=response.json()["id"])
        filed = BulkFilingRow.objects.filter(filing=filing, state=RowState.FILED)
        _until(lambda: filed.count() >= SUPPLIERS // 4, timeout=600)
        _kill(first)  # in the middle of a chunk
        at_kill = filed.count()
        assert at_kill < SUPPLIERS
        # The dead worker's lease lapses; the sweep (beat, every minute) hands the filing over.
        BulkFiling.objects.filter(pk=filing.pk).update(leased_until=timezone.now() - timedelta(seconds=1))
        second = start_worker(name="bulk-b", queues=[queue], env=env)
        recovering = time.monotonic()
        # Whichever comes first takes the filing over: the broker's redelivery of the killed
        # worker's task, or the sweep's new one (the lease keeps the two from working at once).
        _until(
            lambda: BulkFiling.objects.get(pk=filing.pk).status == "done",
            timeout=900,
            sweep=bulk_filings_sweep,
        )
        filed_at = time.monotonic()
        days = iter(range(1, 100_000))
        final = EuSubmission.objects.filter(statement__owner=filing.owner, state=EuState.FINAL)
        _until(
            lambda: final.count() == SUPPLIERS,
            timeout=900,
            sweep=lambda: (
                eu_submissions_sweep(grace_seconds=0),
                eu_submissions_poll(now=timezone.now() + timedelta(days=next(days))),
            ),
        )
        elapsed = time.monotonic() - recovering
    finally:
        stop(eu)
        stop(second) if second else None

    # Every supplier filed exactly once, and each declaration is at the EU with a reference.
    assert BulkFilingRow.objects.filter(filing=filing, state=RowState.FILED).count() == SUPPLIERS
    statements = DueDiligenceStatement.objects.filter(owner=filing.owner)
    assert statements.count() == SUPPLIERS
    assert len(set(statements.values_list("internal_reference", flat=True))) == SUPPLIERS
    assert len(fake_eu.records) == SUPPLIERS
    results = bulk_filing_results(filing)
    assert all(line["eu_status"] == "AVAILABLE" and line["eu_reference_number"] for line in results)
    report(
        "Worker killed during a bulk filing",
        lost=0,
        wall_seconds=elapsed,
        note=(
            f"{SUPPLIERS} suppliers, {at_kill} filed at the kill; upload to last EU reference "
            f"{filed_at - started:.0f} s to filed, {time.monotonic() - started:.0f} s to AVAILABLE"
        ),
    )
