"""Tables of gettext messages read in a chosen language, whatever language is active.

Pages and documents that pick their language themselves (the status page's `?lang=`,
the bilingual PDFs) keep the `TABLE[lang][key]` form; the texts are gettext messages
with English msgids, so both languages come from the catalogues in locale/.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import override


class Translated(Mapping[str, str]):
    """`messages` (key -> lazy message) read in `lang`."""

    def __init__(self, messages: Mapping[str, Promise | str], lang: str) -> None:
        self.messages = messages
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        message = self.messages[key]
        with override(self.lang):
            return str(message)

    def __iter__(self) -> Iterator[str]:
        return iter(self.messages)

    def __len__(self) -> int:
        return len(self.messages)


def by_language(messages: Mapping[str, Promise | str]) -> dict[str, Translated]:
    """{"pl": ..., "en": ...}: the table in each language of the service."""
    return {code: Translated(messages, code) for code, _name in settings.LANGUAGES}
