"""Article 12(3): who must publish the annual report on the due diligence system."""

from datetime import date

import pytest

from regulation.reporting import (
    ANNUAL_PUBLIC_REPORT,
    SYSTEM_REVIEW,
    SYSTEM_REVIEW_RETENTION_YEARS,
    annual_report_required,
)


@pytest.mark.parametrize(
    ("is_operator", "is_sme", "required"),
    [
        (True, False, True),  # a large operator
        (True, None, True),  # not said: treated as not an SME, as for Article 5's duties
        (True, True, False),  # an SME operator (micro undertakings and natural persons included)
        (False, False, False),  # a non-SME trader or downstream operator: not under 12(3) as amended
        (False, None, False),
    ],
)
def test_only_operators_that_are_not_smes_must_report(is_operator, is_sme, required):
    assert annual_report_required(is_operator=is_operator, is_sme=is_sme) is required


def test_the_duties_name_their_article_source_and_date():
    assert ANNUAL_PUBLIC_REPORT.article == "Article 12(3)" and SYSTEM_REVIEW.article == "Article 12(2)"
    for duty in (ANNUAL_PUBLIC_REPORT, SYSTEM_REVIEW):
        assert "2023/1115" in duty.source and "2025/2650" in duty.source
        assert duty.applies_from == date(2026, 12, 30)
        assert duty.confirmed is False  # read in the consolidated German text, not the OJ's English
    assert SYSTEM_REVIEW_RETENTION_YEARS == 5
