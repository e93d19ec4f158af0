"""A supplier roster file (CSV or XLSX) read and checked offline, row by row.

Every check that needs no other party runs here, before anything is stored: NIP and
REGON checksums, parcel identifiers (TERYT unit codes included), postal codes, the
commodity and the size that make a simplified declaration possible. A file with any
invalid row is refused whole, each problem named with its line and column, so a buyer
fixes the file and uploads it again; nothing is half-imported.

Headers are accepted in English or Polish, in any case and order, with or without
diacritics; unknown columns are refused (a typo would otherwise drop data silently).
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
import zipfile
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from eudr_service.lib.nip import nip_normalise
from eudr_service.lib.regon import regon_normalise
from euis.quantities import UNIT_NAMES
from regulation.commodities import UnknownCommodity, normalize_commodity
from regulation.regime import Size
from risk.engine import InvalidParcelId, parse_parcel_id

MAX_ROWS = 5_000  # a buyer's whole supplier base; more is split into several files
MAX_CELL = 300  # characters; the longest field (a street) fits
MAX_PARCELS_PER_SUPPLIER = 100  # what one simplified declaration's producer takes (V3)
POSTAL_CODE = re.compile(r"[0-9]{2}-[0-9]{3}", flags=re.ASCII)
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_SIZE_NAMES = {
    "natural_person": Size.NATURAL_PERSON,
    "osoba fizyczna": Size.NATURAL_PERSON,
    "micro": Size.MICRO,
    "mikro": Size.MICRO,
    "mikroprzedsiebiorstwo": Size.MICRO,
    "small": Size.SMALL,
    "male": Size.SMALL,
    "male przedsiebiorstwo": Size.SMALL,
}


@dataclass(frozen=True)
class Column:
    key: str
    english: str
    polish: str
    required: bool


COLUMNS = (
    Column("producer_number", "producer_number", "numer dostawcy", True),
    Column("name", "name", "nazwa", True),
    Column("size", "size", "wielkość", True),
    Column("nip", "nip", "NIP", False),
    Column("regon", "regon", "REGON", False),
    # Required: the EU's structured address needs a street (a village's "Wólka 12" is one).
    Column("street", "street", "ulica", True),
    Column("postal_code", "postal_code", "kod pocztowy", True),
    Column("city", "city", "miejscowość", True),
    Column("email", "email", "e-mail", False),
    Column("commodity", "commodity", "towar", True),
    # The yearly quantity the declaration estimates (Annex III: the quantity), in kg or in a
    # supplementary unit (head of cattle NAR, m³ of wood MTQ; euis.quantities).
    Column("quantity", "quantity", "ilość", True),
    Column("unit", "unit", "jednostka", True),
    Column("parcels", "parcels", "działki", False),
    Column("land_street", "land_street", "ulica gruntu lub siedziby stada", False),
    Column("land_postal_code", "land_postal_code", "kod pocztowy gruntu lub siedziby stada", False),
    Column("land_city", "land_city", "miejscowość gruntu lub siedziby stada", False),
)
EXAMPLE_ROW = {
    "producer_number": "D-0001",
    "name": "Jan Kowalski",
    "size": "natural_person",
    "nip": "",
    "regon": "",
    "street": "Polna 3",
    "postal_code": "99-100",
    "city": "Łęczyca",
    "email": "jan.kowalski@example.pl",
    "commodity": "soja",
    "quantity": "18000",
    "unit": "kg",
    "parcels": "140602_2.0052.118; 061405_2.0004.731",  # known to make run's ULDK stand-in
    "land_street": "",
    "land_postal_code": "",
    "land_city": "",
}


@dataclass(frozen=True)
class RowError:
    line: int  # the file's line (CSV) or sheet row (XLSX); the header is line 1
    field: str
    code: str
    message: str | Promise

    def as_dict(self) -> dict[str, Any]:
        return {"line": self.line, "field": self.field, "code": self.code, "message": str(self.message)}


@dataclass
class SupplierRow:
    line: int
    values: dict[str, str] = field(default_factory=dict)
    parcels: list[str] = field(default_factory=list)


class RosterInvalid(ValueError):
    def __init__(self, errors: list[RowError]) -> None:
        self.errors = errors
        super().__init__(f"{len(errors)} problem(s) in the roster")


def _fold(text: str) -> str:
    text = " ".join(str(text).strip().lower().replace("ł", "l").replace("_", " ").split())
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


SIZES = {_fold(name): size for name, size in _SIZE_NAMES.items()}
_HEADERS = {_fold(name): column.key for column in COLUMNS for name in (column.english, column.polish)}


def template_csv(lang: str) -> str:
    """The roster template: the header row in `lang` (pl or en) and one example row."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if lang == "pl" else ",", lineterminator="\r\n")
    writer.writerow([column.polish if lang == "pl" else column.english for column in COLUMNS])
    writer.writerow([EXAMPLE_ROW[column.key] for column in COLUMNS])
    return out.getvalue()


