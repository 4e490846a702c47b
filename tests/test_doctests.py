"""The examples in docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["decklab.catalog.cards", "decklab.catalog.db", "decklab.catalog.decklists", "decklab.catalog.errors",
           "decklab.engine.core", "decklab.engine.effects", "decklab.engine.native", "decklab.engine.stats",
           "decklab.catalog.games", "decklab.validators"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
