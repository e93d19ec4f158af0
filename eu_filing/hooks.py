"""eu_filing's side of compliance.hooks: the receiver of its announcement and its port.

Both are connected by EuFilingConfig.ready(); compliance never imports this app.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from accounts.models import User
from compliance.models import DDSStatus, DueDiligenceStatement
from eu_filing.amend import dds_amend
from eu_filing.grouping import grouped_references
from eu_filing.models import EuSubmission
from eu_filing.outbox import dds_withdraw, eu_submission_record
from eu_filing.serializers import EuIsSerializer


def statement_status_changed_receive(
    *, statement: DueDiligenceStatement, to_status: str, **kwargs: Any
) -> None:
    """Only a COMPLIANT statement goes to the EU, its outbox row written in the transaction
    that made it so (compliance.services.dds_transition); test-mode (sandbox) statements never do."""
    if to_status == DDSStatus.COMPLIANT and statement.livemode:
        eu_submission_record(statement=statement)


class EuFilingPort:
    """compliance.hooks.EuFilingPort, answered from the outbox."""

    def statement_section(self, statement: DueDiligenceStatement) -> dict | None:
        submission = EuSubmission.objects.filter(statement=statement).first()
        return EuIsSerializer(submission).data if submission else None

    def statement_eu_status(self, statement: DueDiligenceStatement) -> str:
        found = EuSubmission.objects.filter(statement=statement).values_list("eu_status", flat=True).first()
        return found or ""

    def grouped_declarations(
        self,
        *,
        owner_id: int,
        livemode: bool,
        references: Sequence[str],
        statement: DueDiligenceStatement | None = None,
    ) -> list[str]:
        return grouped_references(
            owner_id=owner_id, livemode=livemode, references=references, statement=statement
        )

    def statement_withdraw(self, *, statement: DueDiligenceStatement, by: User) -> None:
        dds_withdraw(statement=statement, by=by)

    def statement_amend(self, *, statement: DueDiligenceStatement, data: dict[str, Any], by: User) -> None:
        dds_amend(statement=statement, data=data, by=by)
