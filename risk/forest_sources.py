"""The official forest layers we can fetch: who publishes them, how their tiles are named.

Pure data and arithmetic (no Django, no network). Addresses, versions, licences and
citations are documented with their sources in docs/forest-data.md; the base addresses
and versions are settings so that a deployment can point at a mirror or pin a version.

Both publishers cut the globe into 10 x 10 degree tiles named by their upper-left
(north-west) corner, but spell the names differently:

* JRC GFC2020: `N60_E10` (letter first, no padding), tiles from N80/W180 down to S50.
* UMD Hansen GFC: `60N_010E` (letter last, latitude 2 digits, longitude 3 digits).

A tile named by its corner (lat, lng) covers latitudes (lat-10, lat] and longitudes
[lng, lng+10); an area touching a tile only along an edge does not need it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import StrEnum

from risk.forest import LayerKind

TILE_DEGREES = 10
NORTH_LIMIT = 80  # both publishers' grids start at 80 N
SOUTH_LIMIT = -60  # ... and end at 60 S (the last row is named 50S / S50)


class Product(StrEnum):
    JRC_GFC2020 = "jrc_gfc2020"
    HANSEN_LOSSYEAR = "hansen_lossyear"
    HANSEN_TREECOVER2000 = "hansen_treecover2000"


@dataclass(frozen=True)
class ProductInfo:
    product: Product
    title: str
    kind: LayerKind
    value_range: tuple[int, int]  # valid data values (nodata excluded)
    licence: str
    citation: str
    publisher_page: str
    version_pattern: str  # a regular expression every version string must match


HANSEN_CITATION = (
    "Hansen, M. C., P. V. Potapov, R. Moore, M. Hancher, S. A. Turubanova, A. Tyukavina, "
    "D. Thau, S. V. Stehman, S. J. Goetz, T. R. Loveland, A. Kommareddy, A. Egorov, L. Chini, "
    "C. O. Justice, and J. R. G. Townshend. 2013. High-Resolution Global Maps of 21st-Century "
    "Forest Cover Change. Science 342 (15 November): 850-53. "
    "Source: Hansen/UMD/Google/USGS/NASA"
)
HANSEN_LICENCE = "CC BY 4.0"
HANSEN_VERSION_PATTERN = r"GFC-(\d{4})-v1\.(\d+)"

PRODUCTS: dict[Product, ProductInfo] = {
    Product.JRC_GFC2020: ProductInfo(
        product=Product.JRC_GFC2020,
        title="JRC GFC2020",
        kind=LayerKind.FOREST_COVER_2020_CLASS,
        value_range=(0, 1),
        licence=(
            "European Commission reuse policy (Commission Decision 2011/833/EU): reuse "
            "authorised, the source must be acknowledged"
        ),
        citation=(
            "European Commission, Joint Research Centre: Global map of forest cover 2020 "
            "({version}). Bourgoin, C. et al. See https://forest-observatory.ec.europa.eu/forest"
        ),
        publisher_page="https://forobs.jrc.ec.europa.eu/GFC",
        version_pattern=r"V(\d+)",
    ),
    Product.HANSEN_LOSSYEAR: ProductInfo(
        product=Product.HANSEN_LOSSYEAR,
        title="Hansen GFC lossyear",
        kind=LayerKind.LOSS_YEAR,
        value_range=(0, 99),  # narrowed per version: 1..N means loss in 2001..2000+N
        licence=HANSEN_LICENCE,
        citation=HANSEN_CITATION,
        publisher_page="https://storage.googleapis.com/earthenginepartners-hansen/{version}/download.html",
        version_pattern=HANSEN_VERSION_PATTERN,
    ),
    Product.HANSEN_TREECOVER2000: ProductInfo(
        product=Product.HANSEN_TREECOVER2000,
        title="Hansen GFC treecover2000",
        # Canopy cover in 2000, not forest in 2020: registered after JRC GFC2020 so that
        # it only answers where the JRC map does not.
        kind=LayerKind.FOREST_COVER_2020_FRACTION,
        value_range=(0, 100),
        licence=HANSEN_LICENCE,
        citation=HANSEN_CITATION,
        publisher_page="https://storage.googleapis.com/earthenginepartners-hansen/{version}/download.html",
        version_pattern=HANSEN_VERSION_PATTERN,
    ),
}
DEFAULT_PRODUCTS = (Product.JRC_GFC2020, Product.HANSEN_LOSSYEAR)


@dataclass(frozen=True, order=True)
class Tile:
    """A 10 x 10 degree tile by its north-west corner."""

    north: int
    west: int

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """(west, south, east, north) in degrees."""
        return (
            float(self.west),
            float(self.north - TILE_DEGREES),
            float(self.west + TILE_DEGREES),
            float(self.north),
        )

    @property
    def jrc_id(self) -> str:
        lat = f"N{self.north}" if self.north >= 0 else f"S{-self.north}"
        lng = f"E{self.west}" if self.west >= 0 else f"W{-self.west}"
        return f"{lat}_{lng}"

    @property
    def hansen_id(self) -> str:
        lat = f"{abs(self.north):02d}{'N' if self.north >= 0 else 'S'}"
        lng = f"{abs(self.west):03d}{'E' if self.west >= 0 else 'W'}"
        return f"{lat}_{lng}"

    def id_for(self, product: Product) -> str:
        return self.jrc_id if product is Product.JRC_GFC2020 else self.hansen_id


def tiles_for_bbox(west: float, south: float, east: float, north: float) -> list[Tile]:
    """The tiles an area (lng/lat bounds) needs, north to south, west to east.

    Tiles that the area only touches along an edge are left out, and the area is clipped
    to the publishers' grid (80 N to 60 S); raises ValueError for bounds that make no box.
    """
    if not all(math.isfinite(v) for v in (west, south, east, north)):
        raise ValueError("bounds must be finite numbers")
    if not (-180 <= west < east <= 180 and -90 <= south < north <= 90):
        raise ValueError("bounds must satisfy -180 <= west < east <= 180 and -90 <= south < north <= 90")
    south, north = max(south, SOUTH_LIMIT), min(north, NORTH_LIMIT)
    if south >= north:
        return []
    # Corner rows: the tile whose top is the first multiple of 10 at or above each latitude.
    top = math.ceil(north / TILE_DEGREES) * TILE_DEGREES
    bottom = math.floor(south / TILE_DEGREES) * TILE_DEGREES + TILE_DEGREES
    first_col = math.floor(west / TILE_DEGREES) * TILE_DEGREES
    last_col = math.ceil(east / TILE_DEGREES) * TILE_DEGREES - TILE_DEGREES
    return [
        Tile(north=row, west=col)
        for row in range(top, bottom - 1, -TILE_DEGREES)
        for col in range(first_col, last_col + 1, TILE_DEGREES)
    ]


def tile_from_id(product: Product, tile_id: str) -> Tile:
    """Parse a tile name in the product's spelling (the inverse of Tile.id_for)."""
    if product is Product.JRC_GFC2020:
        match = re.fullmatch(r"([NS])(\d{1,2})_([EW])(\d{1,3})", tile_id)
        if not match:
            raise ValueError(f"not a JRC tile name: {tile_id!r}")
        ns, lat, ew, lng = match.groups()
    else:
        match = re.fullmatch(r"(\d{2})([NS])_(\d{3})([EW])", tile_id)
        if not match:
            raise ValueError(f"not a Hansen tile name: {tile_id!r}")
        lat, ns, lng, ew = match.groups()
    north = int(lat) * (1 if ns == "N" else -1)
    west = int(lng) * (1 if ew == "E" else -1)
    if north % TILE_DEGREES or west % TILE_DEGREES:
        raise ValueError(f"tile corners are multiples of {TILE_DEGREES} degrees: {tile_id!r}")
    return Tile(north=north, west=west)


