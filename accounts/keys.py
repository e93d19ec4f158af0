"""API key format, hashing and lookup.

A key is `eudr_live_<prefix><secret>` (live mode) or `eudr_test_<prefix><secret>`
(test mode, the sandbox): 8 lookup characters then 32 secret characters,
base62, ~238 bits in all. The mode prefix is part of the hashed plaintext, so
a live key's secret presented with the test prefix (or the reverse) fails.
We store the lookup characters in clear and the HMAC-SHA256 of the whole
key under `API_KEY_PEPPER`. A fast keyed hash (not the password hasher) is
right here: the key is random, not a password, and it is checked on every
request.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import string
from dataclasses import dataclass

from django.conf import settings

LIVE_PREFIX = "eudr_live_"
TEST_PREFIX = "eudr_test_"
KEY_PREFIX = LIVE_PREFIX  # kept for callers that only know live keys
LOOKUP_LENGTH = 8
SECRET_LENGTH = 32
_ALPHABET = string.ascii_letters + string.digits
_KEY_PATTERN = re.compile(
    rf"^eudr_(?:live|test)_(?P<lookup>[A-Za-z0-9]{{{LOOKUP_LENGTH}}})[A-Za-z0-9]{{{SECRET_LENGTH}}}$"
)


@dataclass(frozen=True)
class NewKey:
    plaintext: str
    lookup: str
    secret_hash: str


def hash_key(plaintext: str) -> str:
    return hmac.new(settings.API_KEY_PEPPER.encode(), plaintext.encode(), hashlib.sha256).hexdigest()


def mode_prefix(*, livemode: bool) -> str:
    return LIVE_PREFIX if livemode else TEST_PREFIX


def generate_key(*, livemode: bool = True) -> NewKey:
    random_part = "".join(secrets.choice(_ALPHABET) for _ in range(LOOKUP_LENGTH + SECRET_LENGTH))
    plaintext = mode_prefix(livemode=livemode) + random_part
    return NewKey(plaintext, random_part[:LOOKUP_LENGTH], hash_key(plaintext))


def parse_lookup(plaintext: str) -> str | None:
    """The lookup prefix of a well-formed key, or None for anything else."""
    match = _KEY_PATTERN.match(plaintext)
    return match.group("lookup") if match else None


def key_matches(plaintext: str, stored_hash: str) -> bool:
    return hmac.compare_digest(hash_key(plaintext), stored_hash)
