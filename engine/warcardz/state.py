"""Warcardz: the full rules of ``warcardz.txt`` on the engine core.

Two lines of five squares face each other (flank, guard, post, guard, flank). Each player
fields five characters (total value at most 25 at all times) and keeps five reserves and
three tactics cards in hand. A shared attribute card names the attribute every combat
uses; a shared variable card gives a blanket bonus. A turn is one action: place a reserve,
play a before-combat tactics card, discard a card to flip a side-deck card, or attack (several
attackers may gang up on one target). The side with no fighter left on the field loses; at the
stall point a player who can no longer win surrenders. Readings of unclear rules are in
``docs/rules/warcardz.md``; those that change results are switches (:data:`READINGS`, ``rules=`` of
:func:`new_match` and :func:`new_goldfish`).

The board is ten squares: ``0-4`` are P1's line and ``5-9`` P2's, both numbered from P1's
left, so square ``c`` faces square ``c + 5``. Every player looks at the board from its own
side: P2's left is P1's right. Whatever follows an order of squares (a policy's tie-break, the
order of the legal actions) takes it from the acting player's own side (:func:`view`), so the
two seats of a mirror match play alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from itertools import combinations
from operator import attrgetter
from typing import Any, Final, Literal, NamedTuple, TypeAlias

from decklab.catalog.cards import MAIN, Card, Deck

from ..core import (
    Action,
    Engine,
    GameState,
    Pass,
    RandomPolicy,
    Reading,
    deck_cards,
    new_rng,
    register,
    shuffle,
)
from ..core import Play as Tactic  # a before-combat tactics card is played with the core's Play action
from ..effects import EffectRegistry

# A card's effect entry: a mapping of its record, whose values are of any type.
_Entry: TypeAlias = Mapping[str, Any]
# A compiled modifier: (stat, amount, condition); a variable card's is (amount, sides, condition).
_Mod: TypeAlias = "tuple[int, int, Cond | None]"
# How an instant is played in a combat's tactics window (``Facts.window``): (True, preferred position only,
# condition) when it picks one of the player's fighters, else (False, its entries as (effect, target, stat,
# condition)).
_Window: TypeAlias = ("tuple[Literal[True], bool, Cond | None]"
                      " | tuple[Literal[False], tuple[tuple[str, str | None, int, Cond | None], ...]]")

LINE: Final = 5
LINE_VALUE: Final = 25
# This many turns in a row without a change on the field or in the side decks: the stall point.
QUIET_TURNS: Final = 10
# Before-combat effects that can bring a fighter within reach of an enemy (a new square, a new light, a new fighter).
REACHING_EFFECTS: Final = frozenset({"move", "swap_positions", "grant_direction", "deploy_reserve",
                                     "return_to_reserve"})
ATTRIBUTES = ("hand_to_hand", "small_arms", "heavy_weapons", "energy", "explosive")
ATTRIBUTE_NAMES = ("Hand-to-Hand", "Small Arms", "Heavy Weapons", "Energy", "Explosive")
DIRECTIONS = ("front", "left_front", "right_front", "left", "right", "aft")
POSITIONS = ("flank", "guard", "post")
COLUMN_POSITION = (0, 1, 2, 1, 0)
SIDE_DECKS = ("attribute", "variable")

# Stats a modifier may change: the five attributes are 0-4.
FRENZY: Final = 5
ATTACK: Final = 6
DEFENSE: Final = 7
ALL_ATTRIBUTES: Final = 8
ACTIVE_ATTRIBUTE: Final = 9
COMBAT_SCORE: Final = 10
STATS = {**{name: i for i, name in enumerate(ATTRIBUTES)}, "frenzy": FRENZY, "attack": ATTACK, "defense": DEFENSE,
         "all_attributes": ALL_ATTRIBUTES, "active_attribute": ACTIVE_ATTRIBUTE, "combat_score": COMBAT_SCORE}
SIDES = {"attack": 1, "defense": 2, "both": 3}

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

# --- geometry -----------------------------------------------------------------------------------

SQUARE_POSITION: Final = tuple(COLUMN_POSITION[sq % 5] for sq in range(10))
SQUARE_NAMES: Final = tuple(f"P{sq // 5 + 1} {POSITIONS[COLUMN_POSITION[sq % 5]]} {sq % 5 + 1}" for sq in range(10))
ROW_SQUARES: Final = (tuple(range(5)), tuple(range(5, 10)))


def view(player: int, sq: int) -> int:
    """Square ``sq`` as ``player`` sees the board from its own side: its own line is 0-4 from its own
    left, the enemy's line 5-9 from its own left (the board turned round for P2).

    >>> view(0, 2), view(1, 9), view(1, 5), view(1, 4)
    (2, 0, 4, 5)
    """
    return sq if player == 0 else 9 - sq


# VIEW_ORDER[player]: the ten squares in ``player``'s own order (its line from its left, then the enemy's).
VIEW_ORDER: Final = tuple(tuple(sorted(range(10), key=partial(view, p))) for p in (0, 1))
# VIEW_ROW[player]: the squares of ``player``'s own line, from its own left.
VIEW_ROW: Final = tuple(tuple(sq for sq in VIEW_ORDER[p] if sq in ROW_SQUARES[p]) for p in (0, 1))
# What a target adds to its worth (100 a value point) when it is an attacker of the enemy's best attack.
BREAK: Final = 300.0
BACKED: Final = 3  # an attack the player's own instant would win by at least this much is worth making
TRADE: Final = 1.0  # the value of a plan that trades a fighter for the identical enemy card (below any winning attack)
# Where the greedy policy caches its best attack in ``state.cache`` (str keys hash fast).
PLANS: Final = ("plan 0", "plan 1")


def _step(owner: int, sq: int, direction: str) -> int:
    """The square one step from ``sq`` in ``direction`` for a fighter of ``owner`` (-1: off the board).

    P1 (row 0) faces row 1 and its left is column - 1; P2 faces row 0 and its left is column + 1.
    """
    row, col = divmod(sq, 5)
    forward = 1 if owner == 0 else -1
    left = -1 if owner == 0 else 1
    d_row, d_col = {"front": (forward, 0), "left_front": (forward, left), "right_front": (forward, -left),
                    "left": (0, left), "right": (0, -left), "aft": (-forward, 0)}[direction]
    row, col = row + d_row, col + d_col
    return row * 5 + col if 0 <= row < 2 and 0 <= col < 5 else -1


# REACH[owner][sq]: (direction bit, target square) for every direction that stays on the board.
REACH = tuple(tuple(tuple((1 << i, _step(owner, sq, d)) for i, d in enumerate(DIRECTIONS) if _step(owner, sq, d) >= 0)
                    for sq in range(10)) for owner in (0, 1))
# REACH_MASK[owner][sq][lights]: the squares a fighter with these direction lights can attack.
REACH_MASK: Final = tuple(tuple(tuple(tuple(t for bit, t in REACH[owner][sq] if lights & bit) for lights in range(64))
                         for sq in range(10)) for owner in (0, 1))
# REACHERS[owner][sq]: (square, direction bit) of every square from which a fighter of ``owner`` with that
# light attacks ``sq``, in ``owner``'s own order of squares (``VIEW_ORDER``).
REACHERS: Final = tuple(tuple(tuple((src, bit) for src in VIEW_ORDER[owner] for bit, t in REACH[owner][src] if t == sq)
                       for sq in range(10)) for owner in (0, 1))
# Squares one step forward, aft, left or right (the same set for both players).
ORTHOGONAL: Final = tuple(frozenset(t for d in ("front", "aft", "left", "right") if (t := _step(0, sq, d)) >= 0)
                   for sq in range(10))
# The squares next to ``sq`` in its own row (left and right).
BESIDE: Final = tuple(tuple(t for t in (sq - 1, sq + 1) if 0 <= t < 10 and t // 5 == sq // 5) for sq in range(10))


def direction_of(owner: int, src: int, dst: int) -> str:
    """The direction name from ``src`` to ``dst`` for a fighter of ``owner`` ('' if not one step)."""
    for d in DIRECTIONS:
        if _step(owner, src, d) == dst:
            return d.replace("_", " ")
    return ""


# --- effects ------------------------------------------------------------------------------------

_FIGHTER_CONDITIONS = {"faction", "class", "position", "attribute", "max_value"}
_COMBAT_TARGETS = {"own_fighter_in_combat", "own_fighters_in_combat", "defending_own_fighter"}
_COMBAT_KINDS = {"modify", "add_frenzy", "preferred_position", "ignore_variable", "negate", "prevent_removal"}
_DURATIONS = {"this_combat", "this_turn", "while_in_play", "while_active"}


class _Registry(EffectRegistry):
    """The effect kinds, checked down to the values the engine understands (stats, sides, sources)."""

    def supports(self, entry: _Entry) -> bool:
        if not super().supports(entry):
            return False
        kind, trigger, target = entry["effect"], entry["trigger"], entry.get("target")  # (a supported entry has one)
        if "duration" in entry and entry["duration"] not in _DURATIONS:
            return False
        if kind == "modify":
            if entry.get("stat") not in STATS or not isinstance(entry.get("amount"), int):
                return False
            if entry.get("side", "both") not in SIDES:
                return False
            if (entry["stat"] == "combat_score") != (target == "all_fighters"):
                return False
            return {"passive": {"this", "adjacent_own_fighters", "other_own_fighters", "all_fighters"},
                    "on_attack": {"this"}, "on_play": _COMBAT_TARGETS}[trigger].__contains__(target)
        if kind == "add_frenzy":
            return (trigger, target) in {("on_attack", "this"), ("on_play", "own_fighters_in_combat"),
                                         ("on_play", "own_fighter_in_combat")}
        if kind == "set_attribute":
            return entry.get("attribute") in ATTRIBUTES
        if kind == "choose_attribute":
            return entry.get("from", "top") in ("top", "deck") and bool(
                entry.get("from", "top") == "top" or entry.get("choice", "named_attribute") == "named_attribute")
        if kind == "move":
            return bool(entry.get("destination", "any_vacant_own_position") == "any_vacant_own_position")
        if kind == "grant_direction":
            return bool(entry.get("directions")) and set(entry["directions"]) <= set(DIRECTIONS)
        if kind == "prevent_removal":
            return bool(entry.get("instead", "return_to_reserve") == "return_to_reserve")
        if kind == "deploy_reserve":
            return isinstance(entry.get("amount", 1), int)
        return True

    def is_modeled(self, card: Card) -> bool:
        if not super().is_modeled(card):
            return False
        if card.type == "tactics":
            plays = [e for e in card.effects if e.get("trigger") == "on_play"]
            if len(plays) != len(card.effects):
                return False
            instant = card.get("timing") == "instant"
            if any((e["effect"] in _COMBAT_KINDS) != instant for e in plays):
                return False
            if sum(1 for e in plays if _targeted(e)) > 1:
                return False
        elif card.type == "character":
            return all(e.get("trigger") in ("passive", "on_attack", "on_win", "on_enter")
                       and e.get("target") != "all_fighters" for e in card.effects)
        elif card.type == "attribute":
            return all(e["effect"] == "set_attribute" for e in card.effects)
        elif card.type == "variable":
            return all(e["effect"] == "modify" and e.get("target") == "all_fighters" for e in card.effects)
        return True


EFFECTS = _Registry("warcardz")
EFFECTS.kind("set_attribute", triggers={"passive"}, keys={"attribute", "frenzy", "duration"})
EFFECTS.kind("modify", triggers={"passive", "on_attack", "on_play"},
             targets={"this", "adjacent_own_fighters", "other_own_fighters", "all_fighters", *_COMBAT_TARGETS},
             keys={"stat", "amount", "duration", "side"},
             conditions={*_FIGHTER_CONDITIONS, "attacking_with", "attacking_alone"})
EFFECTS.kind("add_frenzy", triggers={"on_attack", "on_play"},
             targets={"this", "own_fighters_in_combat", "own_fighter_in_combat"}, keys={"duration"},
             conditions=_FIGHTER_CONDITIONS)
EFFECTS.kind("flip_attribute", triggers={"on_play", "on_win", "on_enter"}, keys={"optional"})
EFFECTS.kind("flip_variable", triggers={"on_play", "on_win", "on_enter"}, keys={"optional"})
EFFECTS.kind("choose_attribute", triggers={"on_play"}, keys={"from", "count", "choice"})
EFFECTS.kind("swap_positions", triggers={"on_play"}, targets={"two_adjacent_own_fighters"})
EFFECTS.kind("move", triggers={"on_play"}, targets={"own_fighter"}, keys={"destination"},
             conditions=_FIGHTER_CONDITIONS)
EFFECTS.kind("return_to_reserve", triggers={"on_play"}, targets={"own_fighter", "enemy_fighter"},
             conditions=_FIGHTER_CONDITIONS)
EFFECTS.kind("deploy_reserve", triggers={"on_play"}, targets={"controller"}, keys={"amount", "optional"})
EFFECTS.kind("grant_direction", triggers={"on_play"}, targets={"own_fighter"}, keys={"directions", "duration"},
             conditions=_FIGHTER_CONDITIONS)
EFFECTS.kind("negate", triggers={"on_play"}, targets={"enemy_tactic"})
EFFECTS.kind("ignore_variable", triggers={"on_play"}, keys={"duration"})
EFFECTS.kind("prevent_removal", triggers={"on_play"}, targets={"defending_own_fighter"}, keys={"instead", "duration"})
EFFECTS.kind("preferred_position", triggers={"on_play"}, targets={"own_fighter_in_combat"}, keys={"duration"})

# Entries whose target the player picks when the card is played.
_PICKED = {"own_fighter", "enemy_fighter", "two_adjacent_own_fighters", "own_fighter_in_combat"}


def _targeted(entry: _Entry) -> bool:
    return entry.get("target") in _PICKED or (entry["effect"] == "choose_attribute" and entry.get("from") == "deck")


class Cond:
    """A compiled ``condition`` mapping."""

    __slots__ = ("alone", "attrs", "faction", "klass", "max_value", "position", "with_")
    alone: bool | None
    attrs: frozenset[int] | None
    faction: str | None
    klass: str | None
    max_value: int | None
    position: int
    with_: Cond | None

    def __init__(self, condition: Mapping[str, Any]) -> None:
        faction, klass, position = condition.get("faction"), condition.get("class"), condition.get("position")
        self.faction = faction.casefold() if faction else None
        self.klass = klass.casefold() if klass else None
        self.position = POSITIONS.index(position) if position in POSITIONS else -1
        attrs = condition.get("attribute")
        if isinstance(attrs, str):
            attrs = [attrs]
        self.attrs = frozenset(ATTRIBUTES.index(a) for a in attrs if a in ATTRIBUTES) if attrs else None
        self.max_value = condition.get("max_value")
        self.alone = condition.get("attacking_alone")
        self.with_ = Cond(condition["attacking_with"]) if condition.get("attacking_with") else None


_CONDS: Final[dict[int, tuple[_Entry, Cond | None]]] = {}


def _cond(entry: _Entry) -> Cond | None:
    """The compiled condition of an effect entry (cached by identity: entries never change)."""
    cached = _CONDS.get(id(entry))
    if cached is None or cached[0] is not entry:
        condition = entry.get("condition")
        cached = _CONDS[id(entry)] = (entry, Cond(condition) if condition else None)
    return cached[1]


def _holds(c: Cond, facts: Facts, pos: int, attr: int, group: Sequence[Fighter | None] | None,
           me: Fighter | None) -> bool:
    """Whether ``facts`` (standing in position ``pos``, attribute card ``attr``, attacking with ``group``) meets
    ``c``."""
    if c.faction is not None and facts.faction != c.faction:
        return False
    if c.klass is not None and facts.klass != c.klass:
        return False
    if c.position >= 0 and pos != c.position:
        return False
    if c.attrs is not None and attr not in c.attrs:
        return False
    if c.max_value is not None and facts.value > c.max_value:
        return False
    if c.alone is not None and (group is not None and len(group) == 1) != bool(c.alone):
        return False
    if c.with_ is not None:
        if group is None:
            return False
        inner = c.with_
        for other in group:
            if other is not me and other is not None and _holds(inner, other.facts, -1, attr, None, None):
                return True
        return False
    return True


_SERIALS = iter(range(1, 1 << 62))  # the serials of compiled facts: small numbers naming the cards in score caches


class Facts:
    """A card's facts compiled once per process: stats, lights, and its effects sorted by use."""

    __slots__ = (
        "adj_mods",
        "attack",
        "attack_frenzy",
        "attack_mods",
        "attr_dependent",
        "attr_frenzy",
        "attribute",
        "attrs",
        "aura_frenzy",
        "aura_grouped",
        "auras",
        "before",
        "card",
        "compiled_plays",
        "defense",
        "dirs",
        "faction",
        "frenzy",
        "frenzy_cap",
        "gains",
        "grouped",
        "instant",
        "key",
        "klass",
        "name",
        "negates",
        "on_enter",
        "on_win",
        "plays",
        "pos",
        "saves",
        "self_mods",
        "serial",
        "targeted",
        "type",
        "value",
        "var_mods",
        "window",
        "with_mods",
    )
    adj_mods: tuple[_Mod, ...]
    attack: int
    attack_frenzy: tuple[Cond | None, ...]
    attack_mods: tuple[_Mod, ...]
    attr_dependent: bool
    attr_frenzy: bool
    attribute: int
    attrs: tuple[int, ...]
    aura_frenzy: int
    aura_grouped: bool
    auras: tuple[_Mod, ...]
    before: str | None
    card: Card
    compiled_plays: tuple[tuple[str, str | None, Cond | None, int, Any], ...]  # (effect, target, cond., stat, amount)
    defense: int
    dirs: int
    faction: str
    frenzy: int
    frenzy_cap: int
    gains: tuple[int, int, int, int, int, bool] | None
    grouped: bool
    instant: bool
    key: str
    klass: str
    name: str
    negates: bool
    on_enter: tuple[_Entry, ...]
    on_win: tuple[_Entry, ...]
    plays: tuple[_Entry, ...]
    pos: int
    saves: bool
    self_mods: tuple[_Mod, ...]
    serial: int
    targeted: _Entry | None
    type: str
    value: int
    var_mods: tuple[_Mod, ...]
    window: _Window | None
    with_mods: tuple[_Mod, ...] | None

    def __init__(self, card: Card, vanilla: bool) -> None:
        self.card = card
        self.name = card.name
        self.key = card.key
        self.type = card.type
        self.value = int(card.get("value", 0) or 0)
        self.attack = int(card.get("attack", 0) or 0)
        self.defense = int(card.get("defense", 0) or 0)
        self.attrs = tuple(int(card.get(a, 0) or 0) for a in ATTRIBUTES)
        frenzy = card.get("frenzy", 0)
        self.frenzy = int(frenzy or 0) if card.type == "character" else 0
        self.dirs = sum(1 << DIRECTIONS.index(d) for d in card.get("directions", ()) if d in DIRECTIONS)
        self.pos = POSITIONS.index(card.get("position")) if card.get("position") in POSITIONS else -1
        self.faction = str(card.get("faction", "")).casefold()
        self.klass = str(card.get("class", "")).casefold()
        self.instant = card.get("timing") == "instant"
        self.self_mods = ()
        self.adj_mods = ()
        self.auras = ()
        self.attack_mods = ()
        self.attack_frenzy = ()
        self.on_win = ()
        self.on_enter = ()
        self.plays = ()
        self.targeted = None
        self.negates = self.saves = False
        self.attribute = ATTRIBUTES.index(card["attribute"]) if card.get("attribute") in ATTRIBUTES else 0
        self.attr_frenzy = bool(card.get("frenzy")) if card.type == "attribute" else False
        self.var_mods = ()
        modeled = EFFECTS.is_modeled(card)
        if vanilla and not modeled:
            self._finish()
            return
        lists: dict[str, list[_Mod]] = {"self": [], "adj": [], "aura": [], "attack": [], "var": []}
        frenzy_conds: list[Cond | None] = []
        for entry in card.effects:
            kind, trigger, target = entry["effect"], entry.get("trigger"), entry.get("target")
            if not modeled and not EFFECTS.supports(entry):
                continue
            if card.type == "attribute" and kind == "set_attribute":
                self.attribute = ATTRIBUTES.index(entry["attribute"])
                self.attr_frenzy = bool(entry.get("frenzy"))
            elif card.type == "variable" and kind == "modify":
                lists["var"].append((entry["amount"], SIDES[entry.get("side", "both")], _cond(entry)))
            elif trigger == "passive" and kind == "modify":
                key = {"this": "self", "adjacent_own_fighters": "adj", "other_own_fighters": "aura"}.get(target or "")
                if key:
                    lists[key].append((STATS[entry["stat"]], entry["amount"], _cond(entry)))
            elif trigger == "on_attack" and kind == "modify":
                lists["attack"].append((STATS[entry["stat"]], entry["amount"], _cond(entry)))
            elif trigger == "on_attack" and kind == "add_frenzy":
                frenzy_conds.append(_cond(entry))
            elif trigger == "on_win":
                self.on_win += (entry,)
            elif trigger == "on_enter":
                self.on_enter += (entry,)
            elif trigger == "on_play":
                self.plays += (entry,)
                if _targeted(entry) and self.targeted is None:
                    self.targeted = entry
                self.negates |= kind == "negate"
                self.saves |= kind == "prevent_removal"
        if card.type == "variable" and not card.effects and card.get("scope") in ("faction", "class", "position"):
            # A variable card without effects entries: its contract fields say the same thing.
            lists["var"].append((int(card.get("bonus", 0)), SIDES.get(card.get("side", "both"), 3),
                                 Cond({card["scope"]: card.get("subject")})))
        self.self_mods, self.adj_mods, self.auras = tuple(lists["self"]), tuple(lists["adj"]), tuple(lists["aura"])
        self.attack_mods, self.attack_frenzy, self.var_mods = (tuple(lists["attack"]), tuple(frenzy_conds),
                                                               tuple(lists["var"]))
        self._finish()

    def _finish(self) -> None:
        """Derived facts for fast scoring."""
        self.serial = next(_SERIALS)  # a small number naming the card in score caches

        def grouped(conds: list[Cond | None]) -> bool:
            return any(c is not None and (c.alone is not None or c.with_ is not None) for c in conds)

        # Whether its score as an attacker depends on who else attacks (its own effects, or its commands).
        self.grouped = grouped([m[2] for m in self.self_mods + self.attack_mods] + list(self.attack_frenzy))
        # The modifiers that need another attacker to match: None if the in-group score needs the long way.
        self.with_mods = tuple(m for m in self.self_mods + self.attack_mods
                               if m[2] is not None and m[2].with_ is not None)
        if any(c is not None and c.with_ is not None for c in self.attack_frenzy):
            self.with_mods = None
        self.aura_grouped = grouped([m[2] for m in self.auras])
        # At most how much its frenzy score could add to its total (the tactics window's bound), and
        # how much its commands could add to another fighter's.
        def frenzy_mods(mods: tuple[_Mod, ...]) -> int:
            return sum(abs(amount) for stat, amount, _ in mods if stat in (FRENZY, ALL_ATTRIBUTES))

        self.frenzy_cap = max(self.frenzy, 0) + 1 + frenzy_mods(self.self_mods) + frenzy_mods(self.attack_mods)
        self.aura_frenzy = frenzy_mods(self.auras)
        # Its on-play entries as (effect, target, condition, stat, amount), for the tactics window.
        self.compiled_plays = tuple((e["effect"], e.get("target"), _cond(e), STATS.get(e.get("stat", ""), -1),
                                     e.get("amount")) for e in self.plays)
        # Whether a variable card's bonuses depend on the attribute card.
        self.attr_dependent = any(c is not None and c.attrs is not None for _, _, c in self.var_mods)
        # The effect of a before-combat card's first entry (None: not one).
        self.before = self.plays[0]["effect"] if self.plays and not self.instant else None
        # How this card is played in a combat's tactics window (None: not there).
        self.window = None
        self.gains = None
        if self.instant and self.plays and not self.negates and not self.saves:
            t = self.targeted
            if t is not None:
                self.window = (True, t["effect"] == "preferred_position", _cond(t))
            else:
                self.window = (False, tuple((e["effect"], e.get("target"), STATS.get(e.get("stat", ""), -1), _cond(e))
                                            for e in self.plays))
            # Its part of the window's bound (see ``_most_gained``): fixed gain, gain per own fighter in the
            # combat, frenzy grants, Signal Jammers, frenzy modifiers, and whether it has no bound.
            fixed = per_mine = frenzies = ignores = extra = 0
            unbounded = False
            for e in self.plays:
                kind = e["effect"]
                if kind == "modify":
                    amount = abs(e["amount"]) * (2 if e["stat"] == "all_attributes" else 1)
                    if e.get("target") == "own_fighters_in_combat":
                        per_mine += amount
                    else:
                        fixed += amount
                    if e["stat"] in ("frenzy", "all_attributes"):
                        extra += abs(e["amount"])
                elif kind == "add_frenzy":
                    frenzies += 1
                elif kind == "preferred_position":
                    fixed += 2
                elif kind == "ignore_variable":
                    ignores += 1
                else:
                    unbounded = True
            self.gains = (fixed, per_mine, frenzies, ignores, extra, unbounded)