def file_name(product: Product, version: str, tile: Tile) -> str:
    """The publisher's file name for a tile, e.g. Hansen_GFC-2025-v1.13_lossyear_50N_010E.tif."""
    check_version(product, version)
    if product is Product.JRC_GFC2020:
        return f"JRC_GFC2020_{version}_{tile.jrc_id}.tif"
    layer = "lossyear" if product is Product.HANSEN_LOSSYEAR else "treecover2000"
    return f"Hansen_{version}_{layer}_{tile.hansen_id}.tif"


def tile_url(product: Product, version: str, tile: Tile, *, base_url: str) -> str:
    """Where the publisher (or a mirror with the same layout) serves the tile.

    JRC: `<base>/JRC_GFC2020_V4_N60_E10.tif` with base the `.../GFC2020/LATEST/tiles/`
    folder; Hansen: `<base>/<version>/Hansen_<version>_lossyear_60N_010E.tif`.
    """
    base = base_url.rstrip("/")
    name = file_name(product, version, tile)
    if product is Product.JRC_GFC2020:
        return f"{base}/{name}"
    return f"{base}/{version}/{name}"


def check_version(product: Product, version: str) -> None:
    if not re.fullmatch(PRODUCTS[product].version_pattern, version):
        raise ValueError(f"{version!r} is not a {PRODUCTS[product].title} version")


def next_versions(product: Product, version: str, *, count: int = 3) -> list[str]:
    """Plausible successors of a version, nearest first, for `forest_data update` to probe.

    JRC numbers versions V1, V2, ...; UMD names each yearly release after the last year it
    covers and bumps the minor number (GFC-2024-v1.12 -> GFC-2025-v1.13).
    """
    check_version(product, version)
    match = re.fullmatch(PRODUCTS[product].version_pattern, version)
    assert match is not None
    if product is Product.JRC_GFC2020:
        return [f"V{int(match.group(1)) + step}" for step in range(1, count + 1)]
    year, minor = int(match.group(1)), int(match.group(2))
    return [f"GFC-{year + step}-v1.{minor + step}" for step in range(1, count + 1)]


def loss_year_max(version: str) -> int:
    """Highest lossyear value a Hansen release can hold (its last year minus 2000)."""
    match = re.fullmatch(HANSEN_VERSION_PATTERN, version)
    if not match:
        raise ValueError(f"{version!r} is not a Hansen GFC version")
    return int(match.group(1)) - 2000


def value_range(product: Product, version: str) -> tuple[int, int]:
    if product is Product.HANSEN_LOSSYEAR:
        return (0, loss_year_max(version))
    return PRODUCTS[product].value_range


def layer_name(product: Product, version: str) -> str:
    """Shown to users as the factor's source; carries the version, so answers say which."""
    return f"{PRODUCTS[product].title} {version}"
