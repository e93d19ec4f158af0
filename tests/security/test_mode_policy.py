"""The mode is a capability of the key (issue 26, finding 3).

A test key (`eudr_test_`) reads and changes test objects only: another mode's
webhook is a 404 like another account's, account-wide live settings are a 403
`live_key_required`, and events go only to webhooks of their own mode. Every API
route declares what a test key may do there; the walk below fails on one that
does not.
"""

from __future__ import annotations

import json

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from accounts.models import EuCredential, EuEnvironment
from accounts.permissions import TEST_KEY_POLICIES, ModePolicyPermission
from accounts.services import eu_credential_set
from compliance.models import OrganisationRoles
from tests.compliance.test_dds_api import GENERATE, JSON, body
from tests.webhooks import conftest as webhook_fixtures
from webhooks.models import Delivery, Endpoint, Event
from webhooks.services import event_emit

pytestmark = pytest.mark.django_db
# The webhook suite's local receiver, DNS answers and worker step.
receiver, insecure, dns, run_due = (
    webhook_fixtures.receiver,
    webhook_fixtures.insecure,
    webhook_fixtures.dns,
    webhook_fixtures.run_due,
)

WEBHOOKS = "/api/eudr/v1/webhooks"
ATTACKER = "https://attacker.example/steal"

# DRF views that a key reaches without the mode policy, each with its reason.
EXEMPT = {
    "drf_spectacular.views.SpectacularAPIView": "the public OpenAPI document: no account data",
    "drf_spectacular.views.SpectacularSwaggerSplitView": "public documentation page",
    "drf_spectacular.views.SpectacularRedocView": "public documentation page",
}


def _routes(patterns, prefix=""):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _routes(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern), entry.callback


def test_every_api_route_declares_what_a_test_key_may_do():
    walked, missing = 0, []
    for route, callback in _routes(get_resolver().url_patterns):
        view = getattr(callback, "cls", None)
        if view is None or not hasattr(view, "permission_classes"):
            continue  # not DRF: panel, admin and pages read no API key
        walked += 1
        name = f"{view.__module__}.{view.__name__}"
        if name in EXEMPT or view.authentication_classes == []:
            continue  # listed above, or no key is ever read
        policy = getattr(view, "test_key_policy", None)
        if policy not in TEST_KEY_POLICIES or ModePolicyPermission not in view.permission_classes:
            missing.append(f"{route} ({name}): test_key_policy={policy!r}")
    assert walked > 30  # the walk saw the API
    assert not missing, "routes without a mode policy:\n" + "\n".join(missing)


def test_a_view_without_a_policy_refuses_test_keys(rf, make_key):
    from rest_framework.request import Request

    api_key, _ = make_key("standard", livemode=False)
    request = Request(rf.get("/"))
    request.user, request.auth = api_key.user, api_key  # as the key's authentication sets them
    with pytest.raises(Exception) as refused:
        ModePolicyPermission().has_permission(request, view=object())
    assert refused.value.problem_code == "live_key_required"


@pytest.fixture
def live_webhook(live, receiver, insecure):
    created = live.post(WEBHOOKS, {"url": receiver.url, "events": ["dds.created"]}, format="json")
    assert created.status_code == 201
    return created.json()


def test_a_test_key_does_not_see_a_live_webhook(test, live, live_webhook):
    assert test.get(WEBHOOKS).json()["count"] == 0
    assert test.get(f"{WEBHOOKS}/{live_webhook['id']}").status_code == 404
    assert live.get(WEBHOOKS).json()["count"] == 1
    assert live_webhook["livemode"] is True


def test_a_test_key_cannot_change_rotate_test_or_delete_a_live_webhook(test, live_webhook, dns):
    dns["attacker.example"] = ["93.184.215.14"]
    url = f"{WEBHOOKS}/{live_webhook['id']}"
    before = Endpoint.objects.get(public_id=live_webhook["id"])
    answers = [
        test.patch(url, {"url": ATTACKER}, format="json"),
        test.post(f"{url}/rotate-secret"),
        test.post(f"{url}/test"),
        test.get(f"{url}/deliveries"),
        test.delete(url),
    ]
    for answer in answers:
        assert answer.status_code == 404, answer.content
        assert answer["Content-Type"] == "application/problem+json"
        assert "whsec_" not in answer.content.decode()
    after = Endpoint.objects.get(public_id=live_webhook["id"])
    assert (after.url, after.secret, after.previous_secret) == (before.url, before.secret, "")
    assert not Delivery.objects.exists()


def test_a_test_key_cannot_redeliver_a_live_delivery(test, live, live_webhook):
    sent = live.post(f"{WEBHOOKS}/{live_webhook['id']}/test")
    assert sent.status_code == 202
    answer = test.post(f"{WEBHOOKS}/deliveries/{sent.json()['id']}/redeliver")
    assert answer.status_code == 404
    assert Delivery.objects.count() == 1


