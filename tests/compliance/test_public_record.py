"""The one function behind every public surface (compliance.public_record): filings of an
operator, of a representative under a mandate staff verified, and the staff action that
confirms a representative."""

from __future__ import annotations

import pytest
from django.utils import timezone

from accounts.models import Mandate
from accounts.services import (
    RepresentativeRefused,
    representative_confirm,
    representative_confirmation_withdraw,
)
from compliance.models import DueDiligenceStatement
from compliance.public_record import statement_public_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(make_user):
    return make_user("enterprise", is_staff=True)


def _represented(make_statement, make_organisation, *, mandate_basis: str = ""):
    """A COMPLIANT statement its owner filed as representative of another organisation."""
    statement = make_statement(
        "COMPLIANT", verified_operator=False, risk_level="low", operator_name="Łąka Sp. z o.o."
    )
    represented = make_organisation(name="Łąka Sp. z o.o.")
    fields = {"operator_role": "authorised_representative", "operator_nip": represented.nip}
    if mandate_basis:
        fields.update(mandate_basis=mandate_basis, mandate_confirmed_at=timezone.now())
    else:
        fields["organisation"] = represented
    DueDiligenceStatement.objects.filter(pk=statement.pk).update(**fields)
    statement.refresh_from_db()
    return statement, represented


def test_a_mandate_staff_verified_for_a_verified_organisation_is_a_reviewed_signed_document(
    make_statement, make_organisation
):
    statement, represented = _represented(make_statement, make_organisation)
    own = make_organisation(account=statement.owner, name="Skup Mińsk", verified=False)
    mandate = Mandate.objects.create(
        account=statement.owner,
        organisation=represented,
        document_reference="PA 1/2026",
        verified_at=timezone.now(),
    )
    facts = statement_public_record(statement)
    assert (facts.status, facts.badge, facts.operator_identity) == ("COMPLIANT", "verified", "confirmed")
    assert facts.operator_name == "Łąka Sp. z o.o."
    assert facts.filed_by == {
        "role": "authorised_representative",
        "name": own.name,
        "confirmed_by_staff": False,
    }
    assert facts.mandate["basis"] == "signed_document"
    assert facts.mandate["operator_identity"] == "verified_by_staff"
    assert facts.mandate["confirmed_at"].startswith(mandate.verified_at.strftime("%Y-%m-%dT%H:%M"))
    assert statement.verification_record()["mandate"] == facts.mandate


def test_a_filing_under_the_accounts_own_mandate_follows_the_representatives_confirmation(
    make_statement, make_organisation, staff
):
    statement, _ = _represented(make_statement, make_organisation, mandate_basis="email_confirmation")
    own = make_organisation(account=statement.owner, name="Skup Mińsk", verified=False)
    facts = statement_public_record(statement)
    assert (facts.status, facts.badge, facts.identity_confirmed) == ("UNDER_REVIEW", "in_progress", False)
    assert facts.validity == {"verified_at": None, "valid_until": None}
    representative_confirm(organisation=own, by=staff)
    own.refresh_from_db()
    assert own.is_verified and own.is_confirmed_representative  # confirming verifies it too
    facts = statement_public_record(statement)
    assert (facts.status, facts.badge, facts.identity_confirmed) == ("COMPLIANT", "verified", True)
    assert facts.mandate["operator_identity"] == "declared_by_representative"
    representative_confirmation_withdraw(organisation=own, by=staff)
    assert statement_public_record(statement).status == "UNDER_REVIEW"


def test_only_staff_confirm_and_only_an_accounts_own_organisation(make_user, make_organisation, staff):
    account = make_user("standard")
    own = make_organisation(account=account)
    with pytest.raises(RepresentativeRefused):
        representative_confirm(organisation=own, by=account)
    with pytest.raises(RepresentativeRefused):
        representative_confirm(organisation=make_organisation(), by=staff)  # a represented operator
    own.refresh_from_db()
    assert own.representative_confirmed_at is None
