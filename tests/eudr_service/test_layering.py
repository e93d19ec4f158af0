"""Arrows between apps point down (DESIGN.md section 2): an import that points up fails here.

panel -> everything; compliance -> risk, euis, webhooks, accounts; reports -> risk,
webhooks, accounts; risk -> webhooks, accounts; webhooks -> accounts; euis and accounts
import no app.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

APPS = ("accounts", "euis", "risk", "compliance", "reports", "webhooks", "widget", "panel")
ALLOWED: dict[str, set[str]] = {
    "accounts": set(),
    "euis": set(),
    "webhooks": {"accounts"},
    "risk": {"accounts", "webhooks"},
    "compliance": {"accounts", "euis", "webhooks", "risk"},
    "reports": {"accounts", "webhooks", "risk"},
    "widget": {"accounts", "compliance"},
    "panel": set(APPS) - {"panel"},
}


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
