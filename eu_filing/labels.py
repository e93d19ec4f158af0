"""The EU outbox's messages for people, in the reader's language (gettext; English msgids).

The stored messages stay as written (the API shows them as they are); the panel shows
these labels instead. compliance.labels holds the statement's own.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _

from compliance.labels import STATUS_LABELS, label

_EU_ERRORS = (
    (
        re.compile(r"No EU credentials for the (?P<environment>\S+) environment in this account\."),
        _("No EU credentials for the %(environment)s environment in this account."),
    ),
    (
        re.compile(r"Not sent: the statement is (?P<status>[A-Z_]+), not COMPLIANT\."),
        _("Not sent: the statement is %(status)s, not COMPLIANT."),
    ),
    (re.compile(r"Withdrawn before it was sent to the EU\."), _("Withdrawn before it was sent to the EU.")),
    (
        re.compile(r"The EU refused the check: (?P<detail>.*)", re.S),
        _("The EU refused the check: %(detail)s"),
    ),
    (
        re.compile(r"The EU Information System did not answer: (?P<detail>.*)", re.S),
        _("The EU Information System did not answer: %(detail)s"),
    ),
)


def eu_error_label(message: str) -> str:
    """An EU submission's error in the active language: our own sentences translated,
    the EU's own texts and codes as the EU wrote them."""
    for pattern, text in _EU_ERRORS:
        found = pattern.fullmatch(message)
        if found:
            values = found.groupdict()
            if "status" in values:
                values["status"] = label(STATUS_LABELS, values["status"])
            return str(text) % values if values else str(text)
    return message
