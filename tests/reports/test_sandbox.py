"""Test (sandbox) keys and CSRD reports: a report belongs to the mode of the key
that asked for it, and each mode sees only its own reports."""

import pytest

from reports.models import CsrdReport
from tests.reports.conftest import pdf_text
from webhooks.models import Event

pytestmark = pytest.mark.django_db
URL = "/api/csrd/report"


def _request(client, body, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(URL, body(lang="en"), format="json", HTTP_PREFER="respond-async")
    assert response.status_code == 202, response.content
    return response


def _pdf(client, report_id) -> str:
    response = client.get(f"/api/csrd/reports/{report_id}/pdf")
    assert response.status_code == 200
    return pdf_text(b"".join(response.streaming_content))


def test_report_requested_with_a_test_key_is_test_data(test, body, django_capture_on_commit_callbacks):
    response = _request(test, body, django_capture_on_commit_callbacks)
    assert response["Livemode"] == "false" and response.json()["livemode"] is False
    report = CsrdReport.objects.get()
    assert report.livemode is False
    status = test.get(f"/api/csrd/reports/{report.public_id}")
    assert status.status_code == 200 and status["Livemode"] == "false"
    assert status.json()["status"] == "done" and status.json()["livemode"] is False
    assert "Test report" in _pdf(test, report.public_id)
    event = Event.objects.get(type="csrd.report_ready")
    assert event.data["livemode"] is False


def test_report_requested_with_a_live_key_is_live_data(live, body, django_capture_on_commit_callbacks):
    response = _request(live, body, django_capture_on_commit_callbacks)
    assert response["Livemode"] == "true" and response.json()["livemode"] is True
    report = CsrdReport.objects.get()
    assert report.livemode is True
    assert live.get(f"/api/csrd/reports/{report.public_id}").json()["livemode"] is True
    assert "Test report" not in _pdf(live, report.public_id)
    assert Event.objects.get(type="csrd.report_ready").data["livemode"] is True


def test_live_key_cannot_see_a_test_report(live, test, body, django_capture_on_commit_callbacks):
    report_id = _request(test, body, django_capture_on_commit_callbacks).json()["id"]
    for path in (f"/api/csrd/reports/{report_id}", f"/api/csrd/reports/{report_id}/pdf"):
        response = live.get(path)
        assert response.status_code == 404
        assert response.json()["code"] == "report_not_found"
        assert response["Livemode"] == "true"


def test_test_key_cannot_see_a_live_report(live, test, body, django_capture_on_commit_callbacks):
    report_id = _request(live, body, django_capture_on_commit_callbacks).json()["id"]
    for path in (f"/api/csrd/reports/{report_id}", f"/api/csrd/reports/{report_id}/pdf"):
        response = test.get(path)
        assert response.status_code == 404
        assert response.json()["code"] == "report_not_found"
        assert response["Livemode"] == "false"
