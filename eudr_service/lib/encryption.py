"""Encryption at rest for secrets we must be able to read back (webhook signing secrets,
and any credential for a third party we call on a customer's behalf).

One mechanism for the whole product:

- `ENCRYPTION_KEYS` holds one or more Fernet keys (AES-128-CBC + HMAC-SHA256,
  `cryptography`'s MultiFernet), comma-separated, newest first. The first key
  encrypts; every key decrypts, so a key can be rotated without downtime: put
  the new key first, deploy, run `manage.py encryption_rotate` (re-encrypts every
  `EncryptedTextField` under the new key), then drop the old key.
- The setting is parsed strictly at start-up (`keys_from_env`): a malformed or
  repeated key stops the process. With DEBUG=0 the setting is required; in the
  embedded development mode a key is derived from SECRET_KEY so `make run` needs
  nothing.
- A model stores a secret with `EncryptedTextField`: Python code sees the plain
  text, the database only the Fernet token. Tokens are not deterministic, so such
  a column cannot be filtered on or indexed.
"""

from __future__ import annotations

import base64
import hashlib
from functools import lru_cache
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.apps import apps
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import models

_DEV_KEY_CONTEXT = b"eudr-service encryption-at-rest development key\x00"


class DecryptionError(Exception):
    """A stored token that none of the configured keys opens (wrong or dropped key)."""


def development_key(secret_key: str) -> str:
    """The embedded mode's key, derived from SECRET_KEY (never used with DEBUG=0)."""
    digest = hashlib.sha256(_DEV_KEY_CONTEXT + secret_key.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode()


def keys_from_env(raw: str | None, *, debug: bool, secret_key: str) -> list[str]:
    """ENCRYPTION_KEYS parsed strictly: comma-separated Fernet keys, no blanks, no repeats."""
    if raw is None or not raw.strip():
        if not debug:
            raise ImproperlyConfigured("DEBUG=0 requires ENCRYPTION_KEYS (see docs/security.md)")
        return [development_key(secret_key)]
    keys = [part.strip() for part in raw.split(",")]
    for position, key in enumerate(keys, start=1):
        try:
            Fernet(key)
        except (ValueError, TypeError) as exc:
            raise ImproperlyConfigured(
                f"ENCRYPTION_KEYS entry {position} is not a Fernet key (32 url-safe base64 bytes)"
            ) from exc
    if len(set(keys)) != len(keys):
        raise ImproperlyConfigured("ENCRYPTION_KEYS lists a key twice")
    return keys


@lru_cache(maxsize=8)
def _fernet(keys: tuple[str, ...]) -> MultiFernet:
    return MultiFernet([Fernet(key) for key in keys])


def _current() -> MultiFernet:
    return _fernet(tuple(settings.ENCRYPTION_KEYS))


def encrypt(plaintext: str) -> str:
    """A token of `plaintext` under the first (newest) key."""
    return _current().encrypt(plaintext.encode()).decode()


def decrypt(token: str) -> str:
    try:
        return _current().decrypt(token.encode()).decode()
    except InvalidToken as exc:
        raise DecryptionError("no configured ENCRYPTION_KEYS entry decrypts this value") from exc


def reencrypt(token: str) -> str:
    """The same secret under the newest key (MultiFernet.rotate)."""
    try:
        return _current().rotate(token.encode()).decode()
    except InvalidToken as exc:
        raise DecryptionError("no configured ENCRYPTION_KEYS entry decrypts this value") from exc


class EncryptedTextField(models.TextField):
    """A text column holding a Fernet token; the model attribute is the plain text.

    The empty string is stored as is (nothing to hide), so optional secrets stay
    cheap to test for emptiness in Python. Never filter on this column.
    """

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> str | None:
        if value is None or value == "":
            return value
        return decrypt(value)

    def get_prep_value(self, value: Any) -> Any:
        value = super().get_prep_value(value)
        if value is None or value == "":
            return value
        return encrypt(value)


def encrypted_fields() -> list[tuple[type[models.Model], str]]:
    """Every (model, field name) stored with EncryptedTextField, for key rotation."""

    return [
        (model, field.name)
        for model in apps.get_models()
        for field in model._meta.concrete_fields
        if isinstance(field, EncryptedTextField)
    ]
