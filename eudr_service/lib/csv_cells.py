"""CSV cells that are safe to open in a spreadsheet program (CSV injection, OWASP).

A spreadsheet runs a cell as a formula when it starts with `=`, `+`, `-` or `@`. Which text
starts a cell depends on how the reader splits the file, not on how we wrote it: a Polish
Excel splits on `;`, an English one on `,`, others on tab or `|`, and a reader that ignores
quotes splits at line breaks. `Jan;=cmd|' /C calc'!A0` is one quoted-or-not field for us and
two cells, the second a formula, for a reader splitting on `;`. So every part of a text that
could start a cell under any of those separators is guarded: the start of the text and the
text after each `,` `;` tab `|` CR and LF. A part whose first character, past spaces and an
opening double quote, starts a formula gets an apostrophe before that character, which
spreadsheets show as text. Spaces and a quote are looked past because some readers trim or
unquote a cell before deciding.

Only text is guarded: numbers, dates and booleans are written by the export writer itself
(eudr_service.lib.exports) and carry no user text. The cost: a user's text such as
`Kowalski, -` or a JSON list `[1,-5]` gains an apostrophe in CSV (the JSON and XLSX exports
keep it exact); docs/security.md says so.
"""

from __future__ import annotations

import re
from typing import Any

FORMULA_STARTS = "=+-@"
# Where a reader may start a new cell: the separators of the readers we know of, and line breaks.
CELL_SEPARATORS = ",;\t|\r\n"
# A part's start, then what a reader may look past before deciding: spaces and an opening quote.
_PART_START = re.compile(rf"(^|[{re.escape(CELL_SEPARATORS)}])( *\"?)(?=[{re.escape(FORMULA_STARTS)}])")


def csv_safe(value: Any) -> Any:
    """Text with an apostrophe before every part that would start a formula; anything else
    unchanged. A text starting with a tab or a carriage return is also prefixed (a reader
    that trims it would otherwise see what follows as the cell's start)."""
    if not isinstance(value, str):
        return value
    guarded = _PART_START.sub(r"\1\2'", value)
    if guarded[:1] in ("\t", "\r"):
        guarded = "'" + guarded
    return guarded
