"""Building Warcardz states by hand for rules tests (no database)."""

from __future__ import annotations

import random
from collections import Counter

from decklab.catalog.cards import Card, Deck
from decklab.engine import warcardz
from decklab.engine.warcardz import ATTRIBUTES, Fighter, WarcardzState

# Squares: 0-4 are P1's line (flank, guard, post, guard, flank from P1's left), 5-9 P2's; square c faces c + 5.
P1_FLANK, P1_GUARD, P1_POST, P1_GUARD_2, P1_FLANK_2 = range(5)
P2_FLANK, P2_GUARD, P2_POST, P2_GUARD_2, P2_FLANK_2 = range(5, 10)


def character(name: str, *, value: int = 1, attack: int = 0, defense: int = 0, directions=("front",),
              position: str = "flank", faction: str = "Resistance", klass: str = "Soldier", effects=(),
              **attributes) -> Card:
    fields = {"name": name, "type": "character", "code": name[:6], "value": value, "attack": attack,
              "defense": defense, "directions": list(directions), "position": position, "faction": faction,
              "class": klass, "effects": [dict(e) for e in effects]}
    for attribute in (*ATTRIBUTES, "frenzy"):
        fields[attribute] = attributes.get(attribute, 0)
    return Card(game="warcardz", name=name, type="character", set_code="T", fields=fields)


def tactics(name: str, timing: str, *effects) -> Card:
    return Card(game="warcardz", name=name, type="tactics", set_code="T",
                fields={"name": name, "type": "tactics", "timing": timing, "effects": [dict(e) for e in effects]})


def attribute_card(attribute: str, frenzy: bool = False, name: str | None = None) -> Card:
    name = name or f"{attribute}{' frenzy' if frenzy else ''} card"
    return Card(game="warcardz", name=name, type="attribute", set_code="T", fields={
        "name": name, "type": "attribute", "attribute": attribute, "frenzy": frenzy,
        "effects": [{"effect": "set_attribute", "trigger": "passive", "attribute": attribute, "frenzy": frenzy,
                     "duration": "while_active"}]})


def variable_card(name: str = "Calm", *, scope: str = "class", subject: str = "Nobody", bonus: int = 0,
                  side: str = "both") -> Card:
    key = {"class": "class", "faction": "faction", "position": "position"}[scope]
    return Card(game="warcardz", name=name, type="variable", set_code="T", fields={
        "name": name, "type": "variable", "scope": scope, "subject": subject, "bonus": bonus, "side": side,
        "effects": [{"effect": "modify", "trigger": "passive", "target": "all_fighters", "stat": "combat_score",
                     "amount": bonus, "side": side, "duration": "while_active", "condition": {key: subject}}]})


FILLER = [character(f"Filler {i}", value=1) for i in range(10)]
NEUTRAL = attribute_card("small_arms")
CALM = variable_card()


def deck(characters=None, tactic_cards=(), line=None, attributes=None, variables=None) -> Deck:
    chars = list(characters or FILLER)
    sections = {"main": [(c, 1) for c in chars] + [(t, 1) for t in tactic_cards],
                "attribute": [(c, 1) for c in (attributes if attributes is not None else [NEUTRAL])],
                "variable": [(c, 1) for c in (variables if variables is not None else [CALM])]}
    if line is not None:
        sections["line"] = [(c, 1) for c in line]
    return Deck(name="Test", game="warcardz", sections=sections)


def arena(p1=None, p2=None, *, attribute: Card = NEUTRAL, variable: Card = CALM, hands=((), ()), reserves=((), ()),
          first: int = 0, attributes=None, variables=None, log: bool = True) -> WarcardzState:
    """A game whose field holds exactly ``p1`` and ``p2`` ({square: card}), under ``attribute`` and ``variable``.

    ``hands`` and ``reserves`` give each player's tactics cards and reserve characters.
    """
    state = warcardz.new_match([deck(attributes=attributes or [attribute], variables=variables or [variable]),
                                deck(attributes=[], variables=[])], seed=1, first=first, log=log)
    state.board = [None] * 10
    state.units = [[], []]
    state.auras = [[], []]
    state.medics = [0, 0]
    state.cache.clear()
    state.acache.clear()
    for player, placed in enumerate((p1 or {}, p2 or {})):
        for sq, card in placed.items():
            state.place(warcardz.facts_of(card), player, sq, False)
    for player in (0, 1):
        state.sides[player].hand = [warcardz.facts_of(c) for c in hands[player]]
        state.sides[player].reserves = [warcardz.facts_of(c) for c in reserves[player]]
    state.set_attribute(warcardz.facts_of(attribute))
    state._set_variable(warcardz.facts_of(variable))
    state.tasks.clear()
    state.pending = None
    state.changed = False  # setting the field up is no change made in the turn (see the stall rule)
    if state.log is not None:
        state.log.clear()
    return state


