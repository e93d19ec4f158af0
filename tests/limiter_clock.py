"""One clock for both limiters in tests: the daily quota (accounts.quota) and
django-ratelimit's minute windows (accounts.limits)."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

import django_ratelimit.core
import pytest

from accounts import quota


def set_limiter_clock(monkeypatch: pytest.MonkeyPatch, now: Callable[[], float]) -> None:
    monkeypatch.setattr(quota, "_now", now)
    # django-ratelimit reads time.time() from its own module and nothing else of `time`.
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=now))
