"""The panel's statement list pages by position (panel/paging.py): every statement once, in
order, both ways, and no page counts or skips over the account's other statements."""

import re
from datetime import timedelta
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

import panel.documents
from compliance.models import DueDiligenceStatement

pytestmark = pytest.mark.django_db


@pytest.fixture
def seven(signed_in, make_statement, monkeypatch):
    """Seven statements, newest first by creation; the 3rd and 4th created at the same instant
    (the id decides between them), three to a page."""
    monkeypatch.setattr(panel.documents, "PAGE_SIZE", 3)
    client = signed_in("standard")
    now = timezone.now()
    made = []
    for i, minutes in enumerate((0, 1, 2, 2, 3, 4, 5)):
        statement = make_statement("DRAFT", owner=client.user, dds_id=f"DDS-PL-2026-P{i:06d}")
        created = now - timedelta(minutes=minutes)
        DueDiligenceStatement.objects.filter(pk=statement.pk).update(created_at=created)
        made.append((created, statement.pk, statement.dds_id))
    # Newest first: by creation, then the larger id first among equal times.
    return client, [dds_id for _, _, dds_id in sorted(made, reverse=True)]


def _page(client, query: str = "") -> tuple[list[str], dict[str, str]]:
    html = client.get(f"/panel/statements/{query}").content.decode()
    ids = re.findall(r'href="/panel/statements/(DDS-[^/"]+)/"', html)
    nav = html.split('class="pagination"')[1] if 'class="pagination"' in html else ""
    links = {text: unescape(href) for href, text in re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', nav)}
    return list(dict.fromkeys(ids)), links


def test_older_links_walk_every_statement_once_newest_first(seven):
    client, expected = seven
    seen, links = _page(client)
    assert "Starsze" in links and "Nowsze" not in links and "Najnowsze" not in links
    while "Starsze" in links:
        ids, links = _page(client, links["Starsze"])
        seen += ids
    assert seen == expected
    assert "Najstarsze" not in links and "Nowsze" in links


def test_oldest_then_newer_links_walk_back(seven):
    client, expected = seven
    _, links = _page(client)
    seen, links = _page(client, links["Najstarsze"])
    assert seen == expected[-3:]
    while "Nowsze" in links:
        ids, links = _page(client, links["Nowsze"])
        seen = ids + seen
    assert seen == expected


def test_a_mangled_or_stale_link_shows_the_newest_page(seven):
    client, expected = seven
    for query in (
        "?older=nonsense",
        "?older=2026-01-01T00:00:00~x",
        "?newer=2026-01-01T00:00:00~1",
        "?newer=2999-01-01T00:00:00%2B00:00~1",
        "?older=1999-01-01T00:00:00%2B00:00~1",
    ):
        response = client.get(f"/panel/statements/{query}")
        assert response.status_code == 200, query
        assert _page(client, query)[0] == expected[:3], query


def test_another_accounts_statements_never_appear(seven, make_statement):
    client, expected = seven
    theirs = make_statement("DRAFT", dds_id="DDS-PL-2026-T000001")
    seen, links = _page(client)
    while "Starsze" in links:
        ids, links = _page(client, links["Starsze"])
        seen += ids
    assert theirs.dds_id not in seen and seen == expected


def test_a_page_neither_counts_nor_skips_the_account(seven):
    client, _ = seven
    _, links = _page(client)
    for query in ("", links["Starsze"], links["Najstarsze"]):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/panel/statements/{query}").status_code == 200
        statement_sql = [q["sql"] for q in queries if "compliance_duediligencestatement" in q["sql"]]
        assert statement_sql, query
        for sql in statement_sql:
            assert "COUNT(" not in sql.upper() and "OFFSET" not in sql.upper(), sql


def test_an_older_page_starts_its_index_range_at_the_position(seven):
    """The page after a position reads from that position in the owner's list index, not
    from the account's newest statement (which would make deep pages cost their depth)."""
    client, _ = seven
    _, links = _page(client)
    with CaptureQueriesContext(connection) as queries:
        client.get(f"/panel/statements/{links['Starsze']}")
    (sql,) = [q["sql"] for q in queries if 'FROM "compliance_duediligencestatement"' in q["sql"]]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL enable_seqscan = off")  # a handful of rows: a scan would win
            # ...and so would another owner index plus a sort of seven rows, when the table's
            # statistics are stale (seen in the services suite); the question is whether the
            # list index serves the range in its order.
            cursor.execute("SET LOCAL enable_sort = off")
            cursor.execute(f"EXPLAIN {sql}")
            plan = "\n".join(row[0] for row in cursor.fetchall())
            assert "dds_owner_list" in plan and "created_at <=" in plan.split("Index Cond")[1], plan
        else:
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}")
            plan = "\n".join(str(row[-1]) for row in cursor.fetchall())
            assert "dds_owner_list (owner_id=? AND created_at<?)" in plan, plan
