from collections.abc import Callable

import pytest

from compliance.models import DueDiligenceStatement
from compliance.services import dds_create, dds_transition

PATHS = {
    "DRAFT": [],
    "SUBMITTED": ["SUBMITTED"],
    "UNDER_REVIEW": ["SUBMITTED", "UNDER_REVIEW"],
    "COMPLIANT": ["SUBMITTED", "COMPLIANT"],
    "AT_RISK": ["SUBMITTED", "AT_RISK"],
    "NON_COMPLIANT": ["SUBMITTED", "NON_COMPLIANT"],
    "WITHDRAWN": ["SUBMITTED", "WITHDRAWN"],
}


@pytest.fixture
def make_statement(make_user) -> Callable[..., DueDiligenceStatement]:
    """A statement walked to `status` through the transition function."""

    def make(status: str = "COMPLIANT", owner=None, **fields) -> DueDiligenceStatement:
        statement = dds_create(
            owner=owner or make_user("standard"),
            operator_name=fields.pop("operator_name", "Gospodarstwo Rolne Łąka"),
            commodity=fields.pop("commodity", "soja"),
            country_of_production=fields.pop("country_of_production", "PL"),
            dds_id=fields.pop("dds_id", None),
        )
        for step in PATHS[status]:
            dds_transition(statement=statement, to_status=step, reason="test")
        if fields:
            DueDiligenceStatement.objects.filter(pk=statement.pk).update(**fields)
        statement.refresh_from_db()
        return statement

    return make
