"""eu_filing answers compliance.hooks: an outbox row for a live statement that became
COMPLIANT, none for any other status or a test-mode statement."""

import pytest

from compliance.hooks import eu_filing_port
from compliance.services import dds_transition
from eu_filing.hooks import EuFilingPort
from eu_filing.models import EuSubmission

pytestmark = pytest.mark.django_db


def test_the_port_is_registered_when_the_app_is_ready():
    assert isinstance(eu_filing_port(), EuFilingPort)


def test_a_live_statement_that_becomes_compliant_gets_its_outbox_row(make_statement):
    statement = make_statement("UNDER_REVIEW")
    assert not EuSubmission.objects.filter(statement=statement).exists()
    dds_transition(statement=statement, to_status="COMPLIANT")
    assert EuSubmission.objects.filter(statement=statement).count() == 1
    assert eu_filing_port().statement_section(statement)["internal_reference"] == statement.dds_id


def test_other_statuses_and_test_mode_statements_get_none(make_statement):
    at_risk = make_statement("AT_RISK")
    sandbox = make_statement("UNDER_REVIEW")
    sandbox.livemode = False
    sandbox.save()
    dds_transition(statement=sandbox, to_status="COMPLIANT")
    assert not EuSubmission.objects.filter(statement__in=[at_risk, sandbox]).exists()
    assert eu_filing_port().statement_section(at_risk) is None
