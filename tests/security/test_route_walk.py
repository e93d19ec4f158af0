"""Hardening in one place: a walk over every URL pattern (issue 26).

Every route gets the same hardening by default; this test fails when one lacks it.
The only way out is an entry in EXEMPT naming the check, the route and the reason.

Checks so far (each a function in CHECKS; the plan gate and the mode policy join the
same way: a function taking a Route and answering None or what is missing):
- `middleware`: the body limit and the request deadline run for every request;
- `body_limit`: every route, API or page, answers a body declared over its limit
  (API_MAX_BODY_BYTES, PAGE_MAX_BODY_BYTES or the upload limit a page declares with
  eudr_service.lib.body_limit.accepts_body) with 413, without reading a byte of it;
- `parsers`: a DRF view on an API path parses bodies only with the hardened parsers
  (eudr_service.lib.json_parser.HARDENED_PARSERS: size-bounded, depth-bounded JSON);
- `plain_api_view`: a view on an API path outside DRF reads no body (safe methods only);
- `limiter`: a page that accepts a POST (panel, sign-in, ...) goes through the
  action limiter (accounts.limits) before the view; a page that takes no POST answers
  405 to one;
- `api_gates`: a DRF view on an API path keeps the plan gate
  (accounts.permissions.PlanFeaturePermission), the mode policy
  (accounts.permissions.ModePolicyPermission; each view's `test_key_policy` is walked in
  tests/security/test_mode_policy.py) and the API limiter (a throttle of accounts.limits:
  the plan's burst and the daily quota).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.conf import settings
from django.http import HttpResponse
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.views import APIView

from eudr_service.lib.body_limit import page_body_limit
from eudr_service.lib.json_parser import HARDENED_PARSERS
from eudr_service.lib.paths import is_api_path

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Route:
    pattern: str  # the full regex/route text, e.g. "api/eudr/v1/webhooks/<str:webhook_id>"
    name: str | None
    callback: Callable[..., Any]

    @property
    def path(self) -> str:
        """A concrete path for the pattern (placeholder values for its converters)."""
        sample = {"uuid": str(uuid.uuid4()), "int": "1", "slug": "x", "str": "x", "path": "x"}
        text = re.sub(r"<(?:(\w+):)?\w+>", lambda m: sample.get(m.group(1) or "str", "x"), self.pattern)
        text = text.replace("^", "").replace("$", "").replace("\\Z", "")
        return "/" + text

    @property
    def is_api(self) -> bool:
        return is_api_path(self.path)

    @property
    def drf_view(self) -> type[APIView] | None:
        cls = getattr(self.callback, "cls", None) or getattr(self.callback, "view_class", None)
        return cls if isinstance(cls, type) and issubclass(cls, APIView) else None


def routes() -> Iterator[Route]:
    def walk(patterns: list[Any], prefix: str) -> Iterator[Route]:
        for entry in patterns:
            text = prefix + str(entry.pattern)
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, text)
            elif isinstance(entry, URLPattern):
                yield Route(text, entry.name, entry.callback)

    yield from walk(get_resolver().url_patterns, "")


def _key(route: Route) -> str:
    return route.name or route.pattern


# (check, route name or pattern) -> why this route may skip the check. Nothing else.
_READS_NOTHING = "answers the same to any method; reads no body and writes nothing"
EXEMPT: dict[tuple[str, str], str] = {
    ("limiter", "livez"): "liveness probe: " + _READS_NOTHING,
    ("limiter", "healthz"): "readiness probe: " + _READS_NOTHING,
    ("limiter", "favicon"): "a static icon: " + _READS_NOTHING,
    ("limiter", "problem-index"): "problem type documentation: " + _READS_NOTHING,
    ("limiter", "problem-type"): "problem type documentation: " + _READS_NOTHING,
    ("limiter", "methodology"): "methodology documentation: " + _READS_NOTHING,
    ("limiter", "methodology-part"): "methodology documentation: " + _READS_NOTHING,
    ("limiter", "home"): "redirects to the panel or the sign-in page: " + _READS_NOTHING,
    ("limiter", "set_language"): "Django's language switch: sets a cookie of the caller's own, no work",
    ("limiter", "logout"): "ends the caller's own session; nothing to limit",
    ("limiter", "password_reset_confirm"): (
        "guarded by Django's HMAC token (unguessable); the reset request that sends it is limited"
    ),
    # The API's catch-all: a problem+json 404 for any method, before any body is read.
    ("limiter", r"^(?:api|v1)/"): "the API's catch-all 404 problem: " + _READS_NOTHING,
    ("plain_api_view", r"^(?:api|v1)/"): "the API's catch-all 404 problem: " + _READS_NOTHING,
    ("body_limit", r"^(?:api|v1)/"): "the API's catch-all 404 problem: " + _READS_NOTHING,
    # The OpenAPI documents: public, the same for everyone, no account and so no plan or mode.
    ("api_gates", "schema"): "the OpenAPI schema: public documentation, no account",
    ("api_gates", "swagger-ui"): "the API reference page: public documentation, no account",
    ("api_gates", "redoc"): "the API reference page: public documentation, no account",
    ("api_gates", "widget-script"): (
        "the badge script: the same static bytes for every page that embeds it, cached by "
        "browsers; no account, no work per call (the verify calls it makes are limited)"
    ),
}


def _exempt(check: str, route: Route) -> bool:
    if (check, _key(route)) in EXEMPT or (check, route.pattern) in EXEMPT:
        return True
    # The Django admin: staff only, behind its own sign-in (limited: admin-login-limited)
    # and CSRF; its change forms are for our staff, not a client surface.
    return check == "limiter" and route.pattern.startswith("admin/") and route.name != "admin-login-limited"


# --- the checks -------------------------------------------------------------------------


def check_middleware(_: Route) -> str | None:
    required = (
        "eudr_service.lib.body_limit.BodySizeLimitMiddleware",
        "eudr_service.lib.deadline.RequestDeadlineMiddleware",
    )
    missing = [m for m in required if m not in settings.MIDDLEWARE]
    return f"middleware missing: {missing}" if missing else None


def check_parsers(route: Route) -> str | None:
    view = route.drf_view
    if view is None or not route.is_api:
        return None
    loose = [p.__name__ for p in view.parser_classes if not issubclass(p, HARDENED_PARSERS)]
    return f"{view.__name__} parses with {loose}, not the hardened parsers" if loose else None


class UnreadableBody:
    """A request body that fails the check if anything reads it."""

    def read(self, *args: Any, **kwargs: Any) -> bytes:
        raise AssertionError("the body was read")

    readline = read


def body_limit_of(route: Route) -> int:
    return settings.API_MAX_BODY_BYTES if route.is_api else page_body_limit(route.callback)


def check_body_limit(route: Route, client: Any) -> str | None:
    limit = body_limit_of(route)
    try:
        response = client.post(
            route.path,
            data=b"",
            content_type="application/octet-stream",  # sent as is; CONTENT_TYPE below wins
            CONTENT_TYPE="multipart/form-data; boundary=x",
            CONTENT_LENGTH=str(limit + 1),
            **{"wsgi.input": UnreadableBody()},
        )
    except AssertionError as exc:
        return f"a body declared over {limit} bytes was read: {exc}"
    return (
        None if response.status_code == 413 else f"a body over {limit} bytes answered {response.status_code}"
    )


SAFE_ONLY = {"GET", "HEAD", "OPTIONS"}


def check_plain_api_view(route: Route, client: Any) -> str | None:
    if route.drf_view is not None or not route.is_api:
        return None
    response = client.post(route.path, data=b'{"x": 1}', content_type="application/json")
    # 404 problem for an unknown id and 405 both mean the body was never parsed.
    if response.status_code in (404, 405) or response.status_code == 401:
        return None
    return f"a plain Django view on an API path answered POST with {response.status_code}"


LIMITED = 429


def check_limiter(route: Route, client: Any) -> str | None:
    if route.is_api:
        return None
    client.force_login(client.walk_user)  # a route before may have signed out (logout)
    response = client.post(route.path, data={})
    if response.status_code == LIMITED and response.get("X-Route-Walk") == "limited":
        return None
    if response.status_code == 405:
        return None
    return f"POST answered {response.status_code} without going through the limiter"


def check_api_gates(route: Route) -> str | None:
    from accounts.limits import CountedInView, PlanQuotaThrottle
    from accounts.permissions import ModePolicyPermission, PlanFeaturePermission

    view = route.drf_view
    if view is None or not route.is_api:
        return None
    missing = []
    if not any(issubclass(p, PlanFeaturePermission) for p in view.permission_classes):
        missing.append("plan gate")
    if not any(issubclass(p, ModePolicyPermission) for p in view.permission_classes):
        missing.append("mode policy")
    if not any(issubclass(t, PlanQuotaThrottle | CountedInView) for t in view.throttle_classes):
        missing.append("limiter")
    return f"{view.__name__} lacks {', '.join(missing)}" if missing else None


# --- the walk ---------------------------------------------------------------------------


@pytest.fixture
def walker(client, make_user, monkeypatch):
    """A signed-in user, and the limiter answering a marked 429 whenever it is asked."""
    from accounts import limits

    def refuse(*_: Any, **__: Any) -> HttpResponse:
        response = HttpResponse("limited by the walk", status=LIMITED)
        response["X-Route-Walk"] = "limited"
        return response

    monkeypatch.setattr(limits, "_check", refuse)
    client.walk_user = make_user("enterprise")
    client.force_login(client.walk_user)
    return client


def test_every_route_is_found():
    found = {_key(r) for r in routes()}
    # A few of each kind, so a broken walk cannot pass by finding nothing.
    assert {"risk-job-list", "webhook-list", "panel-keys", "livez", "admin-login-limited"} <= found


def test_every_route_has_the_body_limit_and_deadline_middleware():
    failures = [
        f"{r.pattern}: {m}" for r in routes() if (m := check_middleware(r)) and not _exempt("middleware", r)
    ]
    assert not failures, "\n".join(failures)


def test_every_route_refuses_a_body_over_its_limit_before_reading_it(walker):
    failures = [
        f"{r.pattern}: {m}"
        for r in routes()
        if not _exempt("body_limit", r) and (m := check_body_limit(r, walker))
    ]
    assert not failures, "\n".join(failures)


def test_the_walk_catches_a_page_without_the_body_limit(client, make_user, settings):
    settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if not m.endswith("BodySizeLimitMiddleware")]
    client.force_login(make_user("standard"))
    route = next(r for r in routes() if r.name == "panel-suppliers")
    assert "was read" in (check_body_limit(route, client) or "")


def test_uploading_pages_declare_the_uploads_limit_and_forms_keep_a_forms():
    by_name = {r.name: r for r in routes()}
    assert body_limit_of(by_name["panel-suppliers"]) == settings.API_MAX_BODY_BYTES
    assert body_limit_of(by_name["panel-keys"]) == settings.PAGE_MAX_BODY_BYTES < settings.API_MAX_BODY_BYTES


def test_every_api_view_parses_bodies_with_the_hardened_parsers():
    failures = [
        f"{r.pattern}: {m}" for r in routes() if (m := check_parsers(r)) and not _exempt("parsers", r)
    ]
    assert not failures, "\n".join(failures)


def test_every_plain_api_view_reads_no_body(walker):
    failures = [
        f"{r.pattern}: {msg}"
        for r in routes()
        if not _exempt("plain_api_view", r) and (msg := check_plain_api_view(r, walker))
    ]
    assert not failures, "\n".join(failures)


def test_every_page_that_takes_a_post_goes_through_the_limiter(walker):
    failures = [
        f"{r.pattern}: {m}" for r in routes() if not _exempt("limiter", r) and (m := check_limiter(r, walker))
    ]
    assert not failures, "\n".join(failures)


def test_every_api_view_keeps_the_plan_gate_the_mode_policy_and_the_limiter():
    failures = [
        f"{r.pattern}: {m}" for r in routes() if (m := check_api_gates(r)) and not _exempt("api_gates", r)
    ]
    assert not failures, "\n".join(failures)


def test_the_walk_catches_a_view_without_the_gates(monkeypatch):
    from rest_framework.permissions import IsAuthenticated

    from risk.views import RiskJobViewSet

    monkeypatch.setattr(RiskJobViewSet, "permission_classes", [IsAuthenticated])
    monkeypatch.setattr(RiskJobViewSet, "throttle_classes", [])
    route = next(r for r in routes() if r.name == "risk-job-list")
    assert check_api_gates(route) == "RiskJobViewSet lacks plan gate, mode policy, limiter"


def test_the_walk_catches_a_loose_parser(monkeypatch):
    from rest_framework.parsers import JSONParser

    from risk.views import RiskJobViewSet

    monkeypatch.setattr(RiskJobViewSet, "parser_classes", [JSONParser])
    route = next(r for r in routes() if r.name == "risk-job-list")
    assert "JSONParser" in (check_parsers(route) or "")


def test_every_exemption_names_a_real_route_and_a_reason():
    keys = {_key(r) for r in routes()} | {r.pattern for r in routes()}
    for (check, route), reason in EXEMPT.items():
        assert check in {"middleware", "body_limit", "parsers", "plain_api_view", "limiter", "api_gates"}
        assert route in keys, route
        assert reason.strip()
