"""Setting up a game of Mage Warfare (a match of 2 to 4 Mages, or a goldfish), its readings, and its engine."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from decklab.catalog.cards import Deck

from ..core import Engine, RandomPolicy, Reading, new_rng, register, shuffle
from .board import OPENING, SERIALS, Side
from .effects import EFFECTS
from .facts import deck_gear_upkeep, deck_piles
from .policies import Greedy
from .state import MageState


def _side(seat: int, deck: Deck, rng: random.Random, vanilla: bool) -> Side:
    piles = [list(pile) for pile in deck_piles(deck, vanilla)]
    for pile in piles:
        shuffle(pile, rng)
    return Side(seat, *piles)


READINGS: Final = (
    Reading("deployed-block", ("off", "on"),
            "whether Deployed cards may block: off, they may not (an attacker cannot block until its controller's "
            "next Withdraw, nor can a card Deployed for an ability); on, they may (Deploying only spends the attack "
            "and Deploy abilities)"),
    Reading("reactive-windows", ("block-and-battle", "block"),
            "when Spells and abilities may be used on another player's turn: block-and-battle, when an attacker "
            "comes at the player (before it chooses a blocker) and in a Battle before each of its Moves; block, only "
            "before it chooses a blocker (Unweave keeps its own window either way)"),
)
"""The readings of unclear rules a player may switch (``--rule magewarfare.<name>=<value>``, the default first); see
``docs/rules/magewarfare.md`` for each reading and what switching it measurably does."""


def _readings(rules: dict[str, str] | None) -> tuple[bool, bool]:
    """(whether Deployed cards may block, whether Battles have the reactive window before each Move) under the
    readings ``rules`` (short names; those missing at their defaults).

    :raises ValueError: for a reading the game does not have or a value it does not take.
    """
    if not rules:
        return False, True
    chosen = ENGINE.short_rules(rules)
    return chosen["deployed-block"] == "on", chosen["reactive-windows"] == "block-and-battle"


def _state(sides: list[Side], rng: random.Random, *, first: int, max_turns: int, log: bool, goldfish: bool,
           gear_upkeep: bool | None = None, rules: dict[str, str] | None = None) -> MageState:
    state = MageState()
    state.deployed_block, state.battle_window = _readings(rules)
    state.rng = rng
    state.log = [] if log else None
    state.turn = 1
    state.max_turns = max_turns
    state.sides = sides
    state.n = len(sides)
    # Every side in turn order from each player's own point of view (``order[p]``: p, then the next seat, ...).
    # Lists of targets follow it, so a policy that takes the first of equals breaks the tie by relative seat (the
    # next Mage in turn order), never by absolute seat number.
    state.order = [tuple(sides[(p + k) % len(sides)] for k in range(len(sides))) for p in range(len(sides))]
    state.active = state.first = first
    state.pending = []
    state.battle = None
    state.declared = []
    state.ai = 0
    state.cur = None
    state.cur_seat = 0
    state.objs = {}
    state.next_id = 0
    state.stamp = 0
    state.result = None
    state.over = False
    state.goldfish = goldfish
    state.maint_queue = []
    state.stack = None
    state.cache = None
    state.recheck = False
    state.aura_stamp = -1
    state.aura_sides = []
    state.aura_units = []
    state.gear_acts = [0] * len(sides)  # per seat: equipped Devices with activated abilities
    state.expiring = False
    state.attacks_begun = 0
    state.capped = False
    state.reactor = -1
    if gear_upkeep is None:
        gear_upkeep = any(f.maint and not f.unit for side in sides for pile in (side.armory, side.spellbook, side.hand)
                          for f in pile)
    state.gear_upkeep = gear_upkeep  # whether any non-Creature card with a Maintenance Cost can come into play
    state.serial = next(SERIALS)
    state.version = 0
    state.phase = OPENING
    state.opening = [(first + k) % state.n for k in range(state.n) if not sides[(first + k) % state.n].dummy]
    state._proceed()
    return state


def new_match(decks: Sequence[Deck], *, seed: int, first: int = 0, max_turns: int = 200, log: bool = False,
              vanilla: bool = False, rules: dict[str, str] | None = None) -> MageState:
    """A game of 2 to 4 Mages; ``first`` is the seat that takes the first turn; ``rules`` switches readings (short
    names: ``{"deployed-block": "on"}``; see :data:`READINGS`)."""
    if not 2 <= len(decks) <= 4:
        raise ValueError(f"Mage Warfare is played by 2 to 4 Mages, not {len(decks)}")
    rng = new_rng(seed)
    sides = [_side(seat, deck, rng, vanilla) for seat, deck in enumerate(decks)]
    return _state(sides, rng, first=first, max_turns=max_turns, log=log, goldfish=False,
                  gear_upkeep=any(deck_gear_upkeep(deck, vanilla) for deck in decks), rules=rules)


def new_goldfish(deck: Deck, *, seed: int, max_turns: int = 50, log: bool = False, vanilla: bool = False,
                 rules: dict[str, str] | None = None) -> MageState:
    """One Mage against an opponent Mage with no cards, which never takes a turn; ``rules`` as in :func:`new_match`
    (neither reading changes a goldfish: nothing ever blocks, and nobody reacts)."""
    rng = new_rng(seed)
    dummy = Side(1, [], [], [], dummy=True)
    return _state([_side(0, deck, rng, vanilla), dummy], rng, first=0, max_turns=max_turns, log=log, goldfish=True,
                  rules=rules)


def kill_turn(state: MageState) -> int | None:
    """The goldfishing player's turn on which the opponent's 100 HP reached 0 (None: not killed)."""
    return state.turn if state.goldfish and state.result == 0 else None


ENGINE = register(Engine(
    game="magewarfare",
    new_match=new_match,
    new_goldfish=new_goldfish,
    kill_turn=kill_turn,
    policies={"random": RandomPolicy, "greedy": Greedy},
    effects=EFFECTS,
    players=(2, 4),
    default_max_turns=200,
    search_budget=16,  # its games are long (about 120 searched decisions, long playouts): see docs/search.md
    notes={"goldfish": "the opponent Mage has 100 HP and no cards and takes no turns; the kill turn is the "
                       "turn on which its HP reach 0",
           "multiplayer": "free-for-all: each attacker goes after the Mage its player chooses; the last Mage "
                          "standing wins"},
    readings=READINGS,
))
