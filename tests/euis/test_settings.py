"""EU_IS_URL is parsed strictly: https to the EU, plain http only for a fake on loopback."""

from __future__ import annotations

import pytest
from django.conf import settings

from tests.eudr_service.test_settings import _manage


def test_default_is_the_eu_acceptance_environment():
    assert settings.EU_IS_URL == "https://acceptance.eudr.webcloud.ec.europa.eu/tracesnt/"


@pytest.mark.parametrize(
    "value",
    [
        "http://eudr.webcloud.ec.europa.eu/tracesnt/",
        "ftp://eudr.webcloud.ec.europa.eu/tracesnt/",
        "https://eudr.webcloud.ec.europa.eu/tracesnt/?debug=1",
        "https://user:pw@eudr.webcloud.ec.europa.eu/tracesnt/",
    ],
)
def test_bad_addresses_stop_the_service_at_start(value):
    result = _manage("check", env={"EU_IS_URL": value})
    assert result.returncode != 0 and "EU_IS_URL" in result.stderr


def test_a_local_fake_on_loopback_is_accepted():
    result = _manage("check", env={"EU_IS_URL": "http://127.0.0.1:8085/tracesnt/"})
    assert result.returncode == 0, result.stderr
