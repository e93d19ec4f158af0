"""Fault: the Celery broker (Redis) is unreachable while statements are filed.

Every enqueue fails as it does when the broker is down (kombu's OperationalError).
The filing must still answer 201 and store the statement with its outbox rows (the
EU submission, the events and their deliveries, a large statement's screening); when
the broker is back, the periodic sweeps find that work in the database and it
completes: the statement screened once, submitted to the EU once, each event
delivered once. Runs in both suites (the sweeps' tasks run in the test process).
"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
import time_machine
from celery.app.task import Task
from django.utils import timezone
from kombu.exceptions import OperationalError

from compliance.models import DueDiligenceStatement
from compliance.services import dds_sweep_unscreened
from eu_filing.models import EuSubmission
from eu_filing.outbox import eu_submissions_sweep
from tests.compliance.test_dds_api import GENERATE, JSON, body
from tests.eu_filing.test_submission import client, eu, poll_until_final, store_credentials  # noqa: F401
from tests.euis.conftest import fake_eu  # noqa: F401  (the fixture)
from tests.faults.recovery import report
from tests.webhooks.conftest import receiver  # noqa: F401  (the fixture)
from webhooks.delivery import deliveries_enqueue_due
from webhooks.models import Delivery, Event
from webhooks.services import endpoint_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def broker(monkeypatch, eager_tasks):
    """`broker.down()` makes every enqueue fail; `broker.up()` brings it back."""

    class Broker:
        sent_while_down = 0

        def down(self) -> None:
            def refused(task, *args, **kwargs):
                Broker.sent_while_down += 1
                raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

            monkeypatch.setattr(Task, "apply_async", refused)

        def up(self) -> None:
            monkeypatch.undo()

    return Broker()


def test_filings_while_the_broker_is_down_are_stored_and_completed_when_it_returns(
    client,  # noqa: F811
    eu,  # noqa: F811
    broker,
    settings,
    django_capture_on_commit_callbacks,
):
    settings.WEBHOOKS_ALLOW_INSECURE = True
    store_credentials(client)
    broker.down()
    small = body(internal_reference="PO-BROKER-1")
    with django_capture_on_commit_callbacks(execute=True):
        first = client.post(GENERATE, small, format="json", **JSON)
    # A large statement is screened by a worker: with the broker down, by the sweep later.
    settings.DDS_SYNC_SCREENING_MAX_PLOTS = 0
    with django_capture_on_commit_callbacks(execute=True):
        second = client.post(GENERATE, body(internal_reference="PO-BROKER-2"), format="json", **JSON)
    assert first.status_code == second.status_code == 201, (first.content, second.content)
    assert broker.sent_while_down >= 2  # the enqueues were tried and refused

    compliant = DueDiligenceStatement.objects.get(dds_id=first.json()["dds_id"])
    waiting = DueDiligenceStatement.objects.get(dds_id=second.json()["dds_id"])
    assert compliant.status == "COMPLIANT" and waiting.status == "SUBMITTED" and waiting.screened_at is None
    # Recorded in the database, not lost with the message: the EU outbox row waits.
    assert EuSubmission.objects.get(statement=compliant).state == "pending"
    assert not EuSubmission.objects.filter(statement=waiting).exists()
    assert eu.records == {}

    broker.up()
    recovered_at = time.monotonic()
    # What the beat schedule does once the broker answers again (the grace periods are
    # for messages still in flight; none are).
    dds_sweep_unscreened(older_than_seconds=0)
    eu_submissions_sweep(grace_seconds=0)
    poll_until_final()
    waiting.refresh_from_db()
    assert waiting.status == "COMPLIANT" and waiting.screened_at is not None
    submissions = EuSubmission.objects.filter(statement__in=[compliant, waiting])
    assert sorted(s.state for s in submissions) == ["final", "final"]
    assert len(eu.records) == 2 and eu.calls.count("SubmitDdsRequest") == 2
    elapsed = time.monotonic() - recovered_at
    for statement in (compliant, waiting):
        assert Event.objects.filter(type="dds.created", data__dds_id=statement.dds_id).count() == 1
        changes = Event.objects.filter(type="dds.eu_status_changed", data__dds_id=statement.dds_id)
        assert sorted(e.data["to"] for e in changes) == ["AVAILABLE", "SUBMITTED"]
    report("Broker (Redis) down during filings", lost=0, wall_seconds=elapsed, note="2 filings, sweeps")


def test_events_emitted_while_the_broker_is_down_are_delivered_once_when_it_returns(
    client,  # noqa: F811
    receiver,  # noqa: F811
    broker,
    settings,
    django_capture_on_commit_callbacks,
):
    settings.WEBHOOKS_ALLOW_INSECURE = True
    from accounts.models import User

    owner = User.objects.get(api_keys__isnull=False)
    endpoint_create(owner=owner, url=receiver.url, events=["dds.created", "dds.status_changed"])
    broker.down()
    with django_capture_on_commit_callbacks(execute=True):
        filed = client.post(GENERATE, body(), format="json", **JSON)
    assert filed.status_code == 201
    deliveries = Delivery.objects.filter(endpoint__owner=owner)
    assert deliveries.count() >= 2 and receiver.requests == []
    assert set(deliveries.values_list("status", flat=True)) == {"pending"}

    broker.up()
    recovered_at = time.monotonic()
    # The webhooks sweep (every 30 s) takes rows whose wake-up message is older than
    # WEBHOOKS_REQUEUE_AFTER_SECONDS: the one lost to the outage counts as sent until then.
    later = timezone.now() + timedelta(seconds=settings.WEBHOOKS_REQUEUE_AFTER_SECONDS + 1)
    with time_machine.travel(later, tick=True):
        deliveries_enqueue_due()
    assert set(deliveries.values_list("status", flat=True)) == {"succeeded"}
    received = [r.headers["webhook-id"] for r in receiver.requests]
    assert sorted(received) == sorted(deliveries.values_list("event__public_id", flat=True))
    assert len(received) == len(set(received))  # each event once
    report(
        "Broker (Redis) down: webhook events",
        lost=0,
        wall_seconds=time.monotonic() - recovered_at,
        note=f"{len(received)} events",
    )
