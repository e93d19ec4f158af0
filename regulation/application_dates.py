"""The dates of application of Regulation (EU) 2023/1115 (Article 38 as amended), read from
`ApplicationDate` rows: which date an act in force on a given day sets for each category.

The table has a handful of rows and is asked on every filing, so each process keeps the
rows in memory for a minute (the admin clears this process's copy on save).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import date

from regulation.models import ApplicationCategory, ApplicationDate

_TTL_SECONDS = 60.0
_cache: tuple[float, list[DateRule]] | None = None


@dataclass(frozen=True)
class DateRule:
    """One row: the date an act set for a category, and the conditions it set with it."""

    category: str
    applies_from: date
    established_by: date | None
    natural_persons: bool
    excepted_commodities: frozenset[str]
    act: str
    provision: str
    valid_from: date
    valid_until: date | None

    def in_force_on(self, on: date) -> bool:
        return self.valid_from <= on and (self.valid_until is None or on < self.valid_until)


def _rules() -> list[DateRule]:
    global _cache  # noqa: PLW0603 - a per-process cache of a tiny table
    now = time.monotonic()
    if _cache is None or now - _cache[0] > _TTL_SECONDS:
        rules = [
            DateRule(
                category=row.category,
                applies_from=row.applies_from,
                established_by=row.established_by,
                natural_persons=row.natural_persons,
                excepted_commodities=frozenset(row.excepted_commodities.split()),
                act=row.act,
                provision=row.provision,
                valid_from=row.valid_from,
                valid_until=row.valid_until,
            )
            for row in ApplicationDate.objects.order_by("category", "valid_from")
        ]
        _cache = (now, rules)
    return _cache[1]


def application_dates_cache_clear() -> None:
    global _cache  # noqa: PLW0603
    _cache = None


def application_dates(on: date) -> dict[ApplicationCategory, DateRule]:
    """Category -> the rule of the act in force on `on`: for each category the row with
    the latest valid_from on or before `on`, unless it has ended. A category is absent
    before any act set its date (before the Regulation entered into force)."""
    answer: dict[ApplicationCategory, DateRule] = {}
    for rule in _rules():  # by valid_from within each category: a later act replaces an earlier one
        if rule.valid_from > on:
            continue
        category = ApplicationCategory(rule.category)
        if rule.in_force_on(on):
            answer[category] = rule
        else:
            answer.pop(category, None)
    return answer
