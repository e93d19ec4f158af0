"""The client's IP address, trusting X-Forwarded-For only as far as configured."""

from __future__ import annotations

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
