"""The public verification record, cached: the verify endpoint is the hot path
every badge on every visitor's page calls.

Entries live at most VERIFY_CACHE_SECONDS (the same lifetime the response
advertises to browsers and CDNs), never past a COMPLIANT statement's `valid_until`
(so EXPIRED shows on time), and are dropped whenever a statement is saved or
changes status (compliance.verification_cache). Unknown identifiers are cached
briefly too, so a flood of made-up ids costs no database queries.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches
from django.utils import timezone
from rest_framework.renderers import JSONRenderer

from compliance.identifiers import normalise
from compliance.models import DDSStatus
from compliance.services import dds_find_public
from compliance.verification_cache import cache_key
from eudr_service.lib.outages import cache_call

_NOT_FOUND = "missing"
NEGATIVE_TTL_SECONDS = 10
# verification_get's `cached` when the caller did not read the cache.
UNREAD = object()


@dataclass(frozen=True)
class Verification:
    """The answer as it goes on the wire: JSON bytes and their ETag, built once
    per cache fill and served as they are."""

    body: bytes
    etag: str


def verification_get(*, raw_id: str, cached: object = UNREAD) -> Verification | None:
    """The public record of `raw_id`, or None. `cached` is the cache entry when
    the caller already read it (the verify view reads it along with the rate
    limit counters, in one round trip)."""
    identifier = normalise(raw_id)
    if identifier is None:
        return None
    cache = caches["default"]
    if cached is UNREAD:
        cached = cache_call(lambda: cache.get(cache_key(identifier)), fallback=None, topic="verify-cache")
    if cached == _NOT_FOUND:
        return None
    if isinstance(cached, tuple):
        return Verification(*cached)
    statement = dds_find_public(raw_id=identifier)
    if statement is None:
        cache_call(lambda: cache.set(cache_key(identifier), _NOT_FOUND, NEGATIVE_TTL_SECONDS), fallback=None)
        return None
    # The same bytes DRF's JSON renderer gave before; the ETag is their digest.
    record = statement.verification_record()
    body = JSONRenderer().render(record)
    etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
    ttl = _cache_seconds(statement, shown_status=record["status"])
    if ttl > 0:
        cache_call(
            lambda: cache.set(cache_key(identifier), (body, etag), ttl), fallback=None, topic="verify-cache"
        )
    return Verification(body, etag)


def _cache_seconds(statement, *, shown_status: str) -> int:
    """How long the record may be cached (0: not at all). A COMPLIANT result (shown as
    COMPLIANT, or as UNDER_REVIEW for an unconfirmed operator) must not outlive
    valid_until (EXPIRED shows on time), so it is cached only for the whole seconds
    left; any other record (EXPIRED included) is final until the statement's next
    change, which drops the entry."""
    ttl = settings.VERIFY_CACHE_SECONDS
    # The stored status, not the effective one: a result that lapsed between building
    # the record and now still shows COMPLIANT (or UNDER_REVIEW) in `shown_status`.
    held = shown_status == DDSStatus.UNDER_REVIEW and statement.status == DDSStatus.COMPLIANT
    if (shown_status == DDSStatus.COMPLIANT or held) and statement.valid_until is not None:
        remaining = (statement.valid_until - timezone.now()).total_seconds()
        ttl = min(ttl, max(int(remaining), 0))
    return ttl
