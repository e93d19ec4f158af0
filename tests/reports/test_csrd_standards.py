"""The standard the report names, picked by its financial year, and a report text that never names
the request's fields (it is read by auditors, not by the API's clients)."""

import html
import re

import pytest
from django.template.loader import render_to_string

from reports.builder import csrd_content_build, csrd_scope_lines
from reports.csrd_scope import ESRS_FIRST_SET, ESRS_REVISED, VSME, csrd_applicability, esrs_for
from reports.models import CsrdReport
from reports.rendering import TEMPLATE
from reports.serializers import CsrdReportRequestSerializer, SupplierSerializer

LARGE_UNLISTED = {"employees": 2000, "turnover_eur": 900_000_000, "listed": False}
FIRST_WAVE = {"employees": 1500, "turnover_eur": 900_000_000, "listed": True}
SMALL = {"employees": 40, "turnover_eur": 5e6, "listed": False}


def _text(payload, year, lang):
    return " ".join(csrd_scope_lines(payload=payload, report_year=year, lang=lang))


@pytest.mark.parametrize(
    ("year", "standard"),
    [
        (2024, ESRS_FIRST_SET),
        (2025, ESRS_FIRST_SET),
        (2026, ESRS_FIRST_SET),
        (2027, ESRS_REVISED),
        (2030, ESRS_REVISED),
    ],
)
def test_the_esrs_follow_the_financial_year(year, standard):
    assert esrs_for(year) is standard


def test_each_standard_names_its_act_and_the_years_it_governs():
    assert (ESRS_FIRST_SET.first_year, ESRS_FIRST_SET.last_year) == (2024, 2026)
    assert "2023/2772" in ESRS_FIRST_SET.source and "2025/1416" in ESRS_FIRST_SET.source
    assert (ESRS_REVISED.first_year, ESRS_REVISED.last_year) == (2027, None)
    assert "2026/1563" in ESRS_REVISED.source and "Article 3" in ESRS_REVISED.source
    assert "2026/1560" in VSME.source


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_fy2027_report_cites_the_revised_esrs_of_2026_1563(lang):
    text = _text(LARGE_UNLISTED, 2027, lang)
    assert "2026/1563" in text
    assert "as simplified under" not in text  # the citation the regulatory review found wrong
    scope = csrd_applicability(report_year=2027, **LARGE_UNLISTED)
    assert scope.standard is ESRS_REVISED


def test_a_fy2025_report_cites_the_first_set_as_amended_by_2025_1416():
    en = _text(FIRST_WAVE, 2025, "en")
    assert (
        "under ESRS (Delegated Regulation (EU) 2023/2772 as amended by Delegated Regulation (EU) 2025/1416)"
        in en
    )
    assert "2026/1563" not in en
    pl = _text(FIRST_WAVE, 2025, "pl")
    assert (
        "rozporządzenie delegowane Komisji (UE) 2023/2772 zmienione rozporządzeniem delegowanym Komisji "
        in pl
    )
    assert "(UE) 2025/1416" in pl


def test_a_fy2026_first_wave_report_may_apply_the_revised_esrs_early():
    text = _text(FIRST_WAVE, 2026, "en")
    assert "2023/2772 as amended by Delegated Regulation (EU) 2025/1416" in text
    assert "may instead apply the ESRS as revised by Delegated Regulation (EU) 2026/1563" in text
    assert "Delegated Regulation (EU) 2026/1563, Article 2" in text


def test_a_company_not_yet_required_is_told_the_standard_of_its_first_year():
    # Wave 2 for FY2025: first statement for FY2027, under the revised ESRS.
    assert "2026/1563" in _text(LARGE_UNLISTED, 2025, "en")


@pytest.mark.parametrize("year", [2025, 2027])
def test_the_voluntary_standard_is_delegated_regulation_2026_1560(year):
    en = _text(SMALL, year, "en")
    assert "Voluntary reporting: VSME, the voluntary standard of Delegated Regulation (EU) 2026/1560." in en
    pl = _text(SMALL, year, "pl")
    assert (
        "Raportowanie dobrowolne: VSME, standard dobrowolny z rozporządzenia delegowanego Komisji (UE) "
        "2026/1560." in pl
    )
    # The Recommendation is named only as what 2026/1560 replaced, never as the standard.
    assert "Recommendation (EU) 2025/1710" not in en.split("Sources:")[0]


# Request fields whose names are identifiers, never words of a sentence.
IDENTIFIERS = sorted(
    name for name in {*CsrdReportRequestSerializer().fields, *SupplierSerializer().fields} if "_" in name
)


def _report_text(payload, lang):
    report = CsrdReport(
        company_name=payload["company_name"],
        report_year=payload["report_year"],
        lang=lang,
        supplier_count=len(payload["suppliers"]),
        payload=payload,
    )
    context = csrd_content_build(report=report)
    rows = context["rows"]
    part = {
        "cover": True,
        "closing": True,
        "first_page": 1,
        "emission_rows": rows,
        "emission_first": True,
        "emission_last": True,
        "risk_rows": rows,
        "risk_first": True,
    }
    page = render_to_string(TEMPLATE, {**context, "part": part})
    body = page.split("<body>", 1)[1]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize(
    "figures",
    [{}, {"employees": 600, "turnover_eur": 30_000_000, "listed": True}, SMALL, FIRST_WAVE],
    ids=["none", "balance-sheet-missing", "small", "first-wave"],
)
def test_the_report_names_no_request_field(body, lang, figures):
    suppliers = [
        *body()["suppliers"],
        {"name": "Farma Bez Miejsca", "crop_type": "corn", "quantity_t": 5, "location": "Atlantyda"},
    ]
    text = _report_text(body(lang=lang, suppliers=suppliers, **figures), lang)
    assert "CSRD" in text  # the section is there
    for name in IDENTIFIERS:
        assert not re.search(rf"\b{name}\b", text), name
    # "lat" is also a Polish word (years): there only the pair and "lng" are the fields.
    coordinates = r"\b(lat|lng)\b" if lang == "en" else r"\blat/lng\b|\blng\b"
    assert not re.search(coordinates, text), re.search(rf".{{60}}({coordinates}).{{60}}", text)
    if lang == "pl":
        for word in ("employees", "turnover", "balance sheet", "listed"):
            assert word not in text, word


@pytest.mark.django_db
def test_a_report_without_the_company_figures_says_which_were_not_given_in_words(body):
    text = _report_text(body(lang="pl"), "pl")
    assert "nie podano danych" in text and "średnia liczba pracowników, przychody netto" in text
    text = _report_text(body(lang="en"), "en")
    assert "were not given (the average number of employees, the net turnover)" in text
