"""The risk engine's warnings, for people: the API keeps them in English as the
engine writes them (risk.scoring); pages show them in the reader's language."""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _

from regulation.commodities import commodity_label

_WARNINGS = (
    (
        re.compile(r"no forest-cover layer covers this area; forest in 2020 unknown"),
        _("no forest-cover layer covers this area; forest in 2020 unknown"),
    ),
    (
        re.compile(r"no forest-loss layer covers this area; loss after the cut-off unknown"),
        _("no forest-loss layer covers this area; loss after the cut-off unknown"),
    ),
    (
        re.compile(r"layer (?P<layer>.+) covers only (?P<share>\d+%) of the area"),
        _("layer %(layer)s covers only %(share)s of the area"),
    ),
    (
        re.compile(r"(?P<commodity>\S+) is not an EUDR commodity; risk level reported as low"),
        _("%(commodity)s is not an EUDR commodity; risk level reported as low"),
    ),
    (
        re.compile(r"no country at this location \(sea or disputed area\)"),
        _("no country at this location (sea or disputed area)"),
    ),
    (
        re.compile(r"(?P<country>\S+) has no benchmark entry; treated as standard risk"),
        _("%(country)s has no benchmark entry; treated as standard risk"),
    ),
)


def warning_label(text: str) -> str:
    """The warning in the active language; one we do not know is shown as written."""
    for pattern, message in _WARNINGS:
        found = pattern.fullmatch(text)
        if found:
            values = found.groupdict()
            if "commodity" in values:
                values["commodity"] = commodity_label(values["commodity"])
            return str(message) % values if values else str(message)
    return text
