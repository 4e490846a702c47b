"""What a player is to the engines (:class:`Policy`), and the one that plays any game: :class:`RandomPolicy`.

Kept apart from the games, and not compiled with them: a policy written elsewhere (a test's, a user's) may
subclass these. Each game's own policies live in its engine (``engine/<game>/policies.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from .core import Action, Game

State = TypeVar("State", bound="Game", contravariant=True)
Move = TypeVar("Move", bound="Action")


class Policy(Protocol[State, Move]):
    """Chooses one of the legal actions; randomness only from ``state.rng``. A game's own policies are
    ``Policy[<its state>, <its actions>]``; ``Policy[Game, Action]`` plays any game."""

    name: str

    def choose(self, state: State, actions: Sequence[Move]) -> Move: ...


class RandomPolicy:
    """Uniformly random among the legal actions."""

    name = "random"

    def choose(self, state: Game, actions: Sequence[Action]) -> Action:
        return actions[state.rng.randrange(len(actions))] if len(actions) > 1 else actions[0]
