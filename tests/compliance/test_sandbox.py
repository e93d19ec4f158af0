"""Test (sandbox) keys: test data is seen only by test keys and is never public."""

import pytest
from rest_framework.test import APIClient

from compliance.models import DueDiligenceStatement
from compliance.modes import eu_environment_for
from tests.compliance.test_dds_api import JSON, body

pytestmark = pytest.mark.django_db
GENERATE = "/api/eudr/dds/generate"
LIST = "/api/eudr/dds/list"


def _file(client):
    response = client.post(GENERATE, body(), format="json", **JSON)
    assert response.status_code == 201, response.content
    return response


def test_statement_filed_with_a_test_key_is_test_data(test):
    response = _file(test)
    assert response.json()["livemode"] is False
    assert response["Livemode"] == "false"
    statement = DueDiligenceStatement.objects.get(dds_id=response.json()["dds_id"])
    assert statement.livemode is False


def test_statement_filed_with_a_live_key_is_live_data(live):
    response = _file(live)
    assert response.json()["livemode"] is True
    assert response["Livemode"] == "true"


def test_live_key_cannot_read_or_list_test_data(live, test):
    dds_id = _file(test).json()["dds_id"]
    response = live.get(f"/api/eudr/v1/dds/{dds_id}")
    assert response.status_code == 404
    assert response.json()["code"] == "dds_not_found"
    assert live.get(f"/api/eudr/v1/dds/{dds_id}/pdf").status_code == 404
    assert live.get(LIST).json()["results"] == []


def test_test_key_reads_only_test_data(live, test):
    live_id = _file(live).json()["dds_id"]
    test_id = _file(test).json()["dds_id"]
    assert test.get(f"/api/eudr/v1/dds/{live_id}").status_code == 404
    response = test.get(f"/api/eudr/v1/dds/{test_id}")
    assert response.status_code == 200 and response.json()["livemode"] is False
    assert [row["dds_id"] for row in test.get(LIST).json()["results"]] == [test_id]
    assert [row["dds_id"] for row in live.get(LIST).json()["results"]] == [live_id]


def test_idempotency_key_does_not_replay_across_modes(live, test):
    first = test.post(GENERATE, body(), format="json", HTTP_IDEMPOTENCY_KEY="k1", **JSON)
    assert first.status_code == 201
    again = live.post(GENERATE, body(), format="json", HTTP_IDEMPOTENCY_KEY="k1", **JSON)
    assert again.status_code == 422
    assert again.json()["code"] == "idempotency_key_reused"


def test_compliant_test_statement_is_not_on_public_verify_status_page_or_widget(make_statement, client):
    statement = make_statement("COMPLIANT", livemode=False)
    anonymous = APIClient()
    # The widget's call is this anonymous cross-origin GET.
    response = anonymous.get(f"/api/v1/verify/{statement.dds_id}", HTTP_ORIGIN="https://shop.example")
    assert response.status_code == 404
    assert response["Access-Control-Allow-Origin"] == "*"  # so the widget shows "no verification"
    assert client.get(f"/cert/{statement.dds_id}").status_code == 404
    # Nor through the cache: a second call after the first (negative-cached) is still 404.
    assert anonymous.get(f"/api/v1/verify/{statement.dds_id}").status_code == 404


def test_test_statement_is_not_public_even_to_its_own_test_key(make_statement, make_key):
    statement = make_statement("COMPLIANT", livemode=False)
    _, plaintext = make_key(user=statement.owner, livemode=False)
    response = APIClient().get(f"/api/v1/verify/{statement.dds_id}", HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    assert response.status_code == 404
    assert response["Livemode"] == "true"  # the public answer is live data only


def test_live_compliant_statement_stays_public(make_statement, client):
    statement = make_statement("COMPLIANT")
    response = APIClient().get(f"/api/v1/verify/{statement.dds_id}")
    assert response.status_code == 200 and response["Livemode"] == "true"
    assert client.get(f"/cert/{statement.dds_id}").status_code == 200


def test_test_data_goes_only_to_the_eu_acceptance_environment(make_statement):
    assert eu_environment_for(make_statement("SUBMITTED", livemode=False)) == "acceptance"
    assert eu_environment_for(make_statement("SUBMITTED")) == "production"


def test_test_statement_events_say_livemode_false(test):
    from webhooks.models import Event

    dds_id = _file(test).json()["dds_id"]
    events = Event.objects.filter(data__dds_id=dds_id)
    assert events.exists()
    assert all(event.data["livemode"] is False for event in events)


def test_session_user_acts_in_live_mode(make_statement, make_user, client):
    owner = make_user("standard")
    live_statement = make_statement("SUBMITTED", owner=owner)
    test_statement = make_statement("SUBMITTED", owner=owner, livemode=False)
    client.force_login(owner)
    response = client.get(LIST)
    assert response["Livemode"] == "true"
    assert [row["dds_id"] for row in response.json()["results"]] == [live_statement.dds_id]
    assert client.get(f"/api/eudr/v1/dds/{test_statement.dds_id}").status_code == 404
    assert client.get(f"/panel/statements/{test_statement.dds_id}/").status_code == 404
    assert test_statement.dds_id not in client.get("/panel/statements/").content.decode()
