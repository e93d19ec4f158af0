"""What a request gets when a backing service is down.

The database: 503 problem+json with Retry-After on API paths (a 503 page
elsewhere); persistent connections are health-checked, so the service
recovers by itself when the database is back, without a restart.
The cache (Redis): callers use `cache_call`, which logs and returns a
fallback, so an outage degrades quotas and caching instead of failing requests.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from redis.exceptions import RedisError

from eudr_service.lib.paths import is_api_path
from eudr_service.lib.problems import problem_response

logger = logging.getLogger(__name__)
T = TypeVar("T")
DATABASE_ERRORS = (OperationalError, InterfaceError)
# What the Redis cache raises when Redis is down or unreachable.
CACHE_ERRORS = (RedisError, ConnectionError, TimeoutError)
DB_RETRY_AFTER_SECONDS = 5
_last_warning: dict[str, float] = {}


def database_unavailable_response(request: HttpRequest) -> HttpResponse:
    headers = {"Retry-After": str(DB_RETRY_AFTER_SECONDS)}
    if is_api_path(request.path_info):
        return problem_response(
            503, "service_unavailable", "The service is briefly unavailable; retry shortly.", headers=headers
        )
    return render(request, "503.html", status=503, headers=headers)


class DatabaseOutageMiddleware:
    """Turns a lost database connection in a Django view into a 503 (DRF views
    get the same from the problem exception handler)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, DATABASE_ERRORS):
            logger.warning("Database unavailable: %s", exception)
            return database_unavailable_response(request)
        return None


def warn_once_a_minute(topic: str, message: str, *args: Any) -> None:
    """Outages make every request fail the same way; one line a minute is enough."""
    now = time.monotonic()
    if now - _last_warning.get(topic, -3600.0) >= 60:
        _last_warning[topic] = now
        logger.warning(message, *args)


def cache_call(operation: Callable[[], T], *, fallback: T, topic: str = "cache") -> T:
    """Run a cache operation; on a cache outage log (rate-limited) and return `fallback`."""
    try:
        return operation()
    except CACHE_ERRORS as exc:
        warn_once_a_minute(topic, "Cache unavailable (%s): %s; degrading", topic, exc)
        return fallback
