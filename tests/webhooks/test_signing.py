"""Signatures verify with the `standardwebhooks` library, as a receiver would check them."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from webhooks.services import endpoint_rotate_secret
from webhooks.signing import event_body, secret_generate, signed_headers


def test_secret_is_whsec_with_32_random_bytes():
    secret = secret_generate()
    assert secret.startswith("whsec_")
    assert len(Webhook(secret)._whsecret) == 32
    assert secret != secret_generate()


def test_signed_request_verifies_and_carries_the_payload():
    secret = secret_generate()
    body = json.dumps({"id": "evt_1", "type": "webhook.test", "created_at": "x", "data": {}})
    headers = signed_headers(signing_secrets=[secret], msg_id="evt_1", body=body, now=timezone.now())
    assert Webhook(secret).verify(body, headers)["id"] == "evt_1"
    assert headers["webhook-id"] == "evt_1"
    assert headers["webhook-signature"].startswith("v1,")


def test_tampered_body_or_other_secret_fails_verification():
    secret = secret_generate()
    headers = signed_headers(signing_secrets=[secret], msg_id="evt_1", body='{"a":1}', now=timezone.now())
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify('{"a":2}', headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret_generate()).verify('{"a":1}', headers)


@pytest.mark.django_db
def test_rotation_signs_with_both_secrets_for_the_overlap_only(make_endpoint, insecure, receiver):
    endpoint = make_endpoint(receiver.url)
    old = endpoint.secret
    rotated = endpoint_rotate_secret(endpoint=endpoint)
    assert rotated.secret != old
    body = '{"x":1}'
    now = timezone.now()
    headers = signed_headers(signing_secrets=rotated.signing_secrets(now), msg_id="evt_2", body=body, now=now)
    assert len(headers["webhook-signature"].split(" ")) == 2
    Webhook(rotated.secret).verify(body, headers)
    Webhook(old).verify(body, headers)

    later = now + timedelta(hours=24, seconds=1)
    assert rotated.signing_secrets(later) == [rotated.secret]


@pytest.mark.django_db
def test_event_body_is_the_documented_envelope(owner):
    from webhooks.services import event_emit

    event = event_emit(
        owner=owner, livemode=True, event_type="dds.at_risk", data={"dds_id": "DDS-PL-2025-000001-ABCD"}
    )
    body = json.loads(event_body(event))
    assert body == {
        "id": event.public_id,
        "type": "dds.at_risk",
        "created_at": body["created_at"],
        "livemode": True,
        "data": {"dds_id": "DDS-PL-2025-000001-ABCD"},
    }
    assert body["id"].startswith("evt_")
    assert body["created_at"].endswith("Z") and len(body["created_at"]) == 24
