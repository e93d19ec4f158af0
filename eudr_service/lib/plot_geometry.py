"""A plot's geometry by the EU's GeoJSON rules: the one validator that DDS filing
(compliance) and the risk endpoints (risk) both check plots with.

The rules (the EU Information System's GeoJSON description, OPS 9.3.2 and 10.3; RFC 7946):
longitude-latitude positions within -180..180 and -90..90; Point, MultiPoint, Polygon or
MultiPolygon; closed rings of at least four positions; no holes; no self-intersection; at
most 20,000 positions per plot; six decimals kept (about 11 cm). A point's area is the
plot's: 4 ha when none is given (OPS 9.3.2), at least 0.0001 ha (OPS 10.3), and a plot
over 4 ha needs a polygon, cattle excepted (Regulation (EU) 2023/1115, Article 2(28) and
9(1)(d)).

Why here: compliance and risk both need the rules, and an app may import only the floors
below it (docs/architecture.md). Reaching them through `risk.engine` would make filing
depend on the risk engine for rules that are not the engine's (it knows no statements,
and its modules must be free to change behind its door); `regulation` holds the law's
tables and the questions asked of them, not a GeoJSON parser. A model-free helper both
may import is what `eudr_service/lib` is for.

The two surfaces answer differently by contract: filing refuses with the first problem
and stores the plot at the EU's six decimals; the risk endpoints list every problem,
offer repairs and score the plot as sent. Each passes a `Profile` saying how; where
their published answers already differ (a code, a wording, an open triangle), the
profile keeps each one's, so the rules live once without changing what a client sees.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, NamedTuple

import shapely
from shapely.geometry import mapping, shape
from shapely.validation import explain_validity

GEOMETRY_TYPES = ("Point", "MultiPoint", "Polygon", "MultiPolygon")
POINT_GEOMETRY_TYPES = ("Point", "MultiPoint")
POLYGON_GEOMETRY_TYPES = ("Polygon", "MultiPolygon")
DECIMALS = 6  # what the EU Information System keeps
MAX_POSITIONS = 20_000  # per plot
DEFAULT_POINT_AREA_HA = Decimal(4)  # OPS 9.3.2: a point without `Area` is taken as 4 ha
MIN_POINT_AREA_HA = Decimal("0.0001")  # OPS 10.3, CF4 EUDR_COMMODITIES_PRODUCER_GEO_AREA_INVALID
MAX_POINT_AREA_HA = Decimal(4)  # Article 2(28): a larger plot needs a polygon (not for cattle)


class Code:
    """Stable codes of the rules' findings (docs/geometry-diagnostics.md)."""

    UNSUPPORTED_GEOMETRY = "unsupported_geometry"
    INVALID_COORDINATES = "invalid_coordinates"
    COORDINATE_OUT_OF_RANGE = "coordinate_out_of_range"
    RING_TOO_SHORT = "ring_too_short"
    RING_NOT_CLOSED = "ring_not_closed"
    POLYGON_HAS_HOLES = "polygon_has_holes"
    SELF_INTERSECTION = "self_intersection"
    DEGENERATE_POLYGON = "degenerate_polygon"
    GEOMETRY_TOO_LARGE = "geometry_too_large"


@dataclass(frozen=True)
class Profile:
    """How a surface reads a plot (module docstring); the rules are the same."""

    decimals: int | None  # round each position as read (closure and validity judged so), or keep it
    repairs: bool  # offer repaired geometries; an open triangle is then "not closed", else "too short"
    malformed_code: str  # the code for coordinates that are not GeoJSON's shape
    range_by_axis: bool  # name the axis out of range, or the whole position


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    repaired: dict[str, Any] | None = None  # a geometry the user may send back instead


class GeometryInvalid(ValueError):
    def __init__(self, findings: list[Finding]) -> None:
        super().__init__("; ".join(f.message for f in findings))
        self.findings = findings  # in the order found: the first is what a fail-fast surface says


class Checked(NamedTuple):
    geojson: dict[str, Any]  # {"type", "coordinates"}, positions as the profile reads them
    shape: shapely.Geometry