_FACTS: Final[dict[tuple[Card, bool], Facts]] = {}


def facts_of(card: Card, vanilla: bool = False) -> Facts:
    """A card's compiled facts, built once per process (cards are immutable)."""
    compiled = _FACTS.get((card, vanilla))
    if compiled is None:
        compiled = _FACTS[(card, vanilla)] = Facts(card, vanilla)
    return compiled


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


# --- the pieces ---------------------------------------------------------------------------------


class Fighter:
    """A character on the field: its card, owner, a unique id and the square it stands on.

    ``rank`` orders it as a target for the greedy policy of its enemy: the most valuable first, then by
    square as the enemy sees the board (:func:`view`; kept up to date with ``sq`` through :meth:`move_to`)."""

    __slots__ = ("facts", "owner", "rank", "sq", "uid")
    facts: Facts
    owner: int
    rank: int
    sq: int
    uid: int

    def __init__(self, facts: Facts, owner: int, uid: int, sq: int) -> None:
        self.facts = facts
        self.owner = owner
        self.uid = uid
        self.sq = sq
        self.rank = ((1024 - facts.value) << 4) + (sq if owner else 9 - sq)  # (``view(1 - owner, sq)``, inlined)

    def move_to(self, sq: int) -> None:
        self.sq = sq
        self.rank = ((1024 - self.facts.value) << 4) + (sq if self.owner else 9 - sq)

    def __repr__(self) -> str:
        return f"{self.facts.name}@{SQUARE_NAMES[self.sq]}"


class Side:
    """One player's cards off the field: tactics in hand, reserves, and the used, discarded and removed piles."""

    __slots__ = ("discards", "dummy", "hand", "played", "removed", "reserves", "size")
    discards: list[Facts]
    dummy: bool
    hand: list[Facts]
    played: list[Facts]
    removed: list[Facts]
    reserves: list[Facts]
    size: int

    def __init__(self, hand: list[Facts], reserves: list[Facts], *, dummy: bool = False, size: int = 0) -> None:
        self.hand = hand
        self.reserves = reserves
        self.played = []
        self.discards = []
        self.removed = []
        self.dummy = dummy
        self.size = size

    def copy(self) -> Side:
        twin = Side(list(self.hand), list(self.reserves), dummy=self.dummy, size=self.size)
        twin.played, twin.discards, twin.removed = list(self.played), list(self.discards), list(self.removed)
        return twin


_NO_MODS: Final[dict[int, list[tuple[int, int]]]] = {}
_NOBODY: Final[frozenset[int]] = frozenset()
# What ``Combat.snapshot`` keeps: the modifiers, the frenzy and preferred-position grants, ``no_variable``, ``plain``.
_Snapshot: TypeAlias = "tuple[dict[int, list[tuple[int, int]]], set[int], set[int], bool, bool]"


class Combat:
    """One attack being resolved: who attacks whom, the tactics played into it, and its result."""

    __slots__ = (
        "attack",
        "attackers",
        "defender",
        "defense",
        "frenzy",
        "home",
        "mods",
        "no_variable",
        "passes",
        "plain",
        "player",
        "priority",
        "saved",
        "target",
        "totals",
    )
    attack: int
    attackers: list[Fighter]
    defender: Fighter
    defense: int
    frenzy: set[int] | frozenset[int]
    home: set[int] | frozenset[int]
    mods: dict[int, list[tuple[int, int]]]  # (stat, amount) by uid
    no_variable: bool
    passes: int
    plain: bool
    player: int
    priority: int
    saved: bool
    target: int
    totals: tuple[int, int] | None

    def __init__(self, player: int, attackers: list[Fighter], defender: Fighter) -> None:
        self.player = player
        self.attackers = attackers
        self.defender = defender
        self.target = defender.sq
        self.priority = player
        self.passes = 0
        self.mods = _NO_MODS  # replaced by a fresh one when a card changes it
        self.frenzy = _NOBODY
        self.home = _NOBODY
        self.no_variable = False
        self.saved = False
        self.attack = self.defense = 0
        self.plain = True  # no tactics card has changed anything in this combat yet
        self.totals = None  # the scores, once computed (the field does not change during a combat)

    def fighters_of(self, player: int) -> list[Fighter]:
        return self.attackers if player == self.player else [self.defender]

    def snapshot(self) -> _Snapshot:
        return ({k: list(v) for k, v in self.mods.items()}, set(self.frenzy), set(self.home), self.no_variable,
                self.plain)

    def restore(self, snap: _Snapshot) -> None:
        self.mods, self.frenzy, self.home, self.no_variable, self.plain = snap
        self.totals = None


# --- actions ------------------------------------------------------------------------------------


class Deploy(NamedTuple):
    """Place a reserve in an open square of one's own line (the turn's reserve)."""

    index: int  # type: ignore[assignment]  # (the field shadows tuple.index: a public field name, kept)
    name: str
    square: int

    def __str__(self) -> str:
        return f"place reserve {self.name} at {SQUARE_NAMES[self.square]}"


class Discard(NamedTuple):
    """Discard a card from hand (a tactics card or a reserve) to flip the attribute or the variable card."""

    source: str
    index: int  # type: ignore[assignment]  # (the field shadows tuple.index: a public field name, kept)
    name: str
    deck: str

    def __str__(self) -> str:
        return f"discard {self.name} to flip the {self.deck} card"


class Attack(NamedTuple):
    """Attack the fighter on ``target`` with the fighters on ``attackers`` (squares)."""

    attackers: tuple[int, ...]
    target: int
    names: tuple[str, ...]
    target_name: str

    def __str__(self) -> str:
        return f"attack {self.target_name} ({SQUARE_NAMES[self.target]}) with {' + '.join(self.names)}"


class Instant(NamedTuple):
    """Play an instant tactics card into the combat (on one of one's fighters in it, if the card picks one)."""

    index: int  # type: ignore[assignment]  # (the field shadows tuple.index: a public field name, kept)
    name: str
    uid: int | None = None
    target: str = ""

    def __str__(self) -> str:
        return f"play {self.name}" + (f" on {self.target}" if self.target else "")


