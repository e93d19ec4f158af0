"""Panel fixtures: signed-in clients, a local webhook receiver, reports."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.test import Client

from accounts.models import User
from reports.models import CsrdReport, ReportStatus

PASSWORD = "correct horse battery"


@pytest.fixture
def signed_in(make_user) -> Callable[..., Client]:
    """A browser-like client signed in to a new account of `plan` (`.user` holds it)."""

    def make(plan: str = "standard", user: User | None = None, **kwargs) -> Client:
        client = Client(**kwargs)
        client.user = user or make_user(plan)
        client.force_login(client.user)
        return client

    return make


@pytest.fixture
def make_report() -> Callable[..., CsrdReport]:
    def make(owner: User, status: str = ReportStatus.DONE, **fields) -> CsrdReport:
        return CsrdReport.objects.create(
            owner=owner,
            company_name=fields.pop("company_name", "Zakłady Mięsne Łódź"),
            report_year=fields.pop("report_year", 2025),
            supplier_count=1,
            payload={},
            status=status,
            **fields,
        )

    return make


class WebhookReceiver:
    """A real HTTP server on 127.0.0.1 recording the webhook POSTs it gets."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []
        self.headers: list[dict[str, str]] = []
        self.status = 200
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                receiver.bodies.append(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                receiver.headers.append({k.lower(): v for k, v in self.headers.items()})
                self.send_response(receiver.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver(settings) -> Iterator[WebhookReceiver]:
    # http and loopback receivers are allowed for development and tests only.
    settings.WEBHOOKS_ALLOW_INSECURE = True
    server = WebhookReceiver()
    yield server
    server.close()


@pytest.fixture
def browser_page(live_server) -> Iterator[Callable[..., object]]:
    """Opens a page in a fresh headless Chromium (Debian's, no downloaded browser).

    Polish browser settings, like the operators the panel is for. While
    Playwright's sync API runs it keeps an asyncio loop in this thread, so
    Django's async-safety check is relaxed for the test's own ORM calls.
    """
    from django.db import connections

    from tests.browser import chromium_launch, chromium_missing_reason

    reason = chromium_missing_reason()
    if reason:
        pytest.skip(f"browser tests skipped: {reason}")
    from playwright.sync_api import sync_playwright

    started: list[tuple[object, object]] = []
    patch = pytest.MonkeyPatch()

    def open_(locale: str = "pl-PL") -> object:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        playwright = sync_playwright().start()
        browser = chromium_launch(playwright)
        started.append((playwright, browser))
        context = browser.new_context(locale=locale, base_url=live_server.url)
        page = context.new_page()
        page.set_default_timeout(20_000)
        return page

    yield open_
    for playwright, browser in started:
        connections.close_all()
        browser.close()
        playwright.stop()
    patch.undo()


class OtherOrigin:
    """A static site on its own port: a page on another origin than the panel."""

    def __init__(self, root) -> None:
        import functools
        from http.server import SimpleHTTPRequestHandler

        class Quiet(SimpleHTTPRequestHandler):
            def log_message(self, format, *args):
                pass

        self.root = root
        self.host = "127.0.0.1"
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.server.server_address[1]}"

    def page(self, name: str, html: str) -> str:
        (self.root / name).write_text(html, encoding="utf-8")
        return f"{self.url}/{name}"


@pytest.fixture
def other_origin(tmp_path) -> Iterator[OtherOrigin]:
    site = OtherOrigin(tmp_path)
    yield site
    site.server.shutdown()
    site.server.server_close()


@pytest.fixture
def deliver_at_once(settings) -> Iterator[Callable[[], None]]:
    """Makes webhook deliveries happen now, in both suites.

    Embedded: Celery is eager, so nothing to do. Services: a real worker on
    a queue of its own, allowed to send to the loopback receiver (the
    session's shared worker is not, and must not take these deliveries).
    """
    import os
    import socket
    import subprocess
    import sys
    import time

    from django.db import connection

    from eudr_service.celery import app

    if settings.CELERY_TASK_ALWAYS_EAGER:
        yield lambda: None
        return
    queue = f"panel-webhooks-{os.getpid()}"
    name = f"{queue}@{socket.gethostname()}"
    settings.WEBHOOKS_QUEUE = queue
    db = connection.settings_dict
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        WEBHOOKS_QUEUE=queue,
        WEBHOOKS_ALLOW_INSECURE="1",
    )
    command = [sys.executable, "-m", "celery", "-A", "eudr_service", "worker", "--pool=solo", "-Q", queue]
    command += ["-n", name, "--loglevel=WARNING", "--without-heartbeat", "--without-gossip"]
    command += ["--without-mingle"]
    worker = subprocess.Popen(command, env=env)
    try:
        deadline = time.monotonic() + 60
        while not app.control.ping(destination=[name], timeout=1.0):
            if time.monotonic() > deadline:
                pytest.fail("the webhook worker did not come up within 60 s")
        yield lambda: None
    finally:
        worker.terminate()
        worker.wait(timeout=30)


@pytest.fixture
def eager_celery(settings) -> Iterator[None]:
    """Tasks run in-process in this test, also in the services suite (for tests inside
    a transaction, where a worker could not see the rows)."""
    from eudr_service.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous
