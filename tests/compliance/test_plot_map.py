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
