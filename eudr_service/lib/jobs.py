"""Waiting for work a worker does, and the client's wish not to wait.

Shared by every "record it, render it in a worker, wait a little, else 202"
endpoint (CSRD reports, DDS PDFs): the database row is what web nodes and
workers share in every mode, so no result backend is needed.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

from django.http import HttpRequest


class FinishableRow(Protocol):
    @property
    def is_finished(self) -> bool: ...

    def refresh_from_db(self, *, fields: Iterable[str] | None = None) -> None: ...


Row = TypeVar("Row", bound=FinishableRow)


def row_wait(*, row: Row, fields: Iterable[str], timeout: float) -> Row:
    """Poll the row until it is finished or `timeout` seconds pass. Starts fast:
    a small PDF takes a few tenths of a second, and each poll is one indexed read."""
    deadline = time.monotonic() + timeout
    pause = 0.02
    while True:
        row.refresh_from_db(fields=list(fields))
        remaining = deadline - time.monotonic()
        if row.is_finished or remaining <= 0:
            return row
        time.sleep(min(pause, remaining))
        pause = min(pause * 1.5, 0.25)


def prefers_async(request: HttpRequest | Any) -> bool:
    """Whether the client sent `Prefer: respond-async` (RFC 7240)."""
    preferences = request.headers.get("Prefer", "").lower().replace(" ", "").split(",")
    return any(p.split(";")[0] == "respond-async" for p in preferences)
