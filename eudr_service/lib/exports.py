"""The one writer of every CSV and XLSX export: headers and rows in, a download out.

Every export of the API and the panel (the roster template, bulk filing results, supplier
consignments, supplier and customer records, risk job results) is written here, so each gets
the same guard and the same form for its reader:

- Polish (`pl`): `;` between cells, a decimal comma, UTF-8 with a byte order mark — what a
  Polish Excel opens by double-click with the letters intact and the numbers as numbers.
- English (`en`): `,` and a decimal point, also with the byte order mark: without it Excel
  reads UTF-8 as the system code page and garbles `Łęczyca` in any language.
- XLSX (openpyxl): numbers as numbers, every text as a string cell (never a formula, whatever
  it starts with); characters a workbook cannot hold (C0 controls) are dropped.
- Every CSV text cell goes through `csv_safe` (the formula guard for every separator).

Rows hold typed values: text, int, Decimal or float, date, datetime, bool or None. Text is the
user's or ours; numbers and dates are formatted here, for the reader.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import override
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

from eudr_service.lib.csv_cells import csv_safe
from eudr_service.lib.problems import Problem
from eudr_service.lib.timestamps import iso_millis

EXPORT_FORMATS = ("csv", "xlsx")
CSV_TYPE = "text/csv; charset=utf-8"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
BOM = "\ufeff"
# The query parameter of every export route, as the API documents it.
EXPORT_LANG = OpenApiParameter(
    "lang",
    OpenApiTypes.STR,
    enum=["pl", "en"],
    description=(
        "The reader's language: pl (`;` between cells, decimal comma) or en (`,`, decimal point); "
        "both UTF-8 with a byte order mark. Without it: the panel's language, else pl."
    ),
)
_YES_NO = {True: _("yes"), False: _("no")}


@dataclass(frozen=True)
class CsvForm:
    """How a reader of one language expects a CSV file."""

    delimiter: str
    decimal: str


CSV_FORMS = {"pl": CsvForm(delimiter=";", decimal=","), "en": CsvForm(delimiter=",", decimal=".")}


def export_language(request: HttpRequest) -> str:
    """The reader's language: `?lang=pl|en`, else the language the panel remembers for this
    browser (its cookie), else the service's (Polish). Anything else is a 400 problem."""
    asked = (request.GET.get("lang") or "").strip().lower()
    if asked:
        if asked not in CSV_FORMS:
            raise Problem(400, "invalid_request", "lang must be pl or en.")
        return asked
    remembered = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    return remembered if remembered in CSV_FORMS else settings.LANGUAGE_CODE


def number_text(value: int | float | Decimal, *, lang: str) -> str:
    """A number as its reader writes it: no spurious decimals (12000.000 -> 12000), the
    decimal comma in Polish, no thousands separator (a spreadsheet reads it as text)."""
    if isinstance(value, Decimal):
        text = format(value, "f")
        if "." in text:
            text = text.rstrip("0").rstrip(".")
    else:
        text = str(value)
    return text.replace(".", CSV_FORMS[lang].decimal)


def _text(value: Any, *, lang: str) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        with override(lang):
            return str(_YES_NO[value])
    if isinstance(value, (int, float, Decimal)):
        return number_text(value, lang=lang)
    if isinstance(value, datetime):
        return iso_millis(value) or ""
    if isinstance(value, date):
        return value.isoformat()
    return csv_safe(str(value))


def csv_bytes(*, headers: Sequence[str], rows: Iterable[Sequence[Any]], lang: str) -> bytes:
    """The table as CSV in the reader's form (see the module's docstring)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=CSV_FORMS[lang].delimiter, lineterminator="\r\n")
    writer.writerow([csv_safe(str(header)) for header in headers])
    for row in rows:
        writer.writerow([_text(value, lang=lang) for value in row])
    return (BOM + out.getvalue()).encode("utf-8")


def _xlsx_value(value: Any, *, lang: str) -> Any:
    if value is None or (isinstance(value, (int, float, Decimal)) and not isinstance(value, bool)):
        return value
    if isinstance(value, datetime):
        return iso_millis(value)
    if isinstance(value, date):
        return value  # a date cell: the reader's spreadsheet shows it in its own form
    if isinstance(value, bool):
        with override(lang):
            return str(_YES_NO[value])
    return str(value)


def xlsx_bytes(*, headers: Sequence[str], rows: Iterable[Sequence[Any]], lang: str, title: str) -> bytes:
    """The table as one XLSX sheet: text cells typed as strings, never formulas."""

    book = Workbook(write_only=True)
    sheet = book.create_sheet(title=title[:31])

    def cell(value: Any) -> WriteOnlyCell:
        value = _xlsx_value(value, lang=lang)
        if isinstance(value, str):
            value = ILLEGAL_CHARACTERS_RE.sub("", value)
        written = WriteOnlyCell(sheet, value=value)
        if isinstance(value, str):
            # openpyxl would type a text starting with "=" as a formula.
            written.data_type = "s"
        return written

    sheet.append([cell(str(header)) for header in headers])
    for row in rows:
        sheet.append([cell(value) for value in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def export_response(
    *,
    headers: Sequence[str],
    rows: Iterable[Sequence[Any]],
    lang: str,
    fmt: str,
    filename: str,
    title: str = "export",
) -> HttpResponse:
    """The download: `filename` without its extension, `fmt` csv or xlsx, in `lang`'s form
    (named in Content-Language)."""
    if fmt == "xlsx":
        body, content_type = xlsx_bytes(headers=headers, rows=rows, lang=lang, title=title), XLSX_TYPE
    else:
        body, content_type = csv_bytes(headers=headers, rows=rows, lang=lang), CSV_TYPE
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}.{fmt}"'
    response["Content-Language"] = lang
    # Exports hold an account's records: never kept by a shared cache.
    response["Cache-Control"] = "no-store"
    return response
