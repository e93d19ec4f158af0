"""The widget script: one source file, served as-is (/widget.js) or with the
options of /api/widget baked in, so the two can never diverge."""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

WIDGET_LANGS = ("pl", "en")
WIDGET_STYLES = ("badge", "card", "full")
WIDGET_SOURCE = Path(__file__).resolve().parent / "assets" / "eudr-widget.js"
# The source ends with `})(window, document, /*CONFIG*/{});`: the server's options go there.
CONFIG_TOKEN = "/*CONFIG*/{}"


@dataclass(frozen=True)
class WidgetScript:
    body: bytes
    etag: str


def widget_option(value: str | None, allowed: tuple[str, ...]) -> str:
    """The value if allowed (case-insensitively), else the default (the first allowed)."""
    value = (value or "").strip().lower()
    return value if value in allowed else allowed[0]


@functools.lru_cache(maxsize=4)
def _source(mtime_ns: int) -> str:
    text = WIDGET_SOURCE.read_text(encoding="utf-8")
    if text.count(CONFIG_TOKEN) != 1:
        raise RuntimeError(f"{WIDGET_SOURCE} must contain {CONFIG_TOKEN!r} exactly once")
    return text


def widget_source() -> str:
    # Keyed on the file's mtime so an edited file is picked up without a restart.
    return _source(WIDGET_SOURCE.stat().st_mtime_ns)


def _script(body: str) -> WidgetScript:
    data = body.encode("utf-8")
    return WidgetScript(body=data, etag='"' + hashlib.sha256(data).hexdigest()[:32] + '"')


def widget_script_build(*, lang: str | None, style: str | None) -> WidgetScript:
    """The /api/widget script: lang and style validated, the API origin from settings.

    Only validated values and our own setting reach the JavaScript, through json.dumps.
    """
    config = {
        "lang": widget_option(lang, WIDGET_LANGS),
        "style": widget_option(style, WIDGET_STYLES),
        "api": settings.PUBLIC_BASE_URL,
    }
    config_js = json.dumps(config, separators=(",", ":"), sort_keys=True)
    return _script(widget_source().replace(CONFIG_TOKEN, config_js, 1))


def widget_script_static() -> WidgetScript:
    """The /widget.js script: the source unchanged, options read in the browser."""
    return _script(widget_source())