class Step(NamedTuple):
    """After a won combat, move the attacker on ``square`` into the vacated square ``to``."""

    square: int
    name: str
    to: int
    owner: int

    def __str__(self) -> str:
        return f"move {self.name} {direction_of(self.owner, self.square, self.to)} into {SQUARE_NAMES[self.to]}"


class Choose(NamedTuple):
    """Answer a pending choice: Warcardz labels are whole phrases ("place R1 at P1 post 3"), shown as they are.

    The core's :class:`~decklab.engine.core.Choose` with the same fields (``option``, ``label``), so it compares and
    hashes as that one does (as the tuple of its fields); only its text differs."""

    option: Any
    label: str

    def __str__(self) -> str:
        return self.label


for _kind in (Deploy, Discard, Attack, Instant, Step, Choose):
    Action.register(_kind)

# Makes an action without the named tuple's Python-level ``__new__``: _new(Step, (fields...)).
_new: Final = tuple.__new__

END_TURN: Final = Pass("end the turn")
# The steps that carry no data (see ``_TASKS``).
_END, _OUTCOME, _WINDOW, _WIN, _MOVE, _CHECK = ("end",), ("outcome",), ("window",), ("win",), ("move",), ("check",)
PASS: Final = Pass("pass")
STAY: Final = Pass("stay")
# What a player may do: the main phase's actions and the answers to pending choices.
_Action: TypeAlias = "Deploy | Discard | Attack | Instant | Step | Choose | Tactic | Pass"
# A choice waiting for a player: (player, options, kind, data); ``data`` is of the kind's own type (see ``_HANDLERS``).
_Pending: TypeAlias = "tuple[int, list[_Action], str, Any]"
# A queued step (see ``_TASKS``): (kind,), (kind, entry), ("counter", entry, entry) or ("effect", player, card's
# effect entry, context), where an entry is a played tactics card's [player, facts, target, cancelled].
_Task: TypeAlias = tuple[Any, ...]
# The greedy's best attack: (value, attackers, target).
_Plan: TypeAlias = "tuple[float, list[Fighter], Fighter]"


# --- the state ----------------------------------------------------------------------------------


_OWN: Final[dict[int, int]] = {}  # a card's own part of its score, per (card, attribute card, side, position)
# A variable card's bonus, per (variable card, card, position, attribute, side); the attribute is
# ``state.var_attr``: 0 for a variable card whose bonuses do not depend on it.
_VARIABLE: Final[dict[int, int]] = {}
# A card's own part plus the variable card's bonus, packed like ``_OWN``, per (variable card, attribute card,
# card, position, side): the key is ``state.skey + serial * 6 + position * 2 + attacking``.
_BASE: Final[dict[int, int]] = {}
_IN_GROUP: Final = 1 + (1 << 31)  # a ``_BASE`` key's part for an attacker in a group (see ``group_score``)


def _bonus(mods: tuple[_Mod, ...], f: Facts, pos: int, a: int, frenzy: int, attacking: bool,
           group: Sequence[Fighter | None] | None, me: Fighter | None) -> int:
    """What modifiers ``(stat, amount, condition)`` add to a total (``frenzy``: the frenzy score counts)."""
    bonus = 0
    for stat, amount, c in mods:
        if c is not None and not _holds(c, f, pos, a, group, me):
            continue
        if stat == a or stat == ACTIVE_ATTRIBUTE:
            bonus += amount
        elif stat == FRENZY:
            if frenzy:
                bonus += amount
        elif stat == ALL_ATTRIBUTES:
            bonus += amount * 2 if frenzy else amount
        elif stat == ATTACK and attacking or stat == DEFENSE and not attacking:
            bonus += amount
    return bonus


def _own_score(f: Facts, a: int, frenzy_on: bool, attacking: bool, pos: int, in_group: bool = False) -> int:
    """A card's total from its own stats and effects alone (attacking alone, or defending), packed as
    ``total * 2 + (1 if its frenzy score counts)``. ``in_group``: attacking with others, leaving out
    the modifiers that need another attacker to match (``Facts.with_mods``)."""
    group = ((None, None) if in_group else (None,)) if attacking else None
    frenzy = frenzy_on
    if attacking:
        for c in f.attack_frenzy:
            if c is None or _holds(c, f, pos, a, group, None):
                frenzy = True
    home = 1 if pos == f.pos else 0
    total = (f.attack if attacking else f.defense) + f.attrs[a] + home + ((f.frenzy + home) if frenzy else 0)
    mods = f.self_mods + (f.attack_mods if attacking else ())
    if in_group:
        assert f.with_mods is not None  # (only a card whose in-group score takes the short way: see ``raw_score``)
        mods = tuple(m for m in mods if m not in f.with_mods)
    total += _bonus(mods, f, pos, a, frenzy, attacking, group, None)
    return total * 2 + (1 if frenzy else 0)


