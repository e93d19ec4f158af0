"""Which CSRD wave and standard apply, for the report's financial year: Directive (EU)
2022/2464 as amended by Directives (EU) 2025/794 and 2026/470."""

import pytest

from reports.builder import csrd_scope_lines
from reports.csrd_scope import (
    ESRS_REVISED,
    MEMBER_STATE_EXEMPTION,
    SCOPE_EMPLOYEES_ABOVE,
    SCOPE_TURNOVER_ABOVE_EUR,
    THRESHOLDS_2026_470,
    VALUE_CHAIN_CAP,
    VSME,
    WAVE_1,
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
    # From FY2027 the mandatory standard is the ESRS as revised by 2026/1563; the voluntary one, 2026/1560.
    assert scope.standard is (VSME if scope.status == "out_of_scope" else ESRS_REVISED)


def test_stop_the_clock_years():
    assert (WAVE_2_FIRST_YEAR, WAVE_3_FIRST_YEAR) == (2027, 2028)


def test_each_rule_names_the_years_it_governs_and_its_source():
    assert (WAVE_1.first_year, WAVE_1.last_year) == (2024, 2026)
    assert (MEMBER_STATE_EXEMPTION.first_year, MEMBER_STATE_EXEMPTION.last_year) == (2025, 2026)
    assert (THRESHOLDS_2026_470.first_year, THRESHOLDS_2026_470.last_year) == (2027, None)
    assert VALUE_CHAIN_CAP.first_year == 2027
    assert "2022/2464" in WAVE_1.source and "2026/470" in THRESHOLDS_2026_470.source
    assert "2026/470" in MEMBER_STATE_EXEMPTION.source and "2026/470" in VALUE_CHAIN_CAP.source


# A listed company (a public-interest entity) with 600 employees: wave 1 under the CSRD as
# adopted, below the thresholds of 2026/470.
OLD_WAVE_1 = {"employees": 600, "turnover_eur": 120_000_000, "listed": True}


@pytest.mark.parametrize(
    ("year", "expected"),
    [
        (2023, ("out_of_scope", None, False, ("before_csrd",))),
        (2024, ("in_scope", 1, True, ())),
        (2025, ("in_scope", 1, True, ("member_state_may_exempt", "leaves_scope"))),
        # FY2026: either set of ESRS may be applied (Delegated Regulation (EU) 2026/1563, Article 2).
        (2026, ("in_scope", 1, True, ("member_state_may_exempt", "leaves_scope", "revised_esrs_option"))),
        (2027, ("out_of_scope", None, False, ("leaves_scope",))),
        (2028, ("out_of_scope", None, False, ("leaves_scope",))),
    ],
)
def test_an_old_wave_1_company_reports_for_2024_to_2026_and_leaves_from_2027(year, expected):
    scope = csrd_applicability(report_year=year, **OLD_WAVE_1)
    assert (scope.status, scope.wave, scope.required_for_report_year, scope.notes) == expected


@pytest.mark.parametrize(("year", "protected"), [(2026, False), (2027, True)])
def test_the_value_chain_cap_protects_from_2027(year, protected):
    scope = csrd_applicability(report_year=year, employees=40, turnover_eur=5e6, listed=False)
    assert scope.value_chain_cap is protected


@pytest.mark.parametrize(
    ("year", "expected"),
    [(2026, ("in_scope", 1, True)), (2027, ("in_scope", 1, True)), (2030, ("in_scope", 1, True))],
)
def test_a_wave_1_company_above_the_new_thresholds_keeps_reporting(year, expected):
    scope = csrd_applicability(report_year=year, employees=1500, turnover_eur=BIG_TURNOVER, listed=True)
    assert (scope.status, scope.wave, scope.required_for_report_year) == expected
    assert "member_state_may_exempt" not in scope.notes


@pytest.mark.parametrize(
    ("year", "expected"),
    [(2025, ("in_scope", 2, False)), (2026, ("in_scope", 2, False)), (2027, ("in_scope", 2, True))],
)
def test_a_large_unlisted_company_above_the_new_thresholds_reports_from_2027(year, expected):
    scope = csrd_applicability(report_year=year, employees=1500, turnover_eur=BIG_TURNOVER, listed=False)
    assert (scope.status, scope.wave, scope.required_for_report_year) == expected


@pytest.mark.parametrize("year", [2024, 2025, 2026, 2027])
def test_a_large_unlisted_company_below_the_new_thresholds_never_reports(year):
    # Wave 2 under the CSRD and 2025/794 (FY2027); out under 2026/470.
    scope = csrd_applicability(report_year=year, employees=600, turnover_eur=120_000_000, listed=False)
    assert (scope.status, scope.required_for_report_year) == ("out_of_scope", False)


@pytest.mark.parametrize(
    ("turnover", "balance_sheet", "expected"),
    [
        (60_000_000, None, ("in_scope", 1)),  # large: employees and turnover
        (30_000_000, 30_000_000, ("in_scope", 1)),  # large: employees and balance sheet
        (30_000_000, 20_000_000, ("out_of_scope", None)),  # only one criterion: not large
        (30_000_000, None, ("undetermined", None)),  # the balance sheet decides and is missing
    ],
)
def test_wave_1_needs_a_large_undertaking(turnover, balance_sheet, expected):
    scope = csrd_applicability(
        report_year=2024, employees=600, turnover_eur=turnover, listed=True, balance_sheet_eur=balance_sheet
    )
    assert (scope.status, scope.wave) == expected
    if scope.status == "undetermined":
        assert scope.missing == ("balance_sheet_eur",)


def test_report_text_for_an_old_wave_1_company_follows_the_year():
    fy2024 = " ".join(csrd_scope_lines(payload=OLD_WAVE_1, report_year=2024, lang="en"))
    assert "In the mandatory CSRD scope for 2024" in fy2024 and "wave 1" in fy2024
    assert "more than 500 employees" in fy2024 and "Mandatory for the reporting year 2024" in fy2024
    fy2025 = " ".join(csrd_scope_lines(payload=OLD_WAVE_1, report_year=2025, lang="pl"))
    assert "fala 1" in fy2025 and "może ją zwolnić za lata obrotowe 2025 i 2026" in fy2025
    fy2027 = " ".join(csrd_scope_lines(payload=OLD_WAVE_1, report_year=2027, lang="en"))
    assert "Outside the mandatory CSRD scope for 2027" in fy2027
    assert "leaves the mandatory scope from financial year 2027" in fy2027


def test_texts_quote_the_named_constants(monkeypatch):
    from reports import builder

    monkeypatch.setitem(builder._CSRD_FACTS, "employees", 1234)
    monkeypatch.setitem(builder._CSRD_FACTS, "turnover_m", 567)
    text = " ".join(
        csrd_scope_lines(payload={"employees": 40, "turnover_eur": 5e6}, report_year=2027, lang="en")
    )
    assert "at most 1234 employees" in text and "EUR 567 million" in text
    assert "1000 employees or" not in text and "450 million" not in text


def test_wave_2_is_not_mandatory_before_its_first_year():
    before = csrd_applicability(report_year=2026, employees=1500, turnover_eur=BIG_TURNOVER, listed=False)
    from_first = csrd_applicability(report_year=2027, employees=1500, turnover_eur=BIG_TURNOVER, listed=False)
    assert (before.required_for_report_year, from_first.required_for_report_year) == (False, True)


def test_without_figures_the_report_says_what_is_missing():
    scope = csrd_applicability(report_year=2027, employees=None, turnover_eur=None)
    assert scope.status == "undetermined" and scope.missing == ("employees", "turnover_eur")
    lines = csrd_scope_lines(payload={}, report_year=2027, lang="en")
    assert "the average number of employees, the net turnover" in lines[0]
    polish = csrd_scope_lines(payload={}, report_year=2027, lang="pl")
    assert "średnia liczba pracowników, przychody netto" in polish[0]


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
    assert "more than 1000 employees and net turnover above EUR 450 million" in text
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
