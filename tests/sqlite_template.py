"""The embedded suite's SQLite test database, copied from a migrated template.

Migrating a test database from nothing costs each xdist worker about 13 s of CPU on
the bench machine (Django's migration states and SQLite's table rebuilds, spread over
all the migrations: no single one dominates). A worker that migrated from nothing saves
the result in VAR_DIR/test-db/, named by a digest of every migration file of every
installed app and of the Django and SQLite versions; a worker of a later run copies it
into its in-memory database (SQLite's backup, a fraction of a second) before Django's
`migrate`, which then finds every migration applied and only checks. The data
migrations seed the same rows either way: they are in the copy.

A template that misses a migration does no harm: `migrate` applies what is missing (and
the digest differs, so the next run saves a new one). PostgreSQL (the services suite)
and a kept database (--reuse-db) are left alone.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import tempfile
from pathlib import Path

import django
from django.apps import apps
from django.conf import settings
from django.db.backends.sqlite3.creation import DatabaseCreation

FORMAT = "1"  # bump to orphan every saved template


def migrations_digest() -> str:
    digest = hashlib.sha256(f"{FORMAT} {django.__version__} {sqlite3.sqlite_version}".encode())
    for config in sorted(apps.get_app_configs(), key=lambda config: config.label):
        folder = Path(config.path) / "migrations"
        for path in sorted(folder.glob("*.py")):
            digest.update(f"{config.label}/{path.name}".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def _folder() -> Path:
    return Path(settings.VAR_DIR) / "test-db"


def template_path() -> Path:
    return _folder() / f"migrated-{migrations_digest()}.sqlite3"


def _restore(creation: DatabaseCreation, name: str, template: Path) -> None:
    connection = creation.connection
    connection.close()  # the development database, if it was opened
    connection.settings_dict["NAME"] = name
    connection.ensure_connection()
    source = sqlite3.connect(template)
    try:
        source.backup(connection.connection)
    finally:
        source.close()


def _save(creation: DatabaseCreation, template: Path) -> None:
    template.parent.mkdir(parents=True, exist_ok=True)
    # Written beside the final name and renamed: two workers saving at once both succeed.
    handle, partial = tempfile.mkstemp(dir=template.parent, suffix=".partial")
    os.close(handle)
    target = sqlite3.connect(partial)
    try:
        creation.connection.connection.backup(target)
    finally:
        target.close()
    os.replace(partial, template)
    for old in template.parent.glob("migrated-*.sqlite3"):
        if old != template:
            old.unlink(missing_ok=True)


def install() -> None:
    create_test_db = DatabaseCreation.create_test_db
    create_empty = DatabaseCreation._create_test_db

    def _create_test_db(self, verbosity, autoclobber, keepdb=False):
        name = create_empty(self, verbosity, autoclobber, keepdb)
        template = template_path()
        self._restored_from_template = False
        if not keepdb and self.is_in_memory_db(name) and template.exists():
            _restore(self, name, template)
            self._restored_from_template = True
        return name

    def create_test_db_from_template(self, verbosity=1, autoclobber=False, serialize=True, keepdb=False):
        name = create_test_db(self, verbosity, autoclobber, serialize, keepdb)
        if not keepdb and self.is_in_memory_db(name) and not self._restored_from_template:
            _save(self, template_path())
        return name

    DatabaseCreation._create_test_db = _create_test_db
    DatabaseCreation.create_test_db = create_test_db_from_template


def pytest_configure(config) -> None:
    install()
