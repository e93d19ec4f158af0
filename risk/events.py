"""Webhook events of the risk engine; payloads documented in docs/webhooks.md.

Each function is called inside the transaction of the work it reports, so the
event exists exactly when the work does (outbox).
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from accounts.models import User
from eudr_service.lib.timestamps import iso_millis
from webhooks.services import event_emit


def risk_critical_emit(
    *, owner: User, subject: dict[str, Any], result: dict[str, Any], livemode: bool = True
) -> None:
    """One event for one critical assessment (a single risk-score call); `livemode`
    false when a test key asked."""
    risk_critical_batch_emit(
        owner=owner, subject=subject, items=[(subject, result)], single=True, livemode=livemode
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
    event_emit(owner=owner, event_type="risk.critical", data=data, livemode=livemode)
