"""scripts/build_places.py: which Polish names the shipped places file gets (no download here)."""

from __future__ import annotations

import importlib.util
import sqlite3
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("build_places", ROOT / "scripts" / "build_places.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


build = _script()


def dump_line(
    geonameid: str, name: str, *, at: tuple[float, float], code: str, country: str, people: int
) -> str:
    """A line of GeoNames' cities500.txt (19 columns; the unused ones empty)."""
    f = [""] * 19
    f[0], f[1], f[4], f[5], f[6], f[7], f[8], f[14] = (
        geonameid,
        name,
        *map(str, at),
        "P",
        code,
        country,
        str(people),
    )
    return "\t".join(f) + "\n"


@pytest.mark.parametrize(
    ("name", "polish", "country", "kept"),
    [
        ("Prague", "Praga", "CZ", "Praga"),
        ("Frankfurt (Oder)", "Frankfurt nad Odrą", "DE", "Frankfurt nad Odrą"),
        ("Berlin", "Berlin", "DE", ""),  # the same: nothing to add
        ("Zerbst", "Zerbst/Anhalt", "DE", ""),  # an official German form, not a Polish name
        ("Frankenberg", "Frankenberg/Sa.", "DE", ""),
        ("Sankt Pölten", "St. Pölten", "AT", ""),
        ("Rüsselsheim", "Rüsselsheim am Main", "DE", ""),
        ("Czerwionka-Leszczyny", "Czerwionka", "PL", ""),  # in Poland the name is Polish already
        ("Lviv", None, "UA", ""),
    ],
)
def test_which_polish_names_are_kept(name, polish, country, kept):
    assert build.polish_name(name, polish, country) == kept


def test_polish_names_join_the_places_by_geonameid_and_read_from_pycities_file(tmp_path):
    db = tmp_path / "data.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE city (geonames_id INTEGER, name TEXT, name_pl TEXT)")
        conn.executemany(
            "INSERT INTO city VALUES (?, ?, ?)",
            [(3067696, "Prague", "Praga"), (702550, "Lviv", "Lwów"), (1, "Nowhere", None)],
        )
    conn.close()
    polish = build.read_polish_names(db)
    assert polish == {"3067696": "Praga", "702550": "Lwów"}
    lines = [
        dump_line("702550", "Lviv", at=(49.83826, 24.02324), code="PPLA", country="UA", people=717273),
        dump_line("3067696", "Prague", at=(50.08804, 14.42076), code="PPLC", country="CZ", people=1165581),
        dump_line(
            "4548393", "Prague", at=(35.48674, -96.68502), code="PPL", country="US", people=2386
        ),  # another Prague
        dump_line("756135", "Warsaw", at=(52.22977, 21.01178), code="PPLC", country="PL", people=1702139),
    ]
    assert build.rows(lines, polish) == [
        ("Prague", "35.4867", "-96.6850", 2400, 1, ""),
        ("Lviv", "49.8383", "24.0232", 720000, 4, "Lwów"),
        ("Prague", "50.0880", "14.4208", 1200000, 5, "Praga"),
        ("Warszawa", "52.2298", "21.0118", 1700000, 5, ""),
    ]
