"""GeoJSON as the EU keeps it: six decimals, truncated; the EU's point properties."""

import json

from euis.geojson import encode, truncate


def test_coordinates_are_truncated_not_rounded_to_six_decimals():
    assert truncate(21.0123456789) == 21.012345
    assert truncate(-5.8227394567) == -5.822739
    assert truncate(52.25) == 52.25


def test_encode_cuts_every_coordinate_and_leaves_properties_alone():
    polygon = {
        "type": "Feature",
        "properties": {"Area": 1.23456789, "ProductionPlace": "Działka 6509"},
        "geometry": {
            "type": "Polygon",
            "coordinates": [
                [[21.0000009, 52.0], [21.0012349, 52.0], [21.0012349, 52.0010001], [21.0000009, 52.0]]
            ],
        },
    }
    decoded = json.loads(encode(polygon))
    assert decoded["geometry"]["coordinates"][0][1] == [21.001234, 52.0]
    assert decoded["geometry"]["coordinates"][0][2] == [21.001234, 52.001]
    assert decoded["properties"] == {"Area": 1.23456789, "ProductionPlace": "Działka 6509"}
