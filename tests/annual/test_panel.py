"""The panel's annual report pages: open a year, record a review, write, publish, download."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from annual.models import AnnualReport, SystemReview

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(client, make_user, make_statement):
    user = make_user("standard")
    make_statement("COMPLIANT", owner=user)
    client.force_login(user)
    return client, user


def test_an_operator_opens_writes_publishes_and_downloads_its_report(signed_in):
    client, user = signed_in
    year = timezone.now().year
    opened = client.post("/panel/annual-reports/", {"action": "open", "year": year})
    assert opened.status_code == 302 and opened["Location"].endswith(f"/panel/annual-reports/{year}/")
    reviewed = client.post(
        "/panel/annual-reports/",
        {"action": "review", "reviewed_on": f"{year}-01-10", "reviewer": "Zarząd", "summary": "Bez zmian"},
    )
    assert reviewed.status_code == 302
    assert SystemReview.objects.get(owner=user).retained_until.year == year + 5
    client.post(
        f"/panel/annual-reports/{year}/", {"action": "texts", "system_description": "Opis", "steps_taken": ""}
    )
    page = client.get(f"/panel/annual-reports/{year}/").content.decode()
    assert "Opis" in page and 'data-figure="statements.filed.dds">1<' in page and "Zarząd" in page
    report = AnnualReport.objects.get(owner=user, year=year)
    assert client.get(f"/annual-report/{report.public_id}/").status_code == 404
    client.post(f"/panel/annual-reports/{year}/", {"action": "publish"})
    assert client.get(f"/annual-report/{report.public_id}/").status_code == 200
    pdf = client.get(f"/panel/annual-reports/{year}/pdf/?lang=en")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


def test_a_review_dated_tomorrow_is_refused(signed_in):
    client, user = signed_in
    tomorrow = timezone.localdate() + timedelta(days=1)
    response = client.post(
        "/panel/annual-reports/",
        {"action": "review", "reviewed_on": tomorrow.isoformat(), "reviewer": "A", "summary": "B"},
    )
    assert response.status_code == 400
    assert not SystemReview.objects.filter(owner=user).exists()


def test_another_accounts_report_is_not_found_in_the_panel(signed_in, make_user):
    client, _user = signed_in
    other = make_user("standard")
    AnnualReport.objects.create(owner=other, year=timezone.now().year)
    assert client.get(f"/panel/annual-reports/{timezone.now().year}/").status_code == 404
