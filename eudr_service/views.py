"""Project-level views: probes and the problem-type pages."""

from django.core.cache import caches
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse


def livez(request: HttpRequest) -> HttpResponse:
    """Liveness: the process answers. Touches nothing else on purpose."""
    return HttpResponse("ok", content_type="text/plain")


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
