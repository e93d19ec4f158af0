"""Which regime applies to a product, an operator, a country, on a date."""

from datetime import date

import pytest

from regulation.application_dates import application_dates_cache_clear
from regulation.benchmark import benchmark_cache_clear
from regulation.regime import DueDiligence, Obligation, Role, Size, obligations_apply_from, regime_for

pytestmark = pytest.mark.django_db
AFTER = date(2027, 7, 1)
# Article 38(2) and (3) as amended by Regulation (EU) 2025/2650 (docs/regulation.md).
APPLICATION_DATE = date(2026, 12, 30)
SMALL_APPLICATION_DATE = date(2027, 6, 30)
SMALL_BEFORE_CUTOFF = date(2019, 3, 1)  # established as a small undertaking before 31.12.2024


@pytest.fixture(autouse=True)
def _fresh_cache():
    benchmark_cache_clear()
    application_dates_cache_clear()
    yield
    application_dates_cache_clear()


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
    # Article 38(3) gives the later date to operators only: a trader of any size has the general one.
    (
        Role.TRADER,
        Size.NATURAL_PERSON,
        "PL",
        (Obligation.KEEP_UPSTREAM_REFERENCES, None, APPLICATION_DATE),
    ),
    (
        Role.LATER_DOWNSTREAM,
        Size.LARGE,
        "PL",
        (Obligation.KEEP_PARTNER_RECORDS, None, APPLICATION_DATE),
    ),
]


@pytest.mark.parametrize(("role", "size", "country", "expected"), CASES)
def test_regime_for_each_role(role, size, country, expected):
    regime = regime_for(
        commodity="soya",
        hs_code="1201",
        role=role,
        size=size,
        country_code=country,
        on=AFTER,
        established_small_on=SMALL_BEFORE_CUTOFF,
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
        established_small_on=date(2025, 1, 1),
    )
    assert regime.applies_from == APPLICATION_DATE and regime.applies_now is True
    assert regime.due_diligence is DueDiligence.SIMPLIFIED
    assert any("after 2024-12-31" in note for note in regime.notes)


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


def _starts(size, on, **kwargs):
    return obligations_apply_from(size=size, on=on, **kwargs)


# The dates each act set, asked on a day that act was in force (Article 38(2) and (3)).
HISTORY = [
    # Regulation (EU) 2023/1115 as first published, in force 29.6.2023.
    (date(2024, 6, 1), Size.LARGE, None, date(2024, 12, 30)),
    (date(2024, 6, 1), Size.MICRO, date(2020, 12, 31), date(2025, 6, 30)),
    (date(2024, 6, 1), Size.MICRO, date(2021, 1, 1), date(2024, 12, 30)),  # established too late
    # Regulation (EU) 2024/3234, in force 26.12.2024.
    (date(2024, 12, 26), Size.LARGE, None, date(2025, 12, 30)),
    (date(2025, 6, 1), Size.SMALL, date(2020, 12, 31), date(2026, 6, 30)),
    (date(2025, 6, 1), Size.SMALL, date(2024, 6, 1), date(2025, 12, 30)),  # its cut-off was still 2020
    # Regulation (EU) 2025/2650, in force 26.12.2025.
    (date(2025, 12, 26), Size.MEDIUM, None, date(2026, 12, 30)),
    (date(2026, 3, 1), Size.SMALL, date(2024, 12, 31), date(2027, 6, 30)),
    (date(2026, 3, 1), Size.SMALL, date(2025, 1, 1), date(2026, 12, 30)),
    # Named apart, on the same cut-off ("established as such by 31 December 2024").
    (date(2026, 3, 1), Size.NATURAL_PERSON, date(2024, 12, 31), date(2027, 6, 30)),
    (date(2026, 3, 1), Size.NATURAL_PERSON, date(2025, 1, 1), date(2026, 12, 30)),
    (date(2026, 3, 1), Size.NATURAL_PERSON, None, date(2026, 12, 30)),  # not known: never later than the law
]


@pytest.mark.parametrize(("on", "size", "established", "expected"), HISTORY)
def test_each_act_answers_with_its_own_dates_while_in_force(on, size, established, expected):
    answer = _starts(size, on, commodity="coffee", established_small_on=established)
    assert answer is not None and answer.applies_from == expected


