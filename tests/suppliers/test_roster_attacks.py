"""Hostile and broken roster files: each a 400 problem read within small, fixed bounds.

The workbooks are built here, byte by byte where openpyxl would not write them: a zip
bomb (shared strings inflating past the bounds), a sheet declaring A1:XFD1048576, XML with
undefined or external entities, parts missing, archives cut short. Bounds are asserted on
memory (tracemalloc's peak while the file is read), never on time.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
import tracemalloc
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook

from suppliers.models import Supplier
from suppliers.roster import (
    COLUMNS,
    EXAMPLE_ROW,
    MAX_COLUMNS,
    XLSX_MAX_MEMBER_BYTES,
    XLSX_MAX_RATIO,
    XLSX_MAX_SHEET_ROWS,
    RosterInvalid,
    read_table,
    validate,
)
from tests.suppliers.test_roster import GOOD, HEADER, template_csv

pytestmark = pytest.mark.django_db
SUPPLIERS = "/api/eudr/v1/suppliers"
MiB = 1024 * 1024


def _workbook(*rows: list) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _good_workbook() -> bytes:
    return _workbook(HEADER.split(","), GOOD[0].split(","))


def _rewrite(
    data: bytes, *, replace: dict[str, bytes | None] | None = None, add: dict | None = None
) -> bytes:
    """The workbook with some parts replaced (None: dropped) or added."""
    replace, add = replace or {}, add or {}
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for member in source.infolist():
            if member.filename in replace:
                if replace[member.filename] is not None:
                    target.writestr(member.filename, replace[member.filename])
            else:
                target.writestr(member.filename, source.read(member.filename))
        for name, content in add.items():
            target.writestr(name, content)
    return out.getvalue()


def _sheet_xml(data: bytes) -> str:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return archive.read("xl/worksheets/sheet1.xml").decode()


SHARED_STRINGS_TYPE = (
    b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
    b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
)
SHARED_STRINGS_LINK = (
    b'<Relationship Id="rIdBomb" Target="sharedStrings.xml" Type="http://schemas.openxmlformats.org/'
    b'officeDocument/2006/relationships/sharedStrings"/>'
)


def _zip_bomb(inflated_bytes: int, *, distinct: bool = False) -> bytes:
    """A valid workbook plus shared strings inflating to `inflated_bytes`, written in chunks
    so that the test itself never holds them; `distinct`: every string another number (the
    part then compresses about 8:1, under the ratio bound)."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(_good_workbook())) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for member in source.infolist():
            content = source.read(member.filename)
            if member.filename == "[Content_Types].xml":  # the shared strings, declared and linked
                content = content.replace(b"</Types>", SHARED_STRINGS_TYPE + b"</Types>")
            elif member.filename == "xl/_rels/workbook.xml.rels":
                content = content.replace(b"</Relationships>", SHARED_STRINGS_LINK + b"</Relationships>")
            target.writestr(member.filename, content)
        with target.open("xl/sharedStrings.xml", "w", force_zip64=True) as part:
            part.write(b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">')
            chunk = b"<si><t>AAAAAAAAAAAAAAAA</t></si>" * 32768
            written, serial = 0, 0
            while written < inflated_bytes:
                if distinct:
                    chunk = b"".join(b"<si><t>%d</t></si>" % (serial + n) for n in range(32768))
                    serial += 32768
                part.write(chunk)
                written += len(chunk)
            part.write(b"</sst>")
    return out.getvalue()


def _refusal(data: bytes, filename: str) -> tuple[set[str], int]:
    """The codes of the refusal and the peak memory (bytes) allocated while reading."""
    tracemalloc.start()
    try:
        with pytest.raises(RosterInvalid) as refused:
            validate(read_table(data, file_format="xlsx" if filename.endswith(".xlsx") else "csv"))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return {error.code for error in refused.value.errors}, peak


def _upload(client, data: bytes, name: str):
    return client.post(f"{SUPPLIERS}/import", {"file": SimpleUploadedFile(name, data)}, format="multipart")


def test_a_zip_bomb_is_refused_from_the_archive_directory_before_any_part_is_inflated(keyed_client):
    bomb = _zip_bomb(2 * XLSX_MAX_MEMBER_BYTES)
    assert len(bomb) < 2 * MiB  # fits the body limit: only the roster's own check stops it
    codes, peak = _refusal(bomb, "bomb.xlsx")
    assert codes == {"xlsx_too_large"}
    assert peak < 4 * MiB  # the upload itself is not copied; nothing is inflated
    response = _upload(keyed_client("standard"), bomb, "bomb.xlsx")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "roster_invalid" and body["errors"][0]["code"] == "xlsx_too_large"
    assert "MB" in body["detail"] and not Supplier.objects.exists()


def test_a_part_compressed_beyond_any_roster_is_refused_even_under_the_size_bounds():
    codes, _ = _refusal(_zip_bomb(4 * MiB), "dense.xlsx")  # 4 MiB at about 1000:1
    assert codes == {"xlsx_too_large"}


def test_a_workbook_of_many_small_distinct_strings_is_refused_by_its_tag_count():
    data = _zip_bomb(5 * MiB, distinct=True)  # about 270,000 strings: seconds of parsing
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        part = archive.getinfo("xl/sharedStrings.xml")
    assert part.file_size / part.compress_size < XLSX_MAX_RATIO and part.file_size < XLSX_MAX_MEMBER_BYTES
    codes, peak = _refusal(data, "many.xlsx")
    assert codes == {"xlsx_too_large"} and peak < 4 * MiB


def test_a_part_that_lies_about_its_size_is_not_inflated_past_what_it_declares():
    data = bytearray(_zip_bomb(4 * MiB))
    # Declare the shared strings 1000 bytes long in the central directory (and shrink the
    # compressed size the ratio check sees): zipfile stops at 1000 bytes and fails the CRC.
    directory = data.rindex(b"PK\x01\x02", 0, data.rindex(b"xl/sharedStrings.xml") + 1)
    data[directory + 24 : directory + 28] = (1000).to_bytes(4, "little")
    codes, peak = _refusal(bytes(data), "liar.xlsx")
    assert codes == {"unreadable"} and peak < 8 * MiB


def test_bzip2_and_lzma_parts_are_refused_they_inflate_without_a_bound():
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(_good_workbook())) as source, zipfile.ZipFile(out, "w") as target:
        for member in source.infolist():
            target.writestr(member.filename, source.read(member.filename), compress_type=zipfile.ZIP_BZIP2)
    assert _refusal(out.getvalue(), "b.xlsx")[0] == {"unreadable"}


