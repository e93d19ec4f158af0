"""Limited actions outside the API share its limiter: per client network
(IPv4 address, IPv6 /64) and per account, answering 429 with Retry-After."""

import logging

import pytest
from django.test import Client, override_settings
from rest_framework.test import APIClient

from tests.limiter_clock import set_limiter_clock

pytestmark = pytest.mark.django_db
VERIFY = "/api/v1/verify/DDS-PL-2025-000123-ABCD"
PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def one_window(monkeypatch):
    # The limiter's windows are clock slots; one slot for the whole test.
    set_limiter_clock(monkeypatch, lambda: 1_767_229_200.0)


def test_admin_sign_in_is_limited_like_the_panel_sign_in(make_user, settings, caplog):
    make_user(email="staff@example.com", is_staff=True, is_superuser=True)
    client = Client()
    answers = [
        client.post("/admin/login/", {"username": "staff@example.com", "password": "guess"}).status_code
        for _ in range(settings.AUTH_POSTS_PER_MINUTE)
    ]
    assert answers == [200] * settings.AUTH_POSTS_PER_MINUTE
    limited = client.post("/admin/login/", {"username": "staff@example.com", "password": PASSWORD})
    assert limited.status_code == 429
    assert 1 <= int(limited["Retry-After"]) <= 60
    assert "_auth_user_id" not in client.session  # the right password did not get through
    assert client.get("/admin/login/").status_code == 200


def test_sign_in_is_limited_per_account_across_addresses(make_user, settings):
    make_user(email="op@example.com")
    client = Client()
    for n in range(settings.AUTH_POSTS_PER_MINUTE):
        client.post(
            "/accounts/login/", {"username": "op@example.com", "password": "x"}, REMOTE_ADDR=f"198.51.100.{n}"
        )
    response = client.post(
        "/accounts/login/", {"username": "OP@example.com", "password": PASSWORD}, REMOTE_ADDR="192.0.2.200"
    )
    assert response.status_code == 429


@override_settings(VERIFY_ANON_PER_MINUTE=3)
def test_certificate_page_over_its_limit_is_429_with_retry_after(caplog):
    client = Client()
    for _ in range(3):
        assert client.get("/cert/DDS-PL-2025-000123-ABCD").status_code == 404
    with caplog.at_level(logging.ERROR):
        limited = client.get("/cert/DDS-PL-2025-000123-ABCD")
    assert limited.status_code == 429
    assert 1 <= int(limited["Retry-After"]) <= 60
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@override_settings(VERIFY_ANON_PER_MINUTE=3)
def test_anonymous_limit_counts_an_ipv6_slash_64_as_one_client():
    client = APIClient()
    answers = [client.get(VERIFY, REMOTE_ADDR=f"2001:db8:1:2::{n:x}").status_code for n in range(1, 300)]
    assert answers.count(404) == 3
    assert set(answers[3:]) == {429}
    # Another /64 is another client; IPv4 is still counted per address.
    assert client.get(VERIFY, REMOTE_ADDR="2001:db8:1:3::1").status_code == 404
    assert client.get(VERIFY, REMOTE_ADDR="203.0.113.7").status_code == 404


@override_settings(VERIFY_ANON_PER_MINUTE=1)
def test_ipv4_mapped_ipv6_counts_as_its_ipv4_address():
    client = APIClient()
    assert client.get(VERIFY, REMOTE_ADDR="203.0.113.9").status_code == 404
    assert client.get(VERIFY, REMOTE_ADDR="::ffff:203.0.113.9").status_code == 429
