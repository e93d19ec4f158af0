"""Annex I of Regulation (EU) 2023/1115 as amended: which HS codes are in scope, and when.

The rows live in `AnnexIEntry` (seeded from the Annex and its amending acts, edited by
staff); this module only reads them. A filed code is matched against a line when one
is a prefix of the other: a more precise code under an Annex heading is covered, and a
heading of which the Annex lists a subheading may contain relevant products ("ex"
lines name only the products of the relevant commodity under the code).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from django.db.models import Q

from regulation.models import AnnexIEntry

_NOT_DIGITS = re.compile(r"\D")


@dataclass(frozen=True)
class AnnexLine:
    commodity: str
    hs_code: str  # as the Annex writes it, e.g. "ex 4104", "1208 10"
    description: str
    applies_from: date
    applies_until: date | None
    act: str

    @property
    def digits(self) -> str:
        return hs_digits(self.hs_code)


def hs_digits(code: str) -> str:
    """ "ex 1208 10" -> "120810": the code without the Annex's spacing and "ex" marker."""
    return _NOT_DIGITS.sub("", code)


def annex_lines(*, commodity: str, on: date) -> list[AnnexLine]:
    """The Annex I lines of a commodity that apply on `on`, in Annex order."""
    rows = AnnexIEntry.objects.filter(commodity=commodity, applies_from__lte=on).filter(
        Q(applies_until__isnull=True) | Q(applies_until__gt=on)
    )
    return [
        AnnexLine(r.commodity, r.hs_code, r.description, r.applies_from, r.applies_until, r.act)
        for r in rows.order_by("hs_code")
    ]


def annex_line_for(*, commodity: str, hs_code: str, on: date) -> AnnexLine | None:
    """The line covering `hs_code` for `commodity` on `on`, the most precise first; None if none."""
    filed = hs_digits(hs_code)
    if not filed:
        return None
    matches = [
        line
        for line in annex_lines(commodity=commodity, on=on)
        if filed.startswith(line.digits) or line.digits.startswith(filed)
    ]
    return max(matches, key=lambda line: len(line.digits), default=None)
