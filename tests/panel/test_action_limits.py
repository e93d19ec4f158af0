"""Panel actions go through the API's limiter and plan quota; keys per account are capped."""

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from accounts.models import APIKey, Plan
from tests.limiter_clock import set_limiter_clock
from webhooks.models import Delivery, Endpoint

pytestmark = pytest.mark.django_db
KEYED = "/api/eudr/dds/list"


@pytest.fixture(autouse=True)
def one_window(monkeypatch):
    # The limiter's windows are clock slots; one slot for the whole test.
    set_limiter_clock(monkeypatch, lambda: 1_767_229_200.0)


def test_panel_test_events_count_against_the_plan_quota(signed_in, receiver, make_key):
    Plan.objects.filter(code="standard").update(per_minute_limit=3)
    client = signed_in("standard")
    client.post("/panel/webhooks/", {"url": receiver.url, "events": ["webhook.test"]})
    endpoint = Endpoint.objects.get(owner=client.user)
    answers = [client.post(f"/panel/webhooks/{endpoint.public_id}/test/").status_code for _ in range(5)]
    assert answers == [302, 302, 302, 429, 429]
    assert Delivery.objects.filter(endpoint=endpoint).count() == 3
    # The API sees the same counters: the account's minute is used up. (A keyed endpoint:
    # on the public verify a key falls back to the anonymous allowance.)
    _, plaintext = make_key(user=client.user)
    assert APIClient().get(KEYED, HTTP_AUTHORIZATION=f"Bearer {plaintext}").status_code == 429


@override_settings(PANEL_ACTIONS_PER_MINUTE=2)
def test_panel_key_creation_is_limited_per_account(signed_in):
    client = signed_in("free")
    answers = [client.post("/panel/keys/", {"name": f"k{n}"}).status_code for n in range(3)]
    assert answers == [200, 200, 429]
    assert APIKey.objects.filter(user=client.user).count() == 2


@override_settings(API_KEYS_MAX_PER_ACCOUNT=3, PANEL_ACTIONS_PER_MINUTE=100)
def test_keys_per_account_are_capped(signed_in):
    client = signed_in("free")
    for n in range(3):
        assert client.post("/panel/keys/", {"name": f"k{n}"}).status_code == 200
    refused = client.post("/panel/keys/", {"name": "one too many"})
    assert refused.status_code == 400
    assert APIKey.objects.filter(user=client.user).count() == 3
    from accounts.services import TooManyKeys, api_key_create

    with pytest.raises(TooManyKeys):
        api_key_create(user=client.user, name="cli")
    # A revoked key frees its place.
    APIKey.objects.filter(user=client.user).first().revoke()
    api_key_create(user=client.user, name="after revoke")


@override_settings(PANEL_ACTIONS_PER_MINUTE=2)
@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/panel/supply-chain/", {"action": "roles", "roles": ["operator"], "is_sme": "no"}),
        ("/panel/eu-credentials/", {}),
    ],
)
def test_supply_chain_and_eu_credential_forms_are_limited_per_account(signed_in, path, data):
    """Both write for the account (the credentials form also calls the EU): the panel's limiter applies."""
    client = signed_in("standard")
    answers = [client.post(path, data).status_code for _ in range(3)]
    assert answers[2] == 429 and 429 not in answers[:2]
