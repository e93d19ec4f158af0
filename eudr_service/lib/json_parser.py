"""The API's parsers: DRF's JSON parser with a maximum nesting depth, and its multipart
parser for uploads whose contents go through the same bounded JSON reading.

Python's decoder recurses once per level, so a body of a few thousand
brackets ends in RecursionError (a 500) and deep but shallower bodies make
every later step (validation, hashing, storage) recurse too. Bodies nested
deeper than BUDGET_JSON_MAX_DEPTH are refused with 400 `json_too_deep`.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from rest_framework.parsers import JSONParser, MultiPartParser

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


def json_loads_bounded(text: str | bytes) -> Any:
    """`json.loads` for text from a client (an uploaded file, a CSV cell): a 400 problem
    `json_too_deep` instead of a RecursionError or a value nested past the budget.
    Other decoding errors are raised as ValueError for the caller to word."""
    limit = settings.BUDGET_JSON_MAX_DEPTH
    try:
        data = json.loads(text)
    except RecursionError:
        raise _too_deep(limit) from None
    if json_depth_exceeds(data, limit):
        raise _too_deep(limit)
    return data


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


class UploadParser(MultiPartParser):
    """Multipart uploads (`file` fields). The body is bounded by BodySizeLimitMiddleware and
    Django's DATA_UPLOAD_MAX_NUMBER_FIELDS / _FILES; a view reading JSON out of an uploaded
    file or a CSV cell does so with `json_loads_bounded`. Views name this class rather than
    DRF's so the route walk (tests/security/test_route_walk.py) knows the upload is bounded."""


# The only parsers an API view may use; tests/security/test_route_walk.py checks every route.
HARDENED_PARSERS: tuple[type, ...] = (DepthLimitedJSONParser, UploadParser)
