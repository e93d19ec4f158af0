"""One way to page a list: `results`, `next`, `previous` and `has_more`.

Every list pages by cursor (stable under inserts, no count query over an account's whole
history), newest first. `has_more` says whether `next` leads anywhere, so a client can
loop on one field whatever the list. Webhooks and their deliveries paged by number with
a `count` before API version 1.1; a 1.0 request still gets that form (with `has_more`
added) and the deprecation headers (docs/api-conventions.md).

A list says what it does not take: the page size is `page_size` or, as many APIs spell it,
`limit` (the `next` link keeps the word the caller used); any other query parameter the
list's published parameters do not name is a 400 `unknown_query_parameter` naming it,
in every version (the published client sends only what the schema names).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.plumbing import ComponentRegistry
from rest_framework.pagination import BasePagination, CursorPagination, PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from eudr_service.lib.problems import Problem
from eudr_service.lib.versioning import old_form_mark, served_at_least

PAGE_SIZE_WORDS = ("page_size", "limit")
# DRF's own `?format=` renderer switch works on every view; it is not the list's to refuse.
_EVERY_VIEW_TAKES = frozenset({"format"})


@lru_cache(maxsize=256)
def _published_query_names(callback: Callable[..., Any], method: str, path: str) -> frozenset[str]:
    """The query parameters the schema publishes for this operation (drf-spectacular reads
    the view's annotations, filter serializers and paginator as it does for /api/schema/)."""
    generator = SchemaGenerator()  # held while its view is read: the schema refers to both weakly
    view = generator.create_view(callback, method, request=None)
    schema = view.schema
    schema.registry = ComponentRegistry()
    schema.path = schema.path_regex = path
    schema.path_prefix = ""
    schema.method = method
    return frozenset(p["name"] for p in schema._get_parameters() if p["in"] == "query")


def query_parameters_check(request: Request, *, also: frozenset[str] = frozenset()) -> None:
    """400 naming every query parameter the list does not take (nothing is silently dropped)."""
    match = getattr(request, "resolver_match", None)  # DRF reads it from the Django request
    if match is None:
        return
    route = "/" + match.route.lstrip("/") if match.route else request.path
    method = "GET" if request.method == "HEAD" else request.method  # HEAD is GET without the body
    taken = _published_query_names(match.func, method, route) | set(PAGE_SIZE_WORDS) | also
    unknown = sorted(set(request.query_params) - taken - _EVERY_VIEW_TAKES)
    if not unknown:
        return
    accepted = ", ".join(sorted(taken))
    raise Problem(
        400,
        "unknown_query_parameter",
        f"This list does not take {', '.join(unknown)}; it takes {accepted}.",
        extra={
            "errors": [
                {
                    "field": name,
                    "code": "unknown_query_parameter",
                    "message": f"not taken here; one of {accepted}",
                }
                for name in unknown
            ]
        },
    )


def requested_page_size(request: Request, *, default: int, maximum: int) -> int:
    """`page_size` or `limit` (the same thing under two names); 400 when it is no whole number
    from 1, or when both are given and differ. Above the maximum, the maximum (documented)."""
    given = {word: request.query_params[word] for word in PAGE_SIZE_WORDS if word in request.query_params}
    if not given:
        return default
    if len(set(given.values())) > 1:
        raise Problem(
            400,
            "invalid_request",
            "page_size and limit name the same thing (the number of results a page holds); give one.",
        )
    word, text = next(iter(given.items()))
    if not text.isdigit() or int(text) < 1:
        raise Problem(400, "invalid_request", f"{word} must be a whole number from 1 to {maximum}.")
    return min(int(text), maximum)


_HAS_MORE_SCHEMA = {"type": "boolean", "description": "true when `next` leads to more results"}


class ApiCursorPagination(CursorPagination):
    ordering = ("-created_at", "-id")
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def paginate_queryset(self, queryset: Any, request: Request, view: Any = None) -> list[Any] | None:
        query_parameters_check(request)
        return super().paginate_queryset(queryset, request, view)

    def get_page_size(self, request: Request) -> int:
        return requested_page_size(request, default=self.page_size, maximum=self.max_page_size)

    def get_paginated_response(self, data: Any) -> Response:
        return Response(
            {
                "next": self.get_next_link(),
                "previous": self.get_previous_link(),
                "has_more": self.has_next,
                "results": data,
            }
        )

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        paged = super().get_paginated_response_schema(schema)
        paged["properties"]["has_more"] = _HAS_MORE_SCHEMA
        paged["required"] = ["results", "has_more"]
        return paged


class _NumberedPagination(PageNumberPagination):
    """API version 1.0's form for webhooks and deliveries: page numbers and a count."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request: Request) -> int:
        return requested_page_size(request, default=self.page_size, maximum=self.max_page_size)

    def get_paginated_response(self, data: Any) -> Response:
        return Response(
            {
                "count": self.page.paginator.count,
                "next": self.get_next_link(),
                "previous": self.get_previous_link(),
                "has_more": self.page.has_next(),
                "results": data,
            }
        )


class VersionedPagination(BasePagination):
    """Cursor pages (ApiCursorPagination) from 1.1 on, numbered pages in 1.0."""

    max_page_size = 200

    def __init__(self) -> None:
        self._cursor = ApiCursorPagination()
        self._cursor.max_page_size = self.max_page_size
        self._numbered = _NumberedPagination()
        self._numbered.max_page_size = self.max_page_size
        self._active: BasePagination = self._cursor

    def paginate_queryset(self, queryset: Any, request: Any, view: Any = None) -> list[Any] | None:
        if served_at_least("1.1"):
            self._active = self._cursor
            return self._active.paginate_queryset(queryset, request, view)
        old_form_mark()
        query_parameters_check(request, also=frozenset({"page"}))
        self._active = self._numbered
        return self._active.paginate_queryset(queryset, request, view)

    def get_paginated_response(self, data: Any) -> Response:
        return self._active.get_paginated_response(data)

    # The published schema describes the latest version.
    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        return self._cursor.get_paginated_response_schema(schema)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        return self._cursor.get_schema_operation_parameters(view)
