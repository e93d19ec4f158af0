"""One date format per language, and it is the one most pages write (ISO 8601,
`2026-11-28 04:06`): Django's named formats say the same, so a page that formats a date
by name or prints it bare shows it like the rest."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation
from django.utils.formats import date_format

ROOT = Path(__file__).resolve().parents[2]
WHEN = datetime(2026, 11, 28, 4, 6, tzinfo=UTC)


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_named_formats_and_bare_dates_are_the_pages_iso_form(lang, settings):
    settings.TIME_ZONE = "UTC"
    with translation.override(lang):
        assert date_format(WHEN, "SHORT_DATETIME_FORMAT") == "2026-11-28 04:06"
        assert date_format(WHEN, "DATETIME_FORMAT") == "2026-11-28 04:06"
        assert date_format(WHEN.date(), "DATE_FORMAT") == "2026-11-28"
        assert date_format(WHEN.date(), "SHORT_DATE_FORMAT") == "2026-11-28"
        rendered = Template('{{ when }}|{{ when|date:"SHORT_DATETIME_FORMAT" }}|{{ day }}').render(
            Context({"when": WHEN, "day": WHEN.date()})
        )
    assert rendered == "2026-11-28 04:06|2026-11-28 04:06|2026-11-28"


def test_templates_write_dates_in_that_form_only():
    """Every explicit format in a template is the ISO form or a named one (which is it)."""
    allowed = {
        "Y-m-d",
        "Y-m-d H:i",
        "Y-m-d H:i:s",
        "SHORT_DATETIME_FORMAT",
        "DATETIME_FORMAT",
        "DATE_FORMAT",
        "SHORT_DATE_FORMAT",
    }
    found = {
        (path.relative_to(ROOT).as_posix(), fmt)
        for path in (ROOT / "templates").rglob("*.html")
        for fmt in re.findall(r'\|date:"([^"]*)"', path.read_text(encoding="utf-8"))
    }
    assert {item for item in found if item[1] not in allowed} == set()
