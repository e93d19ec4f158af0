"""GeoJSON checks, from OPS chapter 9 ("EUDR GeoJSON File Description" v1.3) and 10.3.

Codes from CF4 v1.4 (spelled with hyphens, as the EU's answers write codes):
GEO-INVALID (unreadable or unsupported file), GEO-LATITUDE-INVALID /
GEO-LONGITUDE-INVALID (range), GEO-INVALID-GEOMETRY ("Each polygon must have at least
4 non-aligned points and cannot have intersections between sides"), GEO-AREA-INVALID.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import json
import math
from collections.abc import Iterator
from typing import Any

from standins.fake_eu import limits
from standins.fake_eu.soap import Problem

GEO_INVALID = "EUDR-COMMODITIES-PRODUCER-GEO-INVALID"
LATITUDE_INVALID = "EUDR-COMMODITIES-PRODUCER-GEO-LATITUDE-INVALID"
LONGITUDE_INVALID = "EUDR-COMMODITIES-PRODUCER-GEO-LONGITUDE-INVALID"
INVALID_GEOMETRY = "EUDR-COMMODITIES-PRODUCER-GEO-INVALID-GEOMETRY"
AREA_INVALID = "EUDR-COMMODITIES-PRODUCER-GEO-AREA-INVALID"

# OPS 4.1.3 DdsProducerType and 9.2: Point, MultiPoint, Polygon, MultiPolygon,
# GeometryCollection (Feature / FeatureCollection as containers). OPS 9.2: LineString
# and MultiLineString "will not be accepted/processed".
_GEOMETRIES = {"Point", "MultiPoint", "Polygon", "MultiPolygon"}
# Self-intersection is checked pairwise; rings longer than this are not checked for it.
_CROSSING_CHECK_MAX_POSITIONS = 3000


class _Unreadable(Exception):
    pass


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _truncate(value: float) -> float:
    # OPS 9.3.2 note 1, 10.3: "the system truncate the value to 6 decimals".
    factor = 10**limits.COORDINATE_DECIMALS
    return math.trunc(value * factor) / factor


def _position(value: Any) -> tuple[float, float]:
    # OPS 9.2: "A position is represented by an array of numbers. There must be at least two".
    if not isinstance(value, list) or len(value) < 2 or not all(_number(v) for v in value):
        raise _Unreadable("a position must be an array of at least two numbers")
    return _truncate(value[0]), _truncate(value[1])


def _features(document: Any, area: Any = None) -> Iterator[tuple[dict, Any]]:
    """(geometry, Area property) of every geometry in a GeoJSON document."""
    if not isinstance(document, dict):
        raise _Unreadable("a GeoJSON object is expected")
    kind = document.get("type")
    if kind == "FeatureCollection":
        features = document.get("features")
        if not isinstance(features, list) or not features:
            raise _Unreadable("a FeatureCollection needs features")
        for feature in features:
            yield from _features(feature)
    elif kind == "Feature":
        properties = document.get("properties") or {}
        if not isinstance(properties, dict):
            raise _Unreadable("properties must be an object")
        yield from _features(document.get("geometry"), properties.get("Area", area))
    elif kind == "GeometryCollection":
        geometries = document.get("geometries")
        if not isinstance(geometries, list) or not geometries:
            raise _Unreadable("a GeometryCollection needs geometries")
        for geometry in geometries:
            yield from _features(geometry, area)
    elif kind in _GEOMETRIES:
        yield document, area
    else:
        raise _Unreadable(f"geometry type {kind!r} is not accepted")


def _orientation(a, b, c) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a, b, p) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _segments_meet(p1, p2, q1, q2) -> bool:
    d1, d2 = _orientation(q1, q2, p1), _orientation(q1, q2, p2)
    d3, d4 = _orientation(p1, p2, q1), _orientation(p1, p2, q2)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)):
        return True
    return (
        (d1 == 0 and _on_segment(q1, q2, p1))
        or (d2 == 0 and _on_segment(q1, q2, p2))
        or (d3 == 0 and _on_segment(p1, p2, q1))
        or (d4 == 0 and _on_segment(p1, p2, q2))
    )


def _ring_problem(ring: list[tuple[float, float]]) -> str | None:
    """Why a polygon's ring is refused (OPS 9.2, 9.5; CF4 GEO-INVALID-GEOMETRY), or None."""
    if len(ring) < limits.POLYGON_RING_MIN_POSITIONS:
        return "A polygon needs at least four positions."  # OPS 9.2
    if ring[0] != ring[-1]:
        return "The polygon is open: its first and last positions differ."  # OPS 9.2, 9.5 (4)
    vertices = ring[:-1]
    if any(vertices[i] == vertices[i + 1] for i in range(len(vertices) - 1)):
        # OPS 9.5 (7): positions that coincide once truncated to 6 decimals.
        return "Two consecutive positions coincide."
    if len(set(vertices)) < 3 or all(_orientation(vertices[0], vertices[1], p) == 0 for p in vertices[2:]):
        return "The positions are aligned: the polygon has no area."  # OPS 9.5 (6), CF4
    if len(ring) <= _CROSSING_CHECK_MAX_POSITIONS:
        edges = list(itertools.pairwise(ring))
        count = len(edges)
        for i in range(count):
            for j in range(i + 1, count):
                if j == i + 1 or (i == 0 and j == count - 1):
                    continue  # neighbours share a vertex
                if _segments_meet(*edges[i], *edges[j]):
                    return "The polygon's sides cross."  # OPS 9.2, 9.5 (1) and (2), CF4
    return None


