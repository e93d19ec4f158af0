"""Shared fixtures: personas with plans and keys, API clients, a clean cache."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.core.cache import caches
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import APIKey, Organisation, Plan, User
from accounts.services import api_key_create
from compliance.models import DueDiligenceStatement
from compliance.services import dds_create, dds_transition

# `live` and `test`: one account with a live key and a test (sandbox) key; the SQLite
# test database copied from a migrated template instead of migrated in every worker.
pytest_plugins = ["tests.sandbox_keys", "tests.sqlite_template", "tests.pg_template"]

_emails = itertools.count(1)


# The production hasher (Django's PBKDF2, about a million rounds) costs a large part of a
# second per password; most tests sign a user up. Tests hash with MD5 instead, once for
# the whole session; tests/accounts/test_password_hasher.py checks the production one.
TEST_PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hasher() -> Iterator[None]:
    from django.test.utils import override_settings

    with override_settings(PASSWORD_HASHERS=TEST_PASSWORD_HASHERS):
        yield


@pytest.fixture(autouse=True)
def _problem_codes_must_be_documented(settings) -> None:
    # An answer whose `type` page would not exist fails the test that produced it.
    settings.PROBLEM_TYPES_STRICT = True


@pytest.fixture(autouse=True)
def _clean_cache() -> None:
    # Quota counters live in the cache; every test starts with none used.
    caches["default"].clear()


@pytest.fixture(autouse=True)
def _joins_allowed() -> None:
    # An eager task marks the process "inside a task" for its duration and restores the
    # old mark after; two threads running eager tasks at once (the concurrency tests)
    # can restore each other's mark and leave it set, after which any later
    # `result.get()` in this process is refused as a join inside a task. No test runs
    # inside a task, so each starts unmarked.
    from celery._state import _set_task_join_will_block

    _set_task_join_will_block(False)


@pytest.fixture(autouse=True)
def _private_media_folder(request: pytest.FixtureRequest, settings, tmp_path) -> None:
    # Stored PDFs go to the test's own folder, not the checkout's var/; a real
    # worker process writes to its own MEDIA_ROOT, so those tests keep the default.
    if not request.node.get_closest_marker("worker"):
        settings.MEDIA_ROOT = str(tmp_path / "media")


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


_nips = itertools.count(1)


def valid_nip(serial: int) -> str:
    """A NIP with a correct checksum, distinct per serial."""
    weights = (6, 5, 7, 2, 3, 4, 5, 6, 7)
    for start in itertools.count(serial * 7 + 100000000):
        digits = f"{start:09d}"[-9:]
        check = sum(int(d) * w for d, w in zip(digits, weights, strict=True)) % 11
        if check != 10:
            return digits + str(check)
    raise AssertionError("unreachable")


@pytest.fixture
def make_organisation(make_user) -> Callable[..., Organisation]:
    """An organisation; `account` makes it that account's own, `verified` has staff verify it."""

    def make(account=None, verified: bool = True, **fields) -> Organisation:
        # No password: hashing one costs time some tests measure against a deadline.
        staff = User.objects.filter(is_staff=True).first() or User.objects.create(
            email=f"staff{next(_emails)}@example.com", is_staff=True
        )
        fields.setdefault("nip", valid_nip(next(_nips)))
        return Organisation.objects.create(
            name=fields.pop("name", "Gospodarstwo Rolne Łąka"),
            country=fields.pop("country", "PL"),
            address=fields.pop("address", "ul. Polna 1, 00-001 Warszawa"),
            account=account,
            verified_at=timezone.now() if verified else None,
            verified_by=staff if verified else None,
            **fields,
        )

    return make


