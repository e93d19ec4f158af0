"""How the DDS PDF lists plots: a rule mark per plot with the rules written out once,
producers' plot numbers as ranges, and a statement of a thousand plots listed a line
each, every plot in the rendered PDF."""

import html as html_module
import io
import re

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from pypdf import PdfReader

from compliance import documents
from compliance.labels import RULE_TEXTS
from compliance.models import DueDiligenceStatement
from compliance.services import dds_screen
from tests.compliance.test_dds_api import GENERATE, JSON, with_plots


def statement_of(client, plots: list[dict]) -> DueDiligenceStatement:
    response = client.post(GENERATE, with_plots(*plots), format="json", **JSON)
    assert response.status_code == 201, response.content
    statement = DueDiligenceStatement.objects.get(dds_id=response.json()["dds_id"])
    return documents.statement_with_details(DueDiligenceStatement.objects.filter(pk=statement.pk)).get()


def html_of(statement: DueDiligenceStatement) -> str:
    return render_to_string(documents.pdf_template(statement), documents.dds_pdf_context(statement=statement))


def text_of(html: str) -> str:
    return " ".join(html_module.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def pdf_text(html: str) -> str:
    pdf = documents.render_pdf_bounded(
        html=html, max_pages=settings.BUDGET_PDF_MAX_PAGES, memory_mb=1024, time_limit=120
    )
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize(
    ("numbers", "prefix", "expected"),
    [
        ([1], "", "1"),
        ([1, 2], "", "1, 2"),
        ([1, 2, 3], "", "1–3"),
        ([1, 2, 3, 5, 7, 8, 9, 10], "", "1–3, 5, 7–10"),
        ([4, 6], "", "4, 6"),
        ([1, 2, 3, 9], "2.", "2.1–2.3, 2.9"),
        ([], "", ""),
    ],
)
def test_plot_numbers_read_as_ranges(numbers, prefix, expected):
    assert documents.plot_numbers(numbers, prefix) == expected


@pytest.mark.django_db
def test_each_plot_carries_its_rule_mark_and_the_rules_are_written_out_once(keyed_client):
    statement = statement_of(keyed_client("standard"), [{"lat": 52.25, "lng": 21.06, "area_ha": 1}] * 3)
    [line] = statement.commodities.all()
    findings = {plot.finding for plot in line.plots.all()}
    assert len(findings) == 1 and "" not in findings
    rule = f"{RULE_TEXTS['pl'][findings.pop()]} / {RULE_TEXTS['en'][line.plots.all()[0].finding]}"
    html = html_of(statement)
    product = text_of(html)[text_of(html).index("2–3. Towar 1") : text_of(html).index("Mapa działek")]
    assert product.count(rule) == 1  # once, under the table
    assert f"Reguły w tabeli / Rules in the table: R1 {rule}" in product
    rows = re.findall(r"<tr>(.*?)</tr>", html[html.index('<table class="plots">') :], re.S)[1:4]
    assert [re.findall(r'<td class="small">([^<]*)</td>', row)[0] for row in rows] == ["R1"] * 3
    assert "działki / plots 1–3" in product


@pytest.mark.django_db
def test_a_thousand_plots_are_each_listed_in_the_rendered_pdf(keyed_client):
    """BUDGET_PLOTS_PER_STATEMENT plots: more than a table is used for, so a line each; the
    producers' list, once longer than the page its grid was kept on, renders at all."""
    plots = [
        {"lat": round(51.5 + (i // 40) * 0.02, 4), "lng": round(20.0 + (i % 40) * 0.02, 4), "area_ha": 1}
        for i in range(settings.BUDGET_PLOTS_PER_STATEMENT)
    ]
    assert len(plots) > documents.PLOT_TABLE_MAX_PLOTS
    statement = statement_of(keyed_client("standard"), plots)
    dds_screen(statement_id=statement.pk)  # a worker's task, left uncommitted in a test
    statement = documents.statement_with_details(DueDiligenceStatement.objects.filter(pk=statement.pk)).get()
    html = html_of(statement)
    assert '<table class="plots">' not in html
    text = pdf_text(html)
    assert f"Zakłady Mięsne Łódź S.A. (PL), operator: działki / plots 1–{len(plots)}" in text
    [line] = statement.commodities.all()
    missing = [
        number
        for number, plot in enumerate(line.plots.all(), start=1)
        if f"{number} · Point {plot.geometry['coordinates']} · 1 · " not in text
    ]
    assert not missing
    assert "Reguły w tabeli / Rules in the table: R1" in text


@pytest.mark.django_db
def test_the_statements_plots_not_a_products_choose_the_listing(keyed_client):
    """Two products of 30 plots: 60 rows to lay out, so both are listed a line each, their
    plots numbered within their product."""
    data = with_plots(*[{"lat": 52.0 + i / 100, "lng": 20.5, "area_ha": 1} for i in range(30)])
    second = {**data["commodities"][0], "description": "Soja śruta"}
    second["plots"] = [{"lat": 52.0 + i / 100, "lng": 20.7, "area_ha": 2} for i in range(30)]
    data["commodities"].append(second)
    response = keyed_client("standard").post(GENERATE, data, format="json", **JSON)
    assert response.status_code == 201, response.content
    statement = documents.statement_with_details(
        DueDiligenceStatement.objects.filter(dds_id=response.json()["dds_id"])
    ).get()
    assert 30 <= documents.PLOT_TABLE_MAX_PLOTS < 60
    context = documents.dds_pdf_context(statement=statement)
    assert [line.plots_listed for line in context["commodities"]] == [True, True]
    text = text_of(render_to_string(documents.TEMPLATE, context))
    assert "1.30 · Point [20.5, 52.29] · 1 · " in text
    assert "2.30 · Point [20.7, 52.29] · 2 · " in text
    assert "operator: działki / plots 2.1–2.30" in text
