"""The annual public report on the due diligence system (Article 12(3)): figures computed from
the account's records, the operator's own texts, the year's reviews (Article 12(2)), a public
page once published, and a PDF rendered by a worker."""

from __future__ import annotations

import io
import re
from collections import Counter
from datetime import UTC, date, datetime, timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone
from pypdf import PdfReader
from rest_framework.test import APIClient

from accounts.models import User
from annual.models import AnnualReport, SystemReview
from compliance.downstream import (
    organisation_roles_set,
    substantiated_concern_record,
    trading_partner_record_create,
)
from compliance.models import DDSPlot, DDSStatusChange, DueDiligenceStatement
from eu_filing.models import UpstreamReference
from regulation.commodities import normalize_commodity
from suppliers.models import RosterImport, Supplier, SupplierMandate

pytestmark = pytest.mark.django_db

FIGURE = re.compile(r'data-figure="([^"]+)">(\d+)<')


def _seed_demo() -> tuple[User, APIClient]:
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    key = re.search(r"Demo API key:\s+(\S+)", out.getvalue()).group(1)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return User.objects.get(email="demo@operator.example"), client


def _supplier(owner: User, number: str) -> Supplier:
    roster = RosterImport.objects.create(
        owner=owner, filename="r.csv", file_format="csv", rows=1, created=1, updated=0
    )
    return Supplier.objects.create(
        owner=owner,
        producer_number=number,
        size="micro",
        commodity="cattle",
        quantity="10",
        unit="NAR",
        name="Gospodarstwo Ząbek",
        postal_code="00-001",
        city="Łódź",
        imported_in=roster,
    )


def _a_year_of_records(owner: User, year: int, make_statement) -> None:
    """Beyond the demo's statements: suppliers and mandates, partner records, upstream checks,
    concerns and reviews, some of them outside the year (which must not count)."""
    kept = _supplier(owner, "P-1")
    SupplierMandate.objects.create(supplier=kept, kind="document", status="active")
    lapsed = _supplier(owner, "P-2")
    SupplierMandate.objects.create(supplier=lapsed, kind="document", status="active")
    SupplierMandate.objects.create(supplier=lapsed, kind="email_confirmation", status="revoked")
    _supplier(owner, "P-3")
    for kind, day in (
        ("supplier", date(year, 3, 1)),
        ("customer", date(year, 5, 2)),
        ("supplier", date(year - 1, 12, 31)),
    ):
        trading_partner_record_create(
            owner=owner,
            livemode=True,
            kind=kind,
            consignment_reference=f"C-{day}",
            consignment_date=day,
            name="Hurtownia Żuraw",
            postal_address="ul. Polna 1, Łódź",
            email="biuro@example.com",
        )
    for number, result in (
        ("26PLAAAAAAAAA1", "EXISTING_USABLE"),
        ("26PLAAAAAAAAA2", "NON_EXISTENT"),
        ("26PLAAAAAAAAA3", ""),
    ):
        UpstreamReference.objects.create(
            owner=owner, reference_number=number, verification_number="ABCDEFGH", result=result
        )
    substantiated_concern_record(
        owner=owner,
        livemode=True,
        received_on=date(year, 2, 10),
        product="soja 2026/7",
        concern="zdjęcia wycinki",
        action_taken="wstrzymano dostawę",
        placing_withheld=True,
    )
    substantiated_concern_record(
        owner=owner,
        livemode=True,
        received_on=date(year - 1, 6, 1),
        product="x",
        concern="y",
        action_taken="z",
    )
    SystemReview.objects.create(
        owner=owner,
        reviewed_on=date(year, 1, 15),
        reviewer="Jan Kowalski, zarząd",
        summary="Przegląd <b>roczny</b>",
    )
    SystemReview.objects.create(
        owner=owner, reviewed_on=date(year - 1, 1, 15), reviewer="Ktoś", summary="zeszły rok"
    )
    # A statement of the year before: not counted.
    old = DueDiligenceStatement.objects.filter(owner=owner).exclude(status="DRAFT").order_by("pk").first()
    DueDiligenceStatement.objects.filter(pk=old.pk).update(
        created_at=datetime(year - 1, 12, 31, 23, 0, tzinfo=UTC)
    )
    # A sandbox (test key) statement and a draft: neither counts.
    test_mode = DueDiligenceStatement.objects.filter(owner=owner, status="AT_RISK").order_by("pk").first()
    DueDiligenceStatement.objects.filter(pk=test_mode.pk).update(livemode=False)
    make_statement("DRAFT", owner=owner)


