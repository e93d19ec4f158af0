"""Refuse oversized API bodies before anything reads them.

DRF parsers read the request stream directly, bypassing Django's
DATA_UPLOAD_MAX_MEMORY_SIZE check, so the limit is enforced here on the
declared length.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from eudr_service.lib.paths import is_api_path
from eudr_service.lib.problems import problem_response


class BodySizeLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if is_api_path(request.path_info):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                return problem_response(400, "invalid_content_length", "Invalid Content-Length.")
            if length > settings.API_MAX_BODY_BYTES:
                return problem_response(
                    413,
                    "payload_too_large",
                    f"Request body is {length} bytes; the limit is {settings.API_MAX_BODY_BYTES}.",
                )
        return self.get_response(request)
