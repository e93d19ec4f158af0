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

# Article 38(3) as amended by Regulation (EU) 2025/2650 (in force 26.12.2025), as the
# consolidated text 02023R1115-20251226 prints it (quoted verbatim by a third party's
# transcription of that consolidation; not read in the OJ here, docs/regulation.md):
ARTICLE_38_3_AS_AMENDED = (
    "Except as regards the products covered by the Annex to Regulation (EU) No 995/2010, for "
    "operators, whether natural persons or micro- or small undertakings within the meaning of "
    "Article 3(1) or Article 3(2), first subparagraph, respectively, of Directive 2013/34/EU, "
    "irrespective of their legal form, who were established as such by 31 December 2024, the "
    "Articles referred to in paragraph 2 of this Article shall apply from 30 June 2027."
)
# Whom the later date is for: "operators" (natural persons included, on the same cut-off).
# Article 2(15) as amended by 2025/2650 defines an operator without downstream operators,
# and a trader is not an operator: both have the general date, whatever their size
# (regime.obligations_apply_from, roles.duties_for).
LATER_DATE_FOR_OPERATORS_ONLY = (
    "Article 38(3) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2025/2650 "
    "names operators only; Article 2(15) as amended leaves out downstream operators"
)

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
