"""Which regime applies to a product, an operator, a country, on a date."""

from datetime import date

import pytest

from compliance.regime import (
    APPLICATION_DATE,
    SMALL_APPLICATION_DATE,
    DueDiligence,
    Obligation,
    Role,
    Size,
    regime_for,
)
from risk.service import benchmark_cache_clear

pytestmark = pytest.mark.django_db
AFTER = date(2027, 7, 1)


@pytest.fixture(autouse=True)
def _fresh_cache():
    benchmark_cache_clear()


CASES = [
    (Role.OPERATOR, Size.LARGE, "BR", (Obligation.DDS, DueDiligence.STANDARD, APPLICATION_DATE)),
    (Role.OPERATOR, Size.MEDIUM, "PL", (Obligation.DDS, DueDiligence.SIMPLIFIED, APPLICATION_DATE)),
    (Role.OPERATOR, Size.SMALL, "RU", (Obligation.DDS, DueDiligence.STANDARD, SMALL_APPLICATION_DATE)),
    (
        Role.MICRO_SMALL_PRIMARY_OPERATOR,
        Size.MICRO,
        "PL",
        (Obligation.SIMPLIFIED_DECLARATION, DueDiligence.SIMPLIFIED, SMALL_APPLICATION_DATE),
    ),
    # Not in a low-risk country: the simplified declaration is not open to it.
    (
        Role.MICRO_SMALL_PRIMARY_OPERATOR,
        Size.SMALL,
        "BR",
        (Obligation.DDS, DueDiligence.STANDARD, SMALL_APPLICATION_DATE),
    ),
    (
        Role.DOWNSTREAM_OPERATOR,
        Size.LARGE,
        "BR",
        (Obligation.KEEP_UPSTREAM_REFERENCES, None, APPLICATION_DATE),
    ),
    (
        Role.TRADER,
        Size.NATURAL_PERSON,
        "PL",
        (Obligation.KEEP_UPSTREAM_REFERENCES, None, SMALL_APPLICATION_DATE),
    ),
]


@pytest.mark.parametrize(("role", "size", "country", "expected"), CASES)
def test_regime_for_each_role(role, size, country, expected):
    regime = regime_for(
        commodity="soya", hs_code="1201", role=role, size=size, country_code=country, on=AFTER
    )
    assert regime.in_scope is True
    assert regime.annex_line is not None and regime.annex_line.hs_code == "1201 90 00"
    assert (regime.obligation, regime.due_diligence, regime.applies_from) == expected
    assert regime.applies_now is True


def test_small_undertaking_established_after_the_cutoff_gets_no_extra_time():
    regime = regime_for(
        commodity="coffee",
        hs_code="0901",
        role=Role.OPERATOR,
        size=Size.SMALL,
        country_code="VN",
        on=date(2027, 1, 15),
        established_small_by_cutoff=False,
    )
    assert regime.applies_from == APPLICATION_DATE and regime.applies_now is True
    assert regime.due_diligence is DueDiligence.SIMPLIFIED


def test_obligations_do_not_apply_before_the_application_date():
    regime = regime_for(
        commodity="wood",
        hs_code="4407",
        role=Role.OPERATOR,
        size=Size.LARGE,
        country_code="PL",
        on=date(2026, 12, 29),
    )
    assert regime.in_scope and regime.obligation is Obligation.DDS and regime.applies_now is False


@pytest.mark.parametrize(("commodity", "hs_code"), [("wheat", "1001"), ("soya", "0901"), ("cattle", "4107")])
def test_out_of_scope_has_no_obligation(commodity, hs_code):
    regime = regime_for(
        commodity=commodity, hs_code=hs_code, role=Role.OPERATOR, size=Size.LARGE, country_code="BR", on=AFTER
    )
    assert (regime.in_scope, regime.obligation, regime.annex_line) == (False, Obligation.NONE, None)
    assert regime.notes
