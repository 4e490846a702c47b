"""Setting up a game of Warcardz (a match, or a goldfish against training dummies), its readings, and its engine."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Final, Literal, TypeAlias

from decklab.catalog.cards import MAIN, Card, Deck

from ..core import DeckCache, Engine, RandomPolicy, Reading, deck_cards, new_rng, register, shuffle
from .board import (
    ATTRIBUTE_NAMES,
    ATTRIBUTES,
    COLUMN_POSITION,
    LINE,
    LINE_VALUE,
    SIDE_DECKS,
    SQUARE_NAMES,
    VIEW_ROW,
    Side,
)
from .effects import EFFECTS
from .facts import Facts, facts_of
from .policies import Greedy
from .state import WarcardzState

# The readings of unclear rules that change results, as switches (``--rule warcardz.<name>=<value>``): decklab's
# reading first. ``docs/rules/warcardz.md`` gives each one's reasons and measured effect.
READINGS = (
    Reading("turn", ("one-action", "several"),
            "one-action: a turn is one action (place a reserve, play a before-combat card, discard to flip, or "
            "attack); several: a reserve or a before-combat card, a discard to flip and an attack, all in one turn"),
    Reading("identical-cards", ("always", "on-tie"),
            "always: identical cards meeting in battle are both removed whatever the scores; on-tie: only when the "
            "scores tie (else the scores decide, as in any combat)"),
    Reading("surrender", ("stall-point", "never"),
            "stall-point: at the stall point a player who can no longer win, or else the smaller army, surrenders; "
            "never: nobody surrenders, and a game at the stall point is unresolved"),
)

DUMMY_DEFENSE = 6  # a training dummy's defense
DUMMY_STRONG, DUMMY_WEAK = 7, 1  # its score in its two strong attributes and in the other three


def _dummy(index: int) -> Card:
    """Training dummy ``index`` (0-4): strong in attributes ``index`` and ``index + 1`` (of ``ATTRIBUTES``,
    round), weak in the others, so the line has a weak spot under every attribute card, and a strong one."""
    name = f"Training Dummy ({ATTRIBUTE_NAMES[index]}/{ATTRIBUTE_NAMES[(index + 1) % 5]})"
    fields = {"name": name, "type": "character", "code": f"DUMMY{index + 1}", "value": 5, "attack": 0,
              "defense": DUMMY_DEFENSE, "frenzy": 0, "directions": [], "position": "none", "faction": "Training",
              "class": "Dummy"}
    for i, attribute in enumerate(ATTRIBUTES):
        fields[attribute] = DUMMY_STRONG if i in (index, (index + 1) % 5) else DUMMY_WEAK
    return Card(game="warcardz", name=name, type="character", set_code="GOLDFISH", fields=fields)


# The goldfish's line, from the dummies' own left: five different dummies.
DUMMY_CARDS = tuple(_dummy(i) for i in range(LINE))


_STANDARD: Final[dict[str, list[Card]]] = {}


def standard_side_decks() -> dict[str, list[Card]]:
    """The standard side decks: every attribute and variable card of the bundled starter set, read once per process."""
    if not _STANDARD:
        from decklab.catalog.setfiles import read_set_file
        from decklab.catalog.sets import starter_set_paths

        path = next(p for p in starter_set_paths() if p.name == "warcardz.yaml")
        parsed = read_set_file(path)
        for kind in SIDE_DECKS:
            _STANDARD[kind] = [Card.from_record("warcardz", parsed.code, record) for record in parsed.cards
                               if record["type"] == kind]
    return _STANDARD


def choose_line(characters: Sequence[Facts]) -> list[Facts | None]:
    """A legal starting line for a deck without a ``[line]`` section, columns flank, guard, post, guard, flank.

    The five characters of the highest total value within 25 (ties: the most that can stand in their
    preferred position, then the decklist's order), each placed in its preferred position where it can
    be. A deck with no five characters within 25 fields as many as fit (the deck is illegal anyway).
    """
    indexed = list(enumerate(characters))
    for size in range(min(LINE, len(indexed)), 0, -1):
        best, best_key = None, None
        for combo in combinations(indexed, size):
            total = sum(f.value for _, f in combo)
            if total > LINE_VALUE:
                continue
            line, matches = _arrange([f for _, f in combo])
            key = (total, matches)
            if best_key is None or key > best_key:
                best, best_key = line, key
        if best is not None:
            return best
    return [None] * LINE


def _arrange(fighters: list[Facts]) -> tuple[list[Facts | None], int]:
    """Place up to five fighters on columns 0-4 with the most in their preferred positions."""
    columns: list[Facts | None] = [None] * LINE
    order = (2, 1, 3, 0, 4)
    rest = []
    matches = 0
    for f in fighters:
        for col in order:
            if columns[col] is None and COLUMN_POSITION[col] == f.pos:
                columns[col] = f
                matches += 1
                break
        else:
            rest.append(f)
    for f in rest:
        for col in order:
            if columns[col] is None:
                columns[col] = f
                break
    return columns, matches


# A deck compiled once: its line (a ``[line]`` section's, or one chosen for it), reserves, tactics and side decks.
_Compiled: TypeAlias = "tuple[Sequence[Facts | None], list[Facts], list[Facts], list[Facts], list[Facts]]"


def _compile(deck: Deck, vanilla: bool) -> _Compiled:
    """The deck's starting line (columns 0-4 from its own left), reserves, tactics and side decks."""
    main = [facts_of(card, vanilla) for card in deck_cards(deck, MAIN)]
    characters = [f for f in main if f.type == "character"]
    tactics = [f for f in main if f.type == "tactics"]
    line: Sequence[Facts | None] | None = _given_line(deck, characters, vanilla)
    if line is None:
        line = choose_line(characters)
    reserves = list(characters)
    for f in line:
        if f is not None:
            reserves.remove(f)
    standard = None
    sides = []
    for kind in SIDE_DECKS:
        cards = deck_cards(deck, kind)
        if not cards:
            standard = standard or standard_side_decks()
            cards = standard[kind]
        sides.append([facts_of(card, vanilla) for card in cards])
    return line, reserves, tactics, sides[0], sides[1]


_compiled: Final = DeckCache(_compile)
"""A deck's line, reserves, tactics and side decks, compiled once per deck object: ``_compiled(deck, vanilla)``."""


def _given_line(deck: Deck, characters: list[Facts], vanilla: bool) -> list[Facts] | None:
    """The ``[line]`` section if it is a legal line of this deck's characters, else None."""
    cards = deck_cards(deck, "line")
    if len(cards) != LINE:
        return None
    line = [facts_of(card, vanilla) for card in cards]
    pool = list(characters)
    for f in line:
        if f.type != "character" or f not in pool:
            return None
        pool.remove(f)
    if sum(f.value for f in line) > LINE_VALUE:
        return None
    return line


def readings(rules: dict[str, str] | None) -> tuple[bool, bool, bool]:
    """The switches of :data:`READINGS` that ``rules`` ({short name: value}; missing names at decklab's reading)
    sets: (several things a turn, identical cards removed whatever the scores, surrender at the stall point).

    :raises ValueError: naming a rule the game does not have, or a value the rule does not take
        (:meth:`~decklab.engine.core.Engine.rules`).
    """
    chosen = ENGINE.short_rules(rules)
    return chosen["turn"] == "several", chosen["identical-cards"] == "always", chosen["surrender"] == "stall-point"


def _new_state(rng: random.Random, *, first: int, max_turns: int, log: bool, goldfish: bool,
               rules: dict[str, str] | None = None) -> WarcardzState:
    state = WarcardzState.__new__(WarcardzState)
    switches = readings(rules)
    state.several = switches[0]
    state.twins_always = switches[1]
    state.surrenders = switches[2]
    state.rng = rng
    state.log = [] if log else None
    state.turn = 1
    state.max_turns = max_turns
    state.board = [None] * 10
    state.units = [[], []]
    state.auras = [[], []]
    state.active = first
    state.pending = None
    state.tasks = []
    state.combat = None
    state.slot_used = state.discarded = False
    state.granted = {}
    state.result = None
    state.over = state.unresolved = False
    state.surrendered = None
    state.goldfish = goldfish
    state.next_uid = 1
    state.changed = False
    state.quiet = 0
    state.cache = {}
    state.acache = {}
    state.medics = [0, 0]
    state.var_base = state.tindex = state.skey = state.attr = state.var_attr = 0
    state.var_card = None
    return state


def _field(state: WarcardzState, player: int, line: Sequence[Facts | None]) -> None:
    """Lay a line (listed from its owner's left) face down, then turn it up."""
    for i, facts in enumerate(line):
        if facts is not None:
            state.place(facts, player, player * 5 + (i if player == 0 else 4 - i), False)


def _side_decks(state: WarcardzState, attributes: list[Facts], variables: list[Facts]) -> None:
    attr_pile, var_pile = list(attributes), list(variables)
    shuffle(attr_pile, state.rng)
    shuffle(var_pile, state.rng)
    state.attr_pile, state.var_pile = attr_pile, var_pile
    log = state.log
    state.log = None
    state.set_attribute(attr_pile.pop(0))
    var_card = var_pile.pop(0)
    state._set_variable(var_card)
    state.log = log
    if log is not None:
        state.say(f"the attribute card is {state.attr_card.name} ({ATTRIBUTE_NAMES[state.attr]}"
                  + (" + Frenzy)" if state.frenzy_on else ")") + f"; the variable card is {var_card.name}")


def _shared(state: WarcardzState, decks: Sequence[Deck], compiled: list[_Compiled], kind: str) -> list[Facts]:
    """The ``kind`` side deck the game uses: the one a deck brings (``[attribute]`` / ``[variable]``); when both
    bring one, the game's generator picks whose (never the seat); when neither, the standard one."""
    index: Literal[3, 4] = 3 if kind == "attribute" else 4
    brought = [c[index] for deck, c in zip(decks, compiled, strict=False) if deck.entries(kind)]
    if not brought:
        return compiled[0][index]  # (every deck compiles the standard side decks when it brings none)
    return brought[int(state.rng.random() * len(brought))] if len(brought) > 1 else brought[0]


def new_match(decks: Sequence[Deck], *, seed: int, first: int = 0, max_turns: int = 200, log: bool = False,
              vanilla: bool = False, rules: dict[str, str] | None = None) -> WarcardzState:
    """A two-player game; ``first`` (the runner alternates it) stands for the coin toss and takes the first turn.

    The side decks are the ``[attribute]`` / ``[variable]`` sections a deck brings (when both do, the game's
    generator picks whose), else the standard ones (the starter set's). ``rules`` turns the switches of
    :data:`READINGS` ({short name: value}; by default decklab's readings).
    """
    rng = new_rng(seed)
    state = _new_state(rng, first=first, max_turns=max_turns, log=log, goldfish=False, rules=rules)
    compiled = [_compiled(deck, vanilla) for deck in decks]
    state.sides = []
    for player, (line, reserves, tactics, _, _) in enumerate(compiled):
        state.sides.append(Side(list(tactics), list(reserves), size=len(reserves) + len(tactics)
                                + sum(1 for f in line if f is not None)))
        _field(state, player, line)
    _side_decks(state, _shared(state, decks, compiled, "attribute"), _shared(state, decks, compiled, "variable"))
    if log:
        state.say(f"P{first + 1} wins the coin toss and goes first")
        for player in (0, 1):
            state.say(f"P{player + 1}'s line, from its own left: " + ", ".join(
                f"{fighter.facts.name} ({SQUARE_NAMES[sq]})" for sq in VIEW_ROW[player]
                if (fighter := state.board[sq])))
    return state


def new_goldfish(deck: Deck, *, seed: int, max_turns: int = 50, log: bool = False, vanilla: bool = False,
                 rules: dict[str, str] | None = None) -> WarcardzState:
    """The deck against ten training dummies (:data:`DUMMY_CARDS`, five in line, five in reserve) that never
    attack and refill one open square of their line after each of the player's turns. ``rules`` as in
    :func:`new_match` (only ``turn`` matters here: no dummy is identical to a player's card, and a goldfish never
    surrenders)."""
    rng = new_rng(seed)
    state = _new_state(rng, first=0, max_turns=max_turns, log=log, goldfish=True, rules=rules)
    line, reserves, tactics, attributes, variables = _compiled(deck, vanilla)
    state.sides = [Side(list(tactics), list(reserves), size=len(reserves) + len(tactics)
                        + sum(1 for f in line if f is not None)),
                   Side([], [facts_of(card) for card in DUMMY_CARDS], dummy=True, size=2 * LINE)]
    _field(state, 0, line)
    _field(state, 1, [facts_of(card) for card in DUMMY_CARDS])
    _side_decks(state, attributes, variables)
    return state


def kill_turn(state: WarcardzState) -> int | None:
    """The turn on which the dummies' line was eliminated (None: not eliminated)."""
    return state.turn if state.result == 0 else None

ENGINE = register(Engine(
    game="warcardz",
    new_match=new_match,
    new_goldfish=new_goldfish,
    kill_turn=kill_turn,
    policies={"random": RandomPolicy, "greedy": Greedy},
    effects=EFFECTS,
    default_max_turns=200,
    readings=READINGS,
    notes={"goldfish": "the opponent is ten training dummies (value 5, attack 0, defense 6, 7 in two attributes and 1 "
                       "in the other three, each dummy strong in a different pair; frenzy 0, no attack directions): "
                       "five in line and five in reserve, one placed in the first open square of their line after "
                       "each of the player's turns; they never attack; the kill turn is the turn on which the last "
                       "dummy on the field is removed"},
))
