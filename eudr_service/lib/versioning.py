"""API-Version (and a no-store default) on every API response, and deprecation headers from one table.

The table is `settings.DEPRECATED_PATHS`; each row names a path prefix, when
it was deprecated, its sunset and its successor. The specification (part 9)
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
    path: str
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


def _parse_table(rows: list[dict[str, str]]) -> list[Deprecation]:
    return [
        Deprecation(
            path=row["path"],
            deprecated_at=datetime.fromisoformat(row["deprecated_at"]),
            sunset=datetime.fromisoformat(row["sunset"]),
            successor=row["successor"],
            documentation=row.get("documentation", "/api/docs/"),
        )
        for row in rows
    ]


def deprecation_for(path: str) -> Deprecation | None:
    for entry in _parse_table(settings.DEPRECATED_PATHS):
        if path == entry.path or path.startswith(entry.path.rstrip("/") + "/"):
            return entry
    return None


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
        deprecation = deprecation_for(path)
        if deprecation is not None:
            for name, value in deprecation.headers(settings.PUBLIC_BASE_URL).items():
                response[name] = value
        return response
