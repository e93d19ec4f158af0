"""Fault: the EU Information System answers 5xx or times out for an hour, then recovers.

Runs in both suites (the submission's tasks run in the test process): the clock is
controlled, so an hour of outage takes seconds. The fake EU answers every call of
the hour with a bare HTTP 500 or holds it past our client's deadline; the very first
submitDds is held and then processed, as the real EU may do with a request whose
answer never arrived. After the hour the statement must reach the EU's final state
with exactly one statement at the EU and one event per EU status; the same for a
simplified declaration (submitSd, found again by getSdByInternalReference)."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from compliance.models import DueDiligenceStatement
from eu_filing.models import EuStatusChange, EuSubmission
from eu_filing.outbox import eu_submissions_poll, eu_submissions_sweep
from tests.eu_filing.test_simplified_declaration import SD, declaration
from tests.eu_filing.test_submission import client, eu, file, store_credentials  # noqa: F401
from tests.euis.conftest import fake_eu  # noqa: F401  (the fixture)
from tests.faults.recovery import report
from webhooks.models import Event

pytestmark = pytest.mark.django_db

TIMEOUT = 0.4  # our client's deadline for one EU call, in real seconds
DDS = "/api/eudr/v1/dds"
BEAT = timedelta(seconds=60)  # the poll runs every minute, the sweep every two


class Outage:
    """Wraps the fake's request handling: while active, every call fails."""

    def __init__(self, fake) -> None:
        self.fake, self.handle = fake, fake.handle
        self.active = False
        self.answered = {"http_500": 0, "timeout": 0}
        self.processed_during = 0  # calls the EU carried out although we saw a timeout
        self._lock = threading.Lock()
        fake.handle = self._handle

    def _handle(self, path, headers, body):
        if not self.active:
            return self.handle(path, headers, body)
        with self._lock:
            first = self.processed_during == 0 and (b"SubmitDdsRequest" in body or b"SubmitSdRequest" in body)
            number = sum(self.answered.values())
            kind = "timeout" if first or number % 2 else "http_500"
            self.answered[kind] += 1
            if first:
                self.processed_during += 1
        if kind == "http_500":
            return 500, {"Content-Type": "text/html"}, b"<html><body>Internal error</body></html>"
        time.sleep(TIMEOUT + 0.3)  # past our deadline: the client has given up
        if first:
            return self.handle(path, headers, body)  # ... but the EU took the statement
        return 504, {"Content-Type": "text/html"}, b"<html><body>Gateway timeout</body></html>"


@pytest.fixture
def outage(eu, settings, eager_tasks):  # noqa: F811
    settings.EU_IS_TIMEOUT_SECONDS = TIMEOUT
    return Outage(eu)


def _beat(traveller) -> None:
    """One minute of the beat schedule: the poll every minute, the sweep every other."""
    traveller.shift(BEAT)
    eu_submissions_sweep()
    eu_submissions_poll()


def _file_declaration(api, capture) -> dict:
    data = declaration()
    data["commodities"][0]["plots"] = [{"lat": 52.25, "lng": 21.05, "area_ha": 1.5}]
    with capture(execute=True):
        response = api.post(SD, data, format="json")
    assert response.status_code == 201, response.content
    return response.json()


@pytest.mark.parametrize("kind", ["statement", "declaration"])
def test_an_hour_of_eu_5xx_and_timeouts_loses_nothing_and_submits_once(
    client,  # noqa: F811
    eu,  # noqa: F811
    outage,
    django_capture_on_commit_callbacks,
    kind,
):
    store_credentials(client)
    submit, path = ("SubmitDdsRequest", DDS) if kind == "statement" else ("SubmitSdRequest", SD)
    with time_machine.travel(datetime(2027, 3, 1, 8, 0, tzinfo=UTC), tick=True) as traveller:
        outage.active = True
        outage_started = datetime.now(UTC)
        # The first attempt runs on commit.
        if kind == "statement":
            record = file(client, django_capture_on_commit_callbacks)
        else:
            record = _file_declaration(client, django_capture_on_commit_callbacks)
        submission = EuSubmission.objects.get(statement__dds_id=record["dds_id"])
        deadline = time.monotonic() + 10
        while not eu.records and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(eu.records) == 1  # the EU took it after our deadline: we do not know it has it

        attempts_before = submission.attempts
        while datetime.now(UTC) - outage_started < timedelta(hours=1):
            _beat(traveller)
            submission.refresh_from_db()
            # During the outage: kept, ours still COMPLIANT, the EU state pending.
            assert submission.state == "pending", submission.error_message
            assert DueDiligenceStatement.objects.get(pk=submission.statement_id).status == "COMPLIANT"
        eu_is = client.get(f"{path}/{record['dds_id']}").json()["eu_is"]
        assert eu_is["state"] == "pending" and eu_is["unavailable_since"]
        assert eu_is["contingency"]["source"] == "Operator API Reference v1.0, 11.6.5"
        retried = submission.attempts - attempts_before
        # Backoff, not a hammer: a retry at most every few seconds early on, every 5 to 10
        # minutes later; at least one retry in each half of the hour.
        assert 6 <= retried <= 20, retried
        assert sum(outage.answered.values()) >= retried

        outage.active = False
        recovered_at, simulated_from = time.monotonic(), datetime.now(UTC)
        while EuSubmission.objects.get(pk=submission.pk).state != "final":
            assert datetime.now(UTC) - simulated_from < timedelta(minutes=30), "not recovered"
            _beat(traveller)
        simulated = datetime.now(UTC) - simulated_from

    submission.refresh_from_db()
    # Exactly once at the EU: the one statement the first (timed-out) call left there.
    assert len(eu.records) == 1 and submission.eu_uuid == next(iter(eu.records))
    assert eu.calls.count(submit) == 1
    assert submission.eu_status == "AVAILABLE" and submission.reference_number
    statement = DueDiligenceStatement.objects.get(pk=submission.statement_id)
    assert statement.eu_reference_number == submission.reference_number
    assert [c.to_status for c in EuStatusChange.objects.filter(submission=submission)] == [
        "SUBMITTED",
        "AVAILABLE",
    ]
    changes = Event.objects.filter(type="dds.eu_status_changed").order_by("created_at", "id")
    assert [e.data["to"] for e in changes] == ["SUBMITTED", "AVAILABLE"]
    assert Event.objects.filter(type="dds.created").count() == 1
    report(
        f"EU system 5xx/timeouts for 1 h ({kind})",
        lost=0,
        wall_seconds=time.monotonic() - recovered_at,
        note=f"{simulated.total_seconds() / 60:.0f} simulated min to AVAILABLE; {retried} retries in 1 h",
    )
