"""The test layers are named in three places: the Makefile's SLOW_LAYERS (what `make test`
leaves out and `make test-slow` runs), tests/conftest.py's SLOW_LAYERS (the modules a run
need not import) and pyproject.toml's markers. A layer missing from one of them would be run
by neither `make test` nor `make test-slow`, or imported for nothing."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tests.conftest import SLOW_LAYERS

ROOT = Path(__file__).resolve().parents[2]


def test_the_makefile_and_the_conftest_name_the_same_slow_layers():
    lines = (ROOT / "Makefile").read_text().splitlines()
    (line,) = [line for line in lines if line.startswith("SLOW_LAYERS :=")]
    assert tuple(line.split(":=", 1)[1].strip().split(" or ")) == SLOW_LAYERS


def test_every_slow_layer_is_a_registered_marker():
    markers = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["markers"]
    registered = {re.match(r"\w+", marker).group(0) for marker in markers}
    assert set(SLOW_LAYERS) <= registered
