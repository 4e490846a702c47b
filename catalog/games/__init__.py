"""The game registry: each game module registers one :class:`Game`.

>>> get_game("40K").id
'wh40k'
>>> [game.id for game in all_games()]
['warcardz', 'wh40k', 'ward', 'wentworth', 'magewarfare']
"""

from __future__ import annotations

from ..errors import InputError, did_you_mean
from . import magewarfare, warcardz, ward, wentworth, wh40k
from .base import Game

__all__ = ["Game", "all_games", "get_game", "game_ids"]

_GAMES: dict[str, Game] = {}
_BY_NAME: dict[str, Game] = {}


def register(game: Game) -> None:
    """Add ``game`` to the registry under its id and aliases (each name once)."""
    for name in game.names():
        if name in _BY_NAME:
            raise ValueError(f"game name {name!r} is registered twice")
        _BY_NAME[name] = game
    _GAMES[game.id] = game


def all_games() -> list[Game]:
    """Every registered game, in registration order."""
    return list(_GAMES.values())


def game_ids() -> list[str]:
    return list(_GAMES)


def get_game(name: str) -> Game:
    """Find a game by id or alias, case-insensitively.

    :raises InputError: naming the known games when ``name`` is not one of them.
    """
    game = _BY_NAME.get(str(name).strip().casefold())
    if game is None:
        known = ", ".join(_GAMES)
        raise InputError(f"'{name}' is not a known game{did_you_mean(str(name), _BY_NAME)}; the games are {known}.")
    return game


for _module in (warcardz, wh40k, ward, wentworth, magewarfare):
    register(_module.GAME)
