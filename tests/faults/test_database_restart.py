"""Fault: PostgreSQL restarted while clients file statements.

Services suite, as root (it stops and starts the machine's PostgreSQL cluster for a
few seconds). Clients file concurrently, each filing with its own Idempotency-Key,
and retry the same request on 503 or a dropped connection as documented. Each
filing must end committed exactly once (a retry answers with the same statement) or
answered 503 with nothing stored; no statement is half filed; once the database is
back, the outbox completes: every statement screened once and sent to the EU once.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request

import pytest
from django.db import connections

from accounts.services import api_key_create, eu_credential_set
from compliance.models import DDSPlot, DueDiligenceStatement, IdempotencyRecord
from compliance.services import dds_sweep_unscreened
from eu_filing.models import EuSubmission
from eu_filing.outbox import eu_submissions_release, eu_submissions_sweep
from regulation.benchmark import benchmark_cache_clear
from tests.compliance.test_dds_api import GENERATE, body
from tests.euis.conftest import FARMER, fake_eu  # noqa: F401  (the fixture)
from tests.faults.recovery import report
from tests.faults.test_outages import PG_CTL, SERVICES, _pg
from webhooks.models import Event

CLIENTS = 4
FILINGS_PER_CLIENT = 5


def _post(url: str, key: str, payload: dict, idempotency_key: str) -> tuple[int, dict]:
    request = urllib.request.Request(
        url,
        data=json.dumps(payload).encode(),
        method="POST",
        headers={
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
            "Accept": "application/json",
            "Idempotency-Key": idempotency_key,
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, {"retry_after": error.headers.get("Retry-After")}
    except OSError as error:  # the connection dropped: the client cannot know, so it retries
        return 0, {"error": str(error)}


@pytest.mark.services
@pytest.mark.serial  # stops PostgreSQL under every other test process
@pytest.mark.skipif(
    not SERVICES or not PG_CTL or __import__("os").geteuid() != 0, reason="needs the services suite as root"
)
@pytest.mark.django_db(transaction=True)
def test_filings_during_a_database_restart_are_each_committed_once(
    live_server,
    make_user,
    fake_eu,  # noqa: F811
    settings,
    eager_tasks,
):
    benchmark_cache_clear()
    settings.EU_IS_URL = fake_eu.base_url
    settings.EU_IS_FIRST_POLL_SECONDS = 0
    owner = make_user("enterprise")
    _, key = api_key_create(user=owner, name="filings")
    url = f"{live_server.url}{GENERATE}"
    answers: dict[str, list[int]] = {}
    filed: dict[str, str] = {}
    first_success = threading.Event()

    def client(number: int) -> None:
        for filing in range(FILINGS_PER_CLIENT):
            idempotency_key = f"restart-{number}-{filing}"
            payload = body(internal_reference=f"PO-RESTART-{number}-{filing}")
            statuses = answers.setdefault(idempotency_key, [])
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                status, data = _post(url, key, payload, idempotency_key)
                statuses.append(status)
                if status == 201:
                    filed[idempotency_key] = data["dds_id"]
                    first_success.set()
                    break
                assert status in (0, 503), (status, data)
                time.sleep(0.5)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    assert first_success.wait(120)
    _pg("stop")  # while the clients are filing
    try:
        time.sleep(1)
    finally:
        _pg("start")
    restarted = time.monotonic()
    for thread in threads:
        thread.join(timeout=300)
    connections.close_all()  # this test process's own connection died with the server

    keys = [f"restart-{n}-{f}" for n in range(CLIENTS) for f in range(FILINGS_PER_CLIENT)]
    assert sorted(filed) == sorted(keys), answers  # every filing got its 201 in the end
    assert any(0 in s or 503 in s for s in answers.values()), answers  # the restart was felt
    # Exactly once: one statement per key, a replay answers with the same one.
    statements = DueDiligenceStatement.objects.filter(owner=owner)
    assert statements.count() == len(keys)
    assert IdempotencyRecord.objects.filter(owner=owner).count() == len(keys)
    for idempotency_key in keys[:3]:
        n, f = idempotency_key.split("-")[1:]
        status, data = _post(url, key, body(internal_reference=f"PO-RESTART-{n}-{f}"), idempotency_key)
        assert status == 201 and data["dds_id"] == filed[idempotency_key]
    # Nothing half filed: every statement has its plots, its history and one dds.created event.
    for statement in statements:
        assert DDSPlot.objects.filter(commodity__statement=statement).exists()
        assert statement.history.exists()
        assert Event.objects.filter(type="dds.created", data__dds_id=statement.dds_id).count() == 1

    _outbox_completes(owner=owner, count=len(keys), fake=fake_eu)
    report(
        "PostgreSQL restarted during filings",
        lost=0,
        wall_seconds=time.monotonic() - restarted,
        note=f"{len(keys)} filings by {CLIENTS} clients, "
        f"{sum(s.count(0) + s.count(503) for s in answers.values())} retried answers",
    )


def _outbox_completes(*, owner, count: int, fake) -> None:
    """After recovery: screening left by a request that died after its commit, then the EU
    submissions (credentials stored now release them), each statement once."""
    statements = DueDiligenceStatement.objects.filter(owner=owner)
    dds_sweep_unscreened(older_than_seconds=0)
    assert not statements.filter(status="SUBMITTED").exists()
    eu_credential_set(
        account=owner,
        username=FARMER.username,
        authentication_key=FARMER.authentication_key,
        client_id=FARMER.client_id,
        environment="acceptance",
    )
    eu_submissions_release(owner_id=owner.pk)  # what storing them through the API does
    eu_submissions_sweep(grace_seconds=0)  # and whatever a lost message left
    submissions = EuSubmission.objects.filter(statement__owner=owner)
    assert submissions.count() == statements.filter(status="COMPLIANT").count() == count
    assert set(submissions.values_list("state", flat=True)) == {"submitted"}
    assert len(fake.records) == count and fake.calls.count("SubmitDdsRequest") == count
