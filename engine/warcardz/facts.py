"""Warcardz card facts: each card's facts compiled once a process (stats, lights, its effects sorted by use, and
what the scores and the tactics window need of them)."""

from __future__ import annotations

from typing import Any

from decklab.catalog.cards import Card

from ..core import FactsCache
from .board import ALL_ATTRIBUTES, ATTRIBUTES, DIRECTIONS, FRENZY, POSITIONS, SIDES, STATS
from .conditions import Cond, Entry, Mod, Window, conditions
from .effects import EFFECTS, is_targeted

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
    adj_mods: tuple[Mod, ...]
    attack: int
    attack_frenzy: tuple[Cond | None, ...]
    attack_mods: tuple[Mod, ...]
    attr_dependent: bool
    attr_frenzy: bool
    attribute: int
    attrs: tuple[int, ...]
    aura_frenzy: int
    aura_grouped: bool
    auras: tuple[Mod, ...]
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
    on_enter: tuple[Entry, ...]
    on_win: tuple[Entry, ...]
    plays: tuple[Entry, ...]
    pos: int
    saves: bool
    self_mods: tuple[Mod, ...]
    serial: int
    targeted: Entry | None
    type: str
    value: int
    var_mods: tuple[Mod, ...]
    window: Window | None
    with_mods: tuple[Mod, ...] | None

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
        lists: dict[str, list[Mod]] = {"self": [], "adj": [], "aura": [], "attack": [], "var": []}
        frenzy_conds: list[Cond | None] = []
        for entry in card.effects:
            kind, trigger, target = entry["effect"], entry.get("trigger"), entry.get("target")
            if not modeled and not EFFECTS.supports(entry):
                continue
            if card.type == "attribute" and kind == "set_attribute":
                self.attribute = ATTRIBUTES.index(entry["attribute"])
                self.attr_frenzy = bool(entry.get("frenzy"))
            elif card.type == "variable" and kind == "modify":
                lists["var"].append((entry["amount"], SIDES[entry.get("side", "both")], conditions.of(entry)))
            elif trigger == "passive" and kind == "modify":
                key = {"this": "self", "adjacent_own_fighters": "adj", "other_own_fighters": "aura"}.get(target or "")
                if key:
                    lists[key].append((STATS[entry["stat"]], entry["amount"], conditions.of(entry)))
            elif trigger == "on_attack" and kind == "modify":
                lists["attack"].append((STATS[entry["stat"]], entry["amount"], conditions.of(entry)))
            elif trigger == "on_attack" and kind == "add_frenzy":
                frenzy_conds.append(conditions.of(entry))
            elif trigger == "on_win":
                self.on_win += (entry,)
            elif trigger == "on_enter":
                self.on_enter += (entry,)
            elif trigger == "on_play":
                self.plays += (entry,)
                if is_targeted(entry) and self.targeted is None:
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
        def frenzy_mods(mods: tuple[Mod, ...]) -> int:
            return sum(abs(amount) for stat, amount, _ in mods if stat in (FRENZY, ALL_ATTRIBUTES))

        self.frenzy_cap = max(self.frenzy, 0) + 1 + frenzy_mods(self.self_mods) + frenzy_mods(self.attack_mods)
        self.aura_frenzy = frenzy_mods(self.auras)
        # Its on-play entries as (effect, target, condition, stat, amount), for the tactics window.
        self.compiled_plays = tuple((e["effect"], e.get("target"), conditions.of(e), STATS.get(e.get("stat", ""), -1),
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
                self.window = (True, t["effect"] == "preferred_position", conditions.of(t))
            else:
                self.window = (False, tuple((e["effect"], e.get("target"), STATS.get(e.get("stat", ""), -1),
                                             conditions.of(e)) for e in self.plays))
            # Its part of the window's bound (see ``combat._most_gained``): fixed gain, gain per own fighter in the
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


facts_of = FactsCache(Facts)
"""A card's compiled facts, built once per process (cards are immutable): ``facts_of(card, vanilla=False)``."""


def is_attack_opener(facts: Facts) -> bool:
    """Whether a before-combat card lights a direction for this turn ("This turn it may also attack left and
    right"): the card's own text lets the turn go on to an attack, the one exception to one action a turn."""
    return facts.before == "grant_direction"
