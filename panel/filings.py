"""A bulk filing's own page: it follows the filing from the moment it is started.

Starting a filing only records it (suppliers.bulk.bulk_filing_create writes the rows and
queues the work); the rows are filed by a worker and sent to the EU by the outbox. So the
start, the cancel and the retry answer at once with a redirect here, and this page
refreshes itself while anything is still moving: rows being filed, declarations waiting
for the EU's reference numbers.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from accounts.limits import panel_actions_per_minute, rate_limited
from eu_filing.models import EuState
from panel.documents import _plans_with
from suppliers.bulk import (
    BulkFilingRunning,
    bulk_filing_cancel,
    bulk_filing_counts,
    bulk_filing_eu,
    bulk_filing_retry,
)
from suppliers.models import BulkFiling, BulkFilingStatus, RowState

REFRESH_SECONDS = 3  # how often the page reloads itself while the filing moves


def filing_view(filing: BulkFiling, *, reaches_eu: bool | None = None) -> dict[str, Any]:
    """What the page and the suppliers' list show of one filing (`reaches_eu` when the caller
    already knows whether the account's declarations can reach the EU)."""
    counts = bulk_filing_counts(filing)
    # The same answer as the API's `eu` (reachable only for a live filing with usable credentials).
    eu_state = bulk_filing_eu(filing, credentials_usable=reaches_eu)
    eu, reaches_eu = eu_state["progress"], eu_state["reachable"]
    handled = sum(counts[state] for state in (RowState.FILED, RowState.FAILED, RowState.CANCELLED))
    waiting_for_eu = counts[RowState.FILED] - eu["with_reference"] - eu[EuState.REFUSED]
    running = filing.status == BulkFilingStatus.RUNNING
    return {
        "filing": filing,
        "status_label": BulkFilingStatus(filing.status).label,
        "counts": [(RowState(state).label, counts[state]) for state in RowState.values],
        "handled": handled,
        "percent": round(100 * handled / filing.total) if filing.total else 100,
        "eu": eu,
        "reaches_eu": reaches_eu,
        "waiting_for_eu": max(waiting_for_eu, 0),
        "can_cancel": running,
        "can_retry": counts[RowState.FAILED] > 0,
        # Reload while rows are filed, or while EU numbers are still to come and can come.
        "moving": running or (reaches_eu and waiting_for_eu > 0),
        "results": f"/api/eudr/v1/supplier-filings/{filing.public_id}/results",
    }


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("panel-suppliers", per_minute=panel_actions_per_minute, plan_quota=True)
def filing_detail(request: HttpRequest, filing_id: str) -> HttpResponse:
    if not request.user.plan.has_feature("dds"):
        context = {"not_in_plan": True, "plans": _plans_with("dds")}
        return render(request, "panel/suppliers.html", context, status=403)
    # Another account's filing, or a test-mode one, is not found (the panel acts in live mode).
    filing = get_object_or_404(BulkFiling, owner=request.user, livemode=True, public_id=filing_id)
    if request.method == "POST":
        filing_act(request, filing, request.POST.get("action", ""))
        return redirect("panel-filing", filing_id=filing.public_id)
    view = filing_view(filing)
    context = {"view": view, "refresh_seconds": REFRESH_SECONDS if view["moving"] else None}
    return render(request, "panel/filing_detail.html", context)


def filing_act(request: HttpRequest, filing: BulkFiling, action: str) -> None:
    """Cancel or retry: both only change rows and queue work, so they answer at once."""
    if action == "cancel":
        bulk_filing_cancel(filing)
        messages.success(
            request,
            _("Filing %(id)s was cancelled; declarations already filed stay filed.")
            % {"id": filing.public_id},
        )
    elif action == "retry":
        try:
            again = bulk_filing_retry(filing)
        except BulkFilingRunning as exc:
            messages.error(
                request,
                _("Filing %(id)s is still running: wait for it or cancel it.") % {"id": exc.filing.public_id},
            )
        else:
            messages.success(request, _("Failed rows queued again: %(count)s.") % {"count": again})
