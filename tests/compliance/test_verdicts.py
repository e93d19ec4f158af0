"""Verdicts follow the evidence and the article that applies (docs/risk-methodology.md, "Verdict rules")."""

import copy

import numpy as np
import pytest

from compliance.models import DDSPlot
from compliance.screening import Rule, plot_finding
from regulation.benchmark import benchmark_cache_clear
from regulation.models import CountryBenchmark
from tests.compliance.test_dds_api import GENERATE, JSON, body, with_plots
from tests.risk.fakes import TILE_SIZE, forest_layers, write_tile

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(keyed_client):
    benchmark_cache_clear()
    yield keyed_client("standard")
    benchmark_cache_clear()


def brazilian_coffee():
    data = body()
    line = data["commodities"][0]
    line.update(commodity="kawa", description="Kawa zielona", hs_heading="0901", country_of_production="BR")
    line["plots"] = [{"lat": -10.0, "lng": -55.0, "area_ha": 2}]
    return data


def as_standard_risk(country: str) -> None:
    CountryBenchmark.objects.filter(country_code=country).update(risk_class="standard")
    benchmark_cache_clear()


def test_brazilian_plot_without_forest_evidence_is_under_review(client, settings):
    settings.FOREST_LAYERS = []
    record = client.post(GENERATE, brazilian_coffee(), format="json", **JSON).json()
    assert record["status"] == "UNDER_REVIEW"
    assert record["evidence"]["rule"] == "insufficient_evidence"
    assert record["commodities"][0]["plots"][0]["finding"] == "insufficient_evidence"
    assert record["verified_at"] is None and record["valid_until"] is None
    assert record["badge"] == "in_progress"
    assert record["evidence"]["layers_answered"] == []
    assert record["evidence"]["decided_by"]["kind"] == "automatic_screening"


def test_low_risk_plot_without_layers_is_compliant_under_article_13(client, settings):
    settings.FOREST_LAYERS = []
    record = client.post(GENERATE, body(), format="json", **JSON).json()
    assert record["status"] == "COMPLIANT"
    assert record["evidence"]["rule"] == "article_13_low_risk"
    assert record["evidence"]["country_benchmark"] == {"PL": "low"}


def test_low_risk_plot_with_post_cutoff_loss_is_not_compliant(client, settings, tmp_path):
    cover = write_tile(tmp_path / "cover.tif", np.ones((TILE_SIZE, TILE_SIZE), dtype="uint8"))
    loss = np.zeros((TILE_SIZE, TILE_SIZE), dtype="uint8")
    loss[200, 200] = 22  # one pixel lost in 2022, inside the plot at 52.25, 21.05
    settings.FOREST_LAYERS = [
        {"name": "cover", "kind": "forest_cover_2020_class", "path": cover},
        {"name": "loss", "kind": "loss_year", "path": write_tile(tmp_path / "loss.tif", loss)},
    ]
    record = client.post(GENERATE, body(), format="json", **JSON).json()
    assert record["status"] == "UNDER_REVIEW"
    assert record["evidence"]["rule"] == "forest_loss_after_cutoff"
    assert record["evidence"]["layers_answered"] == ["cover", "loss"]


def test_any_loss_in_a_low_risk_country_overturns_article_13(db):
    """Even loss below the score's floor (a low score) contradicts the simplified regime."""
    plot = DDSPlot(
        risk={
            "country": "PL",
            "risk_level": "low",
            "factors": [{"name": "forest_loss_after_cutoff", "value": 0.0005, "source": "loss"}],
            "warnings": [],
        }
    )
    assert plot_finding(plot) == Rule.FOREST_LOSS_AFTER_CUTOFF


def test_standard_risk_plot_needs_forest_evidence(client, settings):
    as_standard_risk("PL")
    settings.FOREST_LAYERS = []
    record = client.post(GENERATE, body(), format="json", **JSON).json()
    assert record["status"] == "UNDER_REVIEW"
    assert record["evidence"]["rule"] == "insufficient_evidence"


