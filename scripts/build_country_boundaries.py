"""Build risk/data/countries-10m.geojson.gz from the world-atlas npm package.

Run once, offline after the download, whenever the boundaries should be refreshed:

    python scripts/build_country_boundaries.py                 # runs `npm pack world-atlas@2.0.2`
    python scripts/build_country_boundaries.py --topojson path/to/countries-10m.json

Why this script exists instead of loading TopoJSON at run time: the service should need
no node, no network and no TopoJSON decoder; it loads one gzip-compressed GeoJSON file
whose features already carry ISO 3166-1 alpha-2 codes. world-atlas ships Natural Earth
admin-0 boundaries (public domain) with ISO 3166-1 *numeric* ids, so the numeric ->
alpha-2 mapping is done here, with a static table (copied from Debian iso-codes 4.15),
so the build does not depend on what is installed on the machine.

Only the standard library and shapely (for validity repair) are needed.
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import MultiPolygon, Polygon, mapping

WORLD_ATLAS_VERSION = "2.0.2"
NATURAL_EARTH_VERSION = "4.1.0"  # what world-atlas 2.0.2 says it redistributes
OUTPUT = Path(__file__).resolve().parents[1] / "risk/data/countries-10m.geojson.gz"
# 5 decimals is ~1 m; the 1:10m TopoJSON is quantized to ~0.0036 deg x 0.0017 deg
# (~250 m x 190 m), so rounding loses nothing that the source had.
DECIMALS = 5

# ISO 3166-1 numeric -> alpha-2, all 249 assigned codes (Debian iso-codes 4.15.0).
_ISO_NUMERIC_ALPHA2 = """
004AF 008AL 010AQ 012DZ 016AS 020AD 024AO 028AG 031AZ 032AR 036AU 040AT 044BS 048BH
050BD 051AM 052BB 056BE 060BM 064BT 068BO 070BA 072BW 074BV 076BR 084BZ 086IO 090SB
092VG 096BN 100BG 104MM 108BI 112BY 116KH 120CM 124CA 132CV 136KY 140CF 144LK 148TD
152CL 156CN 158TW 162CX 166CC 170CO 174KM 175YT 178CG 180CD 184CK 188CR 191HR 192CU
196CY 203CZ 204BJ 208DK 212DM 214DO 218EC 222SV 226GQ 231ET 232ER 233EE 234FO 238FK
239GS 242FJ 246FI 248AX 250FR 254GF 258PF 260TF 262DJ 266GA 268GE 270GM 275PS 276DE
288GH 292GI 296KI 300GR 304GL 308GD 312GP 316GU 320GT 324GN 328GY 332HT 334HM 336VA
340HN 344HK 348HU 352IS 356IN 360ID 364IR 368IQ 372IE 376IL 380IT 384CI 388JM 392JP
398KZ 400JO 404KE 408KP 410KR 414KW 417KG 418LA 422LB 426LS 428LV 430LR 434LY 438LI
440LT 442LU 446MO 450MG 454MW 458MY 462MV 466ML 470MT 474MQ 478MR 480MU 484MX 492MC
496MN 498MD 499ME 500MS 504MA 508MZ 512OM 516NA 520NR 524NP 528NL 531CW 533AW 534SX
535BQ 540NC 548VU 554NZ 558NI 562NE 566NG 570NU 574NF 578NO 580MP 581UM 583FM 584MH
585PW 586PK 591PA 598PG 600PY 604PE 608PH 612PN 616PL 620PT 624GW 626TL 630PR 634QA
638RE 642RO 643RU 646RW 652BL 654SH 659KN 660AI 662LC 663MF 666PM 670VC 674SM 678ST
682SA 686SN 688RS 690SC 694SL 702SG 703SK 704VN 705SI 706SO 710ZA 716ZW 724ES 728SS
729SD 732EH 740SR 744SJ 748SZ 752SE 756CH 760SY 762TJ 764TH 768TG 772TK 776TO 780TT
784AE 788TN 792TR 795TM 796TC 798TV 800UG 804UA 807MK 818EG 826GB 831GG 832JE 833IM
834TZ 840US 850VI 854BF 858UY 860UZ 862VE 876WF 882WS 887YE 894ZM
"""
ISO_NUMERIC_TO_ALPHA2 = {item[:3]: item[3:] for item in _ISO_NUMERIC_ALPHA2.split()}

# Natural Earth features without an ISO numeric id. We attribute each to the state that
# the EU (and so an EUDR due-diligence statement) would name as country of production;
# None means genuinely disputed, so the lookup answers "unknown" rather than guess.
UNNUMBERED_FEATURES: dict[str, str | None] = {
    "Kosovo": "XK",  # user-assigned code used by the EU and the European Commission
    "N. Cyprus": "CY",  # the EU treats the whole island as the Republic of Cyprus
    "Cyprus U.N. Buffer Zone": "CY",
    "Akrotiri": "GB",  # UK Sovereign Base Areas
    "Dhekelia": "GB",
    "Somaliland": "SO",  # not recognised as a state; part of Somalia
    "Baikonur": "KZ",  # leased to Russia, Kazakh sovereign territory
    "USNB Guantanamo Bay": "CU",  # leased to the US, Cuban sovereign territory
    "Coral Sea Is.": "AU",
    "Clipperton I.": "FR",
    "Indian Ocean Ter.": "AU",  # Christmas I. (CX) and Cocos Is. (CC); split below
    "Bajo Nuevo Bank": "CO",  # Colombian per the ICJ judgment of 2012
    "Serranilla Bank": "CO",
    "Siachen Glacier": None,  # disputed India / Pakistan
    "Spratly Is.": None,  # disputed by six states
    "Scarborough Reef": None,  # disputed China / Philippines
}


def decode_arcs(topology: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """Turn delta-encoded, quantized arcs into absolute lng/lat coordinates."""
    (sx, sy), (tx, ty) = topology["transform"]["scale"], topology["transform"]["translate"]
    arcs = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((round(x * sx + tx, DECIMALS), round(y * sy + ty, DECIMALS)))
        arcs.append(points)
    return arcs


def ring(arc_ids: list[int], arcs: list[list[tuple[float, float]]]) -> list[tuple[float, float]]:
    """Stitch arcs into one ring; a negative id (~i) means arc i walked backwards."""
    points: list[tuple[float, float]] = []
    for arc_id in arc_ids:
        arc = arcs[arc_id] if arc_id >= 0 else arcs[~arc_id][::-1]
        # Consecutive arcs share their joining point; keep it once.
        points.extend(arc[1:] if points else arc)
    return points


def polygons(geometry: dict[str, Any], arcs: list[list[tuple[float, float]]]) -> list[Polygon]:
    parts = [geometry["arcs"]] if geometry["type"] == "Polygon" else geometry["arcs"]
    result = []
    for rings in parts:
        shell, *holes = (ring(r, arcs) for r in rings)
        if len(shell) >= 4:
            result.append(Polygon(shell, [h for h in holes if len(h) >= 4]))
    return result


def valid(geom: shapely.Geometry) -> shapely.Geometry:
    """Quantization can pinch rings; repair so point-in-polygon tests are trustworthy."""
    if geom.is_valid:
        return geom
    repaired = shapely.make_valid(geom)
    kept = [g for g in getattr(repaired, "geoms", [repaired]) if g.geom_type == "Polygon"]
    kept += [p for g in getattr(repaired, "geoms", []) if g.geom_type == "MultiPolygon" for p in g.geoms]
    return MultiPolygon(kept) if len(kept) != 1 else kept[0]


def features(topology: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
    arcs = decode_arcs(topology)
    by_code: dict[str, list[Polygon]] = {}
    names: dict[str, str] = {}
    skipped = []
    geometries = topology["objects"]["countries"]["geometries"]
    # Numbered features first (stable sort), so a country keeps its own name rather than
    # that of a territory sharing its code (Australia vs. Ashmore and Cartier Is.).
    for geometry in sorted(geometries, key=lambda g: "id" not in g):
        name = geometry["properties"]["name"]
        numeric = geometry.get("id")
        code = ISO_NUMERIC_TO_ALPHA2.get(numeric) if numeric else UNNUMBERED_FEATURES.get(name)
        if code is None:
            skipped.append(name)
            continue
        for polygon in polygons(geometry, arcs):
            part_code = code
            if name == "Indian Ocean Ter.":
                # Christmas Island lies east of 100 E, the Cocos (Keeling) Islands west of it.
                part_code = "CX" if polygon.centroid.x > 100 else "CC"
            by_code.setdefault(part_code, []).append(polygon)
            names.setdefault(part_code, name)
    result = []
    for code in sorted(by_code):
        parts = by_code[code]
        geom = valid(parts[0] if len(parts) == 1 else MultiPolygon(parts))
        result.append(
            {
                "type": "Feature",
                "properties": {"code": code, "name": names[code]},
                "geometry": mapping(geom),
            }
        )
    return result, skipped


def fetch_topojson(workdir: Path) -> Path:
    subprocess.run(
        ["npm", "pack", f"world-atlas@{WORLD_ATLAS_VERSION}", "--silent"],
        cwd=workdir,
        check=True,
        capture_output=True,
    )
    with tarfile.open(workdir / f"world-atlas-{WORLD_ATLAS_VERSION}.tgz") as archive:
        archive.extract("package/countries-10m.json", workdir, filter="data")
    return workdir / "package/countries-10m.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--topojson", type=Path, help="countries-10m.json of world-atlas")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        source = args.topojson or fetch_topojson(Path(tmp))
        topology = json.loads(source.read_text(encoding="utf-8"))
    collection, skipped = features(topology)
    document = {
        "type": "FeatureCollection",
        # Foreign members (RFC 7946 section 6.1): provenance travels with the data.
        "source": (
            f"Natural Earth {NATURAL_EARTH_VERSION} admin-0 countries 1:10m (public domain), "
            f"via world-atlas {WORLD_ATLAS_VERSION}"
        ),
        "skipped_disputed": skipped,
        "features": collection,
    }
    text = json.dumps(document, separators=(",", ":"), ensure_ascii=False)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    # No name and mtime=0 in the gzip header: rebuilds of the same input are byte-identical.
    with (
        args.output.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as out,
    ):
        out.write(text.encode("utf-8"))
    print(f"{len(collection)} countries, skipped {skipped}, {args.output.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
