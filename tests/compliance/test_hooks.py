"""compliance.hooks: the status-change announcement the EU outbox (eu_filing) listens to."""

import pytest
from django.db import connection

from compliance.hooks import statement_status_changed
from compliance.models import DDSStatus, DueDiligenceStatement
from compliance.services import dds_transition

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard():
    calls = []

    def receive(sender, **kwargs):
        calls.append({**kwargs, "in_transaction": connection.in_atomic_block})

    statement_status_changed.connect(receive, dispatch_uid="test-hooks")
    yield calls
    statement_status_changed.disconnect(dispatch_uid="test-hooks")


def test_every_transition_is_announced_inside_its_transaction(make_statement, heard):
    statement = make_statement("SUBMITTED")
    heard.clear()
    dds_transition(statement=statement, to_status=DDSStatus.UNDER_REVIEW, reason="manual check")
    assert len(heard) == 1
    call = heard[0]
    assert (call["from_status"], call["to_status"]) == (DDSStatus.SUBMITTED, DDSStatus.UNDER_REVIEW)
    assert call["statement"].pk == statement.pk
    assert call["statement"].status == DDSStatus.UNDER_REVIEW
    assert call["in_transaction"] is True


def test_a_receiver_that_fails_undoes_the_change(make_statement):
    statement = make_statement("SUBMITTED")

    def refuse(sender, **kwargs):
        raise RuntimeError("refused")

    statement_status_changed.connect(refuse, dispatch_uid="test-hooks-refuse")
    try:
        with pytest.raises(RuntimeError):
            dds_transition(statement=statement, to_status=DDSStatus.UNDER_REVIEW)
    finally:
        statement_status_changed.disconnect(dispatch_uid="test-hooks-refuse")
    stored = DueDiligenceStatement.objects.get(pk=statement.pk)
    assert stored.status == DDSStatus.SUBMITTED
    assert stored.history.filter(to_status=DDSStatus.UNDER_REVIEW).count() == 0
