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

import codecs
import csv
import io
import re
import unicodedata
import zipfile
import zlib
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from openpyxl import load_workbook

from eudr_service.lib.fields import text_forbidden_character
from eudr_service.lib.herd_number import HERD_NUMBER_EXAMPLE, herd_number_normalise
from eudr_service.lib.nip import nip_normalise
from eudr_service.lib.regon import regon_normalise
from euis.contract import REFERENCE_NUMBER_LENGTH, VERIFICATION_NUMBER_MAX, VERIFICATION_NUMBER_MIN
from euis.quantities import UNIT_NAMES
from regulation.commodities import UnknownCommodity, normalize_commodity
from regulation.regime import Size
from risk.engine import InvalidParcelId, parse_parcel_id

MAX_ROWS = 5_000  # a buyer's whole supplier base; more is split into several files
MAX_CELL = 300  # characters; the longest field (a street) fits
MAX_PRODUCER_NUMBER = 64  # characters, as Supplier.producer_number stores it
# The roster's columns and room for the unknown ones its header may name (each refused).
MAX_COLUMNS = 64
# An XLSX is a zip of XML parts: bounded before a byte of it is parsed (a 2 MB upload may
# inflate to gigabytes, a 5 KB sheet may declare A1:XFD1048576). A workbook of MAX_ROWS
# suppliers is about 4 MB of sheet XML compressed 14:1; the bounds leave room for that.
XLSX_MAX_MEMBERS = 200
XLSX_MAX_MEMBER_BYTES = 16 * 1024 * 1024  # one part, inflated
XLSX_MAX_TOTAL_BYTES = 32 * 1024 * 1024  # all parts, inflated
XLSX_MAX_RATIO = 100  # inflated / compressed, for any part over a mebibyte
# XML tags in all parts: parsing costs per element, not per byte (700,000 distinct shared
# strings fit in 2 MB compressed 8:1). A full roster is about 650,000 tags with shared strings.
XLSX_MAX_TAGS = 800_000
# Rows of the first sheet read at most: the roster's and as many blank rows below it.
XLSX_MAX_SHEET_ROWS = 2 * (MAX_ROWS + 1)
MAX_PARCELS_PER_SUPPLIER = 100  # what one simplified declaration's producer takes (V3)
POSTAL_CODE = re.compile(r"[0-9]{2}-[0-9]{3}", flags=re.ASCII)
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
# ReferenceNumberType and VerificationNumberType (V3 common XSD; OPS 4.1.4), letters and digits
# as the EU prints them.
DECLARATION_REFERENCE = re.compile(rf"[A-Z0-9]{{1,{REFERENCE_NUMBER_LENGTH}}}", flags=re.ASCII)
# A verification number may hold hyphens (the EU's own sample, DTR 5.1.1: "VN-2025-ABC12").
DECLARATION_VERIFICATION = re.compile(
    rf"[A-Z0-9-]{{{VERIFICATION_NUMBER_MIN},{VERIFICATION_NUMBER_MAX}}}", flags=re.ASCII
)
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
    # Cattle only: the ARiMR herd number (eudr_service.lib.herd_number), kept with the filing.
    Column("herd_number", "herd_number", "numer siedziby stada", False),
    # A declaration the supplier already has (his own, or the paying agency's as MEMBER_STATE):
    # checked with the EU's verifyDeclaration; a valid one is not filed again.
    Column(
        "declaration_reference_number", "declaration_reference_number", "numer referencyjny deklaracji", False
    ),
    Column(
        "declaration_verification_number",
        "declaration_verification_number",
        "numer weryfikacyjny deklaracji",
        False,
    ),
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
    "herd_number": "",
    "declaration_reference_number": "",
    "declaration_verification_number": "",
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

    @property
    def detail(self) -> str:
        """One sentence for the whole refusal: the file's own problem when it was not read."""
        if len(self.errors) == 1 and self.errors[0].field == "file":
            return str(self.errors[0].message)
        return f"{len(self.errors)} problem(s) in the roster; nothing was imported."


def _fold(text: str) -> str:
    text = " ".join(str(text).strip().lower().replace("ł", "l").replace("_", " ").split())
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


SIZES = {_fold(name): size for name, size in _SIZE_NAMES.items()}
_HEADERS = {_fold(name): column.key for column in COLUMNS for name in (column.english, column.polish)}


def template_table(lang: str) -> tuple[list[str], list[list[str]]]:
    """The roster template: the header row in `lang` (pl or en) and one example row."""
    headers = [column.polish if lang == "pl" else column.english for column in COLUMNS]
    return headers, [[EXAMPLE_ROW[column.key] for column in COLUMNS]]


