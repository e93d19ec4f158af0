"""Documents that fit: in a rendered DDS, simplified declaration and CSRD report no word,
number or NIP breaks inside itself, and no heading is left alone at the foot of a page.

Every word the PDF shows must be a word the template was given (its HTML, SVG maps
included): a word broken across two lines shows up as two fragments the template never
had ("Wyni" and "k"). A line may end after a hyphen the text already had ("low-" then
"risk"). Text from pdfminer.six, by lines."""

from __future__ import annotations

import html as html_lib
import io
import re

import pytest
from django.core.management import call_command
from django.template.loader import render_to_string
from pdfminer.high_level import extract_pages
from pdfminer.layout import LAParams, LTTextLine

from compliance.documents import SD_TEMPLATE, TEMPLATE, dds_pdf_context, statement_with_details
from compliance.models import DueDiligenceStatement
from eudr_service.lib.pdf import render_pdf
from reports import rendering
from reports.models import CsrdReport
from reports.services import csrd_pdf_render
from tests.reports.test_pdf_layout import MARGIN_BOTTOM

pytestmark = [pytest.mark.pdf_layout, pytest.mark.django_db]

PUNCTUATION = ".,;:()[]„”\"'·/–—|✓✗✔✖◔±%•"  # • : a list marker the style draws
# Close enough that two cells of a table row are read as one line only when they touch.
LAYOUT = LAParams(char_margin=0.6, word_margin=0.1)


def words(text: str) -> list[str]:
    # Brackets and slashes separate words too ("[kg CO2e/t]"); the hyphen hyphenation
    # draws (U+2010) is a hyphen.
    parts = re.split(r"[\s/\[\]()]+", text.replace("\u2010", "-"))
    return [w.strip(PUNCTUATION) for w in parts if w.strip(PUNCTUATION)]


def given_words(pages_html: list[str]) -> set[str]:
    text = " ".join(re.sub(r"<(style|script)\b.*?</\1>", " ", page, flags=re.S) for page in pages_html)
    return set(words(html_lib.unescape(re.sub(r"<[^>]+>", " ", text))))


def headings(pages_html: list[str]) -> set[str]:
    found = set()
    for page in pages_html:
        for inner in re.findall(r"<h[1-3][^>]*>(.*?)</h[1-3]>", page, flags=re.S):
            found.add(" ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", inner)).split()))
    return found


def lines(pdf: bytes):
    """(page number, page box, line) for every text line, in reading order per page."""
    for number, page in enumerate(extract_pages(io.BytesIO(pdf), laparams=LAYOUT), start=1):
        stack = [page]
        while stack:
            element = stack.pop()
            if isinstance(element, LTTextLine):
                yield number, page.bbox, element
            elif hasattr(element, "__iter__"):
                stack.extend(element)


def broken_words(pdf: bytes, pages_html: list[str]) -> list[str]:
    """Words of the PDF the template was never given. A line may end with a hyphen: after
    a hyphen the text had ("low-" then "risk"), or one the style's hyphenation added
    ("Powierzch-" then "nia"), in which case the two halves make a given word."""
    vocabulary = given_words(pages_html)
    unknown: dict[int, list[tuple[str, str]]] = {}
    for number, (_x0, y0, _x1, _y1), line in lines(pdf):
        if line.y0 < y0 + MARGIN_BOTTOM:
            continue  # the page number, drawn by the page style
        for word in words(line.get_text()):
            if word not in vocabulary:
                unknown.setdefault(number, []).append((word, line.get_text().strip()[:80]))
    found = []
    for number, pieces in unknown.items():
        heads = [w[:-1] for w, _ in pieces if w.endswith("-")]
        for word, line in pieces:
            if word.endswith("-") and any(v.startswith(word) or v.startswith(word[:-1]) for v in vocabulary):
                continue
            if any(head + word in vocabulary or f"{head}-{word}" in vocabulary for head in heads):
                continue
            found.append(f"page {number}: {word!r} in {line!r}")
    return found


