"""The webhook API: registration rules, ownership, secrets shown once, tests, logs, redelivery."""

from __future__ import annotations

import pytest
from standardwebhooks.webhooks import Webhook

from webhooks.models import Delivery, Endpoint

pytestmark = pytest.mark.django_db

BASE = "/api/eudr/v1/webhooks"


@pytest.fixture
def client(keyed_client):
    return keyed_client("standard")


@pytest.fixture
def created(client, receiver, insecure):
    response = client.post(
        BASE, {"url": receiver.url, "events": ["dds.at_risk", "risk.critical"]}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def test_registration_returns_the_secret_once(client, created, receiver):
    assert created["id"].startswith("wh_")
    assert created["secret"].startswith("whsec_")
    assert created["url"] == receiver.url
    assert created["events"] == ["dds.at_risk", "risk.critical"]
    assert created["enabled"] is True
    listed = client.get(BASE).json()
    assert listed["count"] == 1
    assert listed["results"][0]["id"] == created["id"]
    assert "secret" not in listed["results"][0]
    assert "secret" not in client.get(f"{BASE}/{created['id']}").json()


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("http://hooks.example/in", "url_scheme_not_allowed"),
        ("https://localhost/in", "url_address_not_allowed"),
        ("https://10.0.0.1/in", "url_address_not_allowed"),
        ("https://169.254.169.254/latest", "url_address_not_allowed"),
        ("https://100.64.0.1/in", "url_address_not_allowed"),
        ("https://[::1]/in", "url_address_not_allowed"),
        ("https://[fc00::1]/in", "url_address_not_allowed"),
        ("https://[::ffff:127.0.0.1]/in", "url_address_not_allowed"),
        ("https://user:pw@hooks.example/in", "url_credentials_not_allowed"),
    ],
)
def test_registration_refuses_unsafe_urls(client, dns, url, code):
    dns["hooks.example"] = ["93.184.215.14"]
    response = client.post(BASE, {"url": url, "events": ["dds.at_risk"]}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert response["Content-Type"] == "application/problem+json"
    assert body["code"] == code
    assert body["errors"][0]["field"] == "url"
    assert not Endpoint.objects.exists()


def test_a_public_https_url_is_accepted(client, dns):
    dns["hooks.example"] = ["93.184.215.14", "2606:4700::6810:84e5"]
    response = client.post(
        BASE, {"url": "https://hooks.example/in", "events": ["webhook.test"]}, format="json"
    )
    assert response.status_code == 201


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"url": "https://hooks.example/in", "events": ["dds.deleted"]}, "events[0]"),
        ({"url": "https://hooks.example/in", "events": []}, "events"),
        ({"url": "https://hooks.example/in"}, "events"),
        ({"events": ["dds.at_risk"]}, "url"),
    ],
)
def test_registration_validates_every_field(client, body, field):
    response = client.post(BASE, body, format="json")
    assert response.status_code == 400
    assert field in [e["field"] for e in response.json()["errors"]]


def test_plan_without_webhooks_is_refused(keyed_client):
    response = keyed_client("free").get(BASE)
    assert response.status_code == 403
    assert response.json()["code"] == "plan_required"


def test_no_key_is_401(api_client):
    assert api_client.get(BASE).status_code == 401


def test_another_accounts_webhook_is_404(created, keyed_client):
    stranger = keyed_client("standard")
    webhook = created["id"]
    assert stranger.get(f"{BASE}/{webhook}").status_code == 404
    assert stranger.patch(f"{BASE}/{webhook}", {"enabled": False}, format="json").status_code == 404
    assert stranger.delete(f"{BASE}/{webhook}").status_code == 404
    assert stranger.post(f"{BASE}/{webhook}/test").status_code == 404
    assert stranger.post(f"{BASE}/{webhook}/rotate-secret").status_code == 404
    assert stranger.get(f"{BASE}/{webhook}/deliveries").status_code == 404
    assert stranger.get(BASE).json()["count"] == 0
    delivery = Delivery.objects.create(
        event=_event(created), endpoint=Endpoint.objects.get(public_id=webhook), next_attempt_at=None
    )
    assert stranger.post(f"{BASE}/deliveries/{delivery.public_id}/redeliver").status_code == 404
    assert Endpoint.objects.get(public_id=webhook).enabled


