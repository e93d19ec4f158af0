"""Grouped declarations: a statement that references earlier statements by their EU reference numbers.

OPS 10.3 "Referenced DDS": each reference must be an existing statement in status
Available or Archived, a statement cannot reference itself, at most 2,000 references
(also the XSD 8.2.1 maxOccurs of groupedDeclarations). OPS 11.3.2: the referenced
statements become GROUPED and cannot be amended or withdrawn while the grouped one is
active. The Operator API Reference v1.0 (1.1) warns that grouping "may not be available
in the first release" of V3: the EU then refuses the statement, and our record says so.

We accept only references to the account's own statements that the EU has numbered:
a reference we cannot see is refused as unknown, so nobody learns another account's
statements from our answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from compliance.models import DueDiligenceStatement
from eu_filing.models import EuSubmission
from eudr_service.lib.problems import Problem
from euis.contract import GROUPED_DECLARATIONS_MAX, EudrStatus

# OPS 10.3 "Referenced DDS": "status Available or Archived".
REFERENCEABLE_STATUSES = frozenset({EudrStatus.AVAILABLE, EudrStatus.ARCHIVED})


def grouped_references(
    *,
    owner_id: int,
    livemode: bool,
    references: Sequence[str],
    statement: DueDiligenceStatement | None = None,
) -> list[str]:
    """The references, upper-cased and de-duplicated in order, once each is usable; else a 400."""
    wanted = list(dict.fromkeys(reference.strip().upper() for reference in references))
    if len(wanted) > GROUPED_DECLARATIONS_MAX:
        raise Problem(
            400,
            "eu_limit_exceeded",
            f"The EU Information System accepts at most {GROUPED_DECLARATIONS_MAX} referenced statements "
            f"(OPS 10.3); this statement has {len(wanted)}.",
            extra={
                "limit": "referenced_statements",
                "maximum": GROUPED_DECLARATIONS_MAX,
                "measured": len(wanted),
                "source": "OPS 10.3; XSD 8.2.1",
                "field": "grouped_declarations",
            },
        )
    if not wanted:
        return []
    found = {
        submission.reference_number: submission
        for submission in EuSubmission.objects.filter(
            statement__owner_id=owner_id, statement__livemode=livemode, reference_number__in=wanted
        ).select_related("statement")
    }
    for index, reference in enumerate(wanted):
        submission = found.get(reference)
        if submission is None:
            _refuse(index, reference, "is not the EU reference number of one of your statements")
        elif statement is not None and submission.statement_id == statement.pk:
            _refuse(
                index, reference, "is this statement itself; a statement cannot reference itself (OPS 10.3)"
            )
        elif submission.eu_status not in REFERENCEABLE_STATUSES:
            _refuse(
                index,
                reference,
                f"is {submission.eu_status or 'not yet numbered'} at the EU; only AVAILABLE or ARCHIVED "
                "statements can be referenced (OPS 10.3)",
            )
    return wanted


def _refuse(index: int, reference: str, why: str) -> None:
    raise Problem(
        400,
        "grouped_declaration_not_usable",
        f"grouped_declarations[{index}]: {reference} {why}.",
        extra={"field": f"grouped_declarations[{index}]", "reference_number": reference},
    )
