"""DRF renderers shared by the views that answer a PDF."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter
from rest_framework.renderers import BaseRenderer, JSONRenderer


class PDFRenderer(BaseRenderer):
    """Lets clients send `Accept: application/pdf` to a view that answers a PDF. The PDF
    itself leaves as a plain HttpResponse; errors leave as problem+json and JSON answers
    (a 202 while a worker renders) name their own content type."""

    media_type = "application/pdf"
    format = "pdf"
    charset = None

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> bytes:
        if isinstance(data, bytes):
            return data
        return JSONRenderer().render(data)


# JSON first: without Accept, or with */*, DRF picks the first renderer, and the views
# answer JSON (a 202, a problem) as well as the PDF.
PDF_VIEW_RENDERERS = [JSONRenderer, PDFRenderer]

# The views choose by the Accept header; DRF's `?format=` override is not part of the API,
# so it stays out of the schema (spectacular would list it once two renderers exist).
NO_FORMAT_PARAMETER = OpenApiParameter("format", exclude=True)
