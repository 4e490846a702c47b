"""The examples in docstrings run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "engine"
MODULES = ["decklab.catalog.cards", "decklab.catalog.db", "decklab.catalog.decklists", "decklab.catalog.errors",
           "decklab.catalog.games", "decklab.validators",
           # every engine module with an example (the core's, and the games' packages')
           *sorted("decklab.engine." + ".".join(path.relative_to(ENGINE).with_suffix("").parts)
                   for path in ENGINE.rglob("*.py")
                   if "_native" not in path.parts and ">>> " in path.read_text(encoding="utf-8"))]


# Run on the plain Python modules (a compiled module keeps no doctests): in a process of their own.
SCRIPT = """
import doctest, importlib, sys
result = doctest.testmod(importlib.import_module(sys.argv[1]))
print(result.attempted, result.failed)
"""


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    env = {**os.environ, "DECKLAB_PURE_PYTHON": "1"}
    done = subprocess.run([sys.executable, "-c", SCRIPT, name], capture_output=True, text=True, env=env, check=False)
    attempted, failed = map(int, done.stdout.split()[-2:])
    assert attempted > 0 and failed == 0, done.stdout
