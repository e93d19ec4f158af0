"""Typed errors of the EU Information System client.

Two families: `EuisRetryable` (the same request may succeed later: transport
failure, timeout, rate limiting, a server in trouble) and everything else
(retrying the same request changes nothing: our request, our credentials or the
EU's business rules are the problem). Callers switch on the class, or on
`retryable` and `retry_after`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class EuError:
    """One error item of a fault detail: the EU's code (`ID`), message and field."""

    code: str
    message: str = ""
    field: str = ""

    @property
    def key(self) -> str:
        """The code in CF4's spelling: real answers have written it with hyphens."""
        return self.code.replace("-", "_").upper()


class EuisError(Exception):
    retryable = False

    def __init__(self, message: str, *, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class EuisConfigurationError(EuisError):
    """The base address or the credentials cannot be used."""


class EuisRequestInvalid(EuisError):
    """The request we built does not satisfy the V3 contract; it was not sent."""

    def __init__(self, message: str, *, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems


class EuisProtocolError(EuisError):
    """The answer is not one the V3 contract defines for this operation."""


class EuisFault(EuisError):
    """A SOAP fault. `detail` names the fault element (e.g. BusinessRulesValidationException)."""

    def __init__(
        self,
        message: str,
        *,
        fault_code: str = "",
        detail: str = "",
        errors: tuple[EuError, ...] = (),
        http_status: int = 500,
    ) -> None:
        super().__init__(message)
        self.fault_code = fault_code
        self.detail = detail
        self.errors = errors
        self.http_status = http_status

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(error.code for error in self.errors)


class EuisBusinessRuleError(EuisFault):
    """BusinessRulesValidationException: the statement breaks an EU rule."""


class EuisPermissionDenied(EuisFault):
    """PermissionDeniedException: the web-service user may not do this."""


class EuisNotFound(EuisFault):
    """NotFoundException: no such statement for this user."""


class EuisAuthenticationError(EuisFault):
    """WS-Security refused: wrong username or key, expired timestamp, replayed nonce."""


class EuisRetryable(EuisError):
    retryable = True


class EuisServerFault(EuisFault, EuisRetryable):
    """A soap:Server fault without a known detail: the EU's side failed, try later."""


class EuisTransportError(EuisRetryable):
    """Connect, TLS or read failure, or a non-SOAP 5xx answer."""


class EuisUnreachable(EuisTransportError):
    """The EU's address did not resolve or refused the connection: nothing was sent."""


class EuisCircuitOpen(EuisUnreachable):
    """The EU failed repeatedly (the breaker is open): not called; `retry_after` says when to try."""


class EuisTimeout(EuisTransportError):
    """No complete answer within the deadline. The EU may have processed the request."""


class EuisRateLimited(EuisRetryable):
    """The EU throttled us (HTTP 429/503). `retry_after` is its advice when it gave one."""


# Backoff when the EU gave no Retry-After: exponential from 2 s, capped at 10
# minutes, with full jitter so many workers do not retry in step.
BACKOFF_BASE_SECONDS = 2.0
BACKOFF_CAP_SECONDS = 600.0


def retry_delay(error: EuisError, attempt: int, *, rng: random.Random | None = None) -> float:
    """Seconds to wait before retry number `attempt` (1-based); the EU's Retry-After wins."""
    if error.retry_after is not None:
        return max(0.0, float(error.retry_after))
    ceiling = min(BACKOFF_CAP_SECONDS, BACKOFF_BASE_SECONDS * 2 ** max(0, attempt - 1))
    return (rng or random).uniform(ceiling / 2, ceiling)