def _event(created):
    from webhooks.models import Event

    endpoint = Endpoint.objects.get(public_id=created["id"])
    return Event.objects.create(owner=endpoint.owner, type="dds.at_risk", data={})


def test_patch_changes_url_events_and_enabled(client, created, receiver):
    url = f"{BASE}/{created['id']}"
    response = client.patch(url, {"events": ["dds.created"], "url": receiver.url + "/v2"}, format="json")
    assert response.status_code == 200
    assert response.json()["events"] == ["dds.created"]
    assert response.json()["url"].endswith("/v2")

    disabled = client.patch(url, {"enabled": False, "events": ["dds.at_risk"]}, format="json").json()
    assert (disabled["enabled"], disabled["disabled_reason"]) == (False, "by_owner")
    assert client.get(url).json()["events"] == ["dds.at_risk"]
    enabled = client.patch(url, {"enabled": True}, format="json").json()
    assert (enabled["enabled"], enabled["disabled_reason"]) == (True, "")


def test_patch_with_bad_values_changes_nothing(client, created):
    url = f"{BASE}/{created['id']}"
    assert client.patch(url, {"url": "https://10.0.0.1/x"}, format="json").status_code == 400
    assert client.patch(url, {"events": ["nope"]}, format="json").status_code == 400
    assert client.patch(url, {"enabled": "maybe"}, format="json").status_code == 400
    unchanged = client.get(url).json()
    assert unchanged["url"] == created["url"] and unchanged["events"] == created["events"]


def test_delete(client, created):
    assert client.delete(f"{BASE}/{created['id']}").status_code == 204
    assert client.get(f"{BASE}/{created['id']}").status_code == 404


def test_test_event_is_delivered_signed(client, created, receiver, run_due):
    response = client.post(f"{BASE}/{created['id']}/test")
    assert response.status_code == 202
    delivery_id = response.json()["id"]
    assert delivery_id.startswith("dlv_")
    assert response.json()["event_type"] == "webhook.test"
    run_due()
    [request] = receiver.requests
    payload = Webhook(created["secret"]).verify(request.body, request.headers)
    assert payload["type"] == "webhook.test"
    assert payload["data"]["webhook_id"] == created["id"]


def test_rotated_secret_and_old_one_both_verify(client, created, receiver, run_due):
    rotated = client.post(f"{BASE}/{created['id']}/rotate-secret")
    assert rotated.status_code == 200
    new_secret = rotated.json()["secret"]
    assert new_secret != created["secret"]
    assert rotated.json()["secret_rotation_ends_at"] is not None
    client.post(f"{BASE}/{created['id']}/test")
    run_due()
    [request] = receiver.requests
    Webhook(new_secret).verify(request.body, request.headers)
    Webhook(created["secret"]).verify(request.body, request.headers)


def test_delivery_log_lists_attempts(client, created, receiver, run_due):
    receiver.respond(500)
    client.post(f"{BASE}/{created['id']}/test")
    run_due()
    log = client.get(f"{BASE}/{created['id']}/deliveries").json()
    [delivery] = log["results"]
    assert delivery["status"] == "failed"
    assert delivery["attempt_count"] == 1
    [attempt] = delivery["attempts"]
    assert attempt["status_code"] == 500
    assert attempt["error"] == "http_5xx"
    assert attempt["duration_ms"] >= 0
    assert "response_body" not in attempt  # the receiver's answer is never shown back
    assert client.get(f"{BASE}/{created['id']}/deliveries?status=succeeded").json()["count"] == 0
    assert client.get(f"{BASE}/{created['id']}/deliveries?status=bogus").status_code == 400


def test_redeliver_sends_the_same_event_id_again(client, created, receiver, run_due):
    first = client.post(f"{BASE}/{created['id']}/test").json()
    run_due()
    again = client.post(f"{BASE}/deliveries/{first['id']}/redeliver")
    assert again.status_code == 202
    assert again.json()["id"] != first["id"]
    assert again.json()["event_id"] == first["event_id"]
    run_due()
    assert [r.headers["webhook-id"] for r in receiver.requests] == [first["event_id"]] * 2


def test_disabled_webhook_cannot_be_tested_or_redelivered(client, created):
    first = client.post(f"{BASE}/{created['id']}/test").json()
    client.patch(f"{BASE}/{created['id']}", {"enabled": False}, format="json")
    assert client.post(f"{BASE}/{created['id']}/test").json()["code"] == "webhook_disabled"
    response = client.post(f"{BASE}/deliveries/{first['id']}/redeliver")
    assert (response.status_code, response.json()["code"]) == (409, "webhook_disabled")


