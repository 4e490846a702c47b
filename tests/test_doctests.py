"""The examples in docstrings run."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

MODULES = ["decklab.catalog.cards", "decklab.catalog.db", "decklab.catalog.decklists", "decklab.catalog.errors",
           "decklab.engine.core", "decklab.engine.effects", "decklab.engine.native", "decklab.engine.stats",
           "decklab.catalog.games", "decklab.validators"]


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
