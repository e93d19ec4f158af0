"""Polish statistical numbers (REGON, 9 or 14 digits) with their checksums.

The weights are those of the register's own specification (GUS, REGON number
structure): 9 digits weighted 8,9,2,3,4,5,6,7 and 14 digits weighted
2,4,8,5,0,9,7,3,6,1,2,4,8, the sum modulo 11 (10 counts as 0) being the last
digit; a 14-digit number (a local unit) begins with its owner's valid 9-digit one.
"""

from __future__ import annotations

import re

_WEIGHTS_9 = (8, 9, 2, 3, 4, 5, 6, 7)
_WEIGHTS_14 = (2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8)


def _check(digits: str, weights: tuple[int, ...]) -> bool:
    remainder = sum(int(d) * w for d, w in zip(digits, weights, strict=False)) % 11
    return (0 if remainder == 10 else remainder) == int(digits[-1])


def regon_normalise(raw: str) -> str | None:
    """The digits without separators, if a 9- or 14-digit REGON's checksum holds; else None."""
    text = re.sub(r"[ \t-]", "", raw or "")
    if not re.fullmatch(r"[0-9]{9}|[0-9]{14}", text, flags=re.ASCII):
        return None
    if not _check(text[:9], _WEIGHTS_9):
        return None
    if len(text) == 14 and not _check(text, _WEIGHTS_14):
        return None
    return text
