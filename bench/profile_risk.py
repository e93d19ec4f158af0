"""Profile the risk engine in-process (cProfile) on the bench's two 30 m layers.

    .venv/bin/python bench/profile_risk.py batch   # 500 polygons, as POST risk-score/batch scores them
    .venv/bin/python bench/profile_risk.py job     # 10,000 plots in chunks, as the job's worker does
    .venv/bin/python bench/profile_risk.py points  # 500 points, 1 km circles, on the 30 m loss layer
    .venv/bin/python bench/profile_risk.py points --real  # on the 10 m + 30 m layers instead
    .venv/bin/python bench/profile_risk.py evidence  # signing and storing the points' evidence record

`--real` scores on the layers at their published resolution (cases_layers_real.py: a
JRC-style 10 m cover layer and a Hansen-style 30 m loss layer, generated once under var/)
with that module's plots and points instead of the small 30 m layers.

Embedded mode in a scratch directory (SQLite, no server, no worker), so the numbers are
the scoring code's own: wall and CPU time of each run, then the entries with the most
time of their own and the most time in all. CPU time is the steadier figure on a
machine shared with other work.
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["batch", "job", "points", "evidence"])
    parser.add_argument("--runs", type=int, default=3, help="timed runs before the profiled one")
    parser.add_argument("--top", type=int, default=20, help="profile entries shown per ordering")
    parser.add_argument("--real", action="store_true", help="the 10 m + 30 m layers of cases_layers_real")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="eudr-profile-") as tmp:
        os.environ.update(VAR_DIR=tmp, DJANGO_SETTINGS_MODULE="eudr_service.settings")
        import django

        django.setup()
        if args.real:
            _register_real_layers()
            score = {"batch": _real_batch, "job": _real_job, "points": _real_points}[args.what]()
        else:
            _register_layers(Path(tmp))
            score = {"batch": _batch, "job": _job, "points": _points, "evidence": _evidence}[args.what]()
        score()  # first use loads the country boundaries and warms GDAL's block cache
        for _ in range(args.runs):
            wall, cpu = time.perf_counter(), time.process_time()
            score()
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            print(f"{args.what}: {wall:.3f} s wall, {cpu:.3f} s CPU")
        profile = cProfile.Profile()
        profile.runcall(score)
        stats = pstats.Stats(profile)
        stats.sort_stats("tottime").print_stats(args.top)
        stats.sort_stats("cumulative").print_stats(args.top)


def _register_layers(folder: Path) -> None:
    from cases_risk_plots import write_cover_class_tif
    from django.core.management import call_command
    from forest_layer import write_loss_year_tif

    call_command("migrate", "--noinput", verbosity=0)
    loss, cover = folder / "loss.tif", folder / "cover.tif"
    write_loss_year_tif(loss)
    write_cover_class_tif(cover)
    layers = (("bench loss", "loss_year", loss), ("bench cover", "forest_cover_2020_class", cover))
    for name, kind, path in layers:
        call_command("register_forest_layer", "--name", name, "--kind", kind, "--path", str(path))


def _register_real_layers() -> None:
    from cases_layers_real import CACHE, KINDS, NAMES
    from django.core.management import call_command
    from forest_layer import real_layers

    call_command("migrate", "--noinput", verbosity=0)
    for key, path in real_layers(CACHE).items():
        call_command("register_forest_layer", "--name", NAMES[key], "--kind", KINDS[key], "--path", str(path))


def _real_batch() -> Callable[[], None]:
    from cases_layers_real import polygon_plots

    return _plots_batch(polygon_plots(500, seed=1))


def _real_points() -> Callable[[], None]:
    from cases_layers_real import points

    return _points_batch([(p["lat"], p["lng"]) for p in points(500, seed=2026)])


def _real_job() -> Callable[[], None]:
    from cases_layers_real import job_plots

    return _job_run(job_plots())


def _batch() -> Callable[[], None]:
    from cases_risk_plots import polygon_features

    return _plots_batch(polygon_features(500))


def _plots_batch(features: list[dict]) -> Callable[[], None]:
    from risk import service
    from risk.views import plots_parse

    body = {"type": "FeatureCollection", "features": features}

    def score() -> None:
        plots, _ = plots_parse(body, max_items=500)
        service.risk_score_plots(plots=plots)

    return score


def _points() -> Callable[[], None]:
    """The bench's "500 points, 30 m loss layer, 1 km" batch (the cover layer is registered
    too, so each circle is read on both layers)."""
    from forest_layer import batch_points

    return _points_batch([(p["lat"], p["lng"]) for p in batch_points(500)])


def _evidence() -> Callable[[], None]:
    """The evidence record of the 500-point batch (as `keepEvidence` keeps it): the points
    are scored once, each run signs and stores their record."""
    from forest_layer import batch_points

    from accounts.models import User
    from risk import service
    from risk.evidence_record import point_area, risk_record_write

    owner = User.objects.create_user(email="profile@example.com", password=None, plan_id="enterprise")
    answer = service.risk_score_batch(points=[(p["lat"], p["lng"]) for p in batch_points(500)], radius_km=1)
    # What the batch view gives the record for each point (risk.views, _batch_record).
    plots = [
        ({**result["location"], "radius_km": 1}, result, point_area(result), None)
        for result in answer["results"]
    ]

    def score() -> None:
        risk_record_write(
            owner=owner, livemode=True, request_kind="batch", commodity=None, plots=plots, radius_km=1
        )

    return score


def _points_batch(points: list[tuple[float, float]]) -> Callable[[], None]:
    from risk import service

    def score() -> None:
        service.risk_score_batch(points=points, radius_km=1)

    return score


def _job() -> Callable[[], None]:
    from cases_risk_plots import job_features

    return _job_run(job_features())


def _job_run(features: list[dict]) -> Callable[[], None]:
    from accounts.models import User
    from risk import jobs
    from risk.views import plots_parse

    owner = User.objects.create_user(email="profile@example.com", password=None)
    body = {"type": "FeatureCollection", "features": features}

    def score() -> None:  # Celery runs eagerly in embedded mode: every chunk, in this process
        plots, options = plots_parse(body, max_items=10_000, positions_limit="RISK_JOB_MAX_POSITIONS")
        job = jobs.risk_job_create(owner=owner, plots=plots, options=options)
        job.refresh_from_db()
        if job.status != "done":
            raise RuntimeError(f"the job ended {job.status}")

    return score


if __name__ == "__main__":
    main()
