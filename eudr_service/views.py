"""Project-level views: probes and the problem-type pages."""

from functools import lru_cache
from pathlib import Path

import drf_spectacular_sidecar
from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.http import require_safe
from markdown_it import MarkdownIt

from eudr_service.lib.problem_types import PROBLEM_TYPES, problem_type


def livez(request: HttpRequest) -> HttpResponse:
    """Liveness: the process answers. Touches nothing else on purpose."""
    return HttpResponse("ok", content_type="text/plain")


_FAVICON_PATH = Path(settings.BASE_DIR) / "static" / "img" / "favicon.ico"


def favicon(request: HttpRequest) -> HttpResponse:
    """GET /favicon.ico: browsers ask for it on every site; a 404 here fills the logs."""
    return HttpResponse(
        _FAVICON_PATH.read_bytes(),
        content_type="image/vnd.microsoft.icon",
        headers={"Cache-Control": "public, max-age=86400"},
    )


# ReDoc's bundle draws the Redocly logo from their CDN: a request to another host from our
# documentation page (our CSP refuses it, with a console error). We serve the same bundle,
# from the same pinned package, with that one address emptied: an image without a source
# asks nobody, and the bundle's own error handler then hides it.
REDOC_BUNDLE = "/api/redoc/dist/bundles/redoc.standalone.js"
REDOC_LOGO_URL = b"https://cdn.redoc.ly/redoc/logo-mini.svg"
_REDOC_SOURCE = (
    Path(drf_spectacular_sidecar.__file__).parent
    / "static"
    / "drf_spectacular_sidecar"
    / "redoc"
    / "bundles"
    / "redoc.standalone.js"
)


@lru_cache(maxsize=1)
def _redoc_bundle() -> bytes:
    bundle = _REDOC_SOURCE.read_bytes()
    if REDOC_LOGO_URL not in bundle:  # a new ReDoc: look again at what it asks for
        raise ImproperlyConfigured("ReDoc's bundle no longer names its CDN logo: check it for other hosts")
    return bundle.replace(REDOC_LOGO_URL, b"")


@require_safe
def redoc_bundle(request: HttpRequest) -> HttpResponse:
    """GET the ReDoc bundle without its one address on another host."""
    return HttpResponse(
        _redoc_bundle(),
        content_type="text/javascript; charset=utf-8",
        headers={"Cache-Control": "public, max-age=86400"},
    )


def healthz(request: HttpRequest) -> JsonResponse:
    """Readiness: the database and the cache both answer."""
    checks = {}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        checks["database"] = "ok"
    except Exception as exc:
        checks["database"] = f"error: {type(exc).__name__}"
    try:
        caches["default"].set("healthz", "1", 5)
        checks["cache"] = "ok"
    except Exception as exc:
        checks["cache"] = f"error: {type(exc).__name__}"
    healthy = all(value == "ok" for value in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "error", "checks": checks}, status=200 if healthy else 503
    )


PROBLEM_LANGS = ("en", "pl")


def _problem_lang(request: HttpRequest) -> str:
    """`?lang=` wins; otherwise the browser's preference between Polish and English.

    The `type` URI of an (English) API answer is opened by developers of any language,
    so without a preference the page is English; a Polish browser gets Polish.
    """
    wanted = (request.GET.get("lang") or "").strip().lower()
    if wanted in PROBLEM_LANGS:
        return wanted
    return "pl" if _browser_problem_lang(request) == "pl" else "en"


def _browser_problem_lang(request: HttpRequest) -> str | None:
    """The first of PROBLEM_LANGS in the browser's Accept-Language, if any."""
    accept = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    for code, _quality in parse_accept_lang_header(accept):
        primary = code.split("-")[0].lower()
        if primary in PROBLEM_LANGS:
            return primary
    return None


def problem_page(request: HttpRequest, code: str) -> HttpResponse:
    """GET /problems/<code>: what a problem `type` means and what to do about it."""
    lang = _problem_lang(request)
    entry = problem_type(code)
    context = {"lang": lang, "other_lang": "pl" if lang == "en" else "en", "entry": entry, "code": code}
    with translation.override(lang):
        if entry is None:
            return render(request, "problems/not_found.html", context, status=404)
        return render(request, "problems/detail.html", context)


def problem_index(request: HttpRequest) -> HttpResponse:
    """GET /problems/: every problem code the API answers with."""
    lang = _problem_lang(request)
    entries = sorted(PROBLEM_TYPES.values(), key=lambda e: (e.status, e.code))
    context = {"lang": lang, "other_lang": "pl" if lang == "en" else "en", "entries": entries}
    with translation.override(lang):
        return render(request, "problems/index.html", context)


# The public method descriptions that documents link to (the DDS PDF, the CSRD
# report, the status page): the Markdown files of docs/, rendered as pages so a
# reader of a PDF can follow the link. Only these files, never a path from the URL.
METHOD_PAGES = {
    "": ("risk-methodology.md", "Deforestation risk score — methodology"),
    "csrd": ("csrd-report.md", "CSRD report — method"),
}


def methodology_page(request: HttpRequest, name: str = "") -> HttpResponse:
    """GET /methodology and /methodology/csrd: the method descriptions, as HTML."""
    if name not in METHOD_PAGES:
        raise Http404
    filename, title = METHOD_PAGES[name]
    text = (settings.BASE_DIR / "docs" / filename).read_text(encoding="utf-8")
    # Raw HTML in the Markdown is escaped, not passed through (no HTML from files either).
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    return render(request, "methodology.html", {"title": title, "body": mark_safe(body), "lang": "en"})
