"""`manage.py webhook_listen`'s receiver: what it reports for real deliveries."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest
from django.utils import translation

from webhooks import services
from webhooks.models import Delivery
from webhooks.receiver import delivery_summary, receiver_server
from webhooks.signing import secret_generate, signed_headers

pytestmark = pytest.mark.django_db


@pytest.fixture
def listening():
    lines: list[str] = []  # what the command prints
    server = receiver_server(0, secret=None, report=lines.append)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server, lines
    server.shutdown()
    server.server_close()


def test_a_delivery_to_the_local_receiver_is_reported(listening, make_user, settings, run_due):
    server, lines = listening
    settings.WEBHOOKS_ALLOW_INSECURE = True
    owner = make_user("standard")
    endpoint = services.endpoint_create(
        owner=owner, url=f"http://127.0.0.1:{server.server_port}/", events=["dds.at_risk"]
    )
    services.endpoint_send_test(endpoint=endpoint)
    [delivery] = run_due()
    assert delivery.status == Delivery.Status.SUCCEEDED  # the receiver answered 204
    assert len(lines) == 1 and lines[0].startswith("webhook.test  webhook-id=evt_")
    assert "(brak --secret)" in lines[0]  # started without --secret (the default language: Polish)


def test_the_signature_check_uses_the_webhooks_secret():
    secret, other = secret_generate(), secret_generate()
    body = '{"type": "dds.at_risk"}'
    headers = signed_headers(signing_secrets=[secret], msg_id="msg_1", body=body, now=datetime.now(UTC))
    headers = {k.lower(): v for k, v in headers.items()}
    with translation.override("en"):
        assert delivery_summary(body.encode(), headers, secret).endswith("signature valid")
        assert "signature INVALID" in delivery_summary(body.encode(), headers, other)
        assert "not checked" in delivery_summary(body.encode(), headers, None)
    with translation.override("pl"):
        assert delivery_summary(body.encode(), headers, secret).endswith("podpis ważny")
