"""Every error class under /api/ answers in problem+json, never HTML."""

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.urls")]
PROBE = "/api/test/risk-probe"


def _problem(response, status, code):
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert {"type", "title", "status", "detail", "code", "errors"} <= set(body)
    assert body["status"] == status
    assert body["code"] == code
    assert body["type"].endswith(f"/problems/{code}")
    return body


@pytest.mark.parametrize("path", ["/api/nothing-here", "/api/eudr/v2/whatever", "/v1/unknown"])
def test_unknown_api_path_is_problem_404(client, path, settings):
    _problem(client.get(path), 404, "not_found")


def test_unknown_path_is_problem_404_with_debug_off(client, settings):
    settings.DEBUG = False
    _problem(client.get("/api/nothing-here"), 404, "not_found")


def test_wrong_method_is_405_with_allow(client):
    response = client.post("/api/v1/verify/DDS-PL-2025-000001-ABCD")
    _problem(response, 405, "method_not_allowed")
    assert "GET" in response["Allow"]


def test_unparseable_json_is_400(keyed_client):
    response = keyed_client().post(PROBE, data="{not json", content_type="application/json")
    _problem(response, 400, "malformed_body")


def test_wrong_content_type_is_415(keyed_client):
    response = keyed_client().post(PROBE, data="name=x", content_type="text/plain")
    _problem(response, 415, "unsupported_media_type")


def test_oversized_body_is_413_before_reading(keyed_client, settings):
    settings.API_MAX_BODY_BYTES = 1024
    response = keyed_client().post(PROBE, data="[" + "1," * 2000 + "1]", content_type="application/json")
    _problem(response, 413, "payload_too_large")


def test_validation_errors_list_every_field_with_its_path(keyed_client):
    response = keyed_client().post(
        PROBE,
        {"name": "far too long a name", "items": [{"lat": 10}, {"lat": 95}, {}]},
        format="json",
    )
    body = _problem(response, 400, "invalid_request")
    fields = {error["field"]: error["code"] for error in body["errors"]}
    assert fields == {"name": "max_length", "items[1].lat": "max_value", "items[2].lat": "required"}
    assert all(error["message"] for error in body["errors"])


def test_missing_key_is_problem_401(client):
    _problem(client.get(PROBE), 401, "unauthorized")


def test_plan_required_is_problem_403(keyed_client):
    _problem(keyed_client("free").get(PROBE), 403, "plan_required")


def test_unexpected_error_is_problem_500_not_a_debug_page(keyed_client):
    response = keyed_client().get("/api/test/crash")
    _problem(response, 500, "internal_error")
    assert "boom" not in response.content.decode()
    assert "Traceback" not in response.content.decode()


def test_non_api_unknown_path_is_an_html_page(client, settings):
    settings.DEBUG = False
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_every_response_has_a_request_id(client):
    response = client.get("/api/nothing", HTTP_X_REQUEST_ID="abcdef123456")
    assert response["X-Request-ID"] == "abcdef123456"
    forged = client.get("/api/nothing", HTTP_X_REQUEST_ID="bad\nid")
    assert forged["X-Request-ID"] != "bad\nid" and len(forged["X-Request-ID"]) == 32