def lonely_headings(pdf: bytes, pages_html: list[str]) -> list[str]:
    """A heading that is the last line of its page (its text follows on the next page)."""
    titles = headings(pages_html)
    last: dict[int, LTTextLine] = {}
    for number, (_x0, y0, _x1, _y1), line in lines(pdf):
        if line.y0 < y0 + MARGIN_BOTTOM:
            continue  # the page number
        if number not in last or line.y0 < last[number].y0:
            last[number] = line
    pages = max(last) if last else 0
    return [
        f"page {number}: {line.get_text().strip()!r}"
        for number, line in last.items()
        if number < pages and " ".join(line.get_text().split()) in titles
    ]


@pytest.fixture
def demo(db):
    call_command("seed_demo", stdout=io.StringIO())


def _statement_pdf(dds_id: str, template: str) -> tuple[bytes, list[str]]:
    statement = statement_with_details(DueDiligenceStatement.objects.filter(dds_id=dds_id)).get()
    context = dds_pdf_context(statement=statement)
    return render_pdf(template=template, context=context), [render_to_string(template, context)]


@pytest.mark.parametrize(
    "dds_id", ["DDS-PL-2025-000001-DEMO", "DDS-BR-2025-000004-DEMO", "DDS-PL-2025-000003-DEMO"]
)
def test_a_statement_pdf_breaks_no_word(demo, dds_id):
    pdf, pages_html = _statement_pdf(dds_id, TEMPLATE)
    assert broken_words(pdf, pages_html) == []
    assert lonely_headings(pdf, pages_html) == []


def test_a_simplified_declaration_pdf_breaks_no_word(demo):
    pdf, pages_html = _statement_pdf("DDS-PL-2025-000001-DEMO", SD_TEMPLATE)
    assert broken_words(pdf, pages_html) == []
    assert lonely_headings(pdf, pages_html) == []


SUPPLIERS = [
    {
        "name": "Gospodarstwo Rolne Nowak",
        "nip": "9990000008",
        "crop_type": "wheat",
        "location": "mazowieckie",
        "quantity_t": 120.5,
        "area_ha": 48.25,
    },
    {
        "name": "Spółdzielnia Producentów Rolnych „Zgoda”",
        "nip": "5260250274",
        "crop_type": "rapeseed",
        "location": "wielkopolskie",
        "quantity_t": 1830,
        "area_ha": 512,
    },
    {
        "name": "Fazenda Boa Vista Agropecuária Ltda.",
        "crop_type": "soy",
        "country": "BR",
        "region": "Mato Grosso",
        "quantity_t": 3000,
    },
    {
        "name": "Gospodarstwo Kowalscy",
        "nip": "9990000014",
        "crop_type": "corn",
        "parcel_id": "141201_1.0001.6509",
        "quantity_t": 75,
    },
] * 6


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_csrd_report_breaks_no_word(lang, monkeypatch):
    pages_html: list[str] = []
    real = rendering.render_to_string
    monkeypatch.setattr(
        rendering, "render_to_string", lambda *a, **kw: pages_html.append(real(*a, **kw)) or pages_html[-1]
    )
    report = CsrdReport(
        company_name="Młyn Zbożowy Sp. z o.o.",
        report_year=2025,
        lang=lang,
        supplier_count=len(SUPPLIERS),
        payload={"suppliers": SUPPLIERS},
    )
    pdf = csrd_pdf_render(report=report)
    assert broken_words(pdf, pages_html) == []
    assert lonely_headings(pdf, pages_html) == []


def test_the_check_sees_a_broken_word_and_a_lonely_heading():
    from weasyprint import HTML

    page = (
        "<html><body><table style='width:12mm;table-layout:fixed'><tr><td style='overflow-wrap:anywhere'>"
        "Współczynnik</td></tr></table><h2>Tabela wyników</h2><p style='break-before:page'>Tekst</p>"
        "</body></html>"
    )
    pdf = HTML(string=page).write_pdf()
    assert broken_words(pdf, [page])  # fragments of "Współczynnik"
    assert lonely_headings(pdf, [page]) == ["page 1: 'Tabela wyników'"]
