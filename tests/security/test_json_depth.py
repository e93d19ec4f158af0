"""Deeply nested JSON bodies are refused with 400, never a 500."""

import pytest

pytestmark = pytest.mark.django_db

DEEP = "[" * 3000 + "]" * 3000
ENDPOINTS = [
    "/api/eudr/dds/generate",
    "/api/eudr/v1/risk-score/batch",
    "/api/eudr/v1/risk-score",
    "/api/csrd/report",
    "/api/eudr/v1/webhooks",
]


@pytest.mark.parametrize("path", ENDPOINTS)
def test_thousands_of_nested_brackets_are_400_on_every_json_endpoint(keyed_client, path):
    response = keyed_client("pro").generic("POST", path, DEEP, content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["code"] == "json_too_deep"


def test_nesting_just_past_the_documented_maximum_is_400(keyed_client, settings):
    body = "[" * (settings.BUDGET_JSON_MAX_DEPTH + 1) + "]" * (settings.BUDGET_JSON_MAX_DEPTH + 1)
    response = keyed_client("pro").generic(
        "POST", "/api/eudr/v1/risk-score/batch", body, content_type="application/json"
    )
    assert response.json()["code"] == "json_too_deep"
    assert str(settings.BUDGET_JSON_MAX_DEPTH) in response.json()["detail"]


def test_nesting_at_the_maximum_reaches_validation(keyed_client, settings):
    depth = settings.BUDGET_JSON_MAX_DEPTH
    body = '{"parcels": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"
    response = keyed_client("pro").generic(
        "POST", "/api/eudr/v1/risk-score/batch", body, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["code"] != "json_too_deep"
