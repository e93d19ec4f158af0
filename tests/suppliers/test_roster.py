"""Supplier rosters: read from CSV or XLSX, checked offline row by row, imported whole or not at all."""

from __future__ import annotations

import io

import pytest
from django.db import connection
from openpyxl import Workbook

from eudr_service.lib.exports import csv_bytes
from suppliers.models import RosterImport, Supplier
from suppliers.roster import COLUMNS, RosterInvalid, template_table
from suppliers.services import roster_import

pytestmark = pytest.mark.django_db


def template_csv(lang: str) -> str:
    """The roster template as its download writes it (suppliers.views), without the byte order mark."""
    headers, rows = template_table(lang)
    return csv_bytes(headers=headers, rows=rows, lang=lang).decode("utf-8-sig")


HEADER = ",".join(
    [
        "producer_number",
        "name",
        "size",
        "nip",
        "regon",
        "street",
        "postal_code",
        "city",
        "email",
        "commodity",
        "quantity",
        "unit",
        "parcels",
        "land_postal_code",
        "land_city",
    ]
)
P = "141201_1.0001.6509"
GOOD = [
    f"D-1,Jan Kowalski,natural_person,,,Polna 3,99-100,Łęczyca,jan@example.pl,soja,18000,kg,{P},,",
    "D-2,Tartak Sp. z o.o.,small,526-025-02-74,123456785,Leśna 1,26-600,Radom,,drewno,18000,kg,,26-600,Radom",
    "D-3,Anna Nowak,natural_person,,,Wólka 12,26-600,Radom,,bydło,40,szt,,26-601,Jedlińsk",
]


def _csv(*rows: str, header: str = HEADER) -> bytes:
    return ("\n".join([header, *rows]) + "\n").encode()


def _import(owner, data: bytes, filename: str = "dostawcy.csv"):
    return roster_import(owner=owner, livemode=True, filename=filename, data=data)


def _problems(owner, data: bytes, filename: str = "dostawcy.csv") -> set[tuple[int, str, str]]:
    with pytest.raises(RosterInvalid) as refused:
        _import(owner, data, filename)
    return {(e.line, e.field, e.code) for e in refused.value.errors}


def test_a_valid_roster_is_imported_with_codes_and_normalised_identifiers(make_user):
    owner = make_user("standard")
    upload = _import(owner, _csv(*GOOD))
    assert (upload.rows, upload.created, upload.updated) == (3, 3, 0)
    farmer, sawmill, herd = (Supplier.objects.get(producer_number=f"D-{n}") for n in (1, 2, 3))
    assert (farmer.size, farmer.commodity, farmer.parcel_ids) == (
        "natural_person",
        "soya",
        ["141201_1.0001.6509"],
    )
    assert (sawmill.nip, sawmill.regon, sawmill.commodity) == ("5260250274", "123456785", "wood")
    assert (herd.commodity, herd.land_postal_code, herd.land_city) == ("cattle", "26-601", "Jedlińsk")
    assert (farmer.quantity, farmer.unit, herd.quantity, herd.unit) == (18000, "kg", 40, "NAR")


def test_every_invalid_row_is_reported_with_its_line_and_field_and_nothing_is_imported(make_user):
    owner = make_user("standard")
    rows = [
        GOOD[0],
        "D-4,Firma,small,1234567890,,Rynek 1,26-600,Radom,,soja,18000,kg,141201_1.0001.6509,,",  # bad NIP
        f"D-5,Ktoś,large,,,Rynek 1,2660,Radom,not-an-email,soja,-5,t,{P},,",  # size, code, mail, qty
        "D-6,Ktoś,micro,,12345,Rynek 1,26-600,Radom,,pszenica,1,kg,991201_1.0001.1,,",  # 4 problems
        "D-7,Ktoś,natural_person,,,,26-600,Radom,,kawa,18000,kg,,,",  # no street, no land
        "D-1,Duplikat,natural_person,,,Rynek 1,26-600,Radom,,soja,18000,kg,141201_1.0001.6509,,",
        ",,,,,,,,,,,,,,",  # blank lines are skipped
        ",bez numeru,natural_person,,,Rynek 1,26-600,Radom,,soja,18000,kg,141201_1.0001.6509,,",
    ]
    assert _problems(owner, _csv(*rows)) == {
        (3, "nip", "invalid_nip"),
        (4, "size", "invalid_size"),
        (4, "postal_code", "invalid_postal_code"),
        (4, "email", "invalid_email"),
        (4, "quantity", "invalid_quantity"),
        (4, "unit", "invalid_unit"),
        (5, "nip", "required"),
        (5, "regon", "invalid_regon"),
        (5, "commodity", "out_of_scope"),
        (5, "parcels", "invalid_parcel_id"),
        (6, "street", "required"),
        (6, "parcels", "land_required"),
        (7, "producer_number", "duplicate"),
        (9, "producer_number", "required"),
    }
    assert not Supplier.objects.exists() and not RosterImport.objects.exists()


def test_headers_are_checked_before_any_row(make_user):
    owner = make_user("standard")
    problems = _problems(owner, _csv(GOOD[0], header=HEADER.replace(",city,", ",town,")))
    assert problems == {(1, "town", "unknown_column"), (1, "city", "missing_column")}


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_template_in_either_language_imports_as_it_is(make_user, lang):
    owner = make_user("standard")
    template = template_csv(lang)
    assert template.splitlines()[0].split(";" if lang == "pl" else ",")[1] == (
        "nazwa" if lang == "pl" else "name"
    )
    upload = _import(owner, template.encode())
    assert upload.created == 1 and Supplier.objects.get().name == "Jan Kowalski"


def test_polish_excel_csv_in_windows_1250_with_semicolons(make_user):
    owner = make_user("standard")
    data = template_csv("pl").encode("cp1250")
    _import(owner, data)
    assert Supplier.objects.get().city == "Łęczyca"


def test_an_xlsx_workbook_with_numbers_typed_as_numbers(make_user):
    owner = make_user("standard")
    book = Workbook()
    sheet = book.active
    sheet.append([column.polish for column in COLUMNS])
    sheet.append(
        [
            1001,
            "Jan Kowalski",
            "osoba fizyczna",
            None,
            123456785,
            "Polna 3",
            "99-100",
            "Łęczyca",
            None,
            "Soja",
            18000.0,
            "kg",
            "141201_1.0001.6509",
            None,
            None,
            None,
        ]
    )
    out = io.BytesIO()
    book.save(out)
    _import(owner, out.getvalue(), "dostawcy.xlsx")
    supplier = Supplier.objects.get()
    assert (supplier.producer_number, supplier.regon, supplier.size) == (
        "1001",
        "123456785",
        "natural_person",
    )


def test_a_file_that_is_not_a_workbook_is_refused(make_user):
    assert _problems(make_user("standard"), b"not a zip", "dostawcy.xlsx") == {(0, "file", "unreadable")}
    assert _problems(make_user("standard"), b"x", "dostawcy.pdf") == {(0, "file", "unsupported_format")}


def test_uploading_again_updates_suppliers_by_their_producer_number(make_user):
    owner = make_user("standard")
    _import(owner, _csv(*GOOD))
    changed = GOOD[0].replace("Polna 3", "Polna 5")
    upload = _import(owner, _csv(changed))
    assert (upload.created, upload.updated) == (0, 1)
    assert Supplier.objects.count() == 3 and Supplier.objects.get(producer_number="D-1").street == "Polna 5"


def test_other_accounts_and_modes_have_their_own_suppliers(make_user):
    first, second = make_user("standard"), make_user("standard")
    _import(first, _csv(GOOD[0]))
    _import(second, _csv(GOOD[0]))
    roster_import(owner=first, livemode=False, filename="t.csv", data=_csv(GOOD[0]))
    assert Supplier.objects.count() == 3


def test_personal_data_is_encrypted_at_rest(make_user):
    _import(make_user("standard"), _csv(GOOD[0]))
    with connection.cursor() as cursor:
        cursor.execute("SELECT name, street, email, parcels FROM suppliers_supplier")
        stored = " ".join(cursor.fetchone())
    for plain in ("Kowalski", "Polna", "jan@example.pl", "141201_1"):
        assert plain not in stored
