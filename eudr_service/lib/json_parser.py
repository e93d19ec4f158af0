"""The API's JSON parser: DRF's, with a maximum nesting depth.

Python's decoder recurses once per level, so a body of a few thousand
brackets ends in RecursionError (a 500) and deep but shallower bodies make
every later step (validation, hashing, storage) recurse too. Bodies nested
deeper than BUDGET_JSON_MAX_DEPTH are refused with 400 `json_too_deep`.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework.parsers import JSONParser

from eudr_service.lib.problems import Problem


def json_depth_exceeds(value: Any, limit: int) -> bool:
    """Whether arrays and objects nest deeper than `limit`; iterative, stops at the first too deep."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def _too_deep(limit: int) -> Problem:
    return Problem(
        400,
        "json_too_deep",
        f"The JSON body nests arrays and objects deeper than {limit} levels (BUDGET_JSON_MAX_DEPTH).",
        extra={"limit": limit},
    )


class DepthLimitedJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        limit = settings.BUDGET_JSON_MAX_DEPTH
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise _too_deep(limit) from None
        if json_depth_exceeds(data, limit):
            raise _too_deep(limit)
        return data
