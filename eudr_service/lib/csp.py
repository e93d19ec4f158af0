"""Content-Security-Policy on every response.

Scripts and styles come from our own origin only; an inline one runs only
with the request's nonce (`request.csp_nonce`, for templates that need one).
No page may be framed, no plugin loaded, no form sent elsewhere. API answers
(JSON, PDF) get the empty policy: they are never meant to run anything.

The Swagger UI and ReDoc pages, whose bundles (served from our static files)
set inline styles and start a search worker from a blob, get the same script
policy with inline styles and blob workers allowed; styles cannot run code.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from eudr_service.lib.paths import is_api_path

DOCS_PATHS = ("/api/docs/", "/api/redoc/")
API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"


def page_policy(*, nonce: str, docs: bool = False) -> str:
    styles = "'self' 'unsafe-inline'" if docs else f"'self' 'nonce-{nonce}'"
    directives = [
        "default-src 'self'",
        f"script-src 'self' 'nonce-{nonce}'",
        f"style-src {styles}",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self' blob:" if docs else "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
    return "; ".join(directives)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        nonce = secrets.token_urlsafe(16)
        request.csp_nonce = nonce
        response = self.get_response(request)
        if "Content-Security-Policy" in response:
            return response
        path = request.path_info
        if path.startswith(DOCS_PATHS):
            response["Content-Security-Policy"] = page_policy(nonce=nonce, docs=True)
        elif is_api_path(path) and not response.get("Content-Type", "").startswith("text/html"):
            response["Content-Security-Policy"] = API_POLICY
        else:
            response["Content-Security-Policy"] = page_policy(nonce=nonce)
        return response
