"""CSV cells that are safe to open in a spreadsheet program."""

from __future__ import annotations

from typing import Any

# A cell starting with one of these runs as a formula in spreadsheet programs (CSV injection).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_safe(value: Any) -> Any:
    """Text that would start a formula gets a leading apostrophe; anything else is unchanged."""
    if isinstance(value, str) and value[:1] in _FORMULA_STARTS:
        return "'" + value
    return value
