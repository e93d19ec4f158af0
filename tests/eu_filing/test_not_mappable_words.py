"""Why a statement could not be sent: stored in English for the API, read in Polish on Polish pages."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from eu_filing.labels import eu_error_label
from eu_filing.mapping import NOT_MAPPABLE, NotMappable

SAMPLES = {"plot": 2, "parcel": "141201_1.0001.6509", "activity": "import", "line": 1, "commodity": "soya"}


@pytest.mark.parametrize("code", sorted(set(NOT_MAPPABLE) - {"limit"}))
def test_every_reason_is_stored_in_english_and_shown_in_polish(code):
    with translation.override("en"):
        names = re.findall(r"%\((\w+)\)s", str(NOT_MAPPABLE[code]))
    params = {name: SAMPLES.get(name, "gramy netto") for name in names}
    stored = str(NotMappable(code, **params))
    with translation.override("en"):
        assert eu_error_label(stored) == stored
    with translation.override("pl"):
        polish = eu_error_label(stored)
    assert polish != stored
    for value in params.values():
        assert str(value) in polish


def test_a_message_of_the_eu_is_left_as_the_eu_wrote_it():
    with translation.override("pl"):
        assert eu_error_label("EUDR_COMMODITIES_PRODUCER_GEO_EMPTY") == "EUDR_COMMODITIES_PRODUCER_GEO_EMPTY"
