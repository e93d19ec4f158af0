"""The plots' map on the public status page and in the panel's statement view."""

import pytest

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
