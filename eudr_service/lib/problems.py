"""One error format for the whole API: RFC 9457 problem+json.

Body: {"type", "title", "status", "detail", "code", "errors": [...]}. `code`
is a stable snake_case string clients can switch on; `errors` lists every
field error with its path in the request (`parcels[3].lat`).
"""

from __future__ import annotations

import logging
from http import HTTPStatus
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, JsonResponse
from rest_framework import exceptions
from rest_framework.response import Response

from eudr_service.lib.problem_types import PROBLEM_TYPES

logger = logging.getLogger(__name__)

PROBLEM_CONTENT_TYPE = "application/problem+json"

# DRF's exception classes → our stable codes. 401s share one code on purpose:
# the answer must not tell a caller whether a key exists, is revoked or expired.
_DRF_CODES: dict[type[exceptions.APIException], str] = {
    exceptions.NotAuthenticated: "unauthorized",
    exceptions.AuthenticationFailed: "unauthorized",
    exceptions.PermissionDenied: "forbidden",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.ParseError: "malformed_body",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.Throttled: "rate_limited",
    exceptions.ValidationError: "invalid_request",
}


class Problem(exceptions.APIException):
    """An API error with a stable code, optional extra members and headers."""

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        *,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(detail=detail, code=code)
        self.status_code = status
        self.problem_code = code
        self.extra = extra or {}
        self.headers = headers or {}


def problem_body(
    status: int,
    code: str,
    detail: str,
    *,
    errors: list[dict[str, Any]] | None = None,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    if settings.PROBLEM_TYPES_STRICT and code not in PROBLEM_TYPES:
        # Every `type` must lead to a page that explains it (eudr_service.lib.problem_types).
        raise LookupError(f"problem code {code!r} has no entry in eudr_service.lib.problem_types")
    body: dict[str, Any] = {
        "type": f"{settings.PUBLIC_BASE_URL}/problems/{code}",
        "title": HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
        "code": code,
        "errors": errors or [],
    }
    body.update(extra or {})
    return body


def problem_response(
    status: int,
    code: str,
    detail: str,
    *,
    errors: list[dict[str, Any]] | None = None,
    extra: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> JsonResponse:
    """A problem answer outside DRF (middleware, URL fallbacks, Django handlers)."""
    response = JsonResponse(
        problem_body(status, code, detail, errors=errors, extra=extra),
        status=status,
        content_type=PROBLEM_CONTENT_TYPE,
        json_dumps_params={"ensure_ascii": False},
    )
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def flatten_validation_errors(detail: Any, path: str = "") -> list[dict[str, Any]]:
    """Turn DRF's nested error structure into a flat list with request paths."""
    if isinstance(detail, dict):
        found: list[dict[str, Any]] = []
        for key, value in detail.items():
            if key in ("non_field_errors", "__all__"):
                child = path
            elif isinstance(key, int):  # ListSerializer errors keyed by item index
                child = f"{path}[{key}]"
            else:
                child = f"{path}.{key}" if path else str(key)
            found.extend(flatten_validation_errors(value, child))
        return found
    if isinstance(detail, list):
        if all(isinstance(item, exceptions.ErrorDetail | str) for item in detail):
            return [_field_error(path, item) for item in detail]
        found = []
        for index, item in enumerate(detail):
            if item:  # DRF puts {} for list items that were valid
                found.extend(flatten_validation_errors(item, f"{path}[{index}]"))
        return found
    return [_field_error(path, detail)]


def _field_error(path: str, item: Any) -> dict[str, Any]:
    return {
        "field": path or None,
        "code": getattr(item, "code", None) or "invalid",
        "message": str(item),
    }


def problem_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF EXCEPTION_HANDLER: every API error leaves as problem+json."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()

    if isinstance(exc, OperationalError | InterfaceError):
        logger.warning("Database unavailable: %s", exc)
        body = problem_body(503, "service_unavailable", "The service is briefly unavailable; retry shortly.")
        return Response(body, status=503, content_type=PROBLEM_CONTENT_TYPE, headers={"Retry-After": "5"})
    if not isinstance(exc, exceptions.APIException):
        # Never an HTML debug page on an API path; the traceback goes to the log.
        logger.exception("Unhandled error in API view", exc_info=exc)
        body = problem_body(500, "internal_error", "An unexpected error occurred.")
        return Response(body, status=500, content_type=PROBLEM_CONTENT_TYPE)

    headers: dict[str, str] = {}
    errors: list[dict[str, Any]] = []
    extra: dict[str, Any] = {}
    if isinstance(exc, Problem):
        code, detail = exc.problem_code, str(exc.detail)
        extra, headers = exc.extra, dict(exc.headers)
    elif isinstance(exc, exceptions.ValidationError):
        code = "invalid_request"
        errors = flatten_validation_errors(exc.detail)
        detail = "The request is invalid: " + "; ".join(
            f"{e['field']}: {e['message']}" if e["field"] else e["message"] for e in errors[:5]
        )
    else:
        code = _code_for(exc)
        detail = str(exc.detail)

    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        detail = "A valid API key is required (Authorization: Bearer <key> or X-API-Key)."
        exc.status_code = 401
    if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
        headers["Retry-After"] = str(int(exc.wait))

    response = Response(
        problem_body(exc.status_code, code, detail, errors=errors, extra=extra),
        status=exc.status_code,
        content_type=PROBLEM_CONTENT_TYPE,
    )
    for name, value in headers.items():
        response[name] = value
    if exc.status_code == 401:
        response["WWW-Authenticate"] = 'Bearer realm="api"'
    return response


def _code_for(exc: exceptions.APIException) -> str:
    for cls in type(exc).__mro__:
        if cls in _DRF_CODES:
            return _DRF_CODES[cls]
    return exc.default_code if isinstance(exc.default_code, str) else "error"


def api_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """Catch-all for unknown paths under the API prefixes."""
    return problem_response(404, "not_found", f"No endpoint at {request.path}.")
