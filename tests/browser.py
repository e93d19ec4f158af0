"""Headless Chromium for `make screenshots` and the browser tests (development tools;
the service itself never imports this). Debian's chromium package, driven by
Playwright's bundled driver: no `playwright install`, no downloaded browser."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

CHROMIUM_PATH = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_missing_reason() -> str | None:
    """Why the browser cannot run here, or None when it can."""
    if not CHROMIUM_PATH.exists():
        return f"{CHROMIUM_PATH} is missing: install Debian's chromium package (apt-get install chromium)"
    try:
        # An optional dependency, probed.
        import playwright.sync_api  # noqa: F401 (an optional dependency, probed)
    except ImportError:
        return "the playwright Python package is not installed"
    return None


def chromium_launch(playwright: Any) -> Any:
    """A fresh browser (Playwright gives each launch its own temporary profile)."""
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM_PATH), args=CHROMIUM_ARGS, headless=True, timeout=60_000
    )
