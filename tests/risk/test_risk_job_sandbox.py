"""Test (sandbox) keys and risk-scoring jobs: a job belongs to the mode of the key
that started it, and each mode sees only its own jobs."""

import pytest

from risk.models import RiskJob
from webhooks.models import Event

pytestmark = pytest.mark.django_db
JOBS = "/api/eudr/v1/risk-score/jobs"
BODY = {"parcels": [{"lat": 52.0, "lng": 21.0}, {"lat": 52.1, "lng": 21.1}]}


def _start(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(JOBS, BODY, format="json")
    assert response.status_code == 202, response.content
    return response


def _paths(job_id: str) -> list[str]:
    return [f"{JOBS}/{job_id}", *(f"{JOBS}/{job_id}/results.{fmt}" for fmt in ("json", "geojson", "csv"))]


def test_job_started_with_a_test_key_is_test_data(test, django_capture_on_commit_callbacks):
    response = _start(test, django_capture_on_commit_callbacks)
    assert response["Livemode"] == "false" and response.json()["livemode"] is False
    job_id = response.json()["id"]
    assert RiskJob.objects.get(public_id=job_id).livemode is False
    status = test.get(f"{JOBS}/{job_id}")
    assert status["Livemode"] == "false"
    assert status.json()["status"] == "done" and status.json()["livemode"] is False
    results = test.get(f"{JOBS}/{job_id}/results.json").json()
    assert results["job"]["livemode"] is False and len(results["results"]) == 2
    assert Event.objects.get(type="risk.job_completed").data["livemode"] is False


def test_job_started_with_a_live_key_is_live_data(live, django_capture_on_commit_callbacks):
    response = _start(live, django_capture_on_commit_callbacks)
    assert response["Livemode"] == "true" and response.json()["livemode"] is True
    assert live.get(f"{JOBS}/{response.json()['id']}").json()["livemode"] is True
    assert Event.objects.get(type="risk.job_completed").data["livemode"] is True


def test_live_key_cannot_see_or_cancel_a_test_job(live, test, django_capture_on_commit_callbacks):
    job_id = _start(test, django_capture_on_commit_callbacks).json()["id"]
    for path in _paths(job_id):
        response = live.get(path)
        assert response.status_code == 404, path
        assert response["Livemode"] == "true"
    assert live.post(f"{JOBS}/{job_id}/cancel").status_code == 404
    assert live.delete(f"{JOBS}/{job_id}").status_code == 404
    assert RiskJob.objects.get(public_id=job_id).status == "done"


def test_test_key_cannot_see_or_cancel_a_live_job(live, test, django_capture_on_commit_callbacks):
    job_id = _start(live, django_capture_on_commit_callbacks).json()["id"]
    for path in _paths(job_id):
        response = test.get(path)
        assert response.status_code == 404, path
        assert response["Livemode"] == "false"
    assert test.post(f"{JOBS}/{job_id}/cancel").status_code == 404
    assert test.delete(f"{JOBS}/{job_id}").status_code == 404
