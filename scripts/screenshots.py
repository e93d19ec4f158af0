"""`make screenshots`: PNGs of every widget style and state, and of the certificate page.

Runs the development server on a fresh temporary SQLite database seeded with
`manage.py seed_demo`, opens /widget/demo and the certificate pages in headless
Chromium and writes docs/img/widget-<style>-<state>.png and certificate-*.png.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img"
sys.path.insert(0, str(ROOT))

from widget.browser import chromium_launch, chromium_missing_reason  # noqa: E402

# One demo statement per badge state (ids from compliance/management/commands/seed_demo.py).
STATES = {
    "verified": "DDS-PL-2025-000001-DEMO",
    "in_progress": "DDS-PL-2025-000003-DEMO",
    "none": "DDS-BR-2025-000004-DEMO",
}
STYLES = ("badge", "card", "full")
CERTIFICATES = {
    "certificate-verified.png": "/cert/DDS-PL-2025-000001-DEMO",
    "certificate-in_progress-en.png": "/cert/DDS-PL-2025-000002-DEMO?lang=en",
    "certificate-none.png": "/cert/DDS-BR-2025-000004-DEMO",
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True)


def wait_until_up(url: str, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the development server exited with {server.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"the development server did not answer at {url}")


def capture(base: str) -> list[Path]:
    from playwright.sync_api import sync_playwright

    written = []
    with sync_playwright() as playwright:
        browser = chromium_launch(playwright)
        # Waiting on a predicate evaluates script text, which the demo page's CSP (no
        # 'unsafe-eval') refuses; the pictures are the same with the policy bypassed.
        page = browser.new_page(
            viewport={"width": 1280, "height": 900}, device_scale_factor=2, bypass_csp=True
        )
        page.goto(f"{base}/widget/demo")
        page.wait_for_function(
            "[...document.querySelectorAll('[data-eudr-dds]')]"
            ".every(e => ['verified','in_progress','none'].includes(e.dataset.eudrState))"
        )
        for style in STYLES:
            for state, dds_id in STATES.items():
                host = page.locator(f'[id="w-{style}-{dds_id}-pl"]')
                host.scroll_into_view_if_needed()
                box = host.bounding_box()
                pad = 8
                path = OUT / f"widget-{style}-{state}.png"
                page.screenshot(
                    path=path,
                    clip={
                        "x": box["x"] - pad,
                        "y": box["y"] - pad,
                        "width": box["width"] + 2 * pad,
                        "height": box["height"] + 2 * pad,
                    },
                )
                written.append(path)
        page.set_viewport_size({"width": 900, "height": 700})
        for name, path in CERTIFICATES.items():
            page.goto(base + path)
            page.screenshot(path=OUT / name, full_page=True)
            written.append(OUT / name)
        browser.close()
    return written


def main() -> None:
    reason = chromium_missing_reason()
    if reason:
        raise SystemExit(f"make screenshots needs headless Chromium: {reason}")
    OUT.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="eudr-screens-") as var_dir:
        env = {
            key: value
            for key, value in os.environ.items()
            if key not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL")
        }
        # The addresses shown in the pictures are the documented default, not a random port.
        env.update(VAR_DIR=var_dir, DEBUG="1", PUBLIC_BASE_URL="http://127.0.0.1:8000")
        manage(env, "migrate", "--noinput", "-v", "0")
        manage(env, "seed_demo")
        server = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_until_up(f"{base}/livez", server)
            for path in capture(base):
                print(path.relative_to(ROOT))
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
