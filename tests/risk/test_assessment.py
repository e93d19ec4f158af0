"""The engine's front door answers typed, versioned Assessments; stored answers of
every version are read back alike."""

from __future__ import annotations

import pytest

from regulation.commodities import commodity_from_code
from risk import engine
from risk.assessment import Assessment

pytestmark = pytest.mark.django_db

SOYA = "soya"


def test_the_front_door_answers_an_assessment_whose_json_is_the_api_shape(api_client, keyed_client):
    soya = commodity_from_code(SOYA)
    answer = engine.assess_location(lat=52.2, lng=21.0, radius_km=1.0, commodity=soya)
    assert isinstance(answer, Assessment)
    assert answer.version == Assessment.VERSION
    published = keyed_client("standard").get(
        "/api/eudr/v1/risk-score", {"lat": 52.2, "lng": 21.0, "radiusKm": 1, "commodity": "soja"}
    )
    assert published.status_code == 200
    assert answer.to_json() == published.json()  # typed, but the JSON is what the API answers
    assert answer.country == "PL" and answer.risk_level == published.json()["risk_level"]


def test_a_country_question_is_typed_too():
    answer = engine.assess_country(country_code="br", commodity=commodity_from_code(SOYA))
    assert answer.country == "BR"
    assert answer.has_forest_evidence() is False  # no forest layer is read for a country alone
    assert any("country only" in w for w in answer.warnings)


def _stored(**extra):
    return {
        "risk_level": "low",
        "score": 10,
        "country": "PL",
        "factors": [
            {"name": "forest_loss_after_cutoff", "value": 0.0, "contribution": 0.0, "source": "gfc"},
        ],
        "warnings": [],
        "data_coverage": {"layers_answered": ["gfc"], "layers_missing": []},
        "methodology_version": "2025.1",
        **extra,
    }


def test_a_current_answer_says_whether_forest_evidence_covers_the_area():
    held = Assessment.from_json(_stored(evidence_missing=[]))
    lacking = Assessment.from_json(_stored(evidence_missing=["forest_loss_after_cutoff"]))
    assert held.version == lacking.version == 2
    assert held.has_forest_evidence() and not lacking.has_forest_evidence()


def test_a_version_1_answer_is_judged_from_its_factors_and_warnings():
    covered = Assessment.from_json(_stored())
    partial = Assessment.from_json(_stored(warnings=["layer gfc covers only 40% of the area"]))
    no_layer = Assessment.from_json(_stored(factors=[]))
    assert covered.version == 1 and covered.evidence_missing is None
    assert covered.has_forest_evidence()
    assert not partial.has_forest_evidence()
    assert not no_layer.has_forest_evidence()


def test_forest_loss_and_sources_are_read_from_the_factors():
    answer = Assessment.from_json(
        _stored(
            factors=[
                {"name": "forest_loss_after_cutoff", "value": 0.7, "contribution": 30, "source": "gfc"},
                {"name": "commodity", "value": "soya", "contribution": 5, "source": "methodology"},
            ]
        )
    )
    assert answer.forest_loss == 0.7
    assert answer.sources == {"gfc"}
    assert answer.to_json()["factors"][0]["value"] == 0.7  # stored as it came
