"""SSRF-safe outbound HTTP: only public addresses, pinned connections, no redirects."""

from __future__ import annotations

import ipaddress
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from eudr_service.lib import safe_http

FORBIDDEN = [
    "127.0.0.1",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "240.0.0.1",
    "::1",
    "fc00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "64:ff9b::a00:1",
    "2002:7f00:1::",
]


@pytest.mark.parametrize("address", FORBIDDEN)
def test_non_public_addresses_are_refused(address):
    assert safe_http.address_refusal(ipaddress.ip_address(address)) is not None


@pytest.mark.parametrize("address", ["93.184.215.14", "2606:4700::6810:84e5", "::ffff:93.184.215.14"])
def test_public_addresses_pass(address):
    assert safe_http.address_refusal(ipaddress.ip_address(address)) is None


@pytest.mark.parametrize(
    "url",
    [
        "https://10.0.0.1/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://100.64.0.1/",
        "https://[::1]/",
        "https://[fc00::1]/",
        "https://[::ffff:127.0.0.1]/",
        "https://localhost/hook",
        "https://127.0.0.1:8443/",
    ],
)
def test_urls_reaching_private_addresses_are_refused(url):
    with pytest.raises(safe_http.DestinationRefused) as refused:
        safe_http.check_url(url, allow_insecure=False)
    assert refused.value.code == "url_address_not_allowed"


def test_a_name_with_any_private_address_is_refused_without_saying_what_it_resolves_to(dns):
    dns["mixed.example"] = ["93.184.215.14", "10.1.2.3"]
    with pytest.raises(safe_http.DestinationRefused) as refused:
        safe_http.check_url("https://mixed.example/hook", allow_insecure=False)
    assert refused.value.code == "url_address_not_allowed"
    message = str(refused.value)
    assert "10.1.2.3" not in message and "93.184.215.14" not in message and "private" not in message


@pytest.mark.parametrize(
    "url", ["https://hooks.example:22/", "https://hooks.example:80/", "https://hooks.example:6379/"]
)
def test_ports_off_the_allow_list_are_refused(dns, url):
    dns["hooks.example"] = ["93.184.215.14"]
    with pytest.raises(safe_http.DestinationRefused) as refused:
        safe_http.check_url(url, allow_insecure=False)
    assert refused.value.code == "url_port_not_allowed"


@pytest.mark.parametrize(
    "url", ["https://hooks.example/", "https://hooks.example:443/", "https://hooks.example:8443/"]
)
def test_allowed_ports_pass(dns, url):
    dns["hooks.example"] = ["93.184.215.14"]
    assert safe_http.check_url(url, allow_insecure=False).port in (443, 8443)


def test_the_port_allow_list_is_a_setting(dns, settings):
    dns["hooks.example"] = ["93.184.215.14"]
    settings.WEBHOOKS_ALLOWED_PORTS = [9443]
    assert safe_http.check_url("https://hooks.example:9443/", allow_insecure=False).port == 9443
    with pytest.raises(safe_http.DestinationRefused):
        safe_http.check_url("https://hooks.example/", allow_insecure=False)


def test_http_is_refused_unless_insecure_is_allowed(dns):
    dns["hooks.example"] = ["93.184.215.14"]
    with pytest.raises(safe_http.DestinationRefused) as refused:
        safe_http.check_url("http://hooks.example/hook", allow_insecure=False)
    assert refused.value.code == "url_scheme_not_allowed"
    assert safe_http.check_url("http://hooks.example/hook", allow_insecure=True).port == 80


def test_insecure_mode_allows_loopback_but_still_refuses_private():
    assert safe_http.check_url("http://127.0.0.1:9/x", allow_insecure=True).host == "127.0.0.1"
    with pytest.raises(safe_http.DestinationRefused):
        safe_http.check_url("http://10.0.0.1/x", allow_insecure=True)


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("https://user:pw@hooks.example/", "url_credentials_not_allowed"),
        ("ftp://hooks.example/", "url_scheme_not_allowed"),
        ("https:///nohost", "url_invalid"),
        ("https://hooks.example:99999/", "url_invalid"),
        ("https://" + "a" * 2050 + ".example/", "url_too_long"),
        ("https://does-not-exist.invalid/", "url_unresolvable"),
    ],
)
def test_malformed_urls_are_refused_with_a_code(dns, url, code):
    dns["hooks.example"] = ["93.184.215.14"]
    with pytest.raises(safe_http.DestinationRefused) as refused:
        safe_http.check_url(url, allow_insecure=False)
    assert refused.value.code == code


