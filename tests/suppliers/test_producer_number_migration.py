"""The migration that makes producer numbers case-blind: existing numbers put in capitals,
and two suppliers of one account differing only in case named, never merged or dropped."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader


def _nodes() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    # Found by name, not number: the app's migrations may be renumbered when branches meet.
    graph = MigrationLoader(None, ignore_no_migrations=True).graph  # no database at collection
    after = next(node for node in graph.nodes if node[1].endswith("_producer_number_case_blind"))
    before = next(parent.key for parent in graph.node_map[after].parents if parent.key[0] == "suppliers")
    return [before], [after]


BEFORE, AFTER = _nodes()


@pytest.fixture(autouse=True)
def _back_to_the_latest_schema():
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _suppliers_before(make_user, numbers: list[str]):
    apps = _migrate(BEFORE)
    Supplier = apps.get_model("suppliers", "Supplier")
    RosterImport = apps.get_model("suppliers", "RosterImport")
    owner = make_user("standard")
    upload = RosterImport.objects.create(
        owner_id=owner.id, filename="d.csv", file_format="csv", sha256="0" * 64, rows=1, created=1, updated=0
    )
    for number in numbers:
        Supplier.objects.create(
            owner_id=owner.id,
            producer_number=number,
            size="natural_person",
            commodity="soya",
            quantity=1,
            unit="kg",
            name="x",
            postal_code="00-001",
            city="Warszawa",
            imported_in_id=upload.id,
        )


@pytest.mark.django_db(transaction=True)
def test_existing_numbers_are_put_in_capitals(make_user):
    _suppliers_before(make_user, ["p-28", "D-1", "łąka-3"])
    apps = _migrate(AFTER)
    numbers = set(apps.get_model("suppliers", "Supplier").objects.values_list("producer_number", flat=True))
    assert numbers == {"P-28", "D-1", "ŁĄKA-3"}


@pytest.mark.django_db(transaction=True)
def test_numbers_differing_only_in_case_stop_the_migration_and_are_named(make_user):
    _suppliers_before(make_user, ["p-28", "P-28"])
    with pytest.raises(RuntimeError, match=r"'p-28', 'P-28'|'P-28', 'p-28'"):
        _migrate(AFTER)
    _migrate(BEFORE)  # the database is left as it was, both suppliers kept
    executor = MigrationExecutor(connection)
    Supplier = executor.loader.project_state(BEFORE).apps.get_model("suppliers", "Supplier")
    assert sorted(Supplier.objects.values_list("producer_number", flat=True)) == ["P-28", "p-28"]
    Supplier.objects.all().delete()  # settled, so the schema can move on
