"""The client's exchange: where requests go, and how HTTP outcomes become typed errors."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest

from eudr_service.lib import safe_http
from eudr_service.lib.safe_http import parse_retry_after as retry_after_seconds
from euis.client import EuisClient, RateLimiter
from euis.errors import (
    EuisConfigurationError,
    EuisProtocolError,
    EuisRateLimited,
    EuisRequestInvalid,
    EuisTimeout,
    EuisTransportError,
    EuisUnreachable,
    retry_delay,
)

from .conftest import FARMER

OK_ECHO = (
    b'<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>'
    b'<e:EudrEchoResponse xmlns:e="http://ec.europa.eu/tracesnt/eudr/echo"><e:status>OK</e:status>'
    b"</e:EudrEchoResponse></S:Body></S:Envelope>"
)


class Recorder:
    def __init__(self, *outcomes):
        self.outcomes = list(outcomes)
        self.calls = []

    def __call__(self, url, **kwargs):
        self.calls.append((url, kwargs))
        outcome = self.outcomes.pop(0)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome


def _response(status=200, body=OK_ECHO, headers=None, truncated=False):
    return safe_http.Response(status=status, headers=headers or {}, body=body, truncated=truncated, peer="")


def _client(transport, base_url="https://acceptance.eudr.webcloud.ec.europa.eu/tracesnt"):
    return EuisClient(
        credentials=FARMER,
        base_url=base_url,
        limiter=RateLimiter(1000, sleep=lambda s: None),
        transport=transport,
    )


def test_each_operation_goes_to_its_service_with_its_soap_action():
    transport = Recorder(_response())
    assert _client(transport).echo() == "OK"
    url, kwargs = transport.calls[0]
    assert url == "https://acceptance.eudr.webcloud.ec.europa.eu/tracesnt/ws/eudr/echo"
    assert kwargs["headers"]["SOAPAction"] == '"http://ec.europa.eu/tracesnt/eudr/echo"'
    assert kwargs["headers"]["Content-Type"].startswith("text/xml")
    assert kwargs["allow_insecure"] is False and kwargs["timeout"] > 0


def test_verify_and_sd_operations_use_the_published_actions(sd_statement):
    transport = Recorder(safe_http.OutboundError("connection refused"), safe_http.OutboundError("x"))
    client = _client(transport)
    with pytest.raises(EuisTransportError):
        client.verify_declaration("26BE7XTVCZAQ2S", "SFFCB4Y3")
    with pytest.raises(EuisTransportError):
        client.get_sd(["071874bd-8c62-4cac-8eb6-b2fbe003410c"])
    (verify_url, verify), (sd_url, sd) = transport.calls
    assert verify_url.endswith("/ws/EUDRVerifyDeclarationServiceV3")
    assert verify["headers"]["SOAPAction"] == (
        '"http://ec.europa.eu/tracesnt/certificate/eudr/verification/v3/verify-declaration"'
    )
    assert sd_url.endswith("/ws/EUDRSimplifiedDeclarationServiceV3")
    # The 8.2.1 WSDL publishes getSd's action in the DDS namespace; we send it as published.
    assert (
        sd["headers"]["SOAPAction"]
        == '"http://ec.europa.eu/tracesnt/certificate/eudr/due-diligence-statement/v3/getSd"'
    )


def test_a_request_breaking_the_contract_is_never_sent(dds_statement):
    from dataclasses import replace

    transport = Recorder()
    with pytest.raises(EuisRequestInvalid) as refused:
        _client(transport).submit_dds(replace(dds_statement, internal_reference="R" * 40))
    assert transport.calls == [] and not refused.value.retryable
    assert "internalReferenceNumber" in refused.value.problems[0]


def test_http_429_is_rate_limiting_with_the_eu_advice():
    transport = Recorder(_response(429, b"Too Many Requests", {"retry-after": "7"}))
    with pytest.raises(EuisRateLimited) as limited:
        _client(transport).echo()
    assert limited.value.retryable and limited.value.retry_after == 7.0


def test_retry_after_may_be_an_http_date():
    now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
    assert retry_after_seconds(format_datetime(now + timedelta(seconds=90), usegmt=True), now=now) == 90.0
    assert retry_after_seconds("soon") is None


@pytest.mark.parametrize(
    ("outcome", "error"),
    [
        (_response(503, b"<html>maintenance</html>", {"retry-after": "120"}), EuisRateLimited),
        (_response(502, b"<html>Bad Gateway</html>"), EuisTransportError),
        (safe_http.OutboundError("timed out after 30 s"), EuisTimeout),
        (safe_http.OutboundError("TLS error: certificate verify failed"), EuisTransportError),
        (safe_http.OutboundError("connection refused"), EuisUnreachable),
        (safe_http.DestinationRefused("url_unresolvable", "The host x does not resolve."), EuisUnreachable),
    ],
)
def test_transport_failures_are_retryable(outcome, error):
    with pytest.raises(error) as raised:
        _client(Recorder(outcome)).echo()
    assert raised.value.retryable


@pytest.mark.parametrize(
    ("outcome", "error"),
    [
        (safe_http.DestinationRefused("url_address_not_allowed", "private"), EuisConfigurationError),
        (_response(200, b"<x/>"), EuisProtocolError),
        (_response(200, OK_ECHO, truncated=True), EuisProtocolError),
        (_response(404, b"Not Found"), EuisProtocolError),
    ],
)
def test_configuration_and_protocol_failures_are_not_retryable(outcome, error):
    with pytest.raises(error) as raised:
        _client(Recorder(outcome)).echo()
    assert not raised.value.retryable


def test_an_answer_for_another_operation_is_a_protocol_error():
    other = OK_ECHO.replace(b"EudrEchoResponse", b"SomethingElse")
    with pytest.raises(EuisProtocolError, match="EudrEchoResponse"):
        _client(Recorder(_response(200, other))).echo()


def test_plain_http_is_only_for_a_local_fake():
    with pytest.raises(EuisConfigurationError):
        _client(Recorder(), base_url="http://eudr.example.com/tracesnt/")
    client = _client(Recorder(_response()), base_url="http://127.0.0.1:9/tracesnt/")
    client.echo()
    assert client._transport.calls[0][1]["allow_insecure"] is True


def test_retry_delay_follows_the_eu_advice_else_backs_off_exponentially_with_a_cap():
    rng = random.Random(1)
    assert retry_delay(EuisRateLimited("x", retry_after=12), 1, rng=rng) == 12
    delays = [retry_delay(EuisTransportError("x"), attempt, rng=rng) for attempt in (1, 2, 3, 20)]
    assert 1 <= delays[0] <= 2 and 2 <= delays[1] <= 4 and 4 <= delays[2] <= 8
    assert 300 <= delays[3] <= 600


def test_rate_limiter_spaces_calls_to_five_a_second():
    now = [100.0]
    slept = []
    limiter = RateLimiter(5, clock=lambda: now[0], sleep=slept.append)
    for _ in range(3):
        limiter.acquire()
    assert slept == pytest.approx([0.2, 0.4])
    now[0] += 10
    limiter.acquire()
    assert slept == pytest.approx([0.2, 0.4])
