"""ESG recommendations follow the documented rules."""

from decimal import Decimal

import pytest

from reports.emissions import emissions_compute
from reports.recommendations import recommendations_derive
from reports.supplier_risk import SupplierRisk

FACTORS = {"wheat": Decimal(450), "soy": Decimal(500), "other": Decimal(1000)}


def _derive(suppliers, risks, lang="en"):
    emissions, totals = emissions_compute(suppliers=suppliers, factors=FACTORS)
    return recommendations_derive(
        suppliers=suppliers, emissions=emissions, totals=totals, risks=risks, lang=lang
    )


def _risk(i, level="low", in_scope=False, reason=None):
    return SupplierRisk(
        i,
        "voivodeship",
        "mazowieckie",
        in_scope,
        score=10,
        risk_level=None if reason else level,
        reason=reason,
    )


def test_a_clean_supply_chain_gets_only_the_standing_advice():
    suppliers = [{"crop_type": "wheat", "quantity_t": 10, "nip": "5260250274"}] * 2
    recs = _derive(suppliers, [_risk(0), _risk(1)])
    # One crop carries 100 %: the hotspot rule fires too.
    assert [r.code for r in recs] == ["emission_hotspot", "primary_data"]


def test_rules_fire_on_their_conditions_in_priority_order():
    suppliers = [
        {"crop_type": "soy", "quantity_t": 1000},
        {"crop_type": "wheat", "quantity_t": 1},
        {"crop_type": "wheat", "quantity_t": 1},
        {"crop_type": "wheat", "quantity_t": 1},
        {"crop_type": "wheat"},
    ]
    risks = [
        _risk(0, "critical", in_scope=True),
        _risk(1, "high"),
        _risk(2),
        _risk(3),
        _risk(4, reason="no_location"),
    ]
    recs = _derive(suppliers, risks)
    codes = [r.code for r in recs]
    assert codes == [
        "high_risk_suppliers",
        "in_scope_commodity",
        "not_assessed",
        "missing_quantity",
        "emission_hotspot",
        "supplier_concentration",
        "missing_nip",
        "primary_data",
    ]
    by_code = {r.code: r for r in recs}
    assert by_code["high_risk_suppliers"].text.startswith("2 suppliers have")
    assert by_code["high_risk_suppliers"].esrs == "E4"
    assert "no parcel or location given" in by_code["not_assessed"].text
    assert "Soy accounts for 99.7 %" in by_code["emission_hotspot"].text
    assert by_code["supplier_concentration"].esrs == "E1-6"


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_texts_exist_in_both_languages(lang):
    recs = _derive([{"crop_type": "other"}], [_risk(0, reason="unknown_location")], lang=lang)
    assert all(r.text for r in recs)
