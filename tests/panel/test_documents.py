"""Statements and CSRD reports in the panel: badges, certificate and PDF links."""

import pytest
from django.core.files.base import ContentFile

from reports.models import ReportStatus

pytestmark = pytest.mark.django_db


def test_statements_list_with_status_badges_and_links(signed_in, make_statement):
    client = signed_in("standard")
    compliant = make_statement("COMPLIANT", owner=client.user)
    review = make_statement("UNDER_REVIEW", owner=client.user)
    draft = make_statement("DRAFT", owner=client.user)
    html = client.get("/panel/statements/").content.decode()
    assert 'class="badge badge-verified"' in html and "zweryfikowano" in html
    assert 'class="badge badge-in_progress"' in html
    assert 'class="badge badge-none"' in html
    assert f'href="/cert/{compliant.dds_id}"' in html
    assert f'href="/cert/{review.dds_id}"' in html
    assert f'href="/cert/{draft.dds_id}"' not in html  # a draft has no public certificate
    for statement in (compliant, review, draft):
        assert f'href="/api/eudr/v1/dds/{statement.dds_id}/pdf"' in html
        assert f'href="/panel/statements/{statement.dds_id}/"' in html


def test_expired_statement_shows_expired_and_no_verification(signed_in, make_statement):
    from datetime import timedelta

    from django.utils import timezone

    client = signed_in("standard")
    make_statement("COMPLIANT", owner=client.user, valid_until=timezone.now() - timedelta(days=1))
    html = client.get("/panel/statements/").content.decode()
    assert "Wygasła" in html and 'class="badge badge-none"' in html


def test_pdf_link_downloads_with_the_session(signed_in, make_statement, eager_tasks):
    # eager_tasks: the PDF is rendered by a Celery task, here in the test process in every mode.
    client = signed_in("standard")
    statement = make_statement("COMPLIANT", owner=client.user)
    response = client.get(f"/api/eudr/v1/dds/{statement.dds_id}/pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"


def test_plan_without_dds_gets_a_message_instead_of_a_pdf_link(signed_in, make_statement):
    client = signed_in("free")
    statement = make_statement("COMPLIANT", owner=client.user)
    for path in ("/panel/statements/", f"/panel/statements/{statement.dds_id}/"):
        html = client.get(path).content.decode()
        assert "/pdf" not in html
        assert 'data-testid="pdf-note"' in html and "Standard" in html
        assert f'href="/cert/{statement.dds_id}"' in html


def test_statement_detail_shows_history(signed_in, make_statement):
    client = signed_in("standard")
    statement = make_statement("COMPLIANT", owner=client.user)
    response = client.get(f"/panel/statements/{statement.dds_id.lower()}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "DRAFT → SUBMITTED" in html and "SUBMITTED → COMPLIANT" in html
    assert client.get("/panel/statements/DDS-PL-2025-999999-NONE/").status_code == 404


def test_reports_list_links_finished_pdfs(signed_in, make_report):
    client = signed_in("standard")
    done = make_report(client.user, company_name="Zakłady Mięsne Łódź")
    done.file.save("test.pdf", ContentFile(b"%PDF-1.7 test"), save=True)
    queued = make_report(client.user, status=ReportStatus.QUEUED, company_name="Skup Zbóż")
    html = client.get("/panel/reports/").content.decode()
    assert "Zakłady Mięsne Łódź" in html and "Skup Zbóż" in html
    assert f'href="/api/csrd/reports/{done.public_id}/pdf"' in html
    assert f'href="/api/csrd/reports/{queued.public_id}/pdf"' not in html
    assert "w kolejce" in html
    download = client.get(f"/api/csrd/reports/{done.public_id}/pdf")
    assert download.status_code == 200
    assert b"".join(download.streaming_content) == b"%PDF-1.7 test"
    detail = client.get(f"/panel/reports/{done.public_id}/").content.decode()
    assert f'href="/api/csrd/reports/{done.public_id}/pdf"' in detail


def test_reports_page_on_a_plan_without_csrd(signed_in, make_report):
    client = signed_in("free")
    report = make_report(client.user)
    html = client.get("/panel/reports/").content.decode()
    assert 'data-testid="csrd-note"' in html
    assert f"/api/csrd/reports/{report.public_id}/pdf" not in html


def test_reports_pages_show_live_reports_only(signed_in, make_report):
    # The panel acts in live mode: a report requested with a test key is for test keys only.
    client = signed_in("standard")
    live = make_report(client.user, company_name="Skup Na Żywo")
    test = make_report(client.user, company_name="Skup Testowy", livemode=False)
    html = client.get("/panel/reports/").content.decode()
    assert "Skup Na Żywo" in html and "Skup Testowy" not in html
    assert client.get(f"/panel/reports/{live.public_id}/").status_code == 200
    assert client.get(f"/panel/reports/{test.public_id}/").status_code == 404
    assert client.get(f"/api/csrd/reports/{test.public_id}").status_code == 404
