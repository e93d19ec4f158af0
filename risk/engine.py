"""The risk engine's one front door: what other apps may use of `risk`.

Every name another app needs is here, and nothing else of `risk` may be imported outside
it (tests/eudr_service/test_layering.py fails otherwise), so the engine's modules can
change behind this door without touching statements, reports or the panel.

The questions it answers, one function each:
- a location or a plot: `risk_score_location`, `risk_score_location_each`,
  `risk_score_geometry` (with `radius_for_area` for a point with an area);
- a Polish cadastral parcel: `risk_score_parcel`, `parcel_get`, `parcel_is_cached`;
- a country with no place in it: `risk_score_country`;
- where a point is: `country_at`, `voivodeship_by_name`.
Results carry `METHODOLOGY_VERSION`; `RiskLevel` names the levels.

The legal reference data (country benchmark, Annex I, dates of application, commodities)
is not the engine's: it lives in the regulation app.
"""

from risk.countries import country_at, get_index
from risk.events import risk_critical_batch_emit
from risk.forest_data import forest_data_hint
from risk.models import ParcelRecord, RiskLevel
from risk.parcels import (
    InvalidParcelId,
    ParcelLookupBudgetSpent,
    ParcelNotFound,
    ParcelServiceUnavailable,
    parse_parcel_id,
)
from risk.scoring import METHODOLOGY_VERSION
from risk.serializers import CommodityField, ParcelIdField, latitude, longitude
from risk.service import (
    Parcel,
    geometry_area_ha,
    parcel_get,
    parcel_is_cached,
    radius_for_area,
    risk_score_country,
    risk_score_geometry,
    risk_score_location,
    risk_score_location_each,
    risk_score_parcel,
)
from risk.voivodeships import voivodeship_by_name
from risk.warnings import warning_label

__all__ = [
    "METHODOLOGY_VERSION",
    "CommodityField",
    "InvalidParcelId",
    "Parcel",
    "ParcelIdField",
    "ParcelLookupBudgetSpent",
    "ParcelNotFound",
    "ParcelRecord",
    "ParcelServiceUnavailable",
    "RiskLevel",
    "country_at",
    "forest_data_hint",
    "geometry_area_ha",
    "get_index",
    "latitude",
    "longitude",
    "parcel_get",
    "parcel_is_cached",
    "parse_parcel_id",
    "radius_for_area",
    "risk_critical_batch_emit",
    "risk_score_country",
    "risk_score_geometry",
    "risk_score_location",
    "risk_score_location_each",
    "risk_score_parcel",
    "voivodeship_by_name",
    "warning_label",
]
