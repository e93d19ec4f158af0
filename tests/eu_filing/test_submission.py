"""Statements go to the EU Information System (the local fake) and come back with its numbers."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone
from lxml import etree

from compliance.models import DueDiligenceStatement
from eu_filing.mapping import dds_to_eu
from eu_filing.models import EuSubmission
from eu_filing.outbox import eu_submission_send, eu_submissions_poll, eu_submissions_sweep
from euis import envelopes
from euis.contract import DdsOperatorRole
from euis.validation import payload_problems
from regulation.benchmark import benchmark_cache_clear
from tests.compliance.test_dds_api import GENERATE, JSON, body
from tests.euis.conftest import FARMER, fake_eu  # noqa: F401  (the fixture)
from webhooks.models import Event

pytestmark = pytest.mark.django_db
CREDENTIALS = "/api/eudr/v1/eu-is/credentials"


@pytest.fixture
def eu(fake_eu, settings):  # noqa: F811
    settings.EU_IS_URL = fake_eu.base_url
    settings.EU_IS_FIRST_POLL_SECONDS = 0
    settings.EU_IS_CALLS_PER_SECOND = 10_000
    settings.EU_IS_TIMEOUT_SECONDS = 5
    return fake_eu


@pytest.fixture
def client(keyed_client):
    benchmark_cache_clear()
    return keyed_client("standard")


def store_credentials(client, credentials=FARMER, environment="acceptance"):
    return client.put(
        CREDENTIALS,
        {
            "username": credentials.username,
            "authentication_key": credentials.authentication_key,
            "client_id": credentials.client_id,
            "environment": environment,
        },
        format="json",
    )


def file(client, capture, data=None) -> dict:
    with capture(execute=True):
        response = client.post(GENERATE, data or body(), format="json", **JSON)
    assert response.status_code == 201, response.content
    return response.json()


def detail(client, dds_id: str) -> dict:
    response = client.get(f"/api/eudr/v1/dds/{dds_id}")
    assert response.status_code == 200
    return response.json()


def poll_until_final(polls: int = 3) -> None:
    for day in range(1, polls + 1):
        eu_submissions_poll(now=timezone.now() + timedelta(days=day))


def test_compliant_statement_is_submitted_and_becomes_available_with_eu_numbers(
    client, eu, django_capture_on_commit_callbacks, api_client
):
    assert store_credentials(client).status_code == 200
    record = file(client, django_capture_on_commit_callbacks)
    assert record["status"] == "COMPLIANT"
    submitted = detail(client, record["dds_id"])["eu_is"]
    assert submitted["state"] == "submitted" and submitted["status"] == "SUBMITTED"
    assert submitted["identifier"] and submitted["internal_reference"] == record["dds_id"]
    assert submitted["reference_number"] == ""

    poll_until_final()

    eu_is = detail(client, record["dds_id"])["eu_is"]
    at_fake = eu.records[eu_is["identifier"]]
    assert eu_is["status"] == "AVAILABLE" and eu_is["state"] == "final"
    assert eu_is["reference_number"] == at_fake.reference_number
    assert eu_is["verification_number"] == at_fake.verification_number
    assert [h["to"] for h in eu_is["history"]] == ["SUBMITTED", "AVAILABLE"]
    # Our screening status is separate from the EU's.
    assert detail(client, record["dds_id"])["status"] == "COMPLIANT"
    # The public side: verify still answers, the certificate page names the EU number.
    public = api_client.get(f"/api/v1/verify/{record['dds_id']}").json()
    # No staff-verified organisation backs this operator: public UNDER_REVIEW, never COMPLIANT.
    assert public["operator_identity"] == "unconfirmed" and public["status"] == "UNDER_REVIEW"
    page = api_client.get(f"/cert/{record['dds_id']}")
    assert at_fake.reference_number in page.content.decode()
    # Exactly one submission reached the EU, and it passes our schema artefact.
    assert eu.calls.count("SubmitDdsRequest") == 1
    statement = DueDiligenceStatement.objects.get(dds_id=record["dds_id"])
    assert payload_problems(envelopes.submit_dds(dds_to_eu(statement), DdsOperatorRole.OPERATOR)) == ()
    changes = Event.objects.filter(type="dds.eu_status_changed").order_by("created_at", "id")
    assert [e.data["to"] for e in changes] == ["SUBMITTED", "AVAILABLE"]
    assert changes.last().data["reference_number"] == at_fake.reference_number


def test_one_pass_polls_everything_due_batch_after_batch_and_each_row_once(
    client, eu, django_capture_on_commit_callbacks, monkeypatch
):
    # A buyer's many filings: a pass drains what is due in batches, not one batch per beat.
    from eu_filing import outbox

    assert store_credentials(client).status_code == 200
    for _ in range(7):
        file(client, django_capture_on_commit_callbacks)
    monkeypatch.setattr(outbox, "SWEEP_BATCH", 3)
    monkeypatch.setattr(outbox, "GET_DDS_BATCH", 2)
    monkeypatch.setattr(outbox, "POLL_PASS_LIMIT", 6)
    asked = eu.calls.count("GetDdsRequest")
    # The delay after a poll is 0 here (EU_IS_FIRST_POLL_SECONDS=0): every row stays due, and
    # still each is asked for once per pass, the oldest due first, up to the pass's limit.
    assert eu_submissions_poll() == 6
    assert eu.calls.count("GetDdsRequest") - asked == 4  # batches of 3: 2 + 1 calls each

    def polls() -> list[int]:
        return sorted(EuSubmission.objects.values_list("polls", flat=True))

    assert polls() == [0, 1, 1, 1, 1, 1, 1]
    assert eu_submissions_poll() == 6  # the seventh first (the oldest due), then five again
    assert polls() == [1, 1, 2, 2, 2, 2, 2]


def test_rejected_submission_shows_the_eus_reason_and_changes_nothing_public(
    client, eu, django_capture_on_commit_callbacks, api_client
):
    store_credentials(client)
    eu.plan_rejection("Geolocation overlaps a protected area")
    record = file(client, django_capture_on_commit_callbacks)
    public_before = api_client.get(f"/api/v1/verify/{record['dds_id']}").json()

    poll_until_final()

    eu_is = detail(client, record["dds_id"])["eu_is"]
    assert eu_is["status"] == "REJECTED"
    assert eu_is["error_message"] == "Geolocation overlaps a protected area"
    assert eu_is["reference_number"] == ""
    # The panel shows it as the EU's own text.
    assert EuSubmission.objects.get(statement__dds_id=record["dds_id"]).error_kind == "eu"
    assert api_client.get(f"/api/v1/verify/{record['dds_id']}").json() == public_before
    assert DueDiligenceStatement.objects.get(dds_id=record["dds_id"]).eu_reference_number == ""


def test_business_rule_refusal_keeps_the_eus_error_codes(client, eu, django_capture_on_commit_callbacks):
    store_credentials(client)
    # The EU takes an operator's EORI from its profile (OPS 10.3); this one has none, so
    # an IMPORT statement is refused there, whatever we sent.
    eu.accounts[FARMER.username].has_eori = False
    record = file(client, django_capture_on_commit_callbacks)
    eu_is = detail(client, record["dds_id"])["eu_is"]
    assert eu_is["state"] == "refused"
    assert eu_is["error_codes"] == ["EUDR_OPERATOR_EORI_FOR_ACTIVITY_MISSING"]
    assert eu_is["status"] == "" and eu.records == {}
    assert EuSubmission.objects.get(statement__dds_id=record["dds_id"]).error_kind == "eu"


def test_statement_waits_for_credentials_and_goes_once_they_are_stored(
    client, eu, django_capture_on_commit_callbacks
):
    record = file(client, django_capture_on_commit_callbacks)
    assert detail(client, record["dds_id"])["eu_is"]["state"] == "no_credentials"
    with django_capture_on_commit_callbacks(execute=True):
        store_credentials(client)
    assert detail(client, record["dds_id"])["eu_is"]["state"] == "submitted"


def test_statement_under_review_is_not_submitted(client, eu, django_capture_on_commit_callbacks):
    store_credentials(client)
    # A plot outside the declared country goes to staff review, not to the EU.
    data = body()
    data["commodities"][0]["country_of_production"] = "DE"
    record = file(client, django_capture_on_commit_callbacks, data)
    assert record["status"] == "UNDER_REVIEW"
    assert detail(client, record["dds_id"])["eu_is"] is None
    assert eu.records == {}


def test_rate_limited_submission_is_retried_and_sent_once(client, eu, django_capture_on_commit_callbacks):
    store_credentials(client)
    eu.rate_limit_next(1, retry_after=0)
    record = file(client, django_capture_on_commit_callbacks)
    submission = EuSubmission.objects.get(statement__dds_id=record["dds_id"])
    assert submission.state == "pending" and "rate limited" in submission.error_message
    assert submission.error_kind == "rate_limited"  # the panel says so in words
    EuSubmission.objects.filter(pk=submission.pk).update(next_attempt_at=timezone.now() - timedelta(hours=1))
    assert eu_submissions_sweep() == 1
    submission.refresh_from_db()
    assert submission.state == "submitted" and len(eu.records) == 1
    assert submission.error_message == "" and submission.error_kind == ""


def test_timed_out_submission_is_looked_up_not_sent_twice(
    client, eu, settings, django_capture_on_commit_callbacks
):
    store_credentials(client)
    settings.EU_IS_TIMEOUT_SECONDS = 0.3
    eu.hang_next(1.0)
    record = file(client, django_capture_on_commit_callbacks)
    submission = EuSubmission.objects.get(statement__dds_id=record["dds_id"])
    assert submission.state == "pending" and submission.attempt_id is not None
    assert submission.error_kind == "timeout"
    deadline = time.monotonic() + 10
    while not eu.records and time.monotonic() < deadline:  # the EU processed it after we gave up
        time.sleep(0.05)
    settings.EU_IS_TIMEOUT_SECONDS = 5
    eu_submission_send(submission_id=submission.pk)
    submission.refresh_from_db()
    assert submission.state == "submitted"
    assert len(eu.records) == 1 and submission.eu_uuid == next(iter(eu.records))
    assert eu.calls.count("GetDdsByInternalReferenceRequest") == 1


def test_crashed_attempt_is_resumed_by_lookup(client, eu, django_capture_on_commit_callbacks):
    """A worker died after the EU took the statement but before it recorded the answer."""
    store_credentials(client)
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(GENERATE, body(), format="json", **JSON)
    submission = EuSubmission.objects.get(statement__dds_id=response.json()["dds_id"])
    eu_submission_send(submission_id=submission.pk)  # reaches the EU ...
    uuid = EuSubmission.objects.get(pk=submission.pk).eu_uuid
    # ... and the row is put back as a crash would have left it.
    EuSubmission.objects.filter(pk=submission.pk).update(
        state="pending",
        eu_uuid="",
        eu_status="",
        attempt_started_at=timezone.now() - timedelta(hours=1),
        next_attempt_at=timezone.now() - timedelta(hours=1),
    )
    assert eu_submissions_sweep() == 1
    submission.refresh_from_db()
    assert submission.state == "submitted" and submission.eu_uuid == uuid
    assert len(eu.records) == 1


def test_withdraw_within_72_hours_withdraws_at_the_eu(client, eu, django_capture_on_commit_callbacks):
    store_credentials(client)
    record = file(client, django_capture_on_commit_callbacks)
    poll_until_final()
    response = client.post(f"/api/eudr/v1/dds/{record['dds_id']}/withdraw")
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "WITHDRAWN"
    assert response.json()["eu_is"]["status"] == "WITHDRAWN"
    assert eu.records[response.json()["eu_is"]["identifier"]].status == "WITHDRAWN"


def test_withdraw_after_72_hours_is_409_and_changes_nothing(client, eu, django_capture_on_commit_callbacks):
    store_credentials(client)
    record = file(client, django_capture_on_commit_callbacks)
    poll_until_final()
    EuSubmission.objects.filter(statement__dds_id=record["dds_id"]).update(
        submitted_at=timezone.now() - timedelta(hours=73)
    )
    eu.advance(timedelta(hours=73))
    response = client.post(f"/api/eudr/v1/dds/{record['dds_id']}/withdraw")
    assert response.status_code == 409
    assert response["Content-Type"].startswith("application/problem+json")
    assert response.json()["code"] == "eu_withdraw_window_closed"
    after = detail(client, record["dds_id"])
    assert after["status"] == "COMPLIANT" and after["eu_is"]["status"] == "AVAILABLE"


def test_withdraw_before_sending_cancels_the_submission(client, eu, django_capture_on_commit_callbacks):
    record = file(client, django_capture_on_commit_callbacks)  # no credentials: never sent
    response = client.post(f"/api/eudr/v1/dds/{record['dds_id']}/withdraw")
    assert response.status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        store_credentials(client)
    assert eu.records == {}


def test_another_accounts_statement_cannot_be_withdrawn(keyed_client, eu, django_capture_on_commit_callbacks):
    owner, other = keyed_client("standard"), keyed_client("standard")
    record = file(owner, django_capture_on_commit_callbacks)
    assert other.post(f"/api/eudr/v1/dds/{record['dds_id']}/withdraw").status_code == 404


# --- credentials ------------------------------------------------------------------------------


def test_credentials_are_stored_encrypted_and_never_shown(client, eu):
    response = store_credentials(client)
    assert response.status_code == 200
    shown = client.get(CREDENTIALS).json()
    assert shown["username"] == FARMER.username and shown["authentication_key_set"] is True
    assert FARMER.authentication_key not in str(shown) and "authentication_key" not in shown
    with connection.cursor() as cursor:
        cursor.execute("SELECT authentication_key FROM accounts_eucredential")
        (stored,) = cursor.fetchone()
    assert FARMER.authentication_key not in stored


def test_credentials_are_per_account(keyed_client, eu):
    first, second = keyed_client("standard"), keyed_client("standard")
    store_credentials(first)
    assert second.get(CREDENTIALS).json()["authentication_key_set"] is False
    assert second.delete(CREDENTIALS).status_code == 404
    assert first.delete(CREDENTIALS).status_code == 204
    assert first.get(CREDENTIALS).json()["authentication_key_set"] is False


def test_bad_credentials_body_is_400(client, eu):
    response = client.put(CREDENTIALS, {"username": "x", "environment": "moon"}, format="json")
    assert response.status_code == 400


def test_credentials_for_another_environment_are_not_used(client, eu, django_capture_on_commit_callbacks):
    store_credentials(client, environment="production")
    record = file(client, django_capture_on_commit_callbacks)
    assert detail(client, record["dds_id"])["eu_is"]["state"] == "no_credentials"
    assert eu.records == {}


# --- amend ------------------------------------------------------------------------------------


def available(client, eu, capture) -> dict:
    store_credentials(client)
    record = file(client, capture)
    poll_until_final()
    return detail(client, record["dds_id"])


def test_amend_within_72_hours_replaces_the_statement_here_and_at_the_eu(
    client, eu, django_capture_on_commit_callbacks
):
    record = available(client, eu, django_capture_on_commit_callbacks)
    amended = body()
    amended["commodities"][0]["net_mass_kg"] = "31000"
    response = client.post(f"/api/eudr/v1/dds/{record['dds_id']}/amend", amended, format="json")
    assert response.status_code == 200, response.content
    after = response.json()
    assert after["commodities"][0]["net_mass_kg"] == "31000.000"
    assert after["eu_is"]["reference_number"] == record["eu_is"]["reference_number"]
    at_fake = eu.records[record["eu_is"]["identifier"]]
    assert at_fake.version == 2
    assert "31000" in etree.tostring(at_fake.statement).decode()


def test_amend_after_72_hours_is_409_and_changes_nothing(client, eu, django_capture_on_commit_callbacks):
    record = available(client, eu, django_capture_on_commit_callbacks)
    EuSubmission.objects.filter(statement__dds_id=record["dds_id"]).update(
        submitted_at=timezone.now() - timedelta(hours=73)
    )
    amended = body()
    amended["commodities"][0]["net_mass_kg"] = "31000"
    response = client.post(f"/api/eudr/v1/dds/{record['dds_id']}/amend", amended, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "eu_amend_window_closed"
    assert detail(client, record["dds_id"])["commodities"][0]["net_mass_kg"] == "25000.000"


def test_amend_changing_the_activity_is_409(client, eu, django_capture_on_commit_callbacks):
    record = available(client, eu, django_capture_on_commit_callbacks)
    response = client.post(
        f"/api/eudr/v1/dds/{record['dds_id']}/amend", body(activity="export"), format="json"
    )
    assert response.status_code == 409 and response.json()["code"] == "eu_amend_activity_change"


def test_amend_that_screens_non_compliant_is_409_and_changes_nothing(
    client, eu, django_capture_on_commit_callbacks
):
    record = available(client, eu, django_capture_on_commit_callbacks)
    amended = body()
    amended["commodities"][0]["country_of_production"] = "DE"
    response = client.post(f"/api/eudr/v1/dds/{record['dds_id']}/amend", amended, format="json")
    assert response.status_code == 409 and response.json()["code"] == "amendment_not_compliant"
    assert detail(client, record["dds_id"])["commodities"][0]["country_of_production"] == "PL"
    assert eu.records[record["eu_is"]["identifier"]].version == 1


def test_statement_no_longer_compliant_when_its_turn_comes_is_not_sent(
    client, eu, django_capture_on_commit_callbacks
):
    from compliance.services import dds_transition

    store_credentials(client)
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(GENERATE, body(), format="json", **JSON)
    statement = DueDiligenceStatement.objects.get(dds_id=response.json()["dds_id"])
    dds_transition(statement=statement, to_status="UNDER_REVIEW", reason="staff look again")
    submission = EuSubmission.objects.get(statement=statement)
    eu_submission_send(submission_id=submission.pk)
    submission.refresh_from_db()
    assert submission.state == "refused" and "UNDER_REVIEW" in submission.error_message
    assert eu.records == {}
    with django_capture_on_commit_callbacks(execute=True):
        dds_transition(statement=statement, to_status="COMPLIANT", reason="staff: clear")
    submission.refresh_from_db()
    assert submission.state == "submitted" and len(eu.records) == 1


def test_an_eu_outage_is_recorded_and_past_60_minutes_points_to_the_contingency_arrangements(
    client, eu, settings, django_capture_on_commit_callbacks
):
    """OPS 11.6.5: nothing is lost while the EU system is down; past 60 minutes the record
    says what the user may do, and the filing completes by itself once the EU answers."""
    store_credentials(client)
    base_url = settings.EU_IS_URL
    settings.EU_IS_URL = "http://127.0.0.1:9/tracesnt/"  # the discard port: nothing listens
    record = file(client, django_capture_on_commit_callbacks)
    submission = EuSubmission.objects.get(statement__dds_id=record["dds_id"])
    assert submission.state == "pending" and submission.unavailable_since is not None
    eu_is = detail(client, record["dds_id"])["eu_is"]
    assert eu_is["unavailable_since"] and eu_is["contingency"] is None

    EuSubmission.objects.filter(pk=submission.pk).update(
        unavailable_since=timezone.now() - timedelta(minutes=61),
        next_attempt_at=timezone.now() - timedelta(minutes=1),
    )
    contingency = detail(client, record["dds_id"])["eu_is"]["contingency"]
    assert contingency["source"] == "Operator API Reference v1.0, 11.6.5"
    assert "contingency reference number" in contingency["message"]

    settings.EU_IS_URL = base_url  # the EU is back
    assert eu_submissions_sweep() == 1
    eu_is = detail(client, record["dds_id"])["eu_is"]
    assert eu_is["state"] == "submitted" and eu_is["unavailable_since"] is None
    assert eu_is["contingency"] is None and len(eu.records) == 1
