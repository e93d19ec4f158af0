"""Newest-first pages of an account's statements by position, not by number.

An account's statements grow without bound (a national operator files hundreds of
thousands a year). Numbered pages cost a COUNT over the whole account on every page and
an OFFSET that walks every statement before the page asked for: the 100,000th statement's
page read 100,000 index entries (docs/benchmarks.md, "Database at scale"). A page here is
the statements just older (or newer) than the edge of the page the person came from, read
from the owner's list index (compliance's `dds_owner_list`: owner, newest first), so every
page costs the same whatever the account's size. The links are Newest, Newer, Older and
Oldest; the page says which statements it shows instead of "page 3 of 2,000".

The API's lists page the same way (eudr_service.lib.pagination, DRF's cursor pages); the
panel has its own because its links are plain query strings a person can bookmark.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import urlencode

from django.db.models import QuerySet

# A position is the edge statement's creation time and id: "2026-11-24T10:15:00.123456+00:00~42".
_SEPARATOR = "~"


@dataclass(frozen=True)
class Page:
    rows: list[Any]
    newer: str | None  # links ('?...') to the other pages, None at either end
    older: str | None
    newest: str | None
    oldest: str | None

    @property
    def has_other_pages(self) -> bool:
        return bool(self.newer or self.older)


def position(obj: Any) -> str:
    return f"{obj.created_at.isoformat()}{_SEPARATOR}{obj.pk}"


def _parse(value: str | None) -> tuple[datetime, int] | None:
    """A position from a link, or None for anything else: a mangled link shows the newest
    page rather than an error (nothing of anyone else's can be reached by one)."""
    if not value or _SEPARATOR not in value:
        return None
    when, _, pk = value.rpartition(_SEPARATOR)
    try:
        created_at, number = datetime.fromisoformat(when), int(pk)
    except ValueError:
        return None
    if created_at.tzinfo is None:
        return None
    return created_at, number


def _query(extra: dict[str, str], **edge: str) -> str:
    return "?" + urlencode({**extra, **edge})


def keyset_page(queryset: QuerySet, params: Any, *, size: int, keep: dict[str, str] | None = None) -> Page:
    """The page `params` (a request's GET) asks for: `older=<position>` (the statements
    after that one, newest first), `newer=<position>` (the ones before it), `oldest=1`, or
    the newest page. `keep` are query parameters every link carries (a filter)."""
    keep = keep or {}
    older, newer = _parse(params.get("older")), _parse(params.get("newer"))
    descending = queryset.order_by("-created_at", "-id")
    if older is not None:
        when, pk = older
        # "Older than (when, pk)" as a range on created_at the index can start from, less
        # the statements of that same instant the page already showed (an OR of the two
        # conditions would be a filter, read from the account's newest statement on).
        before = descending.filter(created_at__lte=when).exclude(created_at=when, id__gte=pk)
        window = list(before[: size + 1])
        more_older, more_newer = len(window) > size, True
        rows = window[:size]
    elif newer is not None or params.get("oldest"):
        ascending = queryset.order_by("created_at", "id")
        if newer is not None:
            when, pk = newer
            ascending = ascending.filter(created_at__gte=when).exclude(created_at=when, id__lte=pk)
        window = list(ascending[: size + 1])
        more_newer, more_older = len(window) > size, newer is not None
        rows = window[:size][::-1]
    else:
        window = list(descending[: size + 1])
        more_older, more_newer = len(window) > size, False
        rows = window[:size]
    if not rows and (older or newer):
        # Past either end (a stale link, or statements deleted since): the newest page.
        return keyset_page(queryset, {}, size=size, keep=keep)
    return Page(
        rows=rows,
        newer=_query(keep, newer=position(rows[0])) if more_newer else None,
        older=_query(keep, older=position(rows[-1])) if more_older else None,
        newest=_query(keep) if more_newer else None,
        oldest=_query(keep, oldest="1") if more_older else None,
    )
