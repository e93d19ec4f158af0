"""PDF rendering with WeasyPrint from server-owned templates, fetching nothing.

Templates may contain text from clients (company and operator names); they are
escaped by Django, and the URL fetcher below refuses every URL except `data:`
URIs and files inside our own PDF asset folder, so a document can never make
the server reach the network or read other local files.

WeasyPrint writes the fonts of `@font-face` rules into a `weasyprint-*` folder of the
temporary directory (about 1.5 MB) and removes it only when its FontConfiguration is
garbage-collected, which never happens in a render child that exits with `os._exit` or
is killed. So every render gets a scratch folder of its own that its caller removes in
a `finally`: the child's temporary directory is pointed into the parent's folder, and an
in-process render uses `scoped_font_config`.
"""

from __future__ import annotations

import os
import resource
import select
import shutil
import signal
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse
from urllib.request import url2pathname

import segno
from django.conf import settings
from django.template.loader import render_to_string
from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration
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


@contextmanager
def scoped_font_config() -> Iterator[FontConfiguration]:
    """A FontConfiguration for one in-process render whose font folder is removed when the
    block ends, also when the render raises (WeasyPrint would wait for the collector).
    `_folder` is WeasyPrint's own attribute; tests/eudr_service/test_pdf_scratch.py fails
    should a new version move it."""
    config = FontConfiguration()
    try:
        yield config
    finally:
        folder = getattr(config, "_folder", None)
        if folder:
            shutil.rmtree(folder, ignore_errors=True)


def render_pdf(*, template: str, context: dict[str, Any]) -> bytes:
    html = render_to_string(template, context)
    document = HTML(string=html, base_url=f"{PDF_ASSET_DIR}/", url_fetcher=LocalAssetsOnlyFetcher())
    with scoped_font_config() as font_config:
        return document.write_pdf(font_config=font_config)


def qr_svg_data_uri(text: str) -> str:
    """A QR code as an SVG data URI, for embedding without any fetch."""
    return segno.make(text, error="m").svg_data_uri(scale=4, border=2)


class RenderRefused(RuntimeError):
    """A rendering went over one of its limits (pages, memory or time); nothing was written."""

    def __init__(self, message: str, *, limit: str) -> None:
        super().__init__(message)
        self.limit = limit


_EXIT_TOO_LONG, _EXIT_NO_MEMORY = 3, 4


def render_pdf_bounded(
    *, html: str, max_pages: int, memory_mb: int, time_limit: float, nice: int = 0
) -> bytes:
    """WeasyPrint in a child process limited in address space, time and pages, and
    `nice` steps nicer than the caller (a render nobody waits for gives the cores
    to the requests around it).

    The layout of a long document needs memory and CPU proportional to its
    length; in a child the kernel enforces the memory limit (RLIMIT_AS, above
    what the child inherits), a timer kills it, and whatever it allocated is
    returned to the system when it exits. The caller's process only reads the
    finished file. Raises RenderRefused, or RuntimeError if the child failed.
    """
    # The child's whole temporary directory (WeasyPrint's font folder included) lives in
    # this folder, which the `with` removes after the child has exited or been killed.
    with tempfile.TemporaryDirectory(prefix="pdf-") as folder:
        out = Path(folder) / "document.pdf"
        pid = os.fork()
        if pid == 0:  # pragma: no cover - runs in the child, reported by its exit code
            tempfile.tempdir = folder
            os.environ["TMPDIR"] = folder
            os._exit(_render_child(html=html, out=out, max_pages=max_pages, memory_mb=memory_mb, nice=nice))
        code = _wait_or_kill(pid, time_limit)
        if code == _EXIT_TOO_LONG:
            raise RenderRefused(f"longer than {max_pages} pages", limit="BUDGET_PDF_MAX_PAGES")
        if code == _EXIT_NO_MEMORY:
            raise RenderRefused(f"needed more than {memory_mb} MB", limit="PDF_RENDER_MEMORY_MB")
        if code is None:
            raise RenderRefused(f"took longer than {time_limit:g} s", limit="PDF_RENDER_TIME_LIMIT_SECONDS")
        if code is not None and code < 0:
            # Cairo and Pango do not all survive a failed allocation: a child killed by a
            # signal under its address-space limit is a memory refusal too.
            raise RenderRefused(
                f"stopped by signal {-code}, most likely over {memory_mb} MB", limit="PDF_RENDER_MEMORY_MB"
            )
        if code != 0:
            raise RuntimeError(f"PDF rendering failed (exit status {code})")
        return out.read_bytes()


def _render_child(*, html: str, out: Path, max_pages: int, memory_mb: int, nice: int) -> int:
    try:
        if nice:
            os.nice(nice)
        inherited = _address_space_bytes()
        limit = inherited + memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        document = HTML(
            string=html, base_url=f"{PDF_ASSET_DIR}/", url_fetcher=LocalAssetsOnlyFetcher()
        ).render()
        if len(document.pages) > max_pages:
            return _EXIT_TOO_LONG
        out.write_bytes(document.write_pdf())
        return 0
    except MemoryError:
        return _EXIT_NO_MEMORY
    except BaseException:  # any failure becomes an exit status for the parent
        return 1


def _address_space_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * resource.getpagesize()


def _wait_or_kill(pid: int, time_limit: float) -> int | None:
    """The child's exit code, or None after killing it at the time limit.

    Waits on a pidfd, so the caller wakes the moment the child exits: polling
    with growing pauses made a 0.2 s render answer at 0.31 or 0.51 s."""
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):  # no pidfd (not Linux >= 5.3): poll briefly
        return _poll_or_kill(pid, time_limit)
    try:
        poller = select.poll()
        poller.register(pidfd, select.POLLIN)
        ready = poller.poll(max(time_limit, 0.0) * 1000)
    except BaseException:  # a signal's exception (worker shutdown): leave no child behind
        _kill(pid)
        raise
    finally:
        os.close(pidfd)
    if not ready:
        _kill(pid)
        return None
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def _kill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


def _poll_or_kill(pid: int, time_limit: float) -> int | None:
    deadline = time.monotonic() + time_limit
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() >= deadline:
            _kill(pid)
            return None
        time.sleep(0.01)
