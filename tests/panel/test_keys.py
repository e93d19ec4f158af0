"""API keys in the panel: created with the CLI's service, shown once, revoked for good."""

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import APIKey

pytestmark = pytest.mark.django_db
VERIFY = "/api/v1/verify/DDS-PL-2025-000123-ABCD"


def shown_key(response) -> str:
    return re.search(r'value="(eudr_live_[A-Za-z0-9]{40})"', response.content.decode()).group(1)


def test_created_key_is_shown_once_and_works(signed_in):
    client = signed_in("free")
    response = client.post("/panel/keys/", {"name": "ERP"})
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    plaintext = shown_key(response)
    key = APIKey.objects.get(user=client.user)
    assert key.name == "ERP" and plaintext.startswith(f"eudr_live_{key.prefix}")
    assert key.secret_hash != plaintext and plaintext not in key.secret_hash
    html = response.content.decode()
    assert "data-copy=" in html and 'role="alert"' in html
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    assert api.get(VERIFY).status_code == 404  # authenticated and counted; no such DDS
    # Never again: not on the list page, not in the session.
    listing = client.get("/panel/keys/").content.decode()
    assert plaintext not in listing
    assert key.prefix in listing
    assert plaintext not in str(dict(client.session))


def test_key_list_shows_name_prefix_dates_and_status(signed_in, make_key):
    client = signed_in("free")
    active, _ = make_key(user=client.user, name="active one")
    revoked, _ = make_key(user=client.user, name="old one")
    revoked.revoke()
    html = client.get("/panel/keys/").content.decode()
    assert "active one" in html and "old one" in html
    assert f"eudr_live_{active.prefix}" in html
    assert html.count(f"/panel/keys/{active.public_id}/revoke/") == 1
    assert f"/panel/keys/{revoked.public_id}/revoke/" not in html
    assert "nigdy" in html  # last used: never (Polish by default)


def test_blank_name_is_an_error_next_to_the_field(signed_in):
    client = signed_in("free")
    response = client.post("/panel/keys/", {"name": "  "})
    assert response.status_code == 400
    assert 'id="id_name_error"' in response.content.decode()
    assert not APIKey.objects.exists()


def test_revoke_asks_for_confirmation_then_the_api_refuses_the_key(signed_in, make_key):
    client = signed_in("free")
    key, plaintext = make_key(user=client.user)
    confirm = client.get(f"/panel/keys/{key.public_id}/revoke/")
    assert confirm.status_code == 200
    key.refresh_from_db()
    assert key.revoked_at is None  # a GET changes nothing
    response = client.post(f"/panel/keys/{key.public_id}/revoke/")
    assert response.status_code == 302 and response["Location"] == "/panel/keys/"
    key.refresh_from_db()
    assert key.status == "revoked"
    api = APIClient()
    api.credentials(HTTP_X_API_KEY=plaintext)
    assert api.get(VERIFY).status_code == 401


def test_revoke_without_csrf_token_is_refused(make_user, make_key):
    user = make_user("free")
    key, _ = make_key(user=user)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post(f"/panel/keys/{key.public_id}/revoke/")
    assert response.status_code == 403
    key.refresh_from_db()
    assert key.status == "active"


def test_create_without_csrf_token_is_refused(make_user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user("free"))
    assert client.post("/panel/keys/", {"name": "x"}).status_code == 403
    assert not APIKey.objects.exists()