class WarcardzState(GameState):
    """A game of Warcardz between two players (or one against a line of training dummies)."""

    __slots__ = (
        "acache",
        "active",
        "attr",
        "attr_card",
        "attr_pile",
        "auras",
        "board",
        "cache",
        "changed",
        "combat",
        "discarded",
        "frenzy_on",
        "goldfish",
        "granted",
        "medics",
        "next_uid",
        "over",
        "pending",
        "quiet",
        "result",
        "sides",
        "skey",
        "several",
        "slot_used",
        "surrendered",
        "surrenders",
        "tasks",
        "tindex",
        "twins_always",
        "units",
        "unresolved",
        "var_attr",
        "var_base",
        "var_card",
        "var_mods",
        "var_pile",
    )
    acache: dict[int, int]
    active: int
    attr: int
    attr_card: Facts
    attr_pile: list[Facts]
    auras: list[list[Fighter]]
    board: list[Fighter | None]
    cache: dict[int | str, Any]  # scores by uid (-uid: defending), and the greedy's plans by ``PLANS`` (or None)
    changed: bool
    combat: Combat | None
    discarded: bool
    frenzy_on: bool
    goldfish: bool
    granted: dict[int, int]
    medics: list[int]
    next_uid: int
    over: bool
    pending: _Pending | None
    quiet: int
    result: int | None
    sides: list[Side]
    skey: int
    several: bool
    slot_used: bool
    surrendered: int | None
    surrenders: bool
    tasks: list[_Task]
    tindex: int
    twins_always: bool
    units: list[list[Fighter]]
    unresolved: bool
    var_attr: int
    var_base: int
    var_card: Facts | None  # (None only while the game is set up)
    var_mods: tuple[_Mod, ...]
    var_pile: list[Facts]

    def current_player(self) -> int:
        return self.pending[0] if self.pending is not None else self.active

    def is_terminal(self) -> bool:
        return self.over

    def winner(self) -> int | None:
        return self.result

    def is_unresolved(self) -> bool:
        """Whether the game was stopped by the turn cap or at the stall point without a surrender, which the
        rulebook does not have (never by an elimination or a surrender: that is a win, or the rulebook's own
        draw)."""
        return self.unresolved

    def has_way_to_attack(self, player: int) -> bool:
        """Whether ``player`` can attack an enemy now or bring one within reach by its own means: a fighter
        whose lights reach an enemy, a reserve that fits (five fighters, 25 value) on an open square of its
        line from which it would reach one, or a before-combat card in hand that moves, swaps, returns or
        deploys a fighter or lights a direction (:data:`REACHING_EFFECTS`). Side-deck flips never change
        who can reach whom."""
        if any(attackers is not None for attackers in self.reach(player)):
            return True
        side = self.sides[player]
        if side.dummy:
            return False
        board = self.board
        enemy = 1 - player
        if len(self.units[player]) < LINE and side.reserves:
            room = LINE_VALUE - self.value_in_play(player)
            table = REACH_MASK[player]
            for sq in self._open_squares(player):
                for facts in side.reserves:
                    if facts.value <= room:
                        for t in table[sq][facts.dirs]:
                            target = board[t]
                            if target is not None and target.owner == enemy:
                                return True
        for facts in side.hand:
            if not facts.instant and any(e["effect"] in REACHING_EFFECTS for e in facts.plays):
                return True
        return False

    def army_value(self, player: int) -> int:
        """The value of ``player``'s fighters on the field and in its reserve: what it has left to fight with."""
        return self.value_in_play(player) + sum(f.value for f in self.sides[player].reserves)

    def conceder(self) -> int | None:
        """Who surrenders at the stall point (None: nobody; the game is unresolved).

        A player who has no way left to attack (:meth:`has_way_to_attack`) while its opponent has one can no
        longer win: it surrenders. When both or neither have one, the player with the smaller army
        (:meth:`army_value`) surrenders a position that is going nowhere; equal armies: nobody does.
        """
        ways = [self.has_way_to_attack(0), self.has_way_to_attack(1)]
        if ways[0] != ways[1]:
            return 0 if not ways[0] else 1
        armies = [self.army_value(0), self.army_value(1)]
        if armies[0] == armies[1]:
            return None
        return 0 if armies[0] < armies[1] else 1

    # -- scores --

    def score(self, fighter: Fighter, attacking: bool, group: Sequence[Fighter] | None = None,
              combat: Combat | None = None) -> int:
        """A fighter's total in a combat: attack (or defense) + the active attribute (+ frenzy) + every modifier.

        ``group`` is every attacker of the combat (``fighter`` included) when ``attacking``. Scores that do
        not depend on the group or on tactics played into the combat are cached until the field changes.
        """
        if combat is not None and not combat.plain:
            return self.raw_score(fighter, attacking, group, combat)
        if attacking:
            if group is None:
                return self.raw_score(fighter, True, None, None)
            if len(group) > 1:
                if fighter.facts.grouped:
                    return self.raw_score(fighter, True, group, None)
                for other in self.auras[fighter.owner]:
                    if other.facts.aura_grouped:
                        return self.raw_score(fighter, True, group, None)
                group = (fighter,)
            key = fighter.uid
        else:
            key = -fighter.uid
        cache = self.cache
        value: int | None = cache.get(key)
        if value is None:
            value = cache[key] = self.fresh_score(fighter, attacking, group)
        return value

    def fresh_score(self, fighter: Fighter, attacking: bool, group: Sequence[Fighter] | None = None) -> int:
        """:meth:`raw_score` outside a combat, for a score that does not depend on the other attackers
        (attacking alone, or defending): the card's own part and the variable card's bonus from a
        per-process table (``_BASE``), plus the commands of its side and a Medic beside it."""
        f = fighter.facts
        sq = fighter.sq
        pos = SQUARE_POSITION[sq]
        key = self.skey + f.serial * 6 + pos * 2 + attacking
        packed = _BASE.get(key)
        if packed is None:
            own_key = f.serial * 120 + self.tindex * 3 + (6 if attacking else 0) + pos * 2
            own = _OWN.get(own_key)
            if own is None:
                own = _OWN[own_key] = _own_score(f, self.attr, self.frenzy_on, attacking, pos)
            packed = _BASE[key] = own + self._variable_bonus(f, pos, attacking, None) * 2
        total = packed >> 1
        owner = fighter.owner
        if self.auras[owner]:
            if attacking and group is None:
                group = (fighter,)
            total += self._aura_bonus(fighter, attacking, pos, group, packed & 1)
        if not attacking and self.medics[owner]:
            board = self.board
            for near in BESIDE[sq]:
                other = board[near]
                if other is not None and other.facts.adj_mods and other.owner == owner:
                    total += _bonus(other.facts.adj_mods, f, pos, self.attr, packed & 1, False, None, fighter)
        return total

    def group_score(self, fighter: Fighter, group: Sequence[Fighter]) -> int:
        """:meth:`raw_score` of an attacker whose score depends on the other attackers (``group``, more than
        one), outside a combat: its own part without the bonuses that need another attacker to match and
        the variable card's bonus from ``_BASE``, plus those bonuses and the commands of its side."""
        f = fighter.facts
        pos = SQUARE_POSITION[fighter.sq]
        key = self.skey + f.serial * 6 + pos * 2 + _IN_GROUP
        packed = _BASE.get(key)
        if packed is None:
            own_key = f.serial * 120 + self.tindex * 3 + 6 + pos * 2 + 1
            own = _OWN.get(own_key)
            if own is None:
                own = _OWN[own_key] = _own_score(f, self.attr, self.frenzy_on, True, pos, True)
            packed = _BASE[key] = own + self._variable_bonus(f, pos, True, None) * 2
        total = packed >> 1
        if f.with_mods:
            total += _bonus(f.with_mods, f, pos, self.attr, packed & 1, True, group, fighter)
        if self.auras[fighter.owner]:
            total += self._aura_bonus(fighter, True, pos, group, packed & 1)
        return total

    def raw_score(self, fighter: Fighter, attacking: bool, group: Sequence[Fighter] | None,
                  combat: Combat | None) -> int:
        """:meth:`score` without the cache (also for a fighter imagined on another square).

        The card's own part (stats, preferred position, its own modifiers) comes from a per-process
        cache (``_OWN``, or ``_BASE`` with the variable card's bonus: :meth:`fresh_score`,
        :meth:`group_score`); the commands of its side and a Medic beside it are added to it. Tactics
        played into the combat, or a bonus that depends on who else attacks, take the long way.
        """
        f = fighter.facts
        if combat is not None:
            uid = fighter.uid
            if uid in combat.mods or uid in combat.frenzy or uid in combat.home:
                return self._full_score(fighter, attacking, group, combat) + self._variable_bonus(
                    f, SQUARE_POSITION[fighter.sq], attacking, combat)
        in_group = False
        if attacking and (group is None or (f.grouped and len(group) > 1)):
            if group is None or f.with_mods is None:
                return self._full_score(fighter, attacking, group, combat) + self._variable_bonus(
                    f, SQUARE_POSITION[fighter.sq], attacking, combat)
            if combat is None or not combat.no_variable:
                return self.group_score(fighter, group)
            in_group = True
        elif combat is None or not combat.no_variable:
            return self.fresh_score(fighter, attacking, group)
        sq = fighter.sq
        pos = SQUARE_POSITION[sq]
        key = f.serial * 120 + self.tindex * 3 + (6 if attacking else 0) + pos * 2 + in_group
        packed = _OWN.get(key)
        if packed is None:
            packed = _OWN[key] = _own_score(f, self.attr, self.frenzy_on, attacking, pos, in_group)
        total = packed >> 1
        if in_group:
            assert f.with_mods is not None  # (in a group only past the test of ``with_mods`` above)
            total += _bonus(f.with_mods, f, pos, self.attr, packed & 1, True, group, fighter)
        if self.auras[fighter.owner]:
            total += self._aura_bonus(fighter, attacking, pos, group, packed & 1)
        if not attacking and self.medics[fighter.owner]:
            board = self.board
            for near in BESIDE[sq]:
                other = board[near]
                if other is not None and other.facts.adj_mods and other.owner == fighter.owner:
                    total += _bonus(other.facts.adj_mods, f, pos, self.attr, packed & 1, False, None, fighter)
        return total  # (only here while the variable card is switched off)

    def _variable_bonus(self, f: Facts, pos: int, attacking: bool, combat: Combat | None) -> int:
        """The variable card's bonus to a fighter's total (none while it is ignored)."""
        if not self.var_mods or (combat is not None and combat.no_variable):
            return 0
        a = self.attr
        key = ((self.var_base + f.serial) * 3 + pos) * 10 + self.var_attr * 2 + attacking
        bonus = _VARIABLE.get(key)
        if bonus is None:
            bonus = 0
            want = 1 if attacking else 2
            for amount, side, c in self.var_mods:
                if side & want and (c is None or _holds(c, f, pos, a, None, None)):
                    bonus += amount
            _VARIABLE[key] = bonus
        return bonus

    def _aura_bonus(self, fighter: Fighter, attacking: bool, pos: int, group: Sequence[Fighter] | None,
                    frenzy: int) -> int:
        """What the commands of the fighter's other fighters add to it (``frenzy``: its frenzy counts)."""
        f = fighter.facts
        key = ((((f.serial * 4 + pos) * 2 + attacking) * 2 + fighter.owner) * 2 + frenzy) * 2 + bool(f.auras)
        cache = self.acache
        bonus = cache.get(key)
        if bonus is not None:
            return bonus
        bonus = 0
        grouped = False
        for other in self.auras[fighter.owner]:
            if other is fighter:
                continue
            grouped |= other.facts.aura_grouped
            bonus += _bonus(other.facts.auras, f, pos, self.attr, frenzy, attacking, group, fighter)
        if not grouped:
            cache[key] = bonus
        return bonus

    def _full_score(self, fighter: Fighter, attacking: bool, group: Sequence[Fighter] | None,
                    combat: Combat | None) -> int:
        """The total before the variable card's bonus, with every modifier."""
        f = fighter.facts
        a = self.attr
        sq = fighter.sq
        pos = SQUARE_POSITION[sq]
        attr = f.attrs[a]
        fr = f.frenzy
        base = f.attack if attacking else f.defense
        frenzy_on = self.frenzy_on
        if pos == f.pos or (combat is not None and fighter.uid in combat.home):
            attr += 1
            fr += 1
        mods: tuple[_Mod | tuple[int, int], ...] = f.self_mods  # (a combat's modifiers are (stat, amount))
        auras = self.auras[fighter.owner]
        other: Fighter | None
        if auras:
            for other in auras:
                if other is not fighter:
                    mods += other.facts.auras
        if not attacking:
            board = self.board
            for near in BESIDE[sq]:
                other = board[near]
                if other is not None and other.owner == fighter.owner and other.facts.adj_mods:
                    mods += other.facts.adj_mods
        else:
            if f.attack_mods:
                mods += f.attack_mods
            for c in f.attack_frenzy:
                if c is None or _holds(c, f, pos, a, group, fighter):
                    frenzy_on = True
        if combat is not None:
            uid = fighter.uid
            if uid in combat.mods:
                mods += tuple(combat.mods[uid])
            if uid in combat.frenzy:
                frenzy_on = True
        for m in mods:
            c = m[2] if len(m) > 2 else None
            if c is not None and not _holds(c, f, pos, a, group, fighter):
                continue
            stat = m[0]
            if stat == a or stat == ACTIVE_ATTRIBUTE:
                attr += m[1]
            elif stat == FRENZY:
                fr += m[1]
            elif stat == ALL_ATTRIBUTES:
                attr += m[1]
                fr += m[1]
            elif stat == ATTACK and attacking or stat == DEFENSE and not attacking:
                base += m[1]
        if frenzy_on:
            base += fr
        return base + attr

    def totals(self, combat: Combat) -> tuple[int, int]:
        """The combat score (all attackers summed) and the defender's score."""
        totals = combat.totals
        if totals is None:
            group = combat.attackers
            if combat.plain and len(group) > 1:  # the cached scores where they do not depend on the group
                cache = self.cache
                free = True
                for other in self.auras[combat.player]:
                    if other.facts.aura_grouped:
                        free = False
                attack: int | None  # (None below, for one attacker: not in the cache)
                attack = 0
                for f in group:
                    if free and not f.facts.grouped:
                        value: int | None = cache.get(f.uid)
                        if value is None:
                            value = cache[f.uid] = self.fresh_score(f, True)
                        attack += value
                    elif f.facts.grouped and f.facts.with_mods is not None:
                        attack += self.group_score(f, group)
                    else:
                        attack += self.score(f, True, group)
                defender = combat.defender
                defense: int | None = cache.get(-defender.uid)
                if defense is None:
                    defense = cache[-defender.uid] = self.fresh_score(defender, False)
                totals = combat.totals = (attack, defense)
                return totals
            if combat.plain:  # one attacker: the cached scores (see ``score``)
                cache = self.cache
                f = group[0]
                attack = cache.get(f.uid)
                if attack is None:
                    attack = cache[f.uid] = self.fresh_score(f, True, group)
                defender = combat.defender
                defense = cache.get(-defender.uid)
                if defense is None:
                    defense = cache[-defender.uid] = self.fresh_score(defender, False)
                totals = combat.totals = (attack, defense)
                return totals
            attack = 0
            for f in group:
                attack += self.score(f, True, group, combat)
            totals = combat.totals = (attack, self.score(combat.defender, False, None, combat))
        return totals

    # -- the board --

    def value_in_play(self, player: int) -> int:
        return sum(f.facts.value for f in self.units[player])

    def _place(self, facts: Facts, owner: int, sq: int, from_reserve: bool) -> Fighter:
        fighter = Fighter(facts, owner, self.next_uid, sq)
        self.next_uid += 1
        self.changed = True
        self.board[sq] = fighter
        self.units[owner].append(fighter)
        if facts.adj_mods:
            self.medics[owner] += 1
        if facts.auras:
            self.auras[owner].append(fighter)
            self._forget_side(owner)
        self._forget(sq)
        if from_reserve:
            if self.log is not None:
                self.say(f"P{owner + 1} places reserve {facts.name} at {SQUARE_NAMES[sq]}")
            for entry in reversed(facts.on_enter):
                self.tasks.append(("effect", owner, entry, {"source": facts, "fighter": fighter}))
        return fighter

    def _take(self, fighter: Fighter) -> None:
        """Lift a fighter off the field."""
        self.changed = True
        if fighter.facts.adj_mods:
            self.medics[fighter.owner] -= 1
        if fighter.facts.auras:
            self.auras[fighter.owner].remove(fighter)
            self._forget_side(fighter.owner)
        self._forget(fighter.sq)
        self.board[fighter.sq] = None
        self.units[fighter.owner].remove(fighter)
        self.granted.pop(fighter.uid, None)

    def _forget_side(self, owner: int) -> None:
        """Drop the cached scores of ``owner``'s fighters (its commands changed: they touch only its own side)."""
        cache = self.cache
        if cache:
            pop = cache.pop
            for fighter in self.units[owner]:
                pop(fighter.uid, None)
                pop(-fighter.uid, None)
        self.acache.clear()

    def _forget(self, sq: int) -> None:
        """Drop the cached scores a change on ``sq`` may touch: its fighter, the plans, and the defense of
        its neighbours if it is a Medic (the only score that depends on another fighter's square)."""
        cache = self.cache
        if not cache:
            return
        board = self.board
        pop = cache.pop
        fighter = board[sq]
        if fighter is not None:
            pop(fighter.uid, None)
            pop(-fighter.uid, None)
        if fighter is None or fighter.facts.adj_mods:
            for near in BESIDE[sq]:
                fighter = board[near]
                if fighter is not None:
                    pop(-fighter.uid, None)
        pop(PLANS[0], None)  # (``_forget_plans``, inlined: this runs on every change on the field)
        pop(PLANS[1], None)

    def _forget_plans(self) -> None:
        """Drop the greedy's cached attack plans (``PLANS``): who can attack whom has changed."""
        cache = self.cache
        if cache:
            cache.pop(PLANS[0], None)
            cache.pop(PLANS[1], None)

    def grant(self, fighter: Fighter, bits: int) -> None:
        """Light more attack directions (bits of ``DIRECTIONS``) for ``fighter`` until the end of the turn."""
        self.granted[fighter.uid] = self.granted.get(fighter.uid, 0) | bits
        self._forget_plans()

    def _expire_grants(self) -> None:
        """The turn is over: the directions granted for it go out, and with them the plans that used them."""
        self.granted.clear()
        self._forget_plans()

    def _remove(self, fighter: Fighter, why: str = "") -> None:
        self._take(fighter)
        self.sides[fighter.owner].removed.append(fighter.facts)
        if self.log is not None:
            self.say(f"{fighter.facts.name} of P{fighter.owner + 1} is removed from the field{why}")

    def _to_reserve(self, fighter: Fighter) -> None:
        self._take(fighter)
        self.sides[fighter.owner].reserves.append(fighter.facts)
        if self.log is not None:
            self.say(f"{fighter.facts.name} of P{fighter.owner + 1} goes back to the reserve")

    def _relocate(self, fighter: Fighter, sq: int) -> None:
        self.changed = True
        self._forget(fighter.sq)
        self.board[fighter.sq] = None
        self.board[sq] = fighter
        fighter.move_to(sq)
        self._forget(sq)

    def _check_end(self) -> bool:
        a, b = self.units
        if a and b:
            return False
        self.over = True
        self.result = None if not a and not b else (0 if a else 1)
        self.pending = None
        self.tasks.clear()
        if self.log is not None:
            self.say("both sides are wiped out: a draw" if self.result is None else
                     f"P{2 - self.result} has no fighter left on the field: P{self.result + 1} wins")
        return True

    # -- side decks --

    def flip_attribute(self) -> None:
        """The attribute card in play goes to the bottom of its deck; the top card is flipped."""
        if self.attr_pile:
            self.attr_pile.append(self.attr_card)
            self._set_attribute(self.attr_pile.pop(0))

    def _set_attribute(self, facts: Facts) -> None:
        self.changed = True
        self.cache.clear()
        self.attr_card = facts
        self.attr = facts.attribute
        self.frenzy_on = facts.attr_frenzy
        self.tindex = facts.attribute * 8 + facts.attr_frenzy * 4
        self.skey = (self.var_base + self.tindex) << 32
        var_card = self.var_card
        self.var_attr = self.attr if var_card is not None and var_card.attr_dependent else 0
        self.acache.clear()
        if self.log is not None:
            self.say(f"the attribute card is now {facts.name} ({ATTRIBUTE_NAMES[facts.attribute]}"
                     + (" + Frenzy)" if facts.attr_frenzy else ")"))

    def flip_variable(self) -> None:
        if self.var_pile:
            assert self.var_card is not None  # (set up with the game)
            self.var_pile.append(self.var_card)
            self._set_variable(self.var_pile.pop(0))

    def _set_variable(self, facts: Facts) -> None:
        self.changed = True
        self.cache.clear()
        self.var_card = facts
        self.var_mods = facts.var_mods
        self.var_base = facts.serial << 24
        self.skey = (self.var_base + self.tindex) << 32
        self.var_attr = self.attr if self.var_card.attr_dependent else 0
        if self.log is not None:
            self.say(f"the variable card is now {facts.name}")

    # -- legal actions --

    def legal_actions(self) -> Sequence[_Action]:
        if self.over:
            return ()
        if self.pending is not None:
            return self.pending[1]
        p = self.active
        moves: list[_Action] = []
        if not self.slot_used:
            moves.extend(self._deploys(p))
            moves.extend(self._before_plays(p))
        if not self.discarded:
            moves.extend(self._discards(p))
        moves.extend(self._attacks(p))
        moves.append(END_TURN)
        return moves

    def _open_squares(self, player: int) -> list[int]:
        """The open squares of ``player``'s own line, from its own left."""
        board = self.board
        return [sq for sq in VIEW_ROW[player] if board[sq] is None]

    def _deploys(self, player: int, squares: Sequence[int] | None = None) -> list[Deploy]:
        """Every reserve placement: fewer than five fighters, an open square of one's own line, value cap."""
        if len(self.units[player]) >= LINE:
            return []
        open_squares = self._open_squares(player) if squares is None else squares
        if not open_squares:
            return []
        room = LINE_VALUE - self.value_in_play(player)
        moves = []
        seen = set()
        for index, facts in enumerate(self.sides[player].reserves):
            if facts.value <= room and facts.key not in seen:
                seen.add(facts.key)
                for sq in open_squares:
                    moves.append(Deploy(index, facts.name, sq))
        return moves

    def _before_plays(self, player: int) -> list[Tactic]:
        moves = []
        seen = set()
        for index, facts in enumerate(self.sides[player].hand):
            if facts.instant or not facts.plays or facts.key in seen:
                continue
            seen.add(facts.key)
            entry = facts.targeted
            if entry is None:
                moves.append(Tactic(index, facts.name))
            else:
                for target, label in self._targets(player, entry):
                    moves.append(Tactic(index, facts.name, target, label))
        return moves

    def _targets(self, player: int, entry: _Entry) -> list[tuple[Any, str]]:
        """The choices of a before-combat effect that picks its target when played, in the player's own
        order of squares (:func:`view`)."""
        kind, target = entry["effect"], entry.get("target")
        cond = _cond(entry)
        a = self.attr
        board = self.board
        if kind == "choose_attribute":
            present = {f.attribute for f in self.attr_pile} | {self.attr_card.attribute}
            return [(i, ATTRIBUTE_NAMES[i]) for i in range(5) if i in present]
        if target == "two_adjacent_own_fighters":  # (the left one first, as the player sees them)
            out = []
            step = 1 if player == 0 else -1
            for sq in VIEW_ORDER[player]:
                beside = sq + step
                if not 0 <= beside < 10 or beside // 5 != sq // 5:
                    continue
                left, right = board[sq], board[beside]
                if left is not None and right is not None and left.owner == player == right.owner:
                    out.append(((sq, beside), f"{left.facts.name} and {right.facts.name}"))
            return out
        owner = player if target == "own_fighter" else 1 - player
        fighters = [f for f in sorted(self.units[owner], key=lambda f: view(player, f.sq))
                    if cond is None or _holds(cond, f.facts, SQUARE_POSITION[f.sq], a, None, f)]
        if kind == "move":
            open_squares = self._open_squares(player)
            return [((f.sq, sq), f"{f.facts.name} to {SQUARE_NAMES[sq]}") for f in fighters for sq in open_squares
                    if sq != f.sq]
        return [(f.sq, f"{f.facts.name} ({SQUARE_NAMES[f.sq]})") for f in fighters]

    def _discards(self, player: int) -> list[Discard]:
        side = self.sides[player]
        moves = []
        for source, pile in (("hand", side.hand), ("reserve", side.reserves)):
            seen = set()
            for index, facts in enumerate(pile):
                if facts.key not in seen:
                    seen.add(facts.key)
                    moves.append(Discard(source, index, facts.name, "attribute"))
                    moves.append(Discard(source, index, facts.name, "variable"))
        return moves

    def reach(self, player: int) -> list[list[Fighter] | None]:
        """For each square (0-9), the ``player``'s fighters that can attack the enemy on it, in the player's
        own order of squares (:data:`VIEW_ORDER`; None where no enemy can be attacked)."""
        board = self.board
        granted = self.granted
        table = REACH_MASK[player]
        out: list[list[Fighter] | None] = [None] * 10
        for src in VIEW_ORDER[player]:
            fighter = board[src]
            if fighter is None or fighter.owner != player:
                continue
            lights = fighter.facts.dirs
            if granted:
                lights |= granted.get(fighter.uid, 0)
            for sq in table[src][lights]:
                target = board[sq]
                if target is not None and target.owner != player:
                    attackers = out[sq]
                    if attackers is None:
                        out[sq] = [fighter]
                    else:
                        attackers.append(fighter)
        return out

    def _attacks(self, player: int) -> list[Attack]:
        """Every attack: each target (in the player's own order of squares), with every group of fighters
        that can reach it (listed in that order too)."""
        moves = []
        board = self.board
        reach = self.reach(player)
        for sq in VIEW_ORDER[player]:
            attackers = reach[sq]
            if attackers is None:
                continue
            target = board[sq]
            assert target is not None  # (attackers only where an enemy stands)
            name = target.facts.name
            k = len(attackers)
            for mask in range(1, 1 << k):
                group = [attackers[i] for i in range(k) if mask >> i & 1]
                moves.append(Attack(tuple(f.sq for f in group), sq, tuple(f.facts.name for f in group), name))
        return moves

    def _instant_plays(self, player: int, combat: Combat) -> list[_Action]:  # (Instants: a window adds PASS)
        """The instants ``player`` may play into ``combat`` now (Countermand and Last Stand have their own moments)."""
        side = self.sides[player]
        hand = side.hand
        if not hand or side.dummy:
            return []
        moves: list[_Action] = []
        seen = None
        attacking = player == combat.player
        mine = combat.attackers if attacking else (combat.defender,)
        a = self.attr
        for index, facts in enumerate(hand):
            window = facts.window
            if window is None:
                continue
            if seen is None:
                seen = {facts.key}
            elif facts.key in seen:
                continue
            else:
                seen.add(facts.key)
            if window[0]:
                _, home_only, cond = window
                for f in mine:
                    pos = SQUARE_POSITION[f.sq]
                    if cond is not None and not _holds(cond, f.facts, pos, a, None, f):
                        continue
                    if home_only and (pos == f.facts.pos or f.uid in combat.home):
                        continue
                    moves.append(Instant(index, facts.name, f.uid, f.facts.name))
            elif self._playable(window[1], attacking, mine):
                moves.append(_new(Instant, (index, facts.name, None, "")))
        return moves

    def _playable(self, entries: tuple[tuple[str, str | None, int, Cond | None], ...], attacking: bool,
                  mine: Sequence[Fighter]) -> bool:
        """Whether an untargeted instant would touch any of the player's fighters in this combat."""
        a = self.attr
        for kind, target, stat, cond in entries:
            if kind == "ignore_variable":
                return True
            if target == "defending_own_fighter" and attacking:
                continue
            if stat == ATTACK and not attacking or stat == DEFENSE and attacking:
                continue
            for f in mine:
                if cond is None or _holds(cond, f.facts, SQUARE_POSITION[f.sq], a, None, f):
                    return True
        return False

    # -- applying --

    def apply(self, action: Action) -> None:
        pending = self.pending
        tasks = self.tasks
        if pending is not None:
            self.pending = None
            _HANDLERS[pending[2]](self, pending[0], action, pending[3])
        else:
            if type(action) is Attack:
                self._declare(action)
            elif type(action) is Deploy:
                side = self.sides[self.active]
                facts = side.reserves.pop(action.index)
                self.slot_used = True
                if not self.several:
                    tasks.append(_END)  # the turn's one action: the turn ends once its effects are done
                self._place(facts, self.active, action.square, True)
            elif action is END_TURN or action == END_TURN:
                if not tasks:
                    self.end_turn()
                    return
                tasks.append(_END)
            elif type(action) is Tactic:
                self._play_before(action)
            elif type(action) is Discard:
                self._discard(action)
            else:
                raise ValueError(f"{action} is not an action of this game")
        # Run queued steps until one needs a player's choice (or none is left): ``_advance``.
        while tasks and self.pending is None and not self.over:
            task = tasks.pop()
            _TASKS[task[0]](self, task)

    def _advance(self) -> None:
        """Run queued steps until one needs a player's choice (or none is left)."""
        tasks = self.tasks
        while tasks and self.pending is None and not self.over:
            task = tasks.pop()
            _TASKS[task[0]](self, task)

    def _discard(self, action: Discard) -> None:
        side = self.sides[self.active]
        pile = side.hand if action.source == "hand" else side.reserves
        side.discards.append(pile.pop(action.index))
        self.discarded = True
        if not self.several:
            self.tasks.append(_END)  # "A player may use his turn and discard exactly one card"
        if self.log is not None:
            self.say(f"P{self.active + 1} discards {action.name} to flip the {action.deck} card")
        if action.deck == "attribute":
            self.flip_attribute()
        else:
            self.flip_variable()

    def _play_before(self, action: Tactic) -> None:
        p = self.active
        side = self.sides[p]
        facts = side.hand.pop(action.index)
        side.played.append(facts)
        self.slot_used = True
        if self.log is not None:
            self.say(f"P{p + 1} plays {facts.name}" + (f" on {action.label}" if action.label else ""))
        entry = [p, facts, action.target, False]
        if self.several:
            pass  # (several things a turn: a discard and an attack may still follow)
        elif is_attack_opener(facts):
            self.discarded = True  # the card says the fighter may attack this turn: an attack (or nothing) follows
        else:
            self.tasks.append(_END)  # the turn's one action: the turn ends once the card is done
        self.tasks.append(("tactic", entry))
        self.tasks.append(("respond", entry))

    def _declare(self, action: Attack) -> None:
        p = self.active
        board = self.board
        squares = action.attackers
        attackers: list[Fighter] = []
        for sq in squares:  # (a legal attack names the squares of fighters)
            fighter = board[sq]
            assert fighter is not None
            attackers.append(fighter)
        defender = board[action.target]
        assert defender is not None
        combat = Combat(p, attackers, defender)
        self.combat = combat
        if self.log is not None:
            self.say(f"P{p + 1} attacks {combat.defender.facts.name} ({SQUARE_NAMES[action.target]}) with "
                     + " + ".join(f"{f.facts.name} ({direction_of(p, f.sq, action.target)})" for f in combat.attackers))
        tasks = self.tasks
        tasks.append(_END)
        sides = self.sides
        # The tactics window, then the outcome (run at once rather than queued, where nothing comes between).
        # Identical cards meeting are removed whatever the scores (``twins_always``): no instant can change that,
        # so no window.
        if ((sides[0].hand or sides[1].hand) and (_has_instant(sides[0]) or _has_instant(sides[1]))
                and not (self.twins_always and is_twin_combat(combat.attackers, combat.defender))):
            tasks.append(_OUTCOME)
            _task_window(self, _WINDOW)
        else:
            _task_outcome(self, _OUTCOME)

    def end_turn(self) -> None:
        self.combat = None
        if self.granted:
            self._expire_grants()
        self.turn += 1
        if self.changed:
            self.changed = False
            self.quiet = 0
        else:
            self.quiet += 1
        if self.turn > self.max_turns or self.quiet >= QUIET_TURNS:
            self.over = True
            self.result = None
            self.tasks.clear()
            loser = None if self.goldfish or self.quiet < QUIET_TURNS or not self.surrenders else self.conceder()
            if loser is not None:
                self.result = 1 - loser
                self.surrendered = loser
                if self.log is not None:
                    self.say(f"{QUIET_TURNS} turns in a row without a change: P{loser + 1} surrenders "
                             + ("(it has no way left to attack)" if not self.has_way_to_attack(loser) and
                                self.has_way_to_attack(1 - loser) else
                                f"(its army is worth {self.army_value(loser)} against {self.army_value(1 - loser)})")
                             + f": P{2 - loser} wins")
                return
            self.unresolved = True
            if self.log is not None:
                self.say(f"the turn cap ({self.max_turns} turns) is reached: the game is unresolved"
                         if self.quiet < QUIET_TURNS else
                         f"{QUIET_TURNS} turns in a row without a change, and nobody surrenders (the stall rule): "
                         "the game is unresolved")
            return
        if not self.goldfish:
            self.active = 1 - self.active
        else:
            self._refill_dummies()
        self.slot_used = False
        self.discarded = False
        if self.log is not None:
            assert self.var_card is not None
            self.say(f"P{self.active + 1}'s turn: {len(self.units[self.active])} fighters on the field "
                     f"(value {self.value_in_play(self.active)}), {len(self.sides[self.active].reserves)} reserves, "
                     f"{len(self.sides[self.active].hand)} tactics; attribute {self.attr_card.name}, "
                     f"variable {self.var_card.name}")

    def _refill_dummies(self) -> None:
        """The goldfish's dummies, after each of the player's turns: one reserve dummy into the first open
        square of their line, from their own left (a square the player's fighter stands in is blocked)."""
        side = self.sides[1]
        if side.reserves and len(self.units[1]) < LINE:
            for sq in VIEW_ROW[1]:
                if self.board[sq] is None:
                    self._place(side.reserves.pop(0), 1, sq, True)
                    self.changed = False  # (the dummies' placement is no change the player made)
                    return

    # -- invariants and copies --

    def card_counts(self) -> tuple[int, int]:
        """Cards each player owns in every zone (conserved through the game)."""
        return tuple(len(self.units[p]) + len(s.hand) + len(s.reserves) + len(s.played) + len(s.discards)
                     + len(s.removed) for p, s in enumerate(self.sides))  # type: ignore[return-value]

    def clone(self) -> WarcardzState:
        rng = new_rng(0)
        rng.setstate(self.rng.getstate())
        return self._copy(rng)

    def _copy(self, rng: random.Random) -> WarcardzState:
        """An independent copy of this game, field by field, playing on with the generator ``rng`` (what
        :meth:`clone` and :meth:`determinize` share). Every fighter keeps its uid; the score caches start empty."""
        twin = WarcardzState.__new__(WarcardzState)
        twin.rng = rng
        twin.log = list(self.log) if self.log is not None else None
        twin.turn, twin.max_turns = self.turn, self.max_turns
        fighters: dict[int, Fighter] = {}
        source = self.board
        board: list[Fighter | None] = [None] * 10
        for sq in range(10):
            f = source[sq]
            if f is not None:
                copy = Fighter(f.facts, f.owner, f.uid, f.sq)
                fighters[f.uid] = copy
                board[sq] = copy
        twin.board = board
        twin.units = [[fighters[f.uid] for f in units] for units in self.units]
        twin.auras = [[fighters[f.uid] for f in units] for units in self.auras]
        twin.sides = [side.copy() for side in self.sides]
        twin.active, twin.result, twin.over, twin.goldfish = self.active, self.result, self.over, self.goldfish
        twin.unresolved, twin.surrendered = self.unresolved, self.surrendered
        # The readings (the switches of READINGS).
        twin.several = self.several
        twin.twins_always = self.twins_always
        twin.surrenders = self.surrenders
        twin.attr_pile, twin.attr_card, twin.attr, twin.frenzy_on = (list(self.attr_pile), self.attr_card, self.attr,
                                                                     self.frenzy_on)
        twin.var_pile, twin.var_card, twin.var_mods = list(self.var_pile), self.var_card, self.var_mods
        twin.slot_used, twin.discarded, twin.granted = self.slot_used, self.discarded, dict(self.granted)
        twin.next_uid, twin.changed, twin.quiet = self.next_uid, self.changed, self.quiet
        twin.cache = {}
        twin.acache = {}
        twin.medics = list(self.medics)
        twin.var_base = self.var_base
        twin.tindex = self.tindex
        twin.skey = self.skey
        twin.var_attr = self.var_attr
        twin.combat = None
        c = self.combat
        if c is not None:
            combat = Combat(c.player, [fighters.get(f.uid, f) for f in c.attackers],
                            fighters.get(c.defender.uid, c.defender))
            combat.target, combat.priority, combat.passes = c.target, c.priority, c.passes
            if c.mods is not _NO_MODS:
                combat.mods = {uid: list(mods) for uid, mods in c.mods.items()}
                combat.frenzy, combat.home = set(c.frenzy), set(c.home)
            combat.no_variable, combat.plain, combat.totals = c.no_variable, c.plain, c.totals
            combat.saved, combat.attack, combat.defense = c.saved, c.attack, c.defense
            twin.combat = combat
        # the entries and contexts shared by several tasks (and the pending choice) stay shared
        memo: dict[int, Any] = {}
        twin.tasks = [_copy_task(task, fighters, memo) for task in self.tasks]
        twin.pending = None
        if self.pending is not None:
            player, options, kind, data = self.pending
            if kind == "respond":
                data = _copy_entry(data, memo)
            elif kind == "deploy":
                data = (data[0], _copy_context(data[1], fighters, memo), data[2])
            twin.pending = (player, list(options), kind, data)
        return twin

    # -- what a player sees (search policies) --

    def determinize(self, player: int, rng: random.Random) -> WarcardzState:
        """A new, independent game that ``player`` cannot tell from this one, everything hidden from it redrawn
        with ``rng`` (see :class:`~decklab.engine.core.GameState`).

        Hidden in Warcardz: the other player's tactics cards in hand and its reserves (which cards they are
        follows from the open decklist, the lines and every card played, discarded or removed since: only their
        order is unknown), and the order of both side decks below the cards in play. Each is put in a canonical
        order (by card name) and shuffled with ``rng``; the hand and the reserve keep their sizes. The top cards
        a Field Survey shows ``player`` while it chooses stay where they are. Everything else is kept: the field
        with every uid, the directions lit this turn, the cards in play, the used, discarded and removed piles,
        the turn, the stall count (``quiet``, ``changed``), the turn's slot and discard, the combat and the
        pending choice (the other player's options rebuilt for its redrawn hand). The game's own generator is
        replaced by one seeded from ``rng``; this game and its generator are left untouched.
        """
        twin = self._copy(new_rng(rng.getrandbits(64)))
        for p in range(2):
            side = twin.sides[p]
            if p != player and not side.dummy:  # (the dummies' reserve order is the goldfish's own rule)
                _redraw(side.hand, rng, 0)
                _redraw(side.reserves, rng, 0)
        pending = twin.pending
        shown = 0
        if pending is not None and pending[0] == player and pending[2] == "survey":
            shown = pending[3]  # the top cards of the attribute deck it is choosing among
        _redraw(twin.attr_pile, rng, shown)
        _redraw(twin.var_pile, rng, 0)
        if pending is not None and pending[0] != player:
            twin.pending = _ask_again(twin, pending)
        return twin

    def observation(self, player: int) -> tuple[Any, ...]:
        """Everything ``player`` sees now: the field (uids, cards, owners; the directions lit this turn), the
        cards in play and the side decks' sizes, its own hand and reserve in order and only the sizes of the
        other's, every used, discarded and removed card, the turn and the stall count, the turn's slot and
        discard, the combat, whose decision it is (its options when it is ``player``'s) and the result."""
        board = tuple(None if f is None else (f.uid, f.owner, f.facts.name) for f in self.board)
        sides = []
        held: tuple[tuple[str, ...], tuple[str, ...]] | tuple[int, int]  # (the other's: only the sizes)
        for p, side in enumerate(self.sides):
            if p == player:
                held = (tuple(f.name for f in side.hand), tuple(f.name for f in side.reserves))
            else:
                held = (len(side.hand), len(side.reserves))
            sides.append(held + (tuple(f.name for f in side.played), tuple(f.name for f in side.discards),
                                 tuple(f.name for f in side.removed), side.dummy, side.size))
        combat = None
        c = self.combat
        if c is not None:
            combat = (c.player, tuple(f.uid for f in c.attackers), c.defender.uid, c.target, c.priority, c.passes,
                      tuple(sorted((uid, tuple(mods)) for uid, mods in c.mods.items())), tuple(sorted(c.frenzy)),
                      tuple(sorted(c.home)), c.no_variable, c.saved, c.plain, c.attack, c.defense)
        pending = None
        if self.pending is not None:
            who, options, kind, data = self.pending
            shown: tuple[tuple[Any, ...], ...] | int  # (the other's options: only how many)
            if who == player or kind == "move":  # (a move's options are the winners that can step in: public)
                shown = tuple((type(a).__name__,) + tuple(a) for a in options)
            else:
                shown = len(options)
            if kind == "respond":
                data = (data[0], data[1].name)
            elif kind == "deploy":
                data = data[2]
            elif kind not in ("flip", "survey"):
                data = None
            pending = (who, kind, shown, data)
        assert self.var_card is not None
        return (self.turn, self.max_turns, self.active, self.current_player(), self.goldfish, self.over, self.result,
                self.unresolved, self.surrendered, self.quiet, self.changed, self.slot_used, self.discarded,
                self.next_uid, board, tuple(sorted(self.granted.items())), tuple(sides), self.attr_card.name,
                self.var_card.name, len(self.attr_pile), len(self.var_pile), combat, pending,
                self.several, self.twins_always, self.surrenders)  # (the readings)