def test_standard_risk_plot_with_clear_forest_evidence_is_compliant(client, settings, tmp_path):
    as_standard_risk("PL")
    settings.FOREST_LAYERS = forest_layers(tmp_path, loss_share=0.0)
    record = client.post(GENERATE, body(), format="json", **JSON).json()
    assert record["status"] == "COMPLIANT"
    assert record["evidence"]["rule"] == "forest_evidence_clear"
    assert record["evidence"]["plots_with_forest_evidence"] == 1


def test_partly_covered_plot_is_not_forest_evidence(db):
    risk = {
        "country": "BR",
        "risk_level": "medium",
        "factors": [{"name": "forest_loss_after_cutoff", "value": 0.0, "source": "loss"}],
        "warnings": ["layer loss covers only 40% of the area"],
    }
    assert plot_finding(DDSPlot(risk=risk)) == Rule.INSUFFICIENT_EVIDENCE
    complete = copy.deepcopy(risk)
    complete["warnings"] = []
    assert plot_finding(DDSPlot(risk=complete)) == Rule.FOREST_EVIDENCE_CLEAR


def test_high_risk_country_goes_to_staff_even_with_evidence(client, settings, tmp_path):
    CountryBenchmark.objects.filter(country_code="PL").update(risk_class="high")
    benchmark_cache_clear()
    settings.FOREST_LAYERS = forest_layers(tmp_path, loss_share=0.0)
    record = client.post(GENERATE, body(), format="json", **JSON).json()
    assert record["status"] == "UNDER_REVIEW"
    assert record["evidence"]["rule"] == "high_risk"


def test_rule_and_reasons_are_recorded_on_statement_and_history(client):
    record = client.post(GENERATE, body(), format="json", **JSON).json()
    assert [h["rule"] for h in record["history"]] == ["filed", "article_13_low_risk"]
    assert record["evidence"]["reasons"] == [{"code": "article_13_low_risk", "count": 1, "plots": ["1.1"]}]
    assert record["evidence"]["methodology_versions"] == ["1.1"]
    assert any("forest" in w for w in record["evidence"]["warnings"])


def test_methodology_doc_lists_the_rules_in_the_order_the_code_applies_them():
    import re
    from pathlib import Path

    from compliance.screening import STATUS_BY_FINDING

    doc = (Path(__file__).resolve().parents[2] / "docs" / "risk-methodology.md").read_text()
    section = doc[doc.index("## Verdict rules") : doc.index("## Attestation")]
    table = re.findall(r"^\| \d \| `([a-z_0-9]+)` \|.*\| `([A-Z_]+)` \|$", section, re.M)
    per_plot = [
        Rule.POSTAL_ADDRESS_LOW_RISK,
        Rule.PLOT_NOT_SCREENED,
        Rule.PLOT_LOCATION_UNCONFIRMED,
        Rule.CRITICAL_RISK,
        Rule.FOREST_LOSS_AFTER_CUTOFF,
        Rule.HIGH_RISK,
        Rule.INSUFFICIENT_EVIDENCE,
        Rule.ARTICLE_13_LOW_RISK,
        Rule.FOREST_EVIDENCE_CLEAR,
    ]
    assert [code for code, _ in table] == per_plot
    statuses = dict(STATUS_BY_FINDING)
    for code, status in table:
        assert statuses.get(code, "COMPLIANT") == status
    statement_order = ", ".join(f"`{code}`" for code, _ in STATUS_BY_FINDING)
    assert statement_order in " ".join(section.split())


