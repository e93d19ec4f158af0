"""Webhook events of the compliance flows; payloads documented in docs/webhooks.md.

Each function is called inside the transaction of the change it reports, so
the event exists exactly when the change does (outbox).
"""

from __future__ import annotations

from datetime import datetime

from compliance.models import DDSStatus, DueDiligenceStatement
from eudr_service.lib.timestamps import iso_millis
from evidence import records
from evidence.models import EvidenceRecord
from webhooks.services import event_emit


def dds_created_emit(*, statement: DueDiligenceStatement) -> None:
    event_emit(
        owner=statement.owner,
        livemode=statement.livemode,
        event_type="dds.created",
        data={
            "dds_id": statement.dds_id,
            # A simplified declaration is not a due diligence statement: the receiver can tell.
            "document_type": statement.document_type,
            "status": statement.status,
            "operator_name": statement.operator_name,
            "commodity": statement.commodity,
            "country_of_production": statement.country_of_production,
            "created_at": iso_millis(statement.created_at),
            "livemode": statement.livemode,
        },
    )


def dds_status_changed_emit(
    *,
    statement: DueDiligenceStatement,
    from_status: str,
    reason: str,
    changed_at: datetime,
    evidence: EvidenceRecord | None = None,
) -> None:
    common = {
        "dds_id": statement.dds_id,
        "from": from_status,
        "reason": reason,
        "changed_at": iso_millis(changed_at),
        "livemode": statement.livemode,
        # The verdict's signed evidence record (its addresses and hash); null for a
        # change that is no verdict (filing, withdrawal).
        "evidence": records.reference(evidence),
    }
    event_emit(
        owner=statement.owner,
        event_type="dds.status_changed",
        data={**common, "to": statement.status},
        livemode=statement.livemode,
    )
    if statement.status == DDSStatus.AT_RISK:
        event_emit(
            owner=statement.owner,
            event_type="dds.at_risk",
            data={**common, "risk_level": statement.risk_level or None},
            livemode=statement.livemode,
        )
