"""The one outbound HTTP client: webhooks, ULDK, the EU system and forest downloads.

SSRF-safe, time-bounded, with one `Retry-After` parser. Customer-supplied URLs
(webhooks) and configured upstreams (ULDK, the EU Information System, forest
data publishers) go through the same checks; only the `Policy` differs:
a webhook is https on an allowed port and a public address, a configured
upstream may use any port and, when its configured host is a loopback name
(a local stand-in in development and tests), loopback addresses.

Every call can carry a `Deadline` (the request's total wait budget for an
upstream): its timeout is the smaller of its own and what is left.

A customer-supplied URL must never reach our own network: the host is
resolved once, every address it resolves to must be globally routable, and
the connection goes to that verified address (the Host header, SNI and
certificate check still use the name), so a DNS answer that changes between
the check and the connect (rebinding) cannot redirect us. Redirects are never
followed, the whole exchange has one deadline and the response body is capped.

What we tell the customer about a failure is a stable category (`ERROR_*`),
never the text of a socket or TLS error, nor what a host resolves to: that
would turn the service into a probe of networks and ports from our address.
Only ports on an allow-list (WEBHOOKS_ALLOWED_PORTS) are contacted.

`ConnectionPool` keeps connections alive per (host, port, checked address), so
a sender posting many requests to one receiver pays the TCP and TLS handshake
once; a pooled connection is still pinned to the address that was checked.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import http.client
import ipaddress
import socket
import ssl
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from email.utils import parsedate_to_datetime
from urllib.parse import urljoin, urlsplit

from django.conf import settings
from django.utils import timezone

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


ERROR_TIMEOUT = "timeout"
ERROR_TLS = "tls_error"
ERROR_CONNECTION = "connection_failed"


class OutboundError(Exception):
    """The destination was allowed but the exchange failed. `category` is stable and safe to show."""

    def __init__(self, category: str, detail: str = "") -> None:
        super().__init__(detail or category)
        self.category = category


class DeadlineExceeded(OutboundError):
    """The request's wait budget for this upstream is spent: the call was not made."""

    def __init__(self, detail: str = "the wait budget for this upstream is spent") -> None:
        super().__init__(ERROR_TIMEOUT, detail)


class BudgetCutShort(OutboundError):
    """The call was made but timed out on a timeout the request's budget had cut below
    the call's own: the upstream may have been slow only by that shorter measure, so
    the call says nothing about its health (breakers do not count it)."""

    def __init__(self, detail: str) -> None:
        super().__init__(ERROR_TIMEOUT, detail)


class RedirectRefused(OutboundError):
    """A redirect we do not follow (to another host, or from https down to http)."""

    def __init__(self, location: str) -> None:
        super().__init__(ERROR_CONNECTION, f"redirected to another host: {location}")
        self.location = location


