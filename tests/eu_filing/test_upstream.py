"""Downstream operators and traders record the statements behind their products, checked by the EU."""

from __future__ import annotations

import pytest

from euis.client import EuisClient, RateLimiter
from tests.eu_filing.test_submission import store_credentials
from tests.euis.conftest import FARMER, TRADER, dds_statement, fake_eu  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db
UPSTREAM = "/api/eudr/v1/upstream-references"


@pytest.fixture
def eu(fake_eu, settings):  # noqa: F811
    settings.EU_IS_URL = fake_eu.base_url
    settings.EU_IS_CALLS_PER_SECOND = 10_000
    return fake_eu


@pytest.fixture
def supplier_statement(eu, dds_statement):  # noqa: F811
    """An AVAILABLE statement of the farmer (the supplier) at the EU."""
    client = EuisClient(
        credentials=FARMER, base_url=eu.base_url, limiter=RateLimiter(10_000, sleep=lambda s: None)
    )
    uuid = client.submit_dds(dds_statement)
    client.get_dds([uuid])
    (overview,) = client.get_dds([uuid])
    return overview


def test_recorded_numbers_are_checked_with_verify_declaration_and_listed(
    keyed_client, eu, supplier_statement
):
    trader = keyed_client("standard")
    store_credentials(trader, TRADER)
    response = trader.post(
        UPSTREAM,
        {
            "reference_number": supplier_statement.reference_number,
            "verification_number": supplier_statement.verification_number,
            "supplier": "Gospodarstwo Rolne",
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["result"] == "EXISTING_USABLE"
    assert response.json()["eu_status"] == "AVAILABLE"
    listed = trader.get(UPSTREAM).json()["results"]
    assert [r["reference_number"] for r in listed] == [supplier_statement.reference_number]
    assert "VerifyDeclarationRequest" in eu.calls


def test_unknown_numbers_are_recorded_as_non_existent(keyed_client, eu):
    trader = keyed_client("standard")
    store_credentials(trader, TRADER)
    response = trader.post(
        UPSTREAM, {"reference_number": "26PLNOSUCHREF1", "verification_number": "ABCDEFGH"}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["result"] == "NON_EXISTENT"


def test_without_credentials_the_pair_is_kept_unchecked(keyed_client, eu):
    trader = keyed_client("standard")
    response = trader.post(
        UPSTREAM, {"reference_number": "26PLNOSUCHREF1", "verification_number": "ABCDEFGH"}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["result"] == "" and "No EU credentials" in response.json()["error_message"]


def test_bad_numbers_are_400(keyed_client, eu):
    response = keyed_client("standard").post(
        UPSTREAM,
        {"reference_number": "TOO-LONG-REFERENCE-NUMBER", "verification_number": "AB"},
        format="json",
    )
    assert response.status_code == 400


def test_references_are_per_account(keyed_client, eu):
    first, second = keyed_client("standard"), keyed_client("standard")
    first.post(
        UPSTREAM, {"reference_number": "26PLNOSUCHREF1", "verification_number": "ABCDEFGH"}, format="json"
    )
    assert second.get(UPSTREAM).json()["results"] == []
