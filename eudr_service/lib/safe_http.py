"""Outbound HTTP to addresses our customers give us (webhooks), safe from SSRF.

A customer-supplied URL must never reach our own network: the host is
resolved once, every address it resolves to must be globally routable, and
the connection goes to that verified address (the Host header, SNI and
certificate check still use the name), so a DNS answer that changes between
the check and the connect (rebinding) cannot redirect us. Redirects are never
followed, the whole exchange has one deadline and the response body is capped.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from django.conf import settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

MAX_URL_LENGTH = 2048
MAX_RESPONSE_BYTES = 64 * 1024
_SHARED_V4 = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT (RFC 6598)
_NAT64 = ipaddress.ip_network("64:ff9b::/96")


class DestinationRefused(Exception):
    """The URL or the address it resolves to is not allowed. `code` is stable."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class OutboundError(Exception):
    """The destination was allowed but the exchange failed (DNS, connect, TLS, timeout)."""


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str
    port: int
    path: str
    addresses: tuple[IPAddress, ...]


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes
    truncated: bool
    peer: str
    duration_ms: int = 0
    reason: str = field(default="")


def allow_insecure_default() -> bool:
    return bool(getattr(settings, "WEBHOOKS_ALLOW_INSECURE", False))


def _embedded_v4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    # IPv6 forms that carry an IPv4 address reach that IPv4 host.
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return ip.sixtofour


def address_refusal(ip: IPAddress, *, allow_loopback: bool = False) -> str | None:
    """Why `ip` must not be contacted, or None when it is a public address."""
    if isinstance(ip, ipaddress.IPv6Address):
        ip = _embedded_v4(ip) or ip
    if ip.is_loopback:
        return None if allow_loopback else "loopback"
    checks = (
        (ip.is_unspecified, "unspecified"),
        (ip.is_link_local, "link-local"),
        (ip.is_multicast, "multicast"),
        (isinstance(ip, ipaddress.IPv4Address) and ip in _SHARED_V4, "shared (carrier-grade NAT)"),
        (ip.is_private, "private"),
        (ip.is_reserved, "reserved"),
        (not ip.is_global, "not globally routable"),
    )
    return next((reason for refused, reason in checks if refused), None)


def resolve(host: str, port: int) -> list[IPAddress]:
    """All addresses of `host`. Tests replace this to simulate DNS answers."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [ipaddress.ip_address(info[4][0].split("%")[0]) for info in infos]


def check_url(url: str, *, allow_insecure: bool | None = None) -> Target:
    """Parse and resolve `url`; raise DestinationRefused unless every address is public."""
    insecure = allow_insecure_default() if allow_insecure is None else allow_insecure
    if len(url) > MAX_URL_LENGTH:
        raise DestinationRefused("url_too_long", f"The URL is longer than {MAX_URL_LENGTH} characters.")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise DestinationRefused("url_invalid", f"The URL is malformed: {exc}.") from exc
    allowed_schemes = ("https", "http") if insecure else ("https",)
    if parts.scheme not in allowed_schemes:
        raise DestinationRefused("url_scheme_not_allowed", "Only https URLs are accepted.")
    if not parts.hostname:
        raise DestinationRefused("url_invalid", "The URL has no host.")
    if parts.username is not None or parts.password is not None:
        raise DestinationRefused("url_credentials_not_allowed", "Credentials in the URL are not accepted.")
    port = port or (443 if parts.scheme == "https" else 80)
    try:
        host = parts.hostname.encode("idna").decode("ascii")  # the Host header must be ASCII
    except UnicodeError as exc:
        raise DestinationRefused("url_invalid", "The host name is not a valid domain name.") from exc
    try:
        addresses = resolve(host, port)
    except (OSError, UnicodeError, ValueError) as exc:
        raise DestinationRefused("url_unresolvable", f"The host {host} does not resolve.") from exc
    if not addresses:
        raise DestinationRefused("url_unresolvable", f"The host {parts.hostname} does not resolve.")
    for address in addresses:
        reason = address_refusal(address, allow_loopback=insecure)
        if reason:
            raise DestinationRefused(
                "url_address_not_allowed",
                f"The host {parts.hostname} resolves to {address}, a {reason} address; "
                "only public addresses are accepted.",
            )
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(parts.scheme, host, port, path, tuple(addresses))


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """Connects to a verified address; Host still names the original host."""

    def __init__(self, host: str, port: int, *, address: IPAddress, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((str(self._address), self.port), self.timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """TLS to a verified address; SNI and the certificate check use the host name."""

    def __init__(self, host: str, port: int, *, address: IPAddress, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address

    def connect(self) -> None:
        sock = socket.create_connection((str(self._address), self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def post(
    url: str,
    *,
    body: bytes,
    headers: dict[str, str],
    timeout: float | None = None,
    allow_insecure: bool | None = None,
    max_response_bytes: int = MAX_RESPONSE_BYTES,
) -> Response:
    """POST `body` to `url` once. Any HTTP status is returned, redirects included (never followed)."""
    target = check_url(url, allow_insecure=allow_insecure)
    timeout = timeout or settings.OUTBOUND_HTTP_TIMEOUT_SECONDS
    started = time.monotonic()
    deadline = started + timeout
    last_error: Exception | None = None
    for address in target.addresses:
        cls = _PinnedHTTPSConnection if target.scheme == "https" else _PinnedHTTPConnection
        connection = cls(target.host, target.port, address=address, timeout=timeout)
        try:
            connection.request("POST", target.path, body=body, headers=headers)
            return _read(connection, deadline, max_response_bytes, str(address), started)
        except (OSError, http.client.HTTPException) as exc:
            last_error = exc
            if time.monotonic() >= deadline or not isinstance(exc, ConnectionRefusedError):
                break  # only an unreachable address is worth trying the next one for
        finally:
            connection.close()
    raise OutboundError(_describe(last_error, timeout))


def _read(
    connection: http.client.HTTPConnection, deadline: float, limit: int, peer: str, started: float
) -> Response:
    # getresponse() may drop connection.sock (Connection: close); keep our own handle.
    sock = connection.sock
    sock.settimeout(max(0.001, deadline - time.monotonic()))
    response = connection.getresponse()
    chunks: list[bytes] = []
    size = 0
    truncated = False
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("deadline exceeded while reading the response")
        sock.settimeout(remaining)
        chunk = response.read1(min(16 * 1024, limit - size + 1)) if size <= limit else b""
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            truncated = True
            break
    body = b"".join(chunks)[:limit]
    return Response(
        status=response.status,
        headers={name.lower(): value for name, value in response.getheaders()},
        body=body,
        truncated=truncated,
        peer=peer,
        duration_ms=int((time.monotonic() - started) * 1000),
        reason=response.reason,
    )


def _describe(error: Exception | None, timeout: float) -> str:
    if isinstance(error, TimeoutError):
        return f"timed out after {timeout:g} s"
    if isinstance(error, ssl.SSLError):
        return f"TLS error: {error}"
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    return f"{type(error).__name__}: {error}" if error else "no address to connect to"
