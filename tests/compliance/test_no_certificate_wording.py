"""No certification exists under Regulation (EU) 2023/1115 (Article 4(3): the operator takes
responsibility by submitting the statement), so nothing we show calls our page or document a
certificate. Every text people read is scanned: templates, the .po catalogues, the status
page's text tables and the widget. "certificate" / "certyfikat" may appear only where the
text says that no certificate exists."""

import re
from pathlib import Path

import pytest

from compliance import certificate

ROOT = Path(__file__).resolve().parents[2]
WORD = re.compile(r"certificat\w*|certyfikat\w*", re.I)
# A mention is allowed only inside a sentence that denies a certificate exists.
DENIAL = re.compile(
    r"\b(not|no|never|neither|nor)\b[^.;:]*\b(certificat|certyfikat)"
    r"|\b(nie|żaden|żadnego|brak|bez)\b[^.;:]*\bcertyfikat",
    re.I,
)
# Template syntax is not text: `{% url 'certificate' ... %}` names a route, never shown.
TEMPLATE_SYNTAX = re.compile(r"{%.*?%}|{#.*?#}", re.S)


def offending(text: str) -> list[str]:
    """The sentences of `text` that use the word other than to deny a certificate exists."""
    text = TEMPLATE_SYNTAX.sub(" ", text)
    sentences = re.split(r"(?<=[.!?])\s+|\n\s*\n|<[^>]+>", text)
    return [s.strip() for s in sentences if WORD.search(s) and not DENIAL.search(s)]


def po_texts(path: Path) -> str:
    """msgid and msgstr texts only: `#:` lines name source files (e.g. certificate.html)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.startswith("#"))


def test_the_scan_tells_a_denial_from_a_title():
    assert offending("EUDR compliance certificate") == ["EUDR compliance certificate"]
    assert offending("<h1>Certyfikat zgodności EUDR</h1>") == ["Certyfikat zgodności EUDR"]
    assert offending("Download the certificate. It is valid.") == ["Download the certificate."]
    assert offending("It is not a certificate: no certification exists.") == []
    assert offending("Nie jest to certyfikat ani certyfikacja.") == []
    assert offending("{% url 'certificate' s.dds_id %}") == []


def test_templates_never_call_anything_a_certificate():
    found = {
        str(path.relative_to(ROOT)): offending(path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "templates").rglob("*"))
        if path.is_file() and path.suffix in (".html", ".txt", ".xml", ".svg")
    }
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_translation_catalogues_never_call_anything_a_certificate():
    catalogues = sorted((ROOT / "locale").rglob("*.po"))
    assert catalogues, "no .po files found under locale/"
    found = {str(path.relative_to(ROOT)): offending(po_texts(path)) for path in catalogues}
    assert {name: hits for name, hits in found.items() if hits} == {}


@pytest.mark.parametrize("table", ["TEXTS", "RULE_TEXTS", "STATUS_TEXTS", "BENCHMARK_TEXTS", "RISK_TEXTS"])
def test_status_page_texts_never_call_it_a_certificate(table):
    texts = getattr(certificate, table)
    found = [hit for lang in texts.values() for value in lang.values() for hit in offending(value)]
    assert found == []


def test_widget_never_calls_anything_a_certificate():
    script = (ROOT / "widget" / "assets" / "eudr-widget.js").read_text(encoding="utf-8")
    strings = re.findall(r'"((?:[^"\\]|\\.)*)"', script)
    decoded = [s.encode().decode("unicode_escape") for s in strings]
    assert [hit for s in decoded for hit in offending(s)] == []
