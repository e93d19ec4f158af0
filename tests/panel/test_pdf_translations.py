"""The page walk's check, on the PDFs: no English catalogue text and no raw code in a Polish
PDF (the annual report, the CSRD report), and no raw code in the bilingual DDS and
simplified declaration PDFs, whose English half is there on purpose (issue 43)."""

from __future__ import annotations

import io

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone
from pypdf import PdfReader

from annual.services import annual_report_content, annual_report_open
from compliance.documents import SD_TEMPLATE, TEMPLATE, dds_pdf_context, statement_with_details
from compliance.models import DueDiligenceStatement
from eudr_service.lib.pdf import render_pdf_bounded
from reports.models import CsrdReport
from reports.services import csrd_pdf_render
from tests.panel.test_translations import filed, raw_codes, untranslated_on_polish_page  # noqa: F401
from tests.reports.test_emissions import HAND_CHECKED

pytestmark = pytest.mark.django_db


def pdf_text(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)


def render(template: str, context: dict) -> str:
    html = render_to_string(template, context)
    return pdf_text(
        render_pdf_bounded(html=html, max_pages=settings.BUDGET_PDF_MAX_PAGES, memory_mb=1024, time_limit=120)
    )


@pytest.mark.parametrize("template", [TEMPLATE, SD_TEMPLATE], ids=["dds", "simplified declaration"])
def test_bilingual_statement_pdfs_show_no_raw_code(filed, template):  # noqa: F811
    record, _panel = filed
    statement = statement_with_details(DueDiligenceStatement.objects.filter(dds_id=record["dds_id"])).get()
    text = render(template, dds_pdf_context(statement=statement))
    assert "bydło / cattle" in text  # the walk reads the document, not an empty page
    assert raw_codes(text) == []


def test_polish_csrd_report_pdf_has_no_english_and_no_codes():
    suppliers = [*HAND_CHECKED, {"name": "Bez Lokalizacji", "crop_type": "other"}]
    report = CsrdReport(
        company_name="Młyn Zbożowy",
        report_year=2025,
        lang="pl",
        supplier_count=3,
        payload={"suppliers": suppliers},
    )
    text = pdf_text(csrd_pdf_render(report=report))
    assert "Raport zrównoważonego rozwoju CSRD" in text
    assert untranslated_on_polish_page(text) == []


def test_polish_annual_report_pdf_has_no_english_and_no_codes(filed):  # noqa: F811
    record, _panel = filed
    owner = DueDiligenceStatement.objects.get(dds_id=record["dds_id"]).owner
    report = annual_report_open(owner=owner, year=timezone.now().year)
    text = render("annual/pdf.html", annual_report_content(report=report, lang="pl"))
    assert "Sprawozdanie roczne" in text
    assert untranslated_on_polish_page(text) == []
