"""The EU outbox's messages for people, in the reader's language (gettext; English msgids).

The stored messages stay as written (the API shows them as they are); the panel shows
these labels instead. compliance.labels holds the statement's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import override, pgettext_lazy

from compliance.labels import STATUS_LABELS, label
from eu_filing.mapping import NOT_MAPPABLE
from eu_filing.models import EuErrorKind, EuState, EuSubmission

# The EU's statuses of a statement (EudrStatusType, euis.contract.EudrStatus) in words.
EU_STATUS_LABELS = {
    "DRAFT": pgettext_lazy("EU status", "draft"),
    "SUBMITTED": pgettext_lazy("EU status", "submitted, being checked by the EU"),
    "AVAILABLE": pgettext_lazy("EU status", "registered by the EU (available)"),
    "REJECTED": pgettext_lazy("EU status", "rejected by the EU"),
    "WITHDRAWN": pgettext_lazy("EU status", "withdrawn"),
    "ARCHIVED": pgettext_lazy("EU status", "archived"),
    "SUSPENDED": pgettext_lazy("EU status", "suspended"),
    "UPDATED": pgettext_lazy("EU status", "updated"),
    "GROUPED": pgettext_lazy("EU status", "grouped"),
    "OBSOLETE": pgettext_lazy("EU status", "obsolete"),
}

# Our own failures to reach the EU, said in the reader's language (the stored message is
# the client's technical text, which the API gives as it is).
_RETRIES = _(
    "The EU Information System could not take the statement for now; the service retries automatically."
)
EU_ERROR_KIND_LABELS = {
    EuErrorKind.UNREACHABLE: _(
        "The EU Information System could not be reached; the service retries automatically."
    ),
    EuErrorKind.TIMEOUT: _(
        "The EU Information System did not answer in time; the service checks whether the statement "
        "arrived and retries automatically."
    ),
    EuErrorKind.RATE_LIMITED: _(
        "The EU Information System is busy and asked us to wait; the service retries automatically."
    ),
    EuErrorKind.EU_FAILURE: _(
        "The EU Information System did not answer properly (a failure on its side or on the way); "
        "the service retries automatically."
    ),
    EuErrorKind.EXCHANGE: _(
        "The exchange with the EU Information System failed on the service's side (its address or its "
        "answer could not be used); please contact us."
    ),
}

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


def _pattern(template: str) -> re.Pattern[str]:
    """A stored English sentence of ours back to its parts: each %(name)s becomes a group."""
    parts = re.split(r"%\((\w+)\)s", template)
    regex = "".join(
        re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)" for index, part in enumerate(parts)
    )
    return re.compile(regex, re.S)


def _english(text) -> str:
    with override("en"):
        return str(text)


# Why a statement could not be sent (eu_filing.mapping), read back from the stored English.
# A sentence that is nothing but its one part (a limit's own text) would match any message: left out.
_NOT_MAPPABLE = tuple(
    (_pattern(_english(text)), text)
    for text in NOT_MAPPABLE.values()
    if re.sub(r"%\(\w+\)s", "", _english(text)).strip()
)


def eu_error_label(message: str) -> str:
    """An EU submission's error in the active language: our own sentences translated,
    the EU's own texts and codes as the EU wrote them."""
    for pattern, text in (*_EU_ERRORS, *_NOT_MAPPABLE):
        found = pattern.fullmatch(message)
        if found:
            values = found.groupdict()
            if "status" in values:
                values["status"] = label(STATUS_LABELS, values["status"])
            return str(text) % values if values else str(text)
    return message


@dataclass(frozen=True)
class EuErrorView:
    text: str
    from_eu: bool  # the EU's own text, shown as the EU wrote it


def eu_error_view(submission: EuSubmission) -> EuErrorView | None:
    """What the panel says about a submission's error, in the active language: a sentence of
    ours for our own failures, the EU's text as the EU wrote it (and said to be the EU's)."""
    message = submission.error_message
    if not message:
        return None
    kind = submission.error_kind
    if kind in EU_ERROR_KIND_LABELS:
        return EuErrorView(str(EU_ERROR_KIND_LABELS[kind]), from_eu=False)
    if kind == EuErrorKind.EU:
        return EuErrorView(message, from_eu=True)
    worded = eu_error_label(message)
    if worded != message:
        return EuErrorView(worded, from_eu=False)  # a sentence of ours, translated
    # Recorded before the kind was: an error while waiting to be sent was a failed attempt
    # to reach the EU; a refusal with the EU's error codes is the EU's text.
    if submission.state == EuState.PENDING:
        return EuErrorView(str(_RETRIES), from_eu=False)
    if submission.state == EuState.REFUSED and submission.error_codes:
        return EuErrorView(message, from_eu=True)
    return EuErrorView(message, from_eu=False)