@pytest.fixture
def make_statement(make_user, make_organisation) -> Callable[..., DueDiligenceStatement]:
    """A statement walked to `status` through the transition function. Its operator is
    a staff-verified organisation of the owner, registered under the name filed,
    unless `verified_operator=False`."""

    def make(
        status: str = "COMPLIANT", owner=None, verified_operator: bool = True, **fields
    ) -> DueDiligenceStatement:
        owner = owner or make_user("standard")
        operator_name = fields.pop("operator_name", "Gospodarstwo Rolne Łąka")
        organisation = make_organisation(account=owner, name=operator_name) if verified_operator else None
        statement = dds_create(
            owner=owner,
            organisation=organisation,
            operator_nip=organisation.nip if organisation else "",
            operator_name=operator_name,
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
    from tests.risk.fakes import running_uldk

    with running_uldk() as server:
        yield server


# Modules whose every test is of one slow layer, and whose import is most of their cost
# (the fuzzing module builds the OpenAPI schema and every operation's examples when it is
# collected: about 40% of collecting the whole suite, in every xdist worker). A run whose
# -m leaves that layer out (`make test`) does not import them at all.
SLOW_LAYERS = ("browser", "pdf_layout", "fuzz", "make_run", "slow")
SLOW_LAYER_MODULES = {"tests/security/test_api_fuzz.py": "fuzz"}
_ROOT = Path(__file__).resolve().parents[1]


def _layer_of_module(path: Path) -> str | None:
    try:
        return SLOW_LAYER_MODULES.get(path.resolve().relative_to(_ROOT).as_posix())
    except ValueError:
        return None


def _markexpr_leaves_out(markexpr: str, layer: str) -> bool:
    """True if no test carrying `layer` (and no other slow layer) can match `-m markexpr`,
    whatever its other marks are: every combination of the expression's other names is
    tried, so only an expression that excludes the layer itself drops the module."""
    try:
        from _pytest.mark.expression import Expression
    except ImportError:  # pytest moved it: import the module and let -m deselect
        return False
    expression = Expression.compile(markexpr)
    others = sorted(set(expression.idents()) - set(SLOW_LAYERS))
    for present in itertools.product((False, True), repeat=len(others)):
        marks = {layer} | {name for name, on in zip(others, present, strict=True) if on}
        if expression.evaluate(lambda name, /, marks=marks, **kwargs: name in marks):
            return False
    return True


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    layer = _layer_of_module(collection_path)
    markexpr = config.getoption("markexpr", "")
    if layer and markexpr and _markexpr_leaves_out(markexpr, layer):
        return True
    return None


def pytest_collection_modifyitems(items):
    """The longest tests (markers `slow` and `make_run`: minutes each) go first: a parallel
    run hands them out at the start instead of waiting minutes for one at the end. Only
    those that need no database move: pytest-django has ordered the database tests before
    the transactional ones (see below), and that order must hold.

    Every transactional test (live server, real workers) gets serialized rollback.

    Their teardown flushes the database, which deletes the rows data migrations
    seeded (plans, benchmark, emission factors); serialized rollback restores
    them. Mixing serialized and plain transactional tests breaks the restore
    (content types recreated twice), so it is all of them or none.
    """
    for item in items:
        layer = _layer_of_module(item.path)
        if layer and not item.get_closest_marker(layer):
            # Such a module is skipped unimported when its layer is left out: a test of
            # the fast layer in it would silently never run in `make test`.
            raise pytest.UsageError(f"{item.nodeid}: every test of {item.path.name} must be marked {layer}")
        marker = item.get_closest_marker("django_db")
        fixtures = set(getattr(item, "fixturenames", ()))
        transactional = bool({"transactional_db", "live_server"} & fixtures) or bool(
            marker and marker.kwargs.get("transaction")
        )
        if transactional:
            kwargs = dict(marker.kwargs) if marker else {}
            kwargs.update(transaction=True, serialized_rollback=True)
            item.add_marker(pytest.mark.django_db(**kwargs), append=False)  # closest wins
    items.sort(key=lambda item: not (_is_long(item) and not _uses_database(item)))


def _is_long(item: pytest.Item) -> bool:
    return bool(item.get_closest_marker("slow") or item.get_closest_marker("make_run"))


def _uses_database(item: pytest.Item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool(item.get_closest_marker("django_db") or {"db", "transactional_db", "live_server"} & fixtures)


@pytest.fixture
def eager_tasks():
    """Run Celery tasks in the test process even in the services suite, for
    tests about what a task does rather than about the broker."""
    from eudr_service.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


class HeldTasks(list):
    """Messages held as a broker would hold them: [(name, args, options), ...]."""

    def named(self, name: str) -> list[tuple]:
        return [args for sent, args, _ in self if sent == name]


@pytest.fixture
def held_tasks(monkeypatch):
    """`held = held_tasks("compliance.render_dds_pdf", ...)`: those tasks are recorded in
    `held` instead of run, in either suite (eager or on a broker); every other task runs as
    usual. Every task leaves through eudr_service.lib.background, by name."""
    from celery import current_app

    from eudr_service.lib.background import tasks_load

    held = HeldTasks()
    names: set[str] = set()
    original = current_app.send_task

    def send_task(name, args=(), **options):
        if name not in names:
            return original(name, args, **options)
        held.append((name, tuple(args), options))
        return None

    monkeypatch.setattr(current_app, "send_task", send_task)

    def hold(*task_names: str) -> HeldTasks:
        for name in task_names:
            names.add(name)
            task = tasks_load()[name]  # eager: background.send calls the task's apply_async
            monkeypatch.setattr(
                task,
                "apply_async",
                lambda args=(), name=name, **options: held.append((name, tuple(args), options)),
            )
        return held

    return hold


@pytest.fixture
def task_queue(monkeypatch):
    """`task_queue("reports.render_csrd_report")` routes that task to a queue of this test's
    own (returned), so only the workers the test starts take it."""
    from celery import current_app

    queue = f"own-{os.getpid()}"
    names: set[str] = set()
    original = current_app.send_task

    def send_task(name, args=(), **options):
        if name in names:
            options["queue"] = queue
        return original(name, args, **options)

    monkeypatch.setattr(current_app, "send_task", send_task)

    def route(name: str) -> str:
        names.add(name)
        return queue

    return route
