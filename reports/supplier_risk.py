"""EUDR risk of each supplier, from the risk engine.

A supplier is scored on its cadastral parcel when it gave one, otherwise on its
coordinates (any country), otherwise in Poland on the voivodeship named in
`region` or `location` (a circle of VOIVODESHIP_RADIUS_KM around the region's
representative point) and elsewhere on its country alone; otherwise it is "not
assessed" with the reason. A supplier without `country` is in Poland, as in
specification 2.2. One supplier's failure never fails the report: the ULDK parcel
service being down marks the suppliers that needed it, and the rest are scored.
"""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from regulation.commodities import Commodity, commodity_from_code
from risk import engine

logger = logging.getLogger(__name__)

# A voivodeship is 100-250 km across; 50 km is the engine's largest radius and
# covers the region's core without reaching into neighbouring countries.
VOIVODESHIP_RADIUS_KM = 50.0
CROP_COMMODITY = {"wheat": "wheat", "corn": "corn", "rapeseed": "rapeseed", "soy": "soya", "other": "other"}

# Reasons a supplier was not assessed; the template words them per language.
NO_LOCATION = "no_location"
UNKNOWN_LOCATION = "unknown_location"
PARCEL_NOT_FOUND = "parcel_not_found"
PARCEL_SERVICE_UNAVAILABLE = "parcel_service_unavailable"
ENGINE_ERROR = "engine_error"
PARCEL_OUTSIDE_POLAND = "parcel_outside_poland"
COORDINATES_OUTSIDE_COUNTRY = "coordinates_outside_country"
# Coordinates are the farm's: a circle of its area, capped at the engine's largest radius.
COORDINATES_MAX_RADIUS_KM = 50.0


@dataclass(frozen=True)
class SupplierRisk:
    index: int
    basis: str  # "parcel", "coordinates", "voivodeship", "country", "location" (unplaced) or "none"
    basis_value: str  # the parcel id, "lat,lng,radius_km", the voivodeship, "CC region" or the text given
    eudr_in_scope: bool
    score: int | None = None
    risk_level: str | None = None
    country: str | None = None
    reason: str | None = None  # set when not assessed
    warnings: tuple[str, ...] = field(default_factory=tuple)

    @property
    def assessed(self) -> bool:
        return self.reason is None


def commodity_for_crop(crop_type: str) -> Commodity:
    return commodity_from_code(CROP_COMMODITY[crop_type])


Place = tuple[str, str, str | None]  # (basis, value, reason when it cannot be scored), see _basis
_ScoreKey = tuple[str, str, str]  # (basis, value, commodity code)


class _Assessor:
    """Scores suppliers of one report, computing each distinct place once: a thousand
    suppliers usually share a few dozen parcels or regions. A region or a pair of
    coordinates is scored for all the report's commodities there at once, so its
    forest layers (a 50 km circle for a region) are read once, not once per crop."""

    def __init__(self, commodities_at: dict[tuple[str, str], dict[str, Commodity]]) -> None:
        self._commodities_at = commodities_at
        # An Assessment, or the reason the place could not be scored.
        self._cache: dict[_ScoreKey, engine.Assessment | str] = {}
        self._uldk_down = False
        self.sources: set[str] = set()  # every data source the engine cited, for the appendix

    def assess(self, index: int, place: Place, commodity: Commodity) -> SupplierRisk:
        basis, value, reason = place
        if reason:
            return SupplierRisk(index, basis, value, commodity.in_scope, reason=reason)
        key = (basis, value, commodity.code)
        if key not in self._cache:
            self._cache.update(self._score_place(basis, value))
        result = self._cache[key]
        if isinstance(result, str):
            return SupplierRisk(index, basis, value, commodity.in_scope, reason=result)
        self.sources.update(result.sources)
        return SupplierRisk(
            index,
            basis,
            value,
            commodity.in_scope,
            score=result.score,
            risk_level=result.risk_level,
            country=result.country,
            warnings=result.warnings,
        )

    def _score_place(self, basis: str, value: str) -> dict[_ScoreKey, engine.Assessment | str]:
        commodities = list(self._commodities_at[(basis, value)].values())
        results = self._score(basis, value, commodities)
        return {(basis, value, c.code): result for c, result in zip(commodities, results, strict=True)}

    def _score(self, basis: str, value: str, commodities: list[Commodity]) -> list[engine.Assessment | str]:
        def each(reason: str) -> list[engine.Assessment | str]:
            return [reason for _ in commodities]

        try:
            if basis == "coordinates":
                lat, lng, radius = (float(part) for part in value.split(",")[:3])
                return engine.assess_location_each(
                    lat=lat, lng=lng, radius_km=radius, commodities=commodities
                )
            if basis == "country":
                code = value.split(" ", maxsplit=1)[0]
                return [engine.assess_country(country_code=code, commodity=c) for c in commodities]
            if basis == "voivodeship":
                region = engine.voivodeship_by_name(value)
                return engine.assess_location_each(
                    lat=region.lat, lng=region.lng, radius_km=VOIVODESHIP_RADIUS_KM, commodities=commodities
                )
            if self._uldk_down and not _fresh_in_cache(value):
                # ULDK already failed in this report: do not wait for its timeout once per parcel.
                return each(PARCEL_SERVICE_UNAVAILABLE)
            return [engine.assess_parcel(parcel_id=value, commodity=c) for c in commodities]
        except engine.ParcelNotFound:
            return each(PARCEL_NOT_FOUND)
        except engine.ParcelServiceUnavailable:
            self._uldk_down = True
            return each(PARCEL_SERVICE_UNAVAILABLE)
        except Exception:
            # One unexpected failure (a damaged raster, say) must not lose the other suppliers.
            logger.exception("risk engine failed for a CSRD supplier (%s %s)", basis, value)
            return each(ENGINE_ERROR)


