"""Where compliance meets the EU outbox above it (eu_filing), which it may not import.

compliance files, screens and verifies statements; sending them to the EU Information
System is eu_filing's job, one floor up (docs/architecture.md). Two seams join them, both
declared here and both filled in by eu_filing's AppConfig.ready():

`statement_status_changed` (a Django signal): compliance announces a status change.
`compliance.services.dds_transition`, the one status-transition function, sends it for
every transition, inside the transition's transaction, once the new status and its history
row are written, with the keyword arguments

    statement    the statement, locked and already carrying the new status
    from_status  the status it left (a DDSStatus value)
    to_status    the status it is in now

A receiver runs inside that transaction: what it writes commits or rolls back with the
change, and an exception it raises undoes the change (the signal is sent with `send`, never
`send_robust`). Work that must not hold the transaction open goes to `on_commit`. eu_filing
receives it to write the outbox row of a live statement that became COMPLIANT.

`EuFilingPort`: compliance asks what only the EU outbox knows, once per question:

    statement_section(statement)     the statement record's `eu_is` section, or None while
                                     the statement has no submission (the OpenAPI document
                                     declares the section an object; eu_filing gives its
                                     fields, docs/eu-information-system.md lists them)
    statement_eu_status(statement)   the EU's own status of the statement (V3 EudrStatusType,
                                     e.g. AVAILABLE) as last learnt; "" before it gave one
                                     (the public record's `eu_status`)
    grouped_declarations(...)        a filing's `grouped_declarations`, normalised, once each
                                     is the EU reference number of one of the account's own
                                     statements the EU holds as AVAILABLE or ARCHIVED; a
                                     `Problem` (400) otherwise
    statement_withdraw(...)          withdraw the statement here and, while it holds it, at
                                     the EU
    statement_amend(...)             replace the statement's content with a validated filing
                                     body of its own kind, here and at the EU

The last two raise `FilingRefused` when the outbox or the EU refuses; compliance's views
answer it with a 409 carrying its code. The statements' API (compliance.views) serves their
`withdraw` and `amend` actions through them, so one app registers the statements' addresses
and none imports a view of a floor above.

eu_filing registers its implementation with `eu_filing_port_register`; `eu_filing_port()`
returns it, and refuses to answer for a project that installed compliance without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from django.core.exceptions import ImproperlyConfigured
from django.db.models import Model
from django.dispatch import Signal

if TYPE_CHECKING:
    from accounts.models import User

# compliance.models calls the modules that type a statement with this (the public record, the
# evidence); importing the model back, even for annotations, would close a loop: a Model it is.
Statement = Model

statement_status_changed = Signal()


class FilingRefused(Exception):
    """The EU outbox refuses to withdraw or amend a statement now; `code` is the stable problem code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class EuFilingPort(Protocol):
    def statement_section(self, statement: Statement) -> dict | None: ...

    def statement_eu_status(self, statement: Statement) -> str: ...

    def grouped_declarations(
        self,
        *,
        owner_id: int,
        livemode: bool,
        references: Sequence[str],
        statement: Statement | None = None,
    ) -> list[str]: ...

    def statement_withdraw(self, *, statement: Statement, by: User) -> None: ...

    def statement_amend(self, *, statement: Statement, data: dict[str, Any], by: User) -> None: ...


# The registered port (one; a second registration replaces the first).
_registered: list[EuFilingPort] = []


def eu_filing_port_register(port: EuFilingPort) -> None:
    _registered[:] = [port]


def eu_filing_port() -> EuFilingPort:
    if not _registered:
        raise ImproperlyConfigured(
            "No EU outbox registered with compliance.hooks: add eu_filing to INSTALLED_APPS."
        )
    return _registered[0]
