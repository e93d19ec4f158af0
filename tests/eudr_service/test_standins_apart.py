"""The stand-ins (standins/: the fake EU Information System, the ULDK stand-in) stay out of the
product: no product module imports them, and production settings start, check, plan their
migrations, resolve URLs and import every product module where `standins` cannot be imported,
as on a deployment that does not ship the package."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.eudr_service.test_settings import PRODUCTION

ROOT = Path(__file__).resolve().parents[2]
# Top-level packages that are not the product: the tests, and the stand-ins themselves.
NOT_PRODUCT = {"tests", "standins"}


def product_packages() -> list[str]:
    return sorted(
        path.parent.name
        for path in ROOT.glob("*/__init__.py")
        if path.parent.name not in NOT_PRODUCT and not path.parent.name.startswith(".")
    )


def product_sources() -> list[Path]:
    sources = [ROOT / "manage.py", ROOT / "gunicorn.conf.py"]
    for package in product_packages():
        sources += sorted((ROOT / package).rglob("*.py"))
    return sources


# Parsed in a child process, as in test_layering.py: CPython 3.11 before 3.11.9 shares one AST
# conversion state between threads (gh-106905), and a live server's thread may be parsing too.
_LIST_IMPORTS = """
import ast, json, sys
found = {}
for path in sys.argv[1:]:
    names = found.setdefault(path, [])
    with open(path, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.append(node.args[0].value)
print(json.dumps(found))
"""


def imported_names(sources: list[Path]) -> dict[Path, list[str]]:
    """{source: every module name it imports}, including import_module("...") with a literal."""
    result = subprocess.run(
        [sys.executable, "-c", _LIST_IMPORTS, *map(str, sources)],
        capture_output=True,
        text=True,
        check=True,
    )
    return {Path(path): names for path, names in json.loads(result.stdout).items()}


def test_no_product_module_imports_the_standins():
    packages = product_packages()
    # The walk must see the product: a moved or renamed app would otherwise pass unseen.
    assert {"accounts", "eudr_service", "euis", "eu_filing", "panel", "risk"} <= set(packages)
    offending = [
        f"{source.relative_to(ROOT)}: {name}"
        for source, names in imported_names(product_sources()).items()
        for name in names
        if name.split(".")[0] == "standins"
    ]
    assert offending == []


def test_the_walk_sees_an_import_of_the_standins(tmp_path):
    """The detector itself: each form of import it looks for is found."""
    source = tmp_path / "sample.py"
    source.write_text(
        "import standins.uldk\nfrom standins.fake_eu import FakeAccount\n"
        "importlib.import_module('standins.fake_eu')\n"
    )
    assert imported_names([source]) == {source: ["standins.uldk", "standins.fake_eu", "standins.fake_eu"]}


# Run in a fresh interpreter: a finder first on sys.meta_path refuses `standins`, as if the
# package were not on the disk, then Django starts on production settings.
PRODUCTION_WITHOUT_STANDINS = """
import importlib, pkgutil, sys

class NotDeployed:
    def find_spec(self, name, path=None, target=None):
        if name == "standins" or name.startswith("standins."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NotDeployed())
try:
    import standins  # noqa: F401
except ModuleNotFoundError:
    pass
else:
    raise SystemExit("the finder let standins through")

import django
from django.apps import apps
from django.core.management import call_command, get_commands
from django.urls import resolve, reverse

django.setup()
assert not apps.is_installed("standins"), "standins installed in production"
assert not {"run_fake_eu_is", "run_fake_uldk"} & set(get_commands()), "stand-in commands offered"
call_command("check", deploy=True, fail_level="WARNING")
call_command("migrate", plan=True, verbosity=0)
for path in ("/livez", "/api/eudr/v1/risk-score", "/api/docs/", "/panel/"):
    resolve(path)
reverse("admin:index")
for package in sys.argv[1:]:
    module = importlib.import_module(package)
    for info in pkgutil.walk_packages(module.__path__, package + "."):
        importlib.import_module(info.name)
loaded = sorted(name for name in sys.modules if name.split(".")[0] == "standins")
assert not loaded, loaded
print("started without standins")
"""


def test_production_starts_checks_and_imports_every_module_without_the_standins(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in PRODUCTION and k not in ("DATABASE_URL", "EUDR_STANDINS", "PYTEST_XDIST_WORKER")
    }
    env.update(PRODUCTION, VAR_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="eudr_service.settings")
    result = subprocess.run(
        [sys.executable, "-c", PRODUCTION_WITHOUT_STANDINS, *product_packages()],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    assert "started without standins" in result.stdout


def test_the_development_mode_installs_the_standins_and_debug_off_only_on_request(settings):
    assert settings.STANDINS and "standins" in settings.INSTALLED_APPS  # tests run in development mode
    probe = "from django.conf import settings; print('standins' in settings.INSTALLED_APPS)"
    base = {k: v for k, v in os.environ.items() if k not in PRODUCTION and k != "EUDR_STANDINS"}
    base.update(PRODUCTION, DJANGO_SETTINGS_MODULE="eudr_service.settings")
    for extra, expected in (({}, "False"), ({"EUDR_STANDINS": "1"}, "True")):
        result = subprocess.run(
            [sys.executable, "-c", "import django; django.setup(); " + probe],
            cwd=ROOT,
            env={**base, **extra},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.stdout.strip() == expected, result.stderr[-2000:]
