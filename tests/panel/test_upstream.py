"""The panel's page of the declarations an account relies on: what changed, what to do, and a
button that has them all checked again (in the background, at the EU's pace)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from eu_filing.models import UpstreamOrigin, UpstreamReference, UpstreamState
from suppliers.models import RosterImport, Supplier
from tests.panel.test_translations import untranslated_on_polish_page

pytestmark = pytest.mark.django_db


def _withdrawn(owner) -> UpstreamReference:
    return UpstreamReference.objects.create(
        owner=owner,
        reference_number="S26PLWY0KMSSX7",
        verification_number="ABCDEFGH",
        origin=UpstreamOrigin.ROSTER,
        supplier="D-1",
        state=UpstreamState.WITHDRAWN,
        result="EXISTING_NON_USABLE",
        eu_status="WITHDRAWN",
        state_changed_at=timezone.now(),
        checked_at=timezone.now(),
        due_at=timezone.now() + timedelta(days=1),
    )


def _supplier(owner, reference: UpstreamReference) -> Supplier:
    upload = RosterImport.objects.create(
        owner=owner, filename="r.csv", file_format="csv", sha256="0" * 64, rows=1, created=1, updated=0
    )
    return Supplier.objects.create(
        owner=owner,
        producer_number="D-1",
        size="natural_person",
        commodity="cattle",
        quantity=40,
        unit="NAR",
        name="Anna Nowak",
        postal_code="26-600",
        city="Radom",
        herd_number="PL012345678-001",
        declaration_reference_number=reference.reference_number,
        declaration_verification_number=reference.verification_number,
        existing_declaration=reference,
        imported_in=upload,
    )


def test_a_withdrawn_declaration_shows_with_what_to_do_in_polish_and_english(signed_in):
    panel = signed_in("standard")
    _withdrawn(panel.user)
    polish = panel.get("/panel/upstream/?lang=pl").content.decode()
    assert "S26PLWY0KMSSX7" in polish and 'data-testid="upstream-attention"' in polish
    assert "wycofana w systemie UE" in polish and "Nie wprowadzaj towarów" in polish
    assert untranslated_on_polish_page(polish) == []
    english = panel.get("/panel/upstream/?lang=en").content.decode()
    assert "withdrawn at the EU" in english and "Do not place goods under this declaration" in english


def test_the_suppliers_page_shows_the_herd_number_and_the_own_declaration(signed_in):
    panel = signed_in("standard")
    _supplier(panel.user, _withdrawn(panel.user))
    page = panel.get("/panel/suppliers/?lang=en").content.decode()
    assert "PL012345678-001" in page and "S26PLWY0KMSSX7" in page
    assert 'data-testid="upstream-attention"' in page and "withdrawn at the EU" in page


def test_the_button_makes_every_declaration_due_now(signed_in):
    panel = signed_in("standard")
    reference = _withdrawn(panel.user)
    other = _withdrawn(signed_in("standard").user)
    response = panel.post("/panel/upstream/", {"action": "recheck"})
    assert response.status_code == 302
    reference.refresh_from_db(), other.refresh_from_db()
    assert reference.due_at <= timezone.now() < other.due_at
