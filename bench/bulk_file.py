"""Bench helper, run by bench/cases_suppliers.py in a subprocess with the app's env (EU_IS_URL = the
fake, EU_IS_QUEUE = the queue of the case's EU worker, paced to the EU's 5 calls a second).

run:  store the fake's credentials for the demo account, upload a roster of --count suppliers (each
      cattle farmer's holding by postal address: no parcel service in the bench), record their
      mandates, start one bulk filing and file it here (this process is the bulk worker: the
      chunks run in a loop, as the task would run them), send the poll task every second (what
      beat does) until every declaration is final at the EU or --timeout; print
      {"upload": t, "filed": t, "last_available": t, "available": n, "rows": n} as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eudr_service.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.utils import timezone  # noqa: E402

from accounts.models import User  # noqa: E402
from accounts.services import eu_credential_set  # noqa: E402
from eu_filing.models import EuStatusChange, EuSubmission  # noqa: E402
from eu_filing.tasks import eu_submissions_poll_task  # noqa: E402
from suppliers import bulk, tasks  # noqa: E402
from suppliers.models import BulkFiling, MandateStatus, Supplier, SupplierMandate  # noqa: E402
from suppliers.services import roster_import  # noqa: E402

DEMO_EMAIL = "demo@operator.example"
HEADER = (
    "producer_number,name,size,street,postal_code,city,commodity,quantity,unit,land_postal_code,land_city"
)
OPTIONS = {
    "activity": "domestic",
    "signatory_name": "Ewa Zielińska",
    "signatory_function": "Kierownik skupu",
    "estimate_percentage": "10",
    "goods": {"cattle": {"description": "Bydło żywe", "hs_heading": "0102"}},
}


def run(count: int, timeout: float) -> dict[str, float]:
    owner = User.objects.get(email=DEMO_EMAIL)
    eu_credential_set(
        account=owner,
        username="demo-operator",
        authentication_key="demo-authentication-key",
        client_id="eudr-test",
        environment="acceptance",
    )
    rows = [
        f"B-{n:05d},Hodowca {n},natural_person,Wola {n},05-300,Mińsk,bydło,{10 + n % 30},szt,26-601,Jedlińsk"
        for n in range(count)
    ]
    started = time.time()
    roster_import(
        owner=owner, livemode=True, filename="bench.csv", data=("\n".join([HEADER, *rows]) + "\n").encode()
    )
    SupplierMandate.objects.bulk_create(
        SupplierMandate.for_supplier(
            s, kind="email_confirmation", status=MandateStatus.ACTIVE, confirmed_at=timezone.now()
        )
        for s in Supplier.objects.filter(owner=owner, producer_number__startswith="B-")
    )
    # This process files the chunks itself; no task goes to the main bench worker.
    tasks.bulk_filing_run_task.delay = lambda *args: None
    # What the panel's and the API's start does inside the request: record the filing and its
    # rows, queue the work. Everything after is the workers'.
    before = time.perf_counter()
    filing = bulk.bulk_filing_create(owner=owner, livemode=True, options=OPTIONS)
    start_s = time.perf_counter() - before
    while BulkFiling.objects.get(pk=filing.pk).status == "running":
        bulk.bulk_filing_run(filing.pk)
    filed = time.time()
    options = {"queue": settings.EU_IS_QUEUE} if settings.EU_IS_QUEUE else {}
    ours = EuSubmission.objects.filter(statement__owner=owner, statement__internal_reference__startswith="B-")
    deadline = time.monotonic() + timeout
    while ours.exclude(state="final").exists() and time.monotonic() < deadline:
        eu_submissions_poll_task.apply_async(**options)
        time.sleep(1.0)
    available = EuStatusChange.objects.filter(submission__in=ours, to_status="AVAILABLE")
    last = max((c.changed_at.timestamp() for c in available), default=float("nan"))
    return {
        "upload": started,
        "filed": filed,
        "last_available": last,
        "available": available.count(),
        "rows": filing.total,
        "start_s": start_s,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--timeout", type=float, default=1800)
    args = parser.parse_args()
    print(json.dumps(run(args.count, args.timeout)))


if __name__ == "__main__":
    main()
