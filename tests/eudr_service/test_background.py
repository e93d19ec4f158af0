"""The one home for background work (eudr_service/lib/background.py): tasks sent by name after
commit, a broker outage that fails nothing, the lease every work row shares, and a house in
which no service imports its own tasks module and nothing imports the project's Celery app."""

import contextlib
import json
import logging
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from celery import current_app
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from kombu.exceptions import OperationalError

from eudr_service.lib import background
from reports.models import CsrdReport, ReportStatus

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def broker(monkeypatch):
    """A broker that records what is sent (the running app switched off eager)."""
    sent: list[tuple[str, tuple, dict]] = []
    monkeypatch.setattr(
        current_app, "send_task", lambda name, args=(), **options: sent.append((name, tuple(args), options))
    )
    with _not_eager():
        yield sent


@contextlib.contextmanager
def _not_eager():
    """As with a broker, in either suite (the app's conf is no plain attribute to monkeypatch)."""
    previous = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = False
    try:
        yield
    finally:
        current_app.conf.task_always_eager = previous


@pytest.mark.django_db
def test_enqueue_sends_the_task_by_name_only_when_the_transaction_commits(
    broker, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        background.enqueue("reports.render_csrd_report", 7, queue="pdf")
        assert broker == []  # nothing before the row is visible to a worker
    assert broker == [("reports.render_csrd_report", (7,), {"queue": "pdf"})]


@pytest.mark.django_db
def test_a_rolled_back_change_sends_nothing(broker, django_capture_on_commit_callbacks):
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        background.enqueue("reports.render_csrd_report", 7)
        raise RuntimeError("the change fails")
    assert callbacks == []
    assert broker == []


@pytest.mark.django_db(transaction=True)
def test_a_broker_outage_fails_neither_the_request_nor_the_change(monkeypatch, caplog, keyed_client):
    """The mandate e-mail was the one enqueue that was not robust: an outage failed the request."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from suppliers.models import EmailState, SupplierMandate
    from tests.suppliers.test_roster import GOOD, _csv

    client = keyed_client("standard")
    roster = _csv(GOOD[0])
    upload = client.post(
        "/api/eudr/v1/suppliers/import", {"file": SimpleUploadedFile("r.csv", roster)}, format="multipart"
    )
    assert upload.status_code == 201, upload.content

    def down(*args, **kwargs):
        raise OperationalError("Connection refused")

    monkeypatch.setattr(current_app, "send_task", down)
    with _not_eager(), caplog.at_level(logging.WARNING, logger="eudr_service.lib.background"):
        response = client.post("/api/eudr/v1/suppliers/mandate-requests", {}, format="json")
    assert response.status_code < 300, response.content
    mandate = SupplierMandate.objects.get()
    assert mandate.email_state == EmailState.QUEUED  # on record: the sweep sends it later
    assert "suppliers.mandate_email_send" in caplog.text


@pytest.mark.django_db
def test_eager_mode_runs_the_task_here_by_its_name(eager_tasks, monkeypatch):
    ran = []
    task = current_app.tasks["eudr_service.ping"]
    monkeypatch.setattr(task, "run", lambda *args: ran.append(args) or "pong")
    background.send("eudr_service.ping")
    assert ran == [()]


def test_a_task_answers_to_its_former_names():
    tasks = background.tasks_load()
    for new, old in {
        "risk.job_chunk": "compliance.risk_job_chunk",
        "risk.jobs_sweep": "compliance.risk_jobs_sweep",
        "eu_filing.submission_send": "compliance.eu_submission_send",
        "eu_filing.submissions_poll": "compliance.eu_submissions_poll",
        "eu_filing.submissions_sweep": "compliance.eu_submissions_sweep",
    }.items():
        assert tasks[new].run is tasks[old].run, (new, old)


def test_every_scheduled_task_belongs_to_the_app_that_runs_it():
    from django.conf import settings

    owners = {"compliance", "eu_filing", "risk", "suppliers", "accounts", "reports", "annual", "webhooks"}
    tasks = background.tasks_load()
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        app = entry["task"].split(".")[0]
        assert app in owners, entry
        module = tasks[entry["task"]].__module__
        assert module.split(".")[0] == app, (entry["task"], module)


def _report(owner, **fields) -> CsrdReport:
    return CsrdReport.objects.create(
        owner=owner,
        company_name="Tartak",
        report_year=2026,
        lang="pl",
        supplier_count=1,
        payload={},
        **fields,
    )


@pytest.mark.django_db
def test_a_lease_lets_one_taker_win_and_a_dead_takers_row_be_taken_again(make_user):
    lease = background.Lease(started="started_at", seconds=600, attempts="render_attempts")
    report = _report(make_user())
    rows = CsrdReport.objects.filter(pk=report.pk)
    waiting, held = Q(status=ReportStatus.QUEUED), Q(status=ReportStatus.RENDERING)
    assert lease.take(rows, waiting=waiting, held=held, status=ReportStatus.RENDERING)
    assert not lease.take(rows, waiting=waiting, held=held, status=ReportStatus.RENDERING)  # held, alive
    rows.update(started_at=timezone.now() - timedelta(seconds=601))  # its worker died
    assert CsrdReport.objects.filter(lease.expired(), pk=report.pk).exists()
    assert lease.take(rows, waiting=waiting, held=held, status=ReportStatus.RENDERING)
    report.refresh_from_db()
    assert report.render_attempts == 2
    assert lease.give_up(rows, max_attempts=2, status=ReportStatus.FAILED) == 1
    report.refresh_from_db()
    assert report.status == ReportStatus.FAILED


@pytest.mark.django_db
def test_a_sweep_sends_again_what_its_rows_say_is_left(broker, make_user):
    owner = make_user()
    ids = [_report(owner).pk for _ in range(3)]
    assert background.sweep("reports.render_csrd_report", CsrdReport.objects.filter(pk__in=ids), batch=2) == 2
    assert [name for name, _, _ in broker] == ["reports.render_csrd_report"] * 2


# Parsed in a child process (see test_layering: CPython 3.11's AST state per interpreter).
_IMPORT_GRAPH = """
import ast, json, sys
from pathlib import Path
root = Path(sys.argv[1])
packages = sys.argv[2:]
edges, inside, packages_seen = [], [], []
for package in packages:
    for path in sorted((root / package).rglob("*.py")):
        if "migrations" in path.parts:
            continue
        module = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        if path.name == "__init__.py":
            packages_seen.append(module)
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\\n".join(lines))
        functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        imports = (ast.Import, ast.ImportFrom)
        nested = {id(x) for f in functions for x in ast.walk(f) if isinstance(x, imports)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for target in targets:
                edges.append((module, target, str(path.relative_to(root)), node.lineno))
            if id(node) in nested:
                above = lines[max(node.lineno - 4, 0) : node.lineno]
                said = any("#" in l and "noqa" not in l.split("#", 1)[1][:5] for l in above)
                said = said or "(" in lines[node.lineno - 1].split("noqa", 1)[-1]
                inside.append((str(path.relative_to(root)), node.lineno, said))
print(json.dumps({"edges": edges, "inside": inside, "packages": packages_seen}))
"""
PRODUCT = (
    "accounts", "annual", "compliance", "eu_filing", "euis", "evidence", "panel", "regulation",
    "reports", "risk", "suppliers", "webhooks", "widget", "eudr_service",
)  # fmt: skip


@pytest.fixture(scope="module")
def graph():
    result = subprocess.run(
        [sys.executable, "-c", _IMPORT_GRAPH, str(ROOT), *PRODUCT], capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout)


def test_no_app_and_not_the_library_imports_the_projects_celery_app(graph):
    wrong = [
        f"{path}:{line}"
        for source, target, path, line in graph["edges"]
        if target == "eudr_service.celery" and source not in {"eudr_service", "eudr_service.celery"}
    ]
    assert wrong == []


def test_no_module_imports_a_tasks_module(graph):
    """Work is sent by name: a tasks module imports its services, never the reverse."""
    wrong = [
        f"{path}:{line} imports {target}"
        for source, target, path, line in graph["edges"]
        if target.endswith(".tasks") and not source.endswith(".tasks")
    ]
    assert wrong == []


def test_the_house_has_no_import_circle(graph):
    # A package's __init__ is its face (it hands names on): an arrow into it is not drawn,
    # as `farm-studio look` draws none; the arrow to the submodule named is.
    modules = {source for source, *_ in graph["edges"]} - set(graph["packages"])
    arrows: dict[str, set[str]] = {m: set() for m in modules}
    for source, target, *_ in graph["edges"]:
        if source in modules and target in modules and target != source:
            arrows[source].add(target)
    # Tarjan's strongly connected components: a component of two or more modules is a circle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in arrows[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in sorted(modules):
        if module not in index:
            visit(module)
    assert circles == []


def test_every_import_inside_a_function_says_why(graph):
    silent = [f"{path}:{line}" for path, line, said in graph["inside"] if not said]
    assert silent == []


_TASK_NAMES = """
import ast, json, sys
from pathlib import Path
root = Path(sys.argv[1])
found = []
for package in sys.argv[2:]:
    for path in sorted((root / package).rglob("*.py")):
        if "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            # NAME_TASK = "app.task" constants, and names given straight to the module's functions.
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id.endswith("_TASK"):
                        found.append((str(path.relative_to(root)), node.lineno, node.value.value))
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name in {"enqueue", "send", "sweep", "requeue"} and isinstance(node.args[0].value, str):
                    found.append((str(path.relative_to(root)), node.lineno, node.args[0].value))
print(json.dumps(found))
"""


def test_every_task_name_the_product_sends_is_a_registered_task():
    """A misspelt name would fail only on a worker (which drops the message) or, eager, in a
    log line: every name sent must be a task a worker knows."""
    result = subprocess.run(
        [sys.executable, "-c", _TASK_NAMES, str(ROOT), *PRODUCT], capture_output=True, text=True, check=True
    )
    sent = json.loads(result.stdout)
    assert len(sent) >= 10  # the walk found the names (PDFs, screening, EU, risk, suppliers, webhooks)
    tasks = background.tasks_load()
    unknown = [f"{path}:{line} {name}" for path, line, name in sent if name not in tasks]
    assert unknown == []
