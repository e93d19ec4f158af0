"""The public verification record, cached: the verify endpoint is the hot path
every badge on every visitor's page calls.

Entries live at most VERIFY_CACHE_SECONDS (the same lifetime the response
advertises to browsers and CDNs), never past the statement's `valid_until`
(so EXPIRED shows on time), and are dropped whenever a statement is saved or
changes status. Unknown identifiers are cached briefly too, so a flood of
made-up ids costs no database queries.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches
from django.db import transaction
from django.utils import timezone

from compliance.identifiers import normalise
from compliance.services import dds_find_public
from eudr_service.lib.outages import cache_call

_NOT_FOUND = "missing"
NEGATIVE_TTL_SECONDS = 10


@dataclass(frozen=True)
class Verification:
    record: dict
    etag: str


def _key(identifier: str) -> str:
    return f"verify:v1:{identifier}"


def verification_get(*, raw_id: str) -> Verification | None:
    identifier = normalise(raw_id)
    if identifier is None:
        return None
    cache = caches["default"]
    cached = cache_call(lambda: cache.get(_key(identifier)), fallback=None, topic="verify-cache")
    if cached == _NOT_FOUND:
        return None
    if cached is not None:
        return Verification(*cached)
    statement = dds_find_public(raw_id=identifier)
    if statement is None:
        cache_call(lambda: cache.set(_key(identifier), _NOT_FOUND, NEGATIVE_TTL_SECONDS), fallback=None)
        return None
    record = statement.verification_record()
    etag = '"' + hashlib.sha256(json.dumps(record).encode()).hexdigest()[:32] + '"'
    ttl = settings.VERIFY_CACHE_SECONDS
    if statement.valid_until is not None:
        ttl = min(ttl, int((statement.valid_until - timezone.now()).total_seconds()))
    if ttl > 0:
        cache_call(
            lambda: cache.set(_key(identifier), (record, etag), ttl), fallback=None, topic="verify-cache"
        )
    return Verification(record, etag)


def verification_forget(*, dds_id: str) -> None:
    """Drop the cached record now and again after the surrounding commit, so a
    concurrent reader cannot re-cache the state from before the change."""
    key = _key(dds_id.upper())
    cache = caches["default"]
    cache_call(lambda: cache.delete(key), fallback=None, topic="verify-cache")
    transaction.on_commit(lambda: cache_call(lambda: cache.delete(key), fallback=None, topic="verify-cache"))
