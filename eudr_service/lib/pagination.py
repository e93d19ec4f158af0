"""One way to page a list: `results`, `next`, `previous` and `has_more`.

Every list pages by cursor (stable under inserts, no count query over an account's whole
history), newest first. `has_more` says whether `next` leads anywhere, so a client can
loop on one field whatever the list. Webhooks and their deliveries paged by number with
a `count` before API version 1.1; a 1.0 request still gets that form (with `has_more`
added) and the deprecation headers (docs/api-conventions.md).
"""

from __future__ import annotations

from typing import Any

from rest_framework.pagination import BasePagination, CursorPagination, PageNumberPagination
from rest_framework.response import Response

from eudr_service.lib.versioning import old_form_mark, served_at_least

_HAS_MORE_SCHEMA = {"type": "boolean", "description": "true when `next` leads to more results"}


class ApiCursorPagination(CursorPagination):
    ordering = ("-created_at", "-id")
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

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
        else:
            old_form_mark()
            self._active = self._numbered
        return self._active.paginate_queryset(queryset, request, view)

    def get_paginated_response(self, data: Any) -> Response:
        return self._active.get_paginated_response(data)

    # The published schema describes the latest version.
    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        return self._cursor.get_paginated_response_schema(schema)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        return self._cursor.get_schema_operation_parameters(view)
