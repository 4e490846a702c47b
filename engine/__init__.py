"""Game engines, policies and the batch runner (plain card objects only, no database).

Each game's engine registers itself by game id; :func:`engines` lists them.
"""

from .core import Engine, GameResult, GameState, engines, game_seed, play, register

__all__ = ["Engine", "GameResult", "GameState", "engines", "game_seed", "play", "register"]

from . import wh40k  # noqa: E402,F401  (registers itself)