def test_a_later_act_does_not_change_how_a_statement_filed_before_it_is_judged(client, settings):
    """Plots are judged by the benchmark of the statement's filing date, not the screening's."""
    from datetime import timedelta

    from django.utils import timezone

    from compliance.evidence import statement_evidence
    from compliance.models import DueDiligenceStatement
    from compliance.screening import plot_screen

    settings.FOREST_LAYERS = []
    filed = client.post(GENERATE, body(), format="json", **JSON).json()
    statement = DueDiligenceStatement.objects.get(dds_id=filed["dds_id"])
    DueDiligenceStatement.objects.filter(pk=statement.pk).update(
        created_at=timezone.now() - timedelta(days=60)
    )
    # A later act classifies Poland standard from 30 days ago (an example act).
    CountryBenchmark.objects.create(
        country_code="PL",
        risk_class="standard",
        act="Implementing Regulation (EU) 2026/999 (example)",
        source="test",
        valid_from=timezone.now().date() - timedelta(days=30),
    )
    benchmark_cache_clear()

    plot = DDSPlot.objects.select_related("commodity__statement").get(commodity__statement=statement)
    assert plot_finding(plot) == Rule.ARTICLE_13_LOW_RISK  # low on the filing date
    plot_screen(plot)  # screened again now: the score, too, uses the filing date's class
    benchmark = next(f for f in plot.risk["factors"] if f["name"] == "country_benchmark")
    assert (benchmark["value"], plot.finding) == ("low", Rule.ARTICLE_13_LOW_RISK)
    statement.refresh_from_db()
    assert statement_evidence(statement)["country_benchmark"] == {"PL": "low"}

    # A statement filed today is judged by the later act: standard, no forest evidence.
    today = client.post(GENERATE, body(), format="json", **JSON).json()
    assert (today["status"], today["evidence"]["rule"]) == ("UNDER_REVIEW", "insufficient_evidence")
    assert today["evidence"]["country_benchmark"] == {"PL": "standard"}


def test_a_postal_address_is_judged_by_the_benchmark_of_the_filing_date(db):
    from datetime import timedelta

    from django.utils import timezone

    from compliance.models import DDSCommodity, DDSProducer, DueDiligenceStatement, PlotKind

    statement = DueDiligenceStatement(created_at=timezone.now() - timedelta(days=60))
    line = DDSCommodity(statement=statement, country_of_production="GH")
    producer = DDSProducer(commodity=line, country="GH", is_operator=True)
    plot = DDSPlot(commodity=line, producer=producer, kind=PlotKind.ADDRESS)
    assert plot_finding(plot) == Rule.POSTAL_ADDRESS_LOW_RISK
    CountryBenchmark.objects.create(
        country_code="GH",
        risk_class="standard",
        act="Implementing Regulation (EU) 2026/999 (example)",
        source="test",
        valid_from=timezone.now().date() - timedelta(days=30),
    )
    benchmark_cache_clear()
    assert plot_finding(plot) == Rule.POSTAL_ADDRESS_LOW_RISK
    statement.created_at = timezone.now()
    assert plot_finding(plot) == Rule.INSUFFICIENT_EVIDENCE


def test_partly_covered_plot_is_not_counted_as_forest_evidence(client, settings, tmp_path, api_client):
    """The evidence count follows the verdict's rule: a plot a forest-loss layer covers only in
    part has no forest evidence, in the verdict, the API record and the public status page."""
    as_standard_risk("PL")
    settings.FOREST_LAYERS = forest_layers(tmp_path, loss_share=0.0)
    # On the southern edge of the test tile (52.2 to 52.3 N): half the plot is outside it.
    data = with_plots({"lat": 52.2, "lng": 21.05, "area_ha": 2.5})
    record = client.post(GENERATE, data, format="json", **JSON).json()
    assert any("covers only" in w for w in record["evidence"]["warnings"])
    assert record["evidence"]["rule"] == "insufficient_evidence"
    assert record["evidence"]["plots"] == 1
    assert record["evidence"]["plots_with_forest_evidence"] == 0
    page = api_client.get(f"/cert/{record['dds_id']}?lang=en").content.decode()
    assert "<dt>Plots with forest-loss data</dt><dd>0 / 1</dd>" in page
