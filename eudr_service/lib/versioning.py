"""API-Version (and a no-store default) on every API response, and deprecation headers from two tables.

`settings.DEPRECATED_PATHS`: each row names a path prefix, when it was
deprecated, its sunset and its successor. `settings.DEPRECATED_BODIES`: the
same for a form of request body a view still accepts; the view marks the
request (`deprecated_body_mark`) and the answer, error or not, gets the headers. The specification (part 9)
signals deprecation with `Deprecation: true`, and clients were written against it,
so that is the value sent (the draft form RFC 9745 replaced with `@<unix>`); the
date of deprecation stays in the table and in the linked documentation.
`Sunset` is an HTTP-date (RFC 8594); `Link` names the documentation and the successor.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.http import http_date

from eudr_service.lib.paths import is_api_path


@dataclass(frozen=True)
class Deprecation:
    subject: str  # a path prefix, or the name of a request body form
    deprecated_at: datetime
    sunset: datetime
    successor: str
    documentation: str

    def headers(self, base_url: str) -> dict[str, str]:
        links = [
            f'<{base_url}{self.documentation}>; rel="deprecation"',
            f'<{base_url}{self.successor}>; rel="successor-version"',
        ]
        return {
            "Deprecation": "true",
            "Sunset": http_date(self.sunset.timestamp()),
            "Link": ", ".join(links),
        }


def _parse_table(rows: list[dict[str, str]], key: str = "path") -> list[Deprecation]:
    return [
        Deprecation(
            subject=row[key],
            deprecated_at=datetime.fromisoformat(row["deprecated_at"]),
            sunset=datetime.fromisoformat(row["sunset"]),
            successor=row["successor"],
            documentation=row.get("documentation", "/api/docs/"),
        )
        for row in rows
    ]


def deprecation_for(path: str) -> Deprecation | None:
    for entry in _parse_table(settings.DEPRECATED_PATHS):
        if path == entry.subject or path.startswith(entry.subject.rstrip("/") + "/"):
            return entry
    return None


_BODY_ATTRIBUTE = "deprecated_body"


def deprecated_body_mark(request: HttpRequest, body: str) -> None:
    """Note that `request` used the deprecated body form `body` (a DEPRECATED_BODIES name).

    Takes Django's request or DRF's (whose attributes set on it stay on the wrapper)."""
    if not any(row["body"] == body for row in settings.DEPRECATED_BODIES):
        raise LookupError(f"{body!r} is not in settings.DEPRECATED_BODIES")
    setattr(getattr(request, "_request", request), _BODY_ATTRIBUTE, body)


def _body_deprecation(request: HttpRequest) -> Deprecation | None:
    body = getattr(request, _BODY_ATTRIBUTE, None)
    if body is None:
        return None
    return next((e for e in _parse_table(settings.DEPRECATED_BODIES, "body") if e.subject == body), None)


class ApiVersionMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        if not is_api_path(path):
            return self.get_response(request)
        # API messages are English; programs switch on the stable `code`.
        with translation.override("en"):
            response = self.get_response(request)
        response["API-Version"] = settings.API_VERSION
        # Keyed answers carry account data (webhook secrets, once); no cache may keep them
        # unless the view chose a policy itself (the public verify answer and widget do).
        if "Cache-Control" not in response:
            response["Cache-Control"] = "no-store"
        deprecation = deprecation_for(path) or _body_deprecation(request)
        if deprecation is not None:
            for name, value in deprecation.headers(settings.PUBLIC_BASE_URL).items():
                response[name] = value
        return response