def expected_figures(owner: User, year: int, now: datetime) -> dict[str, int]:
    """Every figure of the page, computed here from the rows themselves (Python over the
    objects, not the report's queries)."""
    figures: dict[str, int] = {}

    def put(prefix: str, counts: dict[str, int]) -> None:
        for code, value in counts.items():
            figures[f"{prefix}.{code}"] = value

    filed = [
        s
        for s in DueDiligenceStatement.objects.filter(owner=owner)
        if s.livemode and s.status != "DRAFT" and s.created_at.astimezone(UTC).year == year
    ]
    put(
        "statements.filed",
        {"dds": sum(s.filing_kind == "dds" for s in filed), "sd": sum(s.filing_kind == "sd" for s in filed)},
    )
    put("statements.by_status", Counter(s.effective_status(now) for s in filed))
    put("statements.by_commodity", Counter(normalize_commodity(s.commodity).code for s in filed))
    put("statements.by_country", Counter(s.country_of_production for s in filed))
    put("statements.by_risk", Counter(s.risk_level or "not_assessed" for s in filed))
    screened = [
        s
        for s in DueDiligenceStatement.objects.filter(owner=owner)
        if s.livemode and s.screened_at and s.screened_at.astimezone(UTC).year == year
    ]
    plots = [p for p in DDSPlot.objects.all() if p.commodity.statement in filed and p.risk_level]
    put("risk.assessments", {"statements_screened": len(screened), "plots_assessed": len(plots)})
    put("risk.plots_by_risk", Counter(p.risk_level for p in plots))
    put("risk.plots_by_finding", Counter(p.finding for p in plots if p.finding))
    moves = [
        c.to_status
        for c in DDSStatusChange.objects.all()
        if c.statement.owner_id == owner.pk
        and c.statement.livemode
        and c.changed_at.astimezone(UTC).year == year
    ]
    put(
        "mitigation.status_changes",
        {s: moves.count(s) for s in ("UNDER_REVIEW", "AT_RISK", "NON_COMPLIANT", "WITHDRAWN")},
    )
    concerns = [c for c in owner.substantiated_concerns.all() if c.received_on.year == year]
    put(
        "mitigation.concerns",
        {
            "received": len(concerns),
            "placing_withheld": sum(c.placing_withheld for c in concerns),
            "authority_informed": sum(c.authority_informed for c in concerns),
        },
    )
    roster = list(Supplier.objects.filter(owner=owner))
    active = [
        s
        for s in roster
        if s.mandates.order_by("-created_at", "-id").first()
        and s.mandates.order_by("-created_at", "-id").first().status == "active"
    ]
    put("suppliers.roster", {"suppliers": len(roster), "active_mandates": len(active)})
    records = [r for r in owner.trading_partner_records.all() if r.consignment_date.year == year]
    put("suppliers.partner_records", {k: sum(r.kind == k for r in records) for k in ("supplier", "customer")})
    checks = [u for u in UpstreamReference.objects.filter(owner=owner) if u.created_at.year == year]
    put("upstream.checks", {"recorded": len(checks)})
    put("upstream.by_result", Counter(u.result or "not_answered" for u in checks))
    return figures


def _page_figures(html: str) -> dict[str, int]:
    found = FIGURE.findall(html)
    assert len(found) == len({key for key, _ in found}), "a figure is shown twice"
    return {key: int(value) for key, value in found}


@pytest.fixture
def demo(make_statement):
    user, client = _seed_demo()
    year = timezone.now().year
    _a_year_of_records(user, year, make_statement)
    organisation_roles_set(account=user, roles=["operator"], is_sme=False)
    return user, client, year


