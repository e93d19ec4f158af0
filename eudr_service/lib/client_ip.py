"""The client's IP address, trusting X-Forwarded-For only as far as configured."""

from __future__ import annotations

import functools
import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """Return the address of the client that reached our first trusted proxy.

    Each trusted proxy appends the address it received the request from, so
    with N trusted proxies the client is the N-th entry from the right. Any
    entries further left were written by the client and cannot be trusted.
    """
    remote = request.META.get("REMOTE_ADDR") or "0.0.0.0"
    hops = settings.TRUSTED_PROXY_COUNT
    if hops <= 0:
        return remote
    forwarded = [
        part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()
    ]
    if len(forwarded) < hops:
        return forwarded[0] if forwarded else remote
    return forwarded[-hops]


def client_network(request: HttpRequest) -> str:
    """The key every per-IP limit counts under: an IPv4 address as it is, an
    IPv6 address as its /64.

    One IPv6 subscriber (a home line, a cloud VM) is routinely given a whole
    /64, so counting single IPv6 addresses would give one client 2**64 budgets.
    """
    # No address is longer than 45 characters (a zone id aside, which is dropped): the
    # cut bounds what the cache below holds whatever a forwarded header says.
    return _network(client_ip(request)[:64])


@functools.lru_cache(maxsize=4096)
def _network(raw: str) -> str:
    # Cached: parsing the address is a good part of what counting a badge's call costs,
    # and the same addresses call again and again.
    try:
        address = ipaddress.ip_address(raw.split("%", 1)[0])
    except ValueError:
        return f"raw:{raw[:64]}"
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)
