"""Risk-score services: the engine's pure parts joined to our data.

The pure modules beside this one know nothing of Django; here they meet the
benchmark table, the registered forest layers and the parcel cache.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import shapely
from django.conf import settings
from django.utils import timezone

from compliance.models import CountryBenchmark, ForestLayerRecord, ParcelRecord
from compliance.risk import countries, parcels
from compliance.risk.commodities import Commodity
from compliance.risk.forest import ForestLayer, LayerKind, circle, forest_evidence, open_layers
from compliance.risk.scoring import RiskScore, score_risk

_BENCHMARK_TTL_SECONDS = 60.0
_benchmark_cache: tuple[float, dict[str, str]] | None = None


def benchmark_table() -> dict[str, str]:
    """Country code → class, re-read at most once a minute so admin edits apply soon."""
    global _benchmark_cache  # noqa: PLW0603 - a per-process cache of a tiny table
    now = time.monotonic()
    if _benchmark_cache is None or now - _benchmark_cache[0] > _BENCHMARK_TTL_SECONDS:
        table = dict(CountryBenchmark.objects.values_list("country_code", "risk_class"))
        _benchmark_cache = (now, table)
    return _benchmark_cache[1]


def benchmark_cache_clear() -> None:
    global _benchmark_cache  # noqa: PLW0603
    _benchmark_cache = None


def benchmark_class(country_code: str | None) -> str | None:
    if country_code is None:
        return None
    # Implementing Regulation 2025/1093: every country not listed low or high is standard.
    return benchmark_table().get(country_code, "standard")


def configured_layers() -> list[ForestLayer]:
    """Layers from settings first (deployment-pinned), then registered ones."""
    layers = [
        ForestLayer(name=row["name"], path=Path(row["path"]), kind=LayerKind(row["kind"]))
        for row in settings.FOREST_LAYERS
    ]
    for record in ForestLayerRecord.objects.filter(active=True):
        layers.append(ForestLayer(name=record.name, path=Path(record.path), kind=LayerKind(record.kind)))
    return layers


def _score_area(
    *,
    country_code: str | None,
    area: shapely.Geometry | None,
    commodity: Commodity | None,
    layers: list[ForestLayer],
    sources: dict | None = None,
) -> RiskScore:
    evidence = (
        forest_evidence(area=area, layers=layers, sources=sources) if layers and area is not None else None
    )
    return score_risk(
        country_code=country_code,
        benchmark=benchmark_class(country_code),
        commodity=commodity,
        forest=evidence,
        country_source=countries.boundaries_source(),
    )


def risk_dict(result: RiskScore) -> dict[str, Any]:
    """The API shape of a score: the engine's fields with a flat country code."""
    data = result.to_dict()
    data["country"] = data.pop("country_code")
    if not data["data_coverage"]["layers_answered"] and not data["data_coverage"]["layers_missing"]:
        data["data_coverage"]["note"] = "no forest layer configured; score uses country and commodity only"
    return data


def risk_score_location(
    *, lat: float, lng: float, radius_km: float, commodity: Commodity | None = None
) -> dict[str, Any]:
    result = _score_area(
        country_code=countries.country_at(lat, lng),
        area=circle(lat=lat, lng=lng, radius_km=radius_km),
        commodity=commodity,
        layers=configured_layers(),
    )
    return {"location": {"lat": lat, "lng": lng, "radius_km": radius_km}, **risk_dict(result)}


def risk_score_batch(
    *, points: list[tuple[float, float]], radius_km: float, commodity: Commodity | None = None
) -> dict[str, Any]:
    layers = configured_layers()  # once per batch, not per point
    results = []
    by_level = {"low": 0, "medium": 0, "high": 0, "critical": 0}
    # Each layer file is opened once for the whole batch; without layers no
    # circle is needed at all.
    with open_layers(layers) as sources:
        for index, (lat, lng) in enumerate(points):
            result = _score_area(
                country_code=countries.country_at(lat, lng),
                area=circle(lat=lat, lng=lng, radius_km=radius_km) if layers else None,
                commodity=commodity,
                layers=layers,
                sources=sources,
            )
            by_level[result.risk_level] += 1
            results.append({"index": index, "location": {"lat": lat, "lng": lng}, **risk_dict(result)})
    summary = {
        "count": len(results),
        "by_level": by_level,
        "max_score": max((r["score"] for r in results), default=0),
        "radius_km": radius_km,
    }
    return {"results": results, "summary": summary}