def test_each_figure_on_the_public_page_equals_the_records(demo, client):
    user, api, year = demo
    assert api.post("/api/eudr/v1/annual-reports", {"year": year}, format="json").status_code == 201
    published = api.post(f"/api/eudr/v1/annual-reports/{year}/publish")
    assert published.status_code == 200, published.content
    url = published.json()["public_url"]
    path = url.split("://", 1)[1].split("/", 1)[1]
    page = client.get(f"/{path}")
    assert page.status_code == 200
    html = page.content.decode()
    expected = expected_figures(user, year, now=timezone.now())
    assert _page_figures(html) == expected
    # The demo's year has statements of several statuses, and the extras above all count.
    assert (
        3 <= expected["statements.filed.dds"] < DueDiligenceStatement.objects.filter(owner=user).count() - 2
    )
    assert expected["suppliers.roster.active_mandates"] == 1
    assert expected["upstream.by_result.not_answered"] == 1
    assert expected["mitigation.concerns.received"] == 1
    # The API gives the same figures.
    api_figures = {
        f"{f['section']}.{f['group']}.{f['code']}": f["value"]
        for f in published.json()["published"]["figures"]
    }
    assert api_figures == expected


def test_the_report_renders_in_polish_and_in_english_without_a_key(demo, client):
    _user, api, year = demo
    api.post(
        "/api/eudr/v1/annual-reports",
        {"year": year, "system_description": "Nasz system <script>alert(1)</script>", "steps_taken": "Kroki"},
        format="json",
    )
    public_id = (
        api.post(f"/api/eudr/v1/annual-reports/{year}/publish")
        .json()["public_url"]
        .rstrip("/")
        .rsplit("/", 1)[1]
    )
    polish = client.get(f"/annual-report/{public_id}/").content.decode()
    english = client.get(f"/annual-report/{public_id}/?lang=en").content.decode()
    assert "Sprawozdanie roczne" in polish and "Annual report on the due diligence system" in english
    assert "słowami podmiotu" in polish and "in the operator&#x27;s words" in english
    assert "Gospodarstwo Rolne Jan Kowalski" in polish
    # The operator's text and the reviews are escaped, never HTML.
    assert "<script>alert(1)</script>" not in polish and "&lt;script&gt;" in polish
    assert "<b>roczny</b>" not in english and "Przegląd &lt;b&gt;roczny&lt;/b&gt;" in english
    assert "zeszły rok" not in english  # the review of the year before
    assert _page_figures(polish) == _page_figures(english)
    assert "Article 12(3) applies to this operator" in english


def test_an_unpublished_report_has_no_public_page(demo, client):
    _user, api, year = demo
    api.post("/api/eudr/v1/annual-reports", {"year": year}, format="json")
    public_id = AnnualReport.objects.get(year=year).public_id
    assert client.get(f"/annual-report/{public_id}/").status_code == 404
    api.post(f"/api/eudr/v1/annual-reports/{year}/publish")
    assert client.get(f"/annual-report/{public_id}/").status_code == 200
    api.post(f"/api/eudr/v1/annual-reports/{year}/unpublish")
    assert client.get(f"/annual-report/{public_id}/").status_code == 404
    assert client.get("/annual-report/not-a-report/").status_code == 404


def test_another_accounts_report_is_not_found(demo, keyed_client):
    _user, api, year = demo
    api.post("/api/eudr/v1/annual-reports", {"year": year}, format="json")
    other = keyed_client("standard")
    for path in ("", "/pdf"):
        response = other.get(f"/api/eudr/v1/annual-reports/{year}{path}")
        assert response.status_code == 404
        assert response["Content-Type"].startswith("application/problem+json")
    assert other.post(f"/api/eudr/v1/annual-reports/{year}/publish").status_code == 404
    assert not AnnualReport.objects.filter(year=year, published_at__isnull=False).exists()


def test_published_figures_stay_as_published_until_published_again(demo, client, make_statement):
    user, api, year = demo
    api.post("/api/eudr/v1/annual-reports", {"year": year}, format="json")
    public_id = AnnualReport.objects.get(owner=user, year=year).public_id
    api.post(f"/api/eudr/v1/annual-reports/{year}/publish")
    before = _page_figures(client.get(f"/annual-report/{public_id}/").content.decode())
    make_statement("SUBMITTED", owner=user)
    api.patch(f"/api/eudr/v1/annual-reports/{year}", {"steps_taken": "Nowy tekst"}, format="json")
    page = client.get(f"/annual-report/{public_id}/").content.decode()
    assert _page_figures(page) == before
    assert "Nowy tekst" not in page
    # The working copy already counts it; publishing again shows it.
    answer = api.get(f"/api/eudr/v1/annual-reports/{year}").json()
    count = {f"{f['group']}.{f['code']}": f["value"] for f in answer["draft"]["figures"]}["filed.dds"]
    assert count == before["statements.filed.dds"] + 1
    api.post(f"/api/eudr/v1/annual-reports/{year}/publish")
    page = client.get(f"/annual-report/{public_id}/").content.decode()
    assert _page_figures(page)["statements.filed.dds"] == before["statements.filed.dds"] + 1
    assert "Nowy tekst" in page


