"""The owner's list reads its statements in index order (issue 30): no sort of every
statement of the account, whatever the database."""

from __future__ import annotations

from datetime import date

import pytest
from django.db import connection

from compliance.services import dds_filter
from eudr_service.lib.pagination import ApiCursorPagination

pytestmark = pytest.mark.django_db


def _plan(queryset) -> str:
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # A handful of test rows: without this the planner rightly prefers a scan.
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute(f"EXPLAIN {sql}", params)
        else:
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
        return "\n".join(" ".join(str(cell) for cell in row) for row in cursor.fetchall())


FILTERS = [
    {},
    {"status": "AT_RISK"},
    {"commodity": "kawa"},  # a semi-join: no DISTINCT over the joined rows
    {"created_after": date(2026, 1, 1), "created_before": date(2026, 6, 30)},  # a range, not a date per row
    {"internal_reference": "PO-1"},
]


@pytest.mark.parametrize("filters", FILTERS, ids=lambda f: ",".join(f) or "none")
def test_the_owners_list_is_read_in_index_order(make_statement, make_user, filters):
    owner = make_user("standard")
    for _ in range(3):
        make_statement("COMPLIANT", owner=owner)
    ordering = [f.lstrip("-") for f in ApiCursorPagination.ordering]
    page = dds_filter(owner=owner, livemode=True, **filters).order_by(*ApiCursorPagination.ordering)[:51]
    plan = _plan(page)
    if "internal_reference" in filters:  # either index: its own finds the few rows, then sorts them
        assert "dds_owner_internal_ref" in plan or "dds_owner_list" in plan, plan
        return
    assert "dds_owner_list" in plan, plan
    # SQLite says TEMP B-TREE, PostgreSQL says Sort, when rows are sorted after reading.
    assert "TEMP B-TREE" not in plan and "Sort" not in plan.split("Index")[0], plan
    assert ordering == ["created_at", "id"]  # the index's columns follow the list's order
