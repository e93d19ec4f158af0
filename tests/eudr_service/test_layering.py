"""Arrows between apps point down (DESIGN.md section 2, docs/architecture.md): an import
that points up fails here, and so does one that goes past the risk engine's front door.

panel -> everything; eu_filing -> compliance, risk, regulation, euis, webhooks, accounts;
compliance -> risk, regulation, euis, evidence, webhooks, accounts (never eu_filing: it
announces status changes and asks through compliance.hooks); reports -> risk, regulation,
webhooks, accounts; risk -> regulation, evidence, webhooks, accounts; webhooks -> accounts;
evidence -> accounts; suppliers -> eu_filing, compliance and below; annual (the Article 12
report) -> suppliers and below; regulation, euis and accounts import no app. Outside `risk`, only
`risk.engine` (and the URL wiring, `risk.urls`) may be imported.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

APPS = (
    "accounts",
    "evidence",
    "regulation",
    "euis",
    "risk",
    "compliance",
    "eu_filing",
    "suppliers",
    "annual",
    "reports",
    "webhooks",
    "widget",
    "panel",
)
ALLOWED: dict[str, set[str]] = {
    "accounts": set(),
    # Signed records and keys: it knows no statement or risk result, only what it is given.
    "evidence": {"accounts"},
    "regulation": set(),
    "euis": set(),
    "webhooks": {"accounts"},
    "risk": {"accounts", "evidence", "webhooks", "regulation"},
    "compliance": {"accounts", "euis", "evidence", "webhooks", "risk", "regulation"},
    "eu_filing": {"accounts", "euis", "evidence", "webhooks", "risk", "regulation", "compliance"},
    "suppliers": {
        "accounts",
        "euis",
        "evidence",
        "webhooks",
        "risk",
        "regulation",
        "compliance",
        "eu_filing",
    },
    # The annual report (Article 12) counts what the apps below it record; nothing imports it but
    # the panel.
    "annual": {
        "accounts",
        "euis",
        "evidence",
        "webhooks",
        "risk",
        "regulation",
        "compliance",
        "eu_filing",
        "suppliers",
    },
    "reports": {"accounts", "webhooks", "risk", "regulation"},
    "widget": {"accounts", "compliance"},
    "panel": set(APPS) - {"panel"},
}
# The risk engine's front door (risk/engine.py), and the URL wiring the project mounts.
RISK_FRONT_DOOR = {"risk.engine", "risk.urls"}


# Parsed in a child process: CPython 3.11 before 3.11.9 keeps one AST conversion state per
# interpreter (gh-106905), so an ast.parse running in another thread of the test process
# (a live server, a fake upstream) can make ours fail with "recursion depth mismatch".
_LIST_IMPORTS = """
import ast, json, sys
found = []
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((path, node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((path, node.lineno, alias.name) for alias in node.names)
print(json.dumps(found))
"""


def _imports(app: str) -> list[tuple[str, int, str]]:
    paths = [
        str(path) for path in (Path(settings.BASE_DIR) / app).rglob("*.py") if "migrations" not in path.parts
    ]
    if not paths:
        return []
    result = subprocess.run(
        [sys.executable, "-c", _LIST_IMPORTS, *paths], capture_output=True, text=True, check=True
    )
    return [tuple(row) for row in json.loads(result.stdout)]


def _target(module: str) -> str | None:
    top = module.split(".", maxsplit=1)[0]
    return top if top in APPS else None


@pytest.mark.parametrize("app", APPS)
def test_imports_point_down(app):
    allowed = ALLOWED[app] | {app}
    wrong = []
    for path, line, module in _imports(app):
        target = _target(module)
        if target is None or target in allowed:
            continue
        wrong.append(f"{path}:{line} imports {module}")
    assert wrong == []


@pytest.mark.parametrize("app", [*(app for app in APPS if app != "risk"), "eudr_service"])
def test_other_apps_use_the_risk_engine_only_through_its_front_door(app):
    wrong = []
    for path, line, module in _imports(app):
        if module.startswith("risk.") and module not in RISK_FRONT_DOOR:  # `from risk import`: below
            wrong.append(f"{path}:{line} imports {module}")
    assert wrong == []


def test_from_risk_import_names_only_the_front_door():
    """`from risk import engine` is the door; `from risk import service` is not."""
    wrong = []
    for app in [*(a for a in APPS if a != "risk"), "eudr_service"]:
        for path in (Path(settings.BASE_DIR) / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                stripped = text.strip()
                if stripped.startswith("from risk import ") and stripped != "from risk import engine":
                    wrong.append(f"{path}:{number}: {stripped}")
    assert wrong == []
