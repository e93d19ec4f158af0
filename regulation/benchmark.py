"""The country benchmark of Article 29 (Implementing Regulation (EU) 2025/1093): which class a
country has on a day, from the `CountryBenchmark` rows."""

from __future__ import annotations

import time
from datetime import date

from django.utils import timezone

from regulation.models import CountryBenchmark

_BENCHMARK_TTL_SECONDS = 60.0
# (country, class, valid_from, valid_until) for every row: a few hundred, so any date is
# answered from memory and the table is re-read at most once a minute.
_BenchmarkRow = tuple[str, str, date, date | None]
# The tables computed per date are memoised beside the rows (a batch asks for the same day).
_benchmark_cache: tuple[float, list[_BenchmarkRow], dict[date, dict[str, str]]] | None = None


def _benchmark_cached() -> tuple[list[_BenchmarkRow], dict[date, dict[str, str]]]:
    global _benchmark_cache  # noqa: PLW0603 - a per-process cache of a tiny table
    now = time.monotonic()
    if _benchmark_cache is None or now - _benchmark_cache[0] > _BENCHMARK_TTL_SECONDS:
        rows = list(
            CountryBenchmark.objects.order_by("country_code", "valid_from").values_list(
                "country_code", "risk_class", "valid_from", "valid_until"
            )
        )
        _benchmark_cache = (now, rows, {})
    return _benchmark_cache[1], _benchmark_cache[2]


def benchmark_table(on: date | None = None) -> dict[str, str]:
    """Country code -> class on `on` (default today, UTC) for every country with a row.

    For each country the row with the latest valid_from on or before the date applies,
    unless its valid_until has passed; a later act therefore changes the answer from
    its own date while earlier dates keep the earlier answer.
    """
    on = on or timezone.now().date()
    rows, by_date = _benchmark_cached()
    if on not in by_date:
        table: dict[str, str] = {}
        for code, risk_class, valid_from, valid_until in rows:  # each country's rows by valid_from
            if valid_from <= on:
                if valid_until is None or on < valid_until:
                    table[code] = risk_class
                else:
                    table.pop(code, None)
        if len(by_date) > 366:  # dates asked for are few; never let the memo grow unbounded
            by_date.clear()
        by_date[on] = table
    return by_date[on]


def benchmark_cache_clear() -> None:
    global _benchmark_cache  # noqa: PLW0603
    _benchmark_cache = None


def benchmark_class(country_code: str | None, on: date | None = None) -> str | None:
    """The country's class under Article 29 on `on` (default today)."""
    if country_code is None:
        return None
    # A country without a row is standard risk by the Regulation itself (UNLISTED_ACT).
    return benchmark_table(on).get(country_code, "standard")


# A country with no row. What makes it standard risk is Article 29(1) of Regulation (EU)
# 2023/1115 (unchanged by 2024/3234 and 2025/2650 as far as we read): it sets up the three
# tiers and makes a country standard risk unless identified as high or low risk under
# Article 29, whose paragraph 2 empowers the Commission to identify those by implementing
# acts. Implementing Regulation (EU) 2025/1093 is such an act: it lists low- and high-risk
# countries; no article of it that declares the others standard was found, so it is not
# cited for the default. Neither OJ text was read here: the three-tier structure with
# standard as the residual class is confirmed by secondary sources (Fieldfisher, May 2025:
# "Standard risk for all other cases"; ATIBT, 24.5.2025: "all countries not assessed
# (standard risk)"); the paragraph's wording is not (docs/regulation.md, "Country benchmark").
UNLISTED_ACT = (
    "Regulation (EU) 2023/1115, Article 29(1): standard risk unless identified as high or low risk "
    "(not listed in Implementing Regulation (EU) 2025/1093)"
)


def benchmark_row(country_code: str, on: date | None = None) -> dict[str, str | None]:
    """The row that gives the country its class on `on` (default today), with its act and
    period, as an evidence record cites it."""
    on = on or timezone.now().date()
    row = (
        CountryBenchmark.objects.filter(country_code=country_code, valid_from__lte=on)
        .order_by("-valid_from")
        .first()
    )
    if row is None or (row.valid_until is not None and on >= row.valid_until):
        return {
            "country": country_code,
            "class": "standard",
            "act": UNLISTED_ACT,
            "valid_from": None,
            "valid_until": None,
        }
    return {
        "country": country_code,
        "class": row.risk_class,
        "act": row.act,
        "valid_from": row.valid_from.isoformat(),
        "valid_until": row.valid_until.isoformat() if row.valid_until else None,
    }
