"""EU submission errors feed the EU system's breaker; an open breaker defers a submission
(it stays pending in the outbox and is sent later), it never loses one."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from eu_filing.models import EuSubmission
from eu_filing.outbox import eu_submissions_sweep
from eudr_service.lib import safe_http, upstreams
from tests.eu_filing.test_submission import client, eu, file, store_credentials  # noqa: F401
from tests.eudr_service.test_upstreams import Clock
from tests.euis.conftest import fake_eu  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(monkeypatch):
    now = Clock()
    monkeypatch.setattr(upstreams, "now", now)
    return now


@pytest.fixture
def sends(monkeypatch):
    """The HTTP exchanges that left for the EU."""
    made: list[str] = []
    real = safe_http.post

    def counted(url, **kwargs):
        made.append(url)
        return real(url, **kwargs)

    monkeypatch.setattr(safe_http, "post", counted)
    return made


def _due_now(submission: EuSubmission) -> None:
    EuSubmission.objects.filter(pk=submission.pk).update(next_attempt_at=timezone.now() - timedelta(hours=1))


def test_an_open_eu_breaker_defers_the_submission_which_is_sent_once_later(  # noqa: PLR0917
    client,  # noqa: F811
    eu,  # noqa: F811
    settings,
    clock,
    sends,
    django_capture_on_commit_callbacks,
):
    settings.UPSTREAM_BREAKER_FAILURES = 2
    settings.UPSTREAM_BREAKER_COOLDOWN_SECONDS = 60
    store_credentials(client)  # its credentials check (testEcho) succeeds
    sends.clear()
    eu.fail_next(2)  # bare HTTP 500s: the EU in trouble
    record = file(client, django_capture_on_commit_callbacks)
    submission = EuSubmission.objects.get(statement__dds_id=record["dds_id"])
    assert submission.state == "pending" and len(sends) == 1
    assert submission.error_kind == "eu_failure"  # a bare 500: the EU's side
    _due_now(submission)
    assert eu_submissions_sweep() == 1  # the second failure opens the breaker
    assert len(sends) == 2
    assert upstreams.breaker(upstreams.EU_IS).is_open()

    # The EU is healthy again, but the breaker is open: nothing is sent, nothing is lost.
    _due_now(submission)
    before = timezone.now()
    assert eu_submissions_sweep() == 1
    submission.refresh_from_db()
    assert len(sends) == 2
    assert submission.state == "pending"
    assert "not sent" in submission.error_message
    assert submission.error_kind == "unreachable"  # the breaker held it back
    assert submission.next_attempt_at >= before + timedelta(seconds=59)  # deferred by the cool-down
    assert eu.records == {}

    # After the cool-down the retry is the probe: it succeeds and closes the breaker.
    clock.at += 61
    _due_now(submission)
    assert eu_submissions_sweep() == 1
    submission.refresh_from_db()
    assert submission.state == "submitted"
    assert len(eu.records) == 1
    assert not upstreams.breaker(upstreams.EU_IS).is_open()


def test_eu_business_faults_do_not_open_the_breaker(
    client,  # noqa: F811
    eu,  # noqa: F811
    settings,
    django_capture_on_commit_callbacks,
):
    settings.UPSTREAM_BREAKER_FAILURES = 1
    store_credentials(client)
    eu.plan_rejection("Geolocation overlaps a protected area")
    file(client, django_capture_on_commit_callbacks)
    assert not upstreams.breaker(upstreams.EU_IS).is_open()
