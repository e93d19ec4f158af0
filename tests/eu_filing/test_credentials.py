"""Credentials are tried with the EU Information System before they are stored.

Against the local fake (acceptance: echo; production: a retrieval by an internal
reference no statement has), a local server answering the EU's documented echo fault,
and a closed local port.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from accounts.models import EuCredential
from eu_filing import credentials as eu_credentials
from eu_filing.models import EuSubmission
from euis.wsse import Credentials
from tests.eu_filing.test_submission import CREDENTIALS, detail, file, store_credentials
from tests.euis.conftest import FARMER, fake_eu  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db
WRONG_KEY = Credentials(username=FARMER.username, authentication_key="not-the-key", client_id="eudr-test")
UNKNOWN_USER = Credentials(username="nobody-pl", authentication_key="k3y", client_id="eudr-test")
# The fake checks WebServiceClientId against the account's (OPS 1.2.3, 3.9; CF1 7.3).
WRONG_CLIENT_ID = Credentials(
    username=FARMER.username, authentication_key=FARMER.authentication_key, client_id="eudr-other"
)
# The EU's sample echo fault (OPS 3.8): a soapenv:Server fault whose detail is EudrEchoServiceFault.
ECHO_FAULT = b"""<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
 xmlns:echo="http://ec.europa.eu/tracesnt/eudr/echo"><soapenv:Body><soapenv:Fault>
