"""The EU's GeoJSON rules, kept once for filing and the risk endpoints: the same rules,
each surface's answers as its clients know them."""

from decimal import Decimal

import pytest

from compliance.geolocation import FILING
from eudr_service.lib import plot_geometry
from risk.geometry import AS_SENT

TRIANGLE_OPEN = [[21.0, 52.0], [21.01, 52.0], [21.01, 52.01]]


def _findings(value, profile):
    with pytest.raises(plot_geometry.GeometryInvalid) as refused:
        plot_geometry.geometry_check(value, profile)
    return refused.value.findings


def test_an_open_triangle_is_too_short_for_filing_and_closed_for_the_risk_endpoints():
    polygon = {"type": "Polygon", "coordinates": [TRIANGLE_OPEN]}
    assert [f.code for f in _findings(polygon, FILING)] == ["ring_too_short"]
    (finding,) = _findings(polygon, AS_SENT)
    assert finding.code == "ring_not_closed"
    ring = finding.repaired["coordinates"][0]
    assert len(ring) == 4 and ring[0] == ring[-1]


def test_every_problem_is_found_in_order():
    ring = [[21.0, 52.0], "x", [21.01, 95.0], [21.0, 52.0]]
    polygon = {"type": "Polygon", "coordinates": [ring, ring]}
    codes = [f.code for f in _findings(polygon, AS_SENT)]
    assert codes == ["polygon_has_holes", "invalid_coordinates", "coordinate_out_of_range"]
    assert _findings(polygon, FILING)[1].code == "invalid_geometry"


def test_an_axis_out_of_range_is_named_in_filing_and_the_position_in_risk():
    point = {"type": "Point", "coordinates": [21.05, 95.0]}
    assert _findings(point, FILING)[0].message.startswith("Latitude 95.0 is outside -90..90")
    assert _findings(point, AS_SENT)[0].message.startswith("Position [21.05, 95.0] is outside")


def test_filing_judges_closure_at_six_decimals_the_risk_endpoints_as_sent():
    ring = [[21.0, 52.0], [21.01, 52.0], [21.01, 52.01], [21.0000001, 52.0]]
    polygon = {"type": "Polygon", "coordinates": [ring]}
    assert plot_geometry.geometry_check(polygon, FILING).geojson["coordinates"][0][-1] == [21.0, 52.0]
    assert [f.code for f in _findings(polygon, AS_SENT)] == ["ring_not_closed"]


def test_too_many_positions_is_refused_before_anything_is_read():
    points = {"type": "MultiPoint", "coordinates": [[0.0, 0.0]] * (plot_geometry.MAX_POSITIONS + 1)}
    assert [f.code for f in _findings(points, FILING)] == ["geometry_too_large"]
    assert plot_geometry.count_positions(points) == plot_geometry.MAX_POSITIONS + 1


@pytest.mark.parametrize(
    ("area", "commodity", "needs_polygon"),
    [
        (Decimal(4), "wood", False),
        (Decimal("4.01"), "wood", True),
        (4.01, "cattle", False),
        (5.0, None, True),
    ],
)
def test_a_point_over_4_ha_needs_a_polygon_except_for_cattle(area, commodity, needs_polygon):
    assert plot_geometry.point_needs_polygon(area, commodity) is needs_polygon


def test_a_point_without_an_area_is_the_eus_default_of_4_ha():
    assert plot_geometry.point_area_ha(None) == Decimal(4)
    assert plot_geometry.point_area_too_small(Decimal("0.00009"))
