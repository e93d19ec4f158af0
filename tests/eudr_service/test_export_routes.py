"""Every CSV/XLSX export of the API and the panel comes from the one writer
(eudr_service.lib.exports; issue 42 "one CSV writer", issue 40 point 9).

The export routes are found in the URL conf (a path ending in .csv, .xlsx or a format
placeholder), not listed by hand: a new export fails `test_every_export_route_is_walked`
until it is added here. Each is called with a user's hostile text in its data, in both
languages, and must answer in the reader's form (a byte order mark, `;` for Polish and `,`
for English, Content-Language) with no cell a reader could open as a formula, whichever
separator it splits on; an XLSX types that text as a string. The panel's pages link their
downloads to these routes only. And no module but the writer builds CSV itself.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import resolve
from django.utils import timezone
from openpyxl import load_workbook

from eudr_service.lib.csv_cells import CELL_SEPARATORS, FORMULA_STARTS
from suppliers.models import MandateStatus, Supplier, SupplierMandate
from tests.eu_filing.test_simplified_declaration import eu  # noqa: F401  (fixture)
from tests.euis.conftest import fake_eu  # noqa: F401  (fixture)
from tests.security.test_route_walk import routes
from tests.suppliers.test_bulk_filing import HEADER, OPTIONS, ROSTER

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]
ROOT = Path(__file__).resolve().parents[2]
EXPORT_ROUTE = re.compile(r"\.(?:csv|xlsx|<(?:str:)?\w+>)/?\$?$")
# A name that turns into a formula once Polish Excel splits on `;` (issue 40.9), or `,`.
HOSTILE = "Jan;=cmd|' /C calc'!A0,+SUM(1)"
DELIMITERS = {"pl": ";", "en": ","}


def export_routes() -> dict[str, str]:
    """Route name -> pattern of every route that serves a download."""
    return {
        route.name or route.pattern: route.pattern for route in routes() if EXPORT_ROUTE.search(route.pattern)
    }


def _buyer(keyed_client, django_capture_on_commit_callbacks):
    """A buyer with the bulk filing tests' roster, D-1's name hostile, filed in bulk."""
    client = keyed_client("standard")
    data = ("\n".join([HEADER, *ROSTER]) + "\n").encode()
    upload = client.post(
        "/api/eudr/v1/suppliers/import", {"file": SimpleUploadedFile("r.csv", data)}, format="multipart"
    )
    assert upload.status_code == 201, upload.content
    Supplier.objects.filter(producer_number="D-1").update(name=HOSTILE)
    for number in ("D-1", "D-2", "D-3"):
        SupplierMandate.objects.create(
            supplier=Supplier.objects.get(producer_number=number),
            kind="email_confirmation",
            status=MandateStatus.ACTIVE,
            confirmed_at=timezone.now(),
        )
    with django_capture_on_commit_callbacks(execute=True):
        started = client.post("/api/eudr/v1/supplier-filings", OPTIONS, format="json")
    assert started.status_code == 202, started.content
    client.filing_id = started.json()["id"]
    return client


def _filing_results(fmt: str) -> Callable:
    def setup(keyed_client, capture):
        client = _buyer(keyed_client, capture)
        return client, f"/api/eudr/v1/supplier-filings/{client.filing_id}/results.{fmt}"

    return setup


def _consignments(keyed_client, capture):
    client = _buyer(keyed_client, capture)
    d1 = Supplier.objects.get(producer_number="D-1")
    recorded = client.post(
        f"/api/eudr/v1/suppliers/{d1.public_id}/consignments",
        {"consignment_reference": "WZ/1", "consignment_date": "2027-07-01"},
        format="json",
    )
    assert recorded.status_code == 201, recorded.content
    return client, "/api/eudr/v1/suppliers/consignments.csv"


def _trading_partners(keyed_client, capture):
    client = keyed_client("standard")
    recorded = client.post(
        "/api/eudr/v1/trading-partners",
        {
            "kind": "customer",
            "consignment_reference": "WZ/2",
            "consignment_date": "2026-04-01",
            "name": HOSTILE,
            "postal_address": "ul. Leśna 4, 26-600 Radom",
            "email": "jan@example.pl",
        },
        format="json",
    )
    assert recorded.status_code == 201, recorded.content
    return client, "/api/eudr/v1/trading-partners/export.csv"


def _risk_job_results(keyed_client, capture):
    client = keyed_client("standard")
    text = f'lat,lng,ProducerName\n52.0,21.0,"{HOSTILE}"\n'
    with capture(execute=True):
        created = client.post(
            "/api/eudr/v1/risk-score/jobs",
            {"file": SimpleUploadedFile("plots.csv", text.encode()), "commodity": "wood"},
            format="multipart",
        )
    assert created.status_code == 202, created.content
    return client, f"/api/eudr/v1/risk-score/jobs/{created.json()['id']}/results.csv"


def _template(keyed_client, capture):
    return keyed_client("standard"), "/api/eudr/v1/suppliers/template.csv"


WALKED = {
    "supplier-filings-results-csv": _filing_results("csv"),
    "supplier-filings-results-xlsx": _filing_results("xlsx"),
    "suppliers-consignments-csv": _consignments,
    "trading-partners-csv": _trading_partners,
    "risk-job-results": _risk_job_results,
    "suppliers-template": _template,
    "suppliers-template-xlsx": lambda keyed_client, capture: (
        keyed_client("standard"),
        "/api/eudr/v1/suppliers/template.xlsx",
    ),
}
# Exports whose data hold no user text (the template's example row is ours).
NO_USER_TEXT = {"suppliers-template", "suppliers-template-xlsx"}


def test_every_export_route_is_walked():
    assert set(export_routes()) == set(WALKED)


def _cells_a_reader_may_see(text: str) -> list[str]:
    return [part.lstrip(" ").lstrip('"') for sep in CELL_SEPARATORS for part in text.split(sep)]


def _check_csv(response, lang: str, *, hostile: bool) -> None:
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Language"] == lang and response["Cache-Control"] == "no-store"
    assert response.content.startswith("\ufeff".encode())
    text = response.content.decode("utf-8-sig")
    header = text.splitlines()[0]
    other = DELIMITERS["en" if lang == "pl" else "pl"]
    assert DELIMITERS[lang] in header and other not in header, header
    rows = list(csv.reader(io.StringIO(text), delimiter=DELIMITERS[lang]))
    assert len({len(row) for row in rows}) == 1  # one table, every row as wide as the header
    for line in text.splitlines():
        risky = [cell for cell in _cells_a_reader_may_see(line) if cell and cell[0] in FORMULA_STARTS]
        assert not risky, (line, risky)
    if hostile:
        assert any("Jan;'=cmd" in cell for row in rows for cell in row), text


@pytest.mark.parametrize("name", sorted(WALKED))
def test_every_export_comes_from_the_one_writer(name, keyed_client, eu, django_capture_on_commit_callbacks):  # noqa: F811
    client, path = WALKED[name](keyed_client, django_capture_on_commit_callbacks)
    assert resolve(path).url_name == name
    for lang in ("pl", "en"):
        response = client.get(path, {"lang": lang})
        assert response.status_code == 200, response.content[:300]
        if path.endswith(".xlsx"):
            assert response["Content-Language"] == lang
            sheet = load_workbook(io.BytesIO(response.content)).active
            cells = [cell for row in sheet.iter_rows() for cell in row if isinstance(cell.value, str)]
            assert cells and all(cell.data_type == "s" for cell in cells)
            if name not in NO_USER_TEXT:
                assert [cell.value for cell in cells].count(HOSTILE) == 1
        else:
            _check_csv(response, lang, hostile=name not in NO_USER_TEXT)
    assert client.get(path, {"lang": "de"}).status_code == 400


def test_the_panel_links_its_downloads_to_the_walked_routes(
    keyed_client,
    eu,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    _buyer(keyed_client, django_capture_on_commit_callbacks)
    browser = Client()
    browser.force_login(Supplier.objects.first().owner)
    linked = set()
    suppliers_page = browser.get("/panel/suppliers/").content.decode()
    filing_pages = set(re.findall(r'href="(/panel/suppliers/filings/[^"/]+/)"', suppliers_page))
    assert filing_pages  # each filing's own page offers its results too
    for page in ("/panel/suppliers/", "/panel/supply-chain/", *filing_pages):
        html = browser.get(page).content.decode()
        linked |= {
            href.split("?")[0] for href in re.findall(r'href="([^"]+\.(?:csv|xlsx)(?:\?[^"]*)?)"', html)
        }
    names = {resolve(href).url_name for href in linked}
    assert names <= set(WALKED)
    # The filings table offers the results in both spreadsheet forms, the roster page its template.
    assert {"supplier-filings-results-csv", "supplier-filings-results-xlsx", "suppliers-template"} <= names
    # Signed in, a download follows the panel's language (no `lang`): Polish by default.
    results = next(href for href in linked if href.endswith("results.csv"))
    _check_csv(browser.get(results), "pl", hostile=True)
    browser.cookies["django_language"] = "en"
    _check_csv(browser.get(results), "en", hostile=True)


def test_no_module_but_the_writer_builds_a_csv():
    writer = ROOT / "eudr_service" / "lib" / "exports.py"
    builds = re.compile(r"csv\.(?:writer|DictWriter)\(|content_type=\"text/csv|[\"']\\ufeff[\"']")
    packages = [p for p in ROOT.iterdir() if (p / "__init__.py").exists() and p.name != "tests"]
    found = [
        str(path.relative_to(ROOT))
        for package in packages
        for path in package.rglob("*.py")
        if path != writer and builds.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []
