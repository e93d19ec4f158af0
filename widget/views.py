"""The widget script (/api/widget, /widget.js) and its demo page."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import parse_etags
from django.views.decorators.http import require_safe
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.request import Request
from rest_framework.views import APIView

from compliance.models import DueDiligenceStatement
from widget.services import (
    WIDGET_LANGS,
    WIDGET_STYLES,
    WidgetScript,
    widget_script_build,
    widget_script_static,
)

JS_CONTENT_TYPE = "application/javascript; charset=utf-8"


def _etag_matches(request: HttpRequest, etag: str) -> bool:
    tags = parse_etags(request.headers.get("If-None-Match", ""))
    # Weak comparison, as RFC 9110 prescribes for If-None-Match.
    return "*" in tags or etag in (t.removeprefix("W/") for t in tags)


def _script_response(request: HttpRequest, script: WidgetScript) -> HttpResponse:
    if _etag_matches(request, script.etag):
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(script.body, content_type=JS_CONTENT_TYPE)
    response["ETag"] = script.etag
    response["Cache-Control"] = f"public, max-age={settings.WIDGET_CACHE_SECONDS}"
    # Any page may load it, including pages isolated with COEP.
    response["Access-Control-Allow-Origin"] = "*"
    response["Cross-Origin-Resource-Policy"] = "cross-origin"
    return response


class _IgnoreAccept(BaseContentNegotiation):
    """Browsers ask for scripts with all sorts of Accept headers; the answer is always JS
    (and errors are still problem+json, from the first renderer)."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class WidgetScriptView(APIView):
    """GET /api/widget: the badge script with lang and style baked in. No key, no quota."""

    authentication_classes: list = []
    permission_classes: list = []
    throttle_classes: list = []
    content_negotiation_class = _IgnoreAccept

    @extend_schema(
        operation_id="widget_script",
        summary="Badge widget script (public)",
        description=(
            "JavaScript that renders a compliance badge into every `[data-eudr-dds]` element "
            "of the page. No key, not counted against any quota, CORS `*`, cacheable with an "
            "ETag. Unknown `lang` or `style` values fall back to the defaults. The same script "
            "for self-hosting is at `/widget.js`."
        ),
        parameters=[
            OpenApiParameter("lang", OpenApiTypes.STR, enum=list(WIDGET_LANGS), default="pl"),
            OpenApiParameter("style", OpenApiTypes.STR, enum=list(WIDGET_STYLES), default="badge"),
        ],
        responses={
            (200, "application/javascript"): OpenApiResponse(
                response=OpenApiTypes.STR, description="The widget script"
            ),
            304: OpenApiResponse(description="Not modified (ETag matched)"),
        },
        auth=[{}],
        tags=["widget"],
    )
    def get(self, request: Request) -> HttpResponse:
        script = widget_script_build(
            lang=request.query_params.get("lang"), style=request.query_params.get("style")
        )
        return _script_response(request, script)


@require_safe
def widget_js(request: HttpRequest) -> HttpResponse:
    """GET /widget.js: the same script unchanged, for self-hosting."""
    return _script_response(request, widget_script_static())


# The demo statements of `manage.py seed_demo`, one per status, and an unknown id.
DEMO_ROWS = [
    ("DDS-PL-2025-000001-DEMO", "COMPLIANT"),
    ("DDS-PL-2025-000002-DEMO", "SUBMITTED"),
    ("DDS-PL-2025-000003-DEMO", "UNDER_REVIEW"),
    ("DDS-BR-2025-000004-DEMO", "AT_RISK"),
    ("DDS-CI-2025-000005-DEMO", "NON_COMPLIANT"),
    ("DDS-PL-2025-000006-DEMO", "WITHDRAWN"),
    ("DDS-PL-2024-000007-DEMO", "EXPIRED"),
    ("DDS-PL-2025-999999-NONE", "unknown"),
]


@require_safe
def demo_page(request: HttpRequest) -> HttpResponse:
    """GET /widget/demo: every style and state for the demo statements, in both languages."""
    seeded = DueDiligenceStatement.objects.filter(dds_id=DEMO_ROWS[0][0]).exists()
    return render(
        request,
        "widget/demo.html",
        {
            "rows": DEMO_ROWS,
            "styles": WIDGET_STYLES,
            "langs": WIDGET_LANGS,
            "seeded": seeded,
            "lang": "en",
            "public_base_url": settings.PUBLIC_BASE_URL,
        },
    )
