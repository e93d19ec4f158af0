"""Scope 3 category 1 totals, checked by hand against the seeded factors."""

from decimal import Decimal

import pytest

from reports.builder import ReportDataError, emission_factors_for
from reports.emissions import emissions_compute
from reports.models import EmissionFactor

pytestmark = pytest.mark.django_db

# By hand, with wheat 450, rapeseed 1000, soy 500, corn 420 kg CO2e/t:
#   A wheat    100 t  × 450  = 45.000 t CO2e, 20 ha → 2.250 t/ha
#   B rapeseed 12.5 t × 1000 = 12.500 t CO2e,  5 ha → 2.500 t/ha
#   C soy        8 t  × 500  =  4.000 t CO2e, no area
#   D corn     no quantity   → not counted, 3 ha
#   total 61.500 t CO2e over 120.5 t → 510.4 kg CO2e/t; per ha (A, B) 57.5 / 25 = 2.300
HAND_CHECKED = [
    {"name": "A", "crop_type": "wheat", "quantity_t": 100, "area_ha": 20},
    {"name": "B", "crop_type": "rapeseed", "quantity_t": 12.5, "area_ha": 5},
    {"name": "C", "crop_type": "soy", "quantity_t": 8},
    {"name": "D", "crop_type": "corn", "area_ha": 3},
]


def _factors():
    return {f.crop_type: f.kg_co2e_per_t for f in EmissionFactor.objects.all()}


def test_seeded_factors_cover_every_crop_with_a_source():
    factors = {f.crop_type: f for f in EmissionFactor.objects.all()}
    assert set(factors) == {"wheat", "corn", "rapeseed", "soy", "other"}
    assert all(f.source and f.kg_co2e_per_t > 0 for f in factors.values())
    assert factors["other"].kg_co2e_per_t >= max(f.kg_co2e_per_t for f in factors.values())


def test_hand_checked_totals():
    rows, totals = emissions_compute(suppliers=HAND_CHECKED, factors=_factors())
    assert [r.emissions_t for r in rows] == [Decimal("45.000"), Decimal("12.500"), Decimal("4.000"), None]
    assert [r.t_per_ha for r in rows] == [Decimal("2.250"), Decimal("2.500"), None, None]
    assert totals.emissions_t == Decimal("61.500")
    assert totals.quantity_t == Decimal("120.5")
    assert totals.kg_per_t == Decimal("510.4")
    assert totals.area_ha == Decimal("25")
    assert totals.t_per_ha == Decimal("2.300")
    assert (totals.without_quantity, totals.without_area) == (1, 1)
    shares = {c["crop_type"]: c["share_pct"] for c in totals.by_crop}
    assert shares == {"wheat": Decimal("73.2"), "rapeseed": Decimal("20.3"), "soy": Decimal("6.5"), "corn": 0}
    assert totals.by_crop[0]["crop_type"] == "wheat"  # largest first


def test_decimal_inputs_do_not_drift():
    _, totals = emissions_compute(
        suppliers=[{"crop_type": "wheat", "quantity_t": 0.1}] * 3, factors={"wheat": Decimal("450")}
    )
    assert totals.emissions_t == Decimal("0.135") and totals.quantity_t == Decimal("0.3")


def test_zero_tonnes_gives_no_intensity_rather_than_a_division_error():
    _, totals = emissions_compute(
        suppliers=[{"crop_type": "corn", "quantity_t": 0, "area_ha": 0}], factors=_factors()
    )
    assert totals.emissions_t == 0 and totals.kg_per_t is None and totals.t_per_ha is None


def test_staff_edits_to_a_factor_apply_to_the_next_report():
    EmissionFactor.objects.filter(crop_type="wheat").update(kg_co2e_per_t=Decimal("500"))
    _, totals = emissions_compute(suppliers=HAND_CHECKED[:1], factors=_factors())
    assert totals.emissions_t == Decimal("50.000")


def test_a_missing_factor_is_a_clear_error():
    EmissionFactor.objects.filter(crop_type="soy").delete()
    with pytest.raises(ReportDataError, match="soy"):
        emission_factors_for(crop_types={"soy", "wheat"})
