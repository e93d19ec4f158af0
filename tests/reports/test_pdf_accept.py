"""The CSRD report's PDF endpoint honours `Accept: application/pdf`, `*/*` and no Accept,
like the statement and declaration PDFs (tests/compliance/test_pdf_accept.py); a report
still rendering answers JSON even to a client that asked for the PDF."""

import pytest
from django.core.files.base import ContentFile
from django.utils import timezone
from rest_framework.test import APIClient

from reports.models import CsrdReport, ReportStatus

pytestmark = pytest.mark.django_db
PDF = b"%PDF-1.7\n% a stored report\n"


@pytest.fixture
def owner(make_user):
    return make_user("standard")


@pytest.fixture
def client(owner, make_key) -> APIClient:
    _, plaintext = make_key(user=owner)
    return APIClient(HTTP_AUTHORIZATION=f"Bearer {plaintext}")


def report_of(owner, status: str = ReportStatus.DONE) -> CsrdReport:
    report = CsrdReport.objects.create(
        owner=owner, company_name="Zakłady Mięsne Łódź", report_year=2025, supplier_count=1, payload={}
    )
    if status == ReportStatus.DONE:
        report.file.save(f"{report.public_id}.pdf", ContentFile(PDF), save=False)
    report.status, report.finished_at = status, timezone.now()
    report.save()
    return report


@pytest.mark.parametrize("accept", [{"HTTP_ACCEPT": "application/pdf"}, {"HTTP_ACCEPT": "*/*"}, {}])
def test_report_pdf(client, owner, accept):
    report = report_of(owner)
    response = client.get(f"/api/csrd/reports/{report.public_id}/pdf", **accept)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert b"".join(response.streaming_content) == PDF


def test_a_report_not_ready_is_a_problem_even_to_a_pdf_request(client, owner):
    report = report_of(owner, ReportStatus.RENDERING)
    response = client.get(f"/api/csrd/reports/{report.public_id}/pdf", HTTP_ACCEPT="application/pdf")
    assert response.status_code == 409
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["code"] == "report_not_ready"
