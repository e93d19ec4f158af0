"""Writing and serving evidence records (docs/evidence.md).

A record is the verdict's content (given by the app that decided it: compliance for
statements, risk views for a kept risk result), wrapped with who issued it, when, with which
key and which record it replaces, serialised with the JSON Canonicalization Scheme (RFC
8785) and signed with Ed25519. What a record commits to by hash only (the plots' inputs,
the caller's identifiers of them, each with a random salt) travels beside it as
`attachments`.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

import rfc8785
from django.conf import settings
from django.utils import timezone

from eudr_service.lib.timestamps import iso_millis
from evidence import keys
from evidence.models import EvidenceRecord

FORMAT = "eudr-evidence/1"
SIGNATURE_ALGORITHM = "EdDSA"  # Ed25519 (RFC 8032), as JWS names it (RFC 8037)


# A float already written in RFC 8785 form travels through the json module as a string
# between these marks (no string of ours holds NUL), which are then cut out with its quotes.
_OPEN, _CLOSE = "\x00<", "\x00>"
_OPEN_JSON, _CLOSE_JSON = '"\\u0000<', '\\u0000>"'
_SAFE_INT = 2**53


class _Unusual(Exception):
    """A value the fast path does not take: rfc8785 itself writes (or refuses) it."""


def _marked(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        try:
            # Python sorts keys by code point, RFC 8785 by UTF-16 code unit: the same for
            # ASCII keys (all of ours); any other key takes the library's path.
            keys = "".join(value)
        except TypeError:  # a key that is not a string
            raise _Unusual from None
        if not keys.isascii() or "\x00" in keys:
            raise _Unusual
        return {k: _marked(v) for k, v in value.items()}
    if isinstance(value, str):  # a str subclass (TextChoices) is written as its text
        if "\x00" in value or "\\u0000" in value:  # could be taken for a mark
            raise _Unusual
        return value
    if kind is float:
        return _OPEN + _number(value) + _CLOSE
    if kind is list or kind is tuple:
        return [_marked(v) for v in value]
    if kind is int:
        if -_SAFE_INT < value < _SAFE_INT:
            return value
        raise _Unusual
    if value is None or kind is bool:
        return value
    raise _Unusual  # subclasses (IntEnum...) and anything else: the library decides


def _number(value: float) -> str:
    """A float as RFC 8785 writes it. Python's repr and ECMAScript both give the shortest
    digits that read back to the same float; between 1e-4 and 1e16 both write them without
    an exponent, and differ only in "2.0" against "2". Anything else goes to rfc8785."""
    text = repr(value)
    if "e" in text or "n" in text:  # an exponent, nan or inf
        return rfc8785.dumps(value).decode("ascii")
    return text[:-2] if text.endswith(".0") else text


def canonical(value: Any) -> bytes:
    """RFC 8785 (JCS) bytes of a JSON value: the same bytes in any language that implements it.

    Written by the json module's C encoder, which writes strings, integers, literals and
    key order as RFC 8785 does; only numbers with a fraction or an exponent differ, so each
    float is written by rfc8785 first and put back in place. rfc8785 alone took 55 ms for
    a 500-plot record (its Python walk over every value); tests/evidence compare the two."""
    try:
        text = json.dumps(
            _marked(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    except _Unusual:
        return rfc8785.dumps(value)
    return text.replace(_OPEN_JSON, "").replace(_CLOSE_JSON, "").encode("utf-8")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def latest(subject_kind: str, subject_id: str) -> EvidenceRecord | None:
    return (
        EvidenceRecord.objects.filter(subject_kind=subject_kind, subject_id=subject_id)
        .order_by("-created_at", "-id")
        .first()
    )


def record_write(
    *,
    owner: Any,
    livemode: bool,
    subject_kind: str,
    subject_id: str,
    verdict: dict[str, Any],
    inputs: dict[str, Any] | None = None,
    references: dict[str, str] | None = None,
    publishable: bool = False,
    confidential: bool = False,
) -> EvidenceRecord:
    """Sign and store a record; it replaces the subject's latest one, if any. Call inside
    the transaction that records the verdict, so the two exist together or not at all.

    `inputs` (each plot's input by label) and `references` (the caller's own identifiers of
    the plots, by label) travel beside the record as its attachments, each with a random
    salt; the record holds the SHA-256 of each one's canonical bytes. So the public form can
    leave them out (the references always, the inputs of a confidential geolocation) and
    still verify, and nobody can find a withheld parcel by hashing every parcel of the
    country."""
    key = keys.signing_key()
    previous = latest(subject_kind, subject_id)
    committed_inputs = {"salt": secrets.token_hex(16), "plots": inputs or {}}
    committed_references = {"salt": secrets.token_hex(16), "plots": references or {}}
    now = timezone.now()
    record = EvidenceRecord(
        owner=owner,
        livemode=livemode,
        subject_kind=subject_kind,
        subject_id=subject_id,
        publishable=publishable and livemode,
        confidential=confidential,
        attachments=json.dumps({"inputs": committed_inputs, "references": committed_references}),
        replaces=previous,
        created_at=now,
        kid=key.kid,
    )
    body = {
        "format": FORMAT,
        "record_id": record.record_id,
        "issuer": settings.PUBLIC_BASE_URL,
        "key_id": key.kid,
        "issued_at": iso_millis(now),
        "subject": {"kind": subject_kind, "id": subject_id, "livemode": livemode},
        "replaces": None
        if previous is None
        else {"record_id": previous.record_id, "sha256": previous.sha256},
        "verdict": verdict,
        "inputs_sha256": sha256_hex(canonical(committed_inputs)),
        "references_sha256": sha256_hex(canonical(committed_references)),
    }
    signed = canonical(body)
    record.body = signed.decode("utf-8")
    record.sha256 = sha256_hex(signed)
    record.signature = keys.sign(key, signed)
    record.save()
    return record


def keys_url() -> str:
    """Where every public key that ever signed a record is published (a JWK set)."""
    return f"{settings.PUBLIC_BASE_URL}/.well-known/jwks.json"


def record_url(record: EvidenceRecord) -> str:
    """The owner's address of the full record (absolute: it is printed and sent)."""
    return f"{settings.PUBLIC_BASE_URL}/api/eudr/v1/evidence/{record.record_id}"


