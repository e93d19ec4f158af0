import pytest
from django.utils.http import parse_http_date

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.urls")]

TABLE = [
    {
        "path": "/api/test/risk-probe",
        "deprecated_at": "2026-01-01T00:00:00+00:00",
        "sunset": "2027-01-01T00:00:00+00:00",
        "successor": "/api/eudr/v1/risk-score",
        "documentation": "/api/docs/",
    }
]


def test_api_responses_carry_api_version(client):
    assert client.get("/api/v1/verify/DDS-PL-2025-000001-ABCD")["API-Version"] == "1.0"
    assert client.get("/api/nothing")["API-Version"] == "1.0"


def test_non_api_pages_do_not(client):
    assert "API-Version" not in client.get("/livez")


def test_current_paths_are_not_deprecated(client):
    response = client.get("/api/v1/verify/DDS-PL-2025-000001-ABCD")
    assert "Deprecation" not in response and "Sunset" not in response


def test_deprecated_path_gets_headers_from_the_settings_table(keyed_client, settings):
    settings.DEPRECATED_PATHS = TABLE
    response = keyed_client().get("/api/test/risk-probe")
    assert response["Deprecation"] == "true"
    assert response["Sunset"] == "Fri, 01 Jan 2027 00:00:00 GMT"
    assert parse_http_date(response["Sunset"]) == 1798761600
    assert f'<{settings.PUBLIC_BASE_URL}/api/docs/>; rel="deprecation"' in response["Link"]
    assert f'<{settings.PUBLIC_BASE_URL}/api/eudr/v1/risk-score>; rel="successor-version"' in response["Link"]


def test_deprecation_headers_also_on_errors(client, settings):
    settings.DEPRECATED_PATHS = TABLE
    response = client.get("/api/test/risk-probe")
    assert response.status_code == 401
    assert response["Deprecation"] == "true"
