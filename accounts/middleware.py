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
    """Polish unless the visitor chose English with the switch (the language
    cookie); the browser's Accept-Language is not consulted, so the panel is
    Polish by default for everyone."""

    def process_request(self, request: HttpRequest) -> None:
        if is_api_path(request.path_info):
            return
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        language = chosen if chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if is_api_path(request.path_info):
            return response
        return super().process_response(request, response)
