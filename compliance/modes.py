"""Live and test (sandbox) data: where a statement may be submitted.

A statement filed with a test key (`eudr_test_`) has `livemode=False`. It is
test data end to end: only test keys list or read it, the public verify
endpoint, status page and widget never show it, and the only EU Information
System environment it may be submitted to is the acceptance (test)
environment. Every submission to the EU system must take its environment from
`eu_environment_for`, never from configuration alone.
"""

from __future__ import annotations

from typing import Literal

from compliance.models import DueDiligenceStatement

EUEnvironment = Literal["production", "acceptance"]
EU_PRODUCTION: EUEnvironment = "production"
EU_ACCEPTANCE: EUEnvironment = "acceptance"


def eu_environment_for(statement: DueDiligenceStatement) -> EUEnvironment:
    """The EU Information System environment `statement` may be submitted to:
    acceptance for test data, production for live data."""
    return EU_PRODUCTION if statement.livemode else EU_ACCEPTANCE
