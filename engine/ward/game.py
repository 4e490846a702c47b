"""Setting up a game of Ward (a match or a goldfish), its readings, and its engine."""

from __future__ import annotations

from collections.abc import Sequence

from decklab.catalog.cards import Deck

from ..core import Engine, RandomPolicy, Reading, register
from .effects import EFFECTS
from .facts import deck_facts
from .policies import Greedy
from .state import WardState, new_state

# The readings of unclear rules a player may switch (``--rule ward.<name>=<value>``; the default first). See
# ``docs/rules/ward.md``: the reading of each, and what switching it measurably does.
READINGS = (
    Reading("time-out", ("on", "off"),
            "what the turn cap does in a match: on, it is Time Out (15.1.3: the player with the most creature HP in "
            "cemetery loses, equal cemeteries a draw); off, the game stops unresolved, no winner (a goldfish's cap "
            "is unresolved either way)"),
    Reading("opening-hands", ("first-turn", "setup"),
            "when the opening five cards are drawn in a match: first-turn, each player draws its five in its own first "
            "Draw Phase (the second player holds no card during the first player's first turn); setup, both players "
            "draw five (and may redraw and mulligan) at setup, the first player first, and the second player's first "
            "Draw Phase draws its one card (six cards on its first turn; a goldfish plays the same either way)"),
)


def _readings(rules: dict[str, str] | None, goldfish: bool) -> tuple[bool, bool]:
    """Under the readings ``rules`` (short names; missing ones at their defaults): whether the turn cap is Time
    Out (``time-out=on``) and whether the opening hands are drawn at setup (``opening-hands=setup``, a match only:
    a goldfish's player goes first and its first turn is the game's, so it plays the same either way).

    :raises ValueError: for a reading the game does not have or a value it does not take.
    """
    chosen = ENGINE.short_rules(rules)
    return chosen["time-out"] == "on", chosen["opening-hands"] == "setup" and not goldfish


def new_match(decks: Sequence[Deck], *, seed: int, first: int = 0, max_turns: int = 200, log: bool = False,
              vanilla: bool = False, rules: dict[str, str] | None = None) -> WardState:
    """A two-player game; ``first`` is the seat that takes the first turn (see ``_roll_for_first``); ``rules``
    switches readings (short names: ``{"time-out": "off"}``; see :data:`READINGS`)."""
    time_out, setup_draw = _readings(rules, False)
    return new_state([deck_facts(deck, vanilla) for deck in decks], seed=seed, first=first, max_turns=max_turns,
                      log=log, goldfish=False, time_out=time_out, setup_draw=setup_draw)


def new_goldfish(deck: Deck, *, seed: int, max_turns: int = 100, log: bool = False, vanilla: bool = False,
                 rules: dict[str, str] | None = None) -> WardState:
    """One player (going first) against an endless supply of Training Dummies that never battle or answer.
    ``rules`` as in :func:`new_match` (neither reading changes a goldfish: its cap is always unresolved, and its
    player's first turn is the game's first)."""
    time_out, setup_draw = _readings(rules, True)
    return new_state([deck_facts(deck, vanilla), None], seed=seed, first=0, max_turns=max_turns, log=log,
                      goldfish=True, time_out=time_out, setup_draw=setup_draw)


def kill_turn(state: WardState) -> int | None:
    """The goldfishing player's own turn on which the dummies' cemetery reached 300 HP (None: not killed)."""
    return state.own_turns if state.result == 0 else None


ENGINE = register(Engine(
    game="ward",
    new_match=new_match,
    new_goldfish=new_goldfish,
    kill_turn=kill_turn,
    policies={"random": RandomPolicy, "greedy": Greedy},
    effects=EFFECTS,
    players=(2, 2),
    default_max_turns=200,
    readings=READINGS,
    notes={"goldfish": "the opponent fields an endless supply of Training Dummies (AL 5, SPD 1, 50 HP, 1 Attack "
                       "Die +0, no effects) that never battle or answer; the kill turn is the goldfishing player's "
                       "own turn on which the dummies' cemetery reaches 300 HP. Nothing strikes back, so kill turns "
                       "measure the deck's damage unopposed: compare them between decks, not with match lengths",
           "first player": "the players roll for it (logged); the low roller's choice honours the batch's "
                           "alternating first seat"},
))