def read_table(data: bytes, *, file_format: str) -> list[list[str]]:
    """The file's rows as text cells. Raises RosterInvalid when it cannot be read at all."""
    if file_format == "xlsx":
        return _read_xlsx(data)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Polish Excel saves "CSV" in Windows-1250 unless told otherwise.
        text = data.decode("cp1250", errors="replace")
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    return [row for row in csv.reader(io.StringIO(text), delimiter=delimiter)]


def _read_xlsx(data: bytes) -> list[list[str]]:
    # openpyxl is imported only for workbooks: most rosters are CSV.
    from openpyxl import load_workbook  # noqa: PLC0415
    from openpyxl.utils.exceptions import InvalidFileException  # noqa: PLC0415

    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, ValueError, OSError) as exc:
        raise RosterInvalid(
            [RowError(0, "file", "unreadable", _("The file is not an XLSX workbook."))]
        ) from exc
    try:
        sheet = workbook.worksheets[0]
        rows = []
        for row in sheet.iter_rows(values_only=True):
            rows.append(["" if cell is None else _cell_text(cell) for cell in row])
            if len(rows) > MAX_ROWS + 1:
                break
        return rows
    finally:
        workbook.close()


def _cell_text(cell: Any) -> str:
    # A producer number or NIP typed as a number comes back as 1234.0 or 1234.
    if isinstance(cell, float) and cell.is_integer():
        return str(int(cell))
    return str(cell)


def validate(table: list[list[str]]) -> list[SupplierRow]:
    """The valid rows; raises RosterInvalid listing every problem of every row."""
    rows = [row for row in table if any(str(cell).strip() for cell in row)]
    if not rows:
        raise RosterInvalid([RowError(1, "file", "empty", _("The file has no header row."))])
    keys, errors = _header(rows[0])
    if errors:
        raise RosterInvalid(errors)
    body = table[1:]
    if sum(1 for row in body if any(str(cell).strip() for cell in row)) > MAX_ROWS:
        message = _("A roster holds at most %(limit)s suppliers; split the file.") % {"limit": MAX_ROWS}
        raise RosterInvalid([RowError(1, "file", "too_many_rows", message)])
    found: list[SupplierRow] = []
    seen: dict[str, int] = {}
    for offset, cells in enumerate(body, start=2):
        if not any(str(cell).strip() for cell in cells):
            continue
        values = {key: (str(cells[i]).strip() if i < len(cells) else "") for i, key in enumerate(keys)}
        row, row_errors = _row(offset, values)
        number = values.get("producer_number", "")
        if number and number in seen:
            message = _("Producer number %(number)s is also on line %(line)s.") % {
                "number": number,
                "line": seen[number],
            }
            row_errors.append(RowError(offset, "producer_number", "duplicate", message))
        seen.setdefault(number, offset)
        errors.extend(row_errors)
        found.append(row)
    if errors:
        raise RosterInvalid(errors)
    if not found:
        raise RosterInvalid([RowError(2, "file", "empty", _("The file has a header but no supplier."))])
    return found


def _header(cells: list[str]) -> tuple[list[str], list[RowError]]:
    keys: list[str] = []
    errors: list[RowError] = []
    for cell in cells:
        key = _HEADERS.get(_fold(cell))
        if key is None:
            message = _("Unknown column %(column)s.") % {"column": str(cell)[:60]}
            errors.append(RowError(1, str(cell)[:60], "unknown_column", message))
        elif key in keys:
            errors.append(RowError(1, key, "duplicate_column", _("The column appears twice.")))
        keys.append(key or "")
    for column in COLUMNS:
        if column.required and column.key not in keys:
            message = _("The column %(column)s is required.") % {"column": column.english}
            errors.append(RowError(1, column.key, "missing_column", message))
    return keys, errors


