"""The one outbound HTTP client: every app's calls go through eudr_service.lib.safe_http,
configured upstreams get the same SSRF checks as webhook URLs (loopback only for a local
stand-in), redirects and streams behave as the callers need, one Retry-After parser."""

from __future__ import annotations

import ipaddress
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from eudr_service.lib import safe_http
from risk.parcels import ParcelServiceUnavailable, fetch_parcel
from tests.risk.fakes import PARCEL_ID

ROOT = Path(__file__).resolve().parents[2]
APPS = ["accounts", "compliance", "eudr_service", "euis", "panel", "reports", "risk", "webhooks", "widget"]
OTHER_STACKS = re.compile(
    r"^\s*(import requests|from requests|import httpx|from httpx|import urllib3|import http\.client"
    r"|from http import client|from http\.client|import urllib\.request"
    r"|from urllib\.request import .*(urlopen|build_opener|Request))",
    re.M,
)
SAFE_HTTP = ROOT / "eudr_service" / "lib" / "safe_http.py"


def test_no_app_code_talks_http_outside_the_one_client():
    offenders = []
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if path != SAFE_HTTP and OTHER_STACKS.search(text):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_a_configured_upstream_may_use_loopback_only_when_it_names_loopback(monkeypatch):
    local = safe_http.upstream_policy("http://127.0.0.1:8765/")
    assert safe_http.check_url("http://127.0.0.1:8765/?q=1", policy=local).port == 8765
    monkeypatch.setattr(safe_http, "resolve", lambda host, port: [ipaddress.ip_address("10.0.0.7")])
    with pytest.raises(safe_http.DestinationRefused) as refused:
        safe_http.check_url(
            "https://uldk.example/", policy=safe_http.upstream_policy("https://uldk.example/")
        )
    assert refused.value.code == "url_address_not_allowed"
    monkeypatch.setattr(safe_http, "resolve", lambda host, port: [ipaddress.ip_address("127.0.0.1")])
    with pytest.raises(safe_http.DestinationRefused):  # a public name pointing at loopback
        safe_http.check_url(
            "https://uldk.example/", policy=safe_http.upstream_policy("https://uldk.example/")
        )


def test_uldk_through_a_name_that_resolves_to_a_private_address_is_unavailable(monkeypatch):
    monkeypatch.setattr(safe_http, "resolve", lambda host, port: [ipaddress.ip_address("169.254.169.254")])
    with pytest.raises(ParcelServiceUnavailable, match="unreachable"):
        fetch_parcel(PARCEL_ID, base_url="https://uldk.example/", timeout=1)


def test_one_retry_after_parser():
    assert safe_http.parse_retry_after("120") == 120
    assert safe_http.parse_retry_after(" 5 ") == 5
    assert safe_http.parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0
    assert safe_http.parse_retry_after("Wed, 21 Oct 2015 07:28:00 -0000") is None  # no zone
    assert safe_http.parse_retry_after("") is None
    assert safe_http.parse_retry_after("-3") is None


@pytest.fixture
def server():
    """Answers /redirect-same, /redirect-away and /file (Content-Length longer than sent)."""
    hits: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            hits.append(self.path)
            if self.path == "/redirect-same":
                self.send_response(302)
                self.send_header("Location", "/target")
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif self.path == "/redirect-away":
                self.send_response(302)
                self.send_header("Location", "http://example.invalid/target")
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif self.path == "/file":
                self.send_response(200)
                self.send_header("Content-Length", "100")
                self.end_headers()
                self.wfile.write(b"x" * 40)  # then the connection drops
            else:
                self.send_response(200)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", hits
    httpd.shutdown()
    httpd.server_close()


def test_same_host_redirects_are_followed_only_when_asked(server):
    base, hits = server
    policy = safe_http.upstream_policy(base)
    followed = safe_http.request(
        "GET", base + "/redirect-same", policy=policy, follow_same_host_redirects=True
    )
    assert (followed.status, followed.body) == (200, b"ok")
    kept = safe_http.request("GET", base + "/redirect-same", policy=policy)
    assert kept.status == 302
    with pytest.raises(safe_http.RedirectRefused):
        safe_http.request("GET", base + "/redirect-away", policy=policy, follow_same_host_redirects=True)
    assert hits == ["/redirect-same", "/target", "/redirect-same", "/redirect-away"]


def test_a_stream_that_drops_before_its_length_is_an_outbound_error(server):
    base, _ = server
    received = b""
    with (
        pytest.raises(safe_http.OutboundError),
        safe_http.stream(
            "GET", base + "/file", policy=safe_http.upstream_policy(base), timeout=2
        ) as response,
    ):
        for chunk in response.iter_content(16):
            received += chunk
    assert received == b"x" * 40


def test_a_spent_deadline_makes_no_call(server):
    base, hits = server
    deadline = safe_http.Deadline(0)
    with pytest.raises(safe_http.DeadlineExceeded):
        safe_http.request("GET", base + "/target", policy=safe_http.upstream_policy(base), deadline=deadline)
    assert hits == []
