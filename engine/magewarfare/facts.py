"""Mage Warfare's card facts: each card compiled once (its type, class, stats and keywords, its effects sorted by
use, and bounds of what the greedy policy can make of it), and each deck's piles."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from decklab.catalog.cards import Card, Deck

from ..core import DeckCache, FactsCache
from .board import CLOAK, CREATURE, DEVICE, DOUBLE, FLYER, GUARD, HEX, SHIELD, SLOW, SPELL, STEALTH
from .bounds import effect_cap
from .effects import EFFECTS, HARMFUL_KINDS

_TYPES: Final = {"creature": CREATURE, "guard": GUARD, "device": DEVICE, "shield": SHIELD, "spell": SPELL, "hex": HEX}
_CLASS: Final = {"basic": 0, "advanced": 1, "uber": 2, "über": 2}
_BITS: Final = {"flyer": FLYER, "stealth": STEALTH, "slow-moving": SLOW, "double-strike": DOUBLE, "cloak": CLOAK}
_STATS: Final = {"long": (0,), "medium": (1,), "close": (2,), "defense": (3,), "dexterity": (4,),
          "all": (0, 1, 2, 3), "all_attacks": (0, 1, 2)}


def _keyword(text: str) -> tuple[int, int]:
    """(flag bits, blood counters) of one keyword such as ``Flyer`` or ``Blood Counter (2)``."""
    word = text.strip().casefold()
    if word.startswith("blood counter"):
        digits = "".join(ch for ch in word if ch.isdigit())
        return 0, int(digits or 1)
    return _BITS.get(word, 0), 0


def _static_caps(cap: Callable[[tuple[int, bool, bool]], float]) -> tuple[float, float] | None:
    """(cap in the Play phase, cap in the Attack phase) of a cap function of (dearest enemy card, an enemy Mage
    low, Attack phase), when it depends on nothing else; else None."""
    lo = (cap((0, False, False)), cap((0, False, True)))
    return lo if lo == (cap((1 << 20, True, False)), cap((1 << 20, True, True))) else None


class Cond:
    """A compiled ``condition``: a filter on a card, or on a card named by a role."""

    __slots__ = ("classes", "alignment", "reality", "bits", "role", "sub")
    role: str | None
    sub: Cond | None

    def __init__(self, data: Mapping[str, Any]) -> None:
        classes = data.get("class")
        self.classes = frozenset(_CLASS[str(c).casefold()] for c in classes) if classes else None
        self.alignment = str(data["alignment"]).casefold() if data.get("alignment") else None
        self.reality = str(data["reality"]).casefold() if data.get("reality") else None
        self.bits = _keyword(data["keyword"])[0] if data.get("keyword") else 0
        self.role = self.sub = None
        for role in ("battle_opponent", "source", "shielded", "equipped"):
            if role in data:
                self.role, self.sub = role, Cond(data[role] or {})

    def ok(self, facts: Facts, flags: int | None = None) -> bool:
        if self.classes is not None and facts.cls not in self.classes:
            return False
        if self.alignment is not None and facts.alignment != self.alignment:
            return False
        if self.reality is not None and facts.reality != self.reality:
            return False
        if self.bits and not ((facts.flags if flags is None else flags) & self.bits):
            return False
        return True


class Eff:
    """One compiled ``effects`` entry."""

    __slots__ = ("kind", "trigger", "tw", "amount", "idxs", "bits", "blood", "dur", "cond", "pile", "counter",
                 "deploy", "flesh", "bcost", "others", "harmful", "penalty", "caps", "cap_base", "targeted")
    kind: str
    trigger: str | None
    tw: str | None
    dur: str | None
    pile: str
    counter: str
    harmful: bool

    def __init__(self, entry: Mapping[str, Any]) -> None:
        self.kind = entry["effect"]
        self.trigger = entry.get("trigger")
        self.tw = entry.get("target")
        self.targeted = self.tw is not None and self.tw.startswith("target_")  # it takes a target when used
        self.amount = int(entry.get("amount", 0) or 0)
        self.idxs = _STATS.get(entry.get("stat", ""), ())
        self.bits, self.blood = _keyword(entry["keyword"]) if entry.get("keyword") else (0, 0)
        self.dur = entry.get("duration")
        self.cond = Cond(entry["condition"]) if entry.get("condition") else None
        self.pile = entry.get("pile", "")
        self.counter = entry.get("counter", "")
        cost = entry.get("cost") or {}
        self.deploy = bool(cost.get("deploy"))
        self.flesh = int(cost.get("flesh", 0) or 0)
        self.bcost = int(cost.get("blood", 0) or 0)
        self.others = self.tw == "other_own_creatures_guards"
        self.harmful = self.kind in HARMFUL_KINDS or (self.kind == "modify" and self.amount < 0) or (
            self.kind == "add_counters" and self.counter == "minus_token") or (
            self.kind == "grant_keyword" and bool(self.bits & SLOW))
        self.penalty = (10.0 if self.deploy else 0.0) + self.flesh / 2  # what using it as an ability costs Greedy
        self.caps = _static_caps(lambda bound: effect_cap(self, bound))
        # the cap when it is this plus the dearest enemy card's cost (and depends on nothing else)
        base = effect_cap(self, (0, False, False))
        self.cap_base = base if self.caps is None and effect_cap(self, (0, True, True)) == base and effect_cap(
            self, (1000, True, True)) == base + 1000 else None

    def __deepcopy__(self, memo: dict[int, Any]) -> Eff:
        return self


class Facts:
    """A card's facts compiled once per process: stats, keywords, and its effects sorted by use."""

    __slots__ = ("card", "name", "type", "unit", "guard", "cls", "alignment", "reality", "stats", "cost", "half",
                 "maint", "flags", "blood", "trinket", "sharable", "complex", "user", "uses", "attach", "pick",
                 "harmful", "chains", "on_play", "activated", "triggers", "self_mods", "auras", "user_mods",
                 "shield_mods", "hex_mods", "prevent", "reaction", "pump", "base", "base_atk", "base_best", "ub",
                 "gear_gain", "engage", "pump_gain", "card_caps", "fits")
    attach: Eff | None
    pick: Eff | None
    pump_gain: float | None

    def __init__(self, card: Card, vanilla: bool) -> None:
        self.card = card
        self.name = card.name
        self.type = _TYPES[card.type]
        self.unit = self.type <= GUARD
        self.guard = self.type == GUARD
        cls = card.get("class")
        self.cls = _CLASS.get(str(cls).casefold(), 0) if cls else 0
        self.alignment = str(card.get("alignment") or "").casefold()
        self.reality = str(card.get("reality") or "").casefold() or None
        self.stats = tuple(int(card.get(stat, 0) or 0) for stat in ("long", "medium", "close", "defense", "dexterity"))
        self.base = list(self.stats)  # shared, read-only: the stats of a card with no modifiers
        self.base_atk = self.base[:3]
        self.base_best = max(self.base_atk)
        self.cost = int(card.get("flesh_cost", 0) or 0)
        self.half = (self.cost + 1) // 2
        self.maint = int(card.get("maintenance", 0) or 0)
        self.flags = self.blood = 0
        for word in card.get("keywords") or ():
            bits, blood = _keyword(str(word))
            self.flags |= bits
            self.blood += blood
        kind = str(card.get("device_kind") or "")
        self.trinket = kind == "trinket"
        self.sharable = "sharable" in kind
        self.complex = "complex" in kind
        self.user = str(card.get("user") or "").casefold() or None
        self.uses = 1
        self.attach = self.pick = None
        self.harmful = self.chains = self.reaction = self.pump = False
        self.on_play: list[Eff] = []
        self.activated: list[Eff] = []
        self.triggers: dict[str | None, list[Eff]] = {}
        self.self_mods: list[Eff] = []
        self.auras: list[Eff] = []
        self.user_mods: list[Eff] = []
        self.shield_mods: list[Eff] = []
        self.hex_mods: list[Eff] = []
        self.prevent: list[Eff] = []
        self.ub = 0.0
        self.gear_gain = self.stats[2] + 2 * self.stats[3]
        self.engage = False
        self.pump_gain = None
        self.card_caps = _static_caps(self.card_cap)
        self.fits: dict[Facts, bool] = {}  # unit facts -> whether this Device or Shield fits their class and user
        # restriction
        if vanilla and not EFFECTS.is_modeled(card):
            return
        self._sort_effects(card)
        self._derive()

    def _sort_effects(self, card: Card) -> None:
        """Sort the card's effects by use: passives by whom they modify, activated abilities, on-play and the other
        triggers."""
        for entry in card.effects:
            eff = Eff(entry)
            kind, trigger, target = eff.kind, eff.trigger, eff.tw
            if kind == "maintenance":
                continue  # the card's `maintenance` field says the same
            if kind == "uses":
                self.uses = max(1, eff.amount)
            elif kind == "attach":
                self.attach = eff
            elif trigger == "passive":
                if kind == "prevent":
                    self.prevent.append(eff)
                elif target == "this":
                    self.self_mods.append(eff)
                elif target in ("own_creatures_guards", "other_own_creatures_guards"):
                    self.auras.append(eff)
                elif target == "user":
                    self.user_mods.append(eff)
                elif target == "shielded":
                    self.shield_mods.append(eff)
                elif target == "hexed":
                    if kind == "disable":
                        self.chains = True
                    else:
                        self.hex_mods.append(eff)
            elif trigger == "activated":
                self.activated.append(eff)
            elif trigger == "on_play":
                self.on_play.append(eff)
            else:
                self.triggers.setdefault(trigger, []).append(eff)

    def _derive(self) -> None:
        """What follows from the sorted effects: what a Device adds, what reacts to a Battle, whether it is a pump
        Spell, the effect that picks the target, and the greedy policy's bounds."""
        stats = self.stats
        self.gear_gain = stats[2] + 2 * stats[3] + sum(3 for e in self.user_mods if e.bits or e.idxs) + sum(
            2 for es in self.triggers.values() for e in es)  # what a Device adds to any user beyond its ranged attacks
        self.engage = bool(self.triggers.get("on_engage") or self.triggers.get("on_block"))
        self.ub = 52.0 + stats[0] + stats[1] + stats[2] + 2 * stats[3] + 3 * len(self.user_mods) + 2 * sum(
            len(es) for es in self.triggers.values())  # the most a Device can be worth to the greedy policy
        self.pump = self.type == SPELL and bool(self.on_play) and all(
            e.kind in ("modify", "grant_keyword") and e.dur in ("this_turn", "this_battle") and not e.harmful
            for e in self.on_play)
        first = self.attach or next((e for e in self.on_play if e.targeted), None)
        if first is not None:
            self.pick = first
            self.reaction = first.tw == "target_spell"
            if self.type == HEX:
                self.harmful = self.chains or any(e.harmful for e in self.hex_mods) or any(
                    e.harmful or e.tw == "hexed_controller" for es in self.triggers.values() for e in es)
            else:
                self.harmful = any(e.harmful for e in self.on_play if e.tw == first.tw)
        if self.pump and self.pick is not None and all(e.tw == "target_creature_guard" for e in self.on_play):
            # Greedy._effect_value of each entry on a Withdrawn card of one's own in the Attack phase
            self.pump_gain = sum(12.0 if e.amount >= 0 and not (e.bits & SLOW) else -5.0 for e in self.on_play)
        self.card_caps = _static_caps(self.card_cap)

    def card_cap(self, bound: tuple[int, bool, bool]) -> float:
        """An upper bound of Greedy's value of creating this card (a Spell; 1e9 for the others)."""
        if self.type != SPELL:
            return 1e9
        total = -self.cost / 4 - 2 * self.maint
        for e in self.on_play:
            total += effect_cap(e, bound)
        return total

    def __deepcopy__(self, memo: dict[int, Any]) -> Facts:
        return self

    def __repr__(self) -> str:
        return f"Facts({self.name})"