def test_the_pdf_is_rendered_by_the_worker_in_each_language(demo):
    _user, api, year = demo
    api.post(
        "/api/eudr/v1/annual-reports", {"year": year, "steps_taken": "Zbieramy geolokalizację"}, format="json"
    )
    for lang, title in (("pl", "Sprawozdanie roczne"), ("en", "Annual report")):
        response = api.get(f"/api/eudr/v1/annual-reports/{year}/pdf?lang={lang}")
        assert response.status_code == 200, response.content
        assert response["Content-Type"] == "application/pdf"
        assert f"EUDR-annual-report-{year}-{lang}.pdf" in response["Content-Disposition"]
        text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
        assert title in text


def test_a_pdf_the_worker_has_not_finished_answers_202_with_where_to_poll(demo, held_tasks, settings):
    sent = held_tasks("annual.render_report_pdf")
    settings.DDS_PDF_SYNC_TIMEOUT_SECONDS = 0
    _user, api, year = demo
    api.post("/api/eudr/v1/annual-reports", {"year": year}, format="json")
    response = api.get(f"/api/eudr/v1/annual-reports/{year}/pdf?lang=en")
    assert response.status_code == 202
    assert response["Location"].endswith(f"/api/eudr/v1/annual-reports/{year}/pdf?lang=en")
    assert len(sent) == 1
    # Asked again, the same document is waited for, not queued twice.
    assert api.get(f"/api/eudr/v1/annual-reports/{year}/pdf?lang=en").status_code == 202
    assert len(sent) == 1


def test_a_review_is_kept_five_years_and_cannot_be_dated_in_the_future(demo):
    _user, api, year = demo
    created = api.post(
        "/api/eudr/v1/system-reviews",
        {"reviewed_on": f"{year}-01-20", "reviewer": "Anna Nowak", "summary": "OK"},
        format="json",
    )
    assert created.status_code == 201
    assert created.json()["retained_until"] == f"{year + 5}-01-20"
    future = (timezone.localdate() + timedelta(days=1)).isoformat()
    refused = api.post(
        "/api/eudr/v1/system-reviews", {"reviewed_on": future, "reviewer": "A", "summary": "B"}, format="json"
    )
    assert refused.status_code == 400


def test_the_duty_follows_the_roles_said(demo, client):
    user, api, year = demo
    api.post("/api/eudr/v1/annual-reports", {"year": year}, format="json")
    assert api.get(f"/api/eudr/v1/annual-reports/{year}").json()["duty"] == "applies"
    organisation_roles_set(account=user, roles=["operator"], is_sme=True)
    assert api.get(f"/api/eudr/v1/annual-reports/{year}").json()["duty"] == "voluntary"
    organisation_roles_set(account=user, roles=["first_downstream_operator_or_trader"], is_sme=False)
    assert api.get(f"/api/eudr/v1/annual-reports/{year}").json()["duty"] == "voluntary"


def test_a_plan_without_statements_is_refused(keyed_client):
    response = keyed_client("free").get("/api/eudr/v1/annual-reports")
    assert response.status_code == 403
    assert response.json()["code"] == "plan_required"


def test_maintenance_sends_again_a_pdf_whose_message_was_lost(demo, held_tasks, settings):
    import time_machine

    from annual import services
    from annual.models import AnnualReportDocument

    sent = held_tasks("annual.render_report_pdf")
    settings.DDS_PDF_SYNC_TIMEOUT_SECONDS = 0
    _user, api, year = demo
    api.post("/api/eudr/v1/annual-reports", {"year": year}, format="json")
    api.get(f"/api/eudr/v1/annual-reports/{year}/pdf?lang=pl")
    document = AnnualReportDocument.objects.get()
    assert services.annual_pdfs_maintain() == {"requeued": 0, "abandoned": 0}  # just queued
    with time_machine.travel(timezone.now() + timedelta(minutes=3)):
        assert services.annual_pdfs_maintain() == {"requeued": 1, "abandoned": 0}
    assert sent.named("annual.render_report_pdf") == [(document.pk,), (document.pk,)]
