"""Key format and storage: shown once, stored only as a keyed hash."""

import pytest
from django.test import override_settings

from accounts import keys
from accounts.models import APIKey

pytestmark = pytest.mark.django_db


def test_key_has_product_prefix_and_enough_randomness(make_key):
    _, plaintext = make_key()
    assert plaintext.startswith("eudr_live_")
    assert len(plaintext) == len("eudr_live_") + 40
    assert keys.parse_lookup(plaintext) is not None


def test_plaintext_is_never_stored(make_key):
    api_key, plaintext = make_key()
    row = APIKey.objects.filter(pk=api_key.pk).values().get()
    assert all(plaintext not in str(value) for value in row.values())
    assert row["prefix"] == plaintext[len("eudr_live_") :][:8]
    assert row["secret_hash"] == keys.hash_key(plaintext)


def test_hash_depends_on_the_pepper():
    plaintext = keys.generate_key().plaintext
    with override_settings(API_KEY_PEPPER="one"):
        first = keys.hash_key(plaintext)
    with override_settings(API_KEY_PEPPER="two"):
        second = keys.hash_key(plaintext)
    assert first != second


def test_two_keys_differ():
    assert keys.generate_key().plaintext != keys.generate_key().plaintext
