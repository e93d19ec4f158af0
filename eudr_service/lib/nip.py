"""Polish tax identification numbers (NIP) with their checksum."""

from __future__ import annotations

import re

_WEIGHTS = (6, 5, 7, 2, 3, 4, 5, 6, 7)


def nip_normalise(raw: str) -> str | None:
    """Ten digits without separators or a PL prefix, if the checksum holds; else None."""
    # ASCII only: \d and \s would also accept Arabic-Indic or full-width digits
    # and Unicode spaces, which no register writes and int() silently converts.
    text = re.sub(r"[ \t-]", "", raw or "").upper().removeprefix("PL")
    if not re.fullmatch(r"[0-9]{10}", text, flags=re.ASCII):
        return None
    checksum = sum(int(d) * w for d, w in zip(text, _WEIGHTS, strict=False)) % 11
    # A remainder of 10 cannot be a check digit: no NIP is issued with it.
    if checksum == 10 or checksum != int(text[9]):
        return None
    return text
