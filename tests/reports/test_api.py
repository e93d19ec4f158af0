"""The CSRD endpoints end to end: rendered by the (eager) task, stored, polled, downloaded."""

import tempfile

import pytest
from django.core.files.storage import default_storage

from reports.models import CsrdReport, EmissionFactor, ReportStatus
from tests.reports.conftest import PARCEL_ID, pdf_text
from tests.risk.fakes import running_uldk

# The task is enqueued on commit, so these tests commit for real.
pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)
URL = "/api/csrd/report"
FILENAME = 'attachment; filename="CSRD-zaklady-miesne-lodz-2024.pdf"'


@pytest.fixture
def client(keyed_client):
    return keyed_client("standard")


def test_report_is_returned_as_a_pdf_attachment(client, body):
    response = client.post(URL, body(), format="json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == FILENAME
    pdf = b"".join(response.streaming_content)
    text = pdf_text(pdf)
    assert (
        "Zakłady Mięsne Łódź" in text and "Gospodarstwo Kowalski" in text and "Agro Żółw Sp. z o.o." in text
    )
    report = CsrdReport.objects.get()
    assert report.status == ReportStatus.DONE
    assert default_storage.exists(report.file.name) and report.file.name == f"csrd/{report.public_id}.pdf"


def test_accept_pdf_is_honoured(client, body):
    response = client.post(URL, body(), format="json", HTTP_ACCEPT="application/pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_respond_async_gives_202_and_a_resource_to_poll(client, body):
    response = client.post(URL, body(lang="en"), format="json", HTTP_PREFER="respond-async")
    assert response.status_code == 202
    assert response["Preference-Applied"] == "respond-async"
    location = response["Location"]
    report = CsrdReport.objects.get()
    assert location == f"/api/csrd/reports/{report.public_id}"
    assert response.json()["id"] == str(report.public_id)

    status = client.get(location)
    assert status.status_code == 200
    data = status.json()
    assert data["status"] == "done" and data["filename"] == "CSRD-zaklady-miesne-lodz-2024.pdf"
    assert data["pdf_url"].endswith(f"/api/csrd/reports/{report.public_id}/pdf")
    assert data["expires_at"] and data["error"] == ""

    pdf = client.get(f"{location}/pdf")
    assert pdf.status_code == 200 and pdf["Content-Disposition"] == FILENAME
    assert "CSRD sustainability report" in pdf_text(b"".join(pdf.streaming_content))


def test_another_accounts_report_is_not_found(client, keyed_client, body):
    location = client.post(URL, body(), format="json", HTTP_PREFER="respond-async")["Location"]
    stranger = keyed_client("enterprise")
    for path in (location, f"{location}/pdf"):
        response = stranger.get(path)
        assert response.status_code == 404
        assert response.json()["code"] == "report_not_found"
    assert client.get(location).status_code == 200


def test_unknown_or_malformed_report_id_is_404(client):
    assert client.get("/api/csrd/reports/7d2b1c1e-3f8e-4a53-9a43-4a6a1f0c2b11").status_code == 404
    assert client.get("/api/csrd/reports/1").status_code == 404


def test_unreachable_parcel_service_still_gives_a_report(client, body, settings):
    with running_uldk() as (uldk, url):
        uldk.status = 503
        settings.ULDK_BASE_URL = url
        data = body(
            lang="en", suppliers=[{"name": "Farma Działka", "crop_type": "soy", "parcel_id": PARCEL_ID}]
        )
        response = client.post(URL, data, format="json")
    assert response.status_code == 200
    text = pdf_text(b"".join(response.streaming_content))
    assert "Farma Działka" in text
    assert "parcel service (GUGiK ULDK) unreachable" in text


def test_rendering_failure_is_reported_without_internals(client, body):
    EmissionFactor.objects.filter(crop_type="soy").delete()
    response = client.post(URL, body(), format="json")
    assert response.status_code == 500
    problem = response.json()
    assert problem["code"] == "report_failed"
    assert problem["detail"] == "No emission factor is configured for: soy."
    pdf = client.get(f"/api/csrd/reports/{problem['id']}/pdf")
    assert pdf.status_code == 409 and pdf.json()["code"] == "report_failed"


@pytest.mark.parametrize(
    "case",
    [
        ({"BUDGET_PDF_MAX_PAGES": 1}, "The report is too large to render; split its suppliers"),
        ({"PDF_RENDER_TIME_LIMIT_SECONDS": 0}, "Rendering took too long; please try again later."),
    ],
)
def test_a_report_over_the_renderers_limits_fails_in_words_and_leaves_no_scratch_files(
    client, body, settings, tmp_path, case
):
    """Issue 42: the CSRD PDF goes through the one bounded renderer, as the statements' do."""
    limits, words = case
    for name, value in limits.items():
        setattr(settings, name, value)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    before, tempfile.tempdir = tempfile.tempdir, str(scratch)
    try:
        response = client.post(URL, body(), format="json")
    finally:
        tempfile.tempdir = before
    assert response.status_code == 500
    problem = response.json()
    assert problem["code"] == "report_failed" and problem["detail"].startswith(words)
    assert CsrdReport.objects.get(public_id=problem["id"]).status == ReportStatus.FAILED
    assert list(scratch.iterdir()) == []  # the renderer's folders (fonts included) are gone
