"""The client of the EU Information System V3 services: one method per operation we use.

Every request is validated against our schema before it leaves (a bad request
is our bug and is never sent), signed with a fresh UsernameToken, sent through
the safe outbound HTTP helper with one deadline, and paced to the EU's per-IP
limit. Answers become typed values, failures typed errors (euis.errors).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from django.conf import settings
from lxml import etree

from eudr_service.lib import safe_http, upstreams
from euis import answers, envelopes
from euis.answers import Modification, Overview, RetrievedStatement, Verification
from euis.contract import NS_DDS, NS_SD, OPERATIONS, DdsOperatorRole, SdOperatorRole
from euis.errors import (
    EuisCircuitOpen,
    EuisConfigurationError,
    EuisFault,
    EuisProtocolError,
    EuisRateLimited,
    EuisRequestInvalid,
    EuisServerFault,
    EuisTimeout,
    EuisTransportError,
    EuisUnreachable,
)
from euis.shapes import DdsStatement, SdStatement
from euis.validation import payload_problems
from euis.wsse import Credentials

LOOPBACK_HOSTS = {"127.0.0.1", "::1", "localhost"}


class RateLimiter:
    """Spaces calls at least 1/rate seconds apart, across the threads of this process."""

    def __init__(
        self,
        per_second: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._spacing = 1.0 / per_second
        self._clock, self._sleep = clock, sleep
        self._next = 0.0
        self._lock = threading.Lock()

    def acquire(self) -> None:
        with self._lock:
            now = self._clock()
            wait = max(0.0, self._next - now)
            self._next = max(now, self._next) + self._spacing
        if wait:
            self._sleep(wait)


_limiter_lock = threading.Lock()
_limiters: dict[str, RateLimiter] = {}


def shared_limiter(base_url: str) -> RateLimiter:
    """One limiter per EU address per process (the EU limits per calling IP)."""
    with _limiter_lock:
        if base_url not in _limiters:
            _limiters[base_url] = RateLimiter(settings.EU_IS_CALLS_PER_SECOND)
        return _limiters[base_url]


Transport = Callable[..., safe_http.Response]


class EuisClient:
    def __init__(
        self,
        *,
        credentials: Credentials,
        base_url: str | None = None,
        timeout: float | None = None,
        limiter: RateLimiter | None = None,
        transport: Transport | None = None,
    ) -> None:
        self.base_url = base_url or settings.EU_IS_URL
        if not self.base_url.endswith("/"):
            self.base_url += "/"
        parts = urlsplit(self.base_url)
        if parts.scheme not in ("https", "http") or not parts.hostname:
            raise EuisConfigurationError(f"Not an EU Information System address: {self.base_url!r}.")
        if parts.scheme == "http" and parts.hostname not in LOOPBACK_HOSTS:
            raise EuisConfigurationError("Plain http is only for a local fake on a loopback address.")
        # A local fake runs on loopback over http; the real EU is https on public addresses.
        self._insecure = parts.scheme == "http"
        self.credentials = credentials
        self.timeout = timeout or settings.EU_IS_TIMEOUT_SECONDS
        self.limiter = limiter or shared_limiter(self.base_url)
        self._transport = transport or safe_http.post

    # --- Due diligence statements ------------------------------------------------

    def submit_dds(self, statement: DdsStatement, *, role: DdsOperatorRole = DdsOperatorRole.OPERATOR) -> str:
        """submitDds; returns the UUID the EU assigned (reference numbers come later, by polling)."""
        return answers.parse_submit(self._call("submitDds", envelopes.submit_dds(statement, role)), "uuid")

    def amend_dds(self, uuid: str, statement: DdsStatement) -> Modification:
        return answers.parse_modification(self._call("amendDds", envelopes.amend_dds(uuid, statement)))

    def withdraw_dds(self, uuid: str) -> Modification:
        return answers.parse_modification(self._call("withdrawDds", envelopes.withdraw_dds(uuid)))

    def get_dds(self, uuids: Iterable[str]) -> list[Overview]:
        """getDds: status, reference and verification numbers of up to 100 statements."""
        return answers.parse_overviews(self._call("getDds", envelopes.get_dds(list(uuids))))

    def get_dds_by_internal_reference(self, internal_reference: str) -> list[Overview]:
        payload = envelopes.get_by_internal_reference(NS_DDS, internal_reference)
        return answers.parse_overviews(self._call("getDdsByInternalReference", payload))

    def get_dds_by_identifiers(self, reference_number: str, verification_number: str) -> RetrievedStatement:
        payload = envelopes.get_by_identifiers(NS_DDS, reference_number, verification_number)
        return answers.parse_retrieved(self._call("getDdsByIdentifiers", payload))

    # --- Simplified declarations -------------------------------------------------

    def submit_sd(
        self, statement: SdStatement, *, role: SdOperatorRole = SdOperatorRole.MICRO_OPERATOR
    ) -> str:
        """submitSd; returns the declaration identifier (a UUID) the EU assigned."""
        return answers.parse_submit(
            self._call("submitSd", envelopes.submit_sd(statement, role)), "sdIdentifier"
        )

    def update_sd(self, sd_identifier: str, statement: SdStatement) -> Modification:
        return answers.parse_modification(
            self._call("updateSd", envelopes.update_sd(sd_identifier, statement))
        )

    def withdraw_sd(self, sd_identifier: str) -> Modification:
        return answers.parse_modification(self._call("withdrawSd", envelopes.withdraw_sd(sd_identifier)))

    def get_sd(self, uuids: Iterable[str], *, version: int | None = None) -> list[Overview]:
        return answers.parse_overviews(self._call("getSd", envelopes.get_sd(list(uuids), version)))

    def get_sd_by_internal_reference(self, internal_reference: str) -> list[Overview]:
        payload = envelopes.get_by_internal_reference(NS_SD, internal_reference)
        return answers.parse_overviews(self._call("getSdByInternalReference", payload))

    def get_sd_by_identifiers(self, reference_number: str, verification_number: str) -> RetrievedStatement:
        payload = envelopes.get_by_identifiers(NS_SD, reference_number, verification_number)
        return answers.parse_retrieved(self._call("getSdByIdentifiers", payload))

    # --- Verification and connectivity -------------------------------------------

    def verify_declaration(self, reference_number: str, verification_number: str) -> Verification:
        """verifyDeclaration of a DDS or SD by its reference and verification numbers."""
        payload = envelopes.verify_declaration(reference_number, verification_number)
        return answers.parse_verification(self._call("verifyDeclaration", payload))

    def echo(self, query: str = "ping") -> str:
        """testEcho (acceptance only): checks credentials and connectivity."""
        return answers.parse_echo(self._call("testEcho", envelopes.echo(query)))

    # --- The exchange --------------------------------------------------------------

    def _call(self, name: str, payload: etree._Element) -> etree._Element:
        operation = OPERATIONS[name]
        problems = payload_problems(payload)
        if problems:
            raise EuisRequestInvalid(
                f"{name} request breaks the V3 contract: {problems[0]}", problems=problems
            )
        body = envelopes.envelope(payload, self.credentials)
        headers = {"Content-Type": "text/xml; charset=utf-8", "SOAPAction": f'"{operation.soap_action}"'}
        breaker = upstreams.breaker(upstreams.EU_IS)
        try:
            breaker.check()
        except upstreams.CircuitOpen as exc:
            raise EuisCircuitOpen(f"{name}: not sent, {exc}", retry_after=exc.retry_after) from exc
        self.limiter.acquire()
        try:
            response = self._transport(
                self.base_url + operation.service.value,
                body=body,
                headers=headers,
                timeout=self.timeout,
                allow_insecure=self._insecure,
                max_response_bytes=settings.EU_IS_MAX_RESPONSE_BYTES,
                policy=safe_http.upstream_policy(self.base_url),
                deadline=upstreams.deadline(upstreams.EU_IS),
            )
        except safe_http.DeadlineExceeded as exc:
            # The request's EU budget is spent: nothing was sent, nothing learnt about the EU.
            raise EuisUnreachable(f"{name}: not sent, {exc}") from exc
        except safe_http.BudgetCutShort as exc:
            # Sent, but the budget cut the wait below the EU's own timeout: the EU may have
            # it (a timeout, as ever), and its health is not judged on the shorter wait.
            raise EuisTimeout(f"{name}: {exc}") from exc
        except safe_http.DestinationRefused as exc:
            if exc.code == "url_unresolvable":
                # DNS failing is the network, not our address: retried like a refused connection.
                breaker.failure()
                raise EuisUnreachable(f"{name}: {exc}") from exc
            raise EuisConfigurationError(f"EU Information System address refused: {exc}") from exc
        except safe_http.OutboundError as exc:
            breaker.failure()
            if "timed out" in str(exc):
                cls = EuisTimeout
            elif "connection refused" in str(exc):
                cls = EuisUnreachable
            else:
                cls = EuisTransportError
            raise cls(f"{name}: {exc}") from exc
        try:
            element = self._answer(name, operation.response, response)
        except (EuisTransportError, EuisServerFault):
            breaker.failure()  # the EU answered, but as a server in trouble
            raise
        except EuisRateLimited:
            if response.status >= 500:
                breaker.failure()  # 503: unavailable
            raise
        except EuisFault:
            breaker.success()  # the EU answered (our request or its rules are the problem)
            raise
        breaker.success()
        return element

    def _answer(self, name: str, expected: str, response: safe_http.Response) -> etree._Element:
        retry_after = safe_http.parse_retry_after(response.headers.get("retry-after"))
        if response.status == 429:
            raise EuisRateLimited(f"{name}: rate limited by the EU (HTTP 429).", retry_after=retry_after)
        if response.truncated:
            raise EuisProtocolError(f"{name}: the answer exceeds {settings.EU_IS_MAX_RESPONSE_BYTES} bytes.")
        try:
            element = answers.body_child(response.body)
        except EuisProtocolError:
            if response.status == 503:
                raise EuisRateLimited(
                    f"{name}: EU service unavailable (HTTP 503).", retry_after=retry_after
                ) from None
            if response.status >= 500 or response.status == 408:
                raise EuisTransportError(f"{name}: HTTP {response.status} without a SOAP answer.") from None
            raise
        if etree.QName(element).localname == "Fault":
            raise answers.fault_error(element, response.status)
        if response.status != 200:
            raise EuisProtocolError(f"{name}: HTTP {response.status} with a non-fault body.")
        return answers.expect(element, expected)