<faultcode>soapenv:Server</faultcode><faultstring>EudrEchoServiceFault</faultstring>
<detail><echo:EudrEchoServiceFault><echo:errorMessage>Authentication failed</echo:errorMessage>
</echo:EudrEchoServiceFault></detail></soapenv:Fault></soapenv:Body></soapenv:Envelope>"""


@pytest.fixture
def eu(fake_eu, settings):  # noqa: F811
    settings.EU_IS_URL = fake_eu.base_url
    settings.EU_IS_FIRST_POLL_SECONDS = 0
    settings.EU_IS_CALLS_PER_SECOND = 10_000
    settings.EU_IS_TIMEOUT_SECONDS = 5
    return fake_eu


@pytest.fixture
def production(eu, monkeypatch):
    """The fake plays the production address: this service then talks to production."""
    monkeypatch.setattr("eu_filing.outbox.PRODUCTION_BASE_URL", eu.base_url)
    return eu


@pytest.fixture
def client(keyed_client):
    return keyed_client("standard")


def closed_port_url() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/tracesnt/"


@pytest.fixture
def eu_answering() -> Iterator:
    """A local server answering every POST with one fixed HTTP answer."""
    servers = []

    def start(status: int, body: bytes) -> str:
        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                self.send_response(status)
                self.send_header("Content-Type", "text/xml; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                return

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/tracesnt/"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


# --- accepted -------------------------------------------------------------------------------


def test_accepted_credentials_are_stored_confirmed_after_an_echo(client, eu):
    response = store_credentials(client)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["confirmed"] is True and body["confirmed_at"] and body["last_check_error"] == ""
    assert body["last_checked_at"] == body["confirmed_at"]
    assert eu.calls == ["EudrEchoRequest"]
    assert client.get(CREDENTIALS).json()["confirmed"] is True


def test_in_production_a_retrieval_by_an_unknown_internal_reference_checks_them(client, production):
    response = store_credentials(client, environment="production")
    assert response.status_code == 200, response.content
    assert response.json()["confirmed"] is True
    # No echo in production (OPS 3.1): one real, harmless call instead.
    assert production.calls == ["GetDdsByInternalReferenceRequest"]


def test_in_production_a_wrong_key_is_refused(client, production):
    response = store_credentials(client, WRONG_KEY, environment="production")
    assert response.status_code == 422
    assert not EuCredential.objects.exists()


def test_credentials_for_another_environment_are_stored_unchecked(client, eu):
    response = store_credentials(client, environment="production")
    assert response.status_code == 200
    body = response.json()
    assert body["confirmed"] is False and body["last_checked_at"] is None
    assert "acceptance" in body["last_check_error"]
    assert eu.calls == []


# --- refused ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "credentials",
    [WRONG_KEY, UNKNOWN_USER, WRONG_CLIENT_ID],
    ids=["wrong_key", "unknown_user", "wrong_client_id"],
)
def test_refused_credentials_are_422_and_nothing_is_stored(client, eu, credentials):
    response = store_credentials(client, credentials)
    assert response.status_code == 422
    assert response["Content-Type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["code"] == "eu_credentials_refused"
    # OPS 3.8: the echo service answers "Authentication failed".
    assert "Nothing was stored" in problem["detail"] and "Authentication failed" in problem["detail"]
    assert not EuCredential.objects.exists()
    assert client.get(CREDENTIALS).json()["authentication_key_set"] is False


@pytest.mark.parametrize("field", ["username", "client_id", "authentication_key"])
def test_control_characters_in_credentials_are_400_not_a_server_error(client, eu, field):
    body = {"username": "u", "authentication_key": "k", "client_id": "eudr-test", "environment": "acceptance"}
    response = client.put(CREDENTIALS, {**body, field: "J@\u001f\u001a"}, format="json")
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == [field]
    assert eu.calls == []
    assert not EuCredential.objects.exists()


def test_refused_replacement_keeps_the_credentials_stored_before(client, eu):
    assert store_credentials(client).status_code == 200
    before = EuCredential.objects.get()
    assert store_credentials(client, WRONG_KEY).status_code == 422
    after = EuCredential.objects.get()
    assert after.authentication_key == FARMER.authentication_key
    assert (after.updated_at, after.confirmed_at) == (before.updated_at, before.confirmed_at)


def test_refused_credentials_do_not_release_held_submissions(client, eu, django_capture_on_commit_callbacks):
    record = file(client, django_capture_on_commit_callbacks)
    assert detail(client, record["dds_id"])["eu_is"]["state"] == "no_credentials"
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert store_credentials(client, WRONG_KEY).status_code == 422
    assert callbacks == []
    assert EuSubmission.objects.get().state == "no_credentials"
    assert eu.records == {}


def test_the_eus_documented_echo_fault_is_a_refusal(client, eu_answering, settings):
    settings.EU_IS_URL = eu_answering(500, ECHO_FAULT)
    response = store_credentials(client)
    assert response.status_code == 422
    assert "Authentication failed" in response.json()["detail"]
    assert not EuCredential.objects.exists()


# --- the EU does not answer ---------------------------------------------------------------------


def test_closed_port_stores_them_not_yet_confirmed(client, settings):
    settings.EU_IS_URL = closed_port_url()
    response = store_credentials(client)
    assert response.status_code == 200
    body = response.json()
    assert body["confirmed"] is False and body["confirmed_at"] is None
    assert body["last_checked_at"] and body["last_check_error"]
    assert EuCredential.objects.get().authentication_key == FARMER.authentication_key
    assert client.get(CREDENTIALS).json()["last_check_error"] == body["last_check_error"]


def test_a_server_error_stores_them_not_yet_confirmed(client, eu):
    eu.fail_next()
    body = store_credentials(client).json()
    assert body["confirmed"] is False and "HTTP 500" in body["last_check_error"]


def test_the_check_has_a_short_deadline_of_its_own(client, eu, monkeypatch):
    monkeypatch.setattr(eu_credentials, "CHECK_TIMEOUT_SECONDS", 0.5)
    eu.hang_next(5.0)
    started = time.monotonic()
    body = store_credentials(client).json()
    assert time.monotonic() - started < 3.0
    assert body["confirmed"] is False and "timed out" in body["last_check_error"]


def test_unconfirmed_credentials_are_confirmed_by_the_first_accepted_submission(
    client, eu, django_capture_on_commit_callbacks
):
    eu.fail_next()
    assert store_credentials(client).json()["confirmed"] is False
    record = file(client, django_capture_on_commit_callbacks)
    assert detail(client, record["dds_id"])["eu_is"]["state"] == "submitted"
    state = client.get(CREDENTIALS).json()
    assert state["confirmed"] is True and state["last_check_error"] == ""


def test_replacing_credentials_drops_the_old_confirmation(client, eu, settings):
    assert store_credentials(client).json()["confirmed"] is True
    settings.EU_IS_URL = closed_port_url()
    assert store_credentials(client).json()["confirmed"] is False


def test_an_authentication_fault_at_a_submission_withdraws_the_confirmation(
    client, eu, django_capture_on_commit_callbacks
):
    assert store_credentials(client).json()["confirmed"] is True
    eu.accounts[FARMER.username].authentication_key = "rotated-in-the-eu-profile"
    record = file(client, django_capture_on_commit_callbacks)
    assert detail(client, record["dds_id"])["eu_is"]["state"] == "refused"
    state = client.get(CREDENTIALS).json()
    assert state["confirmed"] is False and state["confirmed_at"] is None
    assert "FailedAuthentication" in state["last_check_error"]
