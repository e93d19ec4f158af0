"""When to ask the EU again for a statement's status.

The EU asks for at least 30 minutes between a submission and the first status
check (OPS 2.4, "Avoid unnecessary high-frequency polling"). It gives no rule
for later checks; we double the wait each time up to four hours, so a statement
still SUBMITTED after a day costs about eight calls.
"""

from __future__ import annotations

from euis.contract import FIRST_POLL_DELAY_SECONDS

POLL_DELAY_CAP_SECONDS = 4 * 60 * 60


def next_poll_delay(polls_done: int, *, first: float = FIRST_POLL_DELAY_SECONDS) -> float:
    """Seconds to wait before status check number `polls_done + 1` after a submission."""
    return float(min(POLL_DELAY_CAP_SECONDS, first * 2 ** max(0, polls_done)))
