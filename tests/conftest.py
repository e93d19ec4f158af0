"""Shared fixtures: personas with plans and keys, API clients, a clean cache."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from django.core.cache import caches
from rest_framework.test import APIClient

from accounts.models import APIKey, Plan, User
from accounts.services import api_key_create
from compliance.models import DueDiligenceStatement
from compliance.services import dds_create, dds_transition

_emails = itertools.count(1)


@pytest.fixture(autouse=True)
def _clean_cache() -> None:
    # Quota counters live in the cache; every test starts with none used.
    caches["default"].clear()


@pytest.fixture
def make_user(db) -> Callable[..., User]:
    def make(plan: str = "free", **extra) -> User:
        email = extra.pop("email", f"user{next(_emails)}@example.com")
        return User.objects.create_user(
            email=email, password="correct horse battery", plan=Plan.objects.get(code=plan), **extra
        )

    return make


@pytest.fixture
def make_key(make_user) -> Callable[..., tuple[APIKey, str]]:
    def make(plan: str = "free", user: User | None = None, **extra) -> tuple[APIKey, str]:
        return api_key_create(user=user or make_user(plan), name=extra.pop("name", "test"), **extra)

    return make


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def keyed_client(make_key) -> Callable[..., APIClient]:
    """A client that sends a fresh key of the given plan as a Bearer token."""

    def make(plan: str = "standard") -> APIClient:
        _, plaintext = make_key(plan)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
        client.plaintext_key = plaintext
        return client

    return make


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker):
    """A real Celery worker process on the services suite's broker and test database.

    Skipped in the embedded mode, where tasks run eagerly in-process.
    """
    import os
    import subprocess
    import sys
    import time

    from django.conf import settings
    from django.db import connection

    if settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("no broker configured: tasks run eagerly (embedded mode)")
    env = dict(os.environ)
    db = settings.DATABASES["default"]
    # The worker must use the database pytest-django created for this run.
    env["DATABASE_URL"] = (
        f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{connection.settings_dict['NAME']}"
    )
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "eudr_service",
            "worker",
            "--pool=solo",
            "--concurrency=1",
            "--loglevel=WARNING",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
        ],
        env=env,
    )
    from eudr_service.celery import app

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if app.control.ping(timeout=1.0):
            break
    else:
        worker.terminate()
        pytest.fail("the Celery worker did not come up within 60 s")
    yield worker
    worker.terminate()
    worker.wait(timeout=30)


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


@pytest.fixture
def uldk():
    """A local ULDK (GUGiK parcel service) answering in its text format.

    Yields (state, base_url): set `state.body`, `.status`, `.delay`; read `.requests`.
    """
    from tests.compliance.risk.fakes import running_uldk

    with running_uldk() as server:
        yield server


def pytest_collection_modifyitems(items):
    """Every transactional test (live server, real workers) gets serialized rollback.

    Their teardown flushes the database, which deletes the rows data migrations
    seeded (plans, benchmark, emission factors); serialized rollback restores
    them. Mixing serialized and plain transactional tests breaks the restore
    (content types recreated twice), so it is all of them or none.
    """
    for item in items:
        marker = item.get_closest_marker("django_db")
        fixtures = set(getattr(item, "fixturenames", ()))
        transactional = bool({"transactional_db", "live_server"} & fixtures) or bool(
            marker and marker.kwargs.get("transaction")
        )
        if transactional:
            kwargs = dict(marker.kwargs) if marker else {}
            kwargs.update(transaction=True, serialized_rollback=True)
            item.add_marker(pytest.mark.django_db(**kwargs), append=False)  # closest wins


@pytest.fixture
def eager_tasks():
    """Run Celery tasks in the test process even in the services suite, for
    tests about what a task does rather than about the broker."""
    from eudr_service.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous
