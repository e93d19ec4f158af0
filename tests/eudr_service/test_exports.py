"""The one CSV/XLSX writer: the reader's form (Polish `;`, BOM, decimal comma; English `,`),
numbers without spurious decimals, text cells never formulas in either format, and the
formula guard for every separator a reader may split on."""

from __future__ import annotations

import csv
import io
from datetime import date
from decimal import Decimal

import pytest
from django.test import RequestFactory
from openpyxl import load_workbook

from eudr_service.lib.csv_cells import CELL_SEPARATORS, FORMULA_STARTS, csv_safe
from eudr_service.lib.exports import csv_bytes, export_language, export_response, number_text, xlsx_bytes
from eudr_service.lib.problems import Problem

HOSTILE = [
    "=cmd|' /C calc'!A0",
    "Jan;=cmd|' /C calc'!A0",  # issue 40.9: a formula once Polish Excel splits on `;`
    "Jan,=HYPERLINK(1)",
    "Jan\t+SUM(A1)",
    "Jan|@SUM(A1)",
    "Jan\r\n-2+3+cmd|' /C calc'!A0",
    'Jan; "=1+1"',
    "Jan,   =1+1",
]


def _cells_a_reader_may_see(text: str) -> list[str]:
    """Every cell a reader could make of the text, whichever separator it splits on, with
    the spaces and quote it may trim or take off."""
    cells = []
    for separator in CELL_SEPARATORS:
        cells += [part.lstrip(" ").lstrip('"') for part in text.split(separator)]
    return cells


@pytest.mark.parametrize("value", HOSTILE)
def test_no_part_of_a_guarded_text_starts_a_formula_under_any_separator(value):
    guarded = csv_safe(value)
    assert not [c for c in _cells_a_reader_may_see(guarded) if c and c[0] in FORMULA_STARTS], guarded
    # Nothing is lost: only apostrophes were added.
    assert guarded.replace("'", "") == value.replace("'", "")


@pytest.mark.parametrize("value", ["Polna 3", "e-mail", "141201_1.0001.6509; 141201_1.0001.6510", "Łęczyca"])
def test_ordinary_text_is_left_as_it_is(value):
    assert csv_safe(value) == value


@pytest.mark.parametrize("value", HOSTILE)
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_written_file_holds_no_formula_for_any_reader(value, lang):
    body = csv_bytes(headers=["name"], rows=[[value]], lang=lang).decode("utf-8-sig")
    # A reader splitting the raw lines on any separator, ignoring our quotes.
    raw_cells = [c for line in body.splitlines() for c in _cells_a_reader_may_see(line)]
    assert not [c for c in raw_cells if c and c[0] in FORMULA_STARTS], body


def test_polish_form_semicolon_bom_decimal_comma_and_no_spurious_decimals():
    body = csv_bytes(
        headers=["nazwa", "ilość", "udział", "data"],
        rows=[["Łęczyca", Decimal("12000.000"), Decimal("2.500"), date(2027, 7, 1)], ["x", 40, 0.5, None]],
        lang="pl",
    )
    assert body.startswith("\ufeff".encode())
    text = body.decode("utf-8-sig")
    assert text.splitlines() == ["nazwa;ilość;udział;data", "Łęczyca;12000;2,5;2027-07-01", "x;40;0,5;"]


def test_english_form_comma_bom_and_decimal_point():
    body = csv_bytes(headers=["name", "quantity"], rows=[["Jan;Kowalski", Decimal("3.250")]], lang="en")
    assert body.startswith("\ufeff".encode())
    assert list(csv.reader(io.StringIO(body.decode("utf-8-sig")))) == [
        ["name", "quantity"],
        ["Jan;Kowalski", "3.25"],
    ]


def test_a_cell_holding_the_separator_is_quoted_and_reads_back_whole():
    body = csv_bytes(headers=["a"], rows=[["x;y", "p, q"]], lang="pl").decode("utf-8-sig")
    assert list(csv.reader(io.StringIO(body), delimiter=";"))[1] == ["x;y", "p, q"]


@pytest.mark.parametrize(
    ("value", "lang", "text"),
    [
        (Decimal("12000.000"), "pl", "12000"),
        (Decimal("1.2E+4"), "pl", "12000"),
        (Decimal("0.125"), "pl", "0,125"),
        (Decimal("-3.50"), "en", "-3.5"),
        (7, "pl", "7"),
        (21.59, "pl", "21,59"),
    ],
)
def test_numbers_as_the_reader_writes_them(value, lang, text):
    assert number_text(value, lang=lang) == text


def test_xlsx_types_text_as_strings_and_numbers_as_numbers():
    body = xlsx_bytes(
        headers=["=name", "quantity"],
        rows=[["=cmd|' /C calc'!A0", Decimal("12000.000")], ["Jan\x1bKowalski", 3.5]],
        lang="pl",
        title="results",
    )
    sheet = load_workbook(io.BytesIO(body)).active
    cells = [[(cell.value, cell.data_type) for cell in row] for row in sheet.iter_rows()]
    assert cells[0] == [("=name", "s"), ("quantity", "s")]
    assert cells[1] == [("=cmd|' /C calc'!A0", "s"), (12000, "n")]
    # A control character a workbook cannot hold is dropped, not a failed download.
    assert cells[2] == [("JanKowalski", "s"), (3.5, "n")]
    assert sheet.title == "results"


def test_the_response_names_its_form():
    response = export_response(headers=["a"], rows=[["b"]], lang="pl", fmt="csv", filename="x")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="x.csv"'
    assert (response["Content-Language"], response["Cache-Control"]) == ("pl", "no-store")
    workbook = export_response(headers=["a"], rows=[["b"]], lang="en", fmt="xlsx", filename="x")
    assert workbook["Content-Type"].startswith("application/vnd.openxmlformats-officedocument.spreadsheetml")
    assert workbook.content[:2] == b"PK"


def test_the_readers_language_query_then_panel_cookie_then_polish(settings):
    factory = RequestFactory()
    assert export_language(factory.get("/x")) == "pl"
    remembered = factory.get("/x")
    remembered.COOKIES[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert export_language(remembered) == "en"
    asked = factory.get("/x", {"lang": "PL"})
    asked.COOKIES[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert export_language(asked) == "pl"
    with pytest.raises(Problem) as refused:
        export_language(factory.get("/x", {"lang": "de"}))
    assert refused.value.status_code == 400
