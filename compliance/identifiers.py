"""DDS identifiers: `DDS-<CC>-<YYYY>-<6 digits>-<4 check chars>`.

The check characters are the first 20 bits of SHA-256 over the rest of the
identifier, in Crockford base32 (no I, L, O, U), so a mistyped identifier is
almost always recognisably wrong rather than someone else's statement.
"""

from __future__ import annotations

import hashlib
import re

_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

# Any identifier in the specification's shape: DDS, a country code, then
# hyphen-separated alphanumeric groups of varying length.
DDS_ID_PATTERN = re.compile(r"^DDS-[A-Z]{2}(?:-[0-9A-Z]{1,20}){1,6}$")
GENERATED_PATTERN = re.compile(r"^DDS-[A-Z]{2}-\d{4}-\d{6}-[0-9A-Z]{4}$")


def check_characters(body: str) -> str:
    digest = int.from_bytes(hashlib.sha256(body.encode()).digest()[:3], "big") >> 4
    return "".join(_CROCKFORD[(digest >> shift) & 31] for shift in (15, 10, 5, 0))


def build_identifier(country: str, year: int, sequence: int) -> str:
    body = f"DDS-{country.upper()}-{year:04d}-{sequence:06d}"
    return f"{body}-{check_characters(body)}"


def normalise(raw: str) -> str | None:
    """The canonical (upper-case) form of an identifier, or None if malformed."""
    candidate = raw.strip().upper()
    return candidate if DDS_ID_PATTERN.match(candidate) else None


def has_valid_check(identifier: str) -> bool:
    if not GENERATED_PATTERN.match(identifier):
        return False
    body, check = identifier.rsplit("-", 1)
    return check_characters(body) == check
