"""DDS identifiers: `DDS-<CC>-<YYYY>-<5>-<5>-<5>-<check>`.

The three groups of five Crockford base32 characters (no I, L, O, U) are
75 random bits from `secrets`: there is no sequence, so one identifier says
nothing about any other and the public verify endpoint cannot be walked.
The last character is a check over the rest (SHA-256, first 5 bits), so a
mistyped identifier is usually recognisably wrong. Identifiers issued
before (`DDS-PL-2025-000001-DEMO` and the like) keep working: the verify
endpoint accepts any identifier in the specification's shape.
"""

from __future__ import annotations

import hashlib
import re
import secrets

_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
RANDOM_GROUPS = 3
GROUP_LENGTH = 5
RANDOM_BITS = RANDOM_GROUPS * GROUP_LENGTH * 5  # 75 bits

# Any identifier in the specification's shape: DDS, a country code, then
# hyphen-separated alphanumeric groups of varying length.
DDS_ID_PATTERN = re.compile(r"^DDS-[A-Z]{2}(?:-[0-9A-Z]{1,20}){1,6}$")
GENERATED_PATTERN = re.compile(r"^DDS-[A-Z]{2}-\d{4}(?:-[0-9A-HJKMNP-TV-Z]{5}){3}-[0-9A-HJKMNP-TV-Z]$")


def check_character(body: str) -> str:
    return _CROCKFORD[hashlib.sha256(body.encode()).digest()[0] >> 3]


def build_identifier(country: str, year: int) -> str:
    """A fresh random identifier; callers retry on the (negligible) chance it exists."""
    groups = ["".join(secrets.choice(_CROCKFORD) for _ in range(GROUP_LENGTH)) for _ in range(RANDOM_GROUPS)]
    body = f"DDS-{country.upper()}-{year:04d}-{'-'.join(groups)}"
    return f"{body}-{check_character(body)}"


def normalise(raw: str) -> str | None:
    """The canonical (upper-case) form of an identifier, or None if malformed."""
    candidate = raw.strip().upper()
    return candidate if DDS_ID_PATTERN.match(candidate) else None


def has_valid_check(identifier: str) -> bool:
    if not GENERATED_PATTERN.match(identifier):
        return False
    body, check = identifier.rsplit("-", 1)
    return check_character(body) == check