def test_a_sheet_declaring_every_cell_of_excel_is_refused_without_reading_them(keyed_client):
    rows = [HEADER.split(",")] + [[] for _ in range(4999)] + [GOOD[0].split(",")]  # row 5,001
    data = _workbook(*rows)
    sheet = _sheet_xml(data)
    bomb = _rewrite(
        data,
        replace={
            "xl/worksheets/sheet1.xml": re.sub(
                r'<dimension ref="[^"]+"', '<dimension ref="A1:XFD1048576"', sheet
            ).encode()
        },
    )
    assert len(bomb) < 10_000
    codes, peak = _refusal(bomb, "wide.xlsx")
    assert codes == {"sheet_too_large"} and peak < 4 * MiB
    response = _upload(keyed_client("standard"), bomb, "wide.xlsx")
    assert (response.status_code, response.json()["errors"][0]["code"]) == (400, "sheet_too_large")


def test_without_a_dimension_the_rows_and_columns_read_are_bounded_all_the_same():
    sheet = (
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        '<row r="1"><c r="A1" t="inlineStr"><is><t>producer_number</t></is></c>'
        '<c r="XFD1" t="inlineStr"><is><t>far right</t></is></c></row>'
        '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>far down</t></is></c></row>'
        "</sheetData></worksheet>"
    )
    data = _rewrite(_good_workbook(), replace={"xl/worksheets/sheet1.xml": sheet.encode()})
    codes, peak = _refusal(data, "far.xlsx")
    assert codes == {"sheet_too_large"} and peak < 4 * MiB


def test_rows_are_read_to_the_roster_columns_only_and_blank_rows_below_are_tolerated():
    header = HEADER.split(",")
    rows = [header + [None] * 100, GOOD[0].split(",")] + [[] for _ in range(XLSX_MAX_SHEET_ROWS - 3)]
    rows.append([None] * (MAX_COLUMNS + 50) + ["beyond the columns read"])
    data = _workbook(*rows)
    undeclared = re.sub(r'<dimension ref="[^"]+"/>', "", _sheet_xml(data))
    table = read_table(
        _rewrite(data, replace={"xl/worksheets/sheet1.xml": undeclared.encode()}), file_format="xlsx"
    )
    assert table[0] == header and table[1] == GOOD[0].split(",")[:-2]  # trailing blanks dropped
    assert len(table) == XLSX_MAX_SHEET_ROWS and max(len(row) for row in table) <= MAX_COLUMNS


