"""Which CSRD wave and standard apply: Directives (EU) 2025/794 and 2026/470."""

import pytest

from reports.builder import csrd_scope_lines
from reports.csrd_scope import (
    SCOPE_EMPLOYEES_ABOVE,
    SCOPE_TURNOVER_ABOVE_EUR,
    WAVE_2_FIRST_YEAR,
    WAVE_3_FIRST_YEAR,
    csrd_applicability,
)
from reports.models import CsrdReport
from reports.services import csrd_pdf_render
from tests.reports.conftest import pdf_text

BIG_TURNOVER = 600_000_000


@pytest.mark.parametrize(
    ("employees", "turnover", "listed", "expected"),
    [
        # Both thresholds of 2026/470 exceeded, not listed: wave 2, FY2027 (2025/794).
        (1500, BIG_TURNOVER, False, ("in_scope", 2, 2027, False)),
        # Listed and large: wave 1, reporting since FY2024.
        (1500, BIG_TURNOVER, True, ("in_scope", 1, 2024, False)),
        # Exactly at a threshold is not "more than": out of scope, protected by the cap.
        (SCOPE_EMPLOYEES_ABOVE, BIG_TURNOVER, False, ("out_of_scope", None, None, True)),
        (1500, SCOPE_TURNOVER_ABOVE_EUR, False, ("out_of_scope", None, None, False)),
        # A listed SME: wave 3 under 2025/794, out of scope since 2026/470.
        (200, 40_000_000, True, ("out_of_scope", None, None, True)),
        # A large company under the new thresholds (old wave 2): out of scope now.
        (600, 100_000_000, False, ("out_of_scope", None, None, True)),
    ],
)
def test_wave_follows_the_2026_470_thresholds(employees, turnover, listed, expected):
    scope = csrd_applicability(report_year=2027, employees=employees, turnover_eur=turnover, listed=listed)
    assert (scope.status, scope.wave, scope.first_year, scope.value_chain_cap) == expected
    if scope.status == "out_of_scope":
        assert scope.standard.startswith("VSME")
    else:
        assert scope.standard.startswith("ESRS")


def test_stop_the_clock_years():
    assert (WAVE_2_FIRST_YEAR, WAVE_3_FIRST_YEAR) == (2027, 2028)


def test_wave_2_is_not_mandatory_before_its_first_year():
    before = csrd_applicability(report_year=2026, employees=1500, turnover_eur=BIG_TURNOVER, listed=False)
    from_first = csrd_applicability(report_year=2027, employees=1500, turnover_eur=BIG_TURNOVER, listed=False)
    assert (before.required_for_report_year, from_first.required_for_report_year) == (False, True)


def test_without_figures_the_report_says_what_is_missing():
    scope = csrd_applicability(report_year=2027, employees=None, turnover_eur=None)
    assert scope.status == "undetermined" and scope.missing == ("employees", "turnover_eur")
    lines = csrd_scope_lines(payload={}, report_year=2027, lang="en")
    assert "employees, turnover_eur" in lines[0]


def test_out_of_scope_company_is_told_about_vsme_and_the_value_chain_cap():
    lines = csrd_scope_lines(payload={"employees": 40, "turnover_eur": 5e6}, report_year=2027, lang="pl")
    text = " ".join(lines)
    assert "VSME" in text and "1000" in text and "2026/470" in text


@pytest.mark.django_db
def test_pdf_states_the_wave_and_the_luc_exclusion(body):
    payload = body(employees=2000, turnover_eur=900_000_000, listed=False, lang="en")
    report = CsrdReport(
        company_name=payload["company_name"],
        report_year=2027,
        lang="en",
        supplier_count=len(payload["suppliers"]),
        payload=payload,
    )
    text = " ".join(pdf_text(csrd_pdf_render(report=report)).split())
    assert "CSRD applicability" in text
    assert "wave 2" in text and "from 2027" in text
    assert "land-use change (LUC)" in text and "20 years" in text


@pytest.mark.django_db
def test_api_accepts_the_optional_company_figures(keyed_client, body):
    client = keyed_client("standard")
    response = client.post(
        "/api/csrd/report",
        body(employees=50, turnover_eur=1e7, balance_sheet_eur=5e6, listed=False),
        format="json",
        HTTP_PREFER="respond-async",
    )
    assert response.status_code == 202, response.content
    bad = client.post("/api/csrd/report", body(employees=-1), format="json")
    assert bad.status_code == 400
    assert [e["field"] for e in bad.json()["errors"]] == ["employees"]