def _polygon_problems(coordinates: Any) -> list[str]:
    if not isinstance(coordinates, list) or not coordinates:
        raise _Unreadable("a polygon needs a ring")
    if len(coordinates) > 1:
        # OPS 9.2 important note: "Polygons with holes (i.e., doughnut shapes) ... are not
        # supported and will not be processed"; 9.5 (3). (9.5 (15) says holes are ignored.)
        return ["Polygons with holes are not accepted."]
    ring = coordinates[0]
    if not isinstance(ring, list):
        raise _Unreadable("a ring must be an array of positions")
    problem = _ring_problem([_position(p) for p in ring])
    return [problem] if problem else []


def _positions(geometry: dict) -> list[tuple[float, float]]:
    kind, coordinates = geometry["type"], geometry.get("coordinates")
    if kind == "Point":
        # OPS 9.5 (14): "The coordinates for points should be array and not array of arrays".
        return [_position(coordinates)]
    depth = {"MultiPoint": 1, "Polygon": 2, "MultiPolygon": 3}[kind]

    def flatten(value: Any, level: int) -> Iterator[tuple[float, float]]:
        if not isinstance(value, list) or not value:
            raise _Unreadable(f"{kind} coordinates are malformed")
        if level == 0:
            yield _position(value)
        else:
            for item in value:
                yield from flatten(item, level - 1)

    return list(flatten(coordinates, depth))


def _area_ok(area: Any, *, cattle: bool) -> bool:
    if not _number(area) or area < limits.POINT_AREA_MIN_HA:
        return False
    return cattle or area <= limits.POINT_AREA_MAX_HA


def geolocation_problems(encoded: str, *, cattle: bool, field: str) -> list[Problem]:
    """Every problem of one producer's geometryGeojson (base64 of a GeoJSON document)."""
    try:
        document = json.loads(base64.b64decode(encoded, validate=True))
        geometries = list(_features(document))
        positions = [(geometry, _positions(geometry), area) for geometry, area in geometries]
    except (binascii.Error, ValueError, UnicodeDecodeError, _Unreadable) as exc:
        return [Problem(GEO_INVALID, f"The GeoJSON cannot be processed: {exc}.", field)]
    problems: list[Problem] = []
    for geometry, points, area in positions:
        # OPS 10.3 "Geolocation invalid coordinates", 9.5 (11); CF4.
        if any(not -90 <= lat <= 90 for _lng, lat in points):
            problems.append(Problem(LATITUDE_INVALID, "Latitude must be between -90 and +90.", field))
        if any(not -180 <= lng <= 180 for lng, _lat in points):
            problems.append(Problem(LONGITUDE_INVALID, "Longitude must be between -180 and +180.", field))
        polygons = {"Polygon": [geometry.get("coordinates")], "MultiPolygon": geometry.get("coordinates")}
        for polygon in polygons.get(geometry["type"], []):
            for message in _polygon_problems(polygon):
                problems.append(Problem(INVALID_GEOMETRY, message, field))
        # OPS 10.3 "Geolocation area for point"; 9.5 (14): a quoted number is no number.
        if geometry["type"] == "Point" and area is not None and not _area_ok(area, cattle=cattle):
            problems.append(
                Problem(AREA_INVALID, "The area of a point must be a number from 0.0001 to 4 ha.", field)
            )
    return problems
