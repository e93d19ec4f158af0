"""The one status-transition function and its history."""

from datetime import timedelta

import pytest
from django.utils import timezone

from compliance.models import ALLOWED_TRANSITIONS, DDSStatus
from compliance.services import InvalidTransition, dds_transition

pytestmark = pytest.mark.django_db


def test_transition_is_recorded_with_who_when_and_why(make_statement, make_user):
    statement = make_statement("SUBMITTED")
    staff = make_user("free", is_staff=True)
    dds_transition(statement=statement, to_status="UNDER_REVIEW", by=staff, reason="manual check")
    change = statement.history.last()
    assert (change.from_status, change.to_status) == ("SUBMITTED", "UNDER_REVIEW")
    assert change.changed_by == staff
    assert change.reason == "manual check"
    assert abs(change.changed_at - timezone.now()) < timedelta(seconds=5)
    assert statement.status == "UNDER_REVIEW"


def test_becoming_compliant_sets_verification_dates(make_statement, settings):
    settings.DDS_VALIDITY_DAYS = 30
    statement = make_statement("SUBMITTED")
    dds_transition(statement=statement, to_status="COMPLIANT")
    statement.refresh_from_db()
    assert statement.verified_at is not None
    assert statement.valid_until - statement.verified_at == timedelta(days=30)


@pytest.mark.parametrize(
    ("start", "target"),
    [
        ("DRAFT", "COMPLIANT"),
        ("WITHDRAWN", "SUBMITTED"),
        ("NON_COMPLIANT", "COMPLIANT"),
        ("SUBMITTED", "EXPIRED"),
    ],
)
def test_disallowed_transition_is_refused_and_not_recorded(make_statement, start, target):
    statement = make_statement(start)
    before = statement.history.count()
    with pytest.raises(InvalidTransition):
        dds_transition(statement=statement, to_status=target)
    statement.refresh_from_db()
    assert statement.status == start
    assert statement.history.count() == before


def test_expired_is_never_a_stored_target():
    assert all(DDSStatus.EXPIRED not in targets for targets in ALLOWED_TRANSITIONS.values())


def test_withdrawn_is_final():
    assert ALLOWED_TRANSITIONS[DDSStatus.WITHDRAWN] == frozenset()