def test_refusals_do_not_say_what_a_host_resolves_to(client, dns):
    dns["inside.example"] = ["10.20.30.40"]
    response = client.post(
        BASE, {"url": "https://inside.example/in", "events": ["dds.at_risk"]}, format="json"
    )
    assert response.json()["code"] == "url_address_not_allowed"
    assert "10.20.30.40" not in response.content.decode()
    assert "private" not in response.content.decode()


def test_a_port_off_the_allow_list_is_refused(client, dns):
    dns["hooks.example"] = ["93.184.215.14"]
    response = client.post(
        BASE, {"url": "https://hooks.example:22/", "events": ["dds.at_risk"]}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (400, "url_port_not_allowed")


def test_number_of_webhooks_per_account_is_limited(client, receiver, insecure, settings):
    settings.WEBHOOKS_MAX_ENDPOINTS = 1
    body = {"url": receiver.url, "events": ["dds.at_risk"]}
    assert client.post(BASE, body, format="json").status_code == 201
    response = client.post(BASE, body, format="json")
    assert (response.status_code, response.json()["code"]) == (409, "too_many_webhooks")


def test_schema_lists_every_webhook_operation(client):
    paths = client.get("/api/schema/?format=json").json()["paths"]
    assert set(paths[BASE]) >= {"get", "post"}
    assert set(paths[BASE + "/{webhook_id}"]) >= {"get", "patch", "delete"}
    for suffix in (
        "/{webhook_id}/test",
        "/{webhook_id}/rotate-secret",
        "/deliveries/{delivery_id}/redeliver",
    ):
        assert "post" in paths[BASE + suffix]
    deliveries = paths[BASE + "/{webhook_id}/deliveries"]["get"]
    assert "200" in deliveries["responses"]


CONTROL_URLS = [
    "https://hooks.example/in\r\nX-Injected: 1",
    "https://hooks.example/in\n",
    "https://hooks.example/\rin",
    "https://hooks.example/in\t",
    "https://hooks.example/in\x1b[0m",
    " https://hooks.example/in",
    "https://hooks.example/a b",
]


@pytest.mark.parametrize("url", CONTROL_URLS)
def test_registration_refuses_urls_with_control_characters(client, dns, url):
    """The attack: a URL with CR/LF was accepted (urlsplit drops them, so another URL is called)."""
    dns["hooks.example"] = ["93.184.215.14"]
    response = client.post(BASE, {"url": url, "events": ["dds.at_risk"]}, format="json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert body["code"] == "url_control_characters" and body["errors"][0]["field"] == "url"
    assert not Endpoint.objects.exists()


@pytest.mark.parametrize("url", CONTROL_URLS[:3])
def test_update_refuses_urls_with_control_characters(client, created, dns, url):
    dns["hooks.example"] = ["93.184.215.14"]
    response = client.patch(f"{BASE}/{created['id']}", {"url": url}, format="json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["code"] == "url_control_characters"
    assert Endpoint.objects.get().url == created["url"]


def test_test_webhooks_do_not_use_up_the_live_cap(client, receiver, insecure, settings):
    """A test key (even a leaked one) cannot fill the cap a live key needs: each mode has its own."""
    from eudr_service.lib.problems import Problem
    from webhooks.services import endpoint_create

    settings.WEBHOOKS_MAX_ENDPOINTS = 1
    body = {"url": receiver.url, "events": ["dds.at_risk"]}
    owner = Endpoint.objects.get(pk=_created_pk(client.post(BASE, body, format="json"))).owner
    endpoint_create(owner=owner, url=receiver.url, events=["dds.at_risk"], livemode=False)
    with pytest.raises(Problem, match="at most 1 webhooks of each mode"):
        endpoint_create(owner=owner, url=receiver.url, events=["dds.at_risk"], livemode=False)
    assert client.post(BASE, body, format="json").json()["code"] == "too_many_webhooks"
    assert Endpoint.objects.filter(owner=owner).count() == 2


def _created_pk(response):
    assert response.status_code == 201
    return Endpoint.objects.get(public_id=response.json()["id"]).pk