def at(state: WarcardzState, sq: int) -> str | None:
    """The name of the card on a square (None: vacant)."""
    fighter = state.board[sq]
    return fighter.facts.name if fighter is not None else None


def fighter(state: WarcardzState, sq: int) -> Fighter:
    return state.board[sq]


def act(state: WarcardzState, action_type, **match):
    """Apply the one legal action of ``action_type`` whose fields match."""
    for action in state.legal_actions():
        if type(action) is action_type and all(getattr(action, k) == v for k, v in match.items()):
            state.apply(action)
            return action
    raise AssertionError(f"no legal {action_type.__name__} with {match}: {[str(a) for a in state.legal_actions()]}")


def answer(state: WarcardzState, text: str):
    """Apply the pending choice whose text starts with ``text``."""
    for action in state.legal_actions():
        if str(action).startswith(text):
            state.apply(action)
            return action
    raise AssertionError(f"no choice '{text}': {[str(a) for a in state.legal_actions()]}")


def attack(state: WarcardzState, attackers, target: int):
    """Declare an attack on ``target`` with the fighters on ``attackers`` (squares)."""
    return act(state, warcardz.Attack, attackers=tuple(attackers), target=target)


def pass_window(state: WarcardzState) -> None:
    """Pass every tactics window and decline every response until no choice is pending (or a move is asked)."""
    while state.pending is not None and state.pending[2] in ("window", "respond", "save"):
        state.apply(state.legal_actions()[-1])


_STARTER: dict[str, Card] = {}


def starter_cards() -> list[Card]:
    """Every card of the bundled Warcardz starter set (read from its set file once, without a database)."""
    if not _STARTER:
        from decklab.catalog.setfiles import read_set_file
        from decklab.catalog.sets import starter_set_paths

        parsed = read_set_file(next(p for p in starter_set_paths() if p.name == "warcardz.yaml"))
        for record in parsed.cards:
            _STARTER[record["name"]] = Card.from_record("warcardz", parsed.code, record)
    return list(_STARTER.values())


def starter(name: str) -> Card:
    """A card of the bundled Warcardz starter set, by name."""
    starter_cards()
    return _STARTER[name]


def said(state: WarcardzState, text: str) -> bool:
    """Whether a line of the play-by-play contains ``text``."""
    return any(text in line for line in state.log)


def _counted(cards) -> list[tuple[Card, int]]:
    """A deck section: each card once, with its number of copies (as a decklist reads)."""
    return list(Counter(cards).items())


def random_decks(cards, count: int, *, seed: int) -> list[Deck]:
    """``count`` legal decks drawn at random from ``cards`` (a starter set) under the deck rules.

    Characters (ten a deck) and tactics (three) are dealt from piles reshuffled whenever they run out, so
    every one of them is in some deck once ``count`` is large enough; duplicates happen as they may. A deck
    whose five cheapest characters pass 25 value gives its dearest back to the pile for the cheapest card
    of the set. Half of the decks name a starting ``[line]`` (five of their characters within 25, in a random
    order); one in four brings its own ``[attribute]`` and ``[variable]`` side decks (a random part of the
    set's side cards), the others play with the standard ones.
    """
    rng = random.Random(seed)
    by_type = {kind: sorted((c for c in cards if c.type == kind), key=lambda c: c.name)
               for kind in ("character", "tactics", "attribute", "variable")}
    cheapest = min(by_type["character"], key=_value)
    piles: dict[str, list[Card]] = {"character": [], "tactics": []}

    def deal(kind: str) -> Card:
        if not piles[kind]:
            piles[kind] = list(by_type[kind])
            rng.shuffle(piles[kind])
        return piles[kind].pop()

    decks = []
    for index in range(count):
        characters = [deal("character") for _ in range(10)]
        while sum(sorted(map(_value, characters))[:5]) > 25:
            dearest = max(characters, key=_value)
            characters.remove(dearest)
            piles["character"].append(dearest)
            characters.append(cheapest)
        sections = {"main": _counted(characters + [deal("tactics") for _ in range(3)])}
        if index % 2:
            line = _random_line(rng, characters)
            if line is not None:
                sections["line"] = _counted(line)
        if index % 4 == 3:
            for kind in ("attribute", "variable"):
                sections[kind] = _counted(rng.sample(by_type[kind], rng.randint(1, len(by_type[kind]))))
        decks.append(Deck(name=f"Random {index + 1}", game="warcardz", sections=sections))
    return decks


def _value(card: Card) -> int:
    return int(card.get("value", 0))


def _random_line(rng: random.Random, characters: list[Card]) -> list[Card] | None:
    """Five of ``characters`` totalling at most 25, in a random order (None if a few tries find none)."""
    for _ in range(20):
        line = rng.sample(characters, 5)
        if sum(map(_value, line)) <= 25:
            return line
    return None
