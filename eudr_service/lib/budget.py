"""The work budget of one request: its limits live in settings (BUDGET_*),
this module refuses a request above any of them.

A refusal is 400 `budget_exceeded` naming the setting, its maximum and what
the request asked for, so a client can split its work; nothing is changed.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings

from eudr_service.lib.problems import Problem

WHAT = {
    "BUDGET_PLOTS_PER_STATEMENT": "plots in one statement",
    "BUDGET_POSITIONS_PER_BODY": "coordinate positions in one request",
    "BUDGET_PARCELS_PER_REQUEST": "distinct cadastral parcels in one request",
}


class BudgetExceeded(Problem):
    def __init__(self, limit: str, *, maximum: int, requested: int) -> None:
        super().__init__(
            400,
            "budget_exceeded",
            f"At most {maximum} {WHAT.get(limit, limit)} ({limit}); this request has {requested}.",
            extra={"limit": limit, "maximum": maximum, "requested": requested},
        )


def budget_check(limit: str, requested: int) -> None:
    maximum = getattr(settings, limit)
    if requested > maximum:
        raise BudgetExceeded(limit, maximum=maximum, requested=requested)


def budget_check_parcels(parcel_ids: Iterable[str | None]) -> None:
    """Each distinct parcel may cost one ULDK lookup."""
    budget_check("BUDGET_PARCELS_PER_REQUEST", len({p.upper() for p in parcel_ids if p}))
