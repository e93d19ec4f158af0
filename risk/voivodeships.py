"""Polish voivodeships: TERYT codes, names and a representative point, all offline.

Why offline: a parcel identifier already carries its voivodeship in the first two TERYT
digits, and CSRD suppliers often give only a voivodeship name as their `location`. Both
can be answered without GUGiK, so the report still has a region when ULDK is down.

The representative points are approximate geographic centres taken from general
reference maps, good to roughly 10-20 km (not computed from the official PRG boundaries,
which we do not ship). They are good enough to pick the country and a coarse forest
context for a supplier known only by region, not to locate a farm.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True)
class Voivodeship:
    code: str  # two TERYT digits, e.g. "14"
    name: str  # official Polish name, lower case as in TERYT, e.g. "mazowieckie"
    english_name: str
    lat: float  # representative point, see the module docstring
    lng: float


VOIVODESHIPS: dict[str, Voivodeship] = {
    v.code: v
    for v in (
        Voivodeship("02", "dolnośląskie", "Lower Silesian", 51.09, 16.41),
        Voivodeship("04", "kujawsko-pomorskie", "Kuyavian-Pomeranian", 53.07, 18.49),
        Voivodeship("06", "lubelskie", "Lublin", 51.22, 22.90),
        Voivodeship("08", "lubuskie", "Lubusz", 52.19, 15.26),
        Voivodeship("10", "łódzkie", "Łódź", 51.60, 19.40),
        Voivodeship("12", "małopolskie", "Lesser Poland", 49.86, 20.26),
        Voivodeship("14", "mazowieckie", "Masovian", 52.35, 21.10),
        Voivodeship("16", "opolskie", "Opole", 50.64, 17.85),
        Voivodeship("18", "podkarpackie", "Subcarpathian", 49.95, 22.15),
        Voivodeship("20", "podlaskie", "Podlaskie", 53.28, 22.88),
        Voivodeship("22", "pomorskie", "Pomeranian", 54.16, 17.97),
        Voivodeship("24", "śląskie", "Silesian", 50.33, 19.03),
        Voivodeship("26", "świętokrzyskie", "Holy Cross", 50.76, 20.75),
        Voivodeship("28", "warmińsko-mazurskie", "Warmian-Masurian", 53.86, 20.81),
        Voivodeship("30", "wielkopolskie", "Greater Poland", 52.33, 17.23),
        Voivodeship("32", "zachodniopomorskie", "West Pomeranian", 53.58, 15.47),
    )
}

# "woj.", "województwo" and "voivodeship" are decoration, not part of the name.
_DECORATION = re.compile(r"\b(wojewodztwo|woj|voivodeship|province)\b\.?")


def _fold(text: str) -> str:
    """Lower case, no diacritics ("ł" by hand: it has no decomposition), no decoration,
    hyphens and runs of spaces made equal, so "Woj. Kujawsko Pomorskie" matches."""
    text = text.strip().lower().replace("ł", "l")
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    text = _DECORATION.sub(" ", text)
    return " ".join(text.replace("-", " ").replace(".", " ").split())


_BY_FOLDED_NAME: dict[str, Voivodeship] = {
    _fold(name): v for v in VOIVODESHIPS.values() for name in (v.name, v.english_name)
}


def voivodeship_by_code(code: str) -> Voivodeship | None:
    """The voivodeship for a two-digit TERYT code, or None if no such voivodeship."""
    return VOIVODESHIPS.get(code)


def voivodeship_by_name(name: str) -> Voivodeship | None:
    """Find a voivodeship by its Polish or English name, tolerant of case, diacritics,
    hyphens and a "woj." / "województwo" prefix. None if the text names none."""
    return _BY_FOLDED_NAME.get(_fold(name))
