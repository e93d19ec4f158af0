"""The one timestamp format of the public API: UTC, milliseconds, Z suffix."""

from __future__ import annotations

from datetime import UTC, datetime


def iso_millis(value: datetime | None) -> str | None:
    """`2025-03-01T12:00:00.000Z` (specification 2.1), or None."""
    if value is None:
        return None
    utc = value.astimezone(UTC)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"
