"""Browser fixtures: Debian's headless Chromium and a host site on another origin."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connections

from tests.browser import chromium_launch, chromium_missing_reason


@pytest.fixture
def open_page() -> Iterator[Callable[[], Any]]:
    """Opens a page in a fresh headless Chromium (own profile and HTTP cache).

    Call it after the test's database writes: while Playwright's sync API runs it
    keeps an asyncio loop in this thread, and Django then hands out other
    connection objects than the test database fixtures set up.
    """
    reason = chromium_missing_reason()
    if reason:
        pytest.skip(f"browser tests skipped: {reason}")
    from playwright.sync_api import sync_playwright

    started: list[tuple[Any, Any]] = []
    patch = pytest.MonkeyPatch()

    def open_() -> Any:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        playwright = sync_playwright().start()
        browser = chromium_launch(playwright)
        started.append((playwright, browser))
        page = browser.new_page()
        page.set_default_timeout(15_000)
        return page

    yield open_
    for playwright, browser in started:
        # Connections opened while the loop ran would otherwise outlive the test.
        connections.close_all()
        browser.close()
        playwright.stop()
    patch.undo()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


class HostSite:
    """A static site on its own port: the third-party page that embeds the widget."""

    def __init__(self, root: Path, url: str) -> None:
        self.root = root
        self.url = url

    def page(self, name: str, html: str) -> str:
        (self.root / name).write_text(html, encoding="utf-8")
        return f"{self.url}/{name}"


@pytest.fixture(scope="module")
def host_site(tmp_path_factory) -> Iterator[HostSite]:
    root = tmp_path_factory.mktemp("host-site")
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield HostSite(root, f"http://127.0.0.1:{server.server_address[1]}")
    server.shutdown()
    server.server_close()
