"""Named places (towns and villages) near a coordinate, answered offline from shipped data.

Why: a map of a farm's plots is a kilometre across; without the names of the places
around it a reader cannot tell where it is. The plot map (compliance/plot_map.py) labels
the places in view, or names the nearest ones beyond its edges with their distance.

The data is GeoNames' `cities500` extract (every populated place with more than 500
inhabitants or seating an administrative division: about 200,000 places, 3,700 in Poland,
a place every 9 km or so there), CC BY 4.0, so whatever shows its names credits GeoNames.
`scripts/build_places.py` reduces it to `data/places-geonames-cities500.tsv.gz`: name,
coordinates to 4 decimals, population to 2 significant digits, a tier (capital,
seat of a region, county or commune, other) that decides which names are shown first,
and the Polish name where it differs (Praga for Prague, Lwów for Lviv; GeoNames'
alternate names in Polish, for places of more than 15,000 inhabitants).
Smaller villages are not in it: the nearest named place can be a few kilometres away.

Cost: the file is read once per process, on first use (about half a second). A query
is a binary search on the latitude-sorted rows and a mask over that band: no shared
GEOS structure, so nothing to serialize between threads (unlike the country index).
"""

from __future__ import annotations

import gzip
import math
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

DATA_PATH = Path(__file__).parent / "data" / "places-geonames-cities500.tsv.gz"
METRES_PER_DEGREE = 111_320.0


@dataclass(frozen=True)
class Place:
    name: str
    lat: float
    lng: float
    population: int
    tier: int  # 5 capital, 4 seat of a region, 3 of a county, 2 of a commune, 1 other
    name_pl: str = ""  # the Polish name where it is not `name` ("Praga" for "Prague")

    def name_in(self, lang: str) -> str:
        """The name a reader of `lang` knows: Polish where GeoNames has one, else `name`
        (GeoNames' own, English for the best-known places, local for the rest)."""
        return (self.name_pl or self.name) if lang == "pl" else self.name


@dataclass(frozen=True)
class PlaceIndex:
    """Places sorted by latitude, as parallel arrays (read-only after loading)."""

    names: tuple[str, ...]
    names_pl: tuple[str, ...]  # "" where the Polish name is `names`' own
    lat: np.ndarray
    lng: np.ndarray
    population: np.ndarray
    tier: np.ndarray
    source: str

    def within(self, minx: float, miny: float, maxx: float, maxy: float) -> list[Place]:
        """The places inside a lng/lat box, in file order (south to north)."""
        start = int(np.searchsorted(self.lat, miny, side="left"))
        stop = int(np.searchsorted(self.lat, maxy, side="right"))
        lngs = self.lng[start:stop]
        return [self._place(start + int(i)) for i in np.flatnonzero((lngs >= minx) & (lngs <= maxx))]

    def near(self, lat: float, lng: float, radius_m: float) -> list[tuple[Place, float]]:
        """The places within `radius_m` of a point with their distance in metres, nearest first.

        Distances are equirectangular (cos-scaled at the point): over the tens of kilometres
        this is asked for, well under a per cent off, and the labels round to kilometres."""
        dlat = radius_m / METRES_PER_DEGREE
        dlng = dlat / max(math.cos(math.radians(lat)), 0.05)
        start = int(np.searchsorted(self.lat, lat - dlat, side="left"))
        stop = int(np.searchsorted(self.lat, lat + dlat, side="right"))
        dy = (self.lat[start:stop] - lat) * METRES_PER_DEGREE
        dx = (self.lng[start:stop] - lng) * METRES_PER_DEGREE * math.cos(math.radians(lat))
        distance = np.hypot(dx, dy)
        inside = np.flatnonzero((distance <= radius_m) & (np.abs(self.lng[start:stop] - lng) <= dlng))
        order = inside[np.argsort(distance[inside], kind="stable")]
        return [(self._place(start + int(i)), float(distance[i])) for i in order]

    def _place(self, i: int) -> Place:
        return Place(
            self.names[i],
            float(self.lat[i]),
            float(self.lng[i]),
            int(self.population[i]),
            int(self.tier[i]),
            self.names_pl[i],
        )


def load_index(path: Path = DATA_PATH) -> PlaceIndex:
    """Read the places file (see `get_index` for the shared, lazily built one)."""
    source = ""
    names: list[str] = []
    names_pl: list[str] = []
    lat: list[float] = []
    lng: list[float] = []
    population: list[int] = []
    tier: list[int] = []
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#"):
                if line.startswith("# source: "):
                    source = line[len("# source: ") :].strip()
                continue
            # A file of five columns (no Polish names) reads too.
            name, la, ln, pop, tr, *polish = line.rstrip("\n").split("\t")
            names.append(name)
            names_pl.append(polish[0] if polish else "")
            lat.append(float(la))
            lng.append(float(ln))
            population.append(int(pop))
            tier.append(int(tr))
    lat_array = np.array(lat)
    if np.any(np.diff(lat_array) < 0):  # the binary search depends on it
        raise ValueError(f"{path}: places are not sorted by latitude")
    arrays = [lat_array, np.array(lng), np.array(population, dtype=np.int64), np.array(tier, dtype=np.int8)]
    for array in arrays:
        array.setflags(write=False)
    return PlaceIndex(tuple(names), tuple(names_pl), *arrays, source=source)


_indexes: dict[Path, PlaceIndex] = {}
_index_lock = threading.Lock()


def get_index(path: Path = DATA_PATH) -> PlaceIndex:
    """The process-wide index, read on first use; locked so concurrent first requests read it once."""
    index = _indexes.get(path)
    if index is None:
        with _index_lock:
            index = _indexes.get(path)
            if index is None:
                index = _indexes[path] = load_index(path)
    return index
