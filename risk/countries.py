"""Country of a coordinate, answered offline from shipped Natural Earth boundaries.

Why offline: the risk score must be deterministic and must not depend on a reverse
geocoding service that can be down, rate-limited or change its answers. The boundaries
(Natural Earth admin-0, 1:10m, public domain, redistributed by the `world-atlas` npm
package) are converted once by `scripts/build_country_boundaries.py` into
`data/countries-10m.geojson.gz`, with ISO 3166-1 alpha-2 codes already attached.

Accuracy: the source is quantized to roughly 250 m x 190 m, so answers within a few
hundred metres of a land border or a coastline can be wrong; callers report the source
so that users can judge.
"""

from __future__ import annotations

import gzip
import json
import math
import threading
from dataclasses import dataclass, field
from pathlib import Path

import shapely
from shapely.geometry import shape

DATA_PATH = Path(__file__).parent / "data" / "countries-10m.geojson.gz"


@dataclass(frozen=True)
class CountryIndex:
    """Prepared country polygons behind an STRtree, plus the provenance of the data."""

    tree: shapely.STRtree
    geometries: tuple[shapely.Geometry, ...]
    codes: tuple[str, ...]
    names: dict[str, str]
    source: str
    # GEOS builds a prepared polygon's point locator lazily, on its first query: two
    # threads querying the same country for the first time at once abort the process
    # ("Fatal Python error: Aborted" under the threaded test server during 20 parallel
    # filings). Queries of the shared index take turns; a sync worker has one thread anyway.
    lock: threading.Lock = field(default_factory=threading.Lock, compare=False, repr=False)

    def country_at(self, lat: float, lng: float) -> str | None:
        _check_coordinates(lat, lng)
        point = shapely.Point(lng, lat)
        with self.lock:
            # The tree only narrows to bounding boxes; sorting candidate indices keeps the
            # answer for a point exactly on a shared border the same on every run.
            for i in sorted(self.tree.query(point).tolist()):
                # intersects (not contains) so that a point on a border or coastline counts.
                if shapely.intersects_xy(self.geometries[i], lng, lat):
                    return self.codes[i]
        return None


def load_index(path: Path = DATA_PATH) -> CountryIndex:
    """Read the boundaries file and build the index (about a second; see `get_index`)."""
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        document = json.load(handle)
    geometries = tuple(shape(feature["geometry"]) for feature in document["features"])
    # Prepared geometries make the repeated point-in-polygon tests fast (edge index).
    shapely.prepare(geometries)
    codes = tuple(feature["properties"]["code"] for feature in document["features"])
    names = {f["properties"]["code"]: f["properties"]["name"] for f in document["features"]}
    return CountryIndex(
        tree=shapely.STRtree(geometries),
        geometries=geometries,
        codes=codes,
        names=names,
        source=document["source"],
    )


_indexes: dict[Path, CountryIndex] = {}
_index_lock = threading.Lock()


def get_index(path: Path = DATA_PATH) -> CountryIndex:
    """The process-wide index, built on first use.

    Lazy so that importing the module (Django start-up, management commands) stays cheap;
    locked so that concurrent first requests in a threaded server build it only once.
    """
    index = _indexes.get(path)
    if index is None:
        with _index_lock:
            index = _indexes.get(path)
            if index is None:
                index = _indexes[path] = load_index(path)
    return index


def country_at(lat: float, lng: float) -> str | None:
    """ISO 3166-1 alpha-2 code of the country at (lat, lng), or None at sea.

    Disputed areas without an attributable state (Siachen Glacier, Spratly Islands,
    Scarborough Reef) also give None. Kosovo is "XK". Overseas parts are reported as their
    state in Natural Earth terms (French Guiana as FR, Svalbard as NO).
    Raises ValueError for coordinates outside the WGS84 range.
    """
    return get_index().country_at(lat, lng)


def boundaries_source() -> str:
    """Attribution of the boundary data, e.g. for the `source` of a risk factor."""
    return get_index().source


def _check_coordinates(lat: float, lng: float) -> None:
    if not (math.isfinite(lat) and math.isfinite(lng)):
        raise ValueError("lat and lng must be finite numbers")
    if not -90.0 <= lat <= 90.0 or not -180.0 <= lng <= 180.0:
        raise ValueError("lat must be within -90..90 and lng within -180..180")
