"""The badge's call to verify, answered before the layers it does not use.

Every badge on every visitor's page calls GET /api/v1/verify/{id} without a key.
That call uses no session, cookie, CSRF token, user or content negotiation, so
this middleware, placed just inside the rate-limit headers middleware, answers it
before them and before URL resolution and DRF. The answer is the same bytes and
headers the view gives (tests/compliance/test_verify.py compares the two paths
header by header): the layers outside this one (request id, security headers,
CSP, API version, rate-limit headers) still run; of those skipped, only
CommonMiddleware (Content-Length) and XFrameOptionsMiddleware would have added
headers, which are added here.

Any other verify call (a key, another Accept, another method) goes the usual way.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from accounts.authentication import LIVEMODE_HEADER
from accounts.limits import public_quota_consume
from accounts.quota import NOT_FETCHED
from compliance.verification import UNREAD, verification_get
from compliance.verification_cache import verification_cache_key
from eudr_service.lib.outages import DATABASE_ERRORS, database_unavailable_response
from eudr_service.lib.problems import Problem, problem_response

# The route of compliance.urls' "verify" (`<str:dds_id>` is one path segment).
VERIFY_PATH = re.compile(r"^/api/v1/verify/(?P<dds_id>[^/]+)\Z")
# What the view's Allow header says (DRF lists the methods the view has).
VERIFY_ALLOW = "GET, HEAD, OPTIONS"


def is_plain_anonymous_get(request: HttpRequest) -> bool:
    """A GET without a key that accepts JSON as it is: the badge's call."""
    meta = request.META
    return (
        request.method == "GET"
        and "HTTP_AUTHORIZATION" not in meta
        and "HTTP_X_API_KEY" not in meta
        and meta.get("HTTP_ACCEPT", "*/*") in ("*/*", "application/json")
    )


def verify_answer(request: HttpRequest, user, dds_id: str) -> HttpResponse:
    """The public record of `dds_id` (or 304), counted against `user`'s plan or
    the caller's address; raises Problem (404, 429)."""
    # Counted before the lookup: an unknown identifier costs the caller a call too.
    cached = public_quota_consume(request=request, user=user, fetch=verification_cache_key(raw_id=dds_id))
    verification = verification_get(raw_id=dds_id, cached=UNREAD if cached is NOT_FETCHED else cached)
    if verification is None:
        raise Problem(404, "dds_not_found", "No DDS with this identifier.")
    if verification.etag in request.META.get("HTTP_IF_NONE_MATCH", ""):
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(verification.body, content_type="application/json")
    response["ETag"] = verification.etag
    response["Cache-Control"] = f"public, max-age={settings.VERIFY_CACHE_SECONDS}"
    return response


def with_cors(response: HttpResponse) -> HttpResponse:
    # Any page may embed the badge, so any origin may read the answer,
    # errors included (the widget shows red on a 404).
    response["Access-Control-Allow-Origin"] = "*"
    response["Access-Control-Expose-Headers"] = "ETag, X-RateLimit-Remaining, Retry-After"
    # Only live data is public, whatever key (if any) asked.
    response[LIVEMODE_HEADER] = "true"
    return response


class VerifyFastPathMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        match = VERIFY_PATH.match(request.path_info)
        if match is None or not is_plain_anonymous_get(request):
            return self.get_response(request)
        # What CommonMiddleware would have done first: a Host outside ALLOWED_HOSTS is a 400.
        request.get_host()
        try:
            response = verify_answer(request, None, match["dds_id"])
        except Problem as exc:
            response = problem_response(
                exc.status_code, exc.problem_code, str(exc.detail), extra=exc.extra, headers=exc.headers
            )
        except DATABASE_ERRORS:
            response = database_unavailable_response(request)
        response["Allow"] = VERIFY_ALLOW
        response["X-Frame-Options"] = settings.X_FRAME_OPTIONS
        response["Content-Length"] = str(len(response.content))
        return with_cors(response)
