"""The plots' map: one marker per plot, numbered where numbers do not overlap, the country
outline, a scale bar, no injection."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import shapely

from compliance.plot_map import MapPlot, plot_map_svg

SVG = "{http://www.w3.org/2000/svg}"
SQUARE = shapely.Polygon([(19.0, 50.0), (19.01, 50.0), (19.01, 50.01), (19.0, 50.01)])


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # raises if the markup is not well-formed


def test_every_plot_has_one_marker_with_its_number():
    plots = [
        MapPlot("1", SQUARE, "low"),
        MapPlot("2", shapely.Point(19.02, 50.02), "high"),
        MapPlot("3", shapely.MultiPoint([(19.03, 50.0), (19.031, 50.001)]), ""),
    ]
    root = parse(plot_map_svg(plots=plots, country="PL"))
    markers = root.findall(f".//{SVG}g[@class='plot-marker']")
    assert [m.get("data-plot") for m in markers] == ["1", "2", "3"]
    assert [m.get("data-risk") for m in markers] == ["low", "high", ""]
    numbers = root.findall(f".//{SVG}g[@class='plot-number']")
    assert ["".join(g.find(f"{SVG}text").itertext()) for g in numbers] == ["1", "2", "3"]
    assert markers[0].find(f"{SVG}path") is not None  # the polygon is drawn as a shape
    assert len(markers[2].findall(f"{SVG}circle")) == 2  # each point of a multipoint


def test_a_number_that_would_cover_another_is_left_to_the_markers_title():
    """Forty plots on one spot and one far off: every plot keeps its marker and title, the
    numbers are drawn where they cover no other (the first of the heap and the far one)."""
    heap = [MapPlot(str(i), shapely.Point(19.0 + i * 1e-6, 50.0), "low") for i in range(1, 41)]
    plots = [*heap, MapPlot("41", shapely.Point(19.2, 50.2), "high")]
    root = parse(plot_map_svg(plots=plots, country="PL"))
    markers = root.findall(f".//{SVG}g[@class='plot-marker']")
    assert [m.get("data-plot") for m in markers] == [str(i) for i in range(1, 42)]
    assert all(m.find(f"{SVG}title").text.startswith(f"{m.get('data-plot')}: ") for m in markers)
    numbers = root.findall(f".//{SVG}g[@class='plot-number']")
    assert ["".join(g.find(f"{SVG}text").itertext()) for g in numbers] == ["1", "41"]


def test_map_draws_the_country_outline_and_a_scale_bar():
    root = parse(plot_map_svg(plots=[MapPlot("1", SQUARE, "medium")], country="PL"))
    outlines = root.findall(f".//{SVG}path[@class='country-outline']")
    assert any(o.get("data-country") == "PL" and len(o.get("d")) > 200 for o in outlines)
    bar = root.find(f".//{SVG}g[@class='scale-bar']")
    assert bar is not None
    assert float(bar.get("data-metres")) > 0
    assert "".join(bar.find(f"{SVG}text").itertext()).endswith(("m", "km"))


def test_legend_names_each_level_shown_in_the_language():
    svg = plot_map_svg(plots=[MapPlot("1", SQUARE, "high"), MapPlot("2", SQUARE, "")], lang="pl")
    assert "ryzyko wysokie" in svg and "nie oceniono" in svg
    assert "ryzyko niskie" not in svg
    assert "high risk" in plot_map_svg(plots=[MapPlot("1", SQUARE, "high")], lang="en")


def test_plots_outside_poland_get_their_country():
    soy = MapPlot("1", shapely.Point(-55.5, -12.5), "high")  # Mato Grosso
    root = parse(plot_map_svg(plots=[soy], country="BR"))
    assert root.find(f".//{SVG}g[@class='plot-map-inset']/{SVG}path[@data-country='BR']") is not None


def test_text_from_data_cannot_inject_markup():
    evil = '"><script>alert(1)</script><text onload="x'
    svg = plot_map_svg(plots=[MapPlot(evil, SQUARE, evil, label=evil)], country=evil)
    root = parse(svg)
    assert root.find(f".//{SVG}script") is None
    assert not any("onload" in element.attrib for element in root.iter())
    number = root.find(f".//{SVG}g[@class='plot-number']/{SVG}text")
    assert "".join(number.itertext()) == evil  # shown as text, not read as markup


def test_no_plot_with_a_geometry_means_no_map():
    assert plot_map_svg(plots=[]) == ""


def _inset_frame_and_box(root: ET.Element) -> tuple[tuple[float, ...], tuple[float, ...]]:
    inset = root.find(f".//{SVG}g[@class='plot-map-inset']")
    frame, box = inset.find(f"{SVG}rect"), inset.find(f"{SVG}rect[@class='plot-map-inset-box']")

    def edges(rect: ET.Element) -> tuple[float, ...]:
        x, y = float(rect.get("x")), float(rect.get("y"))
        return x, y, x + float(rect.get("width")), y + float(rect.get("height"))

    return edges(frame), edges(box)


def test_the_insets_box_stays_inside_its_frame_when_the_plots_span_the_country():
    """Suppliers from the Bug to the Oder: the map's square view is wider than Poland, and
    its box in the inset is cut at the inset's frame, not drawn past it (or past the map)."""
    far_apart = [(14.3, 53.4), (23.8, 51.0), (22.5, 49.2), (18.6, 54.5), (16.1, 50.6)]
    plots = [MapPlot(str(n), shapely.Point(lng, lat), "low") for n, (lng, lat) in enumerate(far_apart, 1)]
    for width, height in ((640, 400), (480, 360)):
        root = parse(plot_map_svg(plots=plots, country="PL", width=width, height=height))
        (fx0, fy0, fx1, fy1), (bx0, by0, bx1, by1) = _inset_frame_and_box(root)
        assert fx0 <= bx0 < bx1 <= fx1 and fy0 <= by0 < by1 <= fy1, (
            (fx0, fy0, fx1, fy1),
            (bx0, by0, bx1, by1),
        )
        assert fx1 <= width


def test_a_small_area_keeps_its_box_where_it_is():
    root = parse(plot_map_svg(plots=[MapPlot("1", SQUARE, "low")], country="PL"))
    (fx0, fy0, fx1, fy1), (bx0, by0, bx1, by1) = _inset_frame_and_box(root)
    assert fx0 < bx0 < bx1 < fx1 and fy0 < by0 < by1 < fy1
    assert 5.9 <= bx1 - bx0 <= 12 and 5.9 <= by1 - by0 <= 12  # the cross-hair size of a field
