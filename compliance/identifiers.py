"""Identifiers of statements and declarations: `<KIND>-<CC>-<YYYY>-<5>-<5>-<5>-<check>`.

KIND is `DDS` for a due diligence statement (Annex II of Regulation (EU)
2023/1115) and `SD` for a simplified declaration of a micro or small primary
operator (Annex III, added by Regulation (EU) 2025/2650): the prefix says which
document a person holds, so a simplified declaration never reads as a DDS.

The three groups of five Crockford base32 characters (no I, L, O, U) are
75 random bits from `secrets`: there is no sequence, so one identifier says
nothing about any other and the public verify endpoint cannot be walked. (A
running number such as `SD-PL-2026-000123` would let anyone count and list
every farmer's declaration.) The last character is a check over the rest
(SHA-256, first 5 bits), so a mistyped identifier is usually recognisably wrong.

Identifiers issued before keep working and are never renumbered: the
`DDS-PL-2025-000001-DEMO` shape, and simplified declarations filed before the
`SD-` prefix existed, which carry a `DDS-` identifier (their kind is stored on
the row, not read from the identifier). The verify endpoint accepts any
identifier of either prefix in the specification's shape.
"""

from __future__ import annotations

import hashlib
import re
import secrets

_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
RANDOM_GROUPS = 3
GROUP_LENGTH = 5
RANDOM_BITS = RANDOM_GROUPS * GROUP_LENGTH * 5  # 75 bits

DDS_PREFIX = "DDS"
SD_PREFIX = "SD"

# Any identifier in the specification's shape: DDS or SD, a country code, then
# hyphen-separated alphanumeric groups of varying length.
DDS_ID_PATTERN = re.compile(r"^(?:DDS|SD)-[A-Z]{2}(?:-[0-9A-Z]{1,20}){1,6}$")


def check_character(body: str) -> str:
    return _CROCKFORD[hashlib.sha256(body.encode()).digest()[0] >> 3]


def build_identifier(country: str, year: int, *, prefix: str = DDS_PREFIX) -> str:
    """A fresh random identifier; callers retry on the (negligible) chance it exists."""
    if prefix not in (DDS_PREFIX, SD_PREFIX):
        raise ValueError(f"unknown identifier prefix {prefix!r}")
    groups = ["".join(secrets.choice(_CROCKFORD) for _ in range(GROUP_LENGTH)) for _ in range(RANDOM_GROUPS)]
    body = f"{prefix}-{country.upper()}-{year:04d}-{'-'.join(groups)}"
    return f"{body}-{check_character(body)}"


def normalise(raw: str) -> str | None:
    """The canonical (upper-case) form of an identifier, or None if malformed."""
    candidate = raw.strip().upper()
    return candidate if DDS_ID_PATTERN.match(candidate) else None
