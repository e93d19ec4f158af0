"""requirements.txt is the runtime only, pinned whole; requirements-dev.txt adds the tools.

Production installs requirements.txt: every package the product imports must be pinned
there with everything it needs, and no test, lint or browser tool may be."""

from __future__ import annotations

import sys
from importlib.metadata import PackageNotFoundError, distribution, packages_distributions

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.eudr_service.test_standins_apart import ROOT, imported_names, product_sources

# Test, lint and browser tools, and the HTTP stacks the service does not use
# (eudr_service/lib/safe_http.py is its one client, on the standard library). pypdf is not
# here: the service joins the CSRD report's parts with it (reports/rendering.py).
NOT_RUNTIME = [
    "pytest",
    "pytest-django",
    "pytest-xdist",
    "playwright",
    "schemathesis",
    "hypothesis",
    "ruff",
    "time-machine",
    "pdfminer.six",
    "httpx",
    "requests",
]


def pins(name: str) -> dict[str, str]:
    """{canonical name: version} of a pinned requirements file."""
    pinned = {}
    for raw in (ROOT / name).read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        requirement = Requirement(line)
        (specifier,) = requirement.specifier  # exactly one `==`: a pin, nothing looser
        assert specifier.operator == "==", line
        pinned[canonicalize_name(requirement.name)] = specifier.version
    return pinned


def sources(name: str) -> list[Requirement]:
    """The requirements a .in file names, following its -r includes."""
    found = []
    for raw in (ROOT / name).read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("-r "):
            found += sources(line[3:].strip())
        elif line:
            found.append(Requirement(line))
    return found


def test_no_tool_is_pinned_in_the_runtime():
    runtime = pins("requirements.txt")
    assert [name for name in NOT_RUNTIME if canonicalize_name(name) in runtime] == []
    # ...and the dev file has them, so the tests still find them.
    dev = pins("requirements-dev.txt")
    assert [name for name in NOT_RUNTIME if canonicalize_name(name) not in dev] == []


def test_every_product_import_is_a_runtime_distribution():
    runtime = pins("requirements.txt")
    local = {path.parent.name for path in ROOT.glob("*/__init__.py")}
    providers = packages_distributions()
    unpinned = set()
    seen = set()
    for source, names in imported_names(product_sources()).items():
        for name in names:
            top = name.split(".")[0]
            if top in sys.stdlib_module_names or top in local or top == "__future__":
                continue
            seen.add(top)
            dists = {canonicalize_name(d) for d in providers.get(top, [])}
            if not dists & runtime.keys():
                unpinned.add(f"{top} ({source.relative_to(ROOT)})")
    assert {"django", "celery", "shapely", "weasyprint", "lxml", "pypdf"} <= seen  # the walk saw imports
    assert sorted(unpinned) == []


def test_the_in_files_and_their_pins_agree():
    for source, pinned in (
        ("requirements.in", "requirements.txt"),
        ("requirements-dev.in", "requirements-dev.txt"),
    ):
        versions = pins(pinned)
        for requirement in sources(source):
            name = canonicalize_name(requirement.name)
            assert name in versions, f"{requirement} of {source} is not pinned in {pinned}"
            assert requirement.specifier.contains(versions[name]), f"{requirement} vs {pinned}"


def test_the_dev_pins_are_the_runtime_pins_and_more():
    runtime, dev = pins("requirements.txt"), pins("requirements-dev.txt")
    assert {name: dev.get(name) for name in runtime} == runtime


def _closure(roots: list[Requirement]) -> dict[str, str]:
    """{canonical name: why} of every distribution the roots need, from installed metadata."""
    needed: dict[str, str] = {}
    stack = [(root, "requirements.in") for root in roots]
    done: set[tuple[str, frozenset[str]]] = set()
    while stack:
        requirement, why = stack.pop()
        name = canonicalize_name(requirement.name)
        key = (name, frozenset(requirement.extras))
        if key in done:
            continue
        done.add(key)
        needed.setdefault(name, why)
        try:
            metadata = distribution(requirement.name)
        except PackageNotFoundError:
            continue  # not installed here: pins() of the file still names it
        for line in metadata.requires or []:
            child = Requirement(line)
            environments = [{"extra": extra} for extra in requirement.extras] or [{"extra": ""}]
            if child.marker is None or any(child.marker.evaluate(env) for env in environments):
                stack.append((child, requirement.name))
    return needed


def test_the_runtime_pins_hold_every_transitive_dependency():
    runtime = pins("requirements.txt")
    needed = _closure(sources("requirements.in"))
    missing = {name: why for name, why in needed.items() if name not in runtime}
    assert missing == {}
    # Nothing pinned that the runtime does not need (a tool slipped in by hand).
    assert sorted(set(runtime) - set(needed)) == []


def test_the_dev_pins_hold_every_transitive_dependency():
    dev = pins("requirements-dev.txt")
    needed = _closure(sources("requirements-dev.in"))
    assert {name: why for name, why in needed.items() if name not in dev} == {}
    assert sorted(set(dev) - set(needed)) == []


def test_requests_is_no_runtime_dependency():
    """Nothing in the product imports it; only schemathesis (a test tool) needs it."""
    assert "requests" not in _closure(sources("requirements.in"))
    assert "requests" not in {canonicalize_name(r.name) for r in sources("requirements.in")}
