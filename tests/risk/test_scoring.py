from __future__ import annotations

import json
from pathlib import Path

import pytest

from regulation.commodities import normalize_commodity
from risk.forest import ForestEvidence, LayerEvidence, LayerKind
from risk.scoring import CUTOFF_DATE, METHODOLOGY_VERSION, risk_level_for, score_risk

DOC = Path(__file__).resolve().parents[2] / "docs" / "risk-methodology.md"
BENCHMARKS = ("low", "standard", "high")
SHARES = [i / 200 for i in range(201)]  # 0 .. 1 in steps of 0.5 %


def evidence(*, cover: float | None = None, loss: float | None = None, coverage: float = 1.0):
    layers = []
    if cover is not None:
        layers.append(
            LayerEvidence(
                "JRC GFC2020",
                LayerKind.FOREST_COVER_2020_CLASS,
                True,
                1000,
                coverage,
                forest_share_2020=cover,
            )
        )
    if loss is not None:
        layers.append(
            LayerEvidence(
                "Hansen GFC lossyear",
                LayerKind.LOSS_YEAR,
                True,
                1000,
                coverage,
                loss_share_after_cutoff=loss,
                loss_share_any=loss,
            )
        )
    return ForestEvidence(tuple(layers))


def worked_examples() -> list[dict[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    table = text.split("<!-- worked-examples:start -->")[1].split("<!-- worked-examples:end -->")[0]
    rows = [line.strip().strip("|").split("|") for line in table.strip().splitlines()]
    header = [cell.strip() for cell in rows[0]]
    return [dict(zip(header, (c.strip() for c in row), strict=True)) for row in rows[2:]]


def _value(cell: str) -> str | None:
    return None if cell == "—" else cell


@pytest.mark.parametrize("example", worked_examples(), ids=lambda e: e["Case"])
def test_worked_examples_in_the_methodology_doc(example):
    cover, loss = _value(example["Forest 2020"]), _value(example["Loss after cut-off"])
    commodity = _value(example["Commodity"])
    forest = None
    if cover is not None or loss is not None:
        forest = evidence(cover=float(cover) if cover else None, loss=float(loss) if loss else None)
    result = score_risk(
        country_code=_value(example["Country"]),
        benchmark=_value(example["Benchmark"]),
        commodity=normalize_commodity(commodity) if commodity else None,
        forest=forest,
    )
    assert result.score == int(example["Score"])
    assert result.risk_level == example["Level"]


@pytest.mark.django_db
@pytest.mark.parametrize("example", worked_examples(), ids=lambda e: e["Case"])
def test_worked_examples_use_the_benchmark_the_table_gives(example):
    """The "Benchmark" column is an input above; here it must be what the table answers today."""
    from regulation.benchmark import benchmark_cache_clear, benchmark_class

    benchmark_cache_clear()
    assert benchmark_class(_value(example["Country"])) == _value(example["Benchmark"])


def test_doc_has_the_worked_examples():
    assert len(worked_examples()) >= 4


def test_result_carries_cutoff_version_factors_and_is_json_ready():
    result = score_risk(
        country_code="PL",
        benchmark="low",
        commodity=normalize_commodity("soja"),
        forest=evidence(cover=0.1, loss=0.0),
    )
    assert result.cutoff_date == CUTOFF_DATE == "2020-12-31"
    assert result.methodology_version == METHODOLOGY_VERSION == "1.1"
    assert result.eudr_in_scope is True
    names = [f.name for f in result.factors]
    assert names == [
        "country",
        "country_benchmark",
        "forest_cover_2020",
        "forest_loss_after_cutoff",
        "commodity",
    ]
    by_name = {f.name: f for f in result.factors}
    assert by_name["forest_loss_after_cutoff"].source == "Hansen GFC lossyear"
    assert by_name["country_benchmark"].source.startswith("Commission Implementing Regulation (EU) 2025/1093")
    assert result.data_coverage.layers_answered == ("JRC GFC2020", "Hansen GFC lossyear")
    assert result.warnings == ()
    json.dumps(result.to_dict())


def test_same_inputs_give_the_same_result():
    kwargs = {"country_code": "BR", "benchmark": "standard", "forest": evidence(cover=0.7, loss=0.031)}
    assert score_risk(**kwargs) == score_risk(**kwargs)


@pytest.mark.parametrize("benchmark", BENCHMARKS)
@pytest.mark.parametrize("cover", [0.0, 0.3, 1.0])
@pytest.mark.parametrize("commodity", [None, "kakao", "pszenica"])
def test_more_loss_never_lowers_the_score(benchmark, cover, commodity):
    scores = [
        score_risk(
            country_code="XX",
            benchmark=benchmark,
            commodity=normalize_commodity(commodity) if commodity else None,
            forest=evidence(cover=cover, loss=loss),
        ).score
        for loss in SHARES
    ]
    assert scores == sorted(scores)
    assert scores[-1] > scores[0]


@pytest.mark.parametrize("benchmark", BENCHMARKS)
@pytest.mark.parametrize("loss", [0.0, 0.0005, 0.002, 0.05, 0.5])
def test_more_forest_in_2020_never_lowers_the_score(benchmark, loss):
    scores = [
        score_risk(country_code="XX", benchmark=benchmark, forest=evidence(cover=c, loss=loss)).score
        for c in SHARES
    ]
    assert scores == sorted(scores)


@pytest.mark.parametrize("cover", [0.0, 0.5, 1.0])
@pytest.mark.parametrize("loss", [None, 0.0, 0.01, 0.2])
def test_worse_benchmark_never_lowers_the_score(cover, loss):
    scores = [
        score_risk(country_code="XX", benchmark=b, forest=evidence(cover=cover, loss=loss)).score
        for b in BENCHMARKS
    ]
    assert scores == sorted(scores)


def test_loss_above_the_floor_threshold_makes_even_a_low_risk_country_high():
    barely = score_risk(country_code="PL", benchmark="low", forest=evidence(cover=0.0, loss=0.0011))
    below = score_risk(country_code="PL", benchmark="low", forest=evidence(cover=0.0, loss=0.001))
    assert barely.risk_level == "high"
    assert barely.score == 55
    assert below.risk_level == "low"


def test_out_of_scope_commodity_is_reported_low_but_scored():
    result = score_risk(
        country_code="BR",
        benchmark="standard",
        commodity=normalize_commodity("kukurydza"),
        forest=evidence(cover=0.9, loss=0.2),
    )
    assert result.eudr_in_scope is False
    assert result.risk_level == "low"
    assert result.score == 100
    assert any("not an EUDR commodity" in w for w in result.warnings)


def test_location_only_call_leaves_scope_undetermined():
    assert score_risk(country_code="PL", benchmark="low").eudr_in_scope is None


def test_sea_point_warns_and_uses_the_standard_base():
    result = score_risk(country_code=None, benchmark=None)
    assert result.score == 40
    assert result.data_coverage.country is False
    assert any("sea" in w for w in result.warnings)


def test_country_missing_from_benchmark_table_is_standard_with_a_warning():
    result = score_risk(country_code="AQ", benchmark=None, forest=evidence(cover=0.0, loss=0.0))
    assert result.score == 35
    assert result.data_coverage.benchmark is False
    assert any("no benchmark entry" in w for w in result.warnings)


def test_missing_layers_and_partial_coverage_are_reported():
    forest = ForestEvidence(
        (
            LayerEvidence("JRC GFC2020", LayerKind.FOREST_COVER_2020_CLASS, False, note="outside"),
            LayerEvidence(
                "Hansen", LayerKind.LOSS_YEAR, True, 10, 0.5, loss_share_after_cutoff=0.0, loss_share_any=0.0
            ),
        )
    )
    result = score_risk(country_code="PL", benchmark="low", forest=forest)
    assert result.data_coverage.layers_missing == ("JRC GFC2020",)
    assert result.data_coverage.layers_answered == ("Hansen",)
    assert any("covers only 50%" in w for w in result.warnings)
    assert any("forest-cover" in w for w in result.warnings)


def test_invalid_benchmark_is_a_programming_error():
    with pytest.raises(ValueError):
        score_risk(country_code="PL", benchmark="very low")


@pytest.mark.parametrize(
    ("score", "level"),
    [(0, "low"), (29, "low"), (30, "medium"), (54, "medium"), (55, "high"), (79, "high"), (80, "critical")],
)
def test_level_thresholds(score, level):
    assert risk_level_for(score) == level
