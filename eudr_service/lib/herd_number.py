"""The ARiMR herd (establishment) number of a Polish holding of cattle ("numer siedziby stada").

The number is assigned by the head of the ARiMR district office when the keeper registers
the holding (ustawa z dnia 4 listopada 2022 r. o systemie identyfikacji i rejestracji
zwierząt, Dz. U. 2022 poz. 2727, in force since 6 January 2023; before it the act of
2 April 2004, Dz. U. 2004 nr 91 poz. 872). Neither act spells the number's form. The form
checked here, HERD_NUMBER_FORM, is the one ARiMR's forms and the keepers' registers print:
the country code PL, the keeper's nine-digit producer identification number and a
three-digit number of the holding, written "PL012345678-001" (also without the hyphen).
UNCONFIRMED by a legal text: confirmed only from ARiMR forms and farm software; no check
digit is checked, as none is published.
"""

from __future__ import annotations

import re

HERD_NUMBER_FORM = re.compile(r"PL([0-9]{9})-?([0-9]{3})", flags=re.ASCII)
HERD_NUMBER_SOURCE = (
    "ARiMR herd (establishment) number: PL + 9-digit producer number + 3-digit holding number, "
    "as ARiMR forms print it (ustawa z dnia 4 listopada 2022 r. o systemie identyfikacji i "
    "rejestracji zwierząt, Dz. U. 2022 poz. 2727; the act does not spell the form)"
)
HERD_NUMBER_EXAMPLE = "PL012345678-001"


def herd_number_normalise(raw: str) -> str | None:
    """`PLnnnnnnnnn-nnn` when `raw` is a herd number (any case, spaces or hyphens); else None."""
    text = re.sub(r"[\s-]", "", raw or "").upper()
    match = HERD_NUMBER_FORM.fullmatch(text)
    if match is None:
        return None
    return f"PL{match.group(1)}-{match.group(2)}"
