from __future__ import annotations

import pytest

from regulation.commodities import (
    IN_SCOPE_CODES,
    OUT_OF_SCOPE_CODES,
    POLISH_NAMES,
    Commodity,
    UnknownCommodity,
    normalize_commodity,
    polish_name,
)

SYNONYMS = {
    "soya": ["soja", "soya", "soy", "soybean", "soybeans"],
    "wood": ["drewno", "wood", "timber"],
    "cattle": ["bydło", "bydlo", "cattle"],
    "cocoa": ["kakao", "cocoa"],
    "coffee": ["kawa", "coffee"],
    "oil_palm": ["olej palmowy", "palm oil", "oil palm", "palma olejowa"],
    "rubber": ["kauczuk", "rubber"],
    "wheat": ["pszenica", "wheat"],
    "corn": ["kukurydza", "corn", "maize"],
    "rapeseed": ["rzepak", "rapeseed"],
    "other": ["inne", "other"],
}


@pytest.mark.parametrize(
    ("name", "code"), [(name, code) for code, names in SYNONYMS.items() for name in names]
)
def test_every_synonym_maps_to_its_code(name, code):
    assert normalize_commodity(name).code == code


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("  SOJA ", "soya"),
        ("Bydło", "cattle"),
        ("BYDŁO", "cattle"),
        ("Olej  Palmowy", "oil_palm"),
        ("Palm Oil", "oil_palm"),
        ("DREWNO\n", "wood"),
        ("Kukurydza", "corn"),
    ],
)
def test_case_whitespace_and_diacritics_do_not_matter(name, code):
    assert normalize_commodity(name).code == code


def test_in_scope_commodity_carries_its_polish_name():
    assert normalize_commodity("soybeans") == Commodity(code="soya", in_scope=True, polish_name="soja")


@pytest.mark.parametrize("code", IN_SCOPE_CODES)
def test_annex_one_commodities_are_in_scope(code):
    assert normalize_commodity(code).in_scope is True


@pytest.mark.parametrize("code", OUT_OF_SCOPE_CODES)
def test_csrd_crops_are_out_of_scope(code):
    assert normalize_commodity(code).in_scope is False


def test_polish_display_names():
    assert polish_name("soya") == "soja"
    assert polish_name("wood") == "drewno"
    assert polish_name("cattle") == "bydło"
    assert set(POLISH_NAMES) == set(IN_SCOPE_CODES) | set(OUT_OF_SCOPE_CODES)


@pytest.mark.parametrize("name", ["banana", "", "   ", "soja beans", "kaw"])
def test_unknown_commodity_lists_what_is_accepted(name):
    with pytest.raises(UnknownCommodity) as raised:
        normalize_commodity(name)
    assert "soja" in raised.value.accepted
    assert "wood" in raised.value.accepted
    assert isinstance(raised.value, ValueError)  # callers may treat it as bad input


def test_result_is_immutable():
    commodity = normalize_commodity("kawa")
    with pytest.raises(AttributeError):
        commodity.code = "cocoa"  # type: ignore[misc]
