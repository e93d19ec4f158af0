"""Fixtures for test (sandbox) mode: one account with a live key and a test key.

Loaded for every test by `pytest_plugins` in tests/conftest.py."""

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def mode_account(make_user):
    return make_user("standard")


def client_in_mode(make_key, user, *, livemode: bool) -> APIClient:
    _, plaintext = make_key(user=user, livemode=livemode)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    return client


@pytest.fixture
def live(make_key, mode_account):
    """The account's client with a live key."""
    return client_in_mode(make_key, mode_account, livemode=True)


@pytest.fixture
def test(make_key, mode_account):
    """The account's client with a test (sandbox) key."""
    return client_in_mode(make_key, mode_account, livemode=False)
