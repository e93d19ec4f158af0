"""What the DDS PDF says: Polish next to English for statuses, risk levels and
system reasons, one commodity name, the methodology's public address, a map."""

import html as html_module
import io
import re
import xml.etree.ElementTree as ET

import pytest
from django.template.loader import render_to_string
from pypdf import PdfReader

from compliance import documents
from compliance.declarations import ANNEX_II_POINT_5_EN
from compliance.models import DueDiligenceStatement
from tests.compliance.test_dds_api import GENERATE, JSON, SQUARE, with_plots

pytestmark = pytest.mark.django_db


@pytest.fixture
def statement(keyed_client):
    client = keyed_client("standard")
    plots = [
        {"lat": 52.25, "lng": 21.06, "area_ha": 1},
        {"geometry": {"type": "Polygon", "coordinates": [SQUARE]}},
    ]
    response = client.post(GENERATE, with_plots(*plots, commodity="soja"), format="json", **JSON)
    assert response.status_code == 201, response.content
    statement = DueDiligenceStatement.objects.get(dds_id=response.json()["dds_id"])
    return documents.statement_with_details(DueDiligenceStatement.objects.filter(pk=statement.pk)).get()


def html_of(statement) -> str:
    return render_to_string(documents.TEMPLATE, documents.dds_pdf_context(statement=statement))


def test_statuses_risks_and_reasons_are_in_polish_beside_english(statement):
    html = html_of(statement)
    assert "zgodna / compliant" in html  # the statement status; its API code follows in small print
    assert "niskie / low" in html or "średnie / medium" in html  # a plot's risk level
    assert "Złożono przez API / Filed through the API" in html
    assert "złożona / submitted" in html  # status history


def test_the_activity_is_in_words_in_both_languages_never_its_code(statement):
    html = html_of(statement)
    said = re.search(r"<dt>Działalność / Activity</dt><dd>(.*?)</dd>", html).group(1)
    assert said == {"import": "przywóz / import", "export": "wywóz / export"}.get(
        statement.activity, "wprowadzanie do obrotu (krajowe) / placing on the market (domestic)"
    )
    DueDiligenceStatement.objects.filter(pk=statement.pk).update(activity="domestic")
    domestic = documents.statement_with_details(DueDiligenceStatement.objects.filter(pk=statement.pk)).get()
    said = re.search(r"<dt>Działalność / Activity</dt><dd>(.*?)</dd>", html_of(domestic)).group(1)
    assert said == "wprowadzanie do obrotu (krajowe) / placing on the market (domestic)"


def test_one_commodity_name_throughout(statement):
    html = html_of(statement)
    assert "soja / soya" in html
    assert html.count("soya") == html.count("soja / soya")  # never "soya" alone


def test_methodology_link_is_the_public_page(statement, client, settings):
    html = html_of(statement)
    assert f"{settings.PUBLIC_BASE_URL}/methodology" in html
    assert "docs/risk-methodology.md" not in html
    page = client.get("/methodology")
    assert page.status_code == 200
    assert "Cut-off date" in page.content.decode()


def test_pdf_has_a_map_with_each_plot_numbered(statement):
    html = html_of(statement)
    start = html.index("<svg")
    root = ET.fromstring(html[start : html.index("</svg>", start) + len("</svg>")])
    markers = root.findall(".//{http://www.w3.org/2000/svg}g[@class='plot-marker']")
    assert [m.get("data-plot") for m in markers] == ["1", "2"]
    pdf = documents.render_pdf_bounded(html=html, max_pages=20, memory_mb=1024, time_limit=60)
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Mapa działek / Map of the plots" in text
    assert "ryzyko" in text  # the map's legend is drawn into the PDF


def test_pdf_holds_every_point_of_annex_ii_as_amended(statement):
    """Regulation (EU) 2023/1115, Annex II as amended by 2025/2650: 1 operator, 2 product and
    quantity, 3 country and geolocation, 4 deleted, 5 declaration, 6 signature. The document's
    text in reading order (tags dropped), then the PDF for what must survive the rendering."""
    html = html_of(statement)
    text = " ".join(html_module.unescape(re.sub(r"<[^>]+>", " ", html)).split())
    point_1 = text[text.index("1. Operator") : text.index("Oświadczenie / Statement")]
    assert "Nazwa / Name Zakłady Mięsne Łódź S.A." in point_1
    assert "Adres / Address ul. Piotrkowska 1, 90-001 Łódź (PL)" in point_1
    assert "EORI PL5260250274" in point_1
    product = text[text.index("2–3. Towar 1") : text.index("Mapa działek")]
    assert "Kod HS / HS code 1201" in product and "Opis / Description Soja ziarno" in product
    assert re.search(r"Quantity \(net mass\) 25000[.,]000 kg", product)
    assert "Supplementary unit — (oświadczenie jej nie zawiera / not given in the statement)" in product
    assert "Country of production PL" in product
    assert "Geolokalizacja / Geolocation 2 działki / plots" in product
    assert "Point [21.06, 52.25]" in product  # each plot's geolocation, in the plots table
    assert "Polygon [[[21.05, 52.25]" in product
    point_4 = text[text.index("4. (skreślony / deleted)") : text.index("5. Deklaracja")]
    assert "deleted by Regulation (EU) 2025/2650" in point_4
    assert "Brak" not in point_4 and "None:" not in point_4
    point_5 = text[text.index("5. Deklaracja") : text.index("6. Podpis")]
    assert ANNEX_II_POINT_5_EN in point_5
    point_6 = text[text.index("6. Podpis") : text.index("Dowody / Evidence")]
    assert "Signed for and on behalf of: Zakłady Mięsne Łódź S.A." in point_6
    assert "Name and function: Anna Nowak, Prezes zarządu" in point_6

    pdf = documents.render_pdf_bounded(html=html, max_pages=20, memory_mb=1024, time_limit=60)
    rendered = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)
    for fragment in ("EORI PL5260250274", "ul. Piotrkowska 1, 90-001 Łódź (PL)", "Point [21.06, 52.25]"):
        assert fragment in rendered
    assert "was deleted by Regulation (EU) 2025/2650" in rendered
