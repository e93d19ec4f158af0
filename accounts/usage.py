"""Usage history: API requests per account and UTC day.

The API never writes to the database to count a request: accounts.quota
increments a per-account day counter in the shared cache, and
`usage_persist` (a Celery beat task every few minutes) copies today's and
yesterday's counters into DailyUsage. It sets the stored count rather than
adding to it, so running it twice, or on two workers, is harmless.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta

from django.core.cache import caches

from accounts import quota
from accounts.models import DailyUsage, User
from eudr_service.lib.outages import CACHE_ERRORS, warn_once_a_minute

EPOCH = date(1970, 1, 1)
HISTORY_DAYS = 30
PERSIST_BATCH = 500


def day_number(now: float | None = None) -> int:
    """The Unix day (days since 1970-01-01 UTC) of `now`, default the quota clock."""
    return int(quota._now() if now is None else now) // quota.DAY


def day_date(day: int) -> date:
    return EPOCH + timedelta(days=day)


def _batched(items: Iterable[int], size: int) -> Iterator[list[int]]:
    batch: list[int] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _counters(user_ids: list[int], days: list[int]) -> dict[tuple[int, int], int]:
    """The cache counters that exist for these accounts and days, one round trip."""
    keys = {quota.account_day_key(uid, day): (uid, day) for uid in user_ids for day in days}
    found = caches["default"].get_many(list(keys))
    return {keys[key]: int(value) for key, value in found.items()}


def usage_persist(*, now: float | None = None, batch_size: int = PERSIST_BATCH) -> int:
    """Copy today's and yesterday's counters of active accounts into DailyUsage.

    Returns the number of rows written. Yesterday is included so the last
    requests before midnight are not lost between two runs.
    """
    today = day_number(now)
    days = [today - 1, today]
    written = 0
    ids = User.objects.filter(is_active=True).order_by("pk").values_list("pk", flat=True)
    for batch in _batched(ids.iterator(chunk_size=batch_size), batch_size):
        rows = [
            DailyUsage(user_id=uid, date=day_date(day), requests=count)
            for (uid, day), count in _counters(batch, days).items()
        ]
        if rows:
            DailyUsage.objects.bulk_create(
                rows, update_conflicts=True, unique_fields=["user", "date"], update_fields=["requests"]
            )
            written += len(rows)
    return written


def usage_today(*, user: User, now: float | None = None) -> int:
    """Requests served to the account today (UTC), live from the cache."""
    today = day_number(now)
    return _counters([user.pk], [today]).get((user.pk, today), 0)


@dataclass(frozen=True)
class DayCount:
    date: date
    requests: int


def usage_history(*, user: User, days: int = HISTORY_DAYS, now: float | None = None) -> list[DayCount]:
    """The last `days` days, oldest first: today live from the cache, earlier
    days from DailyUsage (yesterday's counter, still cached, may be newer)."""
    today = day_number(now)
    first = today - days + 1
    stored = dict(
        DailyUsage.objects.filter(user=user, date__gte=day_date(first)).values_list("date", "requests")
    )
    try:
        live = _counters([user.pk], [today - 1, today])
    except CACHE_ERRORS as exc:
        # The page still shows the history, with today as of the last persist.
        warn_once_a_minute("usage", "Usage counters unavailable (%s); showing stored usage", exc)
        live = {}
    # The counter only grows while it lives, so the larger of the two is current
    # (the stored one is larger only after the cache lost its counters).
    return [
        DayCount(day_date(day), max(stored.get(day_date(day), 0), live.get((user.pk, day), 0)))
        for day in range(first, today + 1)
    ]


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    day: DayCount


@dataclass(frozen=True)
class Chart:
    """Geometry of the dashboard's SVG bar chart, in viewBox units."""

    width: int
    height: int
    bars: list[Bar]
    peak: int
    total: int


def usage_chart(history: list[DayCount], *, width: int = 600, height: int = 160) -> Chart:
    peak = max((day.requests for day in history), default=0)
    slot = width / max(len(history), 1)
    gap = min(2.0, slot / 5)
    bars = []
    for index, day in enumerate(history):
        # Every day with traffic stays visible, however small next to the peak.
        bar_height = 0.0 if not day.requests else max(height * day.requests / peak, 2.0)
        bars.append(
            Bar(
                x=round(index * slot + gap / 2, 2),
                y=round(height - bar_height, 2),
                width=round(slot - gap, 2),
                height=round(bar_height, 2),
                day=day,
            )
        )
    return Chart(width, height, bars, peak, sum(day.requests for day in history))