def geometry_check(value: Any, profile: Profile) -> Checked:
    """A bare GeoJSON geometry checked by every rule; raises GeometryInvalid with all it found."""
    if not isinstance(value, dict) or value.get("type") not in GEOMETRY_TYPES:
        message = f"type must be one of {', '.join(GEOMETRY_TYPES)}."
        raise GeometryInvalid([Finding(Code.UNSUPPORTED_GEOMETRY, message)])
    kind, coordinates = value["type"], value.get("coordinates")
    if _count(coordinates) > MAX_POSITIONS:
        message = f"At most {MAX_POSITIONS} positions per plot."
        raise GeometryInvalid([Finding(Code.GEOMETRY_TOO_LARGE, message)])
    findings: list[Finding] = []
    geojson = {"type": kind, "coordinates": _Reader(profile, findings).coordinates(kind, coordinates)}
    if findings:
        raise GeometryInvalid(findings)
    parsed = shape(geojson)
    if kind in POLYGON_GEOMETRY_TYPES:
        findings = _polygonal_findings(parsed, repairs=profile.repairs)
        if findings:
            raise GeometryInvalid(findings)
    return Checked(geojson, parsed)


def count_positions(geometry: Any) -> int:
    """Positions in a raw GeoJSON geometry (0 for anything that is not one)."""
    if not isinstance(geometry, dict):
        return 0
    return _count(geometry.get("coordinates"))


def point_area_ha(area_ha: Decimal | None) -> Decimal:
    """A point plot's area: the one given, or the EU's default of 4 ha (OPS 9.3.2)."""
    return DEFAULT_POINT_AREA_HA if area_ha is None else area_ha


def point_area_too_small(area_ha: Decimal) -> bool:
    return area_ha < MIN_POINT_AREA_HA


def point_needs_polygon(area_ha: Decimal | float, commodity_code: str | None) -> bool:
    """Article 2(28): a plot over 4 ha is given as a polygon; cattle are excepted."""
    return area_ha > MAX_POINT_AREA_HA and commodity_code != "cattle"


def rounded(geometry: shapely.Geometry) -> shapely.Geometry:
    return shapely.transform(geometry, lambda xy: xy.round(DECIMALS))


def to_geojson(geometry: shapely.Geometry) -> dict[str, Any]:
    """A shape as a GeoJSON geometry of plain lists (what a client sends back)."""
    data = mapping(geometry)

    def lists(value: Any) -> Any:
        return [lists(v) for v in value] if isinstance(value, list | tuple) else value

    return {"type": data["type"], "coordinates": lists(data["coordinates"])}


def _count(value: Any, depth: int = 0) -> int:
    if depth > 4 or not isinstance(value, list):
        return 1
    if value and not isinstance(value[0], list):
        return 1
    return sum(_count(item, depth + 1) for item in value)


