"""The Ed25519 keys that sign evidence records, and their publication as a JWK set.

One key signs at a time. `key_rotate` retires it and makes a new one; retired keys stay
published (RFC 8037 OKP keys in an RFC 7517 set), so a record verifies for as long as it
exists. The private halves are encrypted at rest with ENCRYPTION_KEYS.
"""

from __future__ import annotations

import base64
import hashlib
from functools import lru_cache

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from django.db import IntegrityError, transaction
from django.utils import timezone

from eudr_service.lib.timestamps import iso_millis
from evidence.models import SigningKey


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _raw_public(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def _key_create() -> SigningKey:
    private = Ed25519PrivateKey.generate()
    raw_public = _raw_public(private.public_key())
    raw_private = private.private_bytes(
        serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()
    )
    # RFC 7638 thumbprint of the public JWK: the key id names the key itself.
    thumbprint = hashlib.sha256(
        f'{{"crv":"Ed25519","kty":"OKP","x":"{b64url(raw_public)}"}}'.encode()
    ).digest()
    return SigningKey.objects.create(
        kid=b64url(thumbprint)[:32], public_key=b64url(raw_public), private_key=b64url(raw_private)
    )


def signing_key() -> SigningKey:
    """The key that signs now; the first one is made on first use."""
    key = SigningKey.objects.filter(signing=True).first()
    if key is not None:
        return key
    try:
        with transaction.atomic():
            return _key_create()
    except IntegrityError:
        # Another process made it first (one signing key: a unique constraint).
        return SigningKey.objects.get(signing=True)


def key_rotate() -> SigningKey:
    """Retire the signing key and make its successor, in one transaction."""
    with transaction.atomic():
        SigningKey.objects.select_for_update().filter(signing=True).update(
            signing=False, retired_at=timezone.now()
        )
        return _key_create()


@lru_cache(maxsize=8)
def _private(kid: str, private_b64: str) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(b64url_decode(private_b64))


def sign(key: SigningKey, message: bytes) -> str:
    return b64url(_private(key.kid, key.private_key).sign(message))


def jwk(key: SigningKey) -> dict[str, str]:
    entry = {
        "kty": "OKP",
        "crv": "Ed25519",
        "x": key.public_key,
        "kid": key.kid,
        "use": "sig",
        "alg": "EdDSA",
    }
    if key.retired_at is not None:
        # Not a JWK member of RFC 7517; names when the key stopped signing (it still verifies).
        entry["retired_at"] = iso_millis(key.retired_at)
    return entry


def jwks() -> dict[str, list[dict[str, str]]]:
    """Every key that ever signed, newest first."""
    signing_key()  # a fresh installation publishes its first key before it signs anything
    return {"keys": [jwk(key) for key in SigningKey.objects.order_by("-created_at", "-id")]}


def public_key_pem(kid: str) -> bytes | None:
    key = SigningKey.objects.filter(kid=kid).first()
    if key is None:
        return None
    public = Ed25519PublicKey.from_public_bytes(b64url_decode(key.public_key))
    return public.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
