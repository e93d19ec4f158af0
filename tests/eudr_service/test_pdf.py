"""PDF rendering: Polish text survives, and nothing is fetched from anywhere."""

import io
import os
import socket
import threading

import pytest
from pypdf import PdfReader

from eudr_service.lib.pdf import LocalAssetsOnlyFetcher, RefusedURL, qr_svg_data_uri, render_pdf


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_polish_characters_render_with_the_shipped_font():
    pdf = render_pdf(
        template="pdf/probe.html", context={"title": "Zakłady Mięsne Łódź – żółć", "qr": qr_svg_data_uri("x")}
    )
    assert "Zakłady Mięsne Łódź – żółć" in _text(pdf)
    fonts = PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/Font"]
    names = {str(font.get_object()["/BaseFont"]) for font in fonts.values()}
    # The @font-face family we ship, embedded, not a system fallback.
    assert names and all("EUDR-Sans" in name for name in names), names


def test_external_and_local_file_urls_are_never_fetched():
    hits = []
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]

    def accept():
        server.settimeout(5)
        try:
            conn, _ = server.accept()
            hits.append(conn)
        except OSError:
            pass

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    external = [f"http://127.0.0.1:{port}/x.png", "file:///etc/passwd", "https://example.com/a.png"]
    pdf = render_pdf(
        template="pdf/probe.html", context={"title": "t", "qr": qr_svg_data_uri("x"), "external": external}
    )
    server.close()
    thread.join(timeout=6)
    assert pdf.startswith(b"%PDF")
    assert hits == []


@pytest.mark.parametrize(
    "url", ["http://169.254.169.254/latest", "file:///etc/passwd", "ftp://x/y", "file:///work/../etc/hosts"]
)
def test_fetcher_refuses(url):
    with pytest.raises(RefusedURL):
        LocalAssetsOnlyFetcher().fetch(url)


def test_bounded_rendering_is_killed_at_its_time_limit():
    from eudr_service.lib.pdf import RenderRefused, render_pdf_bounded

    with pytest.raises(RenderRefused) as refused:
        render_pdf_bounded(html="<p>x</p>" * 2000, max_pages=1000, memory_mb=500, time_limit=0.001)
    assert refused.value.limit == "PDF_RENDER_TIME_LIMIT_SECONDS"


def test_bounded_rendering_returns_the_pdf():
    from eudr_service.lib.pdf import render_pdf_bounded

    assert render_pdf_bounded(html="<p>x</p>", max_pages=1, memory_mb=500, time_limit=60).startswith(b"%PDF-")


def test_bounded_rendering_runs_nicer_than_its_caller(monkeypatch, tmp_path):
    # The child reports its niceness through a file, then fails on purpose.
    from eudr_service.lib import pdf

    seen = tmp_path / "nice"

    class Reporting:
        def __init__(self, **_: object) -> None:
            seen.write_text(str(os.getpriority(os.PRIO_PROCESS, 0)))
            raise RuntimeError("stop after reporting")

    monkeypatch.setattr(pdf, "HTML", Reporting)
    with pytest.raises(RuntimeError, match="exit status 1"):
        pdf.render_pdf_bounded(html="<p>x</p>", max_pages=1, memory_mb=500, time_limit=60, nice=7)
    assert int(seen.read_text()) == os.getpriority(os.PRIO_PROCESS, 0) + 7
