"""`make screenshots`: PNGs of the public pages and the widget, in Polish and English.

Runs the development server on a fresh temporary SQLite database seeded with
`manage.py seed_demo`, opens the widget demo page, the status page of each demo
statement, the problem pages, the method descriptions, the API docs and the 404 page in
headless Chromium and writes docs/img/<page>-<state>-<lang>.png for every public
entry of scripts/screenshot_pages.py (scripts/panel_screenshots.py does the panel's).
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
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from screenshot_pages import OUT, expected_pictures, page, picture, shrink  # noqa: E402

from tests.browser import chromium_launch, chromium_missing_reason  # noqa: E402

# One demo statement per badge state (ids from compliance/management/commands/seed_demo.py).
WIDGET_STATES = {
    "verified": "DDS-PL-2025-000001-DEMO",
    "in_progress": "DDS-PL-2025-000002-DEMO",
    "none": "DDS-BR-2025-000004-DEMO",
}
STYLES = ("badge", "card", "full")
# The status page of one demo statement per status.
CERTIFICATES = {
    "verified": "DDS-PL-2025-000001-DEMO",
    "submitted": "DDS-PL-2025-000002-DEMO",
    "under_review": "DDS-PL-2025-000003-DEMO",
    "at_risk": "DDS-BR-2025-000004-DEMO",
    "non_compliant": "DDS-CI-2025-000005-DEMO",
    "withdrawn": "DDS-PL-2025-000006-DEMO",
    "expired": "DDS-PL-2024-000007-DEMO",
    "not_found": "DDS-PL-2025-000008-DEMO",  # a draft: never public
}
# Other public pages: (page, state) -> path; `lang` is added as ?lang=.
PAGES = {
    ("problems", "index"): "/problems/",
    ("problem", "detail"): "/problems/malformed_body",
    ("problem", "not_found"): "/problems/no-such-problem",
    ("methodology", "risk"): "/methodology",
    ("methodology", "csrd"): "/methodology/csrd",
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


def settle(page) -> None:
    # The full page's height is measured when the shot starts: wait until the page
    # and its fonts have settled, or a page still laying out is cut short.
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready.then(() => true)")


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
            for state, dds_id in WIDGET_STATES.items():
                for lang in page_langs(f"widget-{style}"):
                    host = page.locator(f'[id="w-{style}-{dds_id}-{lang}"]')
                    host.scroll_into_view_if_needed()
                    box = host.bounding_box()
                    pad = 8
                    path = OUT / picture(f"widget-{style}", state, lang)
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
        page.close()
        # Whole pages at the documented width, one device pixel per CSS pixel (small files).
        page = browser.new_page(
            viewport={"width": 1280, "height": 800}, device_scale_factor=1, bypass_csp=True
        )

        def shot(name: str, state: str, lang: str, path: str, height: int | None = None) -> None:
            sep = "&" if "?" in path else "?"
            page.goto(f"{base}{path}{sep}lang={lang}")
            settle(page)
            out = OUT / picture(name, state, lang)
            clip = {"x": 0, "y": 0, "width": 1280, "height": height} if height else None
            page.screenshot(path=out, full_page=True, clip=clip)
            written.append(out)

        for lang in page_langs("widget-demo"):
            page.goto(f"{base}/widget/demo")
            page.wait_for_function(
                "[...document.querySelectorAll('[data-eudr-dds]')]"
                ".every(e => ['verified','in_progress','none'].includes(e.dataset.eudrState))"
            )
            page.evaluate("document.fonts.ready.then(() => true)")
            out = OUT / picture("widget-demo", "all", lang)
            page.screenshot(path=out, full_page=True)
            written.append(out)
        for state, dds_id in CERTIFICATES.items():
            for lang in page_langs("certificate"):
                shot("certificate", state, lang, f"/cert/{dds_id}")
        for (name, state), path in PAGES.items():
            for lang in page_langs(name):
                # The method descriptions are long documents: their first screens show what they are.
                shot(name, state, lang, path, height=1600 if name == "methodology" else None)
        for lang in page_langs("api-docs"):
            page.goto(f"{base}/api/docs/")
            page.wait_for_selector(".swagger-ui .opblock", timeout=30_000)
            settle(page)
            out = OUT / picture("api-docs", "swagger", lang)
            # The whole schema is very long: its first two screens show what it is.
            page.screenshot(path=out, clip={"x": 0, "y": 0, "width": 1280, "height": 1600}, full_page=True)
            written.append(out)
        browser.close()
    return written


def page_langs(name: str) -> tuple[str, ...]:
    return page(name).langs


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
            written = capture(base)
            for path in written:
                shrink(path)
                print(path.relative_to(ROOT))
        finally:
            server.terminate()
            server.wait(timeout=30)
    missing = sorted(set(expected_pictures("public")) - {path.name for path in written})
    if missing:
        raise SystemExit(f"pictures of the page list not taken: {', '.join(missing)}")


if __name__ == "__main__":
    main()
