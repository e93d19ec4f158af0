"""One authentication path for the API: Bearer key, X-API-Key, or session."""

from __future__ import annotations

from rest_framework import authentication, exceptions
from rest_framework.request import Request

from accounts.models import APIKey, User
from accounts.services import api_key_authenticate


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
        request._request.api_key = api_key
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