def test_the_answer_names_the_article_and_act_that_set_the_date():
    answer = _starts(Size.SMALL, date(2026, 3, 1), established_small_on=date(2010, 1, 1))
    assert answer.provision == (
        "Article 38(3) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2025/2650"
    )
    general = _starts(Size.LARGE, date(2024, 6, 1))
    assert general.provision == "Article 38(2) of Regulation (EU) 2023/1115 as first published"


def test_a_date_that_has_passed_under_an_earlier_act_does_not_apply_after_the_postponement():
    """Obligations did not apply on 2 January 2025: 2024/3234 had moved them a year before."""
    regime = regime_for(
        commodity="coffee",
        hs_code="0901",
        role=Role.OPERATOR,
        size=Size.LARGE,
        country_code="BR",
        on=date(2025, 1, 2),
    )
    assert regime.applies_from == date(2025, 12, 30) and regime.applies_now is False


def test_nothing_applies_before_the_regulation_entered_into_force():
    assert _starts(Size.LARGE, date(2023, 6, 28)) is None
    regime = regime_for(
        commodity="coffee",
        hs_code="0901",
        role=Role.OPERATOR,
        size=Size.LARGE,
        country_code="BR",
        on=date(2023, 6, 28),
    )
    assert regime.applies_from is None and regime.applies_now is False


def test_small_undertaking_of_unknown_establishment_gets_the_general_date_with_a_note():
    regime = regime_for(
        commodity="cocoa",
        hs_code="1801",
        role=Role.OPERATOR,
        size=Size.MICRO,
        country_code="CI",
        on=date(2027, 1, 15),
    )
    assert regime.applies_from == APPLICATION_DATE and regime.applies_now is True
    assert any("is not known" in note for note in regime.notes)


def test_small_wood_operator_without_a_code_gets_the_general_date():
    """Without the product's code it may be one of the Timber Regulation's: the earlier date."""
    answer = _starts(Size.SMALL, date(2026, 3, 1), commodity="wood", established_small_on=date(2010, 1, 1))
    assert answer.applies_from == APPLICATION_DATE
    assert "995/2010" in answer.notes[0]


@pytest.mark.parametrize(
    ("hs_code", "expected"),
    [
        ("4402", SMALL_APPLICATION_DATE),  # wood charcoal: not in the Annex to 995/2010
        ("440290", SMALL_APPLICATION_DATE),
        ("9401 61 00", SMALL_APPLICATION_DATE),  # upholstered seats with wooden frames
        ("4421", SMALL_APPLICATION_DATE),
        ("4419", SMALL_APPLICATION_DATE),
        ("4403", APPLICATION_DATE),  # wood in the rough: in the Annex
        ("4407 11", APPLICATION_DATE),
        ("9403 60", APPLICATION_DATE),
        ("4801", APPLICATION_DATE),
    ],
)
def test_the_timber_exception_covers_only_the_products_of_the_annex_to_995_2010(hs_code, expected):
    answer = _starts(
        Size.MICRO, date(2026, 3, 1), commodity="wood", hs_code=hs_code, established_small_on=date(2010, 1, 1)
    )
    assert answer.applies_from == expected


def test_a_micro_wood_charcoal_line_gets_the_later_date_in_its_regime():
    regime = regime_for(
        commodity="wood",
        hs_code="4402",
        role=Role.OPERATOR,
        size=Size.MICRO,
        country_code="PL",
        on=date(2027, 1, 15),
        established_small_on=date(2015, 1, 1),
    )
    assert (regime.applies_from, regime.applies_now) == (SMALL_APPLICATION_DATE, False)


@pytest.mark.parametrize(
    ("hs_code", "covered"),
    [
        ("4706 30", False),
        ("4707 10", False),
        ("4706 20", True),
        ("94", True),
        ("9406 10 00", True),
        ("", False),
    ],
)
def test_timber_regulation_codes(hs_code, covered):
    from regulation.timber_regulation import covered_by_timber_regulation

    assert covered_by_timber_regulation(hs_code) is covered


