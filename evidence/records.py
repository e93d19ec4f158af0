"""Writing and serving evidence records (docs/evidence.md).

A record is the verdict's content (given by the app that decided it: compliance for
statements, risk views for a kept risk result), wrapped with who issued it, when, with which
key and which record it replaces, serialised with the JSON Canonicalization Scheme (RFC
8785) and signed with Ed25519. What a record commits to by hash only (each plot's input
with a random salt, so that a confidential parcel cannot be found by hashing every parcel
of the country) travels beside it as `attachments`.
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
from evidence.models import EvidenceRecord, SubjectKind

FORMAT = "eudr-evidence/1"
SIGNATURE_ALGORITHM = "EdDSA"  # Ed25519 (RFC 8032), as JWS names it (RFC 8037)


def canonical(value: Any) -> bytes:
    """RFC 8785 bytes of a JSON value: the same bytes in any language that implements it."""
    return rfc8785.dumps(value)


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def input_committed(value: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """`value` with a fresh random salt, and the hash the record carries in its place."""
    salted = {"salt": secrets.token_hex(16), **value}
    return salted, sha256_hex(canonical(salted))


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
    attachments: dict[str, Any] | None = None,
    publishable: bool = False,
    confidential: bool = False,
) -> EvidenceRecord:
    """Sign and store a record; it replaces the subject's latest one, if any. Call inside
    the transaction that records the verdict, so the two exist together or not at all."""
    key = keys.signing_key()
    previous = latest(subject_kind, subject_id)
    now = timezone.now()
    record = EvidenceRecord(
        owner=owner,
        livemode=livemode,
        subject_kind=subject_kind,
        subject_id=subject_id,
        publishable=publishable and livemode,
        confidential=confidential,
        attachments=attachments or {},
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
    }
    record.body = canonical(body)
    record.sha256 = sha256_hex(record.body)
    record.signature = keys.sign(key, record.body)
    record.save()
    return record


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


def document(record: EvidenceRecord, *, public: bool) -> dict[str, Any]:
    """The record as served: the signed body, its signature and hash, and the attachments
    (left out of the public form when the geolocation is confidential)."""
    body = bytes(record.body)
    shown = not (public and record.confidential)
    return {
        "record": json.loads(body),
        "signature": {"alg": SIGNATURE_ALGORITHM, "kid": record.kid, "value": record.signature},
        "sha256": record.sha256,
        "form": "public" if public else "full",
        "attachments": record.attachments if shown else None,
        "attachments_withheld": None if shown else "geolocation_confidential",
        "keys_url": f"{settings.PUBLIC_BASE_URL}/.well-known/jwks.json",
        "signed_bytes_url": f"{settings.PUBLIC_BASE_URL}/api/v1/evidence/{record.record_id}/signed"
        if record.publishable
        else f"{record_url(record)}/signed",
    }


def subject_kind_for(document_type: str) -> str:
    """A statement's public document type is the record's subject kind."""
    return SubjectKind(document_type).value
