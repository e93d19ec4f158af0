"""Place names on the plots' map: a farm-sized map says where it is, safely and briefly."""

from __future__ import annotations

import gzip
import xml.etree.ElementTree as ET

import pytest
import shapely

from compliance import map_places
from compliance.map_places import MAX_AT_EDGE, MAX_IN_VIEW, Box, _text_width
from compliance.plot_map import BILINGUAL, MapPlot, plot_map_svg
from risk.places import DATA_PATH, get_index, load_index

SVG = "{http://www.w3.org/2000/svg}"


def farm(lng: float, lat: float) -> list[MapPlot]:
    """Two fields and a point, about a kilometre across."""
    return [
        MapPlot("1", shapely.box(lng, lat, lng + 0.005, lat + 0.003), "low"),
        MapPlot("2", shapely.box(lng + 0.006, lat + 0.001, lng + 0.010, lat + 0.005), "medium"),
        MapPlot("3", shapely.Point(lng + 0.002, lat + 0.007), ""),
    ]


def names(root: ET.Element, css_class: str) -> list[str]:
    """The texts of the labels of a class (each label is drawn twice: outline, then text)."""
    labels = [g for g in root.iter(f"{SVG}g") if g.get("class") == css_class]
    return ["".join(g.findall(f"{SVG}text")[1].itertext()) for g in labels]


def test_places_file_loads_with_its_source_and_known_towns():
    index = get_index()
    assert len(index.names) > 150_000
    assert "GeoNames" in index.source and "CC BY 4.0" in index.source
    kutno = [p for p in index.within(19.3, 52.2, 19.4, 52.26) if p.name == "Kutno"]
    assert len(kutno) == 1 and kutno[0].tier == 3 and kutno[0].population > 40_000
    # GeoNames writes the capital in English; the map writes it as on the ground.
    assert [p.name for p in index.within(21.0, 52.2, 21.02, 52.24) if p.tier == 5] == ["Warszawa"]


def test_places_abroad_carry_the_names_polish_readers_know():
    index = get_index()

    def capital_or_seat(minx, miny, maxx, maxy):
        return [(p.name, p.name_pl) for p in index.within(minx, miny, maxx, maxy) if p.tier >= 4]

    assert capital_or_seat(14.40, 50.07, 14.44, 50.10) == [("Prague", "Praga")]
    assert capital_or_seat(24.00, 49.82, 24.05, 49.85) == [("Lviv", "Lwów")]
    assert capital_or_seat(23.67, 52.08, 23.71, 52.11) == [("Brest", "Brześć")]
    assert capital_or_seat(25.26, 54.67, 25.30, 54.70) == [("Vilnius", "Wilno")]
    # A place in Poland is written in Polish already: no second name.
    assert [p.name_pl for p in index.within(21.0, 52.2, 21.02, 52.24) if p.tier == 5] == [""]
    assert [p.name_in("pl") for p in index.within(21.0, 52.2, 21.02, 52.24) if p.tier == 5] == ["Warszawa"]


def test_nearest_places_come_nearest_first_with_their_distance():
    nearby = get_index().near(52.205, 19.305, 10_000)
    assert nearby[0][0].name == "Kutno"
    assert 4_000 < nearby[0][1] < 6_000  # Kutno's centre is about 5 km north-east of this farm
    assert [d for _, d in nearby] == sorted(d for _, d in nearby)


def test_map_of_a_farm_near_kutno_names_kutno_at_the_edge_with_its_distance():
    """The reported problem: a farm map was a blank box. Now it names the town nearby."""
    root = ET.fromstring(plot_map_svg(plots=farm(19.300, 52.200), country="PL", lang="pl"))
    edge = names(root, "place-edge-label")
    assert "Kutno 5 km ↗" in edge  # the town beyond the top right edge, with where it lies
    assert 2 <= len(edge) <= MAX_AT_EDGE
    attribution = root.find(f".//{SVG}g[@class='plot-map-attribution']/{SVG}text")
    assert "".join(attribution.itertext()) == "Miejscowości: GeoNames (CC BY 4.0)"


def test_a_place_in_view_gets_a_dot_and_its_name():
    root = ET.fromstring(plot_map_svg(plots=farm(19.345, 52.226), country="PL", lang="en"))
    assert "Kutno" in names(root, "place-label")
    assert root.find(f".//{SVG}circle[@class='place-dot']") is not None
    assert "Places: GeoNames (CC BY 4.0)" in "".join(root.itertext())


def test_bilingual_map_writes_a_distance_once():
    svg = plot_map_svg(plots=farm(19.300, 52.200), country="PL", lang=BILINGUAL)
    assert "Kutno 5 km ↗" in svg and "km / " not in svg
    assert "Miejscowości: GeoNames (CC BY 4.0) / Places: GeoNames (CC BY 4.0)" in svg


@pytest.mark.parametrize(
    ("where", "pl", "en"),
    [
        ((24.0, 49.80), "↑ Lwów 4 km", "↑ Lviv 4 km"),  # a farm south-west of Lviv
        ((14.35, 50.05), "Praga 6 km ↗", "Prague 6 km ↗"),  # a farm south-west of Prague
        ((23.7, 52.06), "↑ Brześć 4 km", "↑ Brest 4 km"),  # a farm by the Bug, over from Terespol
    ],
)
def test_a_map_names_a_town_abroad_in_the_readers_language(where, pl, en):
    polish = names(ET.fromstring(plot_map_svg(plots=farm(*where), lang="pl")), "place-edge-label")
    english = names(ET.fromstring(plot_map_svg(plots=farm(*where), lang="en")), "place-edge-label")
    assert pl in polish and en not in polish
    assert en in english and pl not in english
    # Places in Poland and those without a Polish name read the same in both.
    assert [n for n in polish if n != pl] == [n for n in english if n != en]


