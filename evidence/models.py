"""Signed, permanent evidence records and the keys that sign them (docs/evidence.md).

A record is written once and never changed: `EvidenceRecord.save` refuses an update, the
admin shows it read-only, and a later verdict on the same subject is a new record that
names the one it replaces. The signed body is stored as the exact canonical bytes that were
signed, so what we serve is what was signed, whatever a later version of our code would
serialise.
"""

from __future__ import annotations

import secrets
import string

from django.conf import settings
from django.db import models
from django.db.models import Q

from eudr_service.lib.encryption import EncryptedTextField

_ALPHABET = string.ascii_lowercase + string.digits


def _record_id() -> str:
    """`ev_` + 24 random characters (~124 bits): unguessable, never sequential."""
    return "ev_" + "".join(secrets.choice(_ALPHABET) for _ in range(24))


class SubjectKind(models.TextChoices):
    DUE_DILIGENCE_STATEMENT = "due_diligence_statement", "due diligence statement"
    SIMPLIFIED_DECLARATION = "simplified_declaration", "simplified declaration"
    RISK_RESULT = "risk_result", "risk result"


class SigningKey(models.Model):
    """An Ed25519 key. One signs at a time (`signing`); a rotated key stops signing but its
    public half stays published for ever, so every record it signed still verifies."""

    kid = models.CharField(max_length=40, unique=True)
    public_key = models.CharField(max_length=64, help_text="raw 32-byte Ed25519 key, base64url")
    # The private half, encrypted at rest like every secret (eudr_service.lib.encryption).
    private_key = EncryptedTextField()
    signing = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    retired_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["signing"], condition=Q(signing=True), name="one_signing_key")
        ]

    def __str__(self) -> str:
        return self.kid


class EvidenceRecord(models.Model):
    record_id = models.CharField(max_length=32, unique=True, default=_record_id)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    livemode = models.BooleanField(default=True)
    subject_kind = models.CharField(max_length=32, choices=SubjectKind.choices)
    subject_id = models.CharField(max_length=64)
    # Whether the public form may be served (a live statement's record; never a risk
    # result, which is its owner's alone).
    publishable = models.BooleanField(default=False)
    # Whether the plots' inputs are left out of the public form (V3 geoLocationConfidential).
    confidential = models.BooleanField(default=False)
    # Text, not bytes: canonical JSON is UTF-8 text, stored and read back byte for byte, and
    # PostgreSQL takes a text parameter twice as fast as a bytea one (bench: evidence record).
    body = models.TextField(help_text="the signed record: RFC 8785 canonical JSON, exactly as signed")
    sha256 = models.CharField(max_length=64, help_text="of the body")
    kid = models.CharField(max_length=40)
    signature = models.CharField(max_length=100, help_text="Ed25519 over the body, base64url")
    # What the record commits to by hash (each plot's input, with its salt): the owner's
    # form carries it; the public form only when the geolocation is not confidential.
    attachments = models.TextField(
        help_text="JSON: inputs and references, committed by inputs_sha256 and references_sha256"
    )
    replaces = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="replaced_by"
    )
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [
            models.Index(fields=["subject_kind", "subject_id", "-created_at"], name="evidence_subject")
        ]

    def __str__(self) -> str:
        return self.record_id

    def save(self, *args, **kwargs) -> None:
        # Written once: a later verdict is a new record (docs/evidence.md).
        if self.pk is not None:
            raise ValueError("an evidence record is never changed")
        super().save(*args, **kwargs)

    @property
    def signed_bytes(self) -> bytes:
        return self.body.encode("utf-8")
