"""Quantities as the user gave them (issue 39 point 5): each with its own unit, in the
reader's number form, without spurious decimals (never "12000,000 kg")."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils.translation import override

from compliance.models import DueDiligenceStatement
from euis.quantities import quantity_text
from tests.panel.test_declarations import farmer, filled, uldk_state  # noqa: F401  (fixtures)
from tests.panel.test_translations import visible_text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("value", "unit", "lang", "text"),
    [
        (Decimal("12000.000"), "kg", "pl", "12000 kg"),
        (Decimal("18000.500"), "kg", "pl", "18000,5 kg"),
        (Decimal("18000.500"), "kg", "en", "18000.5 kg"),
        (Decimal("40.000"), "NAR", "pl", "40 szt."),
        (Decimal("40.000"), "NAR", "en", "40 items"),
        (Decimal("3.500"), "MTQ", "pl", "3,5 m³"),
    ],
)
def test_a_quantity_in_its_own_unit_and_the_readers_number_form(value, unit, lang, text):
    with override(lang):
        assert quantity_text(value, unit) == text


def test_the_declaration_page_shows_quantities_as_given(farmer, uldk_state):  # noqa: F811
    response = farmer.post("/panel/declarations/new/", filled(net_mass_kg="12000"))
    assert response.status_code == 302
    declaration = DueDiligenceStatement.objects.get(owner=farmer.user)
    declaration.commodities.update(supplementary_unit=Decimal("40.000"), supplementary_unit_qualifier="NAR")
    page = visible_text(farmer.get(response["Location"]).content.decode())
    assert "12000 kg" in page and "40 szt." in page
    assert "12000,000" not in page and "40,000" not in page
    english = visible_text(farmer.get(response["Location"], {"lang": "en"}).content.decode())
    assert "12000 kg" in english and "40 items" in english
