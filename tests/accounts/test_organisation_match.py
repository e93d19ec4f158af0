"""Matching a filing's operator to one organisation of the account: every identifier the
filing gives (NIP, EORI) must be that one organisation's, as staff recorded it."""

import pytest

from accounts.models import Mandate
from accounts.services import OperatorRole, organisation_identity_confirmed, organisation_match
from tests.conftest import valid_nip

pytestmark = pytest.mark.django_db

OWN_NIP, FOREIGN_NIP = valid_nip(9001), valid_nip(9002)
OWN_EORI, FOREIGN_EORI = "PL1111111111", "PL2222222222"


@pytest.fixture
def account(make_user):
    return make_user("standard")


@pytest.fixture
def own(account, make_organisation):
    return make_organisation(account=account, nip=OWN_NIP, eori=OWN_EORI)


@pytest.fixture
def foreign(make_user, make_organisation):
    return make_organisation(account=make_user("standard"), nip=FOREIGN_NIP, eori=FOREIGN_EORI, name="Acme A")


@pytest.mark.parametrize(
    ("nip", "eori"),
    [(OWN_NIP, ""), ("", OWN_EORI), (OWN_NIP, OWN_EORI), (OWN_NIP, OWN_EORI.lower())],
    ids=["nip", "eori", "both", "eori-any-case"],
)
def test_identifiers_of_the_own_organisation_match_it(account, own, nip, eori):
    match = organisation_match(account=account, nip=nip, eori=eori)
    assert match.organisation == own and match.role == OperatorRole.OPERATOR
    assert organisation_identity_confirmed(
        account_id=account.pk, organisation=own, role=match.role, nip=nip, eori=eori
    )


@pytest.mark.parametrize(
    ("nip", "eori"),
    [(FOREIGN_NIP, OWN_EORI), (OWN_NIP, FOREIGN_EORI), (FOREIGN_NIP, ""), ("", FOREIGN_EORI), ("", "")],
    ids=["own-eori-foreign-nip", "own-nip-foreign-eori", "foreign-nip", "foreign-eori", "none"],
)
def test_a_conflicting_or_foreign_identifier_matches_nothing(account, own, foreign, nip, eori):
    assert organisation_match(account=account, nip=nip, eori=eori).organisation is None


def test_an_eori_the_organisation_has_no_record_of_does_not_match(account, make_organisation):
    only_nip = make_organisation(account=account, nip=OWN_NIP)
    assert organisation_match(account=account, nip=OWN_NIP).organisation == only_nip
    assert organisation_match(account=account, nip=OWN_NIP, eori=OWN_EORI).organisation is None


def test_nip_of_one_own_organisation_and_eori_of_another_match_neither(account, make_organisation):
    make_organisation(account=account, nip=OWN_NIP, eori="PL3333333333")
    make_organisation(account=account, nip=valid_nip(9003), eori=OWN_EORI)
    assert organisation_match(account=account, nip=OWN_NIP, eori=OWN_EORI).organisation is None


def test_a_represented_organisation_needs_every_identifier_too(account, make_organisation):
    represented = make_organisation(account=None, nip=FOREIGN_NIP, eori=FOREIGN_EORI)
    Mandate.objects.create(
        account=account,
        organisation=represented,
        document_reference="1/2026",
        verified_at=represented.verified_at,
    )
    match = organisation_match(account=account, nip=FOREIGN_NIP, eori=FOREIGN_EORI)
    assert match.organisation == represented and match.role == OperatorRole.AUTHORISED_REPRESENTATIVE
    assert organisation_match(account=account, nip=FOREIGN_NIP, eori=OWN_EORI).organisation is None


def test_confirmation_rechecks_the_identifiers_against_the_organisation(account, own):
    """A statement linked to an organisation (by an earlier, looser match, or before staff
    corrected the record) is confirmed only while every identifier it gives is the organisation's."""
    kwargs = {"account_id": account.pk, "organisation": own, "role": OperatorRole.OPERATOR}
    assert organisation_identity_confirmed(**kwargs, nip=OWN_NIP, eori=OWN_EORI)
    assert not organisation_identity_confirmed(**kwargs, nip=FOREIGN_NIP, eori=OWN_EORI)
    assert not organisation_identity_confirmed(**kwargs, nip=OWN_NIP, eori=FOREIGN_EORI)
    assert not organisation_identity_confirmed(**kwargs, nip="", eori="")
    own.nip = FOREIGN_NIP
    own.save()
    assert not organisation_identity_confirmed(**kwargs, nip=OWN_NIP, eori="")
