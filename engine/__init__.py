"""Game engines, policies and the batch runner (plain card objects only, no database).

Each game's engine is the module ``decklab.engine.<game id>``; importing this package
imports every such module, and each registers itself. :func:`engines` lists them. A build
compiles the engines (see :mod:`decklab.engine.native`); a compiled engine is imported
only while it matches its sources.
"""

from importlib import import_module
from importlib.util import find_spec

from decklab.catalog.games import game_ids

from . import native

native.install(__name__)  # before the first compiled module (core) is imported

from .core import Engine, GameState, engines, game_seed, play, register  # noqa: E402
from .stats import GameResult  # noqa: E402

__all__ = ["Engine", "GameResult", "GameState", "engines", "game_seed", "play", "register"]

for _game in game_ids():
    if find_spec(f"{__name__}.{_game}") is not None:
        import_module(f"{__name__}.{_game}")
