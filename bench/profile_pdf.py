"""Where the time of a DDS PDF goes, on the bench's database as a bench run left it.

    .venv/bin/python bench/profile_pdf.py [plots] [--runs N] [--profile STAGE]

Files and screens a statement of `plots` point plots (default 100) with the bench's
body (bench/cases_api.py) in a database of its own (BENCH_DB_NAME, default
eudr_profile_pdf; Redis dbs 14 and 15), created and seeded on the first run. Its
encryption key is derived from the database's name, so later runs read it back (a bench
run's database cannot be: its key was the run's own).

Each run splits one rendering into our context (map, place names, evidence, QR codes),
our template, WeasyPrint's layout (`HTML(...).render()`) and its drawing
(`document.write_pdf()`), in CPU seconds (time.process_time: the machine is shared, wall
time is printed beside it). A process's one-off costs are reported apart: the country and
place-name indexes first, then the first rendering (template compilation, fonts).
Then the bounded render (a forked child, as the worker runs it) and the child's peak
RSS. `--profile fetch|context|template|layout|draw` prints cProfile's top functions of that
stage (cumulative and own time); layout that sizes boxes by their content (flex, grid
tracks sized by content, automatic table layout) shows up as line breaking
(split_first_line).
"""

from __future__ import annotations

import argparse
import base64
import cProfile
import hashlib
import os
import pstats
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

STAGES = ("fetch", "context", "map", "template", "layout", "draw")


class Clock:
    """CPU and wall seconds per stage of one rendering."""

    def __init__(self) -> None:
        self.cpu: dict[str, float] = {}
        self.wall: dict[str, float] = {}

    def time(self, stage: str, work: Callable[[], Any], profile: cProfile.Profile | None = None) -> Any:
        cpu, wall = time.process_time(), time.perf_counter()
        result = profile.runcall(work) if profile else work()
        self.cpu[stage] = self.cpu.get(stage, 0.0) + time.process_time() - cpu
        self.wall[stage] = self.wall.get(stage, 0.0) + time.perf_counter() - wall
        return result

    def line(self) -> str:
        # The map is drawn inside the context: "context" includes it.
        cells = [f"{s} {self.cpu.get(s, 0):.2f}/{self.wall.get(s, 0):.2f}" for s in STAGES]
        total_cpu = sum(v for k, v in self.cpu.items() if k != "map")
        total_wall = sum(v for k, v in self.wall.items() if k != "map")
        return ", ".join(cells) + f" | total {total_cpu:.2f}/{total_wall:.2f} s (CPU/wall)"


def setup_django() -> None:
    """Its own database and Redis dbs (a bench run elsewhere resets its own), created and
    seeded on first use."""
    os.environ.setdefault("BENCH_DB_NAME", "eudr_profile_pdf")
    os.environ.setdefault("BENCH_REDIS_CACHE", "redis://127.0.0.1:6379/14")
    os.environ.setdefault("BENCH_REDIS_BROKER", "redis://127.0.0.1:6379/15")
    import psycopg
    from harness import DB_NAME, PG_ADMIN, app_env, prepare_app

    key = hashlib.sha256(f"profile_pdf:{DB_NAME}".encode()).digest()  # a throwaway database's
    env = {**app_env(), "ENCRYPTION_KEYS": base64.urlsafe_b64encode(key).decode()}
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        missing = not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DB_NAME]).fetchone()
        if missing:
            conn.execute(f"CREATE DATABASE {DB_NAME}")
    if missing:
        print(f"creating and seeding {DB_NAME} ...")
        prepare_app(env)
    os.environ.update(env, DJANGO_SETTINGS_MODULE="eudr_service.settings")
    import django

    django.setup()


def file_statement(plots: int):
    """A screened statement of `plots` point plots, filed as the bench files them."""
    from cases_api import dds_body
    from django.contrib.auth import get_user_model

    from compliance.filing_serializers import DDSFilingSerializer
    from compliance.models import DueDiligenceStatement
    from compliance.services import dds_file, dds_screen

    owner = DueDiligenceStatement.objects.order_by("pk").values_list("owner", flat=True).first()
    if owner is None:
        raise SystemExit(f"no demo statement in {os.environ['BENCH_DB_NAME']}: drop it to seed it again")
    body = dds_body(plots, f"PROFILE-{time.time_ns()}")
    serializer = DDSFilingSerializer(data=body)
    serializer.is_valid(raise_exception=True)
    user = get_user_model().objects.get(pk=owner)
    statement, _ = dds_file(owner=user, data=serializer.validated_data, raw_body=body)
    cpu, wall = time.process_time(), time.perf_counter()
    dds_screen(statement_id=statement.pk)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"filed {statement.dds_id} with {plots} plots; screened in {cpu:.2f}/{wall:.2f} s (CPU/wall)")
    return statement


