"""Polling advice: the EU's 30 minutes first, then less and less often."""

from euis.contract import EudrStatus
from euis.polling import needs_polling, next_poll_delay


def test_first_check_waits_the_30_minutes_the_eu_asks_for_then_backs_off_to_four_hours():
    assert next_poll_delay(0) == 30 * 60
    assert next_poll_delay(1) == 60 * 60
    assert next_poll_delay(2) == 120 * 60
    assert next_poll_delay(10) == 4 * 60 * 60


def test_only_unsettled_statuses_need_polling():
    assert needs_polling(EudrStatus.SUBMITTED)
    assert not needs_polling(EudrStatus.AVAILABLE)
    assert not needs_polling(EudrStatus.REJECTED)
    assert not needs_polling(EudrStatus.WITHDRAWN)