def _broken_workbooks() -> dict[str, bytes]:
    good = _good_workbook()
    sheet = _sheet_xml(good)

    def with_doctype(doctype: str, text: str) -> bytes:
        return ('<?xml version="1.0"?>' + doctype + sheet.replace(">D-1<", f">{text}<")).encode()

    laughs = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    return {
        "truncated": good[: len(good) // 2],
        "garbage": b"PK\x03\x04" + b"\x00garbage" * 200,
        "not a zip": b"producer_number,name\n",
        "missing sheet": _rewrite(good, replace={"xl/worksheets/sheet1.xml": None}),
        "undefined entity": _rewrite(
            good, replace={"xl/worksheets/sheet1.xml": sheet.replace(">D-1<", ">&nope;<").encode()}
        ),
        "external entity": _rewrite(
            good,
            replace={
                "xl/worksheets/sheet1.xml": with_doctype(
                    '<!DOCTYPE w [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>', "&xxe;"
                )
            },
        ),
        "billion laughs": _rewrite(
            good,
            replace={
                "xl/worksheets/sheet1.xml": with_doctype(f'<!DOCTYPE w [<!ENTITY l0 "ha">{laughs}]>', "&l9;")
            },
        ),
        "not xml": _rewrite(good, replace={"xl/worksheets/sheet1.xml": b"\x00\x01 not xml"}),
        "no workbook part": _rewrite(good, replace={"xl/workbook.xml": None}),
    }


BROKEN = [
    "truncated",
    "garbage",
    "not a zip",
    "missing sheet",
    "undefined entity",
    "external entity",
    "billion laughs",
    "not xml",
    "no workbook part",
]


def test_the_broken_cases_are_all_built():
    assert sorted(_broken_workbooks()) == sorted(BROKEN)


@pytest.mark.parametrize("case", BROKEN)
def test_a_broken_or_hostile_workbook_is_a_400_problem_never_a_500(keyed_client, case):
    data = _broken_workbooks()[case]
    codes, peak = _refusal(data, "roster.xlsx")
    assert codes <= {"unreadable", "xlsx_too_large", "sheet_too_large"} and peak < 16 * MiB
    response = _upload(keyed_client("standard"), data, "roster.xlsx")
    assert response.status_code == 400, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    assert b"root:" not in response.content  # /etc/passwd never reaches an answer
    assert not Supplier.objects.exists()


def test_csv_with_a_field_over_the_csv_modules_limit_is_a_problem(keyed_client):
    data = (HEADER + "\n" + '"' + "x" * 140_000 + '",' + GOOD[0] + "\n").encode()
    assert _refusal(data, "long.csv")[0] == {"unreadable"}
    response = _upload(keyed_client("standard"), data, "long.csv")
    assert (response.status_code, response.json()["errors"][0]["code"]) == (400, "unreadable")
    assert "Line 2" in response.json()["detail"] or "2" in response.json()["detail"]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_csv_with_a_byte_order_mark_is_read_as_utf16(make_user, encoding, keyed_client):
    bom = codecs.BOM_UTF16_LE if encoding.endswith("le") else codecs.BOM_UTF16_BE
    data = bom + template_csv("pl").encode(encoding)
    response = _upload(keyed_client("standard"), data, "dostawcy.csv")
    assert response.status_code == 201, response.content
    assert Supplier.objects.get().city == "Łęczyca"


def test_excel_unicode_text_is_utf16_and_tab_separated(keyed_client):
    out = io.StringIO()
    writer = csv.writer(out, delimiter="\t", lineterminator="\r\n")
    writer.writerow([column.polish for column in COLUMNS])
    writer.writerow([EXAMPLE_ROW[column.key] for column in COLUMNS])
    data = codecs.BOM_UTF16_LE + out.getvalue().encode("utf-16-le")
    response = _upload(keyed_client("standard"), data, "d.txt")
    assert response.status_code == 201, response.content
    assert Supplier.objects.get().name == "Jan Kowalski"


def test_a_broken_utf16_file_is_refused_naming_the_encoding_expected():
    codes, _ = _refusal(codecs.BOM_UTF16_LE + b"\x00\xd8", "odd.csv")  # a lone surrogate
    assert codes == {"unreadable"}


def test_a_csv_of_blank_lines_is_read_without_one_list_per_line():
    data = b"\n" * 300_000  # a list each would be 17 MB
    codes, peak = _refusal(data, "blank.csv")
    assert codes == {"empty"} and peak < 8 * MiB
