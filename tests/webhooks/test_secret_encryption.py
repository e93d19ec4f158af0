"""Signing secrets are encrypted at rest, stay usable for signing and survive a key rotation."""

from __future__ import annotations

import importlib

import pytest
from cryptography.fernet import Fernet
from django.core.management import call_command
from django.db import connection
from standardwebhooks.webhooks import Webhook

from eudr_service.lib.encryption import DecryptionError
from webhooks.models import Endpoint
from webhooks.services import endpoint_rotate_secret

pytestmark = pytest.mark.django_db


def _raw(endpoint: Endpoint) -> tuple[str, str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT secret, previous_secret FROM webhooks_endpoint WHERE id = %s", [endpoint.pk])
        return cursor.fetchone()


def test_the_database_holds_no_plain_secret(insecure, make_endpoint, receiver, run_due):
    endpoint = make_endpoint(receiver.url)
    rotated = endpoint_rotate_secret(endpoint=endpoint)
    secret, previous = _raw(endpoint)
    assert rotated.secret not in secret and "whsec_" not in secret
    assert endpoint.secret not in previous and "whsec_" not in previous
    # Read back, both still sign: the receiver verifies with either during the overlap.
    stored = Endpoint.objects.get(pk=endpoint.pk)
    assert (stored.secret, stored.previous_secret) == (rotated.secret, endpoint.secret)


def test_rotating_the_encryption_key_keeps_secrets_readable(settings, make_endpoint, insecure, receiver):
    old, new = Fernet.generate_key().decode(), Fernet.generate_key().decode()
    settings.ENCRYPTION_KEYS = [old]
    endpoint = make_endpoint(receiver.url)
    token_before = _raw(endpoint)[0]
    settings.ENCRYPTION_KEYS = [new, old]  # new key first: encrypts; old still decrypts
    assert Endpoint.objects.get(pk=endpoint.pk).secret == endpoint.secret
    call_command("encryption_rotate", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert _raw(endpoint)[0] != token_before
    settings.ENCRYPTION_KEYS = [new]  # the old key is gone
    assert Endpoint.objects.get(pk=endpoint.pk).secret == endpoint.secret


def test_a_dropped_key_is_an_error_not_an_empty_secret(settings, make_endpoint, insecure, receiver):
    endpoint = make_endpoint(receiver.url)
    settings.ENCRYPTION_KEYS = [Fernet.generate_key().decode()]
    with pytest.raises(DecryptionError):
        Endpoint.objects.get(pk=endpoint.pk)


def test_the_migration_encrypts_secrets_stored_in_clear(owner):
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO webhooks_endpoint (public_id, owner_id, url, events, enabled, disabled_reason,"
            " secret, previous_secret, created_at, updated_at)"
            " VALUES ('wh_legacy', %s, 'https://example.com/h', '[]', true, '', 'whsec_plain', '',"
            " CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)",
            [owner.pk],
        )
    migration = importlib.import_module("webhooks.migrations.0002_encrypt_secrets")

    class Editor:
        pass

    editor = Editor()
    editor.connection = connection
    migration.encrypt_secrets(None, editor)
    endpoint = Endpoint.objects.get(public_id="wh_legacy")
    assert endpoint.secret == "whsec_plain" and endpoint.previous_secret == ""
    assert "whsec_plain" not in _raw(endpoint)[0]


def test_a_signature_made_with_the_stored_secret_verifies(make_endpoint, insecure, receiver, run_due, owner):
    from webhooks.services import event_emit

    endpoint = make_endpoint(receiver.url, events=["dds.at_risk"])
    event_emit(owner=owner, livemode=True, event_type="dds.at_risk", data={"dds_id": "x"})
    run_due()
    request = receiver.wait_for(1)[0]
    assert Webhook(endpoint.secret).verify(request.body, request.headers)["type"] == "dds.at_risk"