def _row(line: int, values: dict[str, str]) -> tuple[SupplierRow, list[RowError]]:
    errors: list[RowError] = []

    def refuse(key: str, code: str, message: str | Promise) -> None:
        errors.append(RowError(line, key, code, message))

    for key, value in values.items():
        if len(value) > MAX_CELL:
            refuse(key, "too_long", _("At most %(limit)s characters.") % {"limit": MAX_CELL})
    for column in COLUMNS:
        if column.required and not values.get(column.key):
            refuse(column.key, "required", _("This field is required."))
    row = SupplierRow(line=line, values=dict(values))
    size = SIZES.get(_fold(values.get("size", "")))
    if values.get("size") and size is None:
        refuse(
            "size",
            "invalid_size",
            _(
                "Size is natural_person, micro or small; a medium or large "
                "undertaking files a due diligence statement itself."
            ),
        )
    row.values["size"] = size.value if size else ""
    _identifiers(values, size, row, refuse)
    for key in ("postal_code", "land_postal_code"):
        if values.get(key) and not POSTAL_CODE.fullmatch(values[key]):
            refuse(key, "invalid_postal_code", _("A Polish postal code reads NN-NNN."))
    if values.get("email") and not EMAIL.fullmatch(values["email"]):
        refuse("email", "invalid_email", _("This is not an e-mail address."))
    _commodity(values, row, refuse)
    _quantity(values, row, refuse)
    _land(values, row, refuse)
    return row, errors


def _identifiers(values: dict[str, str], size: Size | None, row: SupplierRow, refuse) -> None:
    nip = values.get("nip", "")
    if nip:
        normal = nip_normalise(nip)
        if normal is None:
            refuse("nip", "invalid_nip", _("The NIP's checksum does not hold."))
        row.values["nip"] = normal or nip
    regon = values.get("regon", "")
    if regon:
        normal = regon_normalise(regon)
        if normal is None:
            refuse("regon", "invalid_regon", _("A REGON has 9 or 14 digits and its checksum must hold."))
        row.values["regon"] = normal or regon
    # An undertaking is identified by its NIP (the EU system's VAT identifier for Poland);
    # a farmer who is a natural person may have none and is named by name and address.
    if size in (Size.MICRO, Size.SMALL) and not nip:
        refuse("nip", "required", _("An undertaking's NIP is required."))


def _commodity(values: dict[str, str], row: SupplierRow, refuse) -> None:
    if not values.get("commodity"):
        return
    try:
        commodity = normalize_commodity(values["commodity"])
    except UnknownCommodity:
        refuse(
            "commodity",
            "unknown_commodity",
            _("Unknown commodity; use an Annex I name such as soja, bydło, drewno."),
        )
        return
    if not commodity.in_scope:
        refuse(
            "commodity", "out_of_scope", _("This commodity is outside the regulation: nothing to declare.")
        )
    row.values["commodity"] = commodity.code


_UNITS = {"kg": "kg", "szt": "NAR", "sztuk": "NAR", "m3": "MTQ", "m³": "MTQ"} | {
    code.lower(): code for code in UNIT_NAMES
}


def _quantity(values: dict[str, str], row: SupplierRow, refuse) -> None:
    text = values.get("quantity", "").replace(" ", "").replace(",", ".")
    if text:
        try:
            amount = Decimal(text)
        except InvalidOperation:
            amount = None
        if amount is None or not amount.is_finite() or amount <= 0 or amount >= Decimal("1e11"):
            refuse("quantity", "invalid_quantity", _("A quantity is a positive number, e.g. 18000 or 12,5."))
        else:
            row.values["quantity"] = str(amount)
    unit = values.get("unit", "")
    if unit:
        code = _UNITS.get(unit.strip().lower())
        if code is None:
            refuse(
                "unit", "invalid_unit", _("The unit is kg, szt (head) or m3, or a code such as NAR or MTQ.")
            )
        row.values["unit"] = code or unit


def _land(values: dict[str, str], row: SupplierRow, refuse) -> None:
    text = values.get("parcels", "")
    parcels = [part for part in re.split(r"[;,\s]+", text) if part]
    if len(parcels) > MAX_PARCELS_PER_SUPPLIER:
        refuse(
            "parcels",
            "too_many_parcels",
            _("At most %(limit)s parcels a supplier.") % {"limit": MAX_PARCELS_PER_SUPPLIER},
        )
    for parcel in parcels:
        try:
            row.parcels.append(parse_parcel_id(parcel).id)
        except InvalidParcelId:
            refuse(
                "parcels",
                "invalid_parcel_id",
                _("%(parcel)s is not a parcel identifier like 140602_2.0052.118.") % {"parcel": parcel[:40]},
            )
    address = [values.get(key, "") for key in ("land_street", "land_postal_code", "land_city")]
    if any(address[1:]) and not all(address[1:]):
        refuse(
            "land_city" if address[1] else "land_postal_code",
            "required",
            _("A land or herd address needs its postal code and town."),
        )
    if not parcels and not all(address[1:]):
        refuse(
            "parcels",
            "land_required",
            _("Give the land as parcel numbers, or its postal address (for cattle, the herd's holding)."),
        )
