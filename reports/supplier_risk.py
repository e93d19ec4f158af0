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
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from risk import service as risk_service
from risk.commodities import Commodity, commodity_from_code
from risk.countries import country_at
from risk.parcels import ParcelNotFound, ParcelServiceUnavailable
from risk.voivodeships import voivodeship_by_name

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


class _Assessor:
    """Scores suppliers of one report, computing each distinct (place, commodity)
    once: a thousand suppliers usually share a few dozen parcels or regions."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, str, str], dict[str, Any]] = {}
        self._uldk_down = False
        self.sources: set[str] = set()  # every data source the engine cited, for the appendix

    def assess(self, index: int, supplier: dict[str, Any]) -> SupplierRisk:
        commodity = commodity_for_crop(supplier["crop_type"])
        basis, value, reason = _basis(supplier)
        if reason:
            return SupplierRisk(index, basis, value, commodity.in_scope, reason=reason)
        key = (basis, value, commodity.code)
        if key not in self._cache:
            self._cache[key] = self._score(basis, value, commodity)
        result = self._cache[key]
        self.sources.update(f["source"] for f in result.get("factors", ()) if f["source"] != "methodology")
        if "reason" in result:
            return SupplierRisk(index, basis, value, commodity.in_scope, reason=result["reason"])
        return SupplierRisk(
            index,
            basis,
            value,
            commodity.in_scope,
            score=result["score"],
            risk_level=result["risk_level"],
            country=result["country"],
            warnings=tuple(result["warnings"]),
        )

    def _score(self, basis: str, value: str, commodity: Commodity) -> dict[str, Any]:
        try:
            if basis == "coordinates":
                lat, lng, radius = (float(part) for part in value.split(",")[:3])
                return risk_service.risk_score_location(
                    lat=lat, lng=lng, radius_km=radius, commodity=commodity
                )
            if basis == "country":
                code = value.split(" ", maxsplit=1)[0]
                return risk_service.risk_score_country(country_code=code, commodity=commodity)
            if basis == "voivodeship":
                region = voivodeship_by_name(value)
                return risk_service.risk_score_location(
                    lat=region.lat, lng=region.lng, radius_km=VOIVODESHIP_RADIUS_KM, commodity=commodity
                )
            if self._uldk_down and not _fresh_in_cache(value):
                # ULDK already failed in this report: do not wait for its timeout once per parcel.
                return {"reason": PARCEL_SERVICE_UNAVAILABLE}
            return risk_service.risk_score_parcel(parcel_id=value, commodity=commodity)
        except ParcelNotFound:
            return {"reason": PARCEL_NOT_FOUND}
        except ParcelServiceUnavailable:
            self._uldk_down = True
            return {"reason": PARCEL_SERVICE_UNAVAILABLE}
        except Exception:
            # One unexpected failure (a damaged raster, say) must not lose the other suppliers.
            logger.exception("risk engine failed for a CSRD supplier (%s %s)", basis, value)
            return {"reason": ENGINE_ERROR}


def _basis(supplier: dict[str, Any]) -> tuple[str, str, str | None]:
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
        radius = min(risk_service.radius_for_area(supplier.get("area_ha")), COORDINATES_MAX_RADIUS_KM)
        found = country_at(lat, lng)
        if supplier.get("country") and found != country:
            return "coordinates", f"{lat:.6f},{lng:.6f},{radius:.3f}", COORDINATES_OUTSIDE_COUNTRY
        return "coordinates", f"{lat:.6f},{lng:.6f},{radius:.3f}", None
    if country == "PL":
        if not region:
            return "none", "", NO_LOCATION
        found_region = voivodeship_by_name(region)
        if found_region is None:
            return "location", region, UNKNOWN_LOCATION
        return "voivodeship", found_region.name, None
    return "country", f"{country} {region}".strip(), None


def _fresh_in_cache(parcel_id: str) -> bool:
    return risk_service.parcel_is_cached(parcel_id=parcel_id)


def supplier_risks_assess(*, suppliers: list[dict[str, Any]]) -> tuple[list[SupplierRisk], dict[str, Any]]:
    """Risk per supplier in input order, and a summary: counts by level, the
    reasons for suppliers not assessed, and the data sources the engine used."""
    assessor = _Assessor()
    rows = [assessor.assess(i, s) for i, s in enumerate(suppliers)]
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
