"""Every page of the sign-in and panel URLconfs has pictures in `make screenshots`, and
docs/screenshots.md links only pictures that exist (no browser: the page list only)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver

import accounts.urls
import panel.urls

ROOT = Path(__file__).resolve().parents[2]


def _page_list():
    path = ROOT / "scripts" / "screenshot_pages.py"
    spec = importlib.util.spec_from_file_location("screenshot_pages", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while defined
    spec.loader.exec_module(module)
    return module


PAGES = _page_list()


def _names(patterns) -> set[str]:
    names = set()
    for entry in patterns:
        if isinstance(entry, URLResolver):
            names |= _names(entry.url_patterns)
        elif isinstance(entry, URLPattern) and entry.name:
            names.add(entry.name)
    return names


def test_every_panel_and_sign_in_page_has_pictures():
    names = _names(panel.urls.urlpatterns) | _names(accounts.urls.urlpatterns)
    covered = {name for page in PAGES.PAGES for name in page.url_names} | set(PAGES.NOT_PAGES)
    assert names - covered == set(), "add these pages to scripts/screenshot_pages.py"


def test_every_url_name_of_the_page_list_is_in_the_urlconf():
    known = set(get_resolver().reverse_dict.keys())
    listed = {name for page in PAGES.PAGES for name in page.url_names} | set(PAGES.NOT_PAGES)
    assert listed - known == set()


def test_pictures_are_named_page_state_lang_in_both_languages_unless_said():
    pictures = PAGES.expected_pictures()
    assert len(pictures) == len(set(pictures))
    for page in PAGES.PAGES:
        assert page.script in ("public", "panel")
        assert set(page.langs) <= set(PAGES.LANGS)
        # One language only is an exception that says why.
        assert page.langs == PAGES.LANGS or page.note, page.name
        for state, what in page.states:
            assert re.fullmatch(r"[a-z_]+", state) and what, (page.name, state)


def test_the_index_is_written_from_the_page_list_and_its_pictures_exist():
    index = (ROOT / "docs" / "screenshots.md").read_text(encoding="utf-8")
    assert index == PAGES.index_markdown(), "run `make screenshots` (or scripts/screenshot_pages.py)"
    linked = re.findall(r"\]\((img/[^)]+\.png)\)", index)
    assert sorted(linked) == sorted(f"img/{name}" for name in PAGES.expected_pictures())
    missing = [path for path in linked if not (ROOT / "docs" / path).is_file()]
    assert missing == []


def test_pictures_referenced_in_the_readme_exist():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for path in re.findall(r"\]\((docs/img/[^)]+)\)", readme):
        assert (ROOT / path).is_file(), path
