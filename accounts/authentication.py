"""One authentication path for the API: Bearer key, X-API-Key, or session."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from accounts.models import APIKey, User
from accounts.services import api_key_authenticate
from eudr_service.lib.paths import is_api_path

LIVEMODE_HEADER = "Livemode"


def request_api_key(request: HttpRequest | Request) -> APIKey | None:
    """The API key a request was authenticated with, if any. DRF gives the Django request the
    `auth` it authenticated with (its Request sets both), so middleware reads it there too."""
    auth = getattr(request, "auth", None)
    return auth if isinstance(auth, APIKey) else None


def request_livemode(request: HttpRequest | Request) -> bool:
    """The mode a request acts in: its key's, or live for a signed-in session
    (the panel has no test mode) and for anonymous callers."""
    api_key = request_api_key(request)
    return True if api_key is None else api_key.livemode


class LivemodeHeaderMiddleware:
    """`Livemode: true|false` on every API response to a key or a session, so
    a client always knows which data answered (as payment APIs do)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if LIVEMODE_HEADER in response or not is_api_path(request.path_info):
            return response
        user = getattr(request, "user", None)
        if request_api_key(request) is not None or (user is not None and user.is_authenticated):
            response[LIVEMODE_HEADER] = "true" if request_livemode(request) else "false"
        return response


class APIKeyAuthentication(authentication.BaseAuthentication):
    """`Authorization: Bearer <key>` or the legacy `X-API-Key: <key>`.

    Every failure (missing after a scheme, malformed, unknown, revoked,
    expired) raises the same error so callers learn nothing about keys.
    """

    def authenticate(self, request: Request) -> tuple[User, APIKey] | None:
        plaintext = self._presented_key(request)
        if plaintext is None:
            return None
        api_key = api_key_authenticate(plaintext=plaintext)
        if api_key is None:
            raise exceptions.AuthenticationFailed()
        return api_key.user, api_key

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="api"'

    @staticmethod
    def _presented_key(request: Request) -> str | None:
        header = request.META.get("HTTP_AUTHORIZATION", "")
        if header:
            scheme, _, credentials = header.partition(" ")
            if scheme.lower() != "bearer" or not credentials.strip():
                raise exceptions.AuthenticationFailed()
            return credentials.strip()
        legacy = request.META.get("HTTP_X_API_KEY")
        if legacy is not None:
            return legacy.strip()
        return None