def read_table(data: bytes, *, file_format: str) -> list[list[str]]:
    """The file's rows as text cells. Raises RosterInvalid when it cannot be read at all.

    Reading stops a row past MAX_ROWS non-blank rows (validate refuses the file then), so
    neither format is read further than a roster can be long."""
    if file_format == "xlsx":
        return _read_xlsx(data)
    text = _decode(data)
    first = text.split("\n", 1)[0]
    # Excel's "Unicode text" is tab-separated; its Polish "CSV" uses `;`.
    delimiter = max(";,\t", key=first.count)
    rows: list[list[str]] = []
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    filled = 0
    try:
        for cells in reader:
            blank = not any(cell.strip() for cell in cells)
            rows.append(_BLANK if blank else cells[:MAX_COLUMNS])
            filled += not blank
            if filled > MAX_ROWS + 1:
                break
    except csv.Error as exc:  # a cell over csv.field_size_limit(), a stray NUL, ...
        message = _(
            "Line %(line)s of the CSV file cannot be read: a cell longer than %(limit)s "
            "characters or a quote left open."
        ) % {"line": reader.line_num, "limit": MAX_CELL}
        raise RosterInvalid([RowError(reader.line_num, "file", "unreadable", message)]) from exc
    return rows


_BLANK: list[str] = []  # one shared object for every blank line: never mutated


def _decode(data: bytes) -> str:
    # Excel saves "Unicode text" as UTF-16 with a byte order mark; the BOM tells the order.
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            message = _("The file starts as UTF-16 but is not; save it as CSV UTF-8.")
            raise RosterInvalid([RowError(0, "file", "unreadable", message)]) from exc
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Polish Excel saves "CSV" in Windows-1250 unless told otherwise.
        return data.decode("cp1250", errors="replace")


def _refuse_file(code: str, message: str | Promise) -> RosterInvalid:
    return RosterInvalid([RowError(0, "file", code, message)])


def _unreadable_xlsx() -> RosterInvalid:
    return _refuse_file("unreadable", _("The file is not an XLSX workbook, or it is damaged."))


def _check_archive(data: bytes) -> None:
    """Refuse a workbook whose parts would inflate past the bounds, from the zip's directory
    alone, then one whose parts declare a DTD or hold more tags than a roster, reading each
    part once in chunks. The sizes the directory declares hold: zipfile stops inflating a
    part at its declared size (and fails its checksum), so no part grows past the check."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as exc:
        raise _unreadable_xlsx() from exc
    if len(members) > XLSX_MAX_MEMBERS:
        raise _refuse_file(
            "xlsx_too_large",
            _("The workbook has %(count)s parts; a roster has at most %(limit)s.")
            % {"count": len(members), "limit": XLSX_MAX_MEMBERS},
        )
    total = 0
    for member in members:
        # Excel deflates; bzip2 and LZMA inflate a whole read at once, without a bound.
        if member.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise _unreadable_xlsx()
        total += member.file_size
        ratio = member.file_size / max(member.compress_size, 1)
        too_big = member.file_size > XLSX_MAX_MEMBER_BYTES or total > XLSX_MAX_TOTAL_BYTES
        if too_big or (member.file_size > 1024 * 1024 and ratio > XLSX_MAX_RATIO):
            raise _refuse_file(
                "xlsx_too_large",
                _(
                    "The workbook unpacks to more than a roster needs (at most %(limit)s MB, "
                    "compressed at most %(ratio)s:1); upload the roster alone, or as CSV."
                )
                % {"limit": XLSX_MAX_TOTAL_BYTES // (1024 * 1024), "ratio": XLSX_MAX_RATIO},
            )
    tags = 0
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for member in members:
                tags += _tags_of(archive, member)
                if tags > XLSX_MAX_TAGS:
                    break
    except RosterInvalid:
        raise
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, zlib.error) as exc:
        raise _unreadable_xlsx() from exc
    if tags > XLSX_MAX_TAGS:
        message = _("The workbook holds more than a roster of %(limit)s suppliers; upload the roster alone.")
        raise _refuse_file("xlsx_too_large", message % {"limit": MAX_ROWS})


# Office Open XML parts never carry a DTD (ECMA-376 Part 2, Open Packaging Conventions, forbids
# them); one declaring entities is an attack (entity expansion, external entities).
_DTD_MARKS = tuple("<!DOCTYPE".encode(encoding) for encoding in ("utf-8", "utf-16-le", "utf-16-be"))
_SCAN_CHUNK = 64 * 1024


def _tags_of(archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> int:
    """How many tags the part holds (its `<` bytes, an upper bound), read through once in
    chunks within its declared size (its CRC checked, so a part lying about its size fails
    here). A part declaring a DTD is refused."""
    overlap = max(len(mark) for mark in _DTD_MARKS) - 1
    tail, tags = b"", 0
    with archive.open(member) as part:
        while chunk := part.read(_SCAN_CHUNK):
            window = tail + chunk
            if any(mark in window for mark in _DTD_MARKS):
                raise _unreadable_xlsx()
            tags += chunk.count(b"<")
            tail = window[-overlap:]
    return tags


def _read_xlsx(data: bytes) -> list[list[str]]:
    _check_archive(data)

    # openpyxl raises whatever its parts make it meet (KeyError for a missing part,
    # SyntaxError subclasses for bad XML or an undefined entity, TypeError, ...): any
    # failure to read this upload is the file's, a 400, never a 500.
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:
        raise _unreadable_xlsx() from exc
    try:
        if not workbook.worksheets:
            raise _refuse_file("unreadable", _("The workbook has no sheet."))
        return _sheet_rows(workbook.worksheets[0])
    except RosterInvalid:
        raise
    except Exception as exc:
        raise _unreadable_xlsx() from exc
    finally:
        workbook.close()


def _sheet_rows(sheet: Any) -> list[list[str]]:
    declared_rows, declared_columns = sheet.max_row or 0, sheet.max_column or 0
    if declared_rows > XLSX_MAX_SHEET_ROWS or declared_columns > MAX_COLUMNS:
        raise _sheet_too_large()
    rows: list[list[str]] = []
    # Bounded both ways whatever the sheet declares: openpyxl pads every row to max_col and
    # fills missing rows up to max_row, so neither is left to the file.
    for number, cells in enumerate(
        sheet.iter_rows(max_col=MAX_COLUMNS, max_row=XLSX_MAX_SHEET_ROWS + 1, values_only=True), start=1
    ):
        if number > XLSX_MAX_SHEET_ROWS:
            raise _sheet_too_large()
        text = ["" if cell is None else _cell_text(cell) for cell in cells]
        while text and not text[-1].strip():
            text.pop()
        rows.append(text or _BLANK)
    return rows


def _sheet_too_large() -> RosterInvalid:
    return _refuse_file(
        "sheet_too_large",
        _(
            "The first sheet reaches past row %(rows)s or column %(columns)s; a roster holds at "
            "most %(limit)s suppliers. Delete the empty rows and columns around the table."
        )
        % {"rows": XLSX_MAX_SHEET_ROWS, "columns": MAX_COLUMNS, "limit": MAX_ROWS},
    )


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
        number = row.values["producer_number"]
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


def producer_number_normal(text: str) -> str:
    """A producer number as stored: in capitals. The buyer's own number is case-blind (p-28
    and P-28 are one producer), as Supplier's uniqueness constraint is."""
    return text.strip().upper()


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
        limit = MAX_PRODUCER_NUMBER if key == "producer_number" else MAX_CELL
        found = text_forbidden_character(value)
        if len(value) > limit:
            refuse(key, "too_long", _("At most %(limit)s characters.") % {"limit": limit})
        elif found:
            message = _(
                "Control and direction characters (NUL, ESC, BEL, right-to-left override, ...) "
                "are not allowed; found %(character)s."
            ) % {"character": found}
            refuse(key, "control_character", message)
    for column in COLUMNS:
        if column.required and not values.get(column.key):
            refuse(column.key, "required", _("This field is required."))
    row = SupplierRow(line=line, values=dict(values))
    row.values["producer_number"] = producer_number_normal(values.get("producer_number", ""))
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
    _herd_number(values, row, refuse)
    declared = _existing_declaration(values, row, refuse)
    _land(values, row, refuse, declared=declared)
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


