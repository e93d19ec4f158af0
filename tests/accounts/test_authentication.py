"""Each way of authenticating, and every kind of bad key getting the same 401."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import APIKey

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.urls")]
PROBE = "/api/test/risk-probe"


def test_bearer_key_authenticates(make_key, api_client):
    _, plaintext = make_key("standard")
    response = api_client.get(PROBE, HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    assert response.status_code == 200


def test_x_api_key_header_authenticates(make_key, api_client):
    _, plaintext = make_key("standard")
    response = api_client.get(PROBE, HTTP_X_API_KEY=plaintext)
    assert response.status_code == 200


def _assert_plain_401(response):
    assert response.status_code == 401
    assert response["Content-Type"] == "application/problem+json"
    assert response["WWW-Authenticate"].startswith("Bearer")
    body = response.json()
    assert body["code"] == "unauthorized"
    return body


def test_missing_key_is_401_with_bearer_challenge(api_client):
    _assert_plain_401(api_client.get(PROBE))


@pytest.mark.parametrize(
    "header",
    [
        "Bearer eudr_live_" + "A" * 40,  # well-formed, unknown
        "Bearer eudr_live_short",  # malformed
        "Bearer not-a-key-at-all",
        "Basic dXNlcjpwYXNz",  # wrong scheme
        "Bearer ",
    ],
)
def test_unknown_or_malformed_keys_are_rejected_alike(api_client, header):
    _assert_plain_401(api_client.get(PROBE, HTTP_AUTHORIZATION=header))


def test_revoked_key_is_rejected(make_key, api_client):
    api_key, plaintext = make_key("standard")
    api_key.revoke()
    _assert_plain_401(api_client.get(PROBE, HTTP_AUTHORIZATION=f"Bearer {plaintext}"))


def test_expired_key_is_rejected(make_key, api_client):
    _, plaintext = make_key("standard", expires_at=timezone.now() - timedelta(seconds=1))
    _assert_plain_401(api_client.get(PROBE, HTTP_X_API_KEY=plaintext))


def test_key_of_inactive_user_is_rejected(make_key, api_client):
    api_key, plaintext = make_key("standard")
    api_key.user.is_active = False
    api_key.user.save()
    _assert_plain_401(api_client.get(PROBE, HTTP_AUTHORIZATION=f"Bearer {plaintext}"))


def test_failures_do_not_say_which_failure(make_key, api_client):
    revoked, revoked_plain = make_key("standard")
    revoked.revoke()
    bodies = [
        _assert_plain_401(api_client.get(PROBE, HTTP_AUTHORIZATION=f"Bearer {revoked_plain}")),
        _assert_plain_401(api_client.get(PROBE, HTTP_AUTHORIZATION="Bearer eudr_live_" + "B" * 40)),
        _assert_plain_401(api_client.get(PROBE)),
    ]
    assert len({(b["detail"], b["code"]) for b in bodies}) == 1


def test_key_in_query_string_is_not_accepted(make_key, api_client):
    _, plaintext = make_key("standard")
    _assert_plain_401(api_client.get(f"{PROBE}?api_key={plaintext}&key={plaintext}"))


def test_session_user_is_authenticated_without_key(make_user):
    client = APIClient()
    client.force_login(make_user("standard"))
    assert client.get(PROBE).status_code == 200


def test_session_post_without_csrf_token_is_refused(make_user):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(make_user("standard"))
    response = client.post(PROBE, {"name": "x", "items": []}, format="json")
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]


def test_session_post_with_csrf_token_passes(make_user):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(make_user("standard"))
    client.get("/admin/login/")  # any page that sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    response = client.post(PROBE, {"name": "x", "items": []}, format="json", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 200


def test_key_request_needs_no_csrf_token(make_key):
    _, plaintext = make_key("standard")
    client = APIClient(enforce_csrf_checks=True)
    response = client.post(
        PROBE, {"name": "x", "items": []}, format="json", HTTP_AUTHORIZATION=f"Bearer {plaintext}"
    )
    assert response.status_code == 200


def test_last_used_is_written_at_most_once_a_minute(make_key, api_client, django_assert_num_queries):
    api_key, plaintext = make_key("standard")
    api_client.get(PROBE, HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    first = APIKey.objects.get(pk=api_key.pk).last_used_at
    assert first is not None
    api_client.get(PROBE, HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    assert APIKey.objects.get(pk=api_key.pk).last_used_at == first
    APIKey.objects.filter(pk=api_key.pk).update(last_used_at=first - timedelta(minutes=2))
    api_client.get(PROBE, HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    assert APIKey.objects.get(pk=api_key.pk).last_used_at > first
