"""compliance's side of what accounts announces (accounts.services signals)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from accounts.models import Organisation


def representative_confirmation_receive(*, organisation: Organisation, **kwargs: Any) -> None:
    """Staff confirmed an organisation as authorised representative, or withdrew that: every
    declaration its account filed for others gets a new evidence record saying so, after the
    staff's change commits, in the background (an account may represent thousands)."""
    # The task module imports compliance.services; imported here, nothing circles at load.
    from compliance.tasks import represented_records_reissue_task  # noqa: PLC0415

    owner_id = organisation.account_id
    if owner_id is None:
        return
    transaction.on_commit(lambda: represented_records_reissue_task.delay(owner_id), robust=True)