class _Reader:
    """Reads coordinates by the rules, noting every finding and going on past a broken
    part (a stand-in takes its place), so a diagnosing surface can list them all."""

    def __init__(self, profile: Profile, findings: list[Finding]) -> None:
        self.profile, self.findings = profile, findings

    def _note(self, code: str, message: str, repaired: dict[str, Any] | None = None) -> None:
        self.findings.append(Finding(code, message, repaired))

    def coordinates(self, kind: str, value: Any) -> Any:
        if kind == "Point":
            return self.position(value)
        if kind == "MultiPoint":
            if not isinstance(value, list) or not value:
                self._note(self.profile.malformed_code, "A MultiPoint needs at least one position.")
                return []
            return [self.position(p) for p in value]
        if kind == "Polygon":
            return self.polygon(value)
        if not isinstance(value, list) or not value:
            self._note(self.profile.malformed_code, "A MultiPolygon needs at least one polygon.")
            return []
        return [self.polygon(p) for p in value]

    def position(self, value: Any) -> list[float]:
        if not isinstance(value, list | tuple) or len(value) not in (2, 3):
            self._note(self.profile.malformed_code, "A position is [longitude, latitude].")
            return [0.0, 0.0]
        if not all(_is_coordinate(c) for c in value):
            self._note(self.profile.malformed_code, "Coordinates must be finite numbers.")
            return [0.0, 0.0]
        lng, lat = float(value[0]), float(value[1])
        if not -180.0 <= lng <= 180.0 or not -90.0 <= lat <= 90.0:
            self._note(Code.COORDINATE_OUT_OF_RANGE, _out_of_range(lng, lat, self.profile.range_by_axis))
        if self.profile.decimals is None:
            return [lng, lat]
        return [round(lng, self.profile.decimals), round(lat, self.profile.decimals)]

    def polygon(self, value: Any) -> list[list[list[float]]]:
        if not isinstance(value, list) or not value:
            self._note(self.profile.malformed_code, "A polygon is a list of rings.")
            return [_placeholder_ring()]
        if len(value) > 1:
            # Dropping the holes would change the plot; no repair is offered.
            self._note(Code.POLYGON_HAS_HOLES, "Polygons with holes are not accepted.")
        return [self.ring(value[0])]

    def ring(self, value: Any) -> list[list[float]]:
        too_short = "A polygon ring needs at least four positions."
        # With repairs, three open positions are a triangle to close (that is the repair).
        shortest = 3 if self.profile.repairs else 4
        if not isinstance(value, list) or len(value) < shortest:
            self._note(Code.RING_TOO_SHORT, too_short)
            return _placeholder_ring()
        ring = [self.position(p) for p in value]
        if ring[0] != ring[-1]:
            closed = [*ring, ring[0]]
            repaired = _closed_ring_repair(closed) if self.profile.repairs else None
            message = "A polygon ring must be closed (first position equals the last)."
            self._note(Code.RING_NOT_CLOSED, message, repaired)
            return closed
        if len(ring) < 4:
            self._note(Code.RING_TOO_SHORT, too_short)
            return _placeholder_ring()
        return ring


def _placeholder_ring() -> list[list[float]]:
    """Stands in for a ring too broken to read, so the check goes on and reports the rest."""
    return [[0, 0], [1, 0], [1, 1], [0, 0]]


def _is_coordinate(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _out_of_range(lng: float, lat: float, by_axis: bool) -> str:
    if not by_axis:
        return (
            f"Position [{lng}, {lat}] is outside [-180..180, -90..90] (GeoJSON order is longitude, latitude)."
        )
    if not -180.0 <= lng <= 180.0:
        return f"Longitude {lng} is outside -180..180."
    return f"Latitude {lat} is outside -90..90 (GeoJSON order is longitude, latitude)."


def _closed_ring_repair(closed: list[list[float]]) -> dict[str, Any] | None:
    candidate = shapely.Polygon(closed)
    if candidate.is_valid and candidate.area > 0:
        return to_geojson(rounded(shapely.orient_polygons(candidate)))
    return None


def _polygonal_findings(geometry: shapely.Geometry, *, repairs: bool) -> list[Finding]:
    if not geometry.is_valid:
        repaired = None
        if repairs:
            part = _polygonal(shapely.make_valid(geometry))
            repaired = to_geojson(rounded(shapely.orient_polygons(part))) if part is not None else None
        message = f"Invalid polygon: {explain_validity(geometry)}."
        return [Finding(Code.SELF_INTERSECTION, message, repaired)]
    if geometry.area == 0:
        return [Finding(Code.DEGENERATE_POLYGON, "A polygon must enclose an area.")]
    return []


def _polygonal(geometry: shapely.Geometry) -> shapely.Geometry | None:
    """The polygonal part of make_valid's answer (it may add lines or points), without
    holes; None if nothing of area is left."""
    parts = [p for p in shapely.get_parts(geometry) if p.geom_type == "Polygon" and p.area > 0]
    if any(p.interiors for p in parts):
        return None  # a repair with a hole would itself be refused; none is offered
    for part in shapely.get_parts(geometry):
        if part.geom_type in ("MultiPolygon", "GeometryCollection"):
            inner = _polygonal(part)
            if inner is not None:
                parts.extend(shapely.get_parts(inner))
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else shapely.MultiPolygon(parts)
