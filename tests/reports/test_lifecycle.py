"""Timeouts, not-ready and expired reports, redelivered tasks and retention."""

from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone
from rest_framework.test import APIClient

from reports.models import CsrdReport, ReportStatus
from reports.services import csrd_report_render, csrd_reports_maintain

pytestmark = pytest.mark.django_db
URL = "/api/csrd/report"


@pytest.fixture
def account(make_key):
    key, plaintext = make_key("standard")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    return key.user, client


@pytest.fixture
def client(account):
    return account[1]


def _report(owner, status=ReportStatus.QUEUED, **fields):
    payload = {"suppliers": [{"name": "Farma", "crop_type": "wheat", "quantity_t": 1}]}
    return CsrdReport.objects.create(
        owner=owner,
        company_name="Agro",
        report_year=2024,
        supplier_count=1,
        payload=payload,
        status=status,
        **fields,
    )


def test_timeout_gives_202_with_location_and_no_preference_applied(client, body, settings):
    # In this test's transaction the enqueue-on-commit never fires: the report stays queued.
    settings.CSRD_SYNC_TIMEOUT_SECONDS = 0.2
    response = client.post(URL, body(), format="json")
    assert response.status_code == 202
    assert "Preference-Applied" not in response
    assert response["Retry-After"]
    report = CsrdReport.objects.get()
    assert response["Location"] == f"/api/csrd/reports/{report.public_id}"
    assert report.status == ReportStatus.QUEUED  # recorded before it was attempted
    assert (
        client.get(response["Location"]).json() | {"pdf_url": None} == client.get(response["Location"]).json()
    )

    pdf = client.get(f"{response['Location']}/pdf")
    assert pdf.status_code == 409
    assert pdf.json()["code"] == "report_not_ready" and pdf["Retry-After"]


def test_expired_report_is_gone(account):
    owner, client = account
    report = _report(owner, status=ReportStatus.EXPIRED)
    assert client.get(f"/api/csrd/reports/{report.public_id}").json()["status"] == "expired"
    response = client.get(f"/api/csrd/reports/{report.public_id}/pdf")
    assert response.status_code == 410 and response.json()["code"] == "report_expired"


def test_render_is_idempotent_for_a_finished_report(make_user):
    report = _report(make_user("standard"))
    csrd_report_render(report_id=report.pk)
    report.refresh_from_db()
    assert report.status == ReportStatus.DONE
    first = (report.file.name, report.finished_at)
    csrd_report_render(report_id=report.pk)  # a redelivered message
    report.refresh_from_db()
    assert (report.file.name, report.finished_at) == first


def test_a_rendering_that_outlived_the_time_limit_is_taken_over(make_user, settings):
    stale = timezone.now() - timedelta(seconds=settings.CSRD_TASK_TIME_LIMIT_SECONDS + 5)
    report = _report(make_user("standard"), status=ReportStatus.RENDERING, started_at=stale)
    busy = _report(make_user("standard"), status=ReportStatus.RENDERING, started_at=timezone.now())
    csrd_report_render(report_id=report.pk)
    csrd_report_render(report_id=busy.pk)
    report.refresh_from_db()
    busy.refresh_from_db()
    assert (report.status, busy.status) == (ReportStatus.DONE, ReportStatus.RENDERING)


def test_maintenance_removes_old_pdfs_and_recovers_lost_work(make_user, settings):
    owner = make_user("standard")
    now = timezone.now()
    old = _report(
        owner, status=ReportStatus.DONE, finished_at=now - timedelta(days=settings.CSRD_RETENTION_DAYS + 1)
    )
    old.file.save(f"csrd/{old.public_id}.pdf", ContentFile(b"%PDF old"))
    fresh = _report(owner, status=ReportStatus.DONE, finished_at=now - timedelta(days=1))
    fresh.file.save(f"csrd/{fresh.public_id}.pdf", ContentFile(b"%PDF fresh"))
    old_path = old.file.name
    limit = timedelta(seconds=settings.CSRD_TASK_TIME_LIMIT_SECONDS)
    lost = _report(owner)
    CsrdReport.objects.filter(pk=lost.pk).update(created_at=now - 2 * limit)
    killed = _report(owner, status=ReportStatus.RENDERING, started_at=now - 2 * limit, render_attempts=1)
    abandoned = _report(owner, status=ReportStatus.RENDERING, started_at=now - 4 * limit, render_attempts=3)

    assert csrd_reports_maintain() == {"expired": 1, "requeued": 2, "abandoned": 1}

    old.refresh_from_db()
    assert old.status == ReportStatus.EXPIRED and not old.file and not default_storage.exists(old_path)
    fresh.refresh_from_db()
    assert fresh.status == ReportStatus.DONE and default_storage.exists(fresh.file.name)
    lost.refresh_from_db()
    assert lost.status == ReportStatus.DONE  # re-enqueued (run eagerly here)
    killed.refresh_from_db()
    assert (
        killed.status == ReportStatus.DONE and killed.render_attempts == 2
    )  # its worker died: rendered again
    abandoned.refresh_from_db()
    assert abandoned.status == ReportStatus.FAILED and abandoned.error  # third death: given up


def test_maintenance_is_scheduled(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["csrd-reports-maintain"]
    assert entry["task"] == "reports.maintain_csrd_reports"
