from __future__ import annotations

import pytest

from risk import countries
from risk.parcels import InvalidParcelId, parse_parcel_id
from risk.voivodeships import VOIVODESHIPS, voivodeship_by_code, voivodeship_by_name


def test_plain_identifier_is_split_into_its_parts():
    parcel = parse_parcel_id("141201_1.0001.6509")
    assert parcel.id == "141201_1.0001.6509"
    assert parcel.teryt == "141201"
    assert parcel.commune_type == "1"
    assert parcel.precinct == "0001"
    assert parcel.sheet is None
    assert parcel.number == "6509"
    assert parcel.county_code == "1412"
    assert parcel.voivodeship.name == "mazowieckie"


def test_identifier_with_map_sheet_and_subdivided_number():
    parcel = parse_parcel_id("146518_8.0108.AR_3.150/2")
    assert parcel.sheet == "3"
    assert parcel.number == "150/2"
    assert parcel.voivodeship.code == "14"


def test_identifier_is_trimmed_and_sheet_marker_upper_cased():
    assert parse_parcel_id("  306401_1.0051.ar_18.14 ").id == "306401_1.0051.AR_18.14"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "141201_1.0001",  # no number
        "141201.0001.6509",  # no commune type
        "14120_1.0001.6509",  # five-digit TERYT
        "141201_1.001.6509",  # three-digit precinct
        "141201_6.0001.6509",  # no commune type 6
        "141201_1.0001.6509/",  # dangling subdivision
        "141201_1.0001.AR_.6509",  # empty sheet
        "141201_1.0001.65a09",
        "001201_1.0001.6509",  # voivodeship 00
        "031201_1.0001.6509",  # odd codes are not voivodeships
        "341201_1.0001.6509",  # beyond 32
        "140001_1.0001.6509",  # county 00
        "141200_1.0001.6509",  # commune 00
        "141201_1.0001.6509; DROP TABLE",
    ],
)
def test_malformed_identifiers_are_rejected(text):
    with pytest.raises(InvalidParcelId):
        parse_parcel_id(text)


def test_all_sixteen_voivodeships_by_code():
    assert sorted(VOIVODESHIPS) == [f"{n:02d}" for n in range(2, 33, 2)]
    assert voivodeship_by_code("02").name == "dolnośląskie"
    assert voivodeship_by_code("32").name == "zachodniopomorskie"
    assert voivodeship_by_code("01") is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("mazowieckie", "14"),
        ("Mazowieckie", "14"),
        ("woj. mazowieckie", "14"),
        ("Woj.Mazowieckie", "14"),
        ("województwo łódzkie", "10"),
        ("lodzkie", "10"),
        ("ŚLĄSKIE", "24"),
        ("slaskie", "24"),
        ("swietokrzyskie", "26"),
        ("Kujawsko Pomorskie", "04"),
        ("kujawsko-pomorskie", "04"),
        ("warminsko-mazurskie", "28"),
        ("Dolnośląskie", "02"),
        ("Greater Poland", "30"),
        ("Lower Silesian Voivodeship", "02"),
    ],
)
def test_voivodeship_by_name_tolerates_case_diacritics_and_prefix(text, code):
    assert voivodeship_by_name(text).code == code


@pytest.mark.parametrize("text", ["Bavaria", "", "mazow", "woj."])
def test_unknown_voivodeship_name(text):
    assert voivodeship_by_name(text) is None


@pytest.mark.parametrize("voivodeship", VOIVODESHIPS.values(), ids=lambda v: v.name)
def test_representative_points_lie_in_poland(voivodeship):
    assert countries.country_at(voivodeship.lat, voivodeship.lng) == "PL"
