"""Webhook events of the EU outbox; payloads documented in docs/webhooks.md.

Called inside the transaction of the change it reports, so the event exists exactly when
the change does (outbox), like compliance's own events (compliance.events).
"""

from __future__ import annotations

from django.utils import timezone

from eu_filing.models import EuSubmission, UpstreamReference
from eudr_service.lib.timestamps import iso_millis
from webhooks.services import event_emit


def dds_eu_status_changed_emit(*, submission: EuSubmission, from_status: str) -> None:
    """The EU's side of a statement moved (or the EU refused it: `to` is then empty, `state` refused)."""
    event_emit(
        owner=submission.statement.owner,
        livemode=submission.statement.livemode,
        event_type="dds.eu_status_changed",
        data={
            "dds_id": submission.statement.dds_id,
            "from": from_status or None,
            "to": submission.eu_status or None,
            "state": submission.state,
            "eu_identifier": submission.eu_uuid or None,
            "reference_number": submission.reference_number or None,
            "verification_number": submission.verification_number or None,
            "error_codes": submission.error_codes,
            "changed_at": iso_millis(timezone.now()),
            "livemode": submission.statement.livemode,
        },
    )


def upstream_status_changed_emit(*, reference: UpstreamReference, from_state: str) -> None:
    """The EU's answer about a reference the account relies on changed (eu_filing.upstream)."""
    event_emit(
        owner=reference.owner,
        livemode=True,  # test data never reaches the EU: only live references are checked
        event_type="upstream.status_changed",
        data={
            "reference_number": reference.reference_number,
            "verification_number": reference.verification_number,
            "origin": reference.origin,
            "supplier": reference.supplier or None,
            "dds_id": reference.submission.statement.dds_id if reference.submission_id else None,
            "from": from_state,
            "to": reference.state,
            "result": reference.result or None,
            "eu_status": reference.eu_status or None,
            "eu_checked_at": iso_millis(reference.eu_checked_at) if reference.eu_checked_at else None,
            "changed_at": iso_millis(reference.state_changed_at or timezone.now()),
            "livemode": True,
        },
    )
