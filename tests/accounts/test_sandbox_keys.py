"""Live and test keys: prefixes, authentication, the mode header."""

import pytest
from django.core.management import call_command

from accounts import keys
from accounts.models import APIKey

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.urls")]
PROBE = "/api/test/risk-probe"


def test_live_and_test_keys_have_their_prefixes(make_key):
    live, live_plain = make_key("standard")
    test, test_plain = make_key("standard", livemode=False)
    assert live_plain.startswith("eudr_live_") and live.livemode
    assert test_plain.startswith("eudr_test_") and not test.livemode
    assert len(live_plain) == len(test_plain) == 10 + keys.LOOKUP_LENGTH + keys.SECRET_LENGTH
    assert test.display_prefix == "eudr_test_" + test.prefix


def test_each_key_authenticates_in_its_mode(make_key, api_client):
    _, live = make_key("standard")
    _, test = make_key("standard", livemode=False)
    assert api_client.get(PROBE, HTTP_AUTHORIZATION=f"Bearer {live}")["Livemode"] == "true"
    assert api_client.get(PROBE, HTTP_X_API_KEY=test)["Livemode"] == "false"


def test_a_key_with_the_other_mode_prefix_is_refused(make_key, api_client):
    _, test = make_key("standard", livemode=False)
    swapped = "eudr_live_" + test.removeprefix("eudr_test_")
    response = api_client.get(PROBE, HTTP_AUTHORIZATION=f"Bearer {swapped}")
    assert response.status_code == 401


def test_anonymous_errors_carry_no_mode(api_client):
    assert "Livemode" not in api_client.get(PROBE)


def test_test_keys_count_against_the_account_quota(make_user, make_key, api_client):
    user = make_user("standard")
    _, live = make_key(user=user)
    _, test = make_key(user=user, livemode=False)
    first = api_client.get(PROBE, HTTP_AUTHORIZATION=f"Bearer {live}")
    second = api_client.get(PROBE, HTTP_AUTHORIZATION=f"Bearer {test}")
    assert int(first["X-RateLimit-Remaining"]) - 1 == int(second["X-RateLimit-Remaining"])


def test_command_creates_a_test_key(make_user, capsys):
    make_user("standard", email="ops@example.com")
    call_command("create_api_key", "--email", "ops@example.com", "--plan", "standard", "--test")
    plaintext = capsys.readouterr().out.strip()
    assert plaintext.startswith("eudr_test_")
    assert APIKey.objects.get(user__email="ops@example.com").livemode is False
