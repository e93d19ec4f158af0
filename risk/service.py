"""Risk-score services: the engine's pure parts joined to our data.

The pure modules beside this one know nothing of Django; here they meet the
benchmark table, the registered forest layers and the parcel cache.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import shapely
from django.conf import settings
from django.core.cache import cache
from django.utils import timezone
from django.utils.translation import gettext

from eudr_service.lib import upstreams
from eudr_service.lib.outages import CACHE_ERRORS
from eudr_service.lib.timestamps import iso_millis
from regulation.benchmark import benchmark_class
from regulation.commodities import Commodity
from risk import countries, parcels
from risk import geometry as geometry_rules
from risk.forest import (
    ForestEvidence,
    ForestLayer,
    LayerKind,
    circle,
    forest_evidence,
    is_remote,
    open_layers,
)
from risk.models import ForestLayerRecord, ParcelRecord
from risk.scoring import RiskScore, score_risk


def configured_layers() -> list[ForestLayer]:
    """Layers from settings first (deployment-pinned), then registered ones."""
    layers = [
        ForestLayer(
            name=row["name"],
            path=row["path"] if is_remote(row["path"]) else Path(row["path"]),
            kind=LayerKind(row["kind"]),
        )
        for row in settings.FOREST_LAYERS
    ]
    for record in ForestLayerRecord.objects.filter(active=True).prefetch_related("tiles"):
        layers.append(record.as_layer())
    return layers


def _score_area(
    *,
    country_code: str | None,
    area: shapely.Geometry | None,
    commodity: Commodity | None,
    layers: list[ForestLayer],
    sources: dict | None = None,
    on: date | None = None,
) -> RiskScore:
    evidence = (
        forest_evidence(area=area, layers=layers, sources=sources) if layers and area is not None else None
    )
    return _score_evidence(country_code=country_code, commodity=commodity, forest=evidence, on=on)


def _score_evidence(
    *,
    country_code: str | None,
    commodity: Commodity | None,
    forest: ForestEvidence | None,
    on: date | None = None,
) -> RiskScore:
    """`on`: the day whose benchmark applies (a statement's filing date); default today."""
    return score_risk(
        country_code=country_code,
        benchmark=benchmark_class(country_code, on),
        commodity=commodity,
        forest=forest,
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
    *, lat: float, lng: float, radius_km: float, commodity: Commodity | None = None, on: date | None = None
) -> dict[str, Any]:
    return risk_score_location_each(lat=lat, lng=lng, radius_km=radius_km, commodities=[commodity], on=on)[0]


def risk_score_location_each(
    *,
    lat: float,
    lng: float,
    radius_km: float,
    commodities: Sequence[Commodity | None],
    on: date | None = None,
) -> list[dict[str, Any]]:
    """One location scored for each commodity, in order. The forest layers are read
    once: the area is the same whatever the commodity, and reading a wide circle is
    the costly part (a CSRD report's suppliers share a few regions and many crops)."""
    layers = configured_layers()
    country_code = countries.country_at(lat, lng)
    # Only a forest layer reads the area; without one no circle is built.
    evidence = (
        forest_evidence(area=circle(lat=lat, lng=lng, radius_km=radius_km), layers=layers) if layers else None
    )
    return [
        {
            "location": {"lat": lat, "lng": lng, "radius_km": radius_km},
            **risk_dict(
                _score_evidence(country_code=country_code, commodity=commodity, forest=evidence, on=on)
            ),
        }
        for commodity in commodities
    ]


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
    *,
    geometry: shapely.Geometry,
    commodity: Commodity | None,
    point_radius_km: float,
    on: date | None = None,
) -> dict[str, Any]:
    """Score a plot given as GeoJSON: polygons as drawn, points as circles of their area.

    The circles and their union are the costly part of a MultiPoint and only a
    forest layer reads them: without one they are not built."""
    layers = configured_layers()
    area = area_for_geometry(geometry=geometry, point_radius_km=point_radius_km) if layers else None
    centroid = geometry.centroid
    result = _score_area(
        country_code=countries.country_at(centroid.y, centroid.x),
        area=area,
        commodity=commodity,
        layers=layers,
        on=on,
    )
    return risk_dict(result)


def area_for_geometry(*, geometry: shapely.Geometry, point_radius_km: float) -> shapely.Geometry:
    """The area a GeoJSON plot is screened over: polygons as drawn, points as circles."""
    if geometry.geom_type not in ("Point", "MultiPoint"):
        return geometry
    return shapely.union_all(
        [circle(lat=p.y, lng=p.x, radius_km=point_radius_km) for p in shapely.get_parts(geometry)]
    )


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


