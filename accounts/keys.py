"""API key format, hashing and lookup.

A key is `eudr_live_<prefix><secret>`: 8 lookup characters then 32 secret
characters, base62, ~238 bits in all. We store the prefix in clear and the
HMAC-SHA256 of the whole key under `API_KEY_PEPPER`. A fast keyed hash (not
the password hasher) is right here: the key is random, not a password, and
it is checked on every request.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import string
from dataclasses import dataclass

from django.conf import settings

KEY_PREFIX = "eudr_live_"
LOOKUP_LENGTH = 8
SECRET_LENGTH = 32
_ALPHABET = string.ascii_letters + string.digits
_KEY_PATTERN = re.compile(
    rf"^{KEY_PREFIX}(?P<lookup>[A-Za-z0-9]{{{LOOKUP_LENGTH}}})[A-Za-z0-9]{{{SECRET_LENGTH}}}$"
)


@dataclass(frozen=True)
class NewKey:
    plaintext: str
    lookup: str
    secret_hash: str


def hash_key(plaintext: str) -> str:
    return hmac.new(settings.API_KEY_PEPPER.encode(), plaintext.encode(), hashlib.sha256).hexdigest()


def generate_key() -> NewKey:
    random_part = "".join(secrets.choice(_ALPHABET) for _ in range(LOOKUP_LENGTH + SECRET_LENGTH))
    plaintext = KEY_PREFIX + random_part
    return NewKey(plaintext, random_part[:LOOKUP_LENGTH], hash_key(plaintext))


def parse_lookup(plaintext: str) -> str | None:
    """The lookup prefix of a well-formed key, or None for anything else."""
    match = _KEY_PATTERN.match(plaintext)
    return match.group("lookup") if match else None


def key_matches(plaintext: str, stored_hash: str) -> bool:
    return hmac.compare_digest(hash_key(plaintext), stored_hash)
