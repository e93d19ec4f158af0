"""The farmer's path as `make run` serves it: parcels from the ULDK stand-in, statements
to the fake EU, `manage.py eu_is_sync` from a second shell, and network failures."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone, translation

from eu_filing.models import EuSubmission
from eu_filing.outbox import NETWORK_RETRY_SECONDS, eu_submissions_poll
from regulation.benchmark import benchmark_cache_clear
from standins.uldk import PARCELS, UldkStandIn
from tests.eu_filing.test_simplified_declaration import declaration
from tests.eu_filing.test_submission import store_credentials
from tests.euis.conftest import fake_eu  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db
SD = "/api/eudr/v1/simplified-declarations"
FARM = [PARCELS[0].id, PARCELS[3].id]  # mazowieckie and wielkopolskie


@pytest.fixture
def eu(fake_eu, settings):  # noqa: F811
    standin = UldkStandIn()
    settings.ULDK_BASE_URL = standin.start()
    settings.EU_IS_URL = fake_eu.base_url
    settings.EU_IS_FIRST_POLL_SECONDS = 0
    settings.EU_IS_CALLS_PER_SECOND = 10_000
    settings.EU_IS_TIMEOUT_SECONDS = 5
    benchmark_cache_clear()
    yield fake_eu
    standin.stop()


@pytest.fixture
def client(keyed_client):
    return keyed_client("standard")


def sync(*args: str, active: str = "pl") -> str:
    """The command's output, run as from a shell whose active language is `active`."""
    out = StringIO()
    with translation.override(active):
        call_command("eu_is_sync", *args, stdout=out)
    return out.getvalue()


def file_from_parcels(client, capture) -> dict:
    store_credentials(client)
    data = declaration()
    data["commodities"][0]["plots"] = [{"parcel_id": parcel_id} for parcel_id in FARM]
    with capture(execute=True):
        response = client.post(SD, data, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_a_declaration_from_stand_in_parcels_is_screened_submitted_and_gets_eu_numbers_after_sync(
    client, eu, django_capture_on_commit_callbacks
):
    record = file_from_parcels(client, django_capture_on_commit_callbacks)
    assert record["status"] == "COMPLIANT", record
    plots = record["commodities"][0]["plots"]
    assert [p["parcel_id"] for p in plots] == FARM
    assert all(p["risk_level"] for p in plots)
    assert "plot_not_screened" not in str(record)
    assert {p["risk"]["parcel"]["source"] for p in plots} == {"ULDK stand-in (local run, made-up parcels)"}
    assert client.get(f"{SD}/{record['dds_id']}").json()["eu_is"]["state"] == "submitted"

    for _ in range(3):  # the fake settles after two status checks
        assert "EU Information System: " + eu.base_url in sync()
    eu_is = client.get(f"{SD}/{record['dds_id']}").json()["eu_is"]
    assert eu_is["status"] == "AVAILABLE"
    assert eu_is["reference_number"].startswith("S") and eu_is["verification_number"]


def test_eu_is_sync_says_which_eu_it_talks_to(eu):
    out = sync()
    assert out.splitlines()[0] == f"EU Information System: {eu.base_url}"
    assert "EU outbox: 0 sent, 0 polled" in out


def test_eu_is_sync_speaks_polish_too(eu):
    assert sync("--lang", "pl", active="en").splitlines()[0] == f"System informacyjny UE: {eu.base_url}"


def test_eu_is_sync_from_a_bare_shell_explains_instead_of_trying_the_real_eu(settings):
    settings.DATABASE_URL = None
    settings.EU_IS_URL = settings.EU_IS_ACCEPTANCE_URL
    settings.EU_IS_URL_FROM = "default"
    with pytest.raises(CommandError, match="no running make run was found") as refused:
        sync()
    assert str(settings.MAKE_RUN_FILE) in str(refused.value) and "EU_IS_URL" in str(refused.value)


def test_eu_is_sync_names_the_make_run_file_it_took_the_address_from(eu, settings):
    settings.EU_IS_URL_FROM = "make run"
    assert f"as recorded in {settings.MAKE_RUN_FILE}" in sync()


@pytest.mark.parametrize(
    "unreachable",
    ["http://127.0.0.1:9/tracesnt/", "https://eu-is.invalid/tracesnt/"],
    ids=["connection refused", "name not resolved"],
)
def test_a_network_failure_asks_the_eu_again_after_1_2_then_5_minutes(
    client, eu, settings, django_capture_on_commit_callbacks, unreachable
):
    record = file_from_parcels(client, django_capture_on_commit_callbacks)
    submission = EuSubmission.objects.get(statement__dds_id=record["dds_id"])
    base_url, settings.EU_IS_URL = settings.EU_IS_URL, unreachable
    now = timezone.now()
    waits = []
    for _ in range(4):
        assert eu_submissions_poll(now=now) == 1
        submission.refresh_from_db()
        waits.append((submission.next_poll_at - now).total_seconds())
        now = submission.next_poll_at
    assert waits == [60, 120, 300, 300] and list(NETWORK_RETRY_SECONDS) == [60, 120, 300]
    assert submission.state == "submitted" and submission.unavailable_since is not None

    settings.EU_IS_URL = base_url  # the network is back
    eu_submissions_poll(now=now)
    submission.refresh_from_db()
    assert submission.unavailable_since is None and submission.polls == 1


def test_a_name_that_does_not_resolve_keeps_a_submission_pending_not_refused(
    client, eu, settings, django_capture_on_commit_callbacks
):
    store_credentials(client)
    settings.EU_IS_URL = "https://eu-is.invalid/tracesnt/"
    data = declaration()
    data["commodities"][0]["plots"] = [{"parcel_id": FARM[0]}]
    with django_capture_on_commit_callbacks(execute=True):
        record = client.post(SD, data, format="json").json()
    submission = EuSubmission.objects.get(statement__dds_id=record["dds_id"])
    assert submission.state == "pending" and submission.unavailable_since is not None
    assert submission.next_attempt_at - timezone.now() < timedelta(minutes=1)
