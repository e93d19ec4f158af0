"""The services suite's PostgreSQL test databases, created from a migrated template.

Each xdist worker of `make test-services` migrated its own test database from nothing:
12 s of the first test's setup in each of 4 workers (measured, `--durations`). The
first worker that migrates keeps a copy as a database named by the digest of every
migration file (tests/sqlite_template.migrations_digest); later workers and runs create
theirs from it (PostgreSQL's CREATE DATABASE ... TEMPLATE, a file copy), and Django's
`migrate` then finds every migration applied and only checks. A template that misses a
migration does no harm: `migrate` applies what is missing. SQLite (tests/sqlite_template.py)
and a kept database (--reuse-db) are left alone.
"""

from __future__ import annotations

import contextlib
import os

from django.db import DatabaseError
from django.db.backends.postgresql.creation import DatabaseCreation

from tests.sqlite_template import migrations_digest

PREFIX = "eudr_migrated_"


def template_name() -> str:
    return PREFIX + migrations_digest()


def _exists(cursor, name: str) -> bool:
    cursor.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
    return cursor.fetchone() is not None


def _save(creation: DatabaseCreation, name: str) -> None:
    """Copy the freshly migrated test database `name` as the template. Two workers saving at
    once: each copies under its own name and renames; the second rename fails and its copy
    goes. Older templates (other digests) are dropped."""
    quote = creation.connection.ops.quote_name
    template = template_name()
    partial = f"{template}_{os.getpid()}"
    creation.connection.close()  # CREATE DATABASE ... TEMPLATE needs no session on the source
    with creation._nodb_cursor() as cursor:
        if _exists(cursor, template):
            return
        cursor.execute(f"CREATE DATABASE {quote(partial)} TEMPLATE {quote(name)}")
        try:
            cursor.execute(f"ALTER DATABASE {quote(partial)} RENAME TO {quote(template)}")
        except DatabaseError:
            cursor.execute(f"DROP DATABASE IF EXISTS {quote(partial)}")
        cursor.execute(
            "SELECT datname FROM pg_database WHERE datname LIKE %s AND datname NOT LIKE %s",
            [PREFIX + "%", template + "%"],
        )
        for (old,) in cursor.fetchall():
            with contextlib.suppress(DatabaseError):  # another run may be copying from it
                cursor.execute(f"DROP DATABASE {quote(old)}")


def install() -> None:
    create_test_db = DatabaseCreation.create_test_db
    create_empty = DatabaseCreation._create_test_db

    def _create_test_db(self, verbosity, autoclobber, keepdb=False):
        test = self.connection.settings_dict["TEST"]
        self._save_template = False
        if keepdb or test.get("TEMPLATE"):  # a kept database, or a template of the settings'
            return create_empty(self, verbosity, autoclobber, keepdb)
        with self._nodb_cursor() as cursor:
            found = _exists(cursor, template_name())
        if not found:
            self._save_template = True
            return create_empty(self, verbosity, autoclobber, keepdb)
        test["TEMPLATE"] = template_name()
        try:
            return create_empty(self, verbosity, autoclobber, keepdb)
        finally:
            del test["TEMPLATE"]

    def create_test_db_from_template(self, verbosity=1, autoclobber=False, serialize=True, keepdb=False):
        name = create_test_db(self, verbosity, autoclobber, serialize, keepdb)
        if self._save_template:
            _save(self, name)
        return name

    DatabaseCreation._create_test_db = _create_test_db
    DatabaseCreation.create_test_db = create_test_db_from_template


def pytest_configure(config) -> None:
    install()
