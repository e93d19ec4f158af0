"""Services suite: a report rendered by a real Celery worker on the real broker."""

import pytest

from reports.models import CsrdReport, ReportStatus
from tests.reports.conftest import pdf_text

URL = "/api/csrd/report"


@pytest.mark.worker
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_real_worker_renders_the_report(celery_worker_process, keyed_client, body, settings):
    settings.CSRD_SYNC_TIMEOUT_SECONDS = 90  # a fresh worker first loads the country boundaries
    client = keyed_client("pro")
    response = client.post(URL, body(), format="json")
    report = CsrdReport.objects.get()
    try:
        assert response.status_code == 200, response.content
        assert response["Content-Disposition"] == 'attachment; filename="CSRD-zaklady-miesne-lodz-2024.pdf"'
        assert "Agro Żółw Sp. z o.o." in pdf_text(b"".join(response.streaming_content))
        assert report.status == ReportStatus.DONE and report.started_at
    finally:
        if report.file:
            report.file.delete(save=False)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_async_request_is_finished_by_the_worker(celery_worker_process, keyed_client, body):
    from reports.services import csrd_report_wait

    client = keyed_client("standard")
    response = client.post(URL, body(lang="en"), format="json", HTTP_PREFER="respond-async")
    assert response.status_code == 202
    report = csrd_report_wait(report=CsrdReport.objects.get(), timeout=90)
    try:
        assert report.status == ReportStatus.DONE
        assert client.get(f"{response['Location']}/pdf").status_code == 200
    finally:
        if report.file:
            report.file.delete(save=False)
