"""Plot geometries sent to the risk endpoints: parsed by the EU's GeoJSON rules, with
diagnostics a user can act on.

The rules are those the EU Information System applies to a DDS's geolocation, kept once
for DDS filing and for this engine in eudr_service/lib/plot_geometry.py. Here they are
read as sent (no rounding) and every problem is listed; this module adds the doubts only
a risk answer raises (orientation, precision, declared area and country, duplicates).

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

from eudr_service.lib import plot_geometry
from eudr_service.lib.plot_geometry import (
    DECIMALS,
    POINT_GEOMETRY_TYPES,
    POLYGON_GEOMETRY_TYPES,
    rounded,
    to_geojson,
)

# The risk endpoints' answers: every problem, with a repair where one is safe, the plot
# kept as sent (excess precision is a warning, below).
AS_SENT = plot_geometry.Profile(
    decimals=None, repairs=True, malformed_code=plot_geometry.Code.INVALID_COORDINATES, range_by_axis=False
)
AREA_MISMATCH_TOLERANCE = 0.10  # declared Area off by more than 10 % of the polygon's area
_KM2_PER_DEG2_AT_EQUATOR = 110.574 * 111.320


class Code(plot_geometry.Code):
    """Stable diagnostic codes (documented in docs/geometry-diagnostics.md): the rules'
    own, and the doubts only a risk answer raises."""

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
    try:
        checked = plot_geometry.geometry_check(value, AS_SENT)
    except plot_geometry.GeometryInvalid as exc:
        errors = [Diagnostic(f.code, "error", f.message, f.repaired) for f in exc.findings]
        raise GeometryRefused(errors) from exc
    plot = Plot(geometry=checked.shape, geojson=checked.geojson, properties=properties or {})
    if checked.geojson["type"] in POLYGON_GEOMETRY_TYPES:
        oriented = shapely.orient_polygons(plot.geometry)  # RFC 7946 3.1.6: exterior rings anticlockwise
        if not shapely.equals_exact(oriented, plot.geometry, tolerance=0):
            plot.warn(
                Code.RING_ORIENTATION,
                "Exterior rings should run anticlockwise (RFC 7946, section 3.1.6).",
                to_geojson(rounded(oriented)),
            )
    xy = shapely.get_coordinates(plot.geometry)
    if (xy != xy.round(DECIMALS)).any():
        plot.warn(
            Code.EXCESS_PRECISION,
            f"Coordinates carry more than {DECIMALS} decimals; the EU Information System keeps {DECIMALS}.",
            to_geojson(rounded(plot.geometry)),
        )
    return plot


def plot_checks(
    plot: Plot, *, commodity_code: str | None, country: str | None, declared_country: str | None
) -> None:
    """The doubts that need the plot's context: its declared area and country, its
    commodity and the country found at its location."""
    declared = plot.declared_area_ha
    kind = plot.geometry.geom_type
    point = kind in POINT_GEOMETRY_TYPES
    if point and declared is not None and plot_geometry.point_needs_polygon(declared, commodity_code):
        plot.warn(
            Code.POINT_OVER_4HA,
            f"A plot of {declared:g} ha must be given as a polygon, not a point "
            "(Article 2(28); cattle excepted).",
        )
    if kind in POLYGON_GEOMETRY_TYPES and declared is not None:
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
        key = shapely.to_wkb(shapely.normalize(rounded(plot.geometry)))
        if key in seen:
            duplicate_mark(plot, seen[key])
            duplicates[index] = seen[key]
        else:
            seen[key] = index
    return duplicates


def duplicate_mark(plot: Plot, first: int) -> None:
    plot.warn(Code.DUPLICATE_PLOT, f"Same geometry as plot {first}.")


def count_positions(value: Any) -> int:
    """Positions in a raw GeoJSON geometry or Feature (0 for anything else)."""
    if isinstance(value, dict) and value.get("type") == "Feature":
        value = value.get("geometry")
    return plot_geometry.count_positions(value)