_RANK: Final = attrgetter("rank")
_CARD_ORDER: Final = attrgetter("key", "serial")  # the canonical order of hidden cards before they are shuffled


def _copy_entry(entry: list[Any], memo: dict[int, Any]) -> list[Any]:
    """A copy of a tactics card's entry ``[player, facts, target, cancelled]``, shared like the original."""
    copy: list[Any] | None = memo.get(id(entry))
    if copy is None:
        copy = memo[id(entry)] = list(entry)
    return copy


def _copy_context(context: dict[str, Any], fighters: dict[int, Fighter], memo: dict[int, Any]) -> dict[str, Any]:
    """A copy of an effect's context (shared by the effects of one card), its fighter the copy's own."""
    copy: dict[str, Any] | None = memo.get(id(context))
    if copy is None:
        copy = memo[id(context)] = dict(context)
        fighter = copy.get("fighter")
        if fighter is not None:
            copy["fighter"] = fighters.get(fighter.uid, fighter)
    return copy


def _copy_task(task: _Task, fighters: dict[int, Fighter], memo: dict[int, Any]) -> _Task:
    """A copy of a queued step: ``(kind,)``, ``(kind, entry)``, ``("counter", entry, entry)`` or
    ``("effect", player, card entry, context)``."""
    if len(task) == 1:
        return task
    kind = task[0]
    if kind == "effect":
        return (kind, task[1], task[2], _copy_context(task[3], fighters, memo))
    if kind == "counter":
        return (kind, _copy_entry(task[1], memo), _copy_entry(task[2], memo))
    return (kind, _copy_entry(task[1], memo))


