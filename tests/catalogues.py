"""Reading gettext catalogues (.po) in tests, without third-party packages."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    msgid: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstrs: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file, the header (empty msgid) left out."""
    entries: list[Entry] = []
    current = Entry()
    last: str | None = None
    started = False

    def finish() -> None:
        nonlocal current, last, started
        if started and current.msgid:
            entries.append(current)
        current, last, started = Entry(), None, False

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#~"):
            current.obsolete = True
            continue
        if line.startswith("#,"):
            current.flags.update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith("#"):
            continue
        if line.startswith('"'):
            value = ast.literal_eval(line)
            if last == "msgstr":
                current.msgstrs[-1] += value
            else:
                setattr(current, last, getattr(current, last) + value)
            continue
        keyword, _space, rest = line.partition(" ")
        value = ast.literal_eval(rest)
        if keyword == "msgid" and started and current.msgid:
            finish()
        started = True
        if keyword.startswith("msgstr"):
            current.msgstrs.append(value)
            last = "msgstr"
        else:
            setattr(current, keyword, value)
            last = keyword
    finish()
    return [entry for entry in entries if not entry.obsolete]


def untranslated(entries: list[Entry]) -> list[str]:
    """The entries a reader would see in English: an empty msgstr, or one marked fuzzy."""
    return [
        f"{entry.msgctxt + ' | ' if entry.msgctxt else ''}{entry.msgid}"
        for entry in entries
        if "fuzzy" in entry.flags or not entry.msgstrs or not all(entry.msgstrs)
    ]