def test_a_test_key_manages_its_own_test_webhooks(test, live, receiver, insecure):
    created = test.post(WEBHOOKS, {"url": receiver.url, "events": ["dds.created"]}, format="json")
    assert created.status_code == 201 and created.json()["livemode"] is False
    webhook = created.json()["id"]
    assert test.get(WEBHOOKS).json()["count"] == 1
    assert test.post(f"{WEBHOOKS}/{webhook}/rotate-secret").json()["secret"].startswith("whsec_")
    # ...and the live key cannot touch it either.
    assert live.get(WEBHOOKS).json()["count"] == 0
    assert live.post(f"{WEBHOOKS}/{webhook}/rotate-secret").status_code == 404


def _refused(answer):
    assert answer.status_code == 403, answer.content
    assert answer["Content-Type"] == "application/problem+json"
    assert answer.json()["code"] == "live_key_required"


def test_a_test_key_cannot_read_or_replace_the_live_eu_credentials(test, live, mode_account):
    eu_credential_set(
        account=mode_account,
        username="live-user",
        authentication_key="live-key",
        client_id="eudr-live",
        environment=EuEnvironment.ACCEPTANCE,
    )
    url = "/api/eudr/v1/eu-is/credentials"
    attack = {
        "username": "attacker",
        "authentication_key": "theirs",
        "client_id": "eudr-attacker",
        "environment": "acceptance",
    }
    _refused(test.put(url, attack, format="json"))
    _refused(test.get(url))
    _refused(test.delete(url))
    stored = EuCredential.objects.get(account=mode_account)
    assert (stored.username, stored.authentication_key) == ("live-user", "live-key")
    assert live.get(url).json()["username"] == "live-user"


def test_a_test_key_cannot_change_the_organisations_roles_or_ask_the_eu(test, live, mode_account):
    roles = "/api/eudr/v1/organisation/roles"
    _refused(test.put(roles, {"roles": ["operator"], "is_sme": False}, format="json"))
    _refused(test.get(roles))
    assert not OrganisationRoles.objects.filter(account=mode_account).exists()
    upstream = "/api/eudr/v1/upstream-references"
    _refused(test.post(upstream, {"reference_number": "ABC", "verification_number": "ABCDE"}, format="json"))
    _refused(test.get(upstream))
    assert live.get(roles).status_code == 200


def test_test_keys_keep_their_per_mode_objects(test):
    # Per-mode resources stay open to test keys (their own test objects).
    assert test.get("/api/eudr/v1/trading-partners").status_code == 200
    assert test.get("/api/eudr/dds/list").status_code == 200
    assert test.get("/api/eudr/v1/substantiated-concerns").status_code == 200


def _two_endpoints(owner, receiver):
    from webhooks.services import endpoint_create

    live = endpoint_create(owner=owner, url=receiver.url + "?live", events=["dds.created"])
    test = endpoint_create(owner=owner, url=receiver.url + "?test", events=["dds.created"], livemode=False)
    return live, test


def test_a_test_event_goes_to_test_endpoints_only(mode_account, receiver, insecure, run_due):
    _, test = _two_endpoints(mode_account, receiver)
    event = event_emit(owner=mode_account, event_type="dds.created", data={"x": 1}, livemode=False)
    assert list(Delivery.objects.filter(event=event).values_list("endpoint", flat=True)) == [test.pk]
    run_due()
    (request,) = receiver.wait_for(1)
    assert request.path.endswith("?test")
    assert json.loads(request.body)["livemode"] is False


def test_a_live_event_goes_to_live_endpoints_only(mode_account, receiver, insecure, run_due):
    live, _ = _two_endpoints(mode_account, receiver)
    event = event_emit(owner=mode_account, event_type="dds.created", data={"x": 1}, livemode=True)
    assert list(Delivery.objects.filter(event=event).values_list("endpoint", flat=True)) == [live.pk]
    run_due()
    (request,) = receiver.wait_for(1)
    assert request.path.endswith("?live")
    assert json.loads(request.body)["livemode"] is True


def test_a_statement_filed_with_a_test_key_is_announced_to_test_webhooks_only(
    test, live, mode_account, receiver, insecure
):
    live_hook, test_hook = _two_endpoints(mode_account, receiver)
    filed = test.post(GENERATE, body(), format="json", **JSON)
    assert filed.status_code in (200, 201), filed.content
    created = Event.objects.get(type="dds.created")
    assert created.livemode is False and created.data["livemode"] is False
    assert set(Delivery.objects.values_list("endpoint", flat=True)) == {test_hook.pk}
    live.post(GENERATE, body(), format="json", **JSON)
    live_event = Event.objects.filter(type="dds.created", livemode=True).get()
    assert set(Delivery.objects.filter(event=live_event).values_list("endpoint", flat=True)) == {live_hook.pk}
