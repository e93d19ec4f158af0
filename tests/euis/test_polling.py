"""Polling advice: the EU's 30 minutes first, then less and less often."""

from euis.contract import FINAL_STATUSES, EudrStatus
from euis.polling import next_poll_delay


def test_first_check_waits_the_30_minutes_the_eu_asks_for_then_backs_off_to_four_hours():
    assert next_poll_delay(0) == 30 * 60
    assert next_poll_delay(1) == 60 * 60
    assert next_poll_delay(2) == 120 * 60
    assert next_poll_delay(10) == 4 * 60 * 60


def test_only_unsettled_statuses_are_polled_again():
    """The outbox stops polling a submission whose status is final (eu_filing.outbox)."""
    assert EudrStatus.SUBMITTED not in FINAL_STATUSES
    assert {EudrStatus.AVAILABLE, EudrStatus.REJECTED, EudrStatus.WITHDRAWN} <= FINAL_STATUSES