def test_the_established_by_cutoff_is_read_from_the_rows():
    """A later act moving the cut-off is a new row; it changes the answer from its own date."""
    from regulation.models import ApplicationDate

    current = ApplicationDate.objects.get(category="micro_small", valid_until__isnull=True)
    current.valid_until = date(2026, 6, 1)
    current.save()
    ApplicationDate.objects.create(
        category="micro_small",
        applies_from=date(2027, 6, 30),
        established_by=date(2025, 12, 31),
        natural_persons=True,
        excepted_commodities="wood",
        act="Regulation (EU) 2026/9999 (example)",
        provision="Article 38(3) as amended by the example act",
        source="test",
        valid_from=date(2026, 6, 1),
    )
    application_dates_cache_clear()
    before = _starts(Size.SMALL, date(2026, 5, 31), established_small_on=date(2025, 6, 1))
    after = _starts(Size.SMALL, date(2026, 6, 1), established_small_on=date(2025, 6, 1))
    assert (before.applies_from, after.applies_from) == (APPLICATION_DATE, SMALL_APPLICATION_DATE)


OLD = date(2023, 6, 28)  # produced the day before Regulation (EU) 2023/1115 entered into force


def _regime(commodity, hs_code, *, on=AFTER, produced_on=OLD):
    return regime_for(
        commodity=commodity,
        hs_code=hs_code,
        role=Role.OPERATOR,
        size=Size.LARGE,
        country_code="PL",
        on=on,
        produced_on=produced_on,
    )


def test_timber_made_before_29_june_2023_stays_under_the_timber_regulation_until_2029():
    regime = _regime("wood", "4407", on=date(2029, 12, 31))
    assert (regime.in_scope, regime.obligation, regime.due_diligence) == (
        False,
        Obligation.TIMBER_REGULATION,
        None,
    )
    assert "Article 37(2)" in regime.applies_from_provision
    assert "2029-12-31" in regime.notes[0]


def test_old_products_outside_the_timber_regulations_annex_stay_outside_the_regulation():
    for on in (AFTER, date(2030, 1, 1)):
        for regime in (
            _regime("wood", "4402", on=on),  # wood charcoal: not in the Timber Regulation's Annex
            _regime("soya", "1201", on=on),
        ):
            assert (regime.in_scope, regime.obligation) == (False, Obligation.NONE)
            assert "Article 1(2)" in regime.notes[0]


@pytest.mark.parametrize("hs_code", ["4407", "9403 91 00", "4414 90 00"])
def test_old_timber_of_the_annex_placed_on_the_market_in_2030_is_under_article_3(hs_code):
    """Article 37(3) as amended: after the Timber Regulation's last day (31.12.2029) such timber
    is placed on the market under Article 3 of 2023/1115, with a due diligence statement."""
    regime = _regime("wood", hs_code, on=date(2030, 6, 1))
    assert (regime.in_scope, regime.obligation, regime.applies_now) == (True, Obligation.DDS, True)
    assert any("Article 37(3)" in note and "Article 3 " in note for note in regime.notes)
    # The day before, the Timber Regulation still governed it.
    assert _regime("wood", hs_code, on=date(2029, 12, 31)).obligation is Obligation.TIMBER_REGULATION


def test_products_made_from_29_june_2023_are_in_scope():
    regime = _regime("wood", "4407", produced_on=date(2023, 6, 29))
    assert regime.in_scope and regime.obligation is Obligation.DDS


NATURAL_PERSON_LATE = date(2026, 3, 1)  # began to act as an operator after 31.12.2024


def test_a_natural_person_established_in_2026_gets_the_general_date():
    """Article 38(3) as amended: natural persons too must be "established as such by 31 December 2024"."""
    answer = _starts(Size.NATURAL_PERSON, date(2026, 6, 1), established_small_on=NATURAL_PERSON_LATE)
    assert answer.applies_from == APPLICATION_DATE
    assert "after 2024-12-31, the cut-off for natural persons" in answer.notes[0]


