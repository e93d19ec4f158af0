"""Country lookup against the shipped Natural Earth 1:10m boundaries.

Each pair of points sits about 2 km either side of one of Poland's seven land borders,
measured against the shipped data (whose borders are generalised to a few hundred metres,
so 2 km keeps the answers unambiguous).
"""

from __future__ import annotations

import threading
import time

import pytest

from risk import countries

BORDER_PAIRS = [
    pytest.param(
        (52.351, 14.592),  # Słubice, east of the Oder bridge
        (52.342, 14.535),  # Frankfurt (Oder) town centre, west of the Oder
        "DE",
        id="germany-oder",
    ),
    pytest.param(
        (50.438, 16.240),  # Kudowa-Zdrój
        (50.417, 16.163),  # Náchod
        "CZ",
        id="czechia-kudowa",
    ),
    pytest.param(
        (49.415, 21.710),  # Barwinek, north of the Dukla Pass
        (49.385, 21.683),  # Vyšný Komárnik, south of the pass
        "SK",
        id="slovakia-dukla",
    ),
    pytest.param(
        (49.810, 22.913),  # Medyka
        (49.807, 22.967),  # Shehyni (Szeginie)
        "UA",
        id="ukraine-medyka",
    ),
    pytest.param(
        (52.066, 23.617),  # Terespol, west of the Bug
        (52.087, 23.664),  # Brest Fortress, east of the Bug
        "BY",
        id="belarus-bug",
    ),
    pytest.param(
        (54.227, 23.271),  # between Puńsk and Sejny
        (54.260, 23.297),  # Lazdijai district, across the border north-east
        "LT",
        id="lithuania-punsk",
    ),
    pytest.param(
        (54.390, 20.596),  # Bezledy road crossing, Polish side
        (54.426, 20.601),  # Bagrationovsk district, Kaliningrad oblast
        "RU",
        id="russia-kaliningrad",
    ),
]


@pytest.mark.parametrize(("poland", "neighbour", "code"), BORDER_PAIRS)
def test_points_two_km_either_side_of_each_polish_border(poland, neighbour, code):
    assert countries.country_at(*poland) == "PL"
    assert countries.country_at(*neighbour) == code


def test_baltic_sea_has_no_country():
    assert countries.country_at(55.0, 18.0) is None


def test_kosovo_has_the_eu_user_assigned_code():
    assert countries.country_at(42.67, 21.17) == "XK"  # Pristina


def test_inland_points_far_from_borders():
    assert countries.country_at(52.2297, 21.0122) == "PL"  # Warsaw
    assert countries.country_at(-3.1190, -60.0217) == "BR"  # Manaus
    assert countries.country_at(6.6885, -1.6244) == "GH"  # Kumasi, cocoa belt


@pytest.mark.parametrize(("lat", "lng"), [(91.0, 0.0), (0.0, 180.5), (float("nan"), 0.0)])
def test_coordinates_outside_wgs84_are_rejected(lat, lng):
    with pytest.raises(ValueError):
        countries.country_at(lat, lng)


def test_source_names_natural_earth_and_world_atlas():
    source = countries.boundaries_source()
    assert "Natural Earth" in source
    assert "public domain" in source
    assert "world-atlas 2.0.2" in source


def test_index_is_built_once_under_concurrent_first_use(monkeypatch, tmp_path):
    built = []

    def slow_load(path):
        built.append(path)
        time.sleep(0.05)  # widen the window in which a second thread could also build
        return object()

    monkeypatch.setattr(countries, "load_index", slow_load)
    path = tmp_path / "boundaries.geojson.gz"
    results = []
    threads = [threading.Thread(target=lambda: results.append(countries.get_index(path))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert built == [path]
    assert len({id(result) for result in results}) == 1


def test_a_fresh_index_answers_threads_querying_at_once():
    """Threads asking a new index at once (a threaded server's first requests) get the
    answers one thread gets; GEOS prepares each country's locator on its first query,
    which aborted the process when two threads raced to it."""
    from concurrent.futures import ThreadPoolExecutor

    from risk.countries import load_index

    points = [(lat, lng) for lat in range(-50, 70, 7) for lng in range(-170, 180, 11)]
    one = load_index()
    expected = [one.country_at(lat, lng) for lat, lng in points]
    fresh = load_index()
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(lambda p: fresh.country_at(*p), points))
    assert answers == expected
    assert sum(a is not None for a in answers) > 50  # real countries, not only sea
