"""Profile one CSRD report in-process: its content (risk, emissions) and its PDF apart.

    .venv/bin/python bench/profile_csrd.py [SUPPLIERS] [--forest bench|poland] [--top N] [--no-profile]

The report is the bench's (bench/cases_csrd.py: suppliers located by voivodeship,
no ULDK calls), built in a scratch embedded database. With `--forest bench` the
bench's two synthetic 30 m layers (a loss-year and a forest-cover layer over a 1°
square around Warsaw, reaching two voivodeships' circles) are registered first;
with `--forest poland` a synthetic loss-year layer of 0.0005° (about 55 m) over the
whole country, so every voivodeship's circle is read as a deployment with national
forest data reads it (written in the scratch folder, about a minute and some
50 MB). Prints each stage's CPU and wall time
and, unless `--no-profile`, cProfile's top entries by cumulative and by own time.
`make bench` measures the same report end to end through the API and a worker.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suppliers", type=int, nargs="?", default=1000)
    parser.add_argument("--forest", choices=["bench", "poland"], help="register synthetic forest layers")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--no-profile", action="store_true", help="times only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="profile-csrd-") as scratch:
        os.environ["VAR_DIR"] = scratch
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eudr_service.settings")
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        if args.forest == "bench":
            register_bench_layers(Path(scratch))
        elif args.forest == "poland":
            register_poland_layer(Path(scratch))
        profile_report(args.suppliers, top=args.top, profile=not args.no_profile)


def register_bench_layers(folder: Path) -> None:
    from cases_risk_plots import write_cover_class_tif
    from django.core.management import call_command
    from forest_layer import write_loss_year_tif

    loss, cover = folder / "bench_loss.tif", folder / "bench_cover.tif"
    write_loss_year_tif(loss)
    write_cover_class_tif(cover)
    call_command("register_forest_layer", "--name", "bench loss", "--kind", "loss_year", "--path", str(loss))
    kind = "forest_cover_2020_class"
    call_command("register_forest_layer", "--name", "bench cover", "--kind", kind, "--path", str(cover))


# West, south, east, north: every voivodeship's 50 km circle lies inside.
POLAND = (13.9, 48.9, 24.3, 55.0)


def register_poland_layer(folder: Path, pixel: float = 0.0005, seed: int = 2025) -> None:
    """A Hansen-style loss-year layer over Poland: 16-pixel patches, most without loss,
    tiled and deflate-compressed like the published tiles; written strip by strip."""
    import numpy as np
    import rasterio
    from django.core.management import call_command
    from rasterio.transform import from_origin
    from rasterio.windows import Window

    west, south, east, north = POLAND
    width, height = round((east - west) / pixel), round((north - south) / pixel)
    path = folder / "poland_loss.tif"
    profile = {
        "driver": "GTiff",
        "dtype": "uint8",
        "count": 1,
        "width": width,
        "height": height,
        "crs": "EPSG:4326",
        "transform": from_origin(west, north, pixel, pixel),
        "nodata": 255,
        "tiled": True,
        "blockxsize": 256,
        "blockysize": 256,
        "compress": "deflate",
    }
    rng = np.random.default_rng(seed)
    with rasterio.open(path, "w", **profile) as dst:
        for top in range(0, height, 256):
            rows = min(256, height - top)
            draw = rng.random(((rows + 15) // 16, (width + 15) // 16))
            coarse = np.where(draw < 0.12, (draw * 200).astype(np.uint8) + 1, 0).astype(np.uint8)
            strip = np.repeat(np.repeat(coarse, 16, axis=0), 16, axis=1)[:rows, :width]
            dst.write(strip, 1, window=Window(0, top, width, rows))
    call_command("register_forest_layer", "--name", "poland loss", "--kind", "loss_year", "--path", str(path))


def profile_report(suppliers: int, *, top: int, profile: bool) -> None:
    from cases_csrd import csrd_body
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from accounts.models import User
    from reports.builder import csrd_content_build
    from reports.models import CsrdReport
    from reports.rendering import csrd_pdf_compose
    from reports.serializers import CsrdReportRequestSerializer

    body = CsrdReportRequestSerializer(data=csrd_body(suppliers))
    body.is_valid(raise_exception=True)
    data = body.validated_data
    owner = User.objects.create(email="profile@bench.example")

    def report(count: int) -> CsrdReport:
        return CsrdReport(
            owner=owner,
            company_name=data["company_name"],
            report_year=data["report_year"],
            lang=data["lang"],
            supplier_count=count,
            payload={**data, "suppliers": data["suppliers"][:count]},
        )

    # First use in a process loads the country index and the fonts: not the report's cost.
    csrd_pdf_compose(context=csrd_content_build(report=report(1)))
    with CaptureQueriesContext(connection) as queries:
        context = stage("content", lambda: csrd_content_build(report=report(suppliers)), top, profile)
    print(f"    {len(queries.captured_queries)} database queries")
    pdf = stage("pdf", lambda: csrd_pdf_compose(context=context), top, profile)
    print(f"    {len(pdf) / 1000:,.0f} KB")


def stage(name: str, run: Callable[[], Any], top: int, profile: bool) -> Any:
    profiler = cProfile.Profile() if profile else None
    wall, cpu = time.perf_counter(), time.process_time()
    result = profiler.runcall(run) if profiler else run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    note = " under the profiler" if profiler else ""
    print(f"=== {name}: {cpu:.2f} s CPU, {wall:.2f} s wall{note} ===")
    if profiler:
        stats = pstats.Stats(profiler).strip_dirs()
        stats.sort_stats("cumulative").print_stats(top)
        stats.sort_stats("tottime").print_stats(top)
    return result


if __name__ == "__main__":
    main()
