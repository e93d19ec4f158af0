"""The PDF: company, year, every supplier, the totals, the factor sources; long reports in parts."""

import io

import pytest
from pypdf import PdfReader

from reports.models import CsrdReport, EmissionFactor
from reports.rendering import report_parts
from reports.services import csrd_pdf_render
from tests.reports.conftest import pdf_text
from tests.reports.test_emissions import HAND_CHECKED

pytestmark = pytest.mark.django_db


def _report(suppliers, lang="en", company="Zakłady Mięsne Łódź"):
    return CsrdReport(
        company_name=company,
        report_year=2024,
        lang=lang,
        supplier_count=len(suppliers),
        payload={"suppliers": suppliers},
    )


def test_pdf_holds_company_year_suppliers_totals_and_sources():
    suppliers = [dict(s, name=f"Gospodarstwo {s['name']} Źrebię") for s in HAND_CHECKED]
    text = pdf_text(csrd_pdf_render(report=_report(suppliers)))
    assert "Zakłady Mięsne Łódź" in text
    assert "2024" in text
    for supplier in suppliers:
        assert supplier["name"] in text
    assert "61.500 t CO2e" in text  # total, hand-checked in test_emissions
    assert "510.4 kg CO2e/t" in text
    assert "2.300 t CO2e/ha" in text
    assert "ESRS E1-6" in text and "ESRS E4" in text
    for factor in EmissionFactor.objects.filter(crop_type__in=["wheat", "rapeseed", "soy", "corn"]):
        assert factor.source.split(",")[0] in text
    assert "AGRIBALYSE 3.1" in text and "ecoinvent 3.9.1" in text
    assert "GHG Protocol" not in text.split("Appendix")[-1]  # "other" was not used, so not listed


def test_polish_report_uses_polish_words_and_number_format():
    text = pdf_text(csrd_pdf_render(report=_report(HAND_CHECKED, lang="pl")))
    assert "Raport zrównoważonego rozwoju CSRD" in text
    assert "61,500 t CO2e" in text and "510,4 kg CO2e/t" in text
    assert "Załącznik: zastosowane wskaźniki emisji" in text


def test_not_assessed_suppliers_show_the_reason():
    text = pdf_text(csrd_pdf_render(report=_report([{"name": "Bez Lokalizacji", "crop_type": "other"}])))
    assert "not assessed" in text and "no parcel or location given" in text


def test_client_text_is_escaped_not_interpreted():
    suppliers = [{"name": "<b>Farma</b> & <img src='http://127.0.0.1:9/x.png'>", "crop_type": "corn"}]
    text = pdf_text(csrd_pdf_render(report=_report(suppliers, company="<i>ACME</i>")))
    assert "<i>ACME</i>" in text and "<b>Farma</b> &" in text


def test_parts_are_packed_in_order_within_the_row_budget():
    assert report_parts(row_count=3, rows_per_part=250) == [
        {
            "cover": True,
            "emission": (0, 3),
            "emission_first": True,
            "emission_last": True,
            "risk": (0, 3),
            "risk_first": True,
            "risk_last": True,
            "closing": True,
        }
    ]
    parts = report_parts(row_count=5, rows_per_part=2)
    assert [(p.get("emission"), p.get("risk")) for p in parts] == [
        ((0, 2), None),
        ((2, 4), None),
        ((4, 5), None),
        (None, (0, 2)),
        (None, (2, 4)),
        (None, (4, 5)),
    ]
    assert parts[0]["cover"] and parts[-1]["closing"]


def test_long_report_in_parts_keeps_every_supplier_and_numbers_pages_on(monkeypatch):
    monkeypatch.setattr("reports.rendering.ROWS_PER_PART", 3)
    suppliers = [{"name": f"Dostawca numer {i:02d}", "crop_type": "wheat", "quantity_t": 1} for i in range(8)]
    pdf = csrd_pdf_render(report=_report(suppliers))
    pages = PdfReader(io.BytesIO(pdf)).pages
    text = pdf_text(pdf)
    assert all(text.count(f"Dostawca numer {i:02d}") == 2 for i in range(8))  # emissions and risk tables
    numbers = [page.extract_text().rsplit("Page ", 1)[-1].strip() for page in pages]
    assert numbers == [str(n) for n in range(1, len(pages) + 1)]


def test_report_renders_leave_no_temporary_files(monkeypatch, tmp_path):
    # Three parts per report, each an in-process WeasyPrint render with the shipped fonts.
    import os
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr("reports.rendering.ROWS_PER_PART", 3)
    suppliers = [{"name": f"Dostawca {i}", "crop_type": "wheat", "quantity_t": 1} for i in range(8)]
    for _ in range(2):
        csrd_pdf_render(report=_report(suppliers))
    assert os.listdir(tmp_path) == []
