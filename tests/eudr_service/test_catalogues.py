"""Both languages are gettext catalogues, and nothing a person reads is left untranslated.

The Polish catalogue must translate every message the code and templates use; the English
one holds the same messages (English is the msgids themselves). The compiled .mo files
must be what the .po files say.
"""

from __future__ import annotations

import gettext
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.catalogues import Entry, read_po, untranslated

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
# What makemessages reads: our apps and templates, not tests, clients, benchmarks or the venv.
SOURCE_DIRS = ("accounts", "compliance", "eudr_service", "euis", "panel", "reports", "risk", "templates")
SOURCE_DIRS += tuple(p.name for p in ROOT.iterdir() if p.is_dir() and (p / "apps.py").exists())


def catalogue(lang: str) -> list[Entry]:
    return read_po(LOCALE / lang / "LC_MESSAGES" / "django.po")


def test_polish_catalogue_translates_every_entry():
    entries = catalogue("pl")
    assert len(entries) > 500
    assert untranslated(entries) == []


def test_english_catalogue_holds_the_same_messages():
    english = {entry.key for entry in catalogue("en")}
    polish = {entry.key for entry in catalogue("pl")}
    assert polish - english == set()
    assert english - polish == set()


def test_no_message_appears_twice():
    for lang in ("pl", "en"):
        keys = [entry.key for entry in catalogue(lang)]
        assert sorted({key for key in keys if keys.count(key) > 1}, key=str) == []


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_compiled_catalogue_matches_its_source(lang):
    """The .mo the server loads says what the .po says (someone forgot msgfmt otherwise)."""
    with (LOCALE / lang / "LC_MESSAGES" / "django.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
    stale = []
    for entry in catalogue(lang):
        key = f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid
        if entry.msgid_plural:
            wanted = {(key, n): text for n, text in enumerate(entry.msgstrs) if text}
            if any(compiled.get(k) != v for k, v in wanted.items()):
                stale.append(entry.msgid)
        elif entry.msgstrs and entry.msgstrs[0] and compiled.get(key) != entry.msgstrs[0]:
            stale.append(entry.msgid)
    assert stale == []


def test_every_message_in_the_code_is_in_the_polish_catalogue(tmp_path):
    """makemessages over a copy of the sources, merged into a copy of the catalogue: a
    message the code or a template uses but the catalogue lacks comes out untranslated."""
    if shutil.which("xgettext") is None or shutil.which("msgmerge") is None:
        pytest.skip("GNU gettext tools are not installed")
    copy = tmp_path / "src"
    for name in sorted(set(SOURCE_DIRS)):
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name,
                copy / name,
                ignore=shutil.ignore_patterns("__pycache__", "migrations", "data", "assets", "*.pyc"),
            )
    shutil.copytree(LOCALE, copy / "locale")
    shutil.copy(ROOT / "manage.py", copy / "manage.py")
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "pl", "--no-obsolete", "--no-location"],
        cwd=copy,
        check=True,
        capture_output=True,
        timeout=300,
    )
    merged = read_po(copy / "locale" / "pl" / "LC_MESSAGES" / "django.po")
    assert untranslated(merged) == []
