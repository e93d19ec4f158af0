"""Commodity names as clients send them, normalised to EUDR Annex I codes.

Why a fixed synonym table and not fuzzy matching: the commodity decides whether the
regulation applies at all, so a guess would be a compliance error. Clients (Polish ERP
systems, buying stations) send Polish or English names, with or without diacritics and
in any case; anything else is rejected with the list of accepted values.

The in-scope codes are the seven relevant commodities of Article 1 and Annex I of
Regulation (EU) 2023/1115. The out-of-scope codes are the crops of the CSRD supplier
schema (wheat, corn, rapeseed) and "other"; they are answered, marked out of scope.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from django.utils.translation import pgettext_lazy

IN_SCOPE_CODES = ("cattle", "cocoa", "coffee", "oil_palm", "rubber", "soya", "wood")
OUT_OF_SCOPE_CODES = ("wheat", "corn", "rapeseed", "other")

# Polish display names, used where the API speaks Polish (e.g. DDS `commodity`).
POLISH_NAMES: dict[str, str] = {
    "cattle": "bydło",
    "cocoa": "kakao",
    "coffee": "kawa",
    "oil_palm": "olej palmowy",
    "rubber": "kauczuk",
    "soya": "soja",
    "wood": "drewno",
    "wheat": "pszenica",
    "corn": "kukurydza",
    "rapeseed": "rzepak",
    "other": "inne",
}

# Names for people, in the reader's language (the Polish ones are POLISH_NAMES, in
# the catalogue); the API keeps its codes and its Polish `commodity`.
COMMODITY_LABELS = {
    "cattle": pgettext_lazy("commodity", "cattle"),
    "cocoa": pgettext_lazy("commodity", "cocoa"),
    "coffee": pgettext_lazy("commodity", "coffee"),
    "oil_palm": pgettext_lazy("commodity", "oil palm"),
    "rubber": pgettext_lazy("commodity", "rubber"),
    "soya": pgettext_lazy("commodity", "soya"),
    "wood": pgettext_lazy("commodity", "wood"),
    "wheat": pgettext_lazy("commodity", "wheat"),
    "corn": pgettext_lazy("commodity", "corn"),
    "rapeseed": pgettext_lazy("commodity", "rapeseed"),
    "other": pgettext_lazy("commodity", "other"),
}

# Keys are written as people write them; lookups compare folded forms (see `_fold`),
# so "Bydło", "BYDLO" and " bydło " all match "bydło".
_SYNONYMS: dict[str, tuple[str, ...]] = {
    "cattle": ("cattle", "bydło", "bydlo"),
    "cocoa": ("cocoa", "kakao"),
    "coffee": ("coffee", "kawa"),
    "oil_palm": ("oil_palm", "olej palmowy", "palm oil", "oil palm", "palma olejowa"),
    "rubber": ("rubber", "kauczuk"),
    "soya": ("soya", "soja", "soy", "soybean", "soybeans"),
    "wood": ("wood", "drewno", "timber"),
    "wheat": ("wheat", "pszenica"),
    "corn": ("corn", "kukurydza", "maize"),
    "rapeseed": ("rapeseed", "rzepak"),
    "other": ("other", "inne"),
}


@dataclass(frozen=True)
class Commodity:
    """A recognised commodity: its code, whether EUDR covers it, its Polish name."""

    code: str
    in_scope: bool
    polish_name: str


class UnknownCommodity(ValueError):
    """The name is not one we recognise; `accepted` lists what would be."""

    def __init__(self, value: str, accepted: list[str]) -> None:
        self.value = value
        self.accepted = accepted
        super().__init__(f"unknown commodity {value!r}; accepted: {', '.join(accepted)}")


def _fold(name: str) -> str:
    """Lower-case, trim, collapse inner whitespace and strip diacritics.

    "ł" has no Unicode decomposition, so it is mapped by hand; NFKD handles the rest
    (ó -> o, ż -> z, ...).
    """
    text = " ".join(name.strip().lower().replace("ł", "l").split())
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_LOOKUP: dict[str, str] = {
    _fold(synonym): code for code, synonyms in _SYNONYMS.items() for synonym in synonyms
}


def accepted_names() -> list[str]:
    """Every accepted spelling (with Polish diacritics where they exist), sorted."""
    return sorted({synonym for synonyms in _SYNONYMS.values() for synonym in synonyms})


def in_scope_names() -> list[str]:
    """The accepted spellings of the Annex I commodities only (what can be declared), sorted."""
    return sorted({synonym for code in IN_SCOPE_CODES for synonym in _SYNONYMS[code]})


def commodity_from_code(code: str) -> Commodity:
    """The Commodity for a canonical code, e.g. one stored in the database."""
    if code not in POLISH_NAMES:
        raise UnknownCommodity(code, list(IN_SCOPE_CODES + OUT_OF_SCOPE_CODES))
    return Commodity(code=code, in_scope=code in IN_SCOPE_CODES, polish_name=POLISH_NAMES[code])


def normalize_commodity(name: str) -> Commodity:
    """Map a Polish or English commodity name to its Commodity.

    Raises UnknownCommodity (a ValueError) for anything not in the synonym table.
    """
    code = _LOOKUP.get(_fold(name)) if isinstance(name, str) else None
    if code is None:
        raise UnknownCommodity(str(name), accepted_names())
    return commodity_from_code(code)


def polish_name(code: str) -> str:
    """Polish display name for a canonical code (soya -> "soja")."""
    return commodity_from_code(code).polish_name


def commodity_label(name: str) -> str:
    """A commodity as stored (code, Polish or English name) named in the active language;
    an unrecognised name is shown as it is."""
    code = _LOOKUP.get(_fold(name)) if isinstance(name, str) else None
    return str(COMMODITY_LABELS[code]) if code else name
