"""The jobs endpoint goes through the same input hardening as every other API route:
each attack that once answered 500 now answers a problem+json 4xx (issue 26, finding 5)."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from risk.models import RiskJob

pytestmark = pytest.mark.django_db
JOBS = "/api/eudr/v1/risk-score/jobs"


@pytest.fixture
def client(keyed_client):
    return keyed_client("standard")


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def _assert_problem(response, status: int, code: str) -> None:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/problem+json")
    assert response.json()["code"] == code
    assert not RiskJob.objects.exists()


@pytest.mark.parametrize("levels", [40, 100_000])
def test_deep_json_body_is_refused(client, levels):
    body = '{"parcels": ' + _deep(levels) + "}"
    response = client.post(JOBS, body, content_type="application/json")
    _assert_problem(response, 400, "json_too_deep")


@pytest.mark.parametrize("levels", [40, 100_000])
def test_deep_geojson_file_is_refused(client, levels):
    text = '{"type": "FeatureCollection", "features": ' + _deep(levels) + "}"
    upload = SimpleUploadedFile("plots.geojson", text.encode(), content_type="application/geo+json")
    response = client.post(JOBS, {"file": upload}, format="multipart")
    _assert_problem(response, 400, "json_too_deep")


def test_csv_field_over_the_csv_module_limit_is_refused(client):
    text = "lat,lng,name\n52.1,21.0," + "x" * 131_073 + "\n"
    upload = SimpleUploadedFile("plots.csv", text.encode(), content_type="text/csv")
    response = client.post(JOBS, {"file": upload}, format="multipart")
    _assert_problem(response, 413, "csv_field_too_large")
    assert response.json()["limit"] == 131_072


# 60,000 levels: past Python's recursion limit, yet within the csv module's field limit.
@pytest.mark.parametrize("levels", [40, 60_000])
def test_nested_csv_geometry_cell_is_refused(client, levels):
    cell = '{"type": "Polygon", "coordinates": ' + _deep(levels) + "}"
    text = 'geometry\n"' + cell.replace('"', '""') + '"\n'
    upload = SimpleUploadedFile("plots.csv", text.encode(), content_type="text/csv")
    response = client.post(JOBS, {"file": upload}, format="multipart")
    _assert_problem(response, 400, "json_too_deep")


def test_ordinary_csv_geometry_cell_still_accepted(client, django_capture_on_commit_callbacks):
    cell = json.dumps({"type": "Point", "coordinates": [21.0, 52.1]})
    text = 'geometry,name\n"' + cell.replace('"', '""') + '",A\n'
    upload = SimpleUploadedFile("plots.csv", text.encode(), content_type="text/csv")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(JOBS, {"file": upload}, format="multipart")
    assert response.status_code == 202, response.content[:300]