def fits_user(facts: Facts, unit_facts: Facts) -> bool:
    """A Device's or Shield's class and user restriction ("Brasshaven cards only", "X's Y")."""
    fit = facts.fits.get(unit_facts)
    if fit is None:
        if facts.cls > unit_facts.cls:
            fit = False
        else:
            user = facts.user
            fit = user is None or unit_facts.reality == user or user in unit_facts.name.casefold()
        facts.fits[unit_facts] = fit
    return fit


facts_of = FactsCache(Facts)
"""A card's compiled facts, built once per process (cards are immutable): ``facts_of(card, vanilla=False)``."""

def _piles(deck: Deck, vanilla: bool) -> tuple[list[Facts], list[Facts], list[Facts], bool]:
    """The deck's Barracks, Armory and Spellbook as facts, and whether any of its gear has a Maintenance Cost."""
    piles: tuple[list[Facts], list[Facts], list[Facts]] = ([], [], [])
    for section in deck.sections:
        for card, quantity in deck.entries(section):
            f = facts_of(card, vanilla)
            piles[0 if f.unit else 1 if f.type <= SHIELD else 2].extend([f] * quantity)
    gear_upkeep = any(f.maint for f in piles[1]) or any(f.maint for f in piles[2])
    return piles[0], piles[1], piles[2], gear_upkeep


_PILES: Final = DeckCache(_piles)


def deck_piles(deck: Deck, vanilla: bool) -> tuple[list[Facts], list[Facts], list[Facts]]:
    """The deck's Barracks, Armory and Spellbook as facts, compiled once per deck object."""
    barracks, armory, spellbook, _ = _PILES(deck, vanilla)
    return barracks, armory, spellbook


def deck_gear_upkeep(deck: Deck, vanilla: bool) -> bool:
    """Whether any Device, Shield, Spell or Hex of the deck has a Maintenance Cost."""
    return _PILES(deck, vanilla)[3]