def _herd_number(values: dict[str, str], row: SupplierRow, refuse) -> None:
    text = values.get("herd_number", "")
    if not text:
        return
    normal = herd_number_normalise(text)
    if normal is None:
        message = _("A herd number reads PL, nine digits and three digits, e.g. %(example)s.")
        refuse("herd_number", "invalid_herd_number", message % {"example": HERD_NUMBER_EXAMPLE})
    elif row.values.get("commodity") and row.values["commodity"] != "cattle":
        refuse("herd_number", "herd_number_not_cattle", _("A herd number belongs to a supplier of cattle."))
    row.values["herd_number"] = normal or text


def _existing_declaration(values: dict[str, str], row: SupplierRow, refuse) -> bool:
    """Whether the row gives a declaration the supplier already has (both of its numbers)."""
    reference = values.get("declaration_reference_number", "").replace(" ", "").upper()
    verification = values.get("declaration_verification_number", "").replace(" ", "").upper()
    if not reference and not verification:
        return False
    if not reference or not verification:
        missing = "declaration_verification_number" if reference else "declaration_reference_number"
        refuse(missing, "required", _("A declaration is given by its reference and verification numbers."))
        return False
    if not DECLARATION_REFERENCE.fullmatch(reference):
        refuse(
            "declaration_reference_number",
            "invalid_reference_number",
            _("A reference number has at most 14 letters and digits, e.g. 26PLWY0KMSSX7B."),
        )
    if not DECLARATION_VERIFICATION.fullmatch(verification):
        refuse(
            "declaration_verification_number",
            "invalid_verification_number",
            _("A verification number has 5 to 35 letters, digits or hyphens."),
        )
    row.values["declaration_reference_number"] = reference
    row.values["declaration_verification_number"] = verification
    return True


def _land(values: dict[str, str], row: SupplierRow, refuse, *, declared: bool = False) -> None:
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
    # A supplier who already declared may be listed without his land: nothing is filed for
    # him while his declaration stands.
    if not parcels and not all(address[1:]) and not declared:
        refuse(
            "parcels",
            "land_required",
            _("Give the land as parcel numbers, or its postal address (for cattle, the herd's holding)."),
        )
