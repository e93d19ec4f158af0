"""Every glyph of a DDS PDF lies inside the page margins: many plots, long findings and
unbroken coordinate lists included (the plots table has a fixed layout), in a table and
listed a line each (a statement of more than PLOT_TABLE_MAX_PLOTS)."""

from __future__ import annotations

import pytest

from compliance import documents
from compliance.documents import TEMPLATE, dds_pdf_context, statement_with_details
from compliance.models import DueDiligenceStatement
from eudr_service.lib.pdf import render_pdf
from tests.compliance.test_dds_api import JSON, with_plots
from tests.reports.test_pdf_layout import MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, TOLERANCE, glyphs

pytestmark = [pytest.mark.pdf_layout, pytest.mark.django_db]


@pytest.mark.parametrize("listed", [False, True], ids=["table", "a line each"])
def test_plots_stay_inside_the_margins_with_long_cells(keyed_client, eager_tasks, monkeypatch, listed):
    if listed:
        monkeypatch.setattr(documents, "PLOT_TABLE_MAX_PLOTS", 0)
    positions = [[round(21.0 + i / 1000, 6), 52.2] for i in range(60)]  # one long unbroken list
    plots = [{"lat": 52.2 + i / 1000, "lng": 21.0 + i / 1000, "area_ha": 1} for i in range(40)]
    plots.append({"geometry": {"type": "MultiPoint", "coordinates": positions}, "area_ha": 3})
    response = keyed_client("standard").post(
        "/api/eudr/dds/generate", with_plots(*plots), format="json", **JSON
    )
    assert response.status_code == 201, response.content
    statement = statement_with_details(
        DueDiligenceStatement.objects.filter(dds_id=response.json()["dds_id"])
    ).get()
    context = dds_pdf_context(statement=statement)
    assert [line.plots_listed for line in context["commodities"]] == [listed]
    pdf = render_pdf(template=TEMPLATE, context=context)
    outside = [
        (page, char.get_text(), round(char.x0), round(char.x1))
        for page, (x0, _y0, x1, y1), char in glyphs(pdf)
        if char.x0 < x0 + MARGIN_LEFT - TOLERANCE
        or char.x1 > x1 - MARGIN_RIGHT + TOLERANCE
        or char.y1 > y1 - MARGIN_TOP + TOLERANCE
    ]
    assert outside == []