def public_url(record: EvidenceRecord) -> str | None:
    if not record.publishable:
        return None
    return f"{settings.PUBLIC_BASE_URL}/api/v1/evidence/{record.record_id}"


def reference(record: EvidenceRecord | None) -> dict[str, Any] | None:
    """How other documents point to a record: its addresses and hash."""
    if record is None:
        return None
    return {
        "record_id": record.record_id,
        "sha256": record.sha256,
        "url": record_url(record),
        "public_url": public_url(record),
    }


def confidential_now(record: EvidenceRecord) -> bool:
    """Whether the subject's geolocation is confidential now, or was when `record` was written.

    Every change of what the public may see of a subject writes a new record in the same
    transaction (compliance.evidence_record), so the subject's latest record carries its
    current state: an older record's public form follows it and withholds the inputs once
    the statement became confidential, whatever it was when that record was signed."""
    if record.confidential:
        return True
    current = latest(record.subject_kind, record.subject_id)
    return current is not None and current.confidential


def document(record: EvidenceRecord, *, public: bool) -> dict[str, Any]:
    """The record as served: the signed body, its signature and hash, and the attachments.
    The public form never carries the caller's references, nor the inputs of a statement
    whose geolocation is confidential now or was when the record was written."""
    shown = not (public and confidential_now(record))
    attachments = json.loads(record.attachments)
    if public:
        attachments = {"inputs": attachments["inputs"]} if shown else None
    return {
        "record": json.loads(record.body),
        "signature": {"alg": SIGNATURE_ALGORITHM, "kid": record.kid, "value": record.signature},
        "sha256": record.sha256,
        "form": "public" if public else "full",
        "attachments": attachments,
        "attachments_withheld": None if shown else "geolocation_confidential",
        "keys_url": keys_url(),
        "signed_bytes_url": f"{settings.PUBLIC_BASE_URL}/api/v1/evidence/{record.record_id}/signed"
        if record.publishable
        else f"{record_url(record)}/signed",
    }
