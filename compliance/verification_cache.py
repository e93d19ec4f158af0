"""The cache entry of a statement's public verification record (compliance.verification),
and dropping it when the statement changes.

Apart from compliance.verification, which reads statements: a statement's save() drops its
entry (DueDiligenceStatement.save), so compliance.models imports this module, which
imports no model.
"""

from __future__ import annotations

from django.core.cache import caches
from django.db import transaction

from compliance.identifiers import normalise
from eudr_service.lib.outages import cache_call


def verification_cache_key(*, raw_id: str) -> str | None:
    """The cache key of a statement's record; None for a malformed identifier."""
    identifier = normalise(raw_id)
    return None if identifier is None else cache_key(identifier)


def cache_key(identifier: str) -> str:
    # v5: records carry filed_by, mandate and eu_status; entries written under an earlier
    # version are never read again.
    return f"verify:v5:{identifier}"


def verification_forget(*, dds_id: str) -> None:
    """Drop the cached record now and again after the surrounding commit, so a
    concurrent reader cannot re-cache the state from before the change."""
    key = cache_key(dds_id.upper())
    cache = caches["default"]
    cache_call(lambda: cache.delete(key), fallback=None, topic="verify-cache")
    transaction.on_commit(lambda: cache_call(lambda: cache.delete(key), fallback=None, topic="verify-cache"))