def load_indexes() -> None:
    """The one-off loads of a process, reported apart from the renderings."""
    from risk.engine import get_index, get_place_index

    for name, load in (("country index", get_index), ("place-name index", get_place_index)):
        cpu, wall = time.process_time(), time.perf_counter()
        load()
        print(f"{name}: {time.process_time() - cpu:.2f}/{time.perf_counter() - wall:.2f} s (CPU/wall), once")


class Renderer:
    """One statement rendered stage by stage, as the worker renders it."""

    def __init__(self, statement_id: int, top: int) -> None:
        from compliance.documents import pdf_template, statement_with_details
        from compliance.models import DueDiligenceStatement

        # The context decorates the rows it reads, so each rendering reads them again.
        self.fetch = statement_with_details(DueDiligenceStatement.objects.filter(pk=statement_id)).get
        self.template = pdf_template(self.fetch())
        self.top = top

    def html(self) -> str:
        from django.template.loader import render_to_string

        from compliance.documents import dds_pdf_context

        return render_to_string(self.template, dds_pdf_context(statement=self.fetch()))

    def run(self, clock: Clock, profile_stage: str | None = None) -> tuple[int, int]:
        """(pages, bytes) of one rendering timed by `clock`, `profile_stage` under cProfile."""
        from django.template.loader import render_to_string
        from weasyprint import HTML

        from compliance import documents
        from eudr_service.lib.pdf import PDF_ASSET_DIR, LocalAssetsOnlyFetcher, scoped_font_config

        profile = cProfile.Profile() if profile_stage else None

        def stage(name: str) -> cProfile.Profile | None:
            return profile if profile_stage == name else None

        draw_map = documents.statement_map_svg
        statement = clock.time("fetch", self.fetch, stage("fetch"))
        # The map is drawn inside the context: timed on its own too.
        documents.statement_map_svg = lambda **kwargs: clock.time("map", lambda: draw_map(**kwargs))
        try:
            context = clock.time(
                "context", lambda: documents.dds_pdf_context(statement=statement), stage("context")
            )
        finally:
            documents.statement_map_svg = draw_map
        html = clock.time("template", lambda: render_to_string(self.template, context), stage("template"))
        with scoped_font_config() as fonts:
            # Parsing the HTML is WeasyPrint's too: counted in its layout.
            document = clock.time(
                "layout",
                lambda: HTML(
                    string=html, base_url=f"{PDF_ASSET_DIR}/", url_fetcher=LocalAssetsOnlyFetcher()
                ).render(font_config=fonts),
                stage("layout"),
            )
            pdf = clock.time("draw", document.write_pdf, stage("draw"))
        if profile:
            stats = pstats.Stats(profile)
            stats.sort_stats("cumulative").print_stats(self.top)
            stats.sort_stats("tottime").print_stats(self.top)
        return len(document.pages), len(pdf)


def bounded(html: str) -> bytes:
    """The render as the worker runs it: a forked child; its CPU and peak RSS."""
    from django.conf import settings

    from eudr_service.lib.pdf import render_pdf_bounded

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    pdf = render_pdf_bounded(
        html=html,
        max_pages=settings.BUDGET_PDF_MAX_PAGES,
        memory_mb=settings.PDF_RENDER_MEMORY_MB,
        time_limit=600,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    print(
        f"bounded render (forked child): {time.perf_counter() - start:.2f} s wall, {cpu:.2f} s CPU; "
        f"largest child's peak RSS {after.ru_maxrss / 1024:,.0f} MiB; "
        f"this process's {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MiB"
    )
    return pdf


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("plots", nargs="?", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3, help="warm runs after the first")
    parser.add_argument("--profile", choices=[s for s in STAGES if s != "map"], help="cProfile one stage")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--dump", type=Path, help="write the HTML and the PDF into this folder")
    args = parser.parse_args()

    setup_django()
    load_indexes()
    statement = file_statement(args.plots)
    renderer = Renderer(statement.pk, args.top)
    print(f"{statement.dds_id}: {args.plots} plots, {renderer.fetch().status}, template {renderer.template}")

    first = Clock()
    pages, size = renderer.run(first)
    print(f"first rendering of the process: {first.line()}")
    print(f"  {pages} pages, {size / 1000:,.0f} KB; stages in CPU/wall seconds; context includes map")
    for _ in range(args.runs):
        clock = Clock()
        renderer.run(clock)
        print(f"warm rendering: {clock.line()}")

    html = renderer.html()
    pdf = b""
    for _ in range(2):
        pdf = bounded(html)
    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)
        (args.dump / f"{statement.dds_id}.html").write_text(html)
        (args.dump / f"{statement.dds_id}.pdf").write_bytes(pdf)
        print(f"wrote {args.dump}/{statement.dds_id}.html and .pdf ({len(html) / 1000:,.0f} KB of HTML)")
    if args.profile:
        renderer.run(Clock(), args.profile)


if __name__ == "__main__":
    main()
