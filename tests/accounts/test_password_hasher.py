"""The suite hashes passwords with a fast hasher (tests/conftest.py); production does not."""

from __future__ import annotations

from django.conf import global_settings
from django.contrib.auth.hashers import check_password, get_hasher, make_password
from django.test.utils import override_settings

import eudr_service.settings as production
from tests.conftest import TEST_PASSWORD_HASHERS


def test_production_hashes_passwords_with_a_slow_salted_hasher():
    hashers = getattr(production, "PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS)
    assert not set(hashers) & set(TEST_PASSWORD_HASHERS)
    with override_settings(PASSWORD_HASHERS=hashers):
        hasher = get_hasher("default")
        assert hasher.algorithm in {"pbkdf2_sha256", "argon2", "scrypt", "bcrypt_sha256"}
        encoded = make_password("correct horse battery")
        assert encoded.startswith(f"{hasher.algorithm}$")
        assert check_password("correct horse battery", encoded)
        assert not check_password("correct horse battery!", encoded)


def test_the_suite_uses_the_fast_hasher():
    assert make_password("correct horse battery").startswith("md5$")
