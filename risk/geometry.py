"""Plot geometries sent to the risk endpoints: parsed by the EU's GeoJSON rules, with
diagnostics a user can act on.

The rules are those the EU Information System applies to a DDS's geolocation (and
that DDS filing applies): RFC 7946 GeoJSON in longitude-latitude order; Point,
MultiPoint, Polygon or MultiPolygon; closed rings of at least four positions; no
self-intersection; no holes; a point plot of at most 4 ha except for cattle
(Regulation (EU) 2023/1115, Article 2(28) and 9(1)(d)).

Every finding has a stable code (docs/geometry-diagnostics.md). An `error` refuses the
plot; a `warning` leaves it scored but doubtful. Where a repair is safe the finding
carries the repaired geometry, which is never used silently: the plot is scored as
sent, and the user may send the repaired geometry back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry import mapping, shape
from shapely.validation import explain_validity

GEOMETRY_TYPES = ("Point", "MultiPoint", "Polygon", "MultiPolygon")
DECIMALS = 6  # about 11 cm; the EU Information System keeps six decimals
MAX_POSITIONS = 20_000  # per plot, as in DDS filing
MAX_POINT_AREA_HA = 4.0  # Article 2(28): a plot over 4 ha needs a polygon (not for cattle)
AREA_MISMATCH_TOLERANCE = 0.10  # declared Area off by more than 10 % of the polygon's area
_KM2_PER_DEG2_AT_EQUATOR = 110.574 * 111.320


class Code:
    """Stable diagnostic codes (documented in docs/geometry-diagnostics.md)."""

    UNSUPPORTED_GEOMETRY = "unsupported_geometry"
    INVALID_COORDINATES = "invalid_coordinates"
    COORDINATE_OUT_OF_RANGE = "coordinate_out_of_range"
    RING_TOO_SHORT = "ring_too_short"
    RING_NOT_CLOSED = "ring_not_closed"
    POLYGON_HAS_HOLES = "polygon_has_holes"
    SELF_INTERSECTION = "self_intersection"
    DEGENERATE_POLYGON = "degenerate_polygon"
    GEOMETRY_TOO_LARGE = "geometry_too_large"
    RING_ORIENTATION = "ring_orientation"
    EXCESS_PRECISION = "excess_precision"
    POINT_OVER_4HA = "point_over_4ha"
    AREA_MISMATCH = "area_mismatch"
    DUPLICATE_PLOT = "duplicate_plot"
    IN_SEA = "in_sea"
    OUTSIDE_DECLARED_COUNTRY = "outside_declared_country"


@dataclass(frozen=True)
class Diagnostic:
    code: str
    severity: str  # "error": refused; "warning": scored, but check it
    message: str
    repaired: dict[str, Any] | None = None  # a geometry the user may send back instead

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "severity": self.severity, "message": self.message}
        if self.repaired is not None:
            data["repaired_geometry"] = self.repaired
        return data


@dataclass
class Plot:
    """One plot as sent: its shape (coordinates exactly as sent), GeoJSON properties
    (echoed back) and what was found about it."""

    geometry: shapely.Geometry
    geojson: dict[str, Any]
    properties: dict[str, Any] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def refused(self) -> bool:
        return any(d.severity == "error" for d in self.diagnostics)

    @property
    def declared_area_ha(self) -> float | None:
        value = self.properties.get("Area", self.properties.get("area"))
        if (
            isinstance(value, int | float)
            and not isinstance(value, bool)
            and math.isfinite(value)
            and value > 0
        ):
            return float(value)
        return None

    def warn(self, code: str, message: str, repaired: dict[str, Any] | None = None) -> None:
        self.diagnostics.append(Diagnostic(code, "warning", message, repaired))


class GeometryRefused(ValueError):
    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__("; ".join(d.message for d in diagnostics))
        self.diagnostics = diagnostics


def area_ha(geometry: shapely.Geometry) -> float:
    """Area on the ground: degrees scaled at the geometry's latitude (well under 1 % off
    for plot-sized shapes, which is all it is used for)."""
    lat = geometry.centroid.y if not geometry.is_empty else 0.0
    return geometry.area * _KM2_PER_DEG2_AT_EQUATOR * math.cos(math.radians(lat)) * 100.0


def plot_from_geojson(value: Any, *, properties: dict[str, Any] | None = None) -> Plot:
    """A Feature or a bare geometry -> Plot; raises GeometryRefused with every error found."""
    if isinstance(value, dict) and value.get("type") == "Feature":
        props = value.get("properties")
        properties = dict(props) if isinstance(props, dict) else {}
        value = value.get("geometry")
    errors: list[Diagnostic] = []
    if not isinstance(value, dict) or value.get("type") not in GEOMETRY_TYPES:
        raise GeometryRefused(
            [_error(Code.UNSUPPORTED_GEOMETRY, f"type must be one of {', '.join(GEOMETRY_TYPES)}.")]
        )
    kind, coords = value["type"], value.get("coordinates")
    if _count_positions(coords) > MAX_POSITIONS:
        raise GeometryRefused(
            [_error(Code.GEOMETRY_TOO_LARGE, f"At most {MAX_POSITIONS} positions per plot.")]
        )
    checked = _coordinates(kind, coords, errors)
    if errors:
        raise GeometryRefused(errors)
    geojson = {"type": kind, "coordinates": checked}
    geometry = shape(geojson)
    plot = Plot(geometry=geometry, geojson=geojson, properties=properties or {})
    if kind in ("Polygon", "MultiPolygon"):
        _check_polygonal(plot)
    xy = shapely.get_coordinates(geometry)
    if not plot.refused and (xy != xy.round(DECIMALS)).any():
        plot.warn(
            Code.EXCESS_PRECISION,
            f"Coordinates carry more than {DECIMALS} decimals; the EU Information System keeps {DECIMALS}.",
            _geojson(_round(geometry)),
        )
    if plot.refused:
        raise GeometryRefused([d for d in plot.diagnostics if d.severity == "error"])
    return plot


def _check_polygonal(plot: Plot) -> None:
    geometry = plot.geometry
    if not geometry.is_valid:
        repaired = _polygonal(shapely.make_valid(geometry))
        plot.diagnostics.append(
            Diagnostic(
                Code.SELF_INTERSECTION,
                "error",
                f"Invalid polygon: {explain_validity(geometry)}.",
                _geojson(_round(shapely.orient_polygons(repaired))) if repaired is not None else None,
            )
        )
        return
    if geometry.area == 0:
        plot.diagnostics.append(
            Diagnostic(Code.DEGENERATE_POLYGON, "error", "A polygon must enclose an area.")
        )
        return
    oriented = shapely.orient_polygons(geometry)  # RFC 7946 3.1.6: exterior rings anticlockwise
    if not shapely.equals_exact(oriented, geometry, tolerance=0):
        plot.warn(
            Code.RING_ORIENTATION,
            "Exterior rings should run anticlockwise (RFC 7946, section 3.1.6).",
            _geojson(_round(oriented)),
        )


def plot_checks(
    plot: Plot, *, commodity_code: str | None, country: str | None, declared_country: str | None
) -> None:
    """The doubts that need the plot's context: its declared area and country, its
    commodity and the country found at its location."""
    declared = plot.declared_area_ha
    kind = plot.geometry.geom_type
    point = kind in ("Point", "MultiPoint")
    if point and declared is not None and declared > MAX_POINT_AREA_HA and commodity_code != "cattle":
        plot.warn(
            Code.POINT_OVER_4HA,
            f"A plot of {declared:g} ha must be given as a polygon, not a point "
            "(Article 2(28); cattle excepted).",
        )
    if kind in ("Polygon", "MultiPolygon") and declared is not None:
        measured = area_ha(plot.geometry)
        if abs(measured - declared) > AREA_MISMATCH_TOLERANCE * measured:
            plot.warn(
                Code.AREA_MISMATCH,
                f"Declared Area {declared:g} ha differs from the polygon's {measured:.4f} ha by more than "
                f"{AREA_MISMATCH_TOLERANCE:.0%}.",
            )
    if country is None:
        plot.warn(
            Code.IN_SEA, "No country at the plot's location (sea, or outside every country's boundary)."
        )
    elif declared_country and country != declared_country:
        plot.warn(
            Code.OUTSIDE_DECLARED_COUNTRY,
            f"The plot lies in {country}, not in the declared country {declared_country}.",
        )


def plots_mark_duplicates(plots: list[Plot]) -> dict[int, int]:
    """A plot whose geometry (at six decimals) equals an earlier one's is flagged;
    answers {index: index of the first plot with that geometry}."""
    seen: dict[bytes, int] = {}
    duplicates: dict[int, int] = {}
    for index, plot in enumerate(plots):
        key = shapely.to_wkb(shapely.normalize(_round(plot.geometry)))
        if key in seen:
            duplicate_mark(plot, seen[key])
            duplicates[index] = seen[key]
        else:
            seen[key] = index
    return duplicates


def duplicate_mark(plot: Plot, first: int) -> None:
    plot.warn(Code.DUPLICATE_PLOT, f"Same geometry as plot {first}.")


def _error(code: str, message: str, repaired: dict[str, Any] | None = None) -> Diagnostic:
    return Diagnostic(code, "error", message, repaired)


def _coordinates(kind: str, coords: Any, errors: list[Diagnostic]) -> Any:
    if kind == "Point":
        return _position(coords, errors)
    if kind == "MultiPoint":
        if not isinstance(coords, list) or not coords:
            errors.append(_error(Code.INVALID_COORDINATES, "A MultiPoint needs at least one position."))
            return []
        return [_position(p, errors) for p in coords]
    if kind == "Polygon":
        return _polygon(coords, errors)
    if not isinstance(coords, list) or not coords:
        errors.append(_error(Code.INVALID_COORDINATES, "A MultiPolygon needs at least one polygon."))
        return []
    return [_polygon(p, errors) for p in coords]


def _position(value: Any, errors: list[Diagnostic]) -> list[float]:
    if not isinstance(value, list | tuple) or len(value) not in (2, 3):
        errors.append(_error(Code.INVALID_COORDINATES, "A position is [longitude, latitude]."))
        return [0.0, 0.0]
    if not all(isinstance(c, int | float) and not isinstance(c, bool) and math.isfinite(c) for c in value):
        errors.append(_error(Code.INVALID_COORDINATES, "Coordinates must be finite numbers."))
        return [0.0, 0.0]
    lng, lat = float(value[0]), float(value[1])
    if not -180.0 <= lng <= 180.0 or not -90.0 <= lat <= 90.0:
        errors.append(
            _error(
                Code.COORDINATE_OUT_OF_RANGE,
                f"Position [{lng}, {lat}] is outside [-180..180, -90..90] "
                "(GeoJSON order is longitude, latitude).",
            )
        )
    return [lng, lat]


def _polygon(value: Any, errors: list[Diagnostic]) -> list[list[list[float]]]:
    if not isinstance(value, list) or not value:
        errors.append(_error(Code.INVALID_COORDINATES, "A polygon is a list of rings."))
        return [[[0, 0], [1, 0], [1, 1], [0, 0]]]
    if len(value) > 1:
        # Dropping the holes would change the plot; no repair is offered.
        errors.append(_error(Code.POLYGON_HAS_HOLES, "Polygons with holes are not accepted."))
    ring_value = value[0]
    if not isinstance(ring_value, list) or len(ring_value) < 3:
        errors.append(_error(Code.RING_TOO_SHORT, "A polygon ring needs at least four positions."))
        return [[[0, 0], [1, 0], [1, 1], [0, 0]]]
    ring = [_position(p, errors) for p in ring_value]
    if ring[0] != ring[-1]:
        closed = [*ring, ring[0]]
        repaired = None
        if len(closed) >= 4:
            candidate = shapely.Polygon(closed)
            if candidate.is_valid and candidate.area > 0:
                repaired = _geojson(_round(shapely.orient_polygons(candidate)))
        errors.append(
            _error(
                Code.RING_NOT_CLOSED,
                "A polygon ring must be closed (first position equals the last).",
                repaired,
            )
        )
        return [closed if len(closed) >= 4 else [[0, 0], [1, 0], [1, 1], [0, 0]]]
    if len(ring) < 4:
        errors.append(_error(Code.RING_TOO_SHORT, "A polygon ring needs at least four positions."))
        return [[[0, 0], [1, 0], [1, 1], [0, 0]]]
    return [ring]


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


def _round(geometry: shapely.Geometry) -> shapely.Geometry:
    return shapely.transform(geometry, lambda xy: xy.round(DECIMALS))


def _geojson(geometry: shapely.Geometry) -> dict[str, Any]:
    data = mapping(geometry)

    def lists(value: Any) -> Any:
        return [lists(v) for v in value] if isinstance(value, list | tuple) else value

    return {"type": data["type"], "coordinates": lists(data["coordinates"])}


def _count_positions(value: Any, depth: int = 0) -> int:
    if depth > 4 or not isinstance(value, list):
        return 1
    if value and not isinstance(value[0], list):
        return 1
    return sum(_count_positions(item, depth + 1) for item in value)


def count_positions(value: Any) -> int:
    """Positions in a raw GeoJSON geometry or Feature (0 for anything else)."""
    if isinstance(value, dict) and value.get("type") == "Feature":
        value = value.get("geometry")
    if not isinstance(value, dict):
        return 0
    return _count_positions(value.get("coordinates"))
