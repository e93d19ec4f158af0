"""The risk engine's one front door: what other apps may use of `risk`.

Every name another app needs is here, and nothing else of `risk` may be imported outside
it (tests/eudr_service/test_layering.py fails otherwise), so the engine's modules can
change behind this door without touching statements, reports or the panel.

The questions it answers, one function each, each returning a typed, versioned
`Assessment` (risk/assessment.py; `Assessment.from_json` reads one stored earlier):
- a location: `assess_location`, or `assess_location_each` for several commodities at
  one place (a batch: the forest layers are read once);
- a plot's geometry: `assess_geometry` (with `radius_for_area` for a point with an area);
- a Polish cadastral parcel: `assess_parcel` (and `parcel_get`, `parcel_is_cached`);
- a country with no place in it: `assess_country`;
- where a point is: `country_at`, `voivodeship_by_name`; the named places near it
  (`get_place_index`, for the plot map's labels).
Results carry `METHODOLOGY_VERSION` (its numbers: `METHODOLOGY_PARAMETERS`); `RiskLevel`
names the levels. What an evidence record names of the data read: `layers_provenance`,
and the exact area a plot was screened over (`area_point`, `area_geometry`, `area_parcel`).

The legal reference data (country benchmark, Annex I, dates of application, commodities)
is not the engine's: it lives in the regulation app.
"""

from collections.abc import Sequence
from datetime import date

import shapely

from regulation.commodities import Commodity
from risk import service
from risk.assessment import Assessment
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
from risk.places import Place
from risk.places import get_index as get_place_index
from risk.provenance import CIRCLE_PARAMETERS, area_geometry, area_parcel, area_point, layers_provenance
from risk.scoring import METHODOLOGY_PARAMETERS, METHODOLOGY_VERSION
from risk.serializers import CommodityField, ParcelIdField, latitude, longitude
from risk.service import (
    Parcel,
    geometry_area_ha,
    parcel_get,
    parcel_is_cached,
    parcel_not_found_message,
    radius_for_area,
)
from risk.voivodeships import voivodeship_by_name
from risk.warnings import warning_label


def assess_location(
    *, lat: float, lng: float, radius_km: float, commodity: Commodity | None = None, on: date | None = None
) -> Assessment:
    """A circle of `radius_km` around a point, under the benchmark of `on` (default today)."""
    return Assessment.from_json(
        service.risk_score_location(lat=lat, lng=lng, radius_km=radius_km, commodity=commodity, on=on)
    )


def assess_location_each(
    *,
    lat: float,
    lng: float,
    radius_km: float,
    commodities: Sequence[Commodity | None],
    on: date | None = None,
) -> list[Assessment]:
    """One place for each commodity, in order (its forest layers read once)."""
    answers = service.risk_score_location_each(
        lat=lat, lng=lng, radius_km=radius_km, commodities=commodities, on=on
    )
    return [Assessment.from_json(answer) for answer in answers]


def assess_geometry(
    *, geometry: shapely.Geometry, commodity: Commodity | None, point_radius_km: float, on: date | None = None
) -> Assessment:
    """A plot as drawn (a point as a circle of `point_radius_km`)."""
    return Assessment.from_json(
        service.risk_score_geometry(
            geometry=geometry, commodity=commodity, point_radius_km=point_radius_km, on=on
        )
    )


def assess_parcel(*, parcel_id: str, commodity: Commodity, on: date | None = None) -> Assessment:
    """A cadastral parcel, looked up in ULDK (or the cache); raises the Parcel* errors."""
    return Assessment.from_json(service.risk_score_parcel(parcel_id=parcel_id, commodity=commodity, on=on))


def assess_country(*, country_code: str, commodity: Commodity | None = None) -> Assessment:
    """A country alone (no place in it is known): no forest layer is read."""
    return Assessment.from_json(service.risk_score_country(country_code=country_code, commodity=commodity))


__all__ = [
    "CIRCLE_PARAMETERS",
    "METHODOLOGY_PARAMETERS",
    "METHODOLOGY_VERSION",
    "Assessment",
    "CommodityField",
    "InvalidParcelId",
    "Parcel",
    "ParcelIdField",
    "ParcelLookupBudgetSpent",
    "ParcelNotFound",
    "ParcelRecord",
    "ParcelServiceUnavailable",
    "Place",
    "RiskLevel",
    "area_geometry",
    "area_parcel",
    "area_point",
    "assess_country",
    "assess_geometry",
    "assess_location",
    "assess_location_each",
    "assess_parcel",
    "country_at",
    "forest_data_hint",
    "geometry_area_ha",
    "get_index",
    "get_place_index",
    "latitude",
    "layers_provenance",
    "longitude",
    "parcel_get",
    "parcel_is_cached",
    "parcel_not_found_message",
    "parse_parcel_id",
    "radius_for_area",
    "risk_critical_batch_emit",
    "voivodeship_by_name",
    "warning_label",
]