def _redraw(cards: list[Facts], rng: random.Random, keep: int) -> None:
    """Redraw the hidden cards ``cards[keep:]`` in place: a canonical order (by name), then shuffled with ``rng``."""
    if len(cards) - keep < 2:
        return
    hidden = cards[keep:]
    hidden.sort(key=_CARD_ORDER)
    shuffle(hidden, rng)
    cards[keep:] = hidden


def _ask_again(state: WarcardzState, pending: _Pending) -> _Pending:
    """The pending choice of a player whose hand, reserve or view of the attribute deck was redrawn, asked again:
    its options name cards by their place there (the rest of the choice is unchanged)."""
    player, options, kind, data = pending
    combat = state.combat
    if kind == "window":
        assert combat is not None
        options = state._instant_plays(player, combat)
        options.append(PASS)
    elif kind == "deploy":
        deploys = _deploy_choices(state, player, data[1])
        assert deploys is not None  # (the same reserves in another order: the same choices)
        options = deploys
    elif kind == "respond":
        options = _respond_choices(state.sides[player], data)
    elif kind == "save":
        assert combat is not None
        saves = _save_choices(state.sides[player], combat.defender)
        assert saves is not None  # (the same hand in another order: still a Last Stand)
        options = saves
    elif kind == "survey":
        options = _survey_choices(state.attr_pile, data)
    return (player, options, kind, data)


def is_attack_opener(facts: Facts) -> bool:
    """Whether a before-combat card lights a direction for this turn ("This turn it may also attack left and
    right"): the card's own text lets the turn go on to an attack, the one exception to one action a turn."""
    return facts.before == "grant_direction"


def is_twin_combat(attackers: Sequence[Fighter], defender: Fighter) -> bool:
    """Whether an attacker is the same card as the defender: "If two identical cards meet up in battle, both
    cards are removed from the game" (whatever the scores)."""
    key = defender.facts.key
    for f in attackers:
        if f.facts.key == key:
            return True
    return False


def _has_instant(side: Side) -> bool:
    for facts in side.hand:
        if facts.instant:
            return True
    return False


# --- the steps of a turn (tasks) and the answers to pending choices --------------------------------


def _ask(state: WarcardzState, player: int, options: list[_Action], kind: str, data: Any = None) -> None:
    state.pending = (player, options, kind, data)


def _task_end(state: WarcardzState, task: _Task) -> None:
    state.end_turn()


def _task_window(state: WarcardzState, task: _Task) -> None:
    """The combat's tactics window: the attacker, then the defender, may play instants, until both pass.

    A player who is winning the combat as it stands is not asked (it passes): an instant could only
    widen a won combat, and the opponent's answer gives the turn back to it anyway. Nor is a player
    whose instants, all of them together, could not change the result (see :func:`_most_gained`).
    """
    combat = state.combat
    assert combat is not None
    while combat.passes < 2:
        player = combat.priority
        attack, defense = state.totals(combat)
        attacking = player == combat.player
        behind = defense - attack if attacking else attack - defense
        options = None
        if behind >= 0 and state.sides[player].hand and _most_gained(state, player, combat) >= max(behind, 1):
            options = state._instant_plays(player, combat)
        if options:
            state.tasks.append(task)
            options.append(PASS)
            _ask(state, player, options, "window")
            return
        combat.passes += 1
        combat.priority = 1 - player


def _most_gained(state: WarcardzState, player: int, combat: Combat) -> int:
    """At most how much the instants in ``player``'s hand could together raise its side of the combat
    over the other's: a safe upper bound (every modifier counted in full, every frenzy as if it did not
    count yet, the variable card's bonuses on both sides for Signal Jammer). The cards' parts are
    compiled once (``Facts.gains``)."""
    fixed = per_mine = frenzies = ignores = extra_frenzy = 0
    for facts in state.sides[player].hand:
        gains = facts.gains
        if gains is None:
            continue
        if gains[5]:
            return 1 << 30
        fixed += gains[0]
        per_mine += gains[1]
        frenzies += gains[2]
        ignores += gains[3]
        extra_frenzy += gains[4]  # frenzy modifiers of these cards, in case another one makes frenzy count
    mine = combat.attackers if player == combat.player else (combat.defender,)
    total = fixed + per_mine * len(mine)
    if frenzies:
        bound = 0
        for f in mine:
            bound += _frenzy_bound(state, f, combat) + extra_frenzy
        total += frenzies * bound
    if ignores:
        total += ignores * sum([abs(amount) for amount, _, _ in state.var_mods]) * (len(combat.attackers) + 1)
    return total


def _frenzy_bound(state: WarcardzState, fighter: Fighter, combat: Combat) -> int:
    """At most how much a fighter's frenzy score could add to its total."""
    bound = fighter.facts.frenzy_cap
    for other in state.auras[fighter.owner]:
        bound += other.facts.aura_frenzy
    if combat.mods:
        for stat, amount in combat.mods.get(fighter.uid, ()):
            if stat == FRENZY or stat == ALL_ATTRIBUTES:
                bound += abs(amount)
    return bound


def _answer_window(state: WarcardzState, player: int, action: Instant | Pass, data: None) -> None:
    combat = state.combat
    assert combat is not None
    combat.priority = 1 - player
    if action is PASS or action == PASS:
        combat.passes += 1
        return
    assert type(action) is Instant  # (a window's options: instants, and PASS)
    combat.passes = 0
    index, uid = action.index, action.uid
    side = state.sides[player]
    facts = side.hand.pop(index)
    side.played.append(facts)
    if state.log is not None:
        state.say(f"P{player + 1} plays {facts.name}" + (f" on {_fighter_name(state, uid)}" if uid is not None else ""))
    entry = [player, facts, uid, False]
    state.tasks.append(("instant", entry))
    state.tasks.append(("respond", entry))


def _fighter_name(state: WarcardzState, uid: int) -> str:
    for units in state.units:
        for f in units:
            if f.uid == uid:
                return f.facts.name
    return "?"


def _countermand(side: Side) -> int | None:
    for index, facts in enumerate(side.hand):
        if facts.negates:
            return index
    return None


def _task_respond(state: WarcardzState, task: _Task) -> None:
    """The opponent of whoever just played a tactics card may cancel it with a Countermand."""
    entry = task[1]
    responder = 1 - entry[0]
    side = state.sides[responder]
    if side.dummy or _countermand(side) is None:
        return
    _ask(state, responder, _respond_choices(side, entry), "respond", entry)


def _respond_choices(side: Side, entry: list[Any]) -> list[_Action]:
    """Whether to cancel the card of ``entry`` with the first Countermand of ``side``'s hand."""
    name = entry[1].name
    index = _countermand(side)
    assert index is not None  # (asked only of a side that holds one)
    counter = side.hand[index].name
    return [Choose(True, f"play {counter} against {name}"), Choose(False, f"let {name} resolve")]


def _answer_respond(state: WarcardzState, player: int, action: Choose, entry: list[Any]) -> None:
    if action.option is not True:
        return
    side = state.sides[player]
    index = _countermand(side)
    assert index is not None  # (offered only to a side that holds one)
    facts = side.hand.pop(index)
    side.played.append(facts)
    if state.log is not None:
        state.say(f"P{player + 1} plays {facts.name} against {entry[1].name}")
    counter = [player, facts, None, False]
    state.tasks.append(("counter", counter, entry))
    state.tasks.append(("respond", counter))


def _task_counter(state: WarcardzState, task: _Task) -> None:
    counter, entry = task[1], task[2]
    if not counter[3]:
        entry[3] = True
        if state.log is not None:
            state.say(f"{entry[1].name} is cancelled")


def _task_tactic(state: WarcardzState, task: _Task) -> None:
    """A before-combat tactics card that was not cancelled: its effects, in order."""
    player, facts, target, negated = task[1]
    if negated:
        return
    context = {"source": facts, "target": target, "vacated": None}
    state.tasks.append(_CHECK)
    for entry in reversed(facts.plays):
        state.tasks.append(("effect", player, entry, context))


def _task_check(state: WarcardzState, task: _Task) -> None:
    state._check_end()


def _task_instant(state: WarcardzState, task: _Task) -> None:
    """An instant that was not cancelled: record what it changes in this combat."""
    player, facts, uid, negated = task[1]
    if not negated:
        assert state.combat is not None
        _record_instant(state, state.combat, player, facts, uid)


def _record_instant(state: WarcardzState, combat: Combat, player: int, facts: Facts, uid: int | None) -> None:
    """What an instant played by ``player`` (on the fighter ``uid``, if it picks one) changes in ``combat``."""
    combat.plain = False
    combat.totals = None
    if combat.mods is _NO_MODS:
        combat.mods, combat.frenzy, combat.home = {}, set(), set()
    assert isinstance(combat.frenzy, set) and isinstance(combat.home, set)  # (fresh sets once a card changes it)
    mine = combat.attackers if player == combat.player else (combat.defender,)
    a = state.attr
    for kind, target, cond, stat, amount in facts.compiled_plays:
        if kind == "ignore_variable":
            combat.no_variable = True
            continue
        fighters: Sequence[Fighter]
        if target == "own_fighter_in_combat":
            fighters = [f for f in mine if f.uid == uid]
        elif target == "defending_own_fighter":
            fighters = () if player == combat.player else mine
        else:
            fighters = mine
        for f in fighters:
            if cond is not None and not _holds(cond, f.facts, SQUARE_POSITION[f.sq], a, None, f):
                continue
            if kind == "modify":
                combat.mods.setdefault(f.uid, []).append((stat, amount))
            elif kind == "add_frenzy":
                combat.frenzy.add(f.uid)
            elif kind == "preferred_position" and SQUARE_POSITION[f.sq] != f.facts.pos:
                combat.home.add(f.uid)


def _task_outcome(state: WarcardzState, task: _Task) -> None:
    """Compare the scores: the attacker wins, the defender wins, or a tie."""
    combat = state.combat
    assert combat is not None
    attack, defense = combat.attack, combat.defense = state.totals(combat)
    defender = combat.defender
    if state.log is not None:
        state.say(f"combat under {ATTRIBUTE_NAMES[state.attr]}" + (" + Frenzy" if state.frenzy_on else "")
                  + f": {attack} against {defense}")
    twins = [f for f in combat.attackers if f.facts.key == defender.facts.key]
    if twins and (state.twins_always or attack == defense):
        # "If two identical cards meet up in battle, both cards are removed from the game": whatever the scores
        # (decklab's reading), or only on a tie (the rule ``identical-cards=on-tie``)
        why = " (identical cards meet in battle)" if state.twins_always else " (a tie between identical cards)"
        state._remove(defender, why)
        for fighter in twins:
            state._remove(fighter, why)
        state._check_end()
    elif attack > defense:
        side = state.sides[defender.owner]
        if not side.dummy:
            options = _save_choices(side, defender)
            if options is not None:
                state.tasks.append(_WIN)
                _ask(state, defender.owner, options, "save")
                return
        _task_win(state, _WIN)  # (the next step: what queuing it would run at once)
    elif defense > attack:
        for fighter in combat.attackers:
            state._remove(fighter, " (the defender wins)")
        state._check_end()
    elif state.log is not None:
        state.say("a tie: a draw, nothing happens")


def _save_choices(side: Side, defender: Fighter) -> list[_Action] | None:
    """Whether to save the losing ``defender`` with the first Last Stand of its owner's hand (None: it holds none)."""
    for facts in side.hand:
        if facts.saves:
            return [Choose(True, f"play {facts.name} for {defender.facts.name}"),
                    Choose(False, f"let {defender.facts.name} fall")]
    return None


def _answer_save(state: WarcardzState, player: int, action: Choose, data: None) -> None:
    if action.option is not True:
        return
    side = state.sides[player]
    index = next(i for i, f in enumerate(side.hand) if f.saves)
    facts = side.hand.pop(index)
    side.played.append(facts)
    if state.log is not None:
        state.say(f"P{player + 1} plays {facts.name}")
    entry = [player, facts, None, False]
    state.tasks.append(("saved", entry))
    state.tasks.append(("respond", entry))


def _task_saved(state: WarcardzState, task: _Task) -> None:
    if not task[1][3]:
        assert state.combat is not None
        state.combat.saved = True


def _task_win(state: WarcardzState, task: _Task) -> None:
    """The attacker won: the defender leaves (or goes back to the reserve), triggers, then one attacker may move in."""
    combat = state.combat
    assert combat is not None
    defender = combat.defender
    if combat.saved:
        state._to_reserve(defender)
    else:
        state._remove(defender, " (the attacker wins)")
    if state._check_end():
        return
    effects: list[_Task] | None = None
    for fighter in reversed(combat.attackers):
        for entry in reversed(fighter.facts.on_win):
            if effects is None:
                effects = []
                state.tasks.append(_MOVE)
            effects.append(("effect", combat.player, entry, {"source": fighter.facts, "fighter": fighter}))
    if effects is None:
        _task_move(state, _MOVE)  # (the next step: what queuing it would run at once)
    else:
        state.tasks.extend(effects)


def _task_move(state: WarcardzState, task: _Task) -> None:
    combat = state.combat
    assert combat is not None
    square = combat.target
    if state.board[square] is not None:
        return
    board = state.board
    options: list[_Action] | None = None
    for f in combat.attackers:
        if square in ORTHOGONAL[f.sq] and board[f.sq] is f:
            step = _new(Step, (f.sq, f.facts.name, square, f.owner))
            if options is None:
                options = [step]
            else:
                options.append(step)
    if options is None:
        return
    options.append(STAY)
    _ask(state, combat.player, options, "move")


