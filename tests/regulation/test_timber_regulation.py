"""The Annex to Regulation (EU) No 995/2010 under today's Combined Nomenclature: every line of
the Annex covers its products under the codes they carry now, so a micro or small operator of
one of them gets the general date of application (Article 38(3) as amended)."""

from datetime import date

import pytest

from regulation.application_dates import application_dates_cache_clear
from regulation.regime import Size, obligations_apply_from
from regulation.timber_regulation import ANNEX_995_2010, covered_by_timber_regulation

pytestmark = pytest.mark.django_db
GENERAL = date(2026, 12, 30)
LATER = date(2027, 6, 30)

# Each Annex line as printed in 2010, and a full eight-digit CN code of today under it.
TODAY = {
    "4401": "44012100",
    "4403": "44031100",
    "4406": "44061100",
    "4407": "44071110",
    "4408": "44081015",
    "4409": "44091011",
    "4410": "44101110",
    "4411": "44111210",
    "4412": "44123100",
    "4413 00 00": "44130000",
    "4414 00": "44149000",
    "4415": "44152020",
    "4416 00 00": "44160000",
    "4418": "44181150",
    "Chapter 47": "47032100",
    "Chapter 48": "48025510",
    "9403 30": "94033011",
    "9403 40": "94034090",
    "9403 50 00": "94035000",
    "9403 60": "94036010",
    "9403 90 30": "94039100",
    "9406 00 20": "94061000",
}


@pytest.fixture(autouse=True)
def _fresh_cache():
    application_dates_cache_clear()
    yield
    application_dates_cache_clear()


def test_every_line_of_the_annex_is_mapped():
    assert [line.code_2010 for line in ANNEX_995_2010] == list(TODAY)


@pytest.mark.parametrize("line", ANNEX_995_2010, ids=lambda line: line.code_2010)
def test_each_annex_line_covers_its_products_under_todays_codes(line):
    for code in (*line.codes_today, TODAY[line.code_2010]):
        assert covered_by_timber_regulation(code), code
    answer = obligations_apply_from(
        size=Size.MICRO,
        on=date(2026, 3, 1),
        commodity="wood",
        hs_code=TODAY[line.code_2010],
        established_small_on=date(2010, 1, 1),
    )
    assert answer.applies_from == GENERAL
    assert line.correspondence


@pytest.mark.parametrize(
    "code",
    ["4414 10 00", "4414 90 00", "9403 91 00", "9406 10 00"],
)
def test_the_codes_that_replaced_the_2010_ones_are_covered(code):
    assert covered_by_timber_regulation(code)


@pytest.mark.parametrize(
    "code",
    [
        "4402 90 00",  # wood charcoal
        "4404 10 00",
        "4405 00 00",
        "4417 00 00",
        "4419 90 00",
        "4420 11 00",
        "4421 99 99",
        "9401 61 00",
        "9403 99 10",  # parts of furniture, not of wood
        "9406 90 31",  # prefabricated buildings, not of wood
        "4706 30 00",  # bamboo pulp
        "4707 10 00",  # recovered paper
    ],
)
def test_wood_products_outside_the_annex_keep_the_later_date(code):
    assert not covered_by_timber_regulation(code)
    answer = obligations_apply_from(
        size=Size.SMALL,
        on=date(2026, 3, 1),
        commodity="wood",
        hs_code=code,
        established_small_on=date(2010, 1, 1),
    )
    assert answer.applies_from == LATER
