"""The house's layering in one table (DESIGN.md section 2, docs/architecture.md): every app,
the model-free library and the project package, each on a floor, with the apps it may import
and its front door (the modules other apps may import, each with the reason it is one).

An import that points up, sideways or past a front door fails here; so does a table that draws
an arrow up, an app of the project the table leaves out, and docs/architecture.md when its
table says something else (`python tests/eudr_service/test_layering.py` prints the table).
A views or serializers module is a front door only where the table says why.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest
from django.conf import settings

BASE_DIR = Path(__file__).resolve().parents[2]
LIB = "eudr_service.lib"
PROJECT = "eudr_service"


@dataclass(frozen=True)
class Room:
    floor: int
    does: str
    may_import: frozenset[str] = frozenset()
    # Module (within the app) -> why other apps use it; an empty reason: its name says it.
    front_door: dict[str, str] = field(default_factory=dict)


def _room(floor: int, does: str, may_import: tuple[str, ...] = (), **door: str) -> Room:
    return Room(floor, does, frozenset(may_import), door)


# Every app may import the library (floor 0) besides what it lists; nothing imports the project
# package, which may use every app's front door and mounts each app's `urls` and `views`.
HOUSE: dict[str, Room] = {
    LIB: _room(0, "model-free helpers every app may use; it imports no app", **{"": ""}),
    # Written from the EU's and GUGiK's documents, never from our clients; installed only while
    # EUDR_STANDINS is on (make run, tests, bench) and imported by no app.
    "standins": _room(1, "stand-ins for the EU Information System and ULDK (make run, tests, bench)"),
    "accounts": _room(
        1,
        "users, organisations, plans, keys, quotas and limits",
        models="",
        services="",
        authentication="",
        permissions="",
        quota="the daily quota and its headers",
        limits="the per-minute limits every endpoint and panel form is counted against",
        usage="the usage history the panel shows",
    ),
    "regulation": _room(
        1,
        "the law as data",
        regime="regime_for, obligations_apply_from",
        benchmark="",
        annex_i="",
        commodities="",
        roles="",
        reporting="Article 12: who reports and what the review asks",
        authorities="whom a downstream operator informs of a concern",
    ),
    "euis": _room(
        1,
        "the EU Information System's V3 client; knows none of our models",
        client="",
        contract="",
        answers="",
        errors="",
        quantities="the EU's limits on quantities, checked before filing",
        limits="the EU's limits on texts and lists, checked before filing",
        wsse="WS-Security, for the credentials eu_filing tries before it stores them",
        geojson="the EU's GeoJSON, which eu_filing maps plots to",
        shapes="",
        polling="when the outbox asks the EU again",
    ),
    "webhooks": _room(2, "events and their deliveries", ("accounts",), services="event_emit", models=""),
    "evidence": _room(
        2,
        "signed evidence records and their keys; knows no statement or risk result",
        ("accounts",),
        records="record_write, latest, reference, document",
        models="",
        schema="the evidence document's shape: a statement's evidence endpoint answers with it",
    ),
    "risk": _room(
        3,
        "the risk engine behind one front door; knows no statements",
        ("accounts", "evidence", "webhooks", "regulation"),
        engine="everything of the engine another app may use",
    ),
    "compliance": _room(
        4,
        "statements and simplified declarations: filing, lifecycle, screening, verify",
        ("accounts", "regulation", "euis", "evidence", "webhooks", "risk"),
        models="",
        services="",
        hooks="what the EU outbox listens to and answers, so compliance never imports eu_filing",
        labels="",
        screening="an amendment is screened again",
        evidence_record="an amendment's evidence record",
        downstream="roles, trading partners and concerns, Article 5",
        public_record="what the public may see of a statement",
        declarations="the Annex II and III texts a filer attests",
        geolocation="a plot checked the way filing checks it",
        plot_map="a statement's plots drawn for a page",
        serializers="the records eu_filing's actions answer with, and the trading partner a "
        "consignment embeds",
        filing_serializers="a statement's filing body: the same rules for the API and an amendment",
        sd_serializers="a declaration's filing body: the same rules for the API, an amendment, a "
        "bulk filing and the panel's form",
    ),
    "reports": _room(
        4,
        "CSRD reports (never compliance)",
        ("accounts", "regulation", "webhooks", "risk"),
        models="",
        services="",
        labels="",
    ),
    "eu_filing": _room(
        5,
        "the EU outbox: filing, polling, amending and withdrawing at the EU, credentials, "
        "upstream references",
        ("accounts", "regulation", "euis", "evidence", "webhooks", "risk", "compliance"),
        models="",
        outbox="",
        credentials="",
        labels="",
        upstream="the references an account relies on, recorded and checked again",
    ),
    "widget": _room(5, "the badge script and the views that serve it", ("accounts", "compliance")),
    "suppliers": _room(
        6,
        "a buyer's roster, mandates, consignments and bulk filings",
        ("accounts", "regulation", "euis", "evidence", "webhooks", "risk", "compliance", "eu_filing"),
        models="",
        services="",
        bulk="",
        mandates="",
        roster="",
        serializers="the bulk filing's body: the same rules for the API and the panel's form",
    ),
    "annual": _room(
        7,
        "the annual report on the due diligence system (Article 12)",
        (
            "accounts",
            "regulation",
            "euis",
            "evidence",
            "webhooks",
            "risk",
            "compliance",
            "eu_filing",
            "suppliers",
        ),
        models="",
        services="",
    ),
    "panel": _room(
        8,
        "the operators' web panel",
        (
            "accounts",
            "regulation",
            "euis",
            "evidence",
            "webhooks",
            "risk",
            "compliance",
            "reports",
            "eu_filing",
            "widget",
            "suppliers",
            "annual",
        ),
    ),
    PROJECT: _room(
        9,
        "settings, URLs, WSGI and Celery wiring",
        (
            "accounts",
            "regulation",
            "euis",
            "evidence",
            "webhooks",
            "risk",
            "compliance",
            "reports",
            "eu_filing",
            "widget",
            "suppliers",
            "annual",
            "panel",
        ),
    ),
}
# What the project package mounts of each app besides its front door.
PROJECT_MOUNTS = ("urls", "views")

# Crossings that stay until the code they live in changes; each must still exist, so the row
# goes when the crossing does. (path, imported module) -> why it is still here.
CROSSINGS: dict[tuple[str, str], str] = {}


# Parsed in a child process: CPython 3.11 before 3.11.9 keeps one AST conversion state per
# interpreter (gh-106905), so an ast.parse running in another thread of the test process
# (a live server, a fake upstream) can make ours fail with "recursion depth mismatch".
_LIST_IMPORTS = """
import ast, json, sys
roots = set(sys.argv[1].split(","))
found = []
for path in sys.argv[2:]:
    with open(path, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module in roots:  # `from risk import engine` imports risk.engine
                found.extend((path, node.lineno, f"{node.module}.{alias.name}") for alias in node.names)
            else:
                found.append((path, node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((path, node.lineno, alias.name) for alias in node.names)
print(json.dumps(found))
"""


def _unit_of_path(relative: Path) -> str:
    if relative.parts[0] == PROJECT and relative.parts[1] == "lib":
        return LIB
    return relative.parts[0]


def _unit_of_module(module: str) -> str | None:
    if module == LIB or module.startswith(f"{LIB}."):
        return LIB
    top = module.split(".", maxsplit=1)[0]
    return top if top in HOUSE else None


@cache
def _all_imports() -> tuple[tuple[str, str, int, str], ...]:
    """(importing unit, path from the project's root, line, module) of every import in the house."""
    paths = [
        path
        for unit in HOUSE
        if unit != LIB
        for path in (BASE_DIR / unit).rglob("*.py")
        if "migrations" not in path.relative_to(BASE_DIR).parts
    ]
    result = subprocess.run(
        [sys.executable, "-c", _LIST_IMPORTS, ",".join(HOUSE), *map(str, paths)],
        capture_output=True,
        text=True,
        check=True,
    )
    rows = []
    for path, line, module in json.loads(result.stdout):
        relative = Path(path).relative_to(BASE_DIR)
        rows.append((_unit_of_path(relative), relative.as_posix(), line, module))
    return tuple(rows)


def _crossings(unit: str) -> list[tuple[str, int, str, str]]:
    """(path, line, module, the unit it belongs to) for each import of another unit of the house."""
    return [
        (path, line, module, target)
        for source, path, line, module in _all_imports()
        if source == unit and (target := _unit_of_module(module)) not in (None, unit)
    ]


def _through_the_door(module: str, target: str, *, source: str) -> bool:
    modules = list(HOUSE[target].front_door)
    if source == PROJECT:
        modules += PROJECT_MOUNTS
    for name in modules:
        door = f"{target}.{name}" if name else target
        if target == LIB:
            door = LIB
        if module == door or module.startswith(f"{door}."):
            return True
    return False


def test_every_app_of_the_project_has_a_room():
    ours = {name for name in settings.INSTALLED_APPS if (BASE_DIR / name / "apps.py").exists()}
    assert ours - set(HOUSE) == set()


def test_the_table_draws_every_arrow_down():
    up = [
        f"{unit} (floor {room.floor}) -> {other} (floor {HOUSE[other].floor})"
        for unit, room in HOUSE.items()
        for other in room.may_import
        if HOUSE[other].floor >= room.floor
    ]
    assert up == []


@pytest.mark.parametrize("unit", HOUSE)
def test_imports_point_down(unit):
    allowed = HOUSE[unit].may_import | {LIB}
    wrong = [
        f"{path}:{line} imports {module}"
        for path, line, module, target in _crossings(unit)
        if target not in allowed and (path, module) not in CROSSINGS
    ]
    assert wrong == []


@pytest.mark.parametrize("unit", HOUSE)
def test_imports_go_through_the_front_door(unit):
    wrong = [
        f"{path}:{line} imports {module}"
        for path, line, module, target in _crossings(unit)
        if not _through_the_door(module, target, source=unit) and (path, module) not in CROSSINGS
    ]
    assert wrong == []


def test_every_listed_crossing_is_still_there():
    """A crossing that went leaves its row behind: the table must not allow it again."""
    present = {(path, module) for _unit, path, _line, module in _all_imports()}
    assert set(CROSSINGS) - present == set()


def test_every_front_door_is_a_module_that_exists():
    """A front door of a module that does not exist would let anything through under its name."""
    missing = [
        f"{unit}.{name}"
        for unit, room in HOUSE.items()
        if unit not in (LIB, PROJECT)
        for name in room.front_door
        if not (BASE_DIR / unit / f"{name}.py").exists() and not (BASE_DIR / unit / name).is_dir()
    ]
    assert missing == []


def house_table() -> str:
    """The table docs/architecture.md shows, drawn from HOUSE, top floor first."""
    lines = [
        "| Floor | App | What it does | May import | Front door (why other apps use it) |",
        "|---|---|---|---|---|",
    ]
    for unit, room in sorted(HOUSE.items(), key=lambda item: (-item[1].floor, item[0])):
        imports = ", ".join(sorted(room.may_import, key=lambda other: (HOUSE[other].floor, other))) or "—"
        if unit == PROJECT:
            door = (
                f"— (imported by no app; mounts each app's {' and '.join(f'`{m}`' for m in PROJECT_MOUNTS)})"
            )
            name = "`eudr_service` (settings, urls, wsgi, celery)"
        elif unit == LIB:
            door, name = "all of it", f"`{LIB}`"
        else:
            door = (
                "; ".join(f"`{m}`" + (f" ({why})" if why else "") for m, why in room.front_door.items())
                or "—"
            )
            name = f"`{unit}`"
        lines.append(f"| {room.floor} | {name} | {room.does} | {imports} | {door} |")
    return "\n".join(lines) + "\n"


_BEGIN = "<!-- house table: drawn from tests/eudr_service/test_layering.py -->\n"
_END = "<!-- end of the house table -->\n"


def test_docs_architecture_shows_the_same_table():
    doc = (BASE_DIR / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert _BEGIN in doc and _END in doc
    shown = doc.split(_BEGIN, maxsplit=1)[1].split(_END, maxsplit=1)[0]
    assert shown == house_table(), "print the table with: python tests/eudr_service/test_layering.py"


if __name__ == "__main__":
    sys.stdout.write(house_table())