def _answer_move(state: WarcardzState, player: int, action: Step | Pass, data: None) -> None:
    if type(action) is not Step:
        return
    fighter = state.board[action.square]
    assert fighter is not None and state.combat is not None  # (a winner that can step in)
    if state.log is not None:
        state.say(f"{fighter.facts.name} moves into {SQUARE_NAMES[state.combat.target]}")
    state._relocate(fighter, state.combat.target)


def _task_effect(state: WarcardzState, task: _Task) -> None:
    _, player, entry, context = task
    _EFFECT_HANDLERS[entry["effect"]](state, player, entry, context)


def _flip(state: WarcardzState, player: int, entry: _Entry, context: dict[str, Any], deck: str) -> None:
    if entry.get("optional"):
        current = state.attr_card if deck == "attribute" else state.var_card
        assert current is not None
        _ask(state, player, [Choose(True, f"flip the {deck} card ({current.name})"),
                             Choose(False, f"keep {current.name}")], "flip", deck)
        return
    state.flip_attribute() if deck == "attribute" else state.flip_variable()


def _answer_flip(state: WarcardzState, player: int, action: Choose, deck: str) -> None:
    if action.option is True:
        if state.log is not None:
            state.say(f"P{player + 1} flips the {deck} card")
        state.flip_attribute() if deck == "attribute" else state.flip_variable()


def _effect_choose_attribute(state: WarcardzState, player: int, entry: _Entry, context: dict[str, Any]) -> None:
    pile = state.attr_pile
    if entry.get("from") == "deck":
        wanted = context["target"]
        pile.append(state.attr_card)
        for i, facts in enumerate(pile):
            if facts.attribute == wanted:
                revealed = pile[:i]
                del pile[:i + 1]
                pile.extend(revealed)
                state._set_attribute(facts)
                return
        return
    count = min(entry.get("count", 3), len(pile))
    if count:
        _ask(state, player, _survey_choices(pile, count), "survey", count)


def _survey_choices(pile: list[Facts], count: int) -> list[_Action]:
    """Field Survey: which of the top ``count`` cards of the attribute deck to put in play."""
    return [Choose(i, f"make {pile[i].name} the attribute card") for i in range(count)]


def _answer_survey(state: WarcardzState, player: int, action: Choose, count: int) -> None:
    pile = state.attr_pile
    chosen = pile.pop(action.option)
    others = pile[:count - 1]
    del pile[:count - 1]
    pile.append(state.attr_card)
    pile.extend(others)
    state._set_attribute(chosen)


def _effect_swap(state: WarcardzState, player: int, entry: _Entry, context: dict[str, Any]) -> None:
    a, b = context["target"]
    board = state.board
    first, second = board[a], board[b]
    board[a], board[b] = second, first
    first.move_to(b)
    second.move_to(a)
    state.changed = True
    state.cache.clear()
    if state.log is not None:
        state.say(f"{first.facts.name} and {second.facts.name} swap positions")


def _effect_move(state: WarcardzState, player: int, entry: _Entry, context: dict[str, Any]) -> None:
    src, dst = context["target"]
    fighter = state.board[src]
    if fighter is not None and state.board[dst] is None:
        state._relocate(fighter, dst)
        if state.log is not None:
            state.say(f"{fighter.facts.name} moves to {SQUARE_NAMES[dst]}")


def _effect_return(state: WarcardzState, player: int, entry: _Entry, context: dict[str, Any]) -> None:
    fighter = state.board[context["target"]]
    if fighter is not None:
        context["vacated"] = fighter.sq
        state._to_reserve(fighter)


def _effect_deploy(state: WarcardzState, player: int, entry: _Entry, context: dict[str, Any]) -> None:
    options = _deploy_choices(state, player, context)
    if options is not None:
        _ask(state, player, options, "deploy", (entry, context, entry.get("amount", 1)))


def _deploy_choices(state: WarcardzState, player: int, context: dict[str, Any]) -> list[_Action] | None:
    """The reserves a tactics card may place and where, then "no more" (None: none can be placed)."""
    vacated = context.get("vacated")
    if vacated is not None:  # Fall Back: "place one of your reserves in the vacant position"
        squares = [vacated] if vacated in ROW_SQUARES[player] and state.board[vacated] is None else []
    else:
        squares = None
    options: list[_Action] = [Choose((d.index, d.square), f"place {d.name} at {SQUARE_NAMES[d.square]}")
                              for d in state._deploys(player, squares)]
    if not options:
        return None
    options.append(Choose(None, "place no more reserves"))
    return options


def _answer_deploy(state: WarcardzState, player: int, action: Choose, data: tuple[_Entry, dict[str, Any], int]) -> None:
    if action.option is None:
        return
    entry, context, remaining = data
    index, square = action.option
    facts = state.sides[player].reserves.pop(index)
    if remaining > 1:
        state.tasks.append(("effect", player, {**entry, "amount": remaining - 1}, context))
    state._place(facts, player, square, True)


def _effect_grant(state: WarcardzState, player: int, entry: _Entry, context: dict[str, Any]) -> None:
    fighter = state.board[context["target"]]
    if fighter is not None:
        state.grant(fighter, sum(1 << DIRECTIONS.index(d) for d in entry["directions"]))
        if state.log is not None:
            state.say(f"{fighter.facts.name} may also attack "
                      f"{', '.join(d.replace('_', ' ') for d in entry['directions'])} this turn")


_TASKS: Final[dict[str, Callable[[WarcardzState, _Task], None]]] = {
    "end": _task_end, "window": _task_window, "respond": _task_respond, "counter": _task_counter,
    "tactic": _task_tactic, "check": _task_check, "instant": _task_instant, "outcome": _task_outcome,
    "saved": _task_saved, "win": _task_win, "move": _task_move, "effect": _task_effect}
# (each answer takes the action and the data of its own kind of choice)
_HANDLERS: Final[dict[str, Callable[[WarcardzState, int, Any, Any], None]]] = {
    "window": _answer_window, "respond": _answer_respond, "save": _answer_save, "move": _answer_move,
    "flip": _answer_flip, "survey": _answer_survey, "deploy": _answer_deploy}
_EFFECT_HANDLERS: Final[dict[str, Callable[[WarcardzState, int, _Entry, dict[str, Any]], None]]] = {
    "flip_attribute": lambda s, p, e, c: _flip(s, p, e, c, "attribute"),
    "flip_variable": lambda s, p, e, c: _flip(s, p, e, c, "variable"),
    "choose_attribute": _effect_choose_attribute, "swap_positions": _effect_swap, "move": _effect_move,
    "return_to_reserve": _effect_return, "deploy_reserve": _effect_deploy, "grant_direction": _effect_grant,
}


# --- setting up ---------------------------------------------------------------------------------


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
_DECKS: Final[dict[tuple[int, bool], tuple[Deck, _Compiled]]] = {}


def _compiled(deck: Deck, vanilla: bool) -> _Compiled:
    """The deck's starting line (columns 0-4 from its own left), reserves, tactics and side decks, once per deck."""
    cached = _DECKS.get((id(deck), vanilla))
    if cached is not None and cached[0] is deck:
        return cached[1]
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
    result = (line, reserves, tactics, sides[0], sides[1])
    _DECKS[(id(deck), vanilla)] = (deck, result)
    return result


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
            state._place(facts, player, player * 5 + (i if player == 0 else 4 - i), False)


def _side_decks(state: WarcardzState, attributes: list[Facts], variables: list[Facts]) -> None:
    attr_pile, var_pile = list(attributes), list(variables)
    shuffle(attr_pile, state.rng)
    shuffle(var_pile, state.rng)
    state.attr_pile, state.var_pile = attr_pile, var_pile
    log = state.log
    state.log = None
    state._set_attribute(attr_pile.pop(0))
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


# --- policies -----------------------------------------------------------------------------------


