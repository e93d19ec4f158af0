"""The report's PDF, rendered in parts so memory stays bounded.

WeasyPrint holds the layout of a whole document in memory, about 0.2 MB per
supplier row in our tables; a 1000-supplier report in one piece would need
some 250 MB on top of the worker. So the supplier tables are cut into parts of
at most ROWS_PER_PART rows, each part is rendered and written on its own, and
the parts are joined with pypdf. Each table part repeats its header; page
numbers run on across parts. Small reports are a single part. Every part goes
through the same bounded renderer as the statements' PDFs
(eudr_service.lib.pdf.render_pdf_bounded).
"""

from __future__ import annotations

import io
import time
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from pypdf import PdfReader, PdfWriter

from eudr_service.lib.pdf import render_pdf_bounded

TEMPLATE = "reports/csrd.html"
ROWS_PER_PART = 250


def report_parts(*, row_count: int, rows_per_part: int = ROWS_PER_PART) -> list[dict[str, Any]]:
    """Which sections each part holds: slices of the supplier rows, packed in order."""
    segments: list[dict[str, Any]] = [{"cover": True}]
    for table in ("emission", "risk"):
        for start in range(0, row_count, rows_per_part):
            end = min(start + rows_per_part, row_count)
            segments.append(
                {table: (start, end), f"{table}_first": start == 0, f"{table}_last": end == row_count}
            )
    segments.append({"closing": True})
    parts: list[dict[str, Any]] = [{}]
    used = 0
    for segment in segments:
        rows = sum(
            end - start for key in ("emission", "risk") if key in segment for start, end in [segment[key]]
        )
        if used and used + rows > rows_per_part:
            parts.append({})
            used = 0
        parts[-1].update(segment)
        used += rows
    return parts


def csrd_pdf_compose(*, context: dict[str, Any], rows_per_part: int | None = None) -> bytes:
    """The report's PDF, each part rendered by the one bounded renderer (a child process
    limited in memory, pages and time, with its own scratch folder); raises RenderRefused
    when a part goes over a limit. The time limit is for the whole report, shared by its
    parts."""
    rows = context["rows"]
    rows_per_part = rows_per_part or ROWS_PER_PART
    deadline = time.monotonic() + settings.PDF_RENDER_TIME_LIMIT_SECONDS
    blobs: list[bytes] = []
    next_page = 1
    for part in report_parts(row_count=len(rows), rows_per_part=rows_per_part):
        part_context = {
            **part,
            "first_page": next_page,
            "emission_rows": rows[slice(*part["emission"])] if "emission" in part else None,
            "risk_rows": rows[slice(*part["risk"])] if "risk" in part else None,
        }
        html = render_to_string(TEMPLATE, {**context, "part": part_context})
        blob = render_pdf_bounded(
            html=html,
            max_pages=settings.BUDGET_PDF_MAX_PAGES,
            memory_mb=settings.PDF_RENDER_MEMORY_MB,
            time_limit=max(deadline - time.monotonic(), 0.0),
            nice=settings.PDF_RENDER_NICE,
        )
        next_page += len(PdfReader(io.BytesIO(blob)).pages)
        blobs.append(blob)
    return (
        blobs[0]
        if len(blobs) == 1
        else _join(blobs, title=f"{context['t']['title']} — {context['company_name']}")
    )


def _join(blobs: list[bytes], *, title: str) -> bytes:
    writer = PdfWriter()
    for blob in blobs:
        writer.append(PdfReader(io.BytesIO(blob)))
    writer.add_metadata({"/Title": title})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
