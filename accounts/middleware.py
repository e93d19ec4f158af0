"""Language of the web pages: Django's LocaleMiddleware, except on API paths.

API responses stay English whatever the browser or the panel's language
cookie says (eudr_service.lib.versioning overrides the language for them,
and LocaleMiddleware would otherwise re-activate the visitor's language
inside that override and mark the response `Content-Language: pl`).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware.locale import LocaleMiddleware
from django.utils import translation

from eudr_service.lib.paths import is_api_path


class PageLocaleMiddleware(LocaleMiddleware):
    """Polish unless the visitor chose English: `?lang=pl|en` on any page (remembered
    in the language cookie, like the switch), else the cookie; the browser's
    Accept-Language is not consulted, so the panel is Polish by default for everyone."""

    def process_request(self, request: HttpRequest) -> None:
        if is_api_path(request.path_info):
            return
        languages = dict(settings.LANGUAGES)
        asked = (request.GET.get("lang") or "").strip().lower()
        chosen = asked if asked in languages else request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        language = chosen if chosen in languages else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
        request.language_asked = asked if asked in languages else ""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if is_api_path(request.path_info):
            return response
        asked = getattr(request, "language_asked", "")
        # A shared cache must not hand one visitor's cookie to the next.
        cacheable = "public" in response.get("Cache-Control", "")
        if asked and not cacheable and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != asked:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                asked,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return super().process_response(request, response)
