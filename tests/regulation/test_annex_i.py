"""Annex I as dated rows: which HS codes are in scope for a commodity on a date."""

from datetime import date

import pytest

from regulation.annex_i import annex_line_for, annex_lines, hs_digits
from regulation.models import AnnexIEntry

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
        # 2026/2102 (in force 18.9.2026) deleted hides and leather, conveyor belts and
        # other articles of vulcanised rubber ...
        ("cattle", "4107", date(2026, 9, 17), "ex 4107"),
        ("cattle", "4107", date(2026, 9, 18), None),
        ("cattle", "410150", date(2026, 9, 18), None),
        ("rubber", "4010", date(2026, 9, 17), "ex 4010"),
        ("rubber", "4010", date(2026, 9, 18), None),
        ("rubber", "401699", date(2026, 9, 18), None),
        # ... narrowed soya beans to other than for sowing ...
        ("soya", "120110", date(2026, 9, 17), "1201"),
        ("soya", "120110", date(2026, 9, 18), None),
        ("soya", "120190", date(2026, 9, 18), "1201 90 00"),
        ("soya", "1201", date(2026, 9, 18), "1201 90 00"),
        # ... kept new tyres and inner tubes but of heading 4012 only tyre treads ...
        ("rubber", "401120", date(2026, 9, 18), "ex 4011"),
        ("rubber", "401310", date(2026, 9, 18), "ex 4013"),
        ("rubber", "401220", date(2026, 9, 17), "ex 4012"),
        ("rubber", "401220", date(2026, 9, 18), None),
        ("rubber", "401290", date(2026, 9, 18), "ex 4012 90 30"),
        ("rubber", "40129030", date(2026, 9, 18), "ex 4012 90 30"),
        # ... and of heading 9401 only seats of wood: aircraft seats leave.
        ("wood", "940110", date(2026, 9, 17), "ex 9401"),
        ("wood", "940110", date(2026, 9, 18), None),
        ("wood", "940161", date(2026, 9, 18), "ex 9401 61 00"),
        # Lines it adds from 30 December 2027: soluble coffee, frozen tongues, oleochemicals, soap.
        ("coffee", "210111", date(2027, 12, 29), None),
        ("coffee", "210111", date(2027, 12, 30), "2101 11"),
        ("cattle", "020621", date(2027, 12, 29), None),
        ("cattle", "020621", date(2027, 12, 30), "ex 0206 21 00"),
        ("oil_palm", "340111", date(2027, 12, 29), None),
        ("oil_palm", "340111", date(2027, 12, 30), "ex 3401 11 00"),
        ("oil_palm", "151620", date(2027, 12, 30), "ex 1516 20"),
        ("oil_palm", "382499", date(2027, 12, 29), None),
        ("oil_palm", "382499", date(2027, 12, 30), "ex 3824 99"),
        ("oil_palm", "290517", date(2027, 12, 30), "ex 2905 17 00"),
        # Crude glycerol: the act dates its insertion from 30 December 2027 (migration 0005).
        ("oil_palm", "152000", date(2026, 9, 18), None),
        ("oil_palm", "152000", date(2027, 12, 29), None),
        ("oil_palm", "152000", date(2027, 12, 30), "ex 1520 00"),
        # A code of the new lines under the wrong commodity is still refused.
        ("soya", "340111", date(2027, 12, 30), None),
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
        "1201 90 00",
        "1208 10",
        "1507",
        "2304",
    ]


def test_oil_palm_gains_sixteen_lines_from_2027_12_30():
    before = {line.hs_code for line in annex_lines(commodity="oil_palm", on=date(2027, 12, 29))}
    after = {line.hs_code for line in annex_lines(commodity="oil_palm", on=date(2027, 12, 30))}
    assert after - before == {
        "ex 1516 20",
        "ex 1518 00",
        "ex 2905 16",
        "ex 2905 17 00",
        "ex 2905 19 00",
        "ex 2915 39",
        "ex 2916 15",
        "ex 2916 19 10",
        "ex 2921 19",
        "ex 2923 90 00",
        "ex 2924 19 00",
        "ex 3401 11 00",
        "ex 3401 20",
        "ex 3824 99",
        "ex 3907 29",
        "ex 1520 00",
    }
    assert not before - after


def test_removed_lines_keep_their_history_and_name_the_act():
    removed = AnnexIEntry.objects.get(commodity="cattle", hs_code="ex 4104")
    assert (removed.applies_from, removed.applies_until) == (date(2023, 6, 29), date(2026, 9, 18))
    assert removed.removed_by == "Delegated Regulation (EU) 2026/2102"
    assert "corrected from 30.12.2026" in removed.note
    tyres = AnnexIEntry.objects.get(commodity="rubber", hs_code="ex 4012")
    assert tyres.applies_until == date(2026, 9, 18) and "ex 4012 90 30" in tyres.note
    assert "not confirmed" not in AnnexIEntry.objects.get(commodity="rubber", hs_code="ex 4011").note


def test_the_mistaken_1201_90_row_never_applies():
    row = AnnexIEntry.objects.get(commodity="soya", hs_code="1201 90")
    assert row.applies_until == row.applies_from
    for day in (row.applies_from, date(2027, 6, 1)):
        assert annex_line_for(commodity="soya", hs_code="120190", on=day).hs_code == "1201 90 00"


def test_hs_digits_drops_the_annex_spacing_and_ex_marker():
    assert hs_digits("ex 0206 10") == "020610"
