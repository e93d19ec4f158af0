"""A bulk filing's results for the buyer's spreadsheet (issue 39 point 5): in the reader's
language (Polish headers and words, `;` and a BOM; English on request), as XLSX too, and an
`errors` cell that says in words what went wrong for every row with a problem."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone, translation
from openpyxl import load_workbook

from compliance.labels import STATUS_LABELS
from suppliers.bulk import bulk_filing_create
from suppliers.models import MandateStatus, Supplier, SupplierMandate
from tests.eu_filing.test_simplified_declaration import SECOND_PARCEL, eu  # noqa: F401  (fixture)
from tests.euis.conftest import fake_eu  # noqa: F401  (fixture)
from tests.suppliers.test_bulk_filing import HEADER, OPTIONS, ROSTER, buyer  # noqa: F401  (fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]
FILINGS = "/api/eudr/v1/supplier-filings"
POLISH_HEADER = (
    "numer dostawcy;dostawca;stan zgłoszenia;deklaracja;status weryfikacji;status w UE;"
    "numer referencyjny UE;numer weryfikacyjny UE;błędy"
)


def _file(client, django_capture_on_commit_callbacks) -> str:
    with django_capture_on_commit_callbacks(execute=True):
        started = client.post(FILINGS, OPTIONS, format="json")
    assert started.status_code == 202, started.content
    return started.json()["id"]


def _polish_rows(client, filing_id: str) -> dict[str, dict[str, str]]:
    response = client.get(f"{FILINGS}/{filing_id}/results.csv")
    assert response.status_code == 200 and response["Content-Language"] == "pl"
    assert response.content.startswith("\ufeff".encode())
    text = response.content.decode("utf-8-sig")
    assert text.splitlines()[0] == POLISH_HEADER
    return {row["numer dostawcy"]: row for row in csv.DictReader(io.StringIO(text), delimiter=";")}


def test_polish_results_say_in_words_what_went_wrong_for_a_parcel_uldk_does_not_know(
    buyer,  # noqa: F811
    uldk,
    django_capture_on_commit_callbacks,
):
    state, _url = uldk
    state.bodies[SECOND_PARCEL] = "-1 brak wyników\n"  # D-2's parcel: unknown to the register
    filing_id = _file(buyer, django_capture_on_commit_callbacks)
    rows = _polish_rows(buyer, filing_id)
    assert set(rows) == {"D-1", "D-2", "D-3"}
    # Filed, but its parcel could not be checked: the row says so, in Polish.
    unknown = rows["D-2"]
    assert unknown["stan zgłoszenia"] == "złożone"
    with translation.override("pl"):
        under_review = str(STATUS_LABELS["UNDER_REVIEW"])
    assert unknown["status weryfikacji"] == under_review != "UNDER_REVIEW"
    assert f"działka {SECOND_PARCEL}: działki nie ma w krajowym rejestrze (ULDK)" in unknown["błędy"]
    # A row without a problem has nothing in `errors`; codes appear nowhere.
    assert rows["D-1"]["błędy"] == ""
    assert rows["D-1"]["deklaracja"].startswith("SD-PL-")
    for row in rows.values():
        assert row["stan zgłoszenia"] not in ("filed", "failed", "queued")
        assert row["status weryfikacji"] not in ("COMPLIANT", "UNDER_REVIEW")


def test_a_row_that_failed_and_a_declaration_not_sent_for_want_of_credentials_say_why(
    keyed_client,
    eu,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    client = keyed_client("standard")  # no EU credentials stored
    data = ("\n".join([HEADER, *ROSTER]) + "\n").encode()
    upload = client.post(
        "/api/eudr/v1/suppliers/import", {"file": SimpleUploadedFile("r.csv", data)}, format="multipart"
    )
    assert upload.status_code == 201, upload.content
    for number in ("D-1", "D-3"):
        SupplierMandate.objects.create(
            supplier=Supplier.objects.get(producer_number=number),
            kind="email_confirmation",
            status=MandateStatus.ACTIVE,
            confirmed_at=timezone.now(),
        )
    # D-3's goods name an HS code outside cattle's Annex I lines: its row fails at filing.
    broken = {
        **OPTIONS,
        "goods": {**OPTIONS["goods"], "cattle": {"description": "Bydło", "hs_heading": "4403"}},
    }
    with django_capture_on_commit_callbacks(execute=True):
        filing = bulk_filing_create(owner=Supplier.objects.first().owner, livemode=True, options=broken)
    filing_id = filing.public_id
    rows = _polish_rows(client, filing_id)
    assert rows["D-1"]["stan zgłoszenia"] == "złożone"
    assert "To konto nie ma danych logowania do systemu UE" in rows["D-1"]["błędy"]
    assert rows["D-3"]["stan zgłoszenia"] == "błąd"
    assert rows["D-3"]["błędy"].startswith(
        "kod HS: kod HS towaru w zgłoszeniu nie należy do pozycji załącznika I"
    )
    english = client.get(f"{FILINGS}/{filing_id}/results.csv", {"lang": "en"})
    assert english["Content-Language"] == "en"
    lines = list(csv.DictReader(io.StringIO(english.content.decode("utf-8-sig"))))
    by_number = {line["producer number"]: line for line in lines}
    assert "No EU credentials for the" in by_number["D-1"]["errors"]
    assert (by_number["D-1"]["filing state"], by_number["D-3"]["filing state"]) == ("filed", "failed")
    assert by_number["D-3"]["errors"].startswith("HS code: the HS code of the filing's goods is not under")


def test_results_as_an_excel_workbook(
    buyer,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    filing_id = _file(buyer, django_capture_on_commit_callbacks)
    listed = buyer.get(f"{FILINGS}/{filing_id}").json()["results"]
    assert listed["xlsx"].endswith(f"{FILINGS}/{filing_id}/results.xlsx")
    response = buyer.get(f"{FILINGS}/{filing_id}/results.xlsx")
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{filing_id}-results.xlsx"'
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert rows[0][:3] == ["numer dostawcy", "dostawca", "stan zgłoszenia"]
    assert sorted(row[0] for row in rows[1:]) == ["D-1", "D-2", "D-3"]
    assert all(row[2] == "złożone" for row in rows[1:])
