"""The EU country benchmark (Implementing Regulation (EU) 2025/1093) as dated rows."""

from datetime import date

import pytest

from regulation.benchmark import benchmark_cache_clear, benchmark_class, benchmark_table
from regulation.models import CountryBenchmark

pytestmark = pytest.mark.django_db
IN_FORCE = date(2025, 5, 26)
ACT = "Implementing Regulation (EU) 2025/1093"


@pytest.fixture(autouse=True)
def _fresh_cache():
    benchmark_cache_clear()
    yield
    benchmark_cache_clear()


def test_annex_has_140_low_and_4_high_and_everything_else_is_standard():
    table = benchmark_table(date(2026, 11, 22))
    classes = list(table.values())
    assert classes.count("low") == 140
    assert sorted(code for code, c in table.items() if c == "high") == ["BY", "KP", "MM", "RU"]
    assert set(classes) == {"low", "standard", "high"}
    # Not in the table at all: standard, as Article 29(1) provides.
    assert benchmark_class("AQ", date(2026, 11, 22)) == "standard"


@pytest.mark.parametrize(
    ("country", "expected"),
    [
        ("IL", "standard"),
        ("VA", "standard"),
        ("GH", "low"),
        ("VN", "low"),
        ("PG", "low"),
        ("IN", "low"),
        ("TH", "low"),
        ("CL", "low"),
        ("ZA", "low"),
        ("PL", "low"),
        ("BR", "standard"),
        ("ID", "standard"),
        ("RU", "high"),
    ],
)
def test_corrected_countries_have_their_annex_class(country, expected):
    assert benchmark_class(country) == expected


def test_every_row_of_the_act_dates_from_its_entry_into_force_with_a_source():
    rows = CountryBenchmark.objects.filter(act=ACT)
    assert rows.count() == 4 + 140 + 51
    assert set(rows.values_list("valid_from", flat=True)) == {IN_FORCE}
    assert all(
        "2025/1093" in source and "checked" in source for source in rows.values_list("source", flat=True)
    )


def test_before_the_act_entered_into_force_every_country_was_standard():
    assert benchmark_class("PL", date(2025, 5, 25)) == "standard"
    assert benchmark_class("PL", IN_FORCE) == "low"


def test_a_later_act_changes_the_answer_from_its_date_and_keeps_the_earlier_one():
    CountryBenchmark.objects.create(
        country_code="BR",
        risk_class="low",
        act="Implementing Regulation (EU) 2027/1 (test)",
        source="test row",
        valid_from=date(2027, 6, 1),
    )
    benchmark_cache_clear()
    assert benchmark_class("BR", date(2027, 5, 31)) == "standard"
    assert benchmark_class("BR", date(2027, 6, 1)) == "low"
    assert benchmark_class("BR", date(2026, 1, 1)) == "standard"


def test_a_classification_ended_without_replacement_falls_back_to_standard():
    CountryBenchmark.objects.filter(country_code="GH", act=ACT).update(valid_until=date(2027, 1, 1))
    benchmark_cache_clear()
    assert benchmark_class("GH", date(2026, 12, 31)) == "low"
    assert benchmark_class("GH", date(2027, 1, 1)) == "standard"


def test_current_lookup_keeps_its_one_argument_signature():
    assert benchmark_class("DE") == "low"
    assert benchmark_class(None) is None


def test_an_unlisted_country_is_standard_risk_citing_article_29_1():
    """An unlisted country's row names what makes it standard: Article 29(1) of 2023/1115, not
    an article of Implementing Regulation (EU) 2025/1093 (which lists only low and high)."""
    from regulation.benchmark import benchmark_row

    row = benchmark_row("AQ", date(2026, 11, 22))
    assert (row["class"], row["valid_from"]) == ("standard", None)
    assert row["act"].startswith("Regulation (EU) 2023/1115, Article 29(1)")
    assert "2025/1093, Article" not in row["act"]
