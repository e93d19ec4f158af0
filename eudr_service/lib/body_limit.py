"""Refuse oversized request bodies before anything reads them, on every path.

DRF parsers read the request stream directly, bypassing Django's
DATA_UPLOAD_MAX_MEMORY_SIZE check, and that check does not count uploaded files at all
(a multipart file goes to a temporary file of any size), so the limit is enforced here
on the declared length. Django reads no more than Content-Length says, and reads no
body without one (a chunked body is not read), so the declared length bounds what is read.

API paths: API_MAX_BODY_BYTES, refused with a problem. Pages (panel, sign-in, admin):
PAGE_MAX_BODY_BYTES, unless the view declares a larger body with `accepts_body` (the
panel's uploads), refused with a plain 413 page; checked once the route is known and
before any view or the CSRF check reads the body.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from eudr_service.lib.paths import is_api_path
from eudr_service.lib.problems import problem_response

View = TypeVar("View", bound=Callable[..., Any])
_PAGE_DEFAULT = "PAGE_MAX_BODY_BYTES"


def accepts_body(setting: str) -> Callable[[View], View]:
    """Mark a page view whose POST may be as large as `settings.<setting>` bytes (an
    upload form), instead of PAGE_MAX_BODY_BYTES. Put it above the other decorators."""

    def mark(view: View) -> View:
        view.body_limit_setting = setting  # type: ignore[attr-defined]
        return view

    return mark


def page_body_limit(view: Callable[..., Any]) -> int:
    """The most bytes of body `view` (a page, not an API view) is sent."""
    return int(getattr(settings, getattr(view, "body_limit_setting", _PAGE_DEFAULT)))


def _declared_length(request: HttpRequest) -> int | None:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None


class BodySizeLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if is_api_path(request.path_info):
            length = _declared_length(request)
            if length is None:
                return problem_response(400, "invalid_content_length", "Invalid Content-Length.")
            if length > settings.API_MAX_BODY_BYTES:
                return problem_response(
                    413,
                    "payload_too_large",
                    f"Request body is {length} bytes; the limit is {settings.API_MAX_BODY_BYTES}.",
                )
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: Any, kwargs: Any
    ) -> HttpResponse | None:
        if is_api_path(request.path_info):
            return None  # checked above, before the route
        length = _declared_length(request)
        limit = page_body_limit(view)
        if length is None or length > limit:
            return render(request, "413.html", {"limit": _size_in_words(limit)}, status=413)
        return None


def _size_in_words(size: int) -> str:
    unit, scale = ("MB", 1024 * 1024) if size >= 1024 * 1024 else ("KB", 1024)
    return f"{size / scale:.1f}".rstrip("0").rstrip(".") + " " + unit
