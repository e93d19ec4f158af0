"""Plot geolocation checked as the EU Information System checks it.

RFC 7946 GeoJSON in longitude-latitude order; Point, MultiPoint, Polygon or
MultiPolygon; closed rings with at least four positions; no self-intersection;
no holes; coordinates kept to 6 decimals (about 11 cm).

One rule for every point form (lat/lng, a GeoJSON Point, each position of a MultiPoint):
its area is the plot's, in hectares; when none is given it is the EU's default of 4 ha
(the GeoJSON rules, OPS 9.3.2: a point's `Area` "default 4 ha"), recorded and sent as
such; a given area is at least 0.0001 ha (OPS 9.3.2, 10.3; CF4
EUDR_COMMODITIES_PRODUCER_GEO_AREA_INVALID) and, except for cattle, at most 4 ha: a
larger plot needs a polygon (Regulation (EU) 2023/1115, Article 2(28) and 9(1)(d)).
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

import shapely
from shapely.geometry import shape
from shapely.validation import explain_validity

from risk.engine import MAX_POINT_AREA_HA

GEOMETRY_TYPES = ("Point", "MultiPoint", "Polygon", "MultiPolygon")
POINT_GEOMETRY_TYPES = ("Point", "MultiPoint")
# The EU's GeoJSON rules (OPS 9.3.2): a point without `Area` is taken as 4 ha; an Area
# below 0.0001 ha is refused (OPS 10.3). Applies from the Information System's V3 release.
DEFAULT_POINT_AREA_HA = Decimal(4)
MIN_POINT_AREA_HA = Decimal("0.0001")
DECIMALS = 6
MAX_POSITIONS = 20_000


class GeolocationError(ValueError):
    def __init__(self, message: str, code: str = "invalid_geometry") -> None:
        super().__init__(message)
        self.code = code


def _position(value: Any) -> list[float]:
    if not isinstance(value, list | tuple) or len(value) not in (2, 3):
        raise GeolocationError("A position is [longitude, latitude].")
    if not all(isinstance(c, int | float) and not isinstance(c, bool) and math.isfinite(c) for c in value):
        raise GeolocationError("Coordinates must be finite numbers.")
    lng, lat = float(value[0]), float(value[1])
    if not -180.0 <= lng <= 180.0:
        raise GeolocationError(f"Longitude {lng} is outside -180..180.", "coordinate_out_of_range")
    if not -90.0 <= lat <= 90.0:
        raise GeolocationError(
            f"Latitude {lat} is outside -90..90 (GeoJSON order is longitude, latitude).",
            "coordinate_out_of_range",
        )
    return [round(lng, DECIMALS), round(lat, DECIMALS)]


def _ring(value: Any) -> list[list[float]]:
    if not isinstance(value, list) or len(value) < 4:
        raise GeolocationError("A polygon ring needs at least four positions.", "ring_too_short")
    ring = [_position(p) for p in value]
    if ring[0] != ring[-1]:
        raise GeolocationError(
            "A polygon ring must be closed (first position equals the last).", "ring_not_closed"
        )
    return ring


def _polygon(value: Any) -> list[list[list[float]]]:
    if not isinstance(value, list) or not value:
        raise GeolocationError("A polygon is a list of rings.")
    if len(value) > 1:
        raise GeolocationError("Polygons with holes are not accepted.", "polygon_has_holes")
    return [_ring(value[0])]


def normalise_geometry(value: Any) -> dict[str, Any]:
    """A validated copy of a GeoJSON geometry, coordinates rounded; raises GeolocationError."""
    if not isinstance(value, dict) or value.get("type") not in GEOMETRY_TYPES:
        raise GeolocationError(f"type must be one of {', '.join(GEOMETRY_TYPES)}.", "unsupported_geometry")
    kind, coordinates = value["type"], value.get("coordinates")
    if _count_positions(coordinates) > MAX_POSITIONS:
        raise GeolocationError(f"At most {MAX_POSITIONS} positions per plot.", "geometry_too_large")
    if kind == "Point":
        normalised: Any = _position(coordinates)
    elif kind == "MultiPoint":
        if not isinstance(coordinates, list) or not coordinates:
            raise GeolocationError("A MultiPoint needs at least one position.")
        normalised = [_position(p) for p in coordinates]
    elif kind == "Polygon":
        normalised = _polygon(coordinates)
    else:
        if not isinstance(coordinates, list) or not coordinates:
            raise GeolocationError("A MultiPolygon needs at least one polygon.")
        normalised = [_polygon(p) for p in coordinates]
    geometry = {"type": kind, "coordinates": normalised}
    if kind in ("Polygon", "MultiPolygon"):
        parsed = shape(geometry)
        if not parsed.is_valid:
            raise GeolocationError(f"Invalid polygon: {explain_validity(parsed)}.", "self_intersection")
        if parsed.area == 0:
            raise GeolocationError("A polygon must enclose an area.", "degenerate_polygon")
    return geometry


def count_positions(geometry: Any) -> int:
    """Positions in a raw GeoJSON geometry (0 for anything that is not one)."""
    if not isinstance(geometry, dict):
        return 0
    return _count_positions(geometry.get("coordinates"))


def _count_positions(value: Any, depth: int = 0) -> int:
    if depth > 4 or not isinstance(value, list):
        return 1
    if value and not isinstance(value[0], list):
        return 1
    return sum(_count_positions(item, depth + 1) for item in value)


def is_point_plot(plot: dict[str, Any]) -> bool:
    """Whether a filed plot is given as a point: lat/lng, a GeoJSON Point or a MultiPoint."""
    return plot["kind"] == "point" or (
        plot["kind"] == "geometry" and plot["geometry"]["type"] in POINT_GEOMETRY_TYPES
    )


def point_area_ha(area_ha: Decimal | None) -> Decimal:
    """A point plot's area: the one given, or the EU's default of 4 ha (OPS 9.3.2)."""
    return DEFAULT_POINT_AREA_HA if area_ha is None else area_ha


def check_point_area(*, area_ha: Decimal | None, commodity_code: str) -> None:
    """The area rules of a point plot, the same for every point form (module docstring)."""
    area = point_area_ha(area_ha)
    if area < MIN_POINT_AREA_HA:
        raise GeolocationError(
            f"A point plot's area is at least {MIN_POINT_AREA_HA} ha (the EU refuses less).",
            "point_area_too_small",
        )
    if area > Decimal(str(MAX_POINT_AREA_HA)) and commodity_code != "cattle":
        raise GeolocationError(
            "A plot above 4 ha must be given as a polygon, not a point (except for cattle).",
            "point_plot_too_large",
        )


def to_shape(geometry: dict[str, Any]) -> shapely.Geometry:
    return shape(geometry)
