"""API versions: which shape an answer takes, API-Version on every API response (and a
no-store default), and deprecation headers from three tables.

A request picks its version with the `API-Version` request header (`settings.API_VERSIONS`;
without it, `settings.API_VERSION`, the specification's 1.0). The version holds for the
whole request in a context variable, so a serializer field or a view asks `served_at_least`
instead of threading the request through every call. An answer that used a form the next
version changed (`old_form_mark`) carries the deprecation headers of
`settings.DEPRECATED_API_VERSIONS`; one that used none carries none, so a client sees the
headers exactly where moving to the new version changes what it reads.

`settings.DEPRECATED_PATHS`: each row names a path prefix, when it was
deprecated, its sunset and its successor. `settings.DEPRECATED_BODIES`: the
same for a form of request body a view still accepts; the view marks the
request (`deprecated_body_mark`) and the answer, error or not, gets the headers. The specification (part 9)
signals deprecation with `Deprecation: true`, and clients were written against it,
so that is the value sent (the draft form RFC 9745 replaced with `@<unix>`); the
date of deprecation stays in the table and in the linked documentation.
`Sunset` is an HTTP-date (RFC 8594); `Link` names the documentation and the successor.

A resource added after 1.0 (a view or action with `api_since = "1.1"`) has one form, the
version it came with: asked for in an earlier version it answers in that form, names that
version in `API-Version`, and carries no deprecation headers (there is nothing older to
move from).
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.http import http_date
from django.utils.translation.trans_real import parse_accept_lang_header

from eudr_service.lib.paths import is_api_path
from eudr_service.lib.problems import problem_response

VERSION_HEADER = "API-Version"  # requested and answered under the same name
_VERSION_META = "HTTP_" + VERSION_HEADER.upper().replace("-", "_")


@dataclass
class _Served:
    version: str
    language: str  # for names in answers (a commodity's): Accept-Language, pl or en
    old_form: bool = False  # the answer used a form a later version changed
    deprecated_body: str | None = None  # the deprecated body form the request used (a DEPRECATED_BODIES name)


_served: ContextVar[_Served | None] = ContextVar("api_version_served", default=None)


def _as_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def served_version() -> str:
    """The version the current request is answered in; outside a request (a task), the default."""
    served = _served.get()
    return served.version if served is not None else settings.API_VERSION


def served_language() -> str:
    """The reader's language for names in an answer: `pl` or `en` from Accept-Language;
    English (the API's language) when the header names neither, and outside a request."""
    served = _served.get()
    return served.language if served is not None else "en"


def _reader_language(request: HttpRequest) -> str:
    # META, not request.headers: see _requested_version.
    for code, _quality in parse_accept_lang_header(request.META.get("HTTP_ACCEPT_LANGUAGE", "")):
        if code.split("-")[0].lower() in ("pl", "en"):
            return code.split("-")[0].lower()
    return "en"


def served_at_least(version: str) -> bool:
    return _as_tuple(served_version()) >= _as_tuple(version)


def old_form_mark() -> None:
    """The answer being built uses a form a later version changed: it gets the headers."""
    served = _served.get()
    if served is not None:
        served.old_form = True


def api_url(path: str) -> str:
    """A link to one of our resources: absolute from 1.1 on, the path (1.0's form) before."""
    if served_at_least("1.1"):
        return settings.PUBLIC_BASE_URL.rstrip("/") + path
    old_form_mark()
    return path


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


def deprecated_body_mark(request: HttpRequest, body: str) -> None:
    """Note that `request` used the deprecated body form `body` (a DEPRECATED_BODIES name).

    Takes Django's request or DRF's: the mark is kept with what the middleware serves this
    request (an attribute set on DRF's wrapper would stay on the wrapper); outside the API's
    middleware there are no headers to give, so nothing is kept."""
    if not any(row["body"] == body for row in settings.DEPRECATED_BODIES):
        raise LookupError(f"{body!r} is not in settings.DEPRECATED_BODIES")
    served = _served.get()
    if served is not None:
        served.deprecated_body = body


def _version_deprecation(served: _Served) -> Deprecation | None:
    if not served.old_form:
        return None
    rows = _parse_table(settings.DEPRECATED_API_VERSIONS, "version")
    return next((e for e in rows if e.subject == served.version), None)


def _requested_version(request: HttpRequest) -> str | None:
    """The version asked for, the default when none is; None for one we do not serve."""
    # META, not request.headers: that builds a dict of every header on first use, a
    # cost the badge's verify (which reads no other header) would pay on every call.
    asked = request.META.get(_VERSION_META, "").strip()
    if not asked:
        return settings.API_VERSION
    return asked if asked in settings.API_VERSIONS else None


def _introduced_in(view_func: Callable[..., object]) -> str | None:
    """`api_since` of a DRF view (its action's, from the router's initkwargs, first)."""
    since = (getattr(view_func, "initkwargs", None) or {}).get("api_since")
    return since or getattr(getattr(view_func, "cls", None), "api_since", None)


def _body_deprecation(served: _Served) -> Deprecation | None:
    body = served.deprecated_body
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
        version = _requested_version(request)
        if version is None:
            return problem_response(
                400,
                "unsupported_api_version",
                f"{VERSION_HEADER} must be one of {', '.join(settings.API_VERSIONS)}.",
                errors=[
                    {"field": VERSION_HEADER, "code": "invalid_choice", "message": "unsupported version"}
                ],
                headers={VERSION_HEADER: settings.API_VERSION, "Cache-Control": "no-store"},
            )
        served = _Served(version, _reader_language(request))
        token = _served.set(served)
        try:
            # API messages are English; programs switch on the stable `code`.
            with translation.override("en"):
                response = self.get_response(request)
        finally:
            _served.reset(token)
        response[VERSION_HEADER] = served.version
        # Keyed answers carry account data (webhook secrets, once); no cache may keep them
        # unless the view chose a policy itself (the public verify answer and widget do).
        if "Cache-Control" not in response:
            response["Cache-Control"] = "no-store"
        deprecation = deprecation_for(path) or _body_deprecation(served) or _version_deprecation(served)
        if deprecation is not None:
            for name, value in deprecation.headers(settings.PUBLIC_BASE_URL).items():
                response[name] = value
        return response

    def process_view(self, request: HttpRequest, view_func: Callable[..., object], *args: object) -> None:
        """A resource newer than the version asked for answers in the one form it has."""
        served = _served.get()
        since = _introduced_in(view_func)
        if served is not None and since is not None and _as_tuple(served.version) < _as_tuple(since):
            served.version = since
