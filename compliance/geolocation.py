"""Plot geolocation in a filing, checked by the EU's GeoJSON rules
(eudr_service/lib/plot_geometry.py, shared with the risk endpoints).

Filing refuses a plot with the first problem found and keeps what the EU keeps: positions
rounded to six decimals as they are read, so closure and validity are judged on the plot
as it will be sent.

One rule for every point form (lat/lng, a GeoJSON Point, each position of a MultiPoint):
its area is the plot's, in hectares; when none is given it is the EU's default of 4 ha,
recorded and sent as such; a given area is at least 0.0001 ha and, except for cattle, at
most 4 ha: a larger plot needs a polygon.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import shapely
from shapely.geometry import shape

from eudr_service.lib import plot_geometry
from eudr_service.lib.plot_geometry import MIN_POINT_AREA_HA, POINT_GEOMETRY_TYPES

# Filing's answers predate the shared rules and clients switch on them: a malformed position
# is `invalid_geometry`, an out-of-range one names its axis, and an open triangle is "too
# short" (no repair is offered here, so there is nothing to close).
FILING = plot_geometry.Profile(
    decimals=plot_geometry.DECIMALS, repairs=False, malformed_code="invalid_geometry", range_by_axis=True
)


class GeolocationError(ValueError):
    def __init__(self, message: str, code: str = "invalid_geometry") -> None:
        super().__init__(message)
        self.code = code


def normalise_geometry(value: Any) -> dict[str, Any]:
    """A validated copy of a GeoJSON geometry, coordinates rounded; raises GeolocationError."""
    try:
        return plot_geometry.geometry_check(value, FILING).geojson
    except plot_geometry.GeometryInvalid as exc:
        first = exc.findings[0]
        raise GeolocationError(first.message, first.code) from exc


def is_point_plot(plot: dict[str, Any]) -> bool:
    """Whether a filed plot is given as a point: lat/lng, a GeoJSON Point or a MultiPoint."""
    return plot["kind"] == "point" or (
        plot["kind"] == "geometry" and plot["geometry"]["type"] in POINT_GEOMETRY_TYPES
    )


def check_point_area(*, area_ha: Decimal | None, commodity_code: str) -> None:
    """The area rules of a point plot, the same for every point form (module docstring)."""
    area = plot_geometry.point_area_ha(area_ha)
    if plot_geometry.point_area_too_small(area):
        raise GeolocationError(
            f"A point plot's area is at least {MIN_POINT_AREA_HA} ha (the EU refuses less).",
            "point_area_too_small",
        )
    if plot_geometry.point_needs_polygon(area, commodity_code):
        raise GeolocationError(
            "A plot above 4 ha must be given as a polygon, not a point (except for cattle).",
            "point_plot_too_large",
        )


def to_shape(geometry: dict[str, Any]) -> shapely.Geometry:
    return shape(geometry)
