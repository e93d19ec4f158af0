"""Fixtures for the security tests: an all-features account, and two accounts to cross."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from eudr_service.celery import app as celery_app


@pytest.fixture(autouse=True)
def _eager_tasks():
    """Tasks run in-process in the services suite too: no worker consumes for these
    tests, and nothing they queue may be left on the shared broker."""
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture
def enterprise_key(make_key) -> str:
    """The plaintext key of an enterprise account: every feature, no quota."""
    _, plaintext = make_key("enterprise")
    return plaintext


def bearer_client(plaintext: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    return client


# Valid bodies, as a client would send them (the shapes of tests/compliance and tests/reports).
DDS_BODY = {
    "internal_reference": "PO-2025-0042",
    "activity": "import",
    "operator": {
        "name": "Zakłady Mięsne Łódź S.A.",
        "nip": "526-025-02-74",
        "eori": "PL5260250274",
        "country": "PL",
        "address": "ul. Piotrkowska 1, 90-001 Łódź",
    },
    "commodities": [
        {
            "commodity": "soja",
            "description": "Soja ziarno",
            "hs_heading": "1201",
            "net_mass_kg": "25000",
            "country_of_production": "PL",
            "plots": [{"lat": 52.25, "lng": 21.05, "area_ha": 2.5}],
        }
    ],
    "attestation": {
        "legality": True,
        "annex_ii_declaration": True,
        "signatory_name": "Anna Nowak",
        "signatory_function": "Prezes zarządu",
    },
}
CSRD_BODY = {
    "company_name": "Zakłady Mięsne Łódź",
    "report_year": 2024,
    "suppliers": [
        {
            "name": "Gospodarstwo Kowalski",
            "nip": "5260250274",
            "crop_type": "wheat",
            "quantity_t": 120.5,
            "area_ha": 20,
            "location": "mazowieckie",
        }
    ],
}
