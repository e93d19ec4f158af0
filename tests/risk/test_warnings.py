"""Every warning the risk engine writes has a Polish wording for pages (the API keeps English)."""

import re
from pathlib import Path

import pytest
from django.utils import translation

from risk.warnings import warning_label

SCORING = Path(__file__).resolve().parents[2] / "risk" / "scoring.py"


def engine_warnings() -> list[str]:
    """The warnings of risk/scoring.py with sample values in their placeholders."""
    templates = re.findall(r'warnings\.append\(f?"([^"]+)"\)', SCORING.read_text(encoding="utf-8"))
    assert len(templates) >= 6
    samples = []
    for template in templates:
        text = re.sub(r"\{[^}]*%\}", "42%", template)
        samples.append(re.sub(r"\{[^}]*\}", "wheat", text))
    return samples


@pytest.mark.parametrize("warning", engine_warnings())
def test_every_engine_warning_reads_in_polish_and_stays_as_written_in_english(warning):
    with translation.override("pl"):
        polish = warning_label(warning)
    with translation.override("en"):
        english = warning_label(warning)
    assert english == warning
    assert polish != warning
    if "EUDR commodity" in warning:  # the commodity is named in Polish too
        assert polish.startswith("pszenica ")


def test_unknown_warning_is_shown_as_written():
    with translation.override("pl"):
        assert warning_label("something new") == "something new"
