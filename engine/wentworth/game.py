"""Setting up a game of Wentworth (a match or a goldfish), its readings, and its engine."""

from __future__ import annotations

import random
from collections.abc import Sequence

from decklab.catalog.cards import Deck

from ..core import Engine, RandomPolicy, Reading, new_rng, register
from .board import HAND_SIZE, REBUFF, REDRAWING, Side, _shuffle
from .effects import EFFECTS
from .facts import _compiled
from .policies import Greedy
from .state import WentworthState

# The readings of unclear rules a player may switch (``--rule wentworth.<name>=<value>``; the default first). See
# ``docs/rules/wentworth.md``: the reading of each, and what switching it measurably does.
READINGS = (
    Reading("undefended-damage", ("total", "none"),
            "what an attack nobody defends deals to the attacked player: total, its whole roll total (the difference "
            "against no defender's roll); none, nothing (a player takes combat damage only as a defeated guardian's "
            "excess)"),
    Reading("attackers-rest", ("next-turn", "end-of-turn"),
            "how long guardians that attacked rest: next-turn, until their controller's next Recharge (they cannot "
            "defend in the other players' turns); end-of-turn, they stand up at the end of their controller's turn "
            "(they may defend)"),
)


def _side(seat: int, deck: Deck, rng: random.Random, vanilla: bool) -> Side:
    cards = list(_compiled(deck, vanilla))
    side = Side(seat, cards)
    _shuffle(side, rng)
    for _ in range(HAND_SIZE):
        if cards:
            side.hand.append(cards.pop())
    return side


def _readings(rules: dict[str, str] | None) -> tuple[bool, bool]:
    """``(undefended_damage, attackers_stand)`` under the readings ``rules`` (short names; those missing at their
    defaults).

    :raises ValueError: for a reading the game does not have or a value it does not take.
    """
    chosen = ENGINE.short_rules(rules)
    return chosen["undefended-damage"] == "total", chosen["attackers-rest"] == "end-of-turn"


def _state(sides: list[Side], rng: random.Random, first: int, max_turns: int, log: bool, goldfish: bool,
           undefended_damage: bool = True, attackers_stand: bool = False) -> WentworthState:
    state = WentworthState()
    state.undefended_damage = undefended_damage
    state.attackers_stand = attackers_stand
    state.rng = rng
    state.log = [] if log else None
    state.turn = 1
    state.max_turns = max_turns
    state.sides = sides
    state.n = len(sides)
    # each seat's view of the table (see seen_by), built once
    state.views = tuple([tuple(sides[seat:] + sides[:seat]) for seat in range(len(sides))])
    state.first = state.active = state.redraw_seat = first
    state.phase = REDRAWING
    state.pending, state.queue, state.resume = [], [], []
    state.next_uid = 1
    state.result = None
    state.over = False
    state.goldfish = goldfish
    state.used = {}
    state.delayed = []
    state.hurt = False
    state.c_att = state.c_def = None
    state.c_ap = state.c_dp = state.c_prio = -1
    state.c_defended = state.c_rolled = False
    state.c_adice = state.c_ddice = ()
    state.c_mods, state.c_rolltime, state.c_protect = [], [], None
    state.c_passes = 0
    state.c_order = []
    state.w_seats, state.w_after = [], REBUFF
    state.decl, state.blocks, state.block_seats, state.block_idx, state.c_index = [], [], [], [], -1
    state.glob, state.count_sensitive, state.env_attack = [], False, False
    # nothing is in play yet: what _rebuild() finds on an empty board
    state.dirty = False
    state.src_cost, state.src_prevent, state.src_act, state.src_potion, state.src_turn = [], [], [], [], []
    state.src_ract = []
    return state


def new_match(decks: Sequence[Deck], *, seed: int, first: int = 0, max_turns: int = 200, log: bool = False,
              vanilla: bool = False, rules: dict[str, str] | None = None) -> WentworthState:
    """A game of two to four players (free-for-all); ``first`` is the seat that takes the first turn.
    Each player, from ``first`` on, first decides whether to use the one redraw. ``rules`` switches readings
    (short names: ``{"undefended-damage": "none"}``; see :data:`READINGS`)."""
    if not 2 <= len(decks) <= 4:
        raise ValueError(f"a Wentworth game takes 2 to 4 decks, not {len(decks)}")
    undefended, stand = _readings(rules)
    rng = new_rng(seed)
    sides = [_side(seat, deck, rng, vanilla) for seat, deck in enumerate(decks)]
    return _state(sides, rng, first=first % len(decks), max_turns=max_turns, log=log, goldfish=False,
                  undefended_damage=undefended, attackers_stand=stand)


def new_goldfish(deck: Deck, *, seed: int, max_turns: int = 50, log: bool = False,
                 vanilla: bool = False, rules: dict[str, str] | None = None) -> WentworthState:
    """One player against a dummy with 50 life that has no cards, no guardians and does nothing (it counts as
    having had its first turn, so it can be attacked at once); ``rules`` as in :func:`new_match`
    (undefended-damage=none: the dummy, which never defends, never takes combat damage)."""
    undefended, stand = _readings(rules)
    rng = new_rng(seed)
    return _state([_side(0, deck, rng, vanilla), Side(1, [], dummy=True)], rng, first=0, max_turns=max_turns,
                  log=log, goldfish=True, undefended_damage=undefended, attackers_stand=stand)


def kill_turn(state: WentworthState) -> int | None:
    """The goldfishing player's turn on which the dummy's 50 life reached 0 (None: not killed)."""
    return state.turn if state.result == 0 else None


ENGINE = register(Engine(
    game="wentworth",
    new_match=new_match,
    new_goldfish=new_goldfish,
    kill_turn=kill_turn,
    policies={"random": RandomPolicy, "greedy": Greedy},
    effects=EFFECTS,
    players=(2, 4),
    default_max_turns=200,
    notes={"goldfish": "the opponent has 50 life, no guardians and does nothing; the kill turn is the turn "
                       "on which its life reaches 0"},
    readings=READINGS,
))
