"""Any account of `make run` files offline (issue 39, finding 6): the panel makes it a
web-service user of the local fake EU system, which the fake learns from its users file;
the page names the fake as what it is."""

from __future__ import annotations

import json
import stat

import pytest

from accounts.models import EuCredential
from standins.fake_eu import FakeEuInformationSystem
from tests.panel.test_translations import visible_text

pytestmark = pytest.mark.django_db
PAGE = "/panel/eu-credentials/"


@pytest.fixture
def local_fake(tmp_path, settings):
    users = tmp_path / "fake-eu-accounts.jsonl"
    fake = FakeEuInformationSystem(accounts_file=users)
    settings.EU_IS_URL = fake.start()
    settings.EU_FAKE_ACCOUNTS_FILE = str(users)
    yield fake, users
    fake.stop()


def test_a_new_account_gets_credentials_the_fake_accepts(signed_in, local_fake):
    fake, users = local_fake
    client = signed_in("standard")
    page = client.get(PAGE).content.decode()
    assert 'data-testid="local-fake"' in page
    assert "Lokalna atrapa systemu UE (make run)" in visible_text(page)
    assert client.post(PAGE, {"action": "local_fake"}).status_code == 302
    credential = EuCredential.objects.get(account=client.user)
    # Checked with the fake's echo service, as any credentials are: the fake knew the new user.
    assert credential.confirmed_at is not None and credential.username.startswith("local-")
    assert credential.username in fake.accounts
    assert stat.S_IMODE(users.stat().st_mode) == 0o600
    other = signed_in("standard")
    other.post(PAGE, {"action": "local_fake"})
    second = EuCredential.objects.get(account=other.user)
    assert second.confirmed_at is not None and second.username != credential.username
    assert len(users.read_text().splitlines()) == 2


def test_the_fake_skips_a_malformed_line_and_knows_only_what_the_file_names(tmp_path):
    users = tmp_path / "users.jsonl"
    users.write_text('{"username": "a", "authentication_key": "k"}\nnot json\n{"username": "b"}\n{"user')
    fake = FakeEuInformationSystem(accounts_file=users)
    fake._accounts_refresh()
    assert set(fake.accounts) == {"a"}
    with users.open("a") as file:  # the half-written line is completed later
        file.write('name": "c", "authentication_key": "k"}\n')
    fake._accounts_refresh()
    assert set(fake.accounts) == {"a", "c"}


def test_without_a_local_fake_nothing_is_offered_and_nothing_stored(signed_in, settings):
    settings.EU_FAKE_ACCOUNTS_FILE = None
    client = signed_in("standard")
    assert 'data-testid="local-fake"' not in client.get(PAGE).content.decode()
    client.post(PAGE, {"action": "local_fake"})
    assert not EuCredential.objects.exists()


def test_the_users_file_is_json_lines_of_the_fakes_own_fields(signed_in, local_fake):
    _fake, users = local_fake
    signed_in("standard").post(PAGE, {"action": "local_fake"})
    (line,) = users.read_text().splitlines()
    assert set(json.loads(line)) == {"username", "authentication_key", "client_id"}