class Deadline:
    """A total wait budget shared by the calls of one request to one upstream.

    What counts is time spent waiting on the upstream (each call's duration, charged by
    `waiting()`), not the request's own work between calls. `timeout(own)` is what the
    next call may wait: its own timeout, or less when the budget has less left; raises
    DeadlineExceeded when nothing is left.
    """

    def __init__(self, seconds: float, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self._clock = clock
        self._spent = 0.0

    def remaining(self) -> float:
        return max(0.0, self.seconds - self._spent)

    def timeout(self, own: float) -> float:
        left = self.remaining()
        if left <= 0:
            raise DeadlineExceeded(f"the wait budget of {self.seconds:g} s for this upstream is spent")
        return min(own, left)

    @contextlib.contextmanager
    def waiting(self) -> Iterator[None]:
        """Charge the time spent inside to the budget."""
        started = self._clock()
        try:
            yield
        finally:
            self._spent += self._clock() - started


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> float | None:
    """Retry-After as seconds (RFC 9110 10.2.3: delay-seconds or an HTTP-date); None when
    absent or unreadable. A date in the past is 0."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if moment.tzinfo is None:
        return None
    return max(0.0, (moment - (now or timezone.now())).total_seconds())


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


@dataclass(frozen=True)
class Policy:
    """Where a call may go: schemes, whether loopback addresses are allowed, which ports
    (None: any). Private, link-local and other non-public addresses are always refused."""

    schemes: tuple[str, ...] = ("https",)
    allow_loopback: bool = False
    ports: tuple[int, ...] | None = None


LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})


def allow_insecure_default() -> bool:
    return settings.WEBHOOKS_ALLOW_INSECURE


def allowed_ports() -> tuple[int, ...]:
    return tuple(settings.WEBHOOKS_ALLOWED_PORTS)


def webhook_policy(allow_insecure: bool | None = None) -> Policy:
    """Customer URLs: https on an allowed port; http and loopback only with WEBHOOKS_ALLOW_INSECURE."""
    insecure = allow_insecure_default() if allow_insecure is None else allow_insecure
    if insecure:
        return Policy(schemes=("https", "http"), allow_loopback=True, ports=None)
    return Policy(schemes=("https",), allow_loopback=False, ports=allowed_ports())


def upstream_policy(base_url: str) -> Policy:
    """A configured upstream (settings, not customer input): its own scheme and any port;
    loopback addresses only when its configured host is a loopback name, i.e. a local
    stand-in (the fake EU, the ULDK stand-in, a test server)."""
    parts = urlsplit(base_url)
    local = (parts.hostname or "") in LOOPBACK_HOSTS
    return Policy(
        schemes=(parts.scheme,) if parts.scheme in ("http", "https") else ("https",),
        allow_loopback=local,
        ports=None,
    )


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


# getaddrinfo takes no timeout (the resolver's own retries can last tens of seconds), so a
# lookup runs on this pool and the caller stops waiting at its deadline; a stuck lookup ends
# in the resolver's own time and frees its thread.
_RESOLVERS = concurrent.futures.ThreadPoolExecutor(max_workers=8, thread_name_prefix="dns")


def _resolve_within(host: str, port: int, timeout: float) -> list[IPAddress]:
    future = _RESOLVERS.submit(resolve, host, port)
    try:
        return future.result(timeout=timeout)
    except concurrent.futures.TimeoutError as exc:
        future.cancel()
        raise DestinationRefused(
            "url_unresolvable", f"The host {host} did not resolve within {timeout:g} s."
        ) from exc


def check_url(
    url: str,
    *,
    allow_insecure: bool | None = None,
    timeout: float | None = None,
    policy: Policy | None = None,
) -> Target:
    """Parse and resolve `url`; raise DestinationRefused unless every address is public.

    `policy` says where the call may go (the webhook policy by default, from
    `allow_insecure`). The lookup is bounded by `timeout` (OUTBOUND_HTTP_TIMEOUT_SECONDS by
    default): a resolver that does not answer in time is `url_unresolvable`, as one that
    answers "no such host".
    """
    policy = policy or webhook_policy(allow_insecure)
    if len(url) > MAX_URL_LENGTH:
        raise DestinationRefused("url_too_long", f"The URL is longer than {MAX_URL_LENGTH} characters.")
    # urlsplit silently drops CR, LF and tab, so they would be stored, shown and signed
    # for while another URL is called; a URL has no control characters nor white space.
    if any(unicodedata.category(char) == "Cc" or char.isspace() for char in url):
        raise DestinationRefused(
            "url_control_characters", "The URL contains control characters or white space (such as CR or LF)."
        )
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise DestinationRefused("url_invalid", f"The URL is malformed: {exc}.") from exc
    if parts.scheme not in policy.schemes:
        raise DestinationRefused("url_scheme_not_allowed", "Only https URLs are accepted.")
    if not parts.hostname:
        raise DestinationRefused("url_invalid", "The URL has no host.")
    if parts.username is not None or parts.password is not None:
        raise DestinationRefused("url_credentials_not_allowed", "Credentials in the URL are not accepted.")
    port = port or (443 if parts.scheme == "https" else 80)
    # Development receivers listen anywhere on loopback; real ones only on the allow-list.
    if policy.ports is not None and port not in policy.ports:
        ports = ", ".join(str(p) for p in policy.ports)
        raise DestinationRefused("url_port_not_allowed", f"Only ports {ports} are accepted.")
    try:
        host = parts.hostname.encode("idna").decode("ascii")  # the Host header must be ASCII
    except UnicodeError as exc:
        raise DestinationRefused("url_invalid", "The host name is not a valid domain name.") from exc
    try:
        # An address literal is its own answer: no resolver is asked.
        literal = _ip_literal(host)
        addresses = (
            [literal]
            if literal is not None
            else _resolve_within(host, port, timeout or settings.OUTBOUND_HTTP_TIMEOUT_SECONDS)
        )
    except (OSError, UnicodeError, ValueError) as exc:
        raise DestinationRefused("url_unresolvable", f"The host {host} does not resolve.") from exc
    if not addresses:
        raise DestinationRefused("url_unresolvable", f"The host {parts.hostname} does not resolve.")
    # The message names neither the address nor its kind: no probing of DNS through us.
    if any(address_refusal(address, allow_loopback=policy.allow_loopback) for address in addresses):
        raise DestinationRefused(
            "url_address_not_allowed",
            f"The host {parts.hostname} does not resolve only to public addresses; "
            "only public addresses are accepted.",
        )
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(parts.scheme, host, port, path, tuple(addresses))


def _ip_literal(host: str) -> IPAddress | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


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
    policy: Policy | None = None,
    deadline: Deadline | None = None,
) -> Response:
    """POST `body` to `url` once on a fresh connection. Any HTTP status is returned, redirects
    included (never followed). `timeout` bounds the whole call, the name lookup included."""
    return request(
        "POST",
        url,
        body=body,
        headers=headers,
        timeout=timeout,
        policy=policy or webhook_policy(allow_insecure),
        deadline=deadline,
        max_response_bytes=max_response_bytes,
    )


MAX_REDIRECTS = 5


def request(
    method: str,
    url: str,
    *,
    headers: dict[str, str] | None = None,
    body: bytes | None = None,
    timeout: float | None = None,
    policy: Policy | None = None,
    deadline: Deadline | None = None,
    max_response_bytes: int = MAX_RESPONSE_BYTES,
    follow_same_host_redirects: bool = False,
) -> Response:
    """One exchange with `url` on a fresh connection; any HTTP status is returned.

    `timeout` bounds the whole call (the name lookup included), cut to what `deadline`
    has left. Redirects are returned as they are, or with `follow_same_host_redirects`
    followed within the same host and never from https down to http (RedirectRefused
    otherwise), all within the same timeout.
    """
    own = timeout or settings.OUTBOUND_HTTP_TIMEOUT_SECONDS
    if deadline is None:
        return _request(
            method, url, headers, body, own, policy, max_response_bytes, follow_same_host_redirects
        )
    timeout = deadline.timeout(own)
    with deadline.waiting():
        try:
            return _request(
                method, url, headers, body, timeout, policy, max_response_bytes, follow_same_host_redirects
            )
        except OutboundError as exc:
            if exc.category == ERROR_TIMEOUT and timeout < own:
                raise BudgetCutShort(f"{exc} (the request's wait budget cut the call's {own:g} s)") from exc
            raise


def _request(  # noqa: PLR0917
    method: str,
    url: str,
    headers: dict[str, str] | None,
    body: bytes | None,
    timeout: float,
    policy: Policy | None,
    max_response_bytes: int,
    follow_same_host_redirects: bool,
) -> Response:
    ends = time.monotonic() + timeout
    policy = policy or webhook_policy()
    for _hop in range(MAX_REDIRECTS + 1):
        remaining = max(0.001, ends - time.monotonic())
        target = check_url(url, timeout=remaining, policy=policy)
        remaining = max(0.001, ends - time.monotonic())
        with ConnectionPool(max_idle_per_key=0) as pool:
            response = pool.request(
                method,
                target,
                body=body,
                headers=headers or {},
                timeout=remaining,
                max_response_bytes=max_response_bytes,
            )
        location = response.headers.get("location")
        if not (follow_same_host_redirects and response.status in _REDIRECTS and location):
            return response
        url = _same_host_redirect(url, location)
        if response.status == 303:
            method, body = "GET", None
    raise OutboundError(ERROR_CONNECTION, f"more than {MAX_REDIRECTS} redirects")


_REDIRECTS = frozenset({301, 302, 303, 307, 308})


def _same_host_redirect(url: str, location: str) -> str:
    new_url = urljoin(url, location)
    old, new = urlsplit(url), urlsplit(new_url)
    if new.hostname != old.hostname or (old.scheme == "https" and new.scheme != "https"):
        raise RedirectRefused(new_url)
    return new_url


class Stream:
    """A response whose body is read in chunks (large downloads): `iter_content` yields
    them, each read bounded by the call's timeout; close it (or use `with`)."""

    def __init__(self, connection: http.client.HTTPConnection, response: http.client.HTTPResponse) -> None:
        self._connection = connection
        self._response = response
        self.status = response.status
        self.headers = {name.lower(): value for name, value in response.getheaders()}

    def iter_content(self, chunk_bytes: int) -> Iterator[bytes]:
        """The body's chunks; raises OutboundError when the connection drops or stalls
        before the announced length arrived."""
        try:
            while chunk := self._response.read1(chunk_bytes):
                yield chunk
            if self._response.length:  # fewer bytes than Content-Length announced
                raise http.client.IncompleteRead(b"", self._response.length)
        except (OSError, http.client.HTTPException) as exc:
            raise OutboundError(_category(exc), _describe(exc, self._connection.timeout or 0)) from exc

    def close(self) -> None:
        self._response.close()
        self._connection.close()

    def __enter__(self) -> Stream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextlib.contextmanager
def stream(
    method: str,
    url: str,
    *,
    headers: dict[str, str] | None = None,
    timeout: float | None = None,
    policy: Policy | None = None,
    allowed_redirect_hosts: frozenset[str] = frozenset(),
) -> Iterator[Stream]:
    """`method url` with the body left to read: `timeout` bounds the name lookup, the
    connect and each read (a multi-gigabyte download has no total bound, a stalled one
    does). Redirects are followed to the same host or to `allowed_redirect_hosts`, never
    from https down to http."""
    timeout = timeout or settings.OUTBOUND_HTTP_TIMEOUT_SECONDS
    policy = policy or webhook_policy()
    for _hop in range(MAX_REDIRECTS + 1):
        target = check_url(url, timeout=timeout, policy=policy)
        opened = _open_stream(method, target, headers or {}, timeout)
        location = opened.headers.get("location")
        if opened.status in _REDIRECTS and location:
            opened.close()
            new_url = urljoin(url, location)
            old, new = urlsplit(url), urlsplit(new_url)
            allowed = new.hostname == old.hostname or (new.hostname or "").lower() in allowed_redirect_hosts
            if not allowed or (old.scheme == "https" and new.scheme != "https"):
                raise RedirectRefused(new_url)
            url = new_url
            continue
        with opened:
            yield opened
        return
    raise OutboundError(ERROR_CONNECTION, f"more than {MAX_REDIRECTS} redirects")


def _open_stream(method: str, target: Target, headers: dict[str, str], timeout: float) -> Stream:
    last_error: Exception | None = None
    for address in target.addresses:
        cls = _PinnedHTTPSConnection if target.scheme == "https" else _PinnedHTTPConnection
        connection = cls(target.host, target.port, address=address, timeout=timeout)
        try:
            connection.request(method, target.path, headers=headers)
            return Stream(connection, connection.getresponse())
        except (OSError, http.client.HTTPException) as exc:
            connection.close()
            last_error = exc
            if not isinstance(exc, ConnectionRefusedError):
                break
    raise OutboundError(_category(last_error), _describe(last_error, timeout))


_PoolKey = tuple[str, str, int, str]


class ConnectionPool:
    """Kept-alive connections per (scheme, host, port, checked address); thread-safe.

    A connection is only ever opened to an address of a `Target` that
    `check_url` produced, and returned to the pool only after a complete
    response that allows keep-alive.
    """

    def __init__(self, *, max_idle_per_key: int = 8) -> None:
        self._idle: dict[_PoolKey, list[http.client.HTTPConnection]] = {}
        self._lock = threading.Lock()
        self._max_idle = max_idle_per_key

    def __enter__(self) -> ConnectionPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, {}
        for connections in idle.values():
            for connection in connections:
                connection.close()

    def post(
        self,
        target: Target,
        *,
        body: bytes,
        headers: dict[str, str],
        timeout: float | None = None,
        max_response_bytes: int = MAX_RESPONSE_BYTES,
    ) -> Response:
        return self.request(
            "POST", target, body=body, headers=headers, timeout=timeout, max_response_bytes=max_response_bytes
        )

    def request(
        self,
        method: str,
        target: Target,
        *,
        body: bytes | None,
        headers: dict[str, str],
        timeout: float | None = None,
        max_response_bytes: int = MAX_RESPONSE_BYTES,
    ) -> Response:
        timeout = timeout or settings.OUTBOUND_HTTP_TIMEOUT_SECONDS
        started = time.monotonic()
        deadline = started + timeout
        last_error: Exception | None = None
        for address in target.addresses:
            key = (target.scheme, target.host, target.port, str(address))
            reused = self._take(key)
            connection = reused or self._open(target, address, timeout)
            try:
                return self._exchange(
                    connection, key, target, method, body, headers, deadline, max_response_bytes, started
                )
            except (OSError, http.client.HTTPException) as exc:
                connection.close()
                if reused is not None and _stale(exc) and time.monotonic() < deadline:
                    # The receiver closed an idle kept-alive connection: one try on a fresh one.
                    connection = self._open(target, address, timeout)
                    try:
                        return self._exchange(
                            connection,
                            key,
                            target,
                            method,
                            body,
                            headers,
                            deadline,
                            max_response_bytes,
                            started,
                        )
                    except (OSError, http.client.HTTPException) as retry_exc:
                        connection.close()
                        exc = retry_exc
                last_error = exc
                if time.monotonic() >= deadline or not isinstance(exc, ConnectionRefusedError):
                    break  # only an unreachable address is worth trying the next one for
        raise OutboundError(_category(last_error), _describe(last_error, timeout))

    def _exchange(  # noqa: PLR0917
        self,
        connection: http.client.HTTPConnection,
        key: _PoolKey,
        target: Target,
        method: str,
        body: bytes | None,
        headers: dict[str, str],
        deadline: float,
        limit: int,
        started: float,
    ) -> Response:
        connection.timeout = max(0.001, deadline - time.monotonic())
        if connection.sock is not None:
            connection.sock.settimeout(connection.timeout)
        connection.request(method, target.path, body=body, headers=headers)
        response, keep = _read(connection, deadline, limit, key[3], started)
        if keep:
            self._give(key, connection)
        else:
            connection.close()
        return response

    def _open(self, target: Target, address: IPAddress, timeout: float) -> http.client.HTTPConnection:
        cls = _PinnedHTTPSConnection if target.scheme == "https" else _PinnedHTTPConnection
        return cls(target.host, target.port, address=address, timeout=timeout)

    def _take(self, key: _PoolKey) -> http.client.HTTPConnection | None:
        with self._lock:
            idle = self._idle.get(key)
            return idle.pop() if idle else None

    def _give(self, key: _PoolKey, connection: http.client.HTTPConnection) -> None:
        with self._lock:
            idle = self._idle.setdefault(key, [])
            if len(idle) < self._max_idle:
                idle.append(connection)
                return
        connection.close()


def _stale(error: Exception) -> bool:
    return isinstance(
        error,
        (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError, http.client.BadStatusLine),
    )


def _read(
    connection: http.client.HTTPConnection,
    deadline: float,
    limit: int,
    peer: str,
    started: float,
) -> tuple[Response, bool]:
    """The response, and whether the connection may be kept for the next request."""
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
    # Reusable only when the whole body was read (length 0 left, or a chunked body closed).
    keep = not truncated and not response.will_close and (response.length == 0 or response.isclosed())
    if keep:
        response.close()  # frees the connection for its next request; the socket stays open
    return Response(
        status=response.status,
        headers={name.lower(): value for name, value in response.getheaders()},
        body=body,
        truncated=truncated,
        peer=peer,
        duration_ms=int((time.monotonic() - started) * 1000),
        reason=response.reason,
    ), keep


def _category(error: Exception | None) -> str:
    if isinstance(error, TimeoutError):
        return ERROR_TIMEOUT
    if isinstance(error, ssl.SSLError | ssl.CertificateError):
        return ERROR_TLS
    return ERROR_CONNECTION


def _describe(error: Exception | None, timeout: float) -> str:
    """Detail for our own logs only; never shown to the customer."""
    if isinstance(error, TimeoutError):
        return f"timed out after {timeout:g} s"
    if isinstance(error, ssl.SSLError):
        return f"TLS error: {error}"
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    return f"{type(error).__name__}: {error}" if error else "no address to connect to"
