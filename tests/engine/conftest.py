"""Fixtures shared by the engines' play tests: a module names its engine as ``ENGINE``."""

from __future__ import annotations

import pytest

from conftest import sample_decks


@pytest.fixture(scope="module")
def decks(template_db, request):
    """The two legal sample decks (``<game>-1.deck``, ``<game>-2.deck``) of the module's ``ENGINE``."""
    return sample_decks(template_db, request.module.ENGINE.game)


@pytest.fixture(scope="module")
def starter(template_db, request):
    """Every starter-set card of the module's ``ENGINE`` game."""
    from decklab.catalog.db import open_database
    from decklab.catalog.store import list_cards

    database = open_database(str(template_db))
    try:
        return list_cards(database, game=request.module.ENGINE.game)
    finally:
        database.dispose()