def risk_score_geometry(
    *, geometry: shapely.Geometry, commodity: Commodity | None, point_radius_km: float
) -> dict[str, Any]:
    """Score a plot given as GeoJSON: polygons as drawn, points as circles of their area."""
    if geometry.geom_type in ("Point", "MultiPoint"):
        area = shapely.union_all(
            [circle(lat=p.y, lng=p.x, radius_km=point_radius_km) for p in shapely.get_parts(geometry)]
        )
    else:
        area = geometry
    centroid = geometry.centroid
    result = _score_area(
        country_code=countries.country_at(centroid.y, centroid.x),
        area=area,
        commodity=commodity,
        layers=configured_layers(),
    )
    return risk_dict(result)


def radius_for_area(area_ha: float | None) -> float:
    """The radius (km) of a circle with the plot's area; 50 m when the area is unknown."""
    if not area_ha:
        return 0.05
    return max(math.sqrt(area_ha / 100.0 / math.pi), 0.01)


@dataclass(frozen=True)
class Parcel:
    record: ParcelRecord
    geometry: shapely.Geometry
    from_cache: bool
    stale: bool


def parcel_get(*, parcel_id: str) -> Parcel:
    """The parcel's geometry: from our cache while fresh, else from ULDK.

    When ULDK is unreachable a cached copy of any age is used (flagged
    stale), so an outage of the national service does not stop screening.
    Raises parcels.ParcelNotFound or parcels.ParcelServiceUnavailable.
    """
    parsed = parcels.parse_parcel_id(parcel_id)
    cached = ParcelRecord.objects.filter(parcel_id=parsed.id).first()
    max_age = timedelta(days=settings.PARCEL_CACHE_DAYS)
    if cached and timezone.now() - cached.fetched_at <= max_age:
        return Parcel(cached, shapely.from_wkt(cached.geometry_wkt), from_cache=True, stale=False)
    try:
        fetched = parcels.fetch_parcel(
            parsed.id, base_url=settings.ULDK_BASE_URL, timeout=settings.ULDK_TIMEOUT_SECONDS
        )
    except parcels.ParcelServiceUnavailable:
        if cached is None:
            raise
        return Parcel(cached, shapely.from_wkt(cached.geometry_wkt), from_cache=True, stale=True)
    record, _ = ParcelRecord.objects.update_or_create(
        parcel_id=parsed.id,
        defaults={
            "teryt": fetched.teryt,
            "voivodeship": fetched.voivodeship,
            "county": fetched.county,
            "commune": fetched.commune,
            "geometry_wkt": fetched.geometry.wkt,
            "fetched_at": timezone.now(),
        },
    )
    return Parcel(record, fetched.geometry, from_cache=False, stale=False)


def risk_score_parcel(*, parcel_id: str, commodity: Commodity) -> dict[str, Any]:
    parcel = parcel_get(parcel_id=parcel_id)
    centroid = parcel.geometry.centroid
    result = _score_area(
        country_code=countries.country_at(centroid.y, centroid.x),
        area=parcel.geometry,
        commodity=commodity,
        layers=configured_layers(),
    )
    data = risk_dict(result)
    if parcel.stale:
        data["warnings"] = [*data["warnings"], "parcel service unreachable; cached geometry used"]
    record = parcel.record
    return {
        "parcel": {
            "id": record.parcel_id,
            "teryt": record.teryt,
            "voivodeship": record.voivodeship,
            "county": record.county,
            "commune": record.commune,
            "area_ha": round(_area_ha(parcel.geometry), 4),
            "centroid": {"lat": round(centroid.y, 6), "lng": round(centroid.x, 6)},
            "source": "GUGiK ULDK",
            "fetched_at": record.fetched_at.isoformat().replace("+00:00", "Z"),
            "from_cache": parcel.from_cache,
        },
        **data,
    }


def _area_ha(geometry: shapely.Geometry) -> float:
    """Approximate area: degrees scaled to kilometres at the geometry's latitude.

    Good to well under 1 % for parcel-sized shapes, which is all we report it for.
    """
    lat = geometry.centroid.y
    km_per_deg_lat = 110.574
    km_per_deg_lng = 111.320 * math.cos(math.radians(lat))
    return geometry.area * km_per_deg_lat * km_per_deg_lng * 100.0