def _basis(supplier: dict[str, Any]) -> Place:
    """What a supplier is scored on: (basis, value, reason when it cannot be scored).

    In order: the cadastral parcel (Poland); the coordinates (any country; a
    circle of the farm's area, at most COORDINATES_MAX_RADIUS_KM); in Poland (the
    country when none is given, as in specification 2.2) the voivodeship named in
    `region` or `location`; elsewhere the country alone, the region shown as given."""
    country = (supplier.get("country") or "PL").upper()
    region = (supplier.get("region") or supplier.get("location") or "").strip()
    if supplier.get("parcel_id"):
        if country != "PL":
            return "parcel", supplier["parcel_id"], PARCEL_OUTSIDE_POLAND
        return "parcel", supplier["parcel_id"], None
    if supplier.get("lat") is not None and supplier.get("lng") is not None:
        lat, lng = float(supplier["lat"]), float(supplier["lng"])
        radius = min(engine.radius_for_area(supplier.get("area_ha")), COORDINATES_MAX_RADIUS_KM)
        found = engine.country_at(lat, lng)
        if supplier.get("country") and found != country:
            return "coordinates", f"{lat:.6f},{lng:.6f},{radius:.3f}", COORDINATES_OUTSIDE_COUNTRY
        return "coordinates", f"{lat:.6f},{lng:.6f},{radius:.3f}", None
    if country == "PL":
        if not region:
            return "none", "", NO_LOCATION
        found_region = engine.voivodeship_by_name(region)
        if found_region is None:
            return "location", region, UNKNOWN_LOCATION
        return "voivodeship", found_region.name, None
    return "country", f"{country} {region}".strip(), None


def _fresh_in_cache(parcel_id: str) -> bool:
    return engine.parcel_is_cached(parcel_id=parcel_id)


def supplier_risks_assess(*, suppliers: list[dict[str, Any]]) -> tuple[list[SupplierRisk], dict[str, Any]]:
    """Risk per supplier in input order, and a summary: counts by level, the
    reasons for suppliers not assessed, and the data sources the engine used."""
    places = [_basis(supplier) for supplier in suppliers]
    commodities = [commodity_for_crop(supplier["crop_type"]) for supplier in suppliers]
    commodities_at: dict[tuple[str, str], dict[str, Commodity]] = defaultdict(dict)
    for (basis, value, reason), commodity in zip(places, commodities, strict=True):
        if not reason:
            commodities_at[(basis, value)][commodity.code] = commodity
    assessor = _Assessor(commodities_at)
    rows = [
        assessor.assess(i, place, c) for i, (place, c) in enumerate(zip(places, commodities, strict=True))
    ]
    levels = Counter(r.risk_level for r in rows if r.assessed)
    summary = {
        "by_level": {level: levels.get(level, 0) for level in ("low", "medium", "high", "critical")},
        "not_assessed": sum(1 for r in rows if not r.assessed),
        "not_assessed_by_reason": dict(Counter(r.reason for r in rows if not r.assessed)),
        "in_scope": sum(1 for r in rows if r.eudr_in_scope),
        "max_score": max((r.score for r in rows if r.score is not None), default=None),
        "sources": sorted(assessor.sources),
    }
    return rows, summary