def test_a_map_in_two_languages_writes_both_names_where_they_differ():
    edge = names(ET.fromstring(plot_map_svg(plots=farm(23.7, 52.06), lang=BILINGUAL)), "place-edge-label")
    assert "↑ Brześć / Brest 4 km" in edge
    assert "← Terespol 6 km" in edge  # a Polish town: its name once


def test_a_place_in_view_is_named_in_the_readers_language():
    """Plots 25 km apart around Lviv: the city is in view with its dot."""
    plots = [
        MapPlot("1", shapely.Point(23.90, 49.75), "low"),
        MapPlot("2", shapely.Point(24.15, 49.92), "low"),
    ]
    assert "Lwów" in names(ET.fromstring(plot_map_svg(plots=plots, country="UA", lang="pl")), "place-label")
    assert "Lviv" in names(ET.fromstring(plot_map_svg(plots=plots, country="UA", lang="en")), "place-label")


def test_a_map_far_from_any_place_still_renders_without_names():
    root = ET.fromstring(plot_map_svg(plots=farm(-30.0, 0.0)))  # mid-Atlantic
    assert len(root.findall(f".//{SVG}g[@class='plot-marker']")) == 3
    assert root.find(f".//{SVG}g[@class='plot-map-places']") is None
    assert root.find(f".//{SVG}g[@class='plot-map-attribution']") is None


def test_a_remote_plantation_names_the_towns_farther_away():
    root = ET.fromstring(plot_map_svg(plots=farm(-55.5, -12.5), country="BR", lang="en"))  # Mato Grosso
    edge = names(root, "place-edge-label")
    assert edge and all(" km" in text for text in edge)


def label_boxes(root: ET.Element) -> list[Box]:
    """The estimated boxes of every place label, from its anchor and text."""
    boxes = []
    for g in root.iter(f"{SVG}g"):
        if g.get("class") not in ("place-label", "place-edge-label"):
            continue
        text = g.findall(f"{SVG}text")[1]
        x, y, w = float(text.get("x")), float(text.get("y")), _text_width("".join(text.itertext()))
        x0 = {"start": x, "middle": x - w / 2, "end": x - w}[g.get("text-anchor")]
        boxes.append(Box(x0, y - 9, x0 + w, y + 2))
    return boxes


@pytest.mark.parametrize(
    "plots",
    [
        # Upper Silesia at 50 km: dozens of towns in view.
        [MapPlot("1", shapely.Point(18.7, 50.1)), MapPlot("2", shapely.Point(19.3, 50.5))],
        # The whole country: hundreds of places in view.
        [MapPlot(str(i), shapely.Point(15 + i * 1.5, 50 + i * 0.6), "low") for i in range(6)],
    ],
)
def test_labels_are_few_and_never_overlap(plots):
    root = ET.fromstring(plot_map_svg(plots=plots, country="PL"))
    in_view = names(root, "place-label")
    assert 1 <= len(in_view) <= MAX_IN_VIEW
    assert len(names(root, "place-edge-label")) <= MAX_AT_EDGE
    boxes = label_boxes(root)
    assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :] if a.overlaps(b, gap=0)]
    frame = Box(0, 0, float(root.get("width")), float(root.get("height")) - 22)
    assert all(box.inside(frame) for box in boxes)


def test_place_names_are_escaped(tmp_path, monkeypatch):
    evil = '<script>alert(1)</script>"><text onload="x'
    path = tmp_path / "places.tsv.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write("# source: test\n")
        handle.write(f"{evil}\t52.2060\t19.3050\t500\t2\n")  # inside the farm's view
        handle.write(f"{evil} 2\t52.2300\t19.3640\t48000\t3\n")  # beyond its edge
    index = load_index(path)
    monkeypatch.setattr(map_places, "get_place_index", lambda: index)
    svg = plot_map_svg(plots=farm(19.300, 52.200), country="PL")
    root = ET.fromstring(svg)
    assert root.find(f".//{SVG}script") is None
    assert not any("onload" in element.attrib for element in root.iter())
    assert names(root, "place-label") == [evil]
    assert names(root, "place-edge-label")[0].startswith(f"{evil} 2 ")


def test_no_style_attribute_and_no_external_reference():
    """The CSP forbids inline styles; PDFs and pages must not fetch anything."""
    for plots in (farm(19.300, 52.200), farm(19.345, 52.226)):
        svg = plot_map_svg(plots=plots, country="PL", lang=BILINGUAL)
        root = ET.fromstring(svg)
        assert "style=" not in svg and "<style" not in svg
        for element in root.iter():
            assert element.tag.split("}")[1] not in ("script", "style", "image", "foreignObject", "a", "use")
            assert not [name for name in element.attrib if name.endswith("href") or name.startswith("on")]
        assert svg.count("http") == 1  # the SVG namespace only


def test_a_places_file_without_polish_names_reads_with_the_names_it_has(tmp_path):
    path = tmp_path / "places.tsv.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write("Prague\t50.0880\t14.4208\t1200000\t5\nLviv\t50.1\t24.0\t720000\t4\tLwów\n")
    prague, lviv = load_index(path).within(14.0, 50.0, 25.0, 50.2)
    assert (prague.name_in("pl"), prague.name_in("en")) == ("Prague", "Prague")
    assert (lviv.name_in("pl"), lviv.name_in("en")) == ("Lwów", "Lviv")


def test_unsorted_places_file_is_refused(tmp_path):
    path = tmp_path / "places.tsv.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write("B\t52.0\t19.0\t500\t1\nA\t51.0\t19.0\t500\t1\n")
    with pytest.raises(ValueError, match="sorted"):
        load_index(path)


def test_places_file_is_small():
    assert DATA_PATH.stat().st_size < 4_000_000
