"""compliance's side of what accounts announces (accounts.services signals)."""

from __future__ import annotations

from typing import Any

from accounts.models import Organisation
from eudr_service.lib.background import enqueue


def representative_confirmation_receive(*, organisation: Organisation, **kwargs: Any) -> None:
    """Staff confirmed an organisation as authorised representative, or withdrew that: every
    declaration its account filed for others gets a new evidence record saying so, after the
    staff's change commits, in the background (an account may represent thousands)."""
    owner_id = organisation.account_id
    if owner_id is None:
        return
    enqueue("compliance.represented_records_reissue", owner_id)