def parcel_is_cached(*, parcel_id: str) -> bool:
    """Whether the parcel is held fresh enough that scoring it calls no ULDK."""
    since = timezone.now() - timedelta(days=settings.PARCEL_CACHE_DAYS)
    return ParcelRecord.objects.filter(parcel_id=parcel_id, fetched_at__gte=since).exists()


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
    absent_key = f"uldk:absent:{parsed.id}"
    remembered = _cache_get(absent_key) if cached is None else None
    if remembered:
        raise parcels.ParcelNotFound(f"{remembered} (remembered from an earlier answer)")
    try:
        fetched = _uldk_fetch(parsed.id)
    except parcels.ParcelNotFound as exc:
        # Remembered with the register's words, so repeating an unknown identifier cannot
        # make us ask ULDK again and again.
        _cache_set(absent_key, settings.PARCEL_NOT_FOUND_CACHE_SECONDS, str(exc) or "parcel not found")
        raise
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


def _uldk_fetch(parcel_id: str) -> parcels.UldkParcel:
    """One ULDK lookup through its breaker, within the request's ULDK budget."""
    breaker = upstreams.breaker(upstreams.ULDK)
    try:
        breaker.check()
    except upstreams.CircuitOpen as exc:
        unavailable = parcels.ParcelServiceUnavailable(f"ULDK not asked: {exc}")
        unavailable.retry_after = exc.retry_after
        raise unavailable from exc
    try:
        fetched = parcels.fetch_parcel(
            parcel_id,
            base_url=settings.ULDK_BASE_URL,
            timeout=settings.ULDK_TIMEOUT_SECONDS,
            deadline=upstreams.deadline(upstreams.ULDK),
        )
    except parcels.ParcelLookupBudgetSpent:
        raise  # ULDK was not asked: says nothing about its health
    except parcels.ParcelServiceUnavailable:
        breaker.failure()
        raise
    except parcels.ParcelNotFound:
        breaker.success()  # ULDK answered
        raise
    breaker.success()
    return fetched


def _cache_get(key: str) -> str | None:
    try:
        value = cache.get(key)
    except CACHE_ERRORS:
        return None
    return value if isinstance(value, str) else ("parcel not found" if value else None)


def _cache_set(key: str, seconds: int, value: str) -> None:
    if seconds > 0:
        with contextlib.suppress(*CACHE_ERRORS):
            cache.set(key, value, seconds)


def risk_score_parcel(*, parcel_id: str, commodity: Commodity, on: date | None = None) -> dict[str, Any]:
    parcel = parcel_get(parcel_id=parcel_id)
    centroid = parcel.geometry.centroid
    result = _score_area(
        country_code=countries.country_at(centroid.y, centroid.x),
        area=parcel.geometry,
        commodity=commodity,
        layers=configured_layers(),
        on=on,
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
            "area_ha": round(geometry_area_ha(parcel.geometry), 4),
            "centroid": {"lat": round(centroid.y, 6), "lng": round(centroid.x, 6)},
            "source": parcel_source(),
            "fetched_at": iso_millis(record.fetched_at),
            "from_cache": parcel.from_cache,
        },
        **data,
    }


# make run's ULDK stand-in (standins/uldk.py) names itself in every `-1` it answers and,
# when a parcel is unknown, lists the parcels it holds. Read from its answer, not imported:
# the stand-ins are not installed in production.
STANDIN_MARK = "stand-in ULDK"


def parcel_register_is_standin() -> bool:
    """make run's stand-in (standins/uldk.py) serves made-up parcels on loopback."""
    return urlsplit(settings.ULDK_BASE_URL).hostname in ("127.0.0.1", "::1", "localhost")


def parcel_source() -> str:
    """Where parcel geometries come from: a record must not cite GUGiK for the stand-in's."""
    if parcel_register_is_standin():
        return "ULDK stand-in (local run, made-up parcels)"
    return "GUGiK ULDK"


def parcel_not_found_message(*, parcel_id: str, register_said: str) -> str | None:
    """Why a parcel is unknown when make run's stand-in answered: no register was asked, so
    the reader needs the parcels it knows and the way to the real one. None when a real
    register answered: its own words stand."""
    if STANDIN_MARK not in register_said:
        return None
    known = [m.group(0) for m in parcels.PARCEL_ID.finditer(register_said.split(STANDIN_MARK, 1)[1])]
    return gettext(
        "%(id)s is not one of the parcels the local ULDK stand-in of make run knows "
        "(made-up parcels for trying the service: %(parcels)s; README, “To the EU Information "
        "System, offline”). No real register was asked. To look parcels up in GUGiK's ULDK, "
        "start the service with ULDK_BASE_URL=%(real)s."
    ) % {"id": parcel_id, "parcels": ", ".join(known), "real": settings.ULDK_PUBLIC_URL}


def geometry_area_ha(geometry: shapely.Geometry) -> float:
    """Approximate area: degrees scaled to kilometres at the geometry's latitude.

    Good to well under 1 % for parcel-sized shapes, which is all we report it for.
    """
    lat = geometry.centroid.y
    km_per_deg_lat = 110.574
    km_per_deg_lng = 111.320 * math.cos(math.radians(lat))
    return geometry.area * km_per_deg_lat * km_per_deg_lng * 100.0


