"""WS-Security UsernameToken with PasswordDigest: what we send and what the fake accepts."""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta

import pytest
from lxml import etree

from euis import envelopes
from euis.contract import NONCE_ENCODING_TYPE, NS_BASE, NS_SOAP, NS_WSSE, NS_WSU, PASSWORD_DIGEST_TYPE
from euis.wsse import Credentials, password_digest
from standins.fake_eu.security import Nonces, authenticate
from standins.fake_eu.server import FakeAccount
from standins.fake_eu.soap import AuthenticationRefused

NOW = datetime(2026, 1, 15, 10, 0, tzinfo=UTC)
NONCE = bytes(range(16))
CREDENTIALS = Credentials(username="demo-user", authentication_key="demo-key", client_id="eudr-test")


def test_password_digest_matches_a_hand_computed_value():
    # Base64(SHA-1(nonce bytes 00..0f + "2026-01-15T10:00:00.000Z" + "demo-key")), computed by hand.
    assert password_digest(NONCE, "2026-01-15T10:00:00.000Z", "demo-key") == "rIyYGVkk7zpJo1MJV/h8RRN5ZBw="


def test_digest_is_over_the_raw_nonce_not_its_base64_text():
    wrong = "E+h2hNP3ADn2Vz91Aie7vTLobTk="  # the same digest over the Base64 text of the nonce
    assert password_digest(NONCE, "2026-01-15T10:00:00.000Z", "demo-key") != wrong


def _header(**overrides) -> etree._Element:
    document = envelopes.envelope(
        envelopes.echo("hi"), overrides.get("credentials", CREDENTIALS), now=NOW, nonce=NONCE
    )
    return etree.fromstring(document).find(f"{{{NS_SOAP}}}Header")


def test_header_carries_timestamp_token_and_client_id_in_the_oasis_namespaces():
    header = _header()
    security = header.find(f"{{{NS_WSSE}}}Security")
    assert security.findtext(f"{{{NS_WSU}}}Timestamp/{{{NS_WSU}}}Created") == "2026-01-15T10:00:00.000Z"
    assert security.findtext(f"{{{NS_WSU}}}Timestamp/{{{NS_WSU}}}Expires") == "2026-01-15T10:01:00.000Z"
    token = security.find(f"{{{NS_WSSE}}}UsernameToken")
    assert token.findtext(f"{{{NS_WSSE}}}Username") == "demo-user"
    password = token.find(f"{{{NS_WSSE}}}Password")
    assert password.get("Type") == PASSWORD_DIGEST_TYPE
    assert password.text == "rIyYGVkk7zpJo1MJV/h8RRN5ZBw="
    nonce = token.find(f"{{{NS_WSSE}}}Nonce")
    assert nonce.get("EncodingType") == NONCE_ENCODING_TYPE
    assert base64.b64decode(nonce.text) == NONCE
    assert token.findtext(f"{{{NS_WSU}}}Created") == "2026-01-15T10:00:00.000Z"
    assert header.findtext(f"{{{NS_BASE}}}WebServiceClientId") == "eudr-test"


def test_the_authentication_key_never_appears_in_the_envelope_or_the_repr():
    document = envelopes.envelope(envelopes.echo("hi"), CREDENTIALS, now=NOW, nonce=NONCE)
    assert b"demo-key" not in document
    assert "demo-key" not in repr(CREDENTIALS)


def test_credentials_must_be_complete():
    with pytest.raises(ValueError, match="client_id"):
        Credentials(username="u", authentication_key="k", client_id=" ")


def _check(header, *, now=NOW, key="demo-key", nonces=None):
    """The fake EU's check of a header we built (None: the EU knows no such user)."""
    accounts = {} if key is None else {"demo-user": FakeAccount(username="demo-user", authentication_key=key)}
    return authenticate(header, accounts=accounts, now=now, nonces=nonces or Nonces())


def test_receiver_accepts_a_correct_token():
    assert _check(_header()) == ("demo-user", "eudr-test")


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"key": "another-key"}, "FailedAuthentication"),
        ({"key": None}, "FailedAuthentication"),
        ({"now": NOW + timedelta(minutes=6)}, "MessageExpired"),
        ({"now": NOW - timedelta(minutes=6)}, "MessageExpired"),
    ],
)
def test_receiver_refuses_wrong_key_unknown_user_and_stale_timestamps(change, code):
    with pytest.raises(AuthenticationRefused) as refused:
        _check(_header(), **change)
    assert refused.value.code == code


def test_receiver_refuses_a_replayed_nonce():
    nonces = Nonces()
    _check(_header(), nonces=nonces)
    with pytest.raises(AuthenticationRefused, match="nonce was already used"):
        _check(_header(), nonces=nonces)


def test_receiver_refuses_plain_text_passwords_and_a_missing_client_id():
    header = _header()
    header.find(f".//{{{NS_WSSE}}}Password").set("Type", "#PasswordText")
    with pytest.raises(AuthenticationRefused) as refused:
        _check(header)
    assert refused.value.code == "UnsupportedSecurityToken"
    header = _header()
    header.remove(header.find(f"{{{NS_BASE}}}WebServiceClientId"))
    with pytest.raises(AuthenticationRefused) as refused:
        _check(header)
    assert refused.value.code == "FailedAuthentication"