class Greedy:
    """A sensible Warcardz player: fields its strongest reserve, attacks when the combat is won (the most
    valuable target, more if it would attack next turn, with every fighter that can reach it), trades
    identical cards when not behind, flips a bad attribute card, blocks the enemy's reserve squares, and
    plays an instant when it turns the combat its way."""

    name = "greedy"

    def act(self, state: WarcardzState) -> Action:
        pending = state.pending
        if pending is not None:
            actions = pending[1]
            return actions[0] if len(actions) == 1 else self._answer(state, actions)
        # The main phase (``_main``, written out here: one call less per decision).
        p = state.active
        side = state.sides[p]
        if not state.slot_used:
            move = self._slot(state, p, side)
            if move is not None:
                return move
        cache = state.cache
        plan = cache.get(PLANS[p], False)  # ``plan``
        if plan is False:
            plan = cache[PLANS[p]] = self._plan(state, p)
        if plan is None:
            if side.hand:
                move = self._backed_attack(state, p, side)
                if move is not None:
                    return move
            if not state.discarded and (side.hand or side.reserves):
                move = self._discard(state, p, side)
                if move is not None:
                    return move
            return END_TURN
        attackers, target = plan[1], plan[2]
        if len(attackers) == 1:
            f = attackers[0]
            return _new(Attack, ((f.sq,), target.sq, (f.facts.name,), target.facts.name))
        return _new(Attack, (tuple([f.sq for f in attackers]), target.sq, tuple([f.facts.name for f in attackers]),
                             target.facts.name))

    def choose(self, state: WarcardzState, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        if state.pending is not None:
            return self._answer(state, actions)
        action = self._main(state)
        if action in actions:
            return action
        return actions[-1]

    # -- the main phase --

    def _main(self, state: WarcardzState) -> Action:
        """The main phase's action (no choice pending): see :meth:`act`."""
        return self.act(state)

    def plan(self, state: WarcardzState, p: int) -> _Plan | None:
        """The best attack ``p`` wins now: (value, attackers, target), or None.

        Candidates per target: every fighter that can reach it together, and each one alone.
        """
        key = PLANS[p]
        cached: _Plan | Literal[False] | None = state.cache.get(key, False)
        if cached is not False:
            return cached
        best = state.cache[key] = self._plan(state, p)
        return best

    def _plan(self, state: WarcardzState, p: int, nested: bool = False) -> _Plan | None:
        """The best winning attack. A target's value (x100) outweighs any margin (at most +50), so targets
        are tried from the most valuable down (then from the player's own left: ``Fighter.rank``), and the
        search stops below the first value that wins. A target's attackers are found when it is tried, in the
        player's own order of squares (``REACHERS``): on equal values the first found, from its own left, wins."""
        enemies = state.units[1 - p]
        board = state.board
        granted = state.granted
        reachers = REACHERS[p]
        best = None
        best_value = 0.0
        cache = state.cache
        twins_always = state.twins_always  # (identical cards: a trade whatever the scores; else a combat like any)
        free = True
        for other in state.auras[p]:
            if other.facts.aura_grouped:
                free = False
        won = None  # every target that can be won: (value, attackers, target), in the order tried
        for target in enemies if len(enemies) < 2 else sorted(enemies, key=_RANK):
            worth = target.facts.value * 100.0
            if best is not None and worth + BREAK + 50.0 < best_value:
                break
            sq = target.sq
            attackers = None
            for src, bit in reachers[sq]:
                f = board[src]
                if f is not None and f.owner == p and (
                        f.facts.dirs & bit or granted and granted.get(f.uid, 0) & bit):
                    if attackers is None:
                        attackers = [f]
                    else:
                        attackers.append(f)
            if attackers is None:
                continue
            if twins_always:
                key = target.facts.key
                for f in attackers:
                    if f.facts.key == key:  # identical cards meeting are both removed: a trade, not a win
                        # A trade is worth it when the player is not behind: it brings the end nearer without
                        # giving the opponent the lead. Any winning attack comes first.
                        if best is None and state.army_value(p) >= state.army_value(1 - p):
                            best, best_value = (TRADE, [f], target), TRADE
                        attackers = [f for f in attackers if f.facts.key != key]
                        break
                if not attackers:
                    continue
            if (sq < 5) == (p == 0):  # it stands in our line
                worth += BREAK
            defense: int | None = cache.get(-target.uid)
            if defense is None:
                defense = cache[-target.uid] = state.fresh_score(target, False)
            # This target's best winning candidate (the first of equal ones), before the enemy's plan is asked.
            found = None
            found_value = 0.0
            if len(attackers) == 1:
                f = attackers[0]
                alone: int | None = cache.get(f.uid)
                if alone is None:
                    alone = cache[f.uid] = state.fresh_score(f, True)
                if alone > defense:
                    margin = alone - defense
                    found, found_value = attackers, worth + (50.0 if margin > 5 else margin * 10.0) - 1
            else:
                total = 0
                for f in attackers:
                    alone = cache.get(f.uid)
                    if alone is None:
                        alone = cache[f.uid] = state.fresh_score(f, True)
                    if alone > defense:
                        margin = alone - defense
                        value = worth + (50.0 if margin > 5 else margin * 10.0) - 1
                        if found is None or value > found_value:
                            found, found_value = [f], value
                    if free and not f.facts.grouped:
                        total += alone
                    elif f.facts.grouped and f.facts.with_mods is not None:
                        total += state.group_score(f, attackers)
                    else:
                        total += state.score(f, True, attackers)
                if total > defense:
                    margin = total - defense
                    value = worth + (50.0 if margin > 5 else margin * 10.0) - len(attackers)
                    if found is None or value > found_value:
                        found, found_value = attackers, value
            if found is None:
                continue
            if won is None:
                won = [(found_value, found, target)]
            else:
                won.append((found_value, found, target))
            if found_value > best_value:  # (before the bonus for breaking up the enemy's strike: see below)
                best, best_value = (found_value, found, target), found_value
        if won is not None and len(won) > 1 and not nested:
            # Two targets or more can be won: one among the attackers of the enemy's best attack next turn counts
            # BREAK more. (With one, the bonus would change no choice: the enemy's plan is not asked.)
            counter = self._plan(state, 1 - p, True)
            if counter is not None and counter[0] != TRADE:
                threats = counter[1]
                best_value = 0.0
                for value, found, target in won:
                    if target in threats and (target.sq < 5) != (p == 0):
                        value += BREAK
                    if value > best_value:
                        best, best_value = (value, found, target), value
        return best

    def _slot(self, state: WarcardzState, p: int, side: Side) -> _Action | None:
        """The turn's reserve or before-combat tactics card, if one helps."""
        hand = side.hand
        deploy, squares = self._placements(state, p)
        if deploy is not None:
            if squares >= 2 and len(side.reserves) >= 2 and len(state.units[p]) <= LINE - 2:
                for index, facts in enumerate(hand):
                    if not facts.instant and facts.plays and facts.plays[0]["effect"] == "deploy_reserve" \
                            and facts.plays[0].get("amount", 1) > 1:
                        return Tactic(index, facts.name)
            return deploy
        for facts in hand:
            if facts.before is not None:
                break
        else:
            return None
        plan = None
        planned = False
        for index, facts in enumerate(hand):
            kind = facts.before
            if kind is None:
                continue
            entry = facts.plays[0]
            if kind in ("flip_attribute", "choose_attribute", "grant_direction", "return_to_reserve") and not planned:
                plan, planned = self.plan(state, p), True
            if plan is not None and plan[0] == TRADE:
                plan = None  # (a trade is the fallback: a tactics card that opens a winning attack comes first)
            if kind == "flip_attribute" and plan is None:
                return Tactic(index, facts.name)
            if kind == "choose_attribute" and plan is None:
                if entry.get("from") == "deck":
                    best = self._best_attribute(state, p, {t for t, _ in state._targets(p, entry)})
                    if best is not None and best != state.attr:
                        return Tactic(index, facts.name, best, ATTRIBUTE_NAMES[best])
                else:
                    return Tactic(index, facts.name)
            if kind == "flip_variable" and self._variable_edge(state, p) < 0:
                return Tactic(index, facts.name)
            if kind == "return_to_reserve" and entry.get("target") == "enemy_fighter":
                options = state._targets(p, entry)
                if options and (len(state.units[1 - p]) == 1 or plan is None):
                    # An infiltrator standing in its own line first (it blocks a square and strikes sideways),
                    # then the most valuable.
                    mine = ROW_SQUARES[p]
                    target, label = max(options, key=lambda o: (o[0] in mine, state.board[o[0]].facts.value))
                    return Tactic(index, facts.name, target, label)
            if kind == "grant_direction" and plan is None:
                for target, label in state._targets(p, entry):
                    fighter = state.board[target]
                    bits = sum(1 << DIRECTIONS.index(d) for d in entry["directions"])
                    had = state.granted.get(fighter.uid)
                    state.granted[fighter.uid] = (had or 0) | bits
                    found = self._plan(state, p)
                    if had is None:
                        del state.granted[fighter.uid]
                    else:
                        state.granted[fighter.uid] = had
                    if found is not None and found[0] != TRADE:  # (a light that only opens a trade is wasted)
                        return Tactic(index, facts.name, target, label)
            if kind == "swap_positions":
                for target, label in state._targets(p, entry):
                    a, b = state.board[target[0]], state.board[target[1]]
                    now = (SQUARE_POSITION[a.sq] == a.facts.pos) + (SQUARE_POSITION[b.sq] == b.facts.pos)
                    then = (SQUARE_POSITION[b.sq] == a.facts.pos) + (SQUARE_POSITION[a.sq] == b.facts.pos)
                    if then > now:
                        return Tactic(index, facts.name, target, label)
            if kind == "move":
                if not planned:
                    plan, planned = self.plan(state, p), True
                    if plan is not None and plan[0] == TRADE:
                        plan = None
                reaching = None
                for target, label in state._targets(p, entry):
                    fighter = state.board[target[0]]
                    if SQUARE_POSITION[fighter.sq] != fighter.facts.pos == SQUARE_POSITION[target[1]]:
                        return Tactic(index, facts.name, target, label)
                    if plan is None and reaching is None and self._strikes_from(state, p, fighter, target[1]):
                        reaching = Tactic(index, facts.name, target, label)
                if reaching is not None:  # no attack wins: step to where it would win one, out of the enemy's reach
                    return reaching
        return None

    def _backed_attack(self, state: WarcardzState, p: int, side: Side) -> Attack | None:
        """No attack wins as it stands: an attack that one instant in hand wins by at least ``BACKED`` (room for
        the defender's answer), on the most valuable such target, with every fighter that reaches it (identical
        cards left out). None if there is none."""
        instants = [(i, f) for i, f in enumerate(side.hand) if f.window is not None]
        if not instants:
            return None
        board = state.board
        reach = state.reach(p)
        best, best_key = None, None
        for sq in VIEW_ORDER[p]:
            attackers = reach[sq]
            if attackers is None:
                continue
            target = board[sq]
            assert target is not None  # (attackers only where an enemy stands)
            group = [f for f in attackers if f.facts.key != target.facts.key] if state.twins_always else list(attackers)
            if not group:
                continue
            for _index, facts in instants:
                assert facts.window is not None  # (the instants that have one)
                uids: list[int | None] = [f.uid for f in group] if facts.window[0] else [None]
                for uid in uids:
                    combat = Combat(p, group, target)
                    _record_instant(state, combat, p, facts, uid)
                    attack, defense = state.totals(combat)
                    margin = attack - defense
                    key = (target.facts.value, margin)
                    if margin >= BACKED and (best_key is None or key > best_key):
                        best, best_key = (group, target), key
        if best is None:
            return None
        group, target = best
        return _new(Attack, (tuple([f.sq for f in group]), target.sq, tuple([f.facts.name for f in group]),
                             target.facts.name))

    def _placements(self, state: WarcardzState, p: int) -> tuple[Deploy | None, int]:
        """The best reserve placement and how many open squares there are (0 without a placement): the most
        valuable reserve that fits, on the square from which it reaches the most enemies (then its preferred
        position, then the leftmost as the player sees its line)."""
        units = state.units[p]
        reserves = state.sides[p].reserves
        if len(units) >= LINE or not reserves:
            return None, 0
        room = LINE_VALUE
        for f in units:
            room -= f.facts.value
        index, top = -1, 0
        for i, facts in enumerate(reserves):
            if top < facts.value <= room:
                index, top = i, facts.value
        if index < 0:  # (the count of open squares matters only with a placement)
            return None, 0
        board = state.board
        open_squares = []
        for sq in VIEW_ROW[p]:
            if board[sq] is None:
                open_squares.append(sq)
        if not open_squares:
            return None, 0
        facts = reserves[index]
        table = REACH_MASK[p]
        lights = facts.dirs
        home = facts.pos
        best = best_count = -1
        best_home = False
        for sq in open_squares:  # the most enemies reached, then the preferred position, then its leftmost
            count = 0
            for target_sq in table[sq][lights]:
                target = board[target_sq]
                if target is not None and target.owner != p:
                    count += 1
            if count > best_count or count == best_count and not best_home and SQUARE_POSITION[sq] == home:
                best, best_count, best_home = sq, count, SQUARE_POSITION[sq] == home
        if len(open_squares) > 1 and self._exposed(state, p, facts, best):
            # The enemy would win an attack on the new fighter there (and strike first): the first square in the
            # same order where it would not, if there is one.
            ranked = []
            for i, sq in enumerate(open_squares):
                count = 0
                for target_sq in table[sq][lights]:
                    target = board[target_sq]
                    if target is not None and target.owner != p:
                        count += 1
                ranked.append((-count, SQUARE_POSITION[sq] != home, i, sq))
            ranked.sort()
            for entry in ranked:
                if entry[3] != best and not self._exposed(state, p, facts, entry[3]):
                    best = entry[3]
                    break
        return _new(Deploy, (index, facts.name, best)), len(open_squares)

    def _strikes_from(self, state: WarcardzState, p: int, fighter: Fighter, sq: int) -> bool:
        """Whether ``fighter``, moved to the open square ``sq`` of its line, would win an attack alone from there
        on an enemy it does not reach now, and stand where the enemy wins no attack on it."""
        board = state.board
        lights = fighter.facts.dirs
        table = REACH_MASK[p]
        now = table[fighter.sq][lights]
        there = Fighter(fighter.facts, p, -2, sq)
        attack = None
        for target_sq in table[sq][lights]:
            target = board[target_sq]
            if target is None or target.owner == p or target_sq in now or (
                    state.twins_always and target.facts.key == fighter.facts.key):
                continue
            if attack is None:
                attack = state.raw_score(there, True, None, None)
            if attack > state.score(target, False):
                board[fighter.sq] = None  # (the square it leaves is open while it stands on ``sq``)
                exposed = self._exposed(state, p, fighter.facts, sq)
                board[fighter.sq] = fighter
                return not exposed
        return False

    @staticmethod
    def _exposed(state: WarcardzState, p: int, facts: Facts, sq: int) -> bool:
        """Whether the enemy would win an attack, as things stand, on ``facts`` placed on ``sq`` (every enemy
        fighter that can reach the square attacking together; the new fighter's defense there)."""
        board = state.board
        enemy = 1 - p
        granted = state.granted
        total = 0
        cache = state.cache
        for src, bit in REACHERS[enemy][sq]:
            f = board[src]
            if f is not None and f.owner == enemy and (f.facts.dirs & bit or granted and granted.get(f.uid, 0) & bit):
                if f.facts.key == facts.key and state.twins_always:
                    return True  # (identical cards: both removed)
                alone: int | None = cache.get(f.uid)
                if alone is None:
                    alone = cache[f.uid] = state.fresh_score(f, True)
                total += alone
        if not total:
            return False
        return total > state.fresh_score(Fighter(facts, p, -1, sq), False)

    @staticmethod
    def reach_count(state: WarcardzState, owner: int, lights: int, sq: int) -> int:
        """How many enemy fighters a fighter of ``owner`` with these lights could attack from ``sq``."""
        board = state.board
        count = 0
        for target_sq in REACH_MASK[owner][sq][lights]:
            target = board[target_sq]
            if target is not None and target.owner != owner:
                count += 1
        return count

    def _discard(self, state: WarcardzState, p: int, side: Side) -> _Action | None:
        """No attack wins: discard the least useful card to flip the attribute card."""
        for index, facts in enumerate(side.hand):
            if (not facts.plays
                    or facts.plays[0]["effect"] == "return_to_reserve" and facts.plays[0]["target"] == "own_fighter"):
                return Discard("hand", index, facts.name, "attribute")
        if side.reserves:
            index = min(range(len(side.reserves)), key=lambda i: side.reserves[i].value)
            if len(side.reserves) > 1 or not state._open_squares(p):
                return Discard("reserve", index, side.reserves[index].name, "attribute")
        for index, facts in enumerate(side.hand):
            if not facts.instant and facts.plays[0]["effect"] not in ("flip_attribute", "choose_attribute") \
                    and facts.plays[0]["effect"] not in REACHING_EFFECTS:
                return Discard("hand", index, facts.name, "attribute")
        return None

    def _attribute_edge(self, state: WarcardzState, p: int, attr: int) -> int:
        mine = sum(f.facts.attrs[attr] + f.facts.attack for f in state.units[p])
        theirs = sum(f.facts.attrs[attr] + f.facts.defense for f in state.units[1 - p])
        return mine - theirs

    def _best_attribute(self, state: WarcardzState, p: int, allowed: set[int]) -> int | None:
        best, best_edge = None, None
        for attr in sorted(allowed):
            edge = self._attribute_edge(state, p, attr)
            if best_edge is None or edge > best_edge:
                best, best_edge = attr, edge
        return best

    def _variable_edge(self, state: WarcardzState, p: int) -> int:
        edge = 0
        for player, sign in ((p, 1), (1 - p, -1)):
            for f in state.units[player]:
                for amount, _, c in state.var_mods:
                    if c is None or _holds(c, f.facts, SQUARE_POSITION[f.sq], state.attr, None, None):
                        edge += sign * amount
        return edge

    # -- pending choices --

    def _answer(self, state: WarcardzState, actions: Sequence[Action]) -> Action:
        assert state.pending is not None
        player, _, kind, data = state.pending
        if kind == "move":
            return self._move(state, player, actions)
        if kind == "window":
            return self._window(state, player, actions)
        if kind in ("respond", "save"):
            return actions[0]
        if kind == "flip":
            if data == "attribute":
                edge = self._attribute_edge(state, player, state.attr)
                return actions[0] if edge < 0 else actions[1]
            return actions[0] if self._variable_edge(state, player) < 0 else actions[1]
        if kind == "survey":
            pile = state.attr_pile
            choices = [a for a in actions if isinstance(a, Choose)]  # (all of a survey's options)
            return max(choices, key=lambda a: self._attribute_edge(state, player, pile[a.option].attribute))
        if kind == "deploy":
            reserves = state.sides[player].reserves
            options = [a for a in actions if isinstance(a, Choose) and a.option is not None]  # (all Choose)
            return min(options, key=lambda a: (-reserves[a.option[0]].value,
                                               SQUARE_POSITION[a.option[1]] != reserves[a.option[0]].pos,
                                               view(player, a.option[1])))
        return actions[0]

    def _move(self, state: WarcardzState, player: int, actions: Sequence[Action]) -> Action:
        """Move in where the mover reaches more enemies than from where it stands; on an equal count,
        block an enemy reserve square if the enemy still has reserves (and the mover still reaches one)."""
        assert state.combat is not None
        square = state.combat.target
        enemy = 1 - player
        block = square in ROW_SQUARES[enemy] and bool(state.sides[enemy].reserves)
        best, best_gain = actions[-1], 0
        for action in actions[:-1]:
            assert isinstance(action, Step)  # (the winners that can step in, then STAY)
            fighter = state.board[action.square]
            assert fighter is not None
            lights = fighter.facts.dirs | state.granted.get(fighter.uid, 0)
            before = self.reach_count(state, player, lights, fighter.sq)
            after = self.reach_count(state, player, lights, square)
            gain = after - before
            if gain > best_gain or (gain == 0 == best_gain and block and after > 0 and best is actions[-1]):
                best, best_gain = action, gain
        return best

    def _window(self, state: WarcardzState, player: int, actions: Sequence[Action]) -> Action:
        """Play the instant that turns the combat most in ``player``'s favour (pass if none improves it)."""
        combat = state.combat
        assert combat is not None
        attacking = player == combat.player
        attack, defense = state.totals(combat)

        def rank(attack: int, defense: int) -> int:
            if attacking:
                return 2 if attack > defense else 1 if attack == defense else 0
            return 2 if defense > attack else 1 if defense == attack else 0

        now = rank(attack, defense)
        if now == 2:
            return actions[-1]
        best, best_rank = actions[-1], now
        hand = state.sides[player].hand
        needed = defense - attack if attacking else attack - defense  # to reach a tie
        mine = combat.fighters_of(player)
        for action in actions:
            if type(action) is not Instant:
                continue
            facts = hand[action.index]
            if _gain_bound(facts, mine) < needed:
                continue
            plain = combat.plain  # then nothing to copy: it goes back to no changes
            snap = None if plain else combat.snapshot()
            no_variable = combat.no_variable
            _record_instant(state, combat, player, facts, action.uid)
            if combat.no_variable and not no_variable:  # it touches both sides
                value = rank(*state.totals(combat))
            elif attacking:  # an instant changes only its player's fighters
                group = combat.attackers
                value = rank(sum(state.score(f, True, group, combat) for f in group), defense)
            else:
                value = rank(attack, state.raw_score(combat.defender, False, None, combat))  # (``score``, not plain)
            if plain:
                combat.mods, combat.frenzy, combat.home = _NO_MODS, _NOBODY, _NOBODY
                combat.no_variable = False
                combat.plain = True
            else:
                assert snap is not None  # (taken when not plain)
                combat.restore(snap)
            combat.totals = (attack, defense)  # the field did not change
            if value > best_rank:
                best, best_rank = action, value
        return best


_GAINS: Final[dict[Facts, tuple[int, int, bool]]] = {}


def _gain_bound(facts: Facts, mine: Sequence[Fighter]) -> int:
    """At most how much an instant can raise its player's side of a combat (a quick filter for the greedy)."""
    gain = _GAINS.get(facts)
    if gain is None:
        fixed = per_fighter = 0
        frenzy = False
        for entry in facts.plays:
            kind = entry["effect"]
            if kind == "modify":
                amount = abs(entry["amount"]) * (2 if entry["stat"] == "all_attributes" else 1)
                if entry.get("target") == "own_fighters_in_combat":
                    per_fighter += amount
                else:
                    fixed += amount
            elif kind == "add_frenzy":
                frenzy = True
            elif kind == "preferred_position":
                fixed += 2
            elif kind == "ignore_variable":
                fixed += 10
            else:
                fixed += 100
        gain = _GAINS[facts] = (fixed, per_fighter, frenzy)
    fixed, per_fighter, frenzy = gain
    bound = fixed + per_fighter * len(mine)
    if frenzy:
        for f in mine:
            bound += f.facts.frenzy + 4
    return bound


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
