"""PDF rendering with WeasyPrint from server-owned templates, fetching nothing.

Templates may contain text from clients (company and operator names); they are
escaped by Django, and the URL fetcher below refuses every URL except `data:`
URIs and files inside our own PDF asset folder, so a document can never make
the server reach the network or read other local files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlparse
from urllib.request import url2pathname

import segno
from django.conf import settings
from django.template.loader import render_to_string
from weasyprint import HTML
from weasyprint.urls import URLFetcher

PDF_ASSET_DIR = (Path(settings.BASE_DIR) / "static" / "pdf").resolve()


class RefusedURL(ValueError):
    pass


class LocalAssetsOnlyFetcher(URLFetcher):
    def __init__(self) -> None:
        super().__init__(allowed_protocols=("data", "file"), allow_redirects=False, timeout=2)

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> Any:
        scheme = url.split(":", 1)[0].lower()
        if scheme == "file":
            path = Path(url2pathname(urlparse(url).path)).resolve()
            if not path.is_relative_to(PDF_ASSET_DIR):
                raise RefusedURL(f"refused file outside the PDF assets: {url[:100]}")
        elif scheme != "data":
            raise RefusedURL(f"refused non-local URL: {url[:100]}")
        return super().fetch(url, headers)


def render_pdf(*, template: str, context: dict[str, Any]) -> bytes:
    html = render_to_string(template, context)
    document = HTML(string=html, base_url=f"{PDF_ASSET_DIR}/", url_fetcher=LocalAssetsOnlyFetcher())
    return document.write_pdf()


def qr_svg_data_uri(text: str) -> str:
    """A QR code as an SVG data URI, for embedding without any fetch."""
    return segno.make(text, error="m").svg_data_uri(scale=4, border=2)
