"""WS-Security UsernameToken with PasswordDigest, as the EU Information System requires.

Password = Base64(SHA-1(nonce + created + authentication key)) where nonce is the
raw nonce bytes (16 random bytes, sent Base64-encoded) and created the exact
text of wsu:Created (OASIS Username Token Profile 1.0 section 3.1; CF1 v1.4
section 7.3; OPS 1.2.3). A wsu:Timestamp with Created and Expires (at most one
minute apart, CF1 7.3) and the WebServiceClientId header go with it.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from lxml import etree

from euis.contract import (
    NONCE_BYTES,
    NONCE_ENCODING_TYPE,
    NS_BASE,
    NS_WSSE,
    NS_WSU,
    PASSWORD_DIGEST_TYPE,
    TIMESTAMP_TTL_SECONDS,
)


@dataclass(frozen=True)
class Credentials:
    """One EU web-service user: EU Login username, authentication key, client id."""

    username: str
    authentication_key: str = field(repr=False)
    client_id: str

    def __post_init__(self) -> None:
        for name in ("username", "authentication_key", "client_id"):
            if not getattr(self, name) or not getattr(self, name).strip():
                raise ValueError(f"EU credentials need a non-empty {name}.")


def format_instant(moment: datetime) -> str:
    """xs:dateTime in UTC with milliseconds and Z, as the EU's samples write it."""
    moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def parse_instant(text: str) -> datetime:
    value = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    if value.tzinfo is None:
        raise ValueError("a timestamp without a time zone")
    return value


def password_digest(nonce: bytes, created: str, authentication_key: str) -> str:
    digest = hashlib.sha1(nonce + created.encode("utf-8") + authentication_key.encode("utf-8")).digest()
    return base64.b64encode(digest).decode("ascii")


def _sub(parent: etree._Element, ns: str, tag: str, text: str | None = None) -> etree._Element:
    child = etree.SubElement(parent, f"{{{ns}}}{tag}")
    if text is not None:
        child.text = text
    return child


def add_security_headers(
    header: etree._Element,
    credentials: Credentials,
    *,
    now: datetime | None = None,
    nonce: bytes | None = None,
) -> None:
    """Append wsse:Security (Timestamp + UsernameToken) and base:WebServiceClientId to `header`."""
    now = now or datetime.now(UTC)
    nonce = nonce if nonce is not None else secrets.token_bytes(NONCE_BYTES)
    created = format_instant(now)
    security = _sub(header, NS_WSSE, "Security")
    timestamp = _sub(security, NS_WSU, "Timestamp")
    timestamp.set(f"{{{NS_WSU}}}Id", "TS-1")
    _sub(timestamp, NS_WSU, "Created", created)
    _sub(timestamp, NS_WSU, "Expires", format_instant(now + timedelta(seconds=TIMESTAMP_TTL_SECONDS)))
    token = _sub(security, NS_WSSE, "UsernameToken")
    token.set(f"{{{NS_WSU}}}Id", "UT-1")
    _sub(token, NS_WSSE, "Username", credentials.username)
    password = _sub(
        token, NS_WSSE, "Password", password_digest(nonce, created, credentials.authentication_key)
    )
    password.set("Type", PASSWORD_DIGEST_TYPE)
    nonce_element = _sub(token, NS_WSSE, "Nonce", base64.b64encode(nonce).decode("ascii"))
    nonce_element.set("EncodingType", NONCE_ENCODING_TYPE)
    _sub(token, NS_WSU, "Created", created)
    _sub(header, NS_BASE, "WebServiceClientId", credentials.client_id)