def test_connection_goes_to_the_checked_address_with_the_original_host(dns, receiver):
    dns["hooks.test"] = ["127.0.0.1"]
    response = safe_http.post(
        f"http://hooks.test:{receiver.port}/in?x=1", body=b"{}", headers={}, allow_insecure=True
    )
    assert response.status == 200
    assert response.peer == "127.0.0.1"
    assert receiver.requests[0].headers["host"] == f"hooks.test:{receiver.port}"
    assert receiver.requests[0].path == "/in?x=1"


def test_a_name_now_resolving_to_loopback_is_refused_at_send_time(dns, receiver):
    dns["rebind.example"] = ["127.0.0.1"]
    with pytest.raises(safe_http.DestinationRefused):
        safe_http.post(
            f"https://rebind.example:{receiver.port}/", body=b"{}", headers={}, allow_insecure=False
        )
    assert receiver.requests == []


def test_redirects_are_returned_not_followed(receiver):
    receiver.respond((302, {"Location": "http://127.0.0.1:1/elsewhere"}))
    response = safe_http.post(receiver.url, body=b"{}", headers={}, allow_insecure=True)
    assert response.status == 302
    assert len(receiver.requests) == 1


def test_timeout_is_an_outbound_error(receiver):
    receiver.respond("hang")
    with pytest.raises(safe_http.OutboundError, match="timed out") as failed:
        safe_http.post(receiver.url, body=b"{}", headers={}, timeout=0.5, allow_insecure=True)
    assert failed.value.category == "timeout"


def test_response_body_is_capped(receiver):
    response = safe_http.post(receiver.url, body=b"{}", headers={}, allow_insecure=True, max_response_bytes=1)
    assert response.body == b"o"
    assert response.truncated


def test_closed_port_is_an_outbound_error():
    with pytest.raises(safe_http.OutboundError, match="refused") as failed:
        safe_http.post("http://127.0.0.1:9/", body=b"{}", headers={}, allow_insecure=True)
    assert failed.value.category == "connection_failed"


def test_a_tls_failure_is_categorised(receiver):
    # The receiver speaks plain HTTP: the TLS handshake fails.
    target = safe_http.check_url(f"https://127.0.0.1:{receiver.port}/", allow_insecure=True)
    with safe_http.ConnectionPool() as pool, pytest.raises(safe_http.OutboundError) as failed:
        pool.post(target, body=b"{}", headers={}, timeout=5)
    assert failed.value.category == "tls_error"


def test_the_pool_reuses_one_kept_alive_connection_per_address(keepalive_receiver):
    url, connections = keepalive_receiver
    target = safe_http.check_url(url, allow_insecure=True)
    with safe_http.ConnectionPool() as pool:
        statuses = [pool.post(target, body=b"{}", headers={}).status for _ in range(5)]
    assert statuses == [200] * 5
    assert len(connections) == 1


def test_a_connection_the_receiver_closed_is_replaced(keepalive_receiver):
    url, connections = keepalive_receiver
    target = safe_http.check_url(url, allow_insecure=True)
    with safe_http.ConnectionPool() as pool:
        assert pool.post(target, body=b"{}", headers={}).status == 200
        for connection in list(connections):
            connection.shutdown(socket.SHUT_RDWR)  # an idle keep-alive connection the receiver dropped
        assert pool.post(target, body=b"{}", headers={}).status == 200
    assert len(connections) == 2


@pytest.fixture
def keepalive_receiver():
    """An HTTP/1.1 receiver that keeps connections open and remembers each one."""
    connections: list[socket.socket] = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self) -> None:
            super().setup()
            connections.append(self.connection)

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hook", connections
    server.shutdown()
    server.server_close()


def test_international_host_names_are_resolved_in_their_ascii_form(dns):
    dns["xn--bcher-kva.example"] = ["93.184.215.14"]
    target = safe_http.check_url("https://bücher.example/hook", allow_insecure=False)
    assert target.host == "xn--bcher-kva.example"


def test_a_resolver_that_does_not_answer_is_unresolvable_at_the_callers_deadline(monkeypatch):
    """getaddrinfo takes no timeout: the lookup is waited for only until the call's deadline."""
    release, finished = threading.Event(), threading.Event()

    def stuck(host, port):
        release.wait(30)
        finished.set()
        return [ipaddress.ip_address("93.184.216.34")]

    monkeypatch.setattr(safe_http, "resolve", stuck)
    try:
        with pytest.raises(safe_http.DestinationRefused) as refused:
            safe_http.check_url("https://slow-dns.example/hook", allow_insecure=False, timeout=0.2)
        assert refused.value.code == "url_unresolvable"
        assert "did not resolve within 0.2 s" in str(refused.value)
        assert not finished.is_set()  # we stopped waiting; the lookup itself had not ended
    finally:
        release.set()
