"""Profile the DDS PDF of a small statement (cProfile), on the bench's database as
`make bench` left them (run `make bench` first).

    .venv/bin/python bench/profile_pdf.py [plots]

Times the template and the bounded render (a forked child, as the worker runs it)
a few times, then profiles one WeasyPrint render in this process by cumulative
time: layout that sizes boxes by their content (flex, grid tracks sized by content,
automatic table layout) shows up as line breaking (split_first_line).
"""

from __future__ import annotations

import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def main() -> None:
    from harness import app_env

    os.environ.update(app_env(), DJANGO_SETTINGS_MODULE="eudr_service.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.db.models import Count
    from django.template.loader import render_to_string
    from weasyprint import HTML

    from compliance.documents import TEMPLATE, dds_pdf_context, statement_with_details
    from compliance.models import DueDiligenceStatement
    from eudr_service.lib.pdf import PDF_ASSET_DIR, LocalAssetsOnlyFetcher, render_pdf_bounded

    plots = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    pk = (
        DueDiligenceStatement.objects.annotate(n=Count("commodities__plots"))
        .filter(n__gte=1, n__lte=plots)
        .order_by("-n")
        .values_list("pk", flat=True)
        .first()
    )
    if pk is None:
        raise SystemExit("no statement in the bench database: run `make bench` first")
    statement = statement_with_details(DueDiligenceStatement.objects.filter(pk=pk)).get()
    html = render_to_string(TEMPLATE, dds_pdf_context(statement=statement))  # warm: compiles
    for _ in range(4):
        start = time.perf_counter()
        html = render_to_string(TEMPLATE, dds_pdf_context(statement=statement))
        middle = time.perf_counter()
        render_pdf_bounded(
            html=html,
            max_pages=settings.BUDGET_PDF_MAX_PAGES,
            memory_mb=settings.PDF_RENDER_MEMORY_MB,
            time_limit=60,
        )
        end = time.perf_counter()
        template_ms, render_ms = 1000 * (middle - start), 1000 * (end - middle)
        print(f"{statement.dds_id}: template {template_ms:.0f} ms, bounded render {render_ms:.0f} ms")

    def render() -> None:
        HTML(string=html, base_url=f"{PDF_ASSET_DIR}/", url_fetcher=LocalAssetsOnlyFetcher()).write_pdf()

    render()
    profile = cProfile.Profile()
    profile.runcall(render)
    pstats.Stats(profile).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
