"""Webhook events of the compliance flows; payloads documented in docs/webhooks.md.

Each function is called inside the transaction of the change it reports, so
the event exists exactly when the change does (outbox).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone

from accounts.models import User
from compliance.models import DDSStatus, DueDiligenceStatement, EuSubmission
from eudr_service.lib.timestamps import iso_millis
from webhooks.services import event_emit


def dds_created_emit(*, statement: DueDiligenceStatement) -> None:
    event_emit(
        owner=statement.owner,
        event_type="dds.created",
        data={
            "dds_id": statement.dds_id,
            "status": statement.status,
            "operator_name": statement.operator_name,
            "commodity": statement.commodity,
            "country_of_production": statement.country_of_production,
            "created_at": iso_millis(statement.created_at),
            "livemode": statement.livemode,
        },
    )


def dds_status_changed_emit(
    *, statement: DueDiligenceStatement, from_status: str, reason: str, changed_at: datetime
) -> None:
    common = {
        "dds_id": statement.dds_id,
        "from": from_status,
        "reason": reason,
        "changed_at": iso_millis(changed_at),
        "livemode": statement.livemode,
    }
    event_emit(
        owner=statement.owner, event_type="dds.status_changed", data={**common, "to": statement.status}
    )
    if statement.status == DDSStatus.AT_RISK:
        event_emit(
            owner=statement.owner,
            event_type="dds.at_risk",
            data={**common, "risk_level": statement.risk_level or None},
        )


def risk_critical_emit(
    *, owner: User, subject: dict[str, Any], result: dict[str, Any], livemode: bool = True
) -> None:
    """One event for one critical assessment (a single risk-score call); `livemode`
    false when a test key asked."""
    risk_critical_batch_emit(
        owner=owner, subject=subject, items=[(subject, result)], single=True, livemode=livemode
    )


def dds_eu_status_changed_emit(*, submission: EuSubmission, from_status: str) -> None:
    """The EU's side of a statement moved (or the EU refused it: `to` is then empty, `state` refused)."""
    event_emit(
        owner=submission.statement.owner,
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
        },
    )


def risk_critical_batch_emit(
    *,
    owner: User,
    subject: dict[str, Any],
    items: list[tuple[dict[str, Any], dict[str, Any]]],
    single: bool = False,
    livemode: bool = True,
) -> None:
    """At most one event for a batch or a statement, listing its critical items.

    One event per item would let one request fan out into hundreds of events
    times every endpoint; the receiver gets the whole list at once instead.
    """
    critical = [(s, r) for s, r in items if r and r.get("risk_level") == "critical"]
    if not critical:
        return
    top = max((r for _, r in critical), key=lambda r: r["score"])
    commodities = {r.get("commodity") for _, r in critical}
    data: dict[str, Any] = {
        "subject": subject,
        "commodity": commodities.pop() if len(commodities) == 1 else None,
        "score": top["score"],
        "risk_level": "critical",
        "methodology_version": top["methodology_version"],
        "assessed_at": iso_millis(timezone.now()),
        "livemode": livemode,
    }
    if not single:
        data["critical_count"] = len(critical)
        data["items"] = [
            {"subject": s, "commodity": r.get("commodity"), "score": r["score"]} for s, r in critical
        ]
    event_emit(owner=owner, event_type="risk.critical", data=data)
