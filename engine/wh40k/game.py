"""Setting up a game of Warhammer 40K Warfare (a match or a goldfish), its readings, and its engine."""

from __future__ import annotations

import random
from collections.abc import Sequence

from decklab.catalog.cards import Deck

from ..core import Engine, RandomPolicy, Reading, new_rng, register, shuffle
from .board import HAND, Side
from .effects import EFFECTS
from .facts import deck_facts
from .policies import Greedy
from .state import Wh40kState

# The readings of unclear rules a player may switch (``--rule wh40k.<name>=<value>``; the default first). See
# ``docs/rules/wh40k.md``: the reading of each, and what switching it measurably does.
READINGS = (
    Reading("first-draw", ("second-turn", "second-battle-turn"),
            "when a player first draws in its Command phase: second-turn, from the game's second turn (the second "
            "player draws on its first turn); second-battle-turn, from each player's own second turn (neither draws "
            "on its first turn)"),
    Reading("first-attack", ("first-turn", "second-turn"),
            "when units may first attack: first-turn, from the game's first turn (the first player's first); "
            "second-turn, from the game's second turn (nobody attacks on the first; a goldfish attacks from its own "
            "second turn)"),
)


def _side(deck: Deck, rng: random.Random, vanilla: bool) -> Side:
    army, reserves = deck_facts(deck, vanilla)
    army = list(army)
    shuffle(army, rng)
    reserves = list(reserves)
    side = Side(army, reserves)
    for _ in range(HAND):
        if side.deck:
            side.hand.append(side.deck.pop())
    return side


def _readings(rules: dict[str, str] | None, goldfish: bool) -> tuple[int, int]:
    """The first turn that draws and the first turn units may attack on, under the readings ``rules`` (short
    names; those missing at their defaults).

    A goldfish counts its player's own turns, and that player goes first: under either first-draw reading it draws
    from its own second turn.

    :raises ValueError: for a reading the game does not have or a value it does not take.
    """
    chosen = ENGINE.short_rules(rules)
    draw_from = 3 if chosen["first-draw"] == "second-battle-turn" and not goldfish else 2
    attack_from = 2 if chosen["first-attack"] == "second-turn" else 1
    return draw_from, attack_from


def _state(sides: list[Side], rng: random.Random, *, first: int, max_turns: int, log: bool, goldfish: bool,
           rules: dict[str, str] | None = None) -> Wh40kState:
    state = Wh40kState.__new__(Wh40kState)
    state.draw_from, state.attack_from = _readings(rules, goldfish)
    state.rng = rng
    state.log = [] if log else None
    state.turn = 1
    state.max_turns = max_turns
    state.sides = sides
    state.active = first
    state.phase = "action"
    state.pending = []
    state.queue = []
    state.next_uid = 1
    state.result = None
    state.over = False
    state.goldfish = goldfish
    state.own_turns = 1
    state.start_turn()
    return state


def new_match(decks: Sequence[Deck], *, seed: int, first: int = 0, max_turns: int = 200, log: bool = False,
              vanilla: bool = False, rules: dict[str, str] | None = None) -> Wh40kState:
    """A two-player game; ``first`` is the seat that takes the first turn; ``rules`` switches readings (short
    names: ``{"first-draw": "second-battle-turn"}``; see :data:`READINGS`)."""
    rng = new_rng(seed)
    sides = [_side(deck, rng, vanilla) for deck in decks]
    return _state(sides, rng, first=first, max_turns=max_turns, log=log, goldfish=False, rules=rules)


def new_goldfish(deck: Deck, *, seed: int, max_turns: int = 50, log: bool = False, vanilla: bool = False,
                 rules: dict[str, str] | None = None) -> Wh40kState:
    """One player against a dummy that has no units and takes an empty turn between the player's turns; ``rules``
    as in :func:`new_match` (first-draw changes nothing here: the player draws from its own second turn)."""
    rng = new_rng(seed)
    dummy = Side([], [], dummy=True)
    return _state([_side(deck, rng, vanilla), dummy], rng, first=0, max_turns=max_turns, log=log, goldfish=True,
                  rules=rules)


def kill_turn(state: Wh40kState) -> int | None:
    """The goldfishing player's turn on which the dummy's AP reached 0 (None: not killed)."""
    return state.own_turns if state.result == 0 else None


ENGINE = register(Engine(
    game="wh40k",
    new_match=new_match,
    new_goldfish=new_goldfish,
    kill_turn=kill_turn,
    policies={"random": RandomPolicy, "greedy": Greedy},
    effects=EFFECTS,
    default_max_turns=200,
    readings=READINGS,
    notes={"goldfish": "the opponent has no units and takes an empty turn between the player's turns; the kill turn "
                       "is the player's own turn on which the opponent's AP reach 0"},
))
