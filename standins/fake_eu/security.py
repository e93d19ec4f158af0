"""The WS-Security check of the fake EU Information System, written from the standards.

- OASIS Web Services Security UsernameToken Profile 1.0, section 3.1:
  Password_Digest = Base64(SHA-1(nonce + created + password)), where nonce is the
  decoded bytes of wsse:Nonce and created the text of wsu:Created; a receiver should
  refuse a token whose Created is too old and a nonce it has seen (replay).
- OASIS Web Services Security 1.0 (SOAP Message Security), section 12: fault codes
  wsse:InvalidSecurity, InvalidSecurityToken, FailedAuthentication, MessageExpired,
  UnsupportedSecurityToken.
- Operator API Reference v1.0 (OPS) 1.2.3 and 3.5: UsernameToken with PasswordDigest,
  wsu:Timestamp (Created/Expires) required, WebServiceClientId header required;
  3.9: "wsu:Created must be within 5 minutes of server time"; a missing
  WebServiceClientId is an authentication failure. The password is the
  "Authentication key" of the user's profile (OPS 2.2.2, CF1 7.2).
- CF1 v1.4 7.3: the nonce is 16 random bytes; WebServiceClientId is the client id of
  the profile ("eudr-test" in acceptance).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import threading
from datetime import UTC, datetime, timedelta

from lxml import etree

from standins.fake_eu import limits
from standins.fake_eu import namespaces as ns
from standins.fake_eu.soap import AuthenticationRefused


def format_instant(moment: datetime) -> str:
    """xs:dateTime in UTC with milliseconds, as the EU's samples write it."""
    moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def _instant(value: str) -> datetime:
    parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    if parsed.tzinfo is None:
        raise ValueError("no time zone")
    return parsed


def digest(nonce: bytes, created: str, key: str) -> str:
    """UsernameToken Profile 1.0 section 3.1."""
    return base64.b64encode(hashlib.sha1(nonce + created.encode() + key.encode()).digest()).decode()


class Nonces:
    """Nonces seen while their Created could still be accepted; a second use is a replay."""

    def __init__(self) -> None:
        self._seen: dict[str, datetime] = {}
        self._lock = threading.Lock()

    def first_use(self, nonce: str, now: datetime) -> bool:
        window = timedelta(seconds=limits.NONCE_MEMORY_SECONDS)
        with self._lock:
            self._seen = {n: t for n, t in self._seen.items() if now - t < window}
            if nonce in self._seen:
                return False
            self._seen[nonce] = now
            return True


def _text(parent: etree._Element | None, namespace: str, tag: str) -> str | None:
    node = parent.find(f"{{{namespace}}}{tag}") if parent is not None else None
    return node.text.strip() if node is not None and node.text else None


def authenticate(
    header: etree._Element | None, *, accounts: dict, now: datetime, nonces: Nonces
) -> tuple[str, str]:
    """(username, client id) of a valid request header, or AuthenticationRefused."""
    security = header.find(f"{{{ns.WSSE}}}Security") if header is not None else None
    if security is None:
        raise AuthenticationRefused("InvalidSecurity", "No wsse:Security header.")
    token = security.find(f"{{{ns.WSSE}}}UsernameToken")
    username = _text(token, ns.WSSE, "Username")
    password = token.find(f"{{{ns.WSSE}}}Password") if token is not None else None
    nonce_text = _text(token, ns.WSSE, "Nonce")
    created = _text(token, ns.WSU, "Created")
    if not (username and password is not None and password.text and nonce_text and created):
        raise AuthenticationRefused(
            "InvalidSecurityToken", "The UsernameToken needs Username, Password, Nonce and Created."
        )
    if password.get("Type") != ns.PASSWORD_DIGEST:
        raise AuthenticationRefused("UnsupportedSecurityToken", "Only PasswordDigest is accepted.")
    timestamp = security.find(f"{{{ns.WSU}}}Timestamp")
    expires = _text(timestamp, ns.WSU, "Expires")
    if timestamp is None or not expires or not _text(timestamp, ns.WSU, "Created"):
        raise AuthenticationRefused(
            "InvalidSecurity", "A wsu:Timestamp with Created and Expires is required."
        )
    try:
        created_at, expires_at = _instant(created), _instant(expires)
        nonce = base64.b64decode(nonce_text, validate=True)
    except (ValueError, binascii.Error) as exc:
        raise AuthenticationRefused("InvalidSecurityToken", f"Malformed token: {exc}.") from exc
    if abs((now - created_at).total_seconds()) > limits.CREATED_TOLERANCE_SECONDS:
        raise AuthenticationRefused("MessageExpired", "wsu:Created is not within 5 minutes of server time.")
    # The same 5-minute tolerance for Expires: CF1 7.3 wants Expires at most 1 minute after
    # Created, so without it any client clock a minute behind would always be expired.
    if (now - expires_at).total_seconds() > limits.CREATED_TOLERANCE_SECONDS:
        raise AuthenticationRefused("MessageExpired", "The message has expired.")
    account = accounts.get(username)
    expected = digest(nonce, created, account.authentication_key) if account is not None else ""
    if account is None or not hmac.compare_digest(expected, password.text.strip()):
        raise AuthenticationRefused("FailedAuthentication", "The security token could not be authenticated.")
    if not nonces.first_use(nonce_text, now):
        raise AuthenticationRefused("FailedAuthentication", "The nonce was already used.")
    client_id = _text(header, ns.BASE, "WebServiceClientId")
    if not client_id:
        raise AuthenticationRefused("FailedAuthentication", "The WebServiceClientId header is missing.")
    if client_id != account.client_id:
        raise AuthenticationRefused("FailedAuthentication", "The WebServiceClientId is not the user's.")
    return username, client_id
