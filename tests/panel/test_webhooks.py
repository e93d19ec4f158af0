"""Webhooks in the panel, through webhooks.services."""

import json

import pytest

from webhooks.models import Delivery, Endpoint

pytestmark = pytest.mark.django_db


def create(client, url, events=("dds.created", "risk.critical")):
    return client.post("/panel/webhooks/", {"url": url, "events": list(events)})


def test_create_shows_the_secret_once(signed_in, receiver):
    client = signed_in("standard")
    response = create(client, receiver.url)
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    endpoint = Endpoint.objects.get(owner=client.user)
    assert endpoint.events == ["dds.created", "risk.critical"]
    html = response.content.decode()
    assert f'value="{endpoint.secret}"' in html and endpoint.secret.startswith("whsec_")
    assert endpoint.secret not in client.get("/panel/webhooks/").content.decode()
    assert endpoint.secret not in client.get(f"/panel/webhooks/{endpoint.public_id}/").content.decode()


def test_refused_url_is_an_error_next_to_the_field(signed_in, settings):
    settings.WEBHOOKS_ALLOW_INSECURE = False
    client = signed_in("standard")
    response = create(client, "http://example.com/hook")
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="id_url_error"' in html and "https://" in html
    response = create(client, "https://127.0.0.1/hook")
    assert response.status_code == 400
    assert not Endpoint.objects.exists()


def test_events_are_required(signed_in, receiver):
    client = signed_in("standard")
    response = create(client, receiver.url, events=())
    assert response.status_code == 400
    assert 'id="id_events_error"' in response.content.decode()


def test_test_event_is_delivered_and_logged_then_redelivered(
    signed_in, receiver, django_capture_on_commit_callbacks, eager_celery
):
    client = signed_in("standard")
    create(client, receiver.url)
    endpoint = Endpoint.objects.get()
    # Deliveries are enqueued on commit; Celery is eager here, so they are sent at once.
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/panel/webhooks/{endpoint.public_id}/test/")
    assert response.status_code == 302
    response = client.get(response["Location"])
    assert len(receiver.bodies) == 1
    payload = json.loads(receiver.bodies[0])
    assert payload["type"] == "webhook.test"
    assert receiver.headers[0]["webhook-signature"].startswith("v1,")
    delivery = Delivery.objects.get()
    assert delivery.status == Delivery.Status.SUCCEEDED
    html = response.content.decode()
    assert delivery.public_id in html and 'data-status="succeeded"' in html
    assert '<td class="num" data-testid="response-code">200</td>' in html
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/panel/webhooks/{endpoint.public_id}/deliveries/{delivery.public_id}/redeliver/")
    assert len(receiver.bodies) == 2
    assert json.loads(receiver.bodies[1])["id"] == payload["id"]
    assert Delivery.objects.count() == 2


def test_failed_delivery_shows_the_response_code(
    signed_in, receiver, django_capture_on_commit_callbacks, eager_celery
):
    receiver.status = 500
    client = signed_in("standard")
    create(client, receiver.url)
    endpoint = Endpoint.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/panel/webhooks/{endpoint.public_id}/test/")
    html = client.get(f"/panel/webhooks/{endpoint.public_id}/").content.decode()
    assert '<td class="num" data-testid="response-code">500</td>' in html


def test_disable_enable_and_delete(signed_in, receiver):
    client = signed_in("standard")
    create(client, receiver.url)
    endpoint = Endpoint.objects.get()
    base = f"/panel/webhooks/{endpoint.public_id}"
    client.post(f"{base}/toggle/")
    endpoint.refresh_from_db()
    assert not endpoint.enabled and endpoint.disabled_reason == "by_owner"
    html = client.post(f"{base}/test/", follow=True).content.decode()
    assert "message-error" in html
    assert receiver.bodies == []
    client.post(f"{base}/toggle/")
    endpoint.refresh_from_db()
    assert endpoint.enabled
    assert client.get(f"{base}/delete/").status_code == 200
    assert Endpoint.objects.exists()
    response = client.post(f"{base}/delete/")
    assert response.status_code == 302 and response["Location"] == "/panel/webhooks/"
    assert not Endpoint.objects.exists()


def test_plan_without_webhooks_gets_a_message(signed_in, receiver):
    client = signed_in("free")
    response = client.get("/panel/webhooks/")
    assert response.status_code == 403
    assert "Standard" in response.content.decode()
    assert create(client, receiver.url).status_code == 403
    assert not Endpoint.objects.exists()


def test_refusals_speak_the_panels_language(signed_in, settings):
    # Polish by default; the API's English `detail` never reaches the Polish panel.
    settings.WEBHOOKS_ALLOW_INSECURE = False
    client = signed_in("standard")
    html = create(client, "https://93.184.216.34:22/hook").content.decode()
    assert "Webhooki są dostarczane tylko na porty" in html
    assert "Webhooks are delivered only" not in html
    client.cookies["django_language"] = "en"
    html = create(client, "http://example.com/hook").content.decode()
    assert "Webhooks are delivered over https only." in html


@pytest.mark.parametrize("url", ["https://hooks.example/in\r\nX-Injected: 1", "https://hooks.example/\rin"])
def test_url_with_control_characters_is_refused_next_to_the_field(signed_in, receiver, url):
    """The attack: a URL with CR/LF was accepted. (The form trims surrounding white space, as
    forms do with pasted text; inside the URL a control character is refused.)"""
    client = signed_in("standard")
    client.cookies["django_language"] = "en"
    response = create(client, url)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="id_url_error"' in html and "control characters" in html
    assert not Endpoint.objects.exists()


def test_the_panel_registers_live_webhooks_and_marks_test_ones(signed_in, receiver):
    from webhooks.services import endpoint_create

    client = signed_in("standard")
    create(client, receiver.url)
    assert Endpoint.objects.get(owner=client.user).livemode is True  # the panel acts in live mode
    sandbox = endpoint_create(owner=client.user, url=receiver.url, events=["dds.created"], livemode=False)
    listing = client.get("/panel/webhooks/").content.decode()
    assert listing.count('data-testid="test-webhook"') == 1
    detail = client.get(f"/panel/webhooks/{sandbox.public_id}/").content.decode()
    assert 'data-testid="test-webhook"' in detail