def test_a_natural_person_established_by_2024_gets_the_later_date():
    answer = _starts(Size.NATURAL_PERSON, date(2026, 6, 1), established_small_on=date(2024, 12, 31))
    assert (answer.applies_from, answer.notes) == (SMALL_APPLICATION_DATE, ())


def test_a_natural_person_of_unknown_establishment_gets_the_general_date_with_a_note():
    answer = _starts(Size.NATURAL_PERSON, date(2026, 6, 1))
    assert answer.applies_from == APPLICATION_DATE
    assert "natural persons" in answer.notes[0] and "not known" in answer.notes[0]


@pytest.mark.parametrize("role", [Role.TRADER, Role.DOWNSTREAM_OPERATOR, Role.LATER_DOWNSTREAM])
def test_a_micro_trader_or_downstream_operator_gets_the_general_date_as_its_duties_do(role):
    """One answer in both places: regime_for and roles.duties_for give the general date."""
    from regulation.roles import DOWNSTREAM_ROLES, duties_for

    regime = regime_for(
        commodity="coffee",
        hs_code="0901",
        role=role,
        size=Size.MICRO,
        country_code="BR",
        on=date(2027, 1, 15),
        established_small_on=SMALL_BEFORE_CUTOFF,
    )
    assert (regime.applies_from, regime.applies_now) == (APPLICATION_DATE, True)
    assert any("operators only" in note for note in regime.notes)
    for organisation_role in DOWNSTREAM_ROLES:
        dates = {view.applies_from for view in duties_for(organisation_role, sme=True, on=date(2027, 1, 15))}
        assert dates == {regime.applies_from}


def test_a_micro_operator_still_gets_the_later_date():
    regime = regime_for(
        commodity="coffee",
        hs_code="0901",
        role=Role.OPERATOR,
        size=Size.MICRO,
        country_code="BR",
        on=date(2027, 1, 15),
        established_small_on=SMALL_BEFORE_CUTOFF,
    )
    assert (regime.applies_from, regime.applies_now) == (SMALL_APPLICATION_DATE, False)


@pytest.mark.parametrize("size", [Size.MEDIUM, Size.LARGE])
def test_an_undertaking_small_by_its_relevant_figures_may_file_a_simplified_declaration(size):
    """The amended definition of a micro or small primary operator covers an undertaking above
    the thresholds whose figures relating to relevant commodities stay within them; its date
    stays the general one (it is not micro or small under Directive 2013/34/EU)."""
    common = dict(commodity="soya", hs_code="1201", role=Role.MICRO_SMALL_PRIMARY_OPERATOR, size=size)
    within = regime_for(**common, country_code="PL", on=AFTER, relevant_figures_within_small_thresholds=True)
    assert (within.obligation, within.applies_from) == (Obligation.SIMPLIFIED_DECLARATION, APPLICATION_DATE)
    assert any("relating to relevant commodities" in note for note in within.notes)
    # Without the figures, or outside a low-risk country, a due diligence statement.
    assert regime_for(**common, country_code="PL", on=AFTER).obligation is Obligation.DDS
    outside = regime_for(**common, country_code="BR", on=AFTER, relevant_figures_within_small_thresholds=True)
    assert outside.obligation is Obligation.DDS


def test_the_roles_page_dates_follow_the_establishment_date_as_the_regime_does():
    from regulation.roles import OrganisationRole, duties_for

    on = date(2026, 6, 1)
    for established, expected in ((None, APPLICATION_DATE), (date(2024, 12, 31), SMALL_APPLICATION_DATE)):
        views = duties_for(
            OrganisationRole.MICRO_SMALL_PRIMARY_OPERATOR, sme=True, on=on, established_small_on=established
        )
        assert {view.applies_from for view in views} == {expected}
        assert {view.later_date for view in views} == {SMALL_APPLICATION_DATE}
        assert _starts(Size.NATURAL_PERSON, on, established_small_on=established).applies_from == expected
    late = duties_for(
        OrganisationRole.MICRO_SMALL_PRIMARY_OPERATOR,
        sme=True,
        on=on,
        established_small_on=NATURAL_PERSON_LATE,
    )
    assert {view.applies_from for view in late} == {APPLICATION_DATE}
