"""Webhook fixtures: a real local receiver, DNS answers, accounts with endpoints, killable workers."""

from __future__ import annotations

import ipaddress
import os
import subprocess
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from eudr_service.lib import safe_http
from tests.workers import start_worker, stop, worker_env
from webhooks import services
from webhooks.delivery import delivery_attempt
from webhooks.models import Delivery, Endpoint


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    """A local HTTP receiver that records requests and answers from a script.

    `script` holds one answer per request in order: an int status, a
    (status, headers) pair, or "hang" (hold the request until released);
    once it is used up every request gets 200.
    """

    port: int = 0
    requests: list[Received] = field(default_factory=list)
    script: list = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)
    arrived: threading.Condition = field(default_factory=threading.Condition)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook"

    def respond(self, *answers) -> None:
        self.script[:] = list(answers)

    def wait_for(self, count: int, timeout: float = 60.0) -> list[Received]:
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.requests) >= count, timeout=timeout)
        assert len(self.requests) >= count, f"receiver got {len(self.requests)} of {count} requests"
        return self.requests


class _ReceiverServer(ThreadingHTTPServer):
    # A receiver takes a burst as a web server would: the standard library's listen
    # backlog of 5 refused connections when a worker's send threads all connected at once.
    request_queue_size = 128
    daemon_threads = True


def _handler_for(receiver: Receiver) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            answer = receiver.script.pop(0) if receiver.script else 200
            with receiver.arrived:
                receiver.requests.append(
                    Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
                receiver.arrived.notify_all()
            if answer == "hang":
                receiver.release.wait(120)
                return
            status, headers = answer if isinstance(answer, tuple) else (answer, {})
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args) -> None:
            pass

    return Handler


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    receiver = Receiver()
    server = _ReceiverServer(("127.0.0.1", 0), _handler_for(receiver))
    receiver.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield receiver
    receiver.release.set()
    server.shutdown()
    server.server_close()


@pytest.fixture
def insecure(settings) -> None:
    """http:// and loopback receivers allowed, as in local development."""
    settings.WEBHOOKS_ALLOW_INSECURE = True


@pytest.fixture
def dns(monkeypatch) -> dict[str, list[str]]:
    """Host names answered from this dict (the DNS is a third-party boundary); others resolve for real."""
    answers: dict[str, list[str]] = {}
    real = safe_http.resolve

    def resolve(host: str, port: int):
        if host in answers:
            return [ipaddress.ip_address(a) for a in answers[host]]
        return real(host, port)

    monkeypatch.setattr(safe_http, "resolve", resolve)
    return answers


@pytest.fixture
def owner(make_user):
    return make_user("standard")


@pytest.fixture
def make_endpoint(owner) -> Callable[..., Endpoint]:
    def make(url: str, events: list[str] | None = None, user=None) -> Endpoint:
        return services.endpoint_create(owner=user or owner, url=url, events=events or ["dds.at_risk"])

    return make


@pytest.fixture
def run_due() -> Callable[[], list[Delivery]]:
    """Do what a worker does for every delivery due now."""

    def run() -> list[Delivery]:
        due = Delivery.objects.filter(status__in=Delivery.ACTIVE).values_list("pk", flat=True)
        return [d for d in (delivery_attempt(delivery_id=pk) for pk in list(due)) if d is not None]

    return run


# --- services suite: real Celery workers on a queue of their own ---------------

WORKER_QUEUE = f"webhooks-test-{os.getpid()}"


@pytest.fixture
def spawn_worker(django_db_setup, settings) -> Iterator[Callable[[], subprocess.Popen]]:
    """Start webhook workers that tests may kill; the test process sends to their queue."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("no broker configured: tasks run eagerly (embedded mode)")
    settings.WEBHOOKS_QUEUE = WORKER_QUEUE
    settings.WEBHOOKS_ALLOW_INSECURE = True
    started: list[subprocess.Popen] = []

    def spawn(*, insecure: bool = True, **extra: str) -> subprocess.Popen:
        env = worker_env(
            **extra,
            WEBHOOKS_QUEUE=WORKER_QUEUE,
            WEBHOOKS_ALLOW_INSECURE="1" if insecure else "0",
            WEBHOOKS_RETRY_SCHEDULE_SECONDS="1,1,1,1,1,1,1",
            WEBHOOKS_RETRY_JITTER="0",
            OUTBOUND_HTTP_TIMEOUT_SECONDS="5",
            WEBHOOKS_CLAIM_MARGIN_SECONDS="1",
        )
        process = start_worker(name=f"whtest{len(started)}", queues=[WORKER_QUEUE], env=env)
        started.append(process)
        return process

    yield spawn
    for process in started:
        stop(process)
