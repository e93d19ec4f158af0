"""Annex I as dated rows: which HS codes are in scope for a commodity on a date."""

from datetime import date

import pytest

from risk.annex_i import annex_line_for, annex_lines, hs_digits

pytestmark = pytest.mark.django_db
TODAY = date(2026, 11, 22)


@pytest.mark.parametrize(
    ("commodity", "hs_code", "on", "covered_by"),
    [
        # Original Annex, as written and more precise codes under it.
        ("coffee", "0901", TODAY, "0901"),
        ("coffee", "090121", TODAY, "0901"),
        ("soya", "1507", TODAY, "1507"),
        ("wood", "4407", TODAY, "4407"),
        ("wood", "480256", TODAY, "ex 48"),
        ("oil_palm", "151110", TODAY, "1511"),
        ("cattle", "0201", TODAY, "ex 0201"),
        # A heading of which the Annex lists a subheading may hold relevant products.
        ("soya", "1208", TODAY, "1208 10"),
        # Wrong commodity for the code.
        ("soya", "0901", TODAY, None),
        ("coffee", "1201", TODAY, None),
        # 2025/2650 removed printed products (ex chapter 49).
        ("wood", "4901", date(2025, 12, 25), "ex 49"),
        ("wood", "4901", date(2025, 12, 26), None),
        # 2026/2102 removed hides and leather and soya for sowing ...
        ("cattle", "4107", date(2026, 12, 29), "ex 4107"),
        ("cattle", "4107", date(2026, 12, 30), None),
        ("rubber", "4010", date(2026, 12, 30), None),
        ("soya", "120110", date(2026, 12, 29), "1201"),
        ("soya", "120110", date(2026, 12, 30), None),
        ("soya", "120190", date(2026, 12, 30), "1201 90"),
        ("soya", "1201", date(2026, 12, 30), "1201 90"),
        # ... and adds soluble coffee from 30 December 2027.
        ("coffee", "210111", date(2027, 12, 29), None),
        ("coffee", "210111", date(2027, 12, 30), "2101 11"),
    ],
)
def test_annex_line_for_a_code_on_a_date(commodity, hs_code, on, covered_by):
    line = annex_line_for(commodity=commodity, hs_code=hs_code, on=on)
    assert (line.hs_code if line else None) == covered_by


def test_every_line_names_the_act_that_put_it_there():
    lines = annex_lines(commodity="coffee", on=date(2028, 1, 1))
    assert {(line.hs_code, line.act) for line in lines} == {
        ("0901", "Regulation (EU) 2023/1115, Annex I"),
        ("2101 11", "Delegated Regulation (EU) 2026/2102"),
    }


def test_soya_lines_today():
    assert [line.hs_code for line in annex_lines(commodity="soya", on=TODAY)] == [
        "1201",
        "1208 10",
        "1507",
        "2304",
    ]


def test_hs_digits_drops_the_annex_spacing_and_ex_marker():
    assert hs_digits("ex 0206 10") == "020610"
