"""The plots' map on the public status page and in the panel's statement view."""

import io

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from pypdf import PdfReader

from compliance import documents
from compliance.models import DDSCommodity, DDSPlot

pytestmark = pytest.mark.django_db

SQUARE = [[21.05, 52.25], [21.051, 52.25], [21.051, 52.251], [21.05, 52.251], [21.05, 52.25]]


def add_plots(statement, name="soja"):
    """A product with a polygon plot screened low and a point plot not screened."""
    line = DDSCommodity.objects.create(
        statement=statement,
        position=0,
        code="soya",
        description=name,
        hs_heading="1201",
        net_mass_kg=1000,
        country_of_production="PL",
    )
    DDSPlot.objects.create(
        commodity=line,
        producer=line.operator_producer(),
        position=0,
        kind="geometry",
        geometry={"type": "Polygon", "coordinates": [SQUARE]},
        risk_level="low",
    )
    DDSPlot.objects.create(
        commodity=line,
        producer=line.operator_producer(),
        position=1,
        kind="point",
        geometry={"type": "Point", "coordinates": [21.06, 52.26]},
    )


def test_status_page_draws_the_plots_over_the_country(client, make_statement):
    statement = make_statement("COMPLIANT")
    add_plots(statement)
    html = client.get(f"/cert/{statement.dds_id}").content.decode()
    assert html.count('class="plot-marker"') == 2
    assert 'data-plot="1"' in html and 'data-plot="2"' in html
    assert 'class="country-outline" data-country="PL"' in html
    assert 'class="scale-bar"' in html
    assert "Mapa działek" in html and "ryzyko niskie" in html
    english = client.get(f"/cert/{statement.dds_id}?lang=en").content.decode()
    assert "Map of the plots" in english and "low risk" in english


def test_status_page_without_plots_has_no_map(client, make_statement):
    statement = make_statement("COMPLIANT")
    assert 'class="plot-map"' not in client.get(f"/cert/{statement.dds_id}").content.decode()


def test_panel_statement_view_draws_the_map(client, make_statement):
    statement = make_statement("COMPLIANT")
    add_plots(statement)
    client.force_login(statement.owner)
    html = client.get(f"/panel/statements/{statement.dds_id}/").content.decode()
    assert html.count('class="plot-marker"') == 2
    assert 'class="scale-bar"' in html


# A field a few kilometres south-west of Lviv: the city is named at the map's edge.
NEAR_LVIV = [[24.0, 49.80], [24.003, 49.80], [24.003, 49.802], [24.0, 49.802], [24.0, 49.80]]


def statement_near_lviv(make_statement):
    statement = make_statement("COMPLIANT", country_of_production="UA")
    line = DDSCommodity.objects.create(
        statement=statement,
        position=0,
        code="soya",
        description="soja",
        hs_heading="1201",
        net_mass_kg=1000,
        country_of_production="UA",
    )
    DDSPlot.objects.create(
        commodity=line,
        producer=line.operator_producer(),
        position=0,
        kind="geometry",
        geometry={"type": "Polygon", "coordinates": [NEAR_LVIV]},
        risk_level="low",
    )
    return statement


def test_status_page_names_a_town_abroad_in_the_readers_language(client, make_statement):
    """Issue 43: a Polish reader knows Lwów, an English one Lviv."""
    statement = statement_near_lviv(make_statement)
    polish = client.get(f"/cert/{statement.dds_id}").content.decode()
    english = client.get(f"/cert/{statement.dds_id}?lang=en").content.decode()
    assert "Lwów" in polish and "Lviv" not in polish
    assert "Lviv" in english and "Lwów" not in english


def test_panel_statement_map_follows_the_panel_language(client, make_statement):
    statement = statement_near_lviv(make_statement)
    client.force_login(statement.owner)
    url = f"/panel/statements/{statement.dds_id}/"
    assert "Lwów" in client.get(url).content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = client.get(url).content.decode()
    assert "Lviv" in english and "Lwów" not in english


def test_dds_pdf_map_names_the_town_in_both_languages(make_statement):
    """The DDS PDF speaks Polish and English side by side; so does its map."""
    statement = statement_near_lviv(make_statement)
    html = render_to_string(documents.pdf_template(statement), documents.dds_pdf_context(statement=statement))
    pdf = documents.render_pdf_bounded(
        html=html, max_pages=settings.BUDGET_PDF_MAX_PAGES, memory_mb=1024, time_limit=120
    )
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Lwów / Lviv" in text