def risk_score_country(*, country_code: str, commodity: Commodity | None = None) -> dict[str, Any]:
    """Score on the country alone, for a supplier known only by its country (and a
    region we cannot place): the country benchmark and the commodity, no forest layer
    (there is no area to read). The warning says so in every answer."""
    result = _score_area(country_code=country_code.upper(), area=None, commodity=commodity, layers=[])
    data = risk_dict(result)
    data["warnings"] = [
        *data["warnings"],
        "scored on the country only: no plot location given, so no forest data was read",
    ]
    return data


def plot_area(plot: geometry_rules.Plot, *, radius_km: float | None) -> shapely.Geometry:
    """What a plot's forest shares are read over: a polygon as drawn; a point (or each
    point of a MultiPoint) as a circle of `radius_km` if given, else of the declared
    `Area`, else of DEFAULT_POINT_RADIUS_KM."""
    geometry = plot.geometry
    if geometry.geom_type not in ("Point", "MultiPoint"):
        return geometry
    if radius_km is None:
        declared = plot.declared_area_ha
        radius_km = radius_for_area(declared) if declared else DEFAULT_POINT_RADIUS_KM
    circles = [circle(lat=p.y, lng=p.x, radius_km=radius_km) for p in shapely.get_parts(geometry)]
    return circles[0] if len(circles) == 1 else shapely.union_all(circles)


DEFAULT_POINT_RADIUS_KM = 1.0  # as for {lat, lng} locations


def _plot_result(
    plot: geometry_rules.Plot,
    *,
    commodity: Commodity | None,
    radius_km: float | None,
    declared_country: str | None,
    layers: list[ForestLayer],
    sources: dict | None,
) -> dict[str, Any]:
    centroid = plot.geometry.centroid
    country = countries.country_at(centroid.y, centroid.x)
    geometry_rules.plot_checks(
        plot,
        commodity_code=commodity.code if commodity else None,
        country=country,
        declared_country=declared_country,
    )
    area = plot_area(plot, radius_km=radius_km) if layers else None
    result = score_risk(
        country_code=country,
        benchmark=benchmark_class(country),
        commodity=commodity,
        forest=forest_evidence(area=area, layers=layers, sources=sources) if area is not None else None,
        country_source=countries.boundaries_source(),
    )
    polygonal = plot.geometry.geom_type in ("Polygon", "MultiPolygon")
    return {
        "plot": {
            "geometry_type": plot.geometry.geom_type,
            "properties": plot.properties,
            "area_ha": round(geometry_rules.area_ha(plot.geometry), 4) if polygonal else None,
            "centroid": {"lat": round(centroid.y, 6), "lng": round(centroid.x, 6)},
            # Polygons are read as drawn; points as circles (docs/risk-methodology.md).
            "scored_as": "polygon" if polygonal else "circle",
            "radius_km": None if polygonal else _radius_used(plot, radius_km),
        },
        "diagnostics": [d.to_dict() for d in plot.diagnostics],
        **risk_dict(result),
    }


def _radius_used(plot: geometry_rules.Plot, radius_km: float | None) -> float:
    if radius_km is not None:
        return radius_km
    declared = plot.declared_area_ha
    return round(radius_for_area(declared), 6) if declared else DEFAULT_POINT_RADIUS_KM


def risk_score_plot(
    *,
    plot: geometry_rules.Plot,
    commodity: Commodity | None = None,
    radius_km: float | None = None,
    declared_country: str | None = None,
) -> dict[str, Any]:
    """Score one GeoJSON plot (polygon by its own area, point as a circle)."""
    layers = configured_layers()
    with open_layers(layers) as sources:
        return _plot_result(
            plot,
            commodity=commodity,
            radius_km=radius_km,
            declared_country=declared_country,
            layers=layers,
            sources=sources,
        )


def risk_score_plots(
    *,
    plots: list[geometry_rules.Plot],
    commodity: Commodity | None = None,
    radius_km: float | None = None,
    declared_country: str | None = None,
    mark_duplicates: bool = True,
) -> dict[str, Any]:
    """Score GeoJSON plots in input order, each layer opened once, with a summary."""
    if mark_duplicates:
        geometry_rules.plots_mark_duplicates(plots)
    layers = configured_layers()
    results = []
    by_level = {"low": 0, "medium": 0, "high": 0, "critical": 0}
    with open_layers(layers) as sources:
        for index, plot in enumerate(plots):
            item = _plot_result(
                plot,
                commodity=commodity,
                radius_km=radius_km,
                declared_country=declared_country,
                layers=layers,
                sources=sources,
            )
            by_level[item["risk_level"]] += 1
            centroid = item["plot"]["centroid"]
            results.append({"index": index, "location": centroid, **item})
    summary = {
        "count": len(results),
        "by_level": by_level,
        "max_score": max((r["score"] for r in results), default=0),
        "radius_km": radius_km,
    }
    return {"results": results, "summary": summary}
