"""Mage Warfare: the full rules of ``mage-warfare.txt`` on the engine core.

Two to four Mages, each with 100 HP, 4 dexterity and a Flesh pool, play decks split into a
Barracks (creatures, guards), an Armory (devices, shields) and a Spellbook (spells, hexes).
A turn is Maintenance (withdraw, maintenance costs, half the Mage's life as Flesh, draws),
Attack (declare attackers; the defender blocks them one at a time; each block is a Battle
fought from long range in alternating Moves), Play (create cards for Flesh) and Discard
(down to five). The last Mage standing wins. Readings of unclear rules are in
``docs/rules/magewarfare.md``.
"""

from __future__ import annotations

import itertools
import random as _random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Literal, NamedTuple, TypeVar, cast

from decklab.catalog.cards import Card, Deck

from ..core import Action, Choose, Engine, Pass, RandomPolicy, Reading, new_rng, register, shuffle
from ..effects import EffectRegistry

START_HP: Final = 100
MAGE_DEX: Final = 4
HAND: Final = 5
BATTLE_CAP: Final = 400
"""A safeguard, not a rule: the rulebook's Battle goes on until a card is Killed or cannot continue, and Retreat is the
way out. A Battle still going after this many Moves (two cards that cannot hurt each other, neither retreating) ends
as the rules would end it: the card to move retreats (with the Free Hit). A game that this ends is unresolved."""

LONG: Final = 0
MEDIUM: Final = 1
CLOSE: Final = 2
RANGES: Final = ("long", "medium", "close")

CREATURE: Final = 0
GUARD: Final = 1
DEVICE: Final = 2
SHIELD: Final = 3
SPELL: Final = 4
HEX: Final = 5
_TYPES: Final = {"creature": CREATURE, "guard": GUARD, "device": DEVICE, "shield": SHIELD, "spell": SPELL, "hex": HEX}
_CLASS: Final = {"basic": 0, "advanced": 1, "uber": 2, "über": 2}
CLASS_NAMES: Final = ("Basic", "Advanced", "Uber")

FLYER: Final = 1
STEALTH: Final = 2
SLOW: Final = 4
DOUBLE: Final = 8
CLOAK: Final = 16
_BITS: Final = {"flyer": FLYER, "stealth": STEALTH, "slow-moving": SLOW, "double-strike": DOUBLE, "cloak": CLOAK}
_STATS: Final = {"long": (0,), "medium": (1,), "close": (2,), "defense": (3,), "dexterity": (4,),
          "all": (0, 1, 2, 3), "all_attacks": (0, 1, 2)}
EXP_TURN: Final = 0
EXP_BATTLE: Final = 1

# Phases of a turn.
OPENING: Final = 0
MAINT: Final = 1
DRAW: Final = 2
EQUIP: Final = 3
DECLARE: Final = 4
BLOCK: Final = 5
BATTLE: Final = 6
PLAY: Final = 7
DISCARD: Final = 8
ENDTURN: Final = 9

# --- the effects this engine models ---------------------------------------------------------------

EFFECTS: Final = EffectRegistry("magewarfare")
_GROUPS: Final = {"own_creatures_guards", "other_own_creatures_guards", "enemy_creatures_guards"}
_UNIT_CONDITIONS: Final = {"class", "alignment", "reality", "keyword"}
EFFECTS.kind("damage", triggers={"on_play", "activated", "on_damaged", "on_destroyed", "maintenance_phase"},
             targets={"target_creature_guard", "target_mage", "target_shield", "you", "battle_opponent",
                      "hexed_controller", "enemy_creatures_guards"},
             keys={"amount", "cost"}, conditions=_UNIT_CONDITIONS)
EFFECTS.kind("heal", triggers={"on_play", "activated", "on_kill"},
             targets={"this", "user", "you", "target_creature_guard"}, keys={"amount", "cost"})
EFFECTS.kind("destroy", triggers={"on_play", "activated"},
             targets={"target_creature_guard", "target_device", "target_hex"}, keys={"cost"},
             conditions=_UNIT_CONDITIONS)
EFFECTS.kind("disable", triggers={"on_play", "passive"}, targets={"target_creature_guard", "hexed"},
             keys={"duration"})
EFFECTS.kind("gain_control", triggers={"activated"}, targets={"target_creature_guard"}, keys={"duration", "cost"},
             conditions=_UNIT_CONDITIONS)
EFFECTS.kind("modify", triggers={"passive", "activated", "on_play", "on_block", "on_engage"},
             targets={"this", "user", "shielded", "hexed", "battle_opponent", "target_creature_guard",
                      "own_creatures_guards", "other_own_creatures_guards"},
             keys={"stat", "amount", "duration", "cost"},
             conditions={*_UNIT_CONDITIONS, "equipped", "shielded", "battle_opponent"})
EFFECTS.kind("gain_flesh", triggers={"on_play", "on_kill", "on_killed", "on_battle_damage", "maintenance_phase"},
             targets={"you"}, keys={"amount"})
EFFECTS.kind("draw", triggers={"on_play", "on_kill", "activated"}, targets={"you"}, keys={"amount", "pile", "cost"})
EFFECTS.kind("add_counters", triggers={"on_play", "activated", "on_battle_damage", "maintenance_phase"},
             targets={"this", "user", "hexed"}, keys={"counter", "amount", "cost"})
EFFECTS.kind("grant_keyword", triggers={"passive", "on_play"},
             targets={"user", "hexed", "target_creature_guard", "other_own_creatures_guards", "own_creatures_guards"},
             keys={"keyword", "duration"}, conditions=_UNIT_CONDITIONS)
EFFECTS.kind("maintenance", triggers={"maintenance_phase"}, keys={"amount"})
EFFECTS.kind("uses", triggers={None}, keys={"amount"})  # type: ignore[arg-type]  # (no trigger: effects.py types
# the triggers as str, but its check takes None for an entry without one)
EFFECTS.kind("prevent", triggers={"passive"}, targets={"this"}, keys={"amount"}, conditions={"source"})
EFFECTS.kind("negate", triggers={"on_play"}, targets={"target_spell"})
EFFECTS.kind("attach", triggers={"on_play"},
             targets={"target_creature_guard", "target_own_creature_guard", "target_device"},
             conditions=_UNIT_CONDITIONS)

_HARMFUL_KINDS: Final = {"damage", "destroy", "disable", "gain_control", "negate"}


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
        self.harmful = self.kind in _HARMFUL_KINDS or (self.kind == "modify" and self.amount < 0) or (
            self.kind == "add_counters" and self.counter == "minus_token") or (
            self.kind == "grant_keyword" and bool(self.bits & SLOW))
        self.penalty = (10.0 if self.deploy else 0.0) + self.flesh / 2  # what using it as an ability costs Greedy
        self.caps = _static_caps(lambda bound: _effect_cap(self, bound))
        # the cap when it is this plus the dearest enemy card's cost (and depends on nothing else)
        base = _effect_cap(self, (0, False, False))
        self.cap_base = base if self.caps is None and _effect_cap(self, (0, True, True)) == base and _effect_cap(
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
        self.card_caps = _static_caps(self._card_cap)
        self.fits: dict[Facts, bool] = {}  # unit facts -> whether this Device or Shield fits their class and user
        # restriction
        if vanilla and not EFFECTS.is_modeled(card):
            return
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
        self.card_caps = _static_caps(self._card_cap)

    def _card_cap(self, bound: tuple[int, bool, bool]) -> float:
        """An upper bound of Greedy's value of creating this card (a Spell; 1e9 for the others)."""
        if self.type != SPELL:
            return 1e9
        total = -self.cost / 4 - 2 * self.maint
        for e in self.on_play:
            total += _effect_cap(e, bound)
        return total

    def __deepcopy__(self, memo: dict[int, Any]) -> Facts:
        return self

    def __repr__(self) -> str:
        return f"Facts({self.name})"


def _fits_user(facts: Facts, unit_facts: Facts) -> bool:
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


# Generator expressions and lambdas of hot methods, as module functions (the methods stay free of closures).

def _has_aura_spell(table: list[TableSpell]) -> bool:
    return any(spell.active and spell.facts.auras for spell in table)


def _has_complex(gears: list[Gear]) -> bool:
    return any(g.facts.complex for g in gears)


def _lender_busy(lent: list[list[Any]]) -> bool:
    return any(x.deployed or x.disabled or x.chains for x, _ in lent)


def _strongest(b: Unit) -> tuple[int, int]:
    atk = b.atk
    return _max3(atk[0], atk[1], atk[2]), -b.uid


def _damage_sum(effects: Sequence[Eff]) -> int:
    return sum(e.amount for e in effects if e.kind == "damage")


def _deploys(effects: Sequence[Eff]) -> bool:
    return any(e.deploy for e in effects)


def _gives_flyer(effects: Sequence[Eff]) -> bool:
    return any(e.kind == "grant_keyword" and e.bits & FLYER for e in effects)


def _weakest(foes: list[Side], mine: int, rank: dict[int, tuple[int, int, int, int, float]]) -> Side:
    return min(foes, key=lambda side: (-(-side.hp // mine), rank[side.seat]))


# --- cards in play ----------------------------------------------------------------------------------


class Unit:
    """A Creature or Guard in play."""

    __slots__ = ("facts", "uid", "owner", "ctrl", "damage", "tokens", "bloodc", "deployed", "disabled", "chains",
                 "cloaked", "devices", "shield", "hexes", "mods", "lent", "helping", "blocked", "retreats",
                 "return_to", "stamp", "st", "flags", "bloodn", "atk", "red", "sig", "best", "decl", "bphase")
    sig: tuple[int, Gear | None, int, int, int] | None
    decl: Declare | None

    def __init__(self, facts: Facts, uid: int, owner: int) -> None:
        self.facts = facts
        self.uid = uid
        self.owner = self.ctrl = owner
        self.damage = self.tokens = self.bloodc = self.chains = self.lent = self.retreats = 0
        self.deployed = self.disabled = self.blocked = False
        self.cloaked = bool(facts.flags & CLOAK)
        self.devices: list[Gear] = []
        self.shield: Gear | None = None
        self.hexes: list[Hex] = []
        self.mods: list[_Mod] = []
        self.helping: list[Gear] = []
        self.return_to: int | None = None
        self.stamp = -1  # (the stats below are its card's: MageState._refresh finds the current ones)
        self.st, self.atk, self.best = facts.base, facts.base_atk, facts.base_best
        self.sig = None
        self.decl = None  # the Declare action last made for it (Greedy reuses it)
        self.flags, self.bloodn = facts.flags, facts.blood
        self.red = 0
        self.bphase = -1  # the Attack phase (MageState.attacks_begun) that ``blocked`` and ``retreats`` belong to

    @property
    def off(self) -> bool:
        """Disabled (by a Spell until its controller's Withdraw, or by a Hex)."""
        return self.disabled or self.chains > 0

    def __repr__(self) -> str:
        return f"Unit({self.facts.name}#{self.uid} P{self.ctrl + 1})"


class Gear:
    """A Device or Shield in play: equipped to ``unit`` (a Device's primary user, a Shield's
    protected card) or on the ground (``unit`` None). ``lent``: a Sharable Device's users and the
    dexterity each lends."""

    __slots__ = ("facts", "gid", "owner", "ctrl", "unit", "lent", "deployed", "hexes", "damage", "moved")

    def __init__(self, facts: Facts, gid: int, owner: int) -> None:
        self.facts = facts
        self.gid = gid
        self.owner = self.ctrl = owner
        self.unit: Unit | None = None
        self.lent: list[list[Any]] = []
        self.deployed = False
        self.hexes: list[Hex] = []
        self.damage = 0
        self.moved = -1  # the turn in whose Maintenance it was last Dropped to be moved (see Unequip)

    def __repr__(self) -> str:
        return f"Gear({self.facts.name}#{self.gid})"


class Hex:
    """A Hex under the card it hexes (``host``: a Unit, or a Gear for a Device Hex)."""

    __slots__ = ("facts", "hid", "owner", "host")

    def __init__(self, facts: Facts, hid: int, owner: int, host: Any) -> None:
        self.facts = facts
        self.hid = hid
        self.owner = owner
        self.host = host


class TableSpell:
    """A Spell on the table: with Uses left, or a Spell affect with a Maintenance Cost."""

    __slots__ = ("facts", "sid", "owner", "uses", "active")

    def __init__(self, facts: Facts, sid: int, owner: int, uses: int) -> None:
        self.facts = facts
        self.sid = sid
        self.owner = owner
        self.uses = uses
        self.active = True


class Side:
    """One Mage and its player's piles, hand, cards in play and counters."""

    __slots__ = ("seat", "barracks", "armory", "spellbook", "hand", "graveyard", "removed", "units", "ground",
                 "table", "hexes", "hp", "flesh", "dex", "alive", "dummy", "size", "roster", "kept")

    def __init__(self, seat: int, barracks: list[Facts], armory: list[Facts], spellbook: list[Facts], *,
                 dummy: bool = False) -> None:
        self.seat = seat
        self.barracks, self.armory, self.spellbook = barracks, armory, spellbook
        self.hand: list[Facts] = []
        self.graveyard: list[Facts] = []
        self.removed: list[Facts] = []
        self.units: list[Unit] = []
        self.ground: list[Gear] = []
        self.table: list[TableSpell] = []
        self.hexes: list[Hex] = []
        self.hp = START_HP
        self.flesh = 0
        self.dex = MAGE_DEX
        self.alive = True
        self.dummy = dummy
        self.size = len(barracks) + len(armory) + len(spellbook)
        self.roster = 0  # counts changes to ``units`` (what MageState._roster caches depends on)
        self.kept: _Roster | None = None


class Battle:
    """Two cards Engaged in Battle: ``u[0]`` attacks, ``u[1]`` blocks; ``mover`` is the side to move."""

    __slots__ = ("u", "range", "mover", "nothing", "stealth", "hurt", "moves")

    def __init__(self, attacker: Unit, defender: Unit) -> None:
        self.u = [attacker, defender]
        self.range = LONG
        self.mover = 0
        self.nothing = [False, False]
        self.stealth = [False, False]
        self.hurt = False  # whether either card has dealt damage (to the other) in this Battle
        self.moves = 0


_Mod = tuple[tuple[int, ...], int, int, int, int]
"""A modifier on a card (``Unit.mods``): stat indexes, amount, keyword bits, blood counters, when it expires."""
_Roster = tuple[int, int, int, list[Unit], int, int]
"""What ``MageState._roster`` keeps of a side's cards in play (``Side.kept``)."""


# --- actions ------------------------------------------------------------------------------------


class Opening(NamedTuple):
    """The opening hand: ``barracks`` cards from the Barracks, the rest from the Armory."""

    barracks: int
    armory: int

    def __str__(self) -> str:
        return f"open with {self.barracks} from the Barracks and {self.armory} from the Armory"


class Draw(NamedTuple):
    """The Maintenance draw: ``piles`` is BB, BA, AA (two from Barracks/Armory), S (one from the Spellbook)."""

    piles: str
    label: str

    def __str__(self) -> str:
        return self.label


class Equip(NamedTuple):
    """Maintenance Phase: equip a Device (or place a Shield) ``gid`` to the card ``uid``."""

    gid: int
    name: str
    uid: int
    target_name: str

    def __str__(self) -> str:
        return f"equip {self.name} to {self.target_name}"


class Unequip(NamedTuple):
    """Maintenance Phase: Drop the equipped Device (or Shield) ``gid`` onto the ground, to move it to another card
    ("you may decide to move a Device you control to another compatible card you control, including Dropping and
    picking up Devices"; "you may move a Shield to a different Creature or Guard"). Each is Dropped at most once a
    Maintenance Phase (picking it up again and Dropping it anew would go round in circles)."""

    gid: int
    name: str
    from_name: str

    def __str__(self) -> str:
        return f"drop {self.name} from {self.from_name}"


class Activate(NamedTuple):
    """Use an activated ability of a card (``oid``: a unit, device or hex), with its target if it has one."""

    oid: int
    name: str
    target: Any = None
    target_name: str = ""

    def __str__(self) -> str:
        return f"use {self.name}" + (f" on {self.target_name}" if self.target_name else "")


class Declare(NamedTuple):
    """Declare (and Deploy) an attacker against the Mage of ``seat``."""

    uid: int
    name: str
    seat: int

    def __str__(self) -> str:
        return f"attack P{self.seat + 1} with {self.name}"


class Block(NamedTuple):
    """The defender blocks the current attacker with ``uid`` (None: lets it through to the Mage)."""

    uid: int | None
    name: str
    attacker: str

    def __str__(self) -> str:
        return f"block {self.attacker} with {self.name}" if self.uid is not None else f"let {self.attacker} through"


class Move(NamedTuple):
    """A Move in a Battle (see ADVANCE ... UNSTEALTH)."""

    kind: int
    label: str

    def __str__(self) -> str:
        return self.label


class Create(NamedTuple):
    """Create a card from the hand (``index``) or a Spell from the table (``table`` True), with its target."""

    index: int  # type: ignore[assignment]  # (the field's name hides tuple.index: it is the action's public API)
    name: str
    target: Any = None
    target_name: str = ""
    table: bool = False

    def __str__(self) -> str:
        where = " again from the table" if self.table else ""
        return f"create {self.name}{where}" + (f" on {self.target_name}" if self.target_name else "")


class Discard(NamedTuple):
    """Discard a card (to the bottom of its pile)."""

    index: int  # type: ignore[assignment]  # (as Create.index)
    name: str

    def __str__(self) -> str:
        return f"discard {self.name}"


for _kind in (Opening, Draw, Equip, Unequip, Activate, Declare, Block, Move, Create, Discard):
    Action.register(_kind)

MageAction = Opening | Draw | Equip | Unequip | Activate | Declare | Block | Move | Create | Discard | Pass | Choose
"""Every action of this game (``core.Action`` knows them through ``Action.register``, which type checkers do not
read)."""

END_EQUIP: Final = Pass("end the Maintenance Phase")
FIGHT: Final = Pass("declare no more attackers")
END_PLAY: Final = Pass("end the Play Phase")

ADVANCE: Final = 0
STRIKE: Final = 1
ADVANCE_STRIKE: Final = 2
RETREAT: Final = 3
WAIT: Final = 4
UNSTEALTH: Final = 5
MOVES: Final = {
    (ADVANCE, LONG): Move(ADVANCE, "move up to medium range"),
    (ADVANCE, MEDIUM): Move(ADVANCE, "move up to close range"),
    (STRIKE, LONG): Move(STRIKE, "attack at long range"),
    (STRIKE, MEDIUM): Move(STRIKE, "attack at medium range"),
    (STRIKE, CLOSE): Move(STRIKE, "attack at close range"),
    (ADVANCE_STRIKE, LONG): Move(ADVANCE_STRIKE, "move up and attack at medium range"),
    (ADVANCE_STRIKE, MEDIUM): Move(ADVANCE_STRIKE, "move up and attack at close range"),
}
for _r in (LONG, MEDIUM, CLOSE):
    MOVES[(RETREAT, _r)] = Move(RETREAT, "retreat")
    MOVES[(WAIT, _r)] = Move(WAIT, "do nothing")
    MOVES[(UNSTEALTH, _r)] = Move(UNSTEALTH, "give up Stealth")
_MOVE_AT: Final = [[MOVES.get((kind, r)) for r in (LONG, MEDIUM, CLOSE)] for kind in range(6)]
"""The Move of each kind at each range (None where there is none)."""
DRAWS: Final = {"BB": Draw("BB", "draw two from the Barracks"),
         "BA": Draw("BA", "draw one from the Barracks and one from the Armory"),
         "AA": Draw("AA", "draw two from the Armory"), "S": Draw("S", "draw one from the Spellbook"),
         "B": Draw("B", "draw one from the Barracks"), "A": Draw("A", "draw one from the Armory")}




def _draw_choices(b: int, a: int, spellbook: bool) -> tuple[Draw, ...]:
    """The draws a player with ``b`` Barracks and ``a`` Armory cards (2 meaning 2 or more) may choose."""
    options = []
    if b >= 2:
        options.append(DRAWS["BB"])
    if b and a:
        options.append(DRAWS["BA"])
    if a >= 2:
        options.append(DRAWS["AA"])
    if not options and b + a == 1:
        options.append(DRAWS["B" if b else "A"])
    if spellbook:
        options.append(DRAWS["S"])
    return tuple(options)


_DRAW_OPTIONS: Final = [[[_draw_choices(b, a, s) for s in (False, True)] for a in range(3)] for b in range(3)]
"""The draw options by Barracks cards (0, 1, 2 or more), Armory cards (likewise) and a Spellbook to draw from."""
_OPENINGS: Final[dict[tuple[int, int], tuple[Opening, ...]]] = {}
"""The opening choices by Barracks and Armory cards (up to 5 each): actions are immutable, so they are shared."""


# --- the state ----------------------------------------------------------------------------------


_T = TypeVar("_T")

_SERIALS: Final = itertools.count()
"""Each state (and clone) gets a serial number, so a policy can cache per-state work safely."""


def _key(obj: Any) -> int:
    kind = type(obj)
    key: int = obj.uid if kind is Unit else obj.gid if kind is Gear else obj.hid if kind is Hex else obj.sid
    return key


class MageState:
    """A game of Mage Warfare between 2 to 4 Mages (or one against a goldfish that has no cards).

    It follows the :class:`~decklab.engine.core.GameState` protocol without subclassing it (its ``apply`` and
    ``legal_actions`` take and give this game's actions only)."""

    __slots__ = ("sides", "n", "active", "phase", "pending", "battle", "declared", "ai", "cur", "cur_seat", "objs",
                 "next_id", "stamp", "result", "over", "goldfish", "maint_queue", "opening", "first", "stack",
                 "cache", "recheck", "serial", "version", "aura_stamp", "aura_sides", "aura_units", "gear_acts",
                 "gear_upkeep", "expiring", "attacks_begun", "order", "capped", "reactor", "deployed_block",
                 "battle_window", "rng", "log", "turn", "max_turns")
    # deployed_block: whether Deployed cards may block (the reading deployed-block=on); battle_window: whether the
    # player to move in a Battle gets a reactive window before each Move (reactive-windows=block-and-battle). Set at
    # setup from the readings (``rules``, see READINGS), carried by clone() and determinize().

    rng: _random.Random
    log: list[str] | None
    turn: int
    max_turns: int
    sides: list[Side]
    n: int
    active: int
    phase: int
    pending: list[tuple[int, list[Choose], str, Any]]
    """The choices waiting: (seat, its options, what kind of choice, its context)."""
    battle: Battle | None
    declared: list[tuple[Unit, int]]
    ai: int
    cur: Unit | None
    cur_seat: int
    objs: dict[int, Any]
    """Every card in play by id: a Unit, Gear, Hex or TableSpell."""
    next_id: int
    stamp: int
    result: int | None
    over: bool
    goldfish: bool
    maint_queue: list[tuple[Any, int]]
    opening: list[int]
    first: int
    stack: tuple[int, Facts, Any, TableSpell | None] | None
    cache: list[MageAction] | tuple[Unit | None, list[Unit]] | None
    """The current player's options, or in the Block phase the attacker and its blockers (see _blockers)."""
    recheck: bool
    serial: int
    version: int
    aura_stamp: int
    aura_sides: list[bool]
    aura_units: list[list[Unit]]
    gear_acts: list[int]
    gear_upkeep: bool
    expiring: bool
    attacks_begun: int
    order: list[tuple[Side, ...]]
    capped: bool
    reactor: int
    deployed_block: bool
    battle_window: bool

    # -- protocol --

    def say(self, line: str) -> None:
        """Add a line to the play-by-play, as :meth:`GameState.say` does (callers test ``self.log`` first)."""
        if self.log is not None:
            self.log.append(f"[turn {self.turn}] {line}")

    def current_player(self) -> int:
        if self.pending:
            return self.pending[0][0]
        phase = self.phase
        if phase == DECLARE or phase == PLAY:  # (the most frequent)
            return self.active
        if phase == BLOCK:
            return self.cur_seat
        if phase == BATTLE:
            b = self.battle
            assert b is not None  # (the Battle being fought)
            return self.active if b.mover == 0 else self.cur_seat
        if phase == OPENING:
            return self.opening[0]
        return self.active

    def is_terminal(self) -> bool:
        return self.over

    def winner(self) -> int | None:
        return self.result

    def is_unresolved(self) -> bool:
        """Whether the game was stopped by the turn cap, or ended by the Battle safeguard's forced Retreat (see
        ``BATTLE_CAP``), neither of which the rulebook has."""
        return self.over and (self.turn > self.max_turns or self.capped)

    def clone(self) -> MageState:
        """An independent copy that plays on exactly as this game (its own generator state, its own serial, so a
        policy's per-state caches never mix the two). Copied field by field (see ``_copy_state``)."""
        return _copy_state(self, _copy_rng(self.rng), None if self.log is None else list(self.log))

    def determinize(self, player: int, rng: _random.Random) -> MageState:
        """A new game that ``player`` cannot tell from this one (see ``core.GameState.determinize``). Hidden from it:
        every other player's hand and the order of every Barracks, Armory and Spellbook. Each other player's hand
        cards of one pile kind are pooled with that pile (in a canonical order: by card name), shuffled with ``rng``,
        and the hand gets back as many of that kind as it held (Barracks cards first, then Armory, then Spellbook:
        the order of a hidden hand is hidden too); ``player``'s own piles are put in the canonical order and
        shuffled. A card a pending choice names (the Spell that would negate) stays in its holder's hand, first. The
        game's generator is a new one drawn from ``rng``; this game is left as it was. Known simplifications: cards
        ``player`` saw before (its own discards, placed at the bottom of their pile; another Mage's hand card it was
        shown) are treated as unseen again, and a Cloaked card in play is seen by everyone (the engine names every
        card created)."""
        twin = _copy_state(self, None, None)
        twin.rng = _random.Random(rng.getrandbits(64))
        twin.cache = None  # (the current player's listed actions may name the cards of a hand redrawn below)
        keep: dict[int, list[Facts]] | None = None  # per seat: the hand cards a pending choice names (they stay,
        # first in the hand)
        for seat, _, choice, _ in self.pending:
            if choice == "negate" and seat != player:
                index = self._negate_card(self.sides[seat])
                if index is not None:
                    if keep is None:
                        keep = {}
                    keep.setdefault(seat, []).append(self.sides[seat].hand[index])
        for side in twin.sides:
            if side.dummy:
                continue
            if side.seat == player:
                for pile in (side.barracks, side.armory, side.spellbook):
                    if len(pile) > 1:
                        pile.sort(key=_canon)
                        shuffle(pile, rng)
                continue
            hand = side.hand
            kept = None if keep is None else keep.get(side.seat)
            if kept is not None:
                for f in kept:
                    hand.remove(f)
            counts = [0, 0, 0]
            piles = (side.barracks, side.armory, side.spellbook)
            for f in hand:
                kind = 0 if f.unit else 1 if f.type <= SHIELD else 2
                counts[kind] += 1
                piles[kind].append(f)
            new_hand = [] if kept is None else list(kept)
            for kind in range(3):
                pile = piles[kind]
                if len(pile) > 1:
                    pile.sort(key=_canon)
                    shuffle(pile, rng)
                count = counts[kind]
                if count:
                    new_hand.extend(pile[len(pile) - count:])
                    del pile[len(pile) - count:]
            side.hand = new_hand
        return twin

    def observation(self, player: int) -> tuple[Any, ...]:
        """Everything ``player`` sees now: every Mage's counters, pile sizes, Graveyard and Removed pile, cards in play
        (with ids, damage, counters, statuses, equipment and Hexes), Spells on the table, its own hand in order and
        how many cards of each pile the others hold, the turn, phase, Battle, attackers, the pending choice and the
        result. The other players' hands and the order of every pile are not in it."""
        sides = []
        for side in self.sides:
            hand: tuple[str, ...] | tuple[int, int, int]
            if side.seat == player:
                hand = tuple([f.name for f in side.hand])
            else:
                barracks = armory = 0
                for f in side.hand:
                    if f.unit:
                        barracks += 1
                    elif f.type <= SHIELD:
                        armory += 1
                hand = (barracks, armory, len(side.hand) - barracks - armory)
            units = tuple([(u.uid, u.facts.name, u.owner, u.ctrl, u.damage, u.tokens, u.bloodc, u.deployed,
                            u.disabled, u.chains, u.cloaked, u.lent, u.retreats, u.blocked, u.bphase, u.return_to,
                            tuple(u.mods), tuple([_gear_view(g) for g in u.devices]),
                            None if u.shield is None else _gear_view(u.shield), tuple([h.hid for h in u.hexes]),
                            tuple([g.gid for g in u.helping])) for u in side.units])
            ground = tuple([_gear_view(g) for g in side.ground])
            table = tuple([(t.sid, t.facts.name, t.owner, t.uses, t.active) for t in side.table])
            hexes = tuple([(h.hid, h.facts.name, h.owner, _key(h.host)) for h in side.hexes])
            sides.append((side.seat, side.hp, side.flesh, side.dex, side.alive, side.dummy, len(side.barracks),
                          len(side.armory), len(side.spellbook), hand, tuple([f.name for f in side.graveyard]),
                          tuple([f.name for f in side.removed]), units, ground, table, hexes))
        b = self.battle
        battle = None if b is None else (b.u[0].uid, b.u[1].uid, b.range, b.mover, tuple(b.nothing),
                                          tuple(b.stealth), b.hurt, b.moves)
        pending = tuple([(seat, tuple([str(o) for o in options]), kind, _context_view(context))
                         for seat, options, kind, context in self.pending])
        stack: tuple[Any, ...] | None = self.stack
        if stack is not None:
            stack = (stack[0], stack[1].name, stack[2], None if stack[3] is None else stack[3].sid)
        return (self.n, self.turn, self.max_turns, self.first, self.active, self.phase, self.current_player(),
                tuple(sides), battle, tuple([(u.uid, seat) for u, seat in self.declared]),
                None if self.cur is None else self.cur.uid, self.cur_seat, tuple(self.opening), pending, stack,
                tuple([(_key(obj), cost) for obj, cost in self.maint_queue]), self.next_id, self.attacks_begun,
                self.reactor, self.expiring, self.recheck, self.over, self.result, self.capped, self.deployed_block,
                self.battle_window)

    # -- reading the state --

    def _refresh(self, u: Unit) -> None:
        """Compute a card's current stats, keywords, battle attacks and device reduction."""
        f = u.facts
        u.sig = None
        if self.aura_stamp != self.stamp:  # who has auras changes only with a new stamp
            self.aura_stamp = self.stamp
            self.aura_units = [[o for o in side.units if o.facts.auras] for side in self.sides]
            self.aura_sides = [bool(self.aura_units[side.seat]) or _has_aura_spell(side.table) for side in self.sides]
        if not (u.mods or u.hexes or u.devices or u.shield is not None or f.self_mods or self.aura_sides[u.ctrl]):
            t = u.tokens
            if t:
                st = f.stats
                s = [st[0] + t, st[1] + t, st[2] + t, st[3] + t, st[4]]
                for i in range(4):
                    if s[i] < 0:
                        s[i] = 0
                u.st, u.atk = s, s[:3]
                u.best = _max3(s[0], s[1], s[2])
            else:
                u.st, u.atk, u.best = f.base, f.base_atk, f.base_best
            u.flags, u.bloodn = f.flags, f.blood
            u.red = 0
            u.stamp = self.stamp
            return
        s = list(f.stats)
        t = u.tokens
        if not (u.mods or u.hexes or u.devices or u.shield is not None or f.self_mods):
            # Only auras (of its side's cards and Spells): the general case below, without what is empty.
            if t:
                s[0] += t
                s[1] += t
                s[2] += t
                s[3] += t
            flags, blood = self._aura_bonus(u, s, f.flags, f.blood)
            if s[0] < 0 or s[1] < 0 or s[2] < 0 or s[3] < 0 or s[4] < 0:
                for i in range(5):
                    if s[i] < 0:
                        s[i] = 0
            u.st, u.flags, u.bloodn = s, flags, blood
            u.atk = s[:3]  # (no Device and no Shield add to the attacks)
            u.best = _max3(s[0], s[1], s[2])
            u.red = 0
            u.stamp = self.stamp
            return
        if t:
            s[0] += t
            s[1] += t
            s[2] += t
            s[3] += t
        flags, blood = f.flags, f.blood
        for idxs, amount, bits, extra, _ in u.mods:
            for i in idxs:
                s[i] += amount
            flags |= bits
            blood += extra
        for h in u.hexes:
            for e in h.facts.hex_mods:
                if e.cond is None or e.cond.ok(f):
                    for i in e.idxs:
                        s[i] += e.amount
                    flags |= e.bits
                    blood += e.blood
        devices = u.devices
        best_long = best_medium = close = red = 0
        for g in devices:  # the Devices' modifiers, and their attacks (best at long and medium, the sum at close)
            gf = g.facts
            for e in gf.user_mods:
                for i in e.idxs:
                    s[i] += e.amount
                flags |= e.bits
                blood += e.blood
            if g.hexes:
                gl, gm, gc = self._gear_attacks(g)
            else:
                gl, gm, gc, gd = gf.base[:4]
            if gl > best_long:
                best_long = gl
            if gm > best_medium:
                best_medium = gm
            close += gc
            red += gf.stats[3]
        shield = u.shield
        if shield is not None:
            for e in shield.facts.shield_mods:
                for i in e.idxs:
                    s[i] += e.amount
                flags |= e.bits
                blood += e.blood
        off = u.disabled or u.chains
        if f.self_mods and not off:
            for e in f.self_mods:
                c = e.cond
                if c is not None:
                    if c.role == "equipped":
                        for g in devices:
                            if c.sub is not None and c.sub.ok(g.facts):
                                break
                        else:
                            continue
                    elif not c.ok(f):
                        continue
                for i in e.idxs:
                    s[i] += e.amount
                flags |= e.bits
                blood += e.blood
        if shield is None:
            flags, blood = self._aura_bonus(u, s, flags, blood)
        if s[0] < 0 or s[1] < 0 or s[2] < 0 or s[3] < 0 or s[4] < 0:
            for i in range(5):
                if s[i] < 0:
                    s[i] = 0
        u.st, u.flags, u.bloodn = s, flags, blood
        long_, medium = s[0], s[1]
        if shield is not None:  # "a normal attack ... in addition to the Shield's attack at the current Range"
            sl, sm, sc = shield.facts.stats[:3]
            long_, medium, close = long_ + sl, medium + sm, close + sc
        long_ = long_ if long_ >= best_long else best_long
        medium = medium + best_medium if flags & DOUBLE else (medium if medium >= best_medium else best_medium)
        close += s[2]
        u.atk = [long_, medium, close]
        u.best = _max3(long_, medium, close)
        u.red = red
        u.stamp = self.stamp

    def _aura_bonus(self, u: Unit, s: list[int], flags: int, blood: int) -> tuple[int, int]:
        """Add the auras of ``u``'s side (of its cards and its Spells) to the stats ``s``: the keywords and blood
        counters with them."""
        f = u.facts
        for o in self.aura_units[u.ctrl]:
            if o.shield is None and not (o.disabled or o.chains):
                for e in o.facts.auras:
                    if (e.others and o is u) or (e.cond is not None and not e.cond.ok(f)):
                        continue
                    for i in e.idxs:
                        s[i] += e.amount
                    flags |= e.bits
                    blood += e.blood
        for spell in self.sides[u.ctrl].table:
            if spell.active and spell.facts.auras:
                for e in spell.facts.auras:
                    if e.cond is None or e.cond.ok(f):
                        for i in e.idxs:
                            s[i] += e.amount
                        flags |= e.bits
        return flags, blood

    def _gear_attacks(self, g: Gear) -> tuple[int, int, int]:
        stats = g.facts.stats
        if not g.hexes:
            return stats[0], stats[1], stats[2]
        s = [stats[0], stats[1], stats[2]]
        for h in g.hexes:
            for e in h.facts.hex_mods:
                for i in e.idxs:
                    if i < 3:
                        s[i] += e.amount
        return max(0, s[0]), max(0, s[1]), max(0, s[2])

    def stats(self, u: Unit) -> list[int]:
        """[long, medium, close, defense, dexterity] now, with every modifier."""
        if u.stamp != self.stamp:
            self._refresh(u)
        return u.st

    def flags(self, u: Unit) -> int:
        if u.stamp != self.stamp:
            self._refresh(u)
        return u.flags

    def attacks(self, u: Unit) -> list[int]:
        """The card's Battle attack at each range with its Devices (long/medium: the best one; close: the sum)."""
        if u.stamp != self.stamp:
            self._refresh(u)
        return u.atk

    def reduction(self, u: Unit) -> int:
        """Damage taken from each hit in Battle is reduced by the Defense of every equipped Device."""
        if u.stamp != self.stamp:
            self._refresh(u)
        return u.red

    def defense_left(self, u: Unit) -> int:
        if u.stamp != self.stamp:
            self._refresh(u)
        return u.st[3] - u.damage

    def shield_defense(self, g: Gear) -> int:
        total = g.facts.stats[3]
        for e in g.facts.self_mods:
            c = e.cond
            if c is None or (c.role == "shielded" and g.unit is not None and c.sub is not None and c.sub.ok(
                    g.unit.facts)):
                total += e.amount
        return max(0, total)

    def free_dex(self, u: Unit) -> int:
        used = u.lent
        for g in u.devices:
            if not g.facts.sharable:
                used += g.facts.stats[4]
        return self.stats(u)[4] - used

    def _uses_complex(self, u: Unit) -> bool:
        return any(g.facts.complex for g in u.devices) or any(g.facts.complex for g in u.helping)

    def _can_use(self, u: Unit, f: Facts, creating: bool) -> Any:
        """Whether ``u`` can equip the Device or Shield ``f``: True, a Sharable plan [[unit, lent], ...], or None."""
        if creating and u.deployed:
            return None
        fit = f.fits.get(u.facts)
        if fit is None:
            fit = _fits_user(f, u.facts)
        if not fit:  # class and user restriction
            return None
        if f.type == SHIELD:
            return True if u.shield is None else None
        devices = u.devices
        if f.trinket:
            for g in devices:
                if g.facts.trinket:
                    return None
            return True
        used = u.lent
        for g in devices:
            gf = g.facts
            if gf.complex or (f.complex and not gf.trinket):
                return None
            if not gf.sharable:
                used += gf.stats[4]
        if u.helping and (f.complex or _has_complex(u.helping)):
            return None
        if f.sharable:
            return self._share_plan(u, f, creating)
        if u.stamp != self.stamp:
            self._refresh(u)
        return True if u.st[4] - used >= f.stats[4] else None

    def _share_plan(self, primary: Unit, f: Facts, creating: bool) -> list[list[Any]] | None:
        """The users of a Sharable Device: the primary user lends what it can, then the cheapest eligible
        cards of the same controller lend the rest (each at least 1)."""
        need = f.stats[4]
        free = self.free_dex(primary)
        if free < 1:
            return None
        plan: list[list[Any]] = [[primary, min(free, need)]]
        rest = need - plan[0][1]
        if rest > 0:
            candidates = []
            for h in self.sides[primary.ctrl].units:
                if h is primary or (creating and h.deployed) or not _fits_user(f, h.facts) or self._uses_complex(h):
                    continue
                if f.complex and (h.helping or any(not g.facts.trinket for g in h.devices)):
                    continue
                spare = self.free_dex(h)
                if spare >= 1:
                    candidates.append((h.facts.cost, h.uid, h, spare))
            candidates.sort(key=lambda c: (c[0], c[1]))
            for _, _, h, spare in candidates:
                take = min(spare, rest)
                plan.append([h, take])
                rest -= take
                if not rest:
                    break
            if rest > 0:
                return None
        return plan

    def card_counts(self) -> list[int]:
        """Cards each player owns, in every zone (conserved through the game)."""
        counts = [0] * self.n
        for side in self.sides:
            counts[side.seat] += (len(side.barracks) + len(side.armory) + len(side.spellbook) + len(side.hand)
                                  + len(side.graveyard) + len(side.removed))
        for obj in self.objs.values():
            counts[obj.owner] += 1
        if self.stack is not None and self.stack[3] is None:
            counts[self.stack[0]] += 1  # a Spell from the hand, waiting for a Negate answer
        return counts

    def dexterity_ok(self) -> bool:
        """No card uses more dexterity than it has, more than one Trinket, or a Complex Device beside others; every
        Device fits its user's class and user restriction, and a Sharable Device's users lend all it needs."""
        for side in self.sides:
            for u in side.units:
                if not u.devices and not u.lent:
                    continue
                used, trinkets, others, complex_ = u.lent, 0, len(u.helping), False
                for g in u.devices:
                    f = g.facts
                    if f.trinket:
                        trinkets += 1
                    else:
                        others += 1
                        if not f.sharable:
                            used += f.stats[4]
                        elif sum(lent for _, lent in g.lent) < f.stats[4]:
                            return False
                    complex_ = complex_ or f.complex
                    if not _fits_user(f, u.facts):
                        return False
                complex_ = complex_ or any(g.facts.complex for g in u.helping)
                if used > self.stats(u)[4] or trinkets > 1 or (complex_ and others > 1):
                    return False
        return True

    # -- legal actions --

    def legal_actions(self) -> Sequence[MageAction]:
        if self.over:
            return ()
        if self.pending:
            return self.pending[0][1]
        phase = self.phase
        if phase == BATTLE:
            return self._battle_moves()
        if phase == BLOCK:
            return self._block_moves()
        return self._options()

    def _options(self) -> list[MageAction]:
        cached = self.cache
        if cached is not None:
            assert type(cached) is list  # (a tuple only in the Block phase, which lists no options: see _blockers)
            return cached
        phase = self.phase
        if phase == PLAY:
            cached = self._play_moves(self.active, spells_only=False)
        elif phase == DECLARE:
            cached = self._declare_moves(self.active)
        elif phase == DRAW:
            cached = cast("list[MageAction]", self._draw_options(self.sides[self.active]))
        elif phase == EQUIP:
            cached = self._equip_moves(self.active)
        elif phase == DISCARD:
            cached = self._discard_moves(self.active)
        elif phase == OPENING:
            cached = self._opening_moves(self.opening[0])
        else:
            cached = []
        self.cache = cached
        return cached

    def _set_phase(self, phase: int) -> None:
        self.phase = phase
        self.cache = None

    def _opening_moves(self, seat: int) -> list[MageAction]:
        side = self.sides[seat]
        b, a = min(len(side.barracks), HAND), min(len(side.armory), HAND)
        moves = _OPENINGS.get((b, a))
        if moves is None:
            total = min(HAND, b + a)
            moves = _OPENINGS[(b, a)] = tuple(Opening(k, total - k) for k in range(total, -1, -1)
                                               if k <= b and total - k <= a)
        return list(moves)

    def _draw_options(self, side: Side, spellbook: bool = True) -> list[Draw]:
        b, a = len(side.barracks), len(side.armory)
        return list(_DRAW_OPTIONS[min(b, 2)][min(a, 2)][bool(spellbook and side.spellbook)])

    def _equip_moves(self, p: int) -> list[MageAction]:
        side = self.sides[p]
        moves: list[MageAction] = []
        g: Gear | None
        for g in side.ground:
            f = g.facts
            for u in side.units:
                if self._can_use(u, f, False) is not None:
                    moves.append(Equip(g.gid, f.name, u.uid, u.facts.name))
        turn = self.turn
        for u in side.units:
            for g in u.devices:
                if g.moved != turn:
                    moves.append(Unequip(g.gid, g.facts.name, u.facts.name))
            g = u.shield
            if g is not None and g.moved != turn:
                moves.append(Unequip(g.gid, g.facts.name, u.facts.name))
        moves.append(END_EQUIP)
        return moves

    def _attackers(self, p: int) -> list[Unit]:
        """Cards that may attack: Withdrawn, Enabled, not Shielded, not lending dexterity to a Sharable Device."""
        return [u for u in self.sides[p].units
                if not u.deployed and not u.disabled and not u.chains and u.shield is None and not u.helping]

    def _may_declare(self, p: int) -> bool:
        """Whether the attacking player has a choice left: an attacker to declare or, before the first
        declaration, a Spell or ability to use."""
        for u in self.sides[p].units:
            if not (u.deployed or u.disabled or u.chains or u.helping) and u.shield is None:
                return True
        return not self.declared and bool(self._may_create(p, True) or self.ability_sources(p, True))

    def _may_create(self, p: int, spells_only: bool) -> bool:
        """Whether any card in hand (or Spell on the table) can be Created now."""
        side = self.sides[p]
        flesh = side.flesh
        classes = -1
        later = None  # Devices and targeted Spells and Hexes: their checks are dearer, so they come after the others
        for f in side.hand:
            if f.cost > flesh:
                continue
            kind = f.type
            if spells_only and kind != SPELL:
                continue
            if kind <= GUARD:
                c = f.cls
                if c == 0:  # (a Basic card needs nothing in play)
                    return True
                if classes < 0:
                    kept = side.kept
                    if kept is None or kept[0] != side.roster or kept[1] != len(side.units):
                        kept = self._roster(side)
                    classes = kept[2]
                if classes & (1 << (c - 1)):
                    return True
            elif kind == DEVICE or (kind != SHIELD and f.pick is not None):
                if kind == DEVICE or not f.reaction:
                    if later is None:
                        later = [f]
                    else:
                        later.append(f)
            else:
                return True
        if later is not None:
            for f in later:
                if f.type == DEVICE:
                    fits = f.fits
                    for u in side.units:  # (a Deployed card or one it does not fit cannot take it: see _can_use)
                        if not u.deployed and fits.get(u.facts) is not False and self._can_use(u, f, True) is not None:
                            return True
                elif f.pick is not None and self._target_objects(p, f.pick, f.harmful, True):
                    return True
        for spell in side.table:
            f = spell.facts
            if not spell.active and spell.uses > 0 and f.cost <= flesh and not f.reaction and (
                    f.pick is None or self._target_objects(p, f.pick, f.harmful, True)):
                return True
        return False

    def _declare_moves(self, p: int) -> list[MageAction]:
        moves: list[MageAction] = []
        seats = [s.seat for s in self.sides if s.alive and s.seat != p]
        for u in self._attackers(p):
            for seat in seats:
                moves.append(Declare(u.uid, u.facts.name, seat))
        if not self.declared:  # Spells and abilities come before the attackers are declared
            moves.extend(self._activations(p))
            moves.extend(self._creations(p, spells_only=True))
        moves.append(FIGHT)
        return moves

    def _play_moves(self, p: int, spells_only: bool = False) -> list[MageAction]:
        moves = self._creations(p, spells_only)
        moves.extend(self._activations(p))
        moves.append(END_PLAY)
        return moves

    def _discard_moves(self, p: int) -> list[MageAction]:
        seen = set()
        moves: list[MageAction] = []
        for i, f in enumerate(self.sides[p].hand):
            if f not in seen:
                seen.add(f)
                moves.append(Discard(i, f.name))
        return moves

    def _classes_in_play(self, p: int) -> int:
        """Bit 1: a Basic card in play, bit 2: an Advanced one (what Advanced and Uber cards need)."""
        side = self.sides[p]
        kept = side.kept
        if kept is None or kept[0] != side.roster or kept[1] != len(side.units):
            kept = self._roster(side)
        return kept[2]

    def _roster(self, side: Side) -> _Roster:
        """(roster, count, class bits, the cards with activated abilities, their Maintenance Costs, the
        highest Creation Cost) of a side's cards in play, kept until its ``units`` change (``side.roster`` counts
        the changes; ``_enter`` updates it in place of a new count)."""
        kept = side.kept
        units = side.units
        if kept is not None and kept[0] == side.roster and kept[1] == len(units):
            return kept
        bits = upkeep = dearest = 0
        carriers = []
        for u in units:
            f = u.facts
            bits |= 1 << f.cls
            upkeep += f.maint
            if f.cost > dearest:
                dearest = f.cost
            if f.activated:
                carriers.append(u)
        kept = side.kept = (side.roster, len(units), bits, carriers, upkeep, dearest)
        return kept

    def can_create_unit(self, p: int, f: Facts) -> bool:
        return f.cls == 0 or bool(self._classes_in_play(p) & (1 << (f.cls - 1)))

    def _creations(self, p: int, spells_only: bool, first: bool = False) -> list[MageAction]:
        side = self.sides[p]
        flesh = side.flesh
        moves: list[MageAction] = []
        seen = set()
        for i, f in enumerate(side.hand):
            if f.cost > flesh or f in seen:
                continue
            seen.add(f)
            kind = f.type
            if spells_only and kind != SPELL:
                continue
            if kind <= GUARD:
                if self.can_create_unit(p, f):
                    moves.append(Create(i, f.name))
            elif kind == DEVICE:
                for u in side.units:
                    if self._can_use(u, f, True) is not None:
                        moves.append(Create(i, f.name, u.uid, u.facts.name))
                        if first:
                            return moves
            elif kind == SHIELD:
                moves.append(Create(i, f.name))
            elif f.pick is None:
                moves.append(Create(i, f.name))
            elif not f.reaction:
                for target, label in self._pick_targets(p, f.pick, f.harmful):
                    moves.append(Create(i, f.name, target, label))
            if first and moves:
                return moves
        for spell in side.table:
            f = spell.facts
            if not spell.active and spell.uses > 0 and f.cost <= flesh and not f.reaction:
                if f.pick is None:
                    moves.append(Create(spell.sid, f.name, table=True))
                else:
                    for target, label in self._pick_targets(p, f.pick, f.harmful):
                        moves.append(Create(spell.sid, f.name, target, label, True))
        return moves

    def _target_objects(self, p: int, e: Eff, harmful: bool, first: bool = False) -> list[Any]:
        """What an effect that says "target ..." can choose: cards, or a seat number for a Mage. Cloaked
        cards of other players and Shielded cards cannot be chosen; harmful effects choose among the
        opponents' cards, helpful ones among your own; other players' in turn order from ``p`` (see ``order``). With
        ``first``, Creatures and Guards stop at the first one (enough to tell whether there is any)."""
        tw, cond = e.tw, e.cond
        if cond is not None and cond.role is not None:
            cond = None
        out: list[Any] = []
        if tw == "target_creature_guard" or tw == "target_own_creature_guard":
            if harmful and tw == "target_creature_guard":
                for side in self.order[p]:
                    if side.seat == p or not side.alive:
                        continue
                    for u in side.units:
                        if u.shield is None and not u.cloaked and (cond is None or cond.ok(u.facts, self.flags(u))):
                            out.append(u)
                            if first:
                                return out
            else:
                for u in self.sides[p].units:
                    if u.shield is None and (cond is None or cond.ok(u.facts, self.flags(u))):
                        out.append(u)
                        if first:
                            return out
        elif tw == "target_mage":
            for side in self.order[p]:
                if side.seat != p and side.alive:
                    out.append(side.seat)
        elif tw == "target_device" or tw == "target_shield":
            wanted = DEVICE if tw == "target_device" else SHIELD
            for side in self.order[p]:
                if (side.seat == p) == harmful or not side.alive:
                    continue
                for u in side.units:
                    if wanted == SHIELD:
                        if u.shield is not None and (cond is None or cond.ok(u.shield.facts)):
                            out.append(u.shield)
                    elif u.shield is None and not (u.cloaked and side.seat != p):
                        for g in u.devices:
                            if cond is None or cond.ok(g.facts):
                                out.append(g)
                for g in side.ground:
                    if g.facts.type == wanted and (cond is None or cond.ok(g.facts)):
                        out.append(g)
        elif tw == "target_hex":
            for side in self.order[p]:
                for u in side.units:
                    if u.shield is None and not (u.cloaked and side.seat != p):
                        out.extend(u.hexes)
                    for g in u.devices:
                        out.extend(g.hexes)
                for g in side.ground:
                    out.extend(g.hexes)
        return out

    def can_target(self, p: int, e: Eff, harmful: bool, t: Unit) -> bool:
        """Whether effect ``e`` of player ``p`` may choose the Creature/Guard ``t`` (as :meth:`_target_objects` would
        list it), without listing the others."""
        if type(t) is not Unit or t.shield is not None or self.objs.get(t.uid) is not t:
            return False
        tw = e.tw
        if tw == "target_creature_guard" and harmful:
            if t.ctrl == p or t.cloaked or not self.sides[t.ctrl].alive:
                return False
        elif tw == "target_creature_guard" or tw == "target_own_creature_guard":
            if t.ctrl != p:
                return False
        else:
            return False
        cond = e.cond
        return cond is None or cond.role is not None or cond.ok(t.facts, self.flags(t))

    def target_ref(self, p: int, obj: Any) -> tuple[int, str]:
        """The id an action names a target by (a card's id; -1 - seat for a Mage) and its label."""
        kind = type(obj)
        if kind is int:
            return -1 - obj, f"P{obj + 1}'s Mage"
        if kind is Unit:
            return obj.uid, obj.facts.name if obj.ctrl == p else f"{obj.facts.name} of P{obj.ctrl + 1}"
        if kind is Gear:
            if obj.unit is None:
                return obj.gid, f"{obj.facts.name} of P{obj.ctrl + 1} (on the ground)"
            if obj.facts.type == SHIELD:
                return obj.gid, f"{obj.facts.name} of P{obj.ctrl + 1}"
            return obj.gid, f"{obj.facts.name} on {obj.unit.facts.name} of P{obj.ctrl + 1}"
        return obj.hid, f"{obj.facts.name} on {obj.host.facts.name}"

    def _pick_targets(self, p: int, e: Eff, harmful: bool) -> list[tuple[Any, str]]:
        return [self.target_ref(p, obj) for obj in self._target_objects(p, e, harmful)]

    def ability_sources(self, p: int, first: bool = False) -> list[tuple[Any, Eff, Unit]]:
        """(card, ability, bearer) for every activated ability player ``p`` can pay for now (with ``first``: the
        first one that also has a target). A Deploy cost needs the card (and a Device's users) Withdrawn; a
        Shielded card's abilities reach only itself and its Mage."""
        side = self.sides[p]
        flesh = side.flesh
        out: list[tuple[Any, Eff, Unit]] = []
        if self.gear_acts[p]:
            carriers = side.units
        else:  # no Device has an ability: only the cards with abilities
            kept = side.kept
            if kept is None or kept[0] != side.roster or kept[1] != len(side.units):
                kept = self._roster(side)
            carriers = kept[3]
        for u in carriers:
            if u.disabled or u.chains:
                continue
            if u.facts.activated and self._sources_of(p, u, u, flesh, first, out) and first:
                return out
            for g in u.devices:
                if g.facts.activated and self._sources_of(p, g, u, flesh, first, out) and first:
                    return out
        for h in side.hexes:
            if (h.facts.activated and type(h.host) is Unit and self._sources_of(p, h, h.host, flesh, first, out)
                    and first):
                return out
        return out

    def _sources_of(self, p: int, obj: Any, u: Unit, flesh: int, first: bool, out: list[tuple[Any, Eff, Unit]]) -> bool:
        """Add to ``out`` the abilities of ``obj`` (the card ``u``, one of its Devices or a Hex on it) that can be used
        now (with ``first``: the first one, which must have a target if it takes one, a Hex's aside); True if
        ``first`` found one."""
        for e in obj.facts.activated:
            if not self._payable(obj, e, u, flesh):
                continue
            if first and type(obj) is not Hex and e.targeted and not (
                    self._target_objects(p, e, e.harmful, True)):
                continue
            out.append((obj, e, u))
            if first:
                return True
        return False

    def _payable(self, obj: Any, e: Eff, u: Unit, flesh: int) -> bool:
        """Whether ability ``e`` of ``obj`` (the card ``u``, one of its Devices or a Hex on it) can be paid for now:
        its Flesh and blood counters; a Deploy cost needs the card (and a Device's users) Withdrawn; a Shielded
        card's abilities reach only itself (or its user) and its Mage."""
        if e.flesh > flesh or e.bcost > u.bloodc:
            return False
        kind = type(obj)
        if kind is Hex:
            return True
        if e.deploy and (u.deployed or (u.helping if kind is Unit
                                         else obj.deployed or (obj.facts.sharable and _lender_busy(obj.lent)))):
            return False
        return u.shield is None or e.tw in (None, "this" if kind is Unit else "user", "you")

    def _activations(self, p: int, first: bool = False) -> list[MageAction]:
        """Activated abilities the player can pay for now, with their targets."""
        moves: list[MageAction] = []
        for obj, e, _ in self.ability_sources(p, first):
            oid = _key(obj)
            if e.targeted:
                for target, label in self._pick_targets(p, e, e.harmful):
                    moves.append(Activate(oid, obj.facts.name, target, label))
            else:
                moves.append(Activate(oid, obj.facts.name))
        return moves

    def _blockers(self) -> list[Unit]:
        """The defender's cards that may block the current attacker (kept until the next action)."""
        cached = self.cache
        if type(cached) is tuple and cached[0] is self.cur and self.phase == BLOCK:  # (else None: see _proceed)
            return cached[1]
        blockers = self._find_blockers()
        if self.phase == BLOCK:
            self.cache = (self.cur, blockers)
        return blockers

    def _find_blockers(self) -> list[Unit]:
        attacker = self.cur
        assert attacker is not None  # (the attacker to block)
        stamp = self.stamp
        if attacker.stamp != stamp:
            self._refresh(attacker)
        flyer = attacker.flags & FLYER
        phase = self.attacks_begun  # (``blocked`` and ``retreats`` count only in the Attack phase they were set in)
        out = []
        deployed_block = self.deployed_block
        for b in self.sides[self.cur_seat].units:
            if (b.deployed and not deployed_block) or b.disabled or b.chains or b.helping:
                continue
            if flyer:  # (only Flyers block a Flyer: most cards fail this first)
                if b.stamp != stamp:
                    self._refresh(b)
                if not b.flags & FLYER:
                    continue
            if self.is_free_to_block(b, phase):
                out.append(b)
        return out

    def is_free_to_block(self, b: Unit, phase: int) -> bool:
        """Whether ``b`` (neither Deployed, unless deployed-block=on, Disabled, Chained nor helping) has not used up its
        blocks in the Attack phase ``phase`` (``attacks_begun``): a Guard may block until it has retreated twice, a
        Creature once."""
        if b.facts.guard:
            return not (b.retreats >= 2 and b.bphase == phase)
        return not (b.blocked and b.bphase == phase)

    def _block_moves(self) -> list[MageAction]:
        assert self.cur is not None  # (the attacker to block)
        name = self.cur.facts.name
        moves: list[MageAction] = [Block(b.uid, b.facts.name, name) for b in self._blockers()]
        moves.append(Block(None, "", name))
        if self.may_react(self.cur_seat):  # the defender's window: before it chooses a blocker
            moves.extend(self._reactions(self.cur_seat))
        return moves

    def may_react(self, p: int) -> bool:
        """A quick test for a reactive window (see :meth:`_reactions`): whether player ``p`` holds a Spell it can pay
        for, or has one on the table, with a target if it takes one, or has an ability it can pay for with a target (a
        Hex's abilities are not checked for targets). False means no window."""
        side = self.sides[p]
        if side.dummy:
            return False
        flesh = side.flesh
        for f in side.hand:
            if f.type == SPELL and f.cost <= flesh and not f.reaction and (
                    f.pick is None or self._target_objects(p, f.pick, f.harmful, True)):
                return True
        for spell in side.table:
            f = spell.facts
            if not spell.active and spell.uses > 0 and f.cost <= flesh and not f.reaction and (
                    f.pick is None or self._target_objects(p, f.pick, f.harmful, True)):
                return True
        if not self.gear_acts[p]:
            kept = side.kept
            if kept is None or kept[0] != side.roster or kept[1] != len(side.units):
                kept = self._roster(side)
            if not kept[3] and not side.hexes:
                return False
        return bool(self.ability_sources(p, True))

    def _reactions(self, p: int) -> list[MageAction]:
        """The Spells (from hand or table) and abilities player ``p`` may use in a reactive window: on another
        player's turn when an attacker comes at it (before it chooses a blocker), and in a Battle before each of its
        Moves (rulebook: "Spells are the only cards that can be Created during someone else's turn (although card
        abilities can also be used on someone else's turn)"). Unweave keeps its own window (as a Spell is created)."""
        moves = self._creations(p, spells_only=True)
        moves.extend(self._activations(p))
        return moves

    def _battle_moves(self) -> list[MageAction]:
        b = self.battle
        assert b is not None  # (the Battle being fought)
        s, r = b.mover, b.range
        moves: list[MageAction] = []
        if r < CLOSE:
            moves.append(MOVES[(ADVANCE, r)])
        moves.append(MOVES[(STRIKE, r)])
        if r < CLOSE and not (self.flags(b.u[s]) & SLOW):
            moves.append(MOVES[(ADVANCE_STRIKE, r)])
        moves.append(MOVES[(RETREAT, r)])
        if not b.nothing[s]:
            moves.append(MOVES[(WAIT, r)])
        if b.stealth[s]:
            moves.append(MOVES[(UNSTEALTH, r)])
        p = b.u[s].ctrl
        if self.battle_window and self.may_react(p):  # the mover's window: Spells and abilities take no Move
            moves.extend(self._reactions(p))
        return moves

    # -- applying --

    def apply(self, action: MageAction) -> None:
        self.cache = None
        if type(action) is Declare and not self.pending:  # the most frequent action: no version change (see Greedy)
            unit: Unit = self.objs[action.uid]
            unit.deployed = True
            unit.cloaked = False
            self.declared.append((unit, action.seat))
            if self.log is not None:
                self.say(f"P{self.active + 1} declares {unit.facts.name} against P{action.seat + 1}")
            if self.recheck:
                self.recheck = False
                self._check_all(None)
            elif self.phase == DECLARE and not self.over and not self.pending:
                for u in self.sides[self.active].units:  # another card may attack: the player chooses again
                    if not (u.deployed or u.disabled or u.chains or u.helping) and u.shield is None:
                        return
            self._proceed()
            return
        if type(action) is not Declare:
            self.version += 1
        if self.pending:
            _, _, choice, context = self.pending.pop(0)
            assert type(action) is Choose  # (the actions of a pending choice are its options)
            self._answer(choice, action.option, context)
        else:
            if type(action) is Create:  # (the kinds in order of frequency)
                self._create(action)
            elif type(action) is Block:
                if action.uid is None:
                    self._unblocked()
                else:
                    cur = self.cur
                    assert cur is not None  # (the attacker being blocked)
                    self._start_battle(cur, self.objs[action.uid])
            elif type(action) is Pass:
                if self.phase == DECLARE:
                    self._start_battles()
                elif self.phase == PLAY:
                    self._set_phase(DISCARD)
                elif self.phase == EQUIP:
                    self._start_attack()
                else:
                    raise ValueError(f"{action} is not legal now")
            elif type(action) is Draw:
                self._do_draw(self.sides[self.active], action.piles)
                self._set_phase(EQUIP)
            elif type(action) is Move:
                self._move(action.kind)
            elif type(action) is Activate:
                self._activate(action)
            elif type(action) is Equip:
                self._equip_ground(action)
            elif type(action) is Unequip:
                self._unequip_to_ground(action)
            elif type(action) is Discard:
                self._discard(self.active, action.index)
            elif type(action) is Opening:
                self._open(action)
            else:
                raise ValueError(f"{action} is not an action of this game")
        if self.reactor >= 0 and not self.pending:
            self._after_reaction()
        if self.recheck:
            self.recheck = False
            self._check_all(None)
        self._proceed()

    def _after_reaction(self) -> None:
        """A Spell or ability used in a reactive window has resolved (or been negated). A card its damage brought to 0
        Defense is Killed now (its Flesh to the player who used it; a card Engaged in Battle that leaves play ends the
        Battle: no Parting Shot, no Salvage); a card Engaged in Battle that it Disabled is unable to continue, which
        ends the Battle (rulebook: "until one Creature/Guard is Killed/Destroyed/Removed/Disabled"); an attacker it
        Disabled before a blocker was chosen stops attacking."""
        p = self.reactor
        self.reactor = -1
        b = self.battle
        if b is not None:
            for u in b.u:
                if self.battle is b and self._key_alive(u) and self._dead(u):
                    self._kill(u, p)
            if self.battle is b and (b.u[0].disabled or b.u[0].chains or b.u[1].disabled or b.u[1].chains):
                if self.log is not None:
                    self.say("a card Engaged in Battle is Disabled: the Battle ends")
                self.battle = None
                self._end_battle(b, bool(b.u[1].disabled or b.u[1].chains))
        self._check_all(p)
        cur = self.cur
        if self.phase == BLOCK and cur is not None and (cur.disabled or cur.chains):
            self.cur = None

    def _proceed(self) -> None:
        """Run every step that needs no choice, up to the next decision (or the end)."""
        while not self.over and not self.pending:
            phase = self.phase
            if phase == DECLARE:
                for u in self.sides[self.active].units:  # (inlined _may_declare: a card that may attack)
                    if not (u.deployed or u.disabled or u.chains or u.helping) and u.shield is None:
                        return
                if not self.declared and (self._may_create(self.active, True)
                                          or self.ability_sources(self.active, True)):
                    return
                self._start_battles()
            elif phase == BLOCK:
                while True:  # the attackers in turn, until one can be blocked
                    cur = self.cur
                    if cur is None:
                        if not self._next_attacker():
                            self.phase = PLAY
                            self.cache = None
                            break
                        cur = self.cur
                    blockers = self._find_blockers()
                    if blockers or self.may_react(self.cur_seat):  # a choice: a blocker, or a reactive window
                        self.cache = (cur, blockers)  # what _blockers() answers until the next action
                        return
                    self._unblocked()
                    if self.over or self.pending or self.phase != BLOCK:
                        break
            elif phase == PLAY:
                if self._may_create(self.active, False) or self.ability_sources(self.active, True):
                    return
                self.phase = DISCARD
                self.cache = None
            elif phase == BATTLE:
                return
            elif phase == EQUIP:
                if self._has_gear_choice(self.active):
                    return
                self._start_attack()
            elif phase == MAINT:
                self._maintenance_step()
            elif phase == DRAW:
                options = self._options()
                if len(options) > 1:
                    return
                if options:
                    draw = options[0]
                    assert type(draw) is Draw  # (the Draw phase's options)
                    self._do_draw(self.sides[self.active], draw.piles)
                self._set_phase(EQUIP)
            elif phase == DISCARD:
                if len(self.sides[self.active].hand) > HAND:
                    return
                self._end_turn()
            elif phase == ENDTURN:
                self._end_turn()
            elif phase == OPENING:
                options = self._options()
                if len(options) > 1:
                    return
                opening = options[0] if options else Opening(0, 0)
                assert type(opening) is Opening  # (the opening's options)
                self._open(opening)
            else:  # pragma: no cover
                raise AssertionError(f"unknown phase {phase}")

    def _answer(self, kind: str, option: Any, context: Any) -> None:
        if kind == "pay":
            obj, cost = context
            if option and self._key_alive(obj):
                self.sides[self.active].flesh -= cost
                if self.log is not None:
                    self.say(f"P{self.active + 1} pays {cost} Flesh to keep {obj.facts.name}")
            elif self._key_alive(obj):
                self._unpaid(obj)
        elif kind == "tag":
            if option is not None:
                payer, owner, facts = option
                side = self.sides[owner]
                if facts in side.removed and self.sides[payer].flesh >= facts.half:
                    side.removed.remove(facts)
                    side.graveyard.append(facts)
                    self.sides[payer].flesh -= facts.half
                    if self.log is not None:
                        self.say(f"P{payer + 1} Tags {facts.name} for {facts.half} Flesh")
        elif kind == "salvage":
            if option is not None:
                self._salvage(option, context)
        elif kind == "negate":
            self._negate_answer(option, context)
        elif kind == "split":
            self._do_draw(self.sides[context[0]], option)

    def _key_alive(self, obj: Any) -> bool:
        return self.objs.get(_key(obj)) is obj

    # -- turn structure --

    def _open(self, action: Opening) -> None:
        seat = self.opening.pop(0)
        side = self.sides[seat]
        for _ in range(action.barracks):
            side.hand.append(side.barracks.pop())
        for _ in range(action.armory):
            side.hand.append(side.armory.pop())
        if self.log is not None:
            self.say(f"P{seat + 1} opens with {action.barracks} cards from the Barracks and {action.armory} "
                     f"from the Armory")
        if not self.opening:
            self.active = self.first
            self._begin_turn()

    def _begin_turn(self) -> None:
        """Maintenance Phase: Withdraw (Enable, restore Defense, re-Cloak), then start-of-Maintenance effects;
        the Maintenance Costs, the Mage-Life bonus and the draw follow in :meth:`_proceed`."""
        p = self.active
        side = self.sides[p]
        self.cache = None
        self.phase = MAINT
        for u in side.units:
            if u.disabled:
                u.disabled = False
                self._touch(u)
            u.deployed = False
            u.damage = 0
            if u.facts.flags & CLOAK:
                u.cloaked = True
            for g in u.devices:
                g.deployed = False
            if u.shield is not None:
                u.shield.damage = 0
        for g in side.ground:
            g.deployed = False
            g.damage = 0
        if self.log is not None:
            self.say(f"P{p + 1} begins: {side.hp} HP, {side.flesh} Flesh, {len(side.hand)} cards in hand, "
                     f"{len(side.units)} in play")
        for h in list(side.hexes) if side.hexes else ():
            for e in h.facts.triggers.get("maintenance_phase", ()):
                if self._key_alive(h) and not self.over:
                    self._effect(p, e, h.facts, hexed=h.host)
        if self.over:
            return
        if not side.alive:
            self._set_phase(ENDTURN)
            return
        self.maint_queue = self._maintenance_due(p)

    def _maintenance_due(self, p: int) -> list[tuple[Any, int]]:
        side = self.sides[p]
        due: list[tuple[Any, int]] = []
        if not self.gear_upkeep:  # no Device, Shield, Spell or Hex with a Maintenance Cost is in this game
            kept = side.kept
            if kept is None or kept[0] != side.roster or kept[1] != len(side.units):
                kept = self._roster(side)
            if not kept[4]:  # (no card in play has a Maintenance Cost)
                return due
            for u in side.units:
                if u.facts.maint:
                    due.append((u, u.facts.maint))
            return due
        for u in side.units:
            if u.facts.maint:
                due.append((u, u.facts.maint))
            for g in u.devices:
                if g.facts.maint:
                    due.append((g, g.facts.maint))
            if u.shield is not None and u.shield.facts.maint:
                due.append((u.shield, u.shield.facts.maint))
        for g in side.ground:
            if g.facts.maint:
                due.append((g, g.facts.maint))
        for spell in side.table:
            if spell.active and spell.facts.maint:
                due.append((spell, spell.facts.maint))
        for h in side.hexes:
            if h.facts.maint:
                due.append((h, h.facts.maint))
        return due

    def _maintenance_step(self) -> None:
        p = self.active
        side = self.sides[p]
        queue = self.maint_queue
        while queue:
            obj, cost = queue.pop(0)
            if not self._key_alive(obj):
                continue
            if side.flesh >= cost:
                name = obj.facts.name
                self.pending.append((p, [Choose(True, f"pay {cost} Flesh for {name}"), Choose(False, f"let {name} go")],
                                     "pay", (obj, cost)))
                return
            self._unpaid(obj)
            if self.over or not side.alive:
                return
        bonus = side.hp // 2
        side.flesh += bonus
        if self.log is not None:
            self.say(f"P{p + 1} gains {bonus} Flesh from its Mage's life ({side.flesh} Flesh)")
        self.phase = DRAW
        self.cache = None

    def _unpaid(self, obj: Any) -> None:
        """A Maintenance Cost not paid: the card is Destroyed (a Spell affect ends)."""
        if self.log is not None:
            self.say(f"{obj.facts.name} is not maintained")
        kind = type(obj)
        if kind is Unit:
            self._leave(obj, "graveyard")
        elif kind is Gear:
            self._gear_gone(obj)
        elif kind is Hex:
            self._hex_gone(obj)
        else:
            obj.active = False
            if obj.facts.auras:  # only a Spell's auras reach the cards' stats
                self._auras_changed(obj.owner)
            if obj.uses <= 0:
                self._spell_gone(obj)
        self._check_all(None)

    def _do_draw(self, side: Side, piles: str) -> None:
        for letter in piles:
            pile = side.barracks if letter == "B" else side.armory if letter == "A" else side.spellbook
            if pile:
                side.hand.append(pile.pop())
        if self.log is not None:
            self.say(f"P{side.seat + 1} draws ({DRAWS[piles].label[5:]})")

    def _equip_ground(self, action: Equip) -> None:
        g, u = self.objs[action.gid], self.objs[action.uid]
        side = self.sides[u.ctrl]
        plan = self._can_use(u, g.facts, False)
        side.ground.remove(g)
        if g.facts.type == SHIELD:
            g.unit = u
            u.shield = g
            self._touch(u)
        else:
            self._equip(g, u, plan)
        if self.log is not None:
            self.say(f"P{u.ctrl + 1} equips {g.facts.name} to {u.facts.name}")
        if g.facts.type == SHIELD:
            self.recheck = True  # a Shielded card no longer gets effects from outside the Shield

    def _has_gear_choice(self, p: int) -> bool:
        """Whether player ``p`` has something to do with Devices and Shields in Maintenance: one on the ground that a
        card can take, or an equipped one not yet moved this Maintenance (see Unequip)."""
        side = self.sides[p]
        turn = self.turn
        g: Gear | None
        for u in side.units:
            for g in u.devices:
                if g.moved != turn:
                    return True
            g = u.shield
            if g is not None and g.moved != turn:
                return True
        return bool(side.ground) and len(self._options()) > 1

    def _unequip_to_ground(self, action: Unequip) -> None:
        g = self.objs[action.gid]
        u = g.unit
        shield = g.facts.type == SHIELD
        self._drop(g, g.ctrl)
        g.moved = self.turn
        if self.log is not None:
            self.say(f"P{g.ctrl + 1} drops {g.facts.name} from {u.facts.name} to move it")
        if shield:
            self.recheck = True  # the card is no longer Shielded: effects from outside reach it again

    def _start_attack(self) -> None:
        self.phase = DECLARE
        self.cache = None
        self.declared = []
        self.cur = None
        self.attacks_begun += 1  # every card's ``blocked`` and ``retreats`` start over (see _start_battle)

    def _start_battles(self) -> None:
        """Attacks are resolved one defending player at a time, each player's attackers in the order they were
        declared. The attacker chooses the order of the players (rulebook: "declare in advance which ones are going
        where, and in which order the players will be attacked"): the order in which it first declared an attacker
        at each of them."""
        if self.n > 2:  # (with two Mages every attacker goes at the same one)
            first: dict[int, int] = {}
            for _, seat in self.declared:
                if seat not in first:
                    first[seat] = len(first)
            self.declared.sort(key=lambda entry: first[entry[1]])
        self.ai = 0
        self.cur = None
        self.phase = BLOCK
        self.cache = None

    def _next_attacker(self) -> bool:
        declared = self.declared
        while self.ai < len(declared):
            unit, seat = declared[self.ai]
            self.ai += 1
            if self.objs.get(unit.uid) is not unit or unit.ctrl != self.active or unit.disabled or unit.chains:
                continue
            if not self.sides[seat].alive:
                continue
            self.cur, self.cur_seat = unit, seat
            return True
        return False

    def _discard(self, p: int, index: int) -> None:
        side = self.sides[p]
        f = side.hand.pop(index)
        pile = side.barracks if f.unit else side.armory if f.type <= SHIELD else side.spellbook
        pile.insert(0, f)
        if self.log is not None:
            self.say(f"P{p + 1} discards {f.name}")

    def _end_turn(self) -> None:
        """End of turn: "until end of turn" effects end, borrowed cards go back, then the next Mage's turn."""
        returning = False
        if self.expiring:  # (set when a card gets a bonus "until end of turn" or changes hands for the turn)
            self.expiring = False
            for side in self.sides:
                for u in side.units:
                    if u.mods:
                        kept = [m for m in u.mods if m[4] != EXP_TURN]
                        if len(kept) != len(u.mods):
                            self.recheck = True
                            u.mods = kept
                            self._touch(u)
                    if u.return_to is not None:
                        returning = True
        for side in self.sides:
            if not (returning or side.table):
                continue
            for u in (list(side.units) if returning else ()):
                if u.return_to is not None:
                    back = u.return_to
                    u.return_to = None
                    if self.sides[back].alive:
                        self._steal(u, back, "permanent")
                    else:
                        self._leave(u, "graveyard")
            for spell in list(side.table):
                if spell.active and not spell.facts.maint:
                    spell.active = False
                    if spell.facts.auras:
                        self._auras_changed(side.seat)
                    self.recheck = True
                if not spell.active and spell.uses <= 0:
                    self._spell_gone(spell)
        if self.recheck:
            self.recheck = False
            self._check_all(None)
        if self.over:
            return
        self.turn += 1
        if self.turn > self.max_turns:
            self.over = True
            self.result = None
            self.pending.clear()
            if self.log is not None:
                self.say("the turn limit is reached: the game is unresolved")
            return
        if not self.goldfish:
            seat = self.active
            for _ in range(self.n):
                seat = (seat + 1) % self.n
                if self.sides[seat].alive:
                    break
            self.active = seat
        self.battle = None
        self.cur = None
        self._begin_turn()

    # -- cards entering and leaving play --

    def _touch(self, u: Unit) -> None:
        """``u``'s stats changed: only its cache is stale, unless it is an aura source (then its side's cards' are)."""
        u.stamp = -1
        if u.facts.auras:
            self._auras_changed(u.ctrl)

    def _auras_changed(self, seat: int) -> None:
        """The auras of ``seat``'s cards or Spells changed: only that side's cards are stale (auras reach only their
        controller's cards), and who has auras is found again."""
        self.aura_stamp = -1
        for o in self.sides[seat].units:
            o.stamp = -1

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def _enter(self, p: int, f: Facts) -> Unit:
        self.next_id += 1
        u = Unit(f, self.next_id, p)
        side = self.sides[p]
        units = side.units
        kept = side.kept
        units.append(u)
        side.roster += 1
        if kept is not None and kept[0] == side.roster - 1 and kept[1] == len(units) - 1:  # (see _roster)
            side.kept = (side.roster, len(units), kept[2] | (1 << f.cls), kept[3] + [u] if f.activated else kept[3],
                         kept[4] + f.maint, f.cost if f.cost > kept[5] else kept[5])
        self.objs[u.uid] = u
        if f.auras:
            self._auras_changed(p)
        elif not f.self_mods and self.aura_stamp == self.stamp and not self.aura_sides[p]:
            u.stamp = self.stamp  # nothing modifies it: its card's stats (set by Unit) are current (see _refresh)
        for e in f.on_play:
            self._effect(p, e, f, this=u)
        return u

    def _equip(self, g: Gear, u: Unit, plan: Any) -> None:
        g.unit = u
        g.ctrl = u.ctrl
        u.devices.append(g)
        if g.facts.activated:
            self.gear_acts[u.ctrl] += 1
        if g.facts.sharable:
            g.lent = plan
            for x, amount in plan:
                x.lent += amount
                if x is not u:
                    x.helping.append(g)
        self._touch(u)

    def _unequip(self, g: Gear) -> None:
        """Take a Device off its user(s); the caller puts it somewhere."""
        u = g.unit
        if u is None:
            return
        if g.facts.type == SHIELD:
            u.shield = None
            g.unit = None
            self._touch(u)
            return
        u.devices.remove(g)
        if g.facts.activated:
            self.gear_acts[u.ctrl] -= 1
        for x, amount in g.lent:
            x.lent -= amount
            if x is not u:
                x.helping.remove(g)
        g.lent = []
        g.unit = None
        self._touch(u)
        if u.facts.self_mods or g.facts.user_mods:
            self.recheck = True
        if self._key_alive(u):
            self._fit(u)

    def _drop(self, g: Gear, p: int) -> None:
        """A Device or Shield is Dropped onto the ground under player ``p``'s control."""
        self._unequip(g)
        g.ctrl = p
        self.sides[p].ground.append(g)

    def _fit(self, u: Unit) -> None:
        """After a card loses dexterity, it Drops Devices (the last equipped first) until the rest fit."""
        while self.free_dex(u) < 0:
            if u.helping:
                self._release(u, u.helping[-1])
                continue
            heavy = [g for g in u.devices if not g.facts.trinket]
            if not heavy:
                break
            self._drop(heavy[-1], u.ctrl)
            if self.log is not None:
                self.say(f"{u.facts.name} drops {heavy[-1].facts.name}")

    def _release(self, h: Unit, g: Gear) -> None:
        """A user stops lending dexterity to Sharable Device ``g``: the Device is shared anew without it,
        or Dropped if the remaining users cannot carry it."""
        primary = g.unit
        owner_side = g.ctrl
        self._unequip(g)
        if primary is not None and primary is not h and self._key_alive(primary) and primary.ctrl == owner_side:
            plan = self._share_plan(primary, g.facts, False)
            if plan is not None and all(x is not h for x, _ in plan):
                self._equip(g, primary, plan)
                return
        g.ctrl = owner_side
        self.sides[owner_side].ground.append(g)

    def _leave(self, u: Unit, zone: str, battle: bool = False) -> list[Gear]:
        """A Creature/Guard leaves play (to ``zone`` of its owner). Its Hexes go to their owners' Graveyards,
        its Shield to the ground. In Battle, Devices with Defense (and Trinkets) are Dropped (they may be
        Salvaged) and the others are Destroyed; out of Battle every Device is Dropped."""
        side = self.sides[u.ctrl]
        side.units.remove(u)
        side.roster += 1
        del self.objs[u.uid]
        self._stop_fighting(u)
        if u.facts.auras:
            self._auras_changed(u.ctrl)
            self.recheck = True
        for h in list(u.hexes):
            self._hex_gone(h)
        if u.shield is not None:
            self._drop(u.shield, u.ctrl)
        for g in list(u.helping):
            self._release(u, g)
        dropped = []
        for g in list(u.devices):
            f = g.facts
            if battle and not f.trinket and f.stats[3] < 1:
                self._gear_gone(g)
            else:
                self._drop(g, u.ctrl)
                if battle and not f.sharable:
                    dropped.append(g)
        owner = self.sides[u.owner]
        (owner.removed if zone == "removed" else owner.graveyard).append(u.facts)
        if self.log is not None:
            self.say(f"{u.facts.name} of P{u.ctrl + 1} goes to the "
                     f"{'Removed Pile' if zone == 'removed' else 'Graveyard'}")
        return dropped

    def _stop_fighting(self, u: Unit) -> None:
        """``u`` leaves play or changes hands: its attack ends at once, and a Battle it is Engaged in ends there
        (the attacker goes on attacking only if the card that left was its blocker). A Battle decided by its own
        Moves is detached first (see :meth:`_battle_deaths`), so this ends only Battles cut short from outside."""
        if u is self.cur:
            self.cur = None
        b = self.battle
        if b is not None and (b.u[0] is u or b.u[1] is u):
            if self.log is not None:
                self.say(f"{u.facts.name} leaves the Battle: it ends")
            self._end_battle(b, b.u[1] is u)

    def _gear_gone(self, g: Gear) -> None:
        """A Device or Shield is Destroyed: to its owner's Graveyard with its Hexes."""
        self._unequip(g)
        ground = self.sides[g.ctrl].ground
        if g in ground:
            ground.remove(g)
        for h in list(g.hexes):
            self._hex_gone(h)
        del self.objs[g.gid]
        self.sides[g.owner].graveyard.append(g.facts)

    def _hex_gone(self, h: Hex) -> None:
        """A Hex is lifted (Destroyed), or its card left play: to its owner's Graveyard."""
        host = h.host
        host.hexes.remove(h)
        if h.facts.chains and type(host) is Unit:
            host.chains -= 1
        self.sides[h.owner].hexes.remove(h)
        del self.objs[h.hid]
        self.sides[h.owner].graveyard.append(h.facts)
        bearer = host if type(host) is Unit else host.unit
        if bearer is not None:
            self._touch(bearer)
        if h.facts.hex_mods:
            self.recheck = True
        if type(host) is Unit and self._key_alive(host):
            self._fit(host)

    def _spell_gone(self, spell: TableSpell) -> None:
        side = self.sides[spell.owner]
        side.table.remove(spell)
        del self.objs[spell.sid]
        side.graveyard.append(spell.facts)
        if spell.facts.auras:
            self._auras_changed(spell.owner)

    def _dead(self, u: Unit) -> bool:
        if u.stamp != self.stamp:
            self._refresh(u)
        return u.st[3] - u.damage <= 0

    def _check_all(self, blame: int | None) -> None:
        """Cards whose Defense is 0 or less are Killed (after modifiers end or Devices are lost)."""
        objs = self.objs
        for side in self.sides:
            for u in list(side.units):
                if objs.get(u.uid) is u:
                    if u.stamp != self.stamp:
                        self._refresh(u)
                    if u.st[3] - u.damage <= 0:
                        self._kill(u, blame)

    def _kill(self, u: Unit, killer: int | None, battle: bool = False) -> list[Gear]:
        """A card is Killed: the killing player gains its Creation Cost in Flesh; it goes to the Removed
        Pile unless its controller Tags it for half its cost."""
        loser = u.ctrl
        f = u.facts
        if killer is not None and killer != loser and self.sides[killer].alive:
            self.sides[killer].flesh += f.cost
            if self.log is not None:
                self.say(f"{f.name} of P{loser + 1} is Killed: P{killer + 1} gains {f.cost} Flesh")
        elif self.log is not None:
            self.say(f"{f.name} of P{loser + 1} is Killed")
        if not (u.disabled or u.chains):
            for e in f.triggers.get("on_killed", ()):
                self._effect(loser, e, f, this=u)
        dropped = self._leave(u, "removed", battle)
        side = self.sides[loser]
        if side.alive and not side.dummy and side.flesh >= f.half and f.half > 0:
            self.pending.append((loser, [Choose((loser, u.owner, f), f"tag {f.name} for {f.half} Flesh"),
                                         Choose(None, f"let {f.name} be Removed")], "tag", None))
        return dropped

    def _steal(self, u: Unit, p: int, duration: str | None) -> None:
        """Gain control of ``u``: it keeps its Devices; a Sharable Device it carries or helps with is re-shared."""
        old = u.ctrl
        if old == p:
            return
        self.sides[old].units.remove(u)
        self.sides[old].roster += 1
        self._stop_fighting(u)
        for g in list(u.helping):
            self._release(u, g)
        for g in list(u.devices):
            if g.facts.sharable:
                self._drop(g, old)
            else:
                g.ctrl = p
                if g.facts.activated:  # (its ability goes with it)
                    self.gear_acts[old] -= 1
                    self.gear_acts[p] += 1
        u.ctrl = p
        self.sides[p].units.append(u)
        self.sides[p].roster += 1
        u.return_to = old if duration == "this_turn" else None
        if duration == "this_turn":
            self.expiring = True
        if u.facts.auras:  # (its auras leave the other side)
            self._auras_changed(old)
        self._touch(u)
        self.recheck = True
        if self.log is not None:
            self.say(f"P{p + 1} gains control of {u.facts.name}")

    def _hurt_mage(self, seat: int, amount: int) -> None:
        side = self.sides[seat]
        if amount <= 0 or not side.alive:
            return
        side.hp -= amount
        if self.log is not None:
            self.say(f"P{seat + 1}'s Mage takes {amount} damage: {side.hp} HP left")
        if side.hp <= 0:
            self._eliminate(seat)

    def _eliminate(self, seat: int) -> None:
        """A Mage at 0 HP is out: its player's cards leave play; the last Mage standing wins."""
        side = self.sides[seat]
        if not side.alive:
            return
        side.alive = False
        if self.log is not None:
            self.say(f"P{seat + 1}'s Mage is Killed: P{seat + 1} is out")
        alive = [s.seat for s in self.sides if s.alive]
        if len(alive) <= 1:
            self.over = True
            self.result = alive[0] if alive else None
            self.pending.clear()
            if self.log is not None:
                self.say("no Mage is left standing: a draw" if not alive else f"P{alive[0] + 1} wins")
            return
        self.pending = [entry for entry in self.pending if entry[0] != seat]
        if self.battle is not None and seat in (self.active, self.cur_seat):
            self.battle = None
            self.cur = None
            if self.phase == BATTLE:
                self._set_phase(BLOCK)
        if self.cur is not None and seat == self.cur_seat:
            self.cur = None
        if self.stack is not None and self.stack[0] == seat:
            _, f, _, spell = self.stack
            self.stack = None
            if spell is None:
                side.graveyard.append(f)
        for other in self.sides:
            for u in list(other.units):
                if u.ctrl == seat and u.owner != seat and self.sides[u.owner].alive:
                    self._steal(u, u.owner, "permanent")
                elif u.ctrl == seat or u.owner == seat:
                    if self._key_alive(u):
                        self._leave(u, "graveyard")
        for other in self.sides:
            for u in other.units:
                for g in list(u.devices):
                    if g.owner == seat:
                        self._gear_gone(g)
                if u.shield is not None and u.shield.owner == seat:
                    self._gear_gone(u.shield)
        for other in self.sides:
            for g in list(other.ground):
                if g.ctrl == seat or g.owner == seat:
                    self._gear_gone(g)
        for h in list(side.hexes):
            self._hex_gone(h)
        for spell in list(side.table):
            self._spell_gone(spell)
        if seat == self.active:
            self.battle = None
            self.cur = None
            self.declared = []
            self._set_phase(ENDTURN)
        self._check_all(None)

    # -- effects --

    def _resolve_target(self, target: Any) -> Any:
        if target is None:
            return None
        if target < 0:
            return -1 - target
        return self.objs.get(target)

    def _effect(self, p: int, e: Eff, src: Facts, *, this: Any = None, user: Unit | None = None,
                hexed: Any = None, opp: Unit | None = None, target: Any = None, gear: Gear | None = None) -> None:
        """Apply one effect entry for player ``p`` (``you``)."""
        cond = e.cond
        if cond is not None and cond.role == "battle_opponent":
            if opp is None or cond.sub is None or not cond.sub.ok(opp.facts):
                return
            cond = None
        tw = e.tw
        if tw is None or tw == "this":
            targets = [this]
        elif tw == "you":
            targets = [p]
        elif tw == "user":
            targets = [user]
        elif tw == "shielded":
            targets = [gear.unit if gear is not None else None]
        elif tw == "hexed":
            targets = [hexed]
        elif tw == "hexed_controller":
            targets = [hexed.ctrl if type(hexed) is Unit else None]
        elif tw == "battle_opponent":
            targets = [opp]
        elif tw == "enemy_creatures_guards":
            targets = [u for side in self.order[p] if side.seat != p and side.alive for u in side.units
                       if u.shield is None]
        elif tw == "own_creatures_guards" or tw == "other_own_creatures_guards":
            targets = [u for u in self.sides[p].units if u.shield is None and not (e.others and u is this)]
        else:
            targets = [target]
        kind = e.kind
        for t in targets:
            if t is None:
                continue
            is_unit = type(t) is Unit
            if is_unit:
                if not self._key_alive(t):
                    continue
                if cond is not None and cond.role is None and not cond.ok(t.facts, self.flags(t)):
                    continue
            if kind == "damage":
                if type(t) is int:
                    self._hurt_mage(t, e.amount)
                elif is_unit:
                    t.damage += e.amount
                    if self.log is not None:
                        self.say(f"{src.name} deals {e.amount} damage to {t.facts.name}")
                    if self._dead(t) and self.battle is None:
                        self._kill(t, p)
                elif type(t) is Gear:
                    self._damage_shield(t, e.amount, src)
            elif kind == "heal":
                if type(t) is int:
                    side = self.sides[t]
                    side.hp = min(START_HP, side.hp + e.amount)
                    if self.log is not None:
                        self.say(f"{src.name} heals P{t + 1}'s Mage to {side.hp} HP")
                elif is_unit:
                    t.damage = max(0, t.damage - e.amount)
            elif kind == "destroy":
                if is_unit:
                    if self.log is not None:
                        self.say(f"{src.name} destroys {t.facts.name}")
                    self._leave(t, "graveyard")
                    self._check_all(None)
                elif type(t) is Gear and self._key_alive(t):
                    if self.log is not None:
                        self.say(f"{src.name} destroys {t.facts.name}")
                    self._gear_gone(t)
                    self._check_all(None)
                elif type(t) is Hex and self._key_alive(t):
                    if self.log is not None:
                        self.say(f"{src.name} lifts {t.facts.name}")
                    self._hex_gone(t)
                    self._check_all(None)
            elif kind == "disable":
                if is_unit:
                    t.disabled = True
                    self._touch(t)
                    if self.log is not None:
                        self.say(f"{src.name} Disables {t.facts.name}")
            elif kind == "gain_control":
                if is_unit:
                    self._steal(t, p, e.dur)
            elif kind == "modify" or kind == "grant_keyword":
                if is_unit:
                    t.mods.append((e.idxs, e.amount, e.bits, e.blood,
                                   EXP_BATTLE if e.dur == "this_battle" else EXP_TURN))
                    if e.dur != "this_battle":
                        self.expiring = True
                    self._touch(t)
                    if e.amount < 0 and self._dead(t) and self.battle is None:
                        self._kill(t, p)
            elif kind == "gain_flesh":
                if type(t) is int:
                    self.sides[t].flesh += e.amount
            elif kind == "draw":
                if type(t) is int:
                    self._effect_draw(t, e)
            elif kind == "add_counters":
                if is_unit:
                    if e.counter == "blood":
                        t.bloodc += e.amount
                    else:
                        t.tokens += e.amount if e.counter == "plus_token" else -e.amount
                        self._touch(t)
                        if self._dead(t) and self.battle is None:
                            self._kill(t, p)

    def _effect_draw(self, p: int, e: Eff) -> None:
        side = self.sides[p]
        if e.pile == "barracks_or_armory":
            left = e.amount
            while left >= 2:
                options = self._draw_options(side, spellbook=False)
                if len(options) > 1:
                    self.pending.append((p, [Choose(o.piles, o.label[5:]) for o in options], "split", (p, 2)))
                elif options:
                    self._do_draw(side, options[0].piles)
                left -= 2
            if left:
                self._do_draw(side, "B" if side.barracks else "A")
            return
        letter = {"barracks": "B", "armory": "A", "spellbook": "S"}.get(e.pile, "B")
        for _ in range(e.amount):
            self._do_draw(side, letter)

    def _damage_shield(self, g: Gear, amount: int, src: Facts) -> None:
        for e in g.facts.prevent:
            c = e.cond
            if c is None or (c.role == "source" and c.sub is not None and c.sub.ok(src)):
                amount -= e.amount
        if amount <= 0:
            return
        g.damage += amount
        if self.log is not None:
            self.say(f"{src.name} deals {amount} damage to {g.facts.name}")
        if g.damage >= self.shield_defense(g):
            if self.log is not None:
                self.say(f"{g.facts.name} is destroyed")
            self._gear_gone(g)

    # -- creating cards and using abilities --

    def _create(self, action: Create) -> None:
        p = self.active
        if self.phase == BLOCK or self.phase == BATTLE:  # a reactive window (see _reactions)
            p = self.reactor = self.current_player()
        side = self.sides[p]
        if action.table:
            spell = self.objs[action.index]
            f = spell.facts
            side.flesh -= f.cost
            spell.uses -= 1
            spell.active = True
            if self.log is not None:
                self.say(f"P{p + 1} creates {f.name} again from the table"
                         + (f" on {action.target_name}" if action.target_name else ""))
            self._cast(p, f, action.target, spell)
            return
        f = side.hand.pop(action.index)
        side.flesh -= f.cost
        if f.maint and not f.unit:
            self.gear_upkeep = True
        if self.log is not None:
            self.say(f"P{p + 1} creates {f.name} for {f.cost} Flesh"
                     + (f" on {action.target_name}" if action.target_name else ""))
        kind = f.type
        if kind <= GUARD:
            self._enter(p, f)
        elif kind == DEVICE:
            g = Gear(f, self._new_id(), p)
            self.objs[g.gid] = g
            u = self.objs[action.target]
            self._equip(g, u, self._can_use(u, f, True))
            for e in f.on_play:
                self._effect(p, e, f, user=u, gear=g)
        elif kind == SHIELD:
            g = Gear(f, self._new_id(), p)
            self.objs[g.gid] = g
            side.ground.append(g)
        elif kind == SPELL:
            self._cast(p, f, action.target, None)
        else:
            host = self.objs[action.target]
            h = Hex(f, self._new_id(), p, host)
            self.objs[h.hid] = h
            host.hexes.append(h)
            side.hexes.append(h)
            if f.chains and type(host) is Unit:
                host.chains += 1
            bearer = host if type(host) is Unit else host.unit
            if bearer is not None:
                self._touch(bearer)
            for e in f.on_play:
                self._effect(p, e, f, hexed=host)
            if type(host) is Unit and self._key_alive(host):
                self._fit(host)
                if self._dead(host):
                    self._kill(host, p)

    def _cast(self, p: int, f: Facts, target: Any, spell: TableSpell | None) -> None:
        """A Spell is Created: each opponent holding a Negate Spell it can pay for may answer first."""
        self.stack = (p, f, target, spell)
        negators = []
        for k in range(1, self.n):
            seat = (p + k) % self.n
            side = self.sides[seat]
            if side.alive and not side.dummy and self._negate_card(side) is not None:
                negators.append(seat)
        if negators:
            self._ask_negate(negators)
        else:
            self._resolve_spell()

    def _negate_card(self, side: Side) -> int | None:
        for i, f in enumerate(side.hand):
            if f.reaction and f.cost <= side.flesh:
                return i
        return None

    def _ask_negate(self, seats: list[int]) -> None:
        seat = seats[0]
        index = self._negate_card(self.sides[seat])
        if index is None:
            if seats[1:]:
                self._ask_negate(seats[1:])
            else:
                self._resolve_spell()
            return
        assert self.stack is not None  # (the Spell being Created)
        name = self.stack[1].name
        negator = self.sides[seat].hand[index].name
        self.pending.append((seat, [Choose(True, f"negate {name} with {negator}"),
                                    Choose(False, f"let {name} resolve")], "negate", seats))

    def _negate_answer(self, yes: bool, seats: list[int]) -> None:
        if self.stack is None:
            return
        seat = seats[0]
        index = self._negate_card(self.sides[seat])
        if yes and index is not None:
            side = self.sides[seat]
            negator = side.hand.pop(index)
            side.flesh -= negator.cost
            side.graveyard.append(negator)
            caster, f, _, spell = self.stack
            self.stack = None
            if spell is not None:
                self._spell_gone(spell)
            else:
                self.sides[caster].graveyard.append(f)
            if self.log is not None:
                self.say(f"P{seat + 1} negates {f.name} with {negator.name}")
            return
        if seats[1:]:
            self._ask_negate(seats[1:])
        else:
            self._resolve_spell()

    def _resolve_spell(self) -> None:
        assert self.stack is not None  # (the Spell being Created)
        p, f, target, spell = self.stack
        self.stack = None
        chosen = self._resolve_target(target)
        for e in f.on_play:
            if self.over or not self.sides[p].alive:
                break
            self._effect(p, e, f, target=chosen)
        if spell is None:
            if (f.uses > 1 or f.maint or f.auras) and self.sides[p].alive and not self.over:
                spell = TableSpell(f, self._new_id(), p, f.uses - 1)
                self.objs[spell.sid] = spell
                self.sides[p].table.append(spell)
                if f.auras:
                    self._auras_changed(p)
            else:
                self.sides[p].graveyard.append(f)

    def _activate(self, action: Activate) -> None:
        p = self.active
        if self.phase == BLOCK or self.phase == BATTLE:  # a reactive window (see _reactions)
            p = self.reactor = self.current_player()
        side = self.sides[p]
        obj = self.objs[action.oid]
        kind = type(obj)
        f = obj.facts
        e = f.activated[0]
        for candidate in f.activated:  # the ability whose target matches the action
            if candidate.targeted == (action.target is not None):
                e = candidate
                break
        side.flesh -= e.flesh
        if kind is Unit:
            bearer = obj
            if e.deploy:
                obj.deployed = True
            obj.cloaked = False
        elif kind is Gear:
            bearer = obj.unit
            if e.deploy:
                obj.deployed = True
                if obj.facts.sharable:
                    for x, _ in obj.lent:
                        x.deployed = True
            bearer.cloaked = False
        else:
            bearer = obj.host
        bearer.bloodc -= e.bcost
        if self.log is not None:
            self.say(f"P{p + 1} uses {f.name}" + (f" on {action.target_name}" if action.target_name else ""))
        target = self._resolve_target(action.target)
        if kind is Unit:
            self._effect(p, e, f, this=obj, target=target)
        elif kind is Gear:
            self._effect(p, e, f, user=obj.unit, gear=obj, target=target)
        else:
            self._effect(p, e, f, hexed=obj.host, target=target)

    # -- salvage --

    def _offer_salvage(self, killer: Unit, dropped: list[Gear]) -> None:
        if not self._key_alive(killer) or self.sides[killer.ctrl].dummy:
            return
        options = []
        for g in dropped:
            if not self._key_alive(g) or g.unit is not None:
                continue
            plan = self._salvage_plan(killer, g)
            if plan is not None:
                room = "" if type(plan) is not tuple else " (dropping " + ", ".join(x.facts.name for x in plan) + ")"
                options.append(Choose(g.gid, f"salvage {g.facts.name}{room}"))
        if options:
            options.append(Choose(None, "salvage nothing"))
            self.pending.insert(0, (killer.ctrl, options, "salvage", (killer, dropped)))

    def _salvage_plan(self, killer: Unit, g: Gear) -> Any:
        f = g.facts
        if f.trinket:
            # "If the opponent already has a Trinket, then they may Drop it to take the new Trinket."
            return True if _fits_user(f, killer.facts) else None
        plan = self._can_use(killer, f, False)
        return plan if plan is not None else self._room_for(killer, f)

    def _room_for(self, u: Unit, f: Facts) -> tuple[Gear, ...] | None:
        """The Devices ``u`` would Drop to free the Dexterity a Salvage of ``f`` needs ("If it would have the required
        Dexterity, but has its own Device equipped, that player may choose to Drop one or more of these Devices"): the
        fewest, the last equipped first (a Complex Device among them first; all but a Trinket for a Complex one), or
        None when dropping its own Devices would not do (class, user, Sharable Devices it uses or lends to)."""
        if f.trinket or f.sharable or not _fits_user(f, u.facts) or u.helping:
            return None
        own = [g for g in u.devices if not g.facts.trinket]
        if not own or any(g.facts.sharable for g in own):
            return None
        if f.complex:
            drop = own
        else:
            drop = [g for g in own if g.facts.complex]
            kept = [g for g in reversed(own) if not g.facts.complex]
            free = self.stats(u)[4] - u.lent - sum(g.facts.stats[4] for g in kept)
            while free < f.stats[4] and kept:
                g = kept.pop(0)
                drop.append(g)
                free += g.facts.stats[4]
        if self.stats(u)[4] - u.lent - sum(g.facts.stats[4] for g in own if g not in drop) < f.stats[4]:
            return None
        return tuple(drop) if drop else None

    def _salvage(self, gid: int, context: tuple[Unit, list[Gear]]) -> None:
        killer, dropped = context
        g = self.objs.get(gid)
        if g is None or g.unit is not None or not self._key_alive(killer):
            return
        plan = self._salvage_plan(killer, g)
        if plan is None:
            return
        if g.facts.trinket:
            for old in [x for x in killer.devices if x.facts.trinket]:
                self._drop(old, killer.ctrl)
        elif type(plan) is tuple:  # (Devices of its own Dropped to make room)
            for old in plan:
                self._drop(old, killer.ctrl)
                if self.log is not None:
                    self.say(f"{killer.facts.name} drops {old.facts.name} to make room")
            plan = self._can_use(killer, g.facts, False)
            if plan is None:  # (its Dexterity fell with what it dropped: the Device stays on the ground)
                self._offer_salvage(killer, [x for x in dropped if x is not g])
                return
        self.sides[g.ctrl].ground.remove(g)
        self._equip(g, killer, plan)
        if self.log is not None:
            self.say(f"{killer.facts.name} of P{killer.ctrl + 1} Salvages {g.facts.name}")
        if self.recheck:  # the Trinket it Dropped for this one may have held it up: it may be Killed now
            self.recheck = False
            self._check_all(None)
        self._offer_salvage(killer, [x for x in dropped if x is not g])

    # -- battles --

    def _unblocked(self) -> None:
        """An unblocked attacker hits the defending Mage once, with its best attack; its attack stops."""
        attacker, seat = self.cur, self.cur_seat
        assert attacker is not None  # (the attacker let through)
        self.cur = None
        if attacker.stamp != self.stamp:
            self._refresh(attacker)
        amount = attacker.best
        if self.log is not None:
            self.say(f"{attacker.facts.name} is not blocked and hits P{seat + 1}'s Mage for {amount}")
            self._hurt_mage(seat, amount)
            return
        side = self.sides[seat]  # (_hurt_mage without the log)
        if amount > 0 and side.alive:
            side.hp -= amount
            if side.hp <= 0:
                self._eliminate(seat)

    def _start_battle(self, a: Unit, d: Unit) -> None:
        b = Battle(a, d)
        self.battle = b
        self.phase = BATTLE
        self.cache = None
        a.cloaked = d.cloaked = False
        if d.bphase != self.attacks_begun:  # its first block of this Attack phase
            d.bphase = self.attacks_begun
            d.blocked = False
            d.retreats = 0
        if not d.facts.guard:
            d.blocked = True
        if self.log is not None:
            self.say(f"{d.facts.name} of P{d.ctrl + 1} blocks {a.facts.name}")
        if a.facts.engage or d.facts.engage or a.devices or d.devices:
            self._engage(a, d)
        stamp = self.stamp
        if a.stamp != stamp:
            self._refresh(a)
        if d.stamp != stamp:
            self._refresh(d)
        sa, sd = a.flags & STEALTH, d.flags & STEALTH
        if not (sa and sd):  # two Stealth cards lose Stealth at once
            b.stealth[0], b.stealth[1] = bool(sa), bool(sd)

    def _engage(self, a: Unit, d: Unit) -> None:
        """The "when Engaged in Battle" effects of both cards and their Devices, and the blocker's "when it blocks"."""
        for unit, other, triggers in ((a, d, ("on_engage",)), (d, a, ("on_engage", "on_block"))):
            if unit.disabled or unit.chains:
                continue
            if not unit.facts.engage:
                for g in unit.devices:
                    if g.facts.engage:
                        break
                else:
                    continue  # (nothing of this card reacts)
            for trigger in triggers:
                for e in unit.facts.triggers.get(trigger, ()):
                    self._effect(unit.ctrl, e, unit.facts, this=unit, opp=other)
                for g in unit.devices:
                    for e in g.facts.triggers.get(trigger, ()):
                        self._effect(unit.ctrl, e, g.facts, user=unit, gear=g, opp=other)

    def _move(self, kind: int) -> None:
        b = self.battle
        assert b is not None  # (the Battle being fought)
        s = b.mover
        if kind == UNSTEALTH:
            b.stealth[s] = False
            if self.log is not None:
                self.say(f"{b.u[s].facts.name} gives up Stealth")
            return
        if kind == RETREAT:
            self._retreat(b, s)
            return
        b.nothing[s] = kind == WAIT
        if kind == ADVANCE or kind == ADVANCE_STRIKE:
            b.range += 1
        if self.log is not None:
            self.say(f"{b.u[s].facts.name}: {MOVES[(kind, b.range - (kind in (ADVANCE, ADVANCE_STRIKE)))].label}")
        if kind == STRIKE or kind == ADVANCE_STRIKE:
            me = b.u[s]
            if me.stamp != self.stamp:
                self._refresh(me)
            self._hit(b, s, me.atk[b.range], False)
            if self._battle_deaths(b, s):
                return
        b.moves += 1
        b.mover = 1 - s
        if b.moves >= BATTLE_CAP:
            if self.log is not None:
                self.say(f"the Battle goes nowhere: {b.u[1 - s].facts.name} retreats (an engine safeguard)")
            self._retreat(b, 1 - s)
            if self.over:  # (the forced Retreat ended the game: not the rulebook's ending)
                self.capped = True

    def _hit(self, b: Battle, s: int, amount: int, parting: bool, free: bool = False) -> int:
        """Side ``s`` hits the other card for ``amount``: Stealth stops it, a Shield takes it first and
        carries the excess over, then the card's Devices reduce it by their Defense."""
        o = 1 - s
        if amount <= 0 or b.stealth[o]:
            return 0
        me, opp = b.u[s], b.u[o]
        dealt = 0
        shield = opp.shield
        if shield is not None:
            for e in shield.facts.prevent:
                c = e.cond
                if c is None or (c.role == "source" and c.sub is not None and c.sub.ok(me.facts)):
                    amount -= e.amount
            if amount <= 0:
                return 0
            room = self.shield_defense(shield) - shield.damage
            take = amount if amount < room else room
            shield.damage += take
            dealt += take
            amount -= take
            if take > 0:
                for e in shield.facts.triggers.get("on_damaged", ()):
                    self._effect(opp.ctrl, e, shield.facts, gear=shield, opp=me)
            if shield.damage >= self.shield_defense(shield) and self._key_alive(shield):
                if self.log is not None:
                    self.say(f"{shield.facts.name} is destroyed")
                self._gear_gone(shield)
                for e in shield.facts.triggers.get("on_destroyed", ()):
                    self._effect(opp.ctrl, e, shield.facts, opp=me)
        if amount > 0:
            if opp.stamp != self.stamp:
                self._refresh(opp)
            amount -= opp.red
            if amount > 0:
                opp.damage += amount
                dealt += amount
        if self.log is not None:
            self.say(f"{me.facts.name} deals {dealt} damage to {opp.facts.name}"
                     + (" (Parting Shot)" if parting else " (Free Hit)" if free else ""))
        if dealt > 0:
            b.hurt = True
            b.stealth[s] = False
            if not parting:
                if me.stamp != self.stamp:
                    self._refresh(me)
                if me.bloodn:
                    me.bloodc += me.bloodn
                if not (me.disabled or me.chains):
                    for e in me.facts.triggers.get("on_battle_damage", ()):
                        self._effect(me.ctrl, e, me.facts, this=me, opp=opp)
                for g in me.devices:
                    for e in g.facts.triggers.get("on_battle_damage", ()):
                        self._effect(me.ctrl, e, g.facts, user=me, gear=g, opp=opp)
        return dealt

    def _battle_deaths(self, b: Battle, s: int) -> bool:
        """After side ``s`` acted: a Killed card takes its Parting Shot (half its attack at the range), then
        the dead leave play and the Battle ends. True if it ended (also when something else ended it meanwhile,
        such as a Mage falling to an effect of the hit)."""
        if self.battle is not b:
            return True
        me, opp = b.u[s], b.u[1 - s]
        stamp = self.stamp
        if me.stamp != stamp:
            self._refresh(me)
        if opp.stamp != stamp:
            self._refresh(opp)
        if me.st[3] - me.damage > 0 and opp.st[3] - opp.damage > 0:
            return False
        me_dead, opp_dead = self._dead(me), self._dead(opp)
        r = b.range
        if opp_dead and not me_dead:
            self._hit(b, 1 - s, self.attacks(opp)[r] // 2, True)
            me_dead = self._dead(me)
        elif me_dead and not opp_dead:
            self._hit(b, s, self.attacks(me)[r] // 2, True)
            opp_dead = self._dead(opp)
        if self.battle is not b:  # (the Parting Shot's effects ended it)
            return True
        self.battle = None  # decided: the kills below end it (see _stop_fighting)
        dead = {id(me): me_dead, id(opp): opp_dead}
        for victim, killer in ((opp, me), (me, opp)):
            if not dead[id(victim)] or not self._key_alive(victim):
                continue
            dropped = self._kill(victim, killer.ctrl, battle=True)
            if not dead[id(killer)]:
                for e in killer.facts.triggers.get("on_kill", ()):
                    if not (killer.disabled or killer.chains):
                        self._effect(killer.ctrl, e, killer.facts, this=killer, opp=victim)
                for g in killer.devices:
                    for e in g.facts.triggers.get("on_kill", ()):
                        self._effect(killer.ctrl, e, g.facts, user=killer, gear=g, opp=victim)
                self._offer_salvage(killer, dropped)
        a_dead = dead[id(b.u[0])]
        self._end_battle(b, dead[id(b.u[1])] and not a_dead)
        return True

    def _retreat(self, b: Battle, s: int) -> None:
        """The card of side ``s`` retreats: the other card may hit it once at the current range or a longer one."""
        o = 1 - s
        me, other = b.u[s], b.u[o]
        if self.log is not None:
            self.say(f"{me.facts.name} retreats")
        free = max(self.attacks(other)[:b.range + 1])
        if free > 0:
            self._hit(b, o, free, False, True)
            if self._battle_deaths(b, o):
                return
        self.battle = None  # (see _stop_fighting)
        if s == 1:
            me.retreats += 1
            if not b.hurt:  # (the attacker has neither given nor taken damage)
                b.u[0].deployed = False  # "Withdrawn if it has neither given nor taken damage"
        self._end_battle(b, s == 1)

    def _end_battle(self, b: Battle, defender_out: bool) -> None:
        """The Battle is over; a surviving attacking Creature goes on attacking if its blocker is out."""
        for u in b.u:
            if u.mods:
                kept = [m for m in u.mods if m[4] != EXP_BATTLE]
                if len(kept) != len(u.mods):  # (a card whose bonuses all stay keeps its stats)
                    u.mods = kept
                    self._touch(u)
        if self.battle is b:
            self.battle = None
        if self.phase == BATTLE:
            self.phase = BLOCK
            self.cache = None
        objs = self.objs
        for u in b.u:
            if objs.get(u.uid) is u:  # a "for that Battle" bonus to defense has ended
                if u.stamp != self.stamp:
                    self._refresh(u)
                if u.st[3] - u.damage <= 0:
                    self._kill(u, None)
        a = b.u[0]
        if not (defender_out and objs.get(a.uid) is a and a.ctrl == self.active and not a.facts.guard
                and not (a.disabled or a.chains)):
            self.cur = None


# --- setting up ---------------------------------------------------------------------------------


# --- copies (clone, determinize) ------------------------------------------------------------------
# A game is copied field by field (copy.deepcopy took most of a search rollout's time): the cards in play are new
# objects, found through ``memo`` (old object -> its copy) wherever the game refers to them; the compiled facts, the
# actions and the stats lists (never changed in place: ``_refresh`` makes new ones) are shared. A card that has left
# play but is still named somewhere (a pending choice, the Maintenance queue) gets a copy outside ``objs`` too, so
# ``_key_alive`` answers alike.

_CANON: Final[dict[Facts, tuple[str, str, str]]] = {}
"""A card's place in the canonical order of a redrawn pile (by name, then set and code): ``determinize`` starts
from it, so the hidden order of the cards never reaches the result."""


def _canon(f: Facts) -> tuple[str, str, str]:
    key = _CANON.get(f)
    if key is None:
        card = f.card
        key = _CANON[f] = (f.name, card.set_code, str(card.get("code") or ""))
    return key


def _copy_rng(rng: Any) -> Any:
    twin = _random.Random()
    twin.setstate(rng.getstate())
    return twin


def _copy_unit(u: Unit) -> Unit:
    """A new Unit with ``u``'s own fields; what it refers to (Devices, Shield, Hexes, ...) is set by ``_link``."""
    n = Unit(u.facts, u.uid, u.owner)
    n.ctrl = u.ctrl
    n.damage = u.damage
    n.tokens = u.tokens
    n.bloodc = u.bloodc
    n.chains = u.chains
    n.lent = u.lent
    n.retreats = u.retreats
    n.deployed = u.deployed
    n.disabled = u.disabled
    n.blocked = u.blocked
    n.cloaked = u.cloaked
    n.mods = list(u.mods)
    n.return_to = u.return_to
    n.stamp = u.stamp
    n.st = u.st
    n.atk = u.atk
    n.best = u.best
    n.decl = u.decl
    n.flags = u.flags
    n.bloodn = u.bloodn
    n.red = u.red
    n.bphase = u.bphase
    return n


def _copy_gear(g: Gear) -> Gear:
    n = Gear(g.facts, g.gid, g.owner)
    n.ctrl = g.ctrl
    n.deployed = g.deployed
    n.damage = g.damage
    n.moved = g.moved
    return n


def _copy_obj(obj: Any) -> Any:
    kind = type(obj)
    if kind is Unit:
        return _copy_unit(obj)
    if kind is Gear:
        return _copy_gear(obj)
    if kind is Hex:
        return Hex(obj.facts, obj.hid, obj.owner, None)
    spell = TableSpell(obj.facts, obj.sid, obj.owner, obj.uses)
    spell.active = obj.active
    return spell


def _mapped(memo: dict[Any, Any], obj: Any) -> Any:
    """The copy of a card in play (or of one that left it), made now if it has none yet."""
    new = memo.get(obj)
    if new is None:
        new = memo[obj] = _copy_obj(obj)
        _link(memo, obj, new)
    return new


def _mapped_list(memo: dict[Any, Any], objs: list[_T]) -> list[_T]:
    out: list[_T] = []
    for obj in objs:
        new = memo.get(obj)
        out.append(new if new is not None else _mapped(memo, obj))
    return out


def _link(memo: dict[Any, Any], obj: Any, new: Any) -> None:
    """Set what the copy ``new`` of ``obj`` refers to: the copies of the cards ``obj`` refers to."""
    kind = type(obj)
    if kind is Unit:
        _link_unit(memo, obj, new)
    elif kind is Gear:
        _link_gear(memo, obj, new)
    elif kind is Hex:
        new.host = None if obj.host is None else _mapped(memo, obj.host)


def _link_unit(memo: dict[Any, Any], u: Unit, n: Unit) -> None:
    n.devices = _mapped_list(memo, u.devices) if u.devices else []
    n.shield = None if u.shield is None else _mapped(memo, u.shield)
    n.hexes = _mapped_list(memo, u.hexes) if u.hexes else []
    n.helping = _mapped_list(memo, u.helping) if u.helping else []
    sig = u.sig
    if sig is not None and sig[1] is not None:
        sig = (sig[0], _mapped(memo, sig[1]), sig[2], sig[3], sig[4])
    n.sig = sig


def _link_gear(memo: dict[Any, Any], g: Gear, n: Gear) -> None:
    n.unit = None if g.unit is None else _mapped(memo, g.unit)
    n.lent = [[_mapped(memo, x), amount] for x, amount in g.lent] if g.lent else []
    n.hexes = _mapped_list(memo, g.hexes) if g.hexes else []


def _mapped_context(memo: dict[Any, Any], context: Any) -> Any:
    """A pending choice's context (ints, lists and tuples of them, and cards) for the copy."""
    kind = type(context)
    if kind is tuple or kind is list:
        out = [_mapped_context(memo, x) for x in context]
        return tuple(out) if kind is tuple else out
    if kind is Unit or kind is Gear or kind is Hex or kind is TableSpell:
        return _mapped(memo, context)
    return context


def _copy_state(state: MageState, rng: Any, log: Any) -> MageState:
    """A copy of ``state`` (a new serial) with the generator ``rng`` and the play-by-play ``log``."""
    memo: dict[Any, Any] = {}  # (each card of the game -> its copy)
    objs = {}
    for key, obj in state.objs.items():
        new = memo[obj] = _copy_obj(obj)
        objs[key] = new
    for obj in state.objs.values():
        _link(memo, obj, memo[obj])
    twin = MageState()
    sides = []
    for side in state.sides:
        s = Side(side.seat, list(side.barracks), list(side.armory), list(side.spellbook), dummy=side.dummy)
        s.hand = list(side.hand)
        s.graveyard = list(side.graveyard)
        s.removed = list(side.removed)
        s.units = _mapped_list(memo, side.units)
        s.ground = _mapped_list(memo, side.ground)
        s.table = _mapped_list(memo, side.table)
        s.hexes = _mapped_list(memo, side.hexes)
        s.hp = side.hp
        s.flesh = side.flesh
        s.dex = side.dex
        s.alive = side.alive
        s.size = side.size
        s.roster = side.roster
        kept = side.kept
        if kept is not None:
            kept = (kept[0], kept[1], kept[2], _mapped_list(memo, kept[3]), kept[4], kept[5])
        s.kept = kept
        sides.append(s)
    n = len(sides)
    twin.rng = rng
    twin.log = log
    twin.turn = state.turn
    twin.max_turns = state.max_turns
    twin.sides = sides
    twin.n = state.n
    twin.order = [tuple([sides[(p + k) % n] for k in range(n)]) for p in range(n)]
    twin.active = state.active
    twin.first = state.first
    twin.phase = state.phase
    twin.pending = [(seat, options, kind, _mapped_context(memo, context))
                    for seat, options, kind, context in state.pending]
    b = state.battle
    if b is None:
        twin.battle = None
    else:
        nb = Battle(_mapped(memo, b.u[0]), _mapped(memo, b.u[1]))
        nb.range = b.range
        nb.mover = b.mover
        nb.nothing = list(b.nothing)
        nb.stealth = list(b.stealth)
        nb.hurt = b.hurt
        nb.moves = b.moves
        twin.battle = nb
    twin.declared = [(_mapped(memo, u), seat) for u, seat in state.declared]
    twin.ai = state.ai
    twin.cur = None if state.cur is None else _mapped(memo, state.cur)
    twin.cur_seat = state.cur_seat
    twin.objs = objs
    twin.next_id = state.next_id
    twin.stamp = state.stamp
    twin.result = state.result
    twin.over = state.over
    twin.goldfish = state.goldfish
    twin.maint_queue = [(_mapped(memo, obj), cost) for obj, cost in state.maint_queue]
    twin.opening = list(state.opening)
    stack = state.stack
    if stack is not None and stack[3] is not None:
        stack = (stack[0], stack[1], stack[2], _mapped(memo, stack[3]))
    twin.stack = stack
    cache = state.cache
    if type(cache) is tuple:  # (the current attacker and its blockers, see _blockers)
        cache = (None if cache[0] is None else _mapped(memo, cache[0]), _mapped_list(memo, cache[1]))
    twin.cache = cache  # (else a list of actions, which are immutable)
    twin.recheck = state.recheck
    twin.serial = next(_SERIALS)
    twin.version = state.version
    twin.aura_stamp = state.aura_stamp
    twin.aura_sides = list(state.aura_sides)
    twin.aura_units = [_mapped_list(memo, units) for units in state.aura_units]
    twin.gear_acts = list(state.gear_acts)
    twin.gear_upkeep = state.gear_upkeep
    twin.expiring = state.expiring
    twin.attacks_begun = state.attacks_begun
    twin.capped = state.capped
    twin.reactor = state.reactor
    twin.deployed_block = state.deployed_block
    twin.battle_window = state.battle_window
    return twin


def _gear_view(g: Gear) -> tuple[Any, ...]:
    return (g.gid, g.facts.name, g.owner, g.ctrl, None if g.unit is None else g.unit.uid,
            tuple([(x.uid, amount) for x, amount in g.lent]), g.deployed, g.damage, g.moved,
            tuple([h.hid for h in g.hexes]))


def _context_view(context: Any) -> Any:
    """A pending choice's context as ids and numbers (for ``observation``)."""
    kind = type(context)
    if kind is tuple or kind is list:
        return tuple([_context_view(x) for x in context])
    if kind is Unit or kind is Gear or kind is Hex or kind is TableSpell:
        return _key(context)
    return context


_FACTS: Final[dict[tuple[Card, bool], Facts]] = {}


def facts_of(card: Card, vanilla: bool = False) -> Facts:
    """A card's compiled facts, built once per process (cards are immutable)."""
    compiled = _FACTS.get((card, vanilla))
    if compiled is None:
        compiled = _FACTS[(card, vanilla)] = Facts(card, vanilla)
    return compiled


_DECKS: Final[dict[tuple[int, bool], tuple[Deck, list[Facts], list[Facts], list[Facts], bool]]] = {}


def _piles(deck: Deck, vanilla: bool) -> tuple[list[Facts], list[Facts], list[Facts]]:
    """The deck's Barracks, Armory and Spellbook as facts, compiled once per deck object."""
    entry = _DECKS.get((id(deck), vanilla))
    if entry is None or entry[0] is not deck:
        piles: tuple[list[Facts], list[Facts], list[Facts]] = ([], [], [])
        for section in deck.sections:
            for card, quantity in deck.entries(section):
                f = facts_of(card, vanilla)
                piles[0 if f.unit else 1 if f.type <= SHIELD else 2].extend([f] * quantity)
        gear_upkeep = any(f.maint for f in piles[1]) or any(f.maint for f in piles[2])
        entry = _DECKS[(id(deck), vanilla)] = (deck, *piles, gear_upkeep)
    return entry[1], entry[2], entry[3]


def _gear_upkeep(deck: Deck, vanilla: bool) -> bool:
    """Whether any Device, Shield, Spell or Hex of the deck has a Maintenance Cost."""
    _piles(deck, vanilla)
    return _DECKS[(id(deck), vanilla)][4]


def _side(seat: int, deck: Deck, rng: _random.Random, vanilla: bool) -> Side:
    piles = [list(pile) for pile in _piles(deck, vanilla)]
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


def _state(sides: list[Side], rng: _random.Random, *, first: int, max_turns: int, log: bool, goldfish: bool,
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
    state.serial = next(_SERIALS)
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
                  gear_upkeep=any(_gear_upkeep(deck, vanilla) for deck in decks), rules=rules)


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


# --- policies -----------------------------------------------------------------------------------

def _effect_cap(e: Eff, bound: tuple[int, bool, bool]) -> float:
    """An upper bound of :meth:`Greedy._effect_value` for ``e`` (1e9 where none is cheap to give); ``bound`` is
    (the dearest enemy card's cost, whether an enemy Mage is low, whether it is the Attack phase)."""
    kind, tw = e.kind, e.tw
    dearest, low, attack_phase = bound
    if kind == "damage":
        if tw == "target_creature_guard":
            return 60.0 + dearest
        if tw == "target_mage":
            return 1000.0 if low else 3.0 * e.amount
    elif kind == "heal":
        return 15.0 if tw == "you" else 5.0 + e.amount if not attack_phase else 0.0  # (cards heal after the attack)
    elif kind == "modify" or kind == "grant_keyword":
        if e.dur in ("this_turn", "this_battle") and tw in ("this", "user", "target_creature_guard"):
            return 12.0 if attack_phase else 0.0
        if e.dur in ("this_turn", "this_battle") and tw in ("own_creatures_guards", "other_own_creatures_guards"):
            return 1e9 if attack_phase else 0.0  # (in the Attack phase: 4 for each card that may attack)
    elif kind == "add_counters":
        return 30.0 * e.amount if e.counter == "plus_token" else 12.0
    elif kind == "draw":
        return 15.0 * e.amount
    elif kind == "gain_control":
        return 40.0 + dearest
    elif kind == "destroy":
        return 50.0 + dearest if tw == "target_creature_guard" else 100.0
    return 1e9


INF: Final = 99
_SIGS: Final[list[Any]] = [0, {}, {}, {}]
"""Battle estimates shared by the greedy policies of a process: [generation, {signature: number},
{attacker number: {blocker number: whether the blocker stops the attacker}}, {(mover number, other number, range,
mover's Stealth, other's Stealth): Battle move}]. A verdict or a move depends only on the two signatures (and the
Battle's range and Stealth), so sharing it across games changes no result."""
_BARRACKS_FIRST: Final = ("BB", "BA", "BB", "BA", "AA", "B", "A", "S")
_SPELLBOOK_FIRST: Final = ("S", "BA", "BB", "BA", "AA", "B", "A", "S")
_MIXED_FIRST: Final = ("BA", "BB", "BB", "BA", "AA", "B", "A", "S")
"""Greedy's draws in order of preference (see Greedy._draw)."""
_LET_THROUGH: Final[dict[str, Block]] = {}
"""Greedy's "let it through" Block action for each attacker name (actions are immutable, so they are shared)."""
_CHAINS: Final = Eff({"effect": "disable", "target": "hexed", "trigger": "passive", "duration": "while_hexed"})


_Reaction = tuple[Any, Sequence[Eff], Unit | None, Unit | None, float]
"""A Spell or ability for Greedy's reactive window: (its source: a hand index, a Spell on the table or a card with the
ability; its effects; its target card; the card using it; its cost)."""
_REACT_KINDS: Final = frozenset(("heal", "damage", "modify", "grant_keyword"))
"""The effects Greedy weighs in a reactive window (see Greedy._reaction_options)."""


def _closing(r: int, target: int, slow: int) -> int:
    """The Moves a card spends closing in from range ``r`` to ``target`` before it strikes there (a Slow card cannot
    Advance and Strike in one Move)."""
    if slow:
        return target - r
    return target - r - 1 if target > r else 0


def _hits(amount: int, prevent: int, room: int, red: int, left: int) -> int:
    """How many hits of ``amount`` Kill a card with ``left`` Defense behind a Shield with ``room`` left."""
    if room <= 0:
        per = amount - red
        return INF if per <= 0 else -(-left // per)
    if amount - prevent <= 0:
        return INF
    n = 0
    while n < INF:
        n += 1
        x = amount - prevent if room > 0 else amount
        if room > 0:
            take = x if x < room else room
            room -= take
            x -= take
        x -= red
        if x > 0:
            left -= x
        if left <= 0:
            return n
        if room <= 0 and amount - red <= 0:
            return INF
    return INF


def _hits_against(amount: int, toughness: tuple[int, int, int, int]) -> int:
    """:func:`_hits` against a card's :func:`_toughness`."""
    return _hits(amount, toughness[0], toughness[1], toughness[2], toughness[3])


def _max3(a: int, b: int, c: int) -> int:
    """The largest of three ints (as ``max(a, b, c)``, without the generic call)."""
    if b > a:
        a = b
    return c if c > a else a


def _min3(a: int, b: int, c: int) -> int:
    """The smallest of three ints (as ``min(a, b, c)``)."""
    if b < a:
        a = b
    return c if c < a else a


def _gear_worth(f: Facts) -> int:
    """A Device's own worth, to compare two Trinkets: its long and medium attacks and what it adds otherwise."""
    return f.stats[0] + f.stats[1] + f.gear_gain


def _toughness(state: MageState, victim: Unit, source: Unit) -> tuple[int, int, int, int]:
    """(shield prevent, shield room, device reduction, defense left) of ``victim`` against ``source``."""
    shield = victim.shield
    prevent = room = 0
    if shield is not None:
        room = state.shield_defense(shield) - shield.damage
        for e in shield.facts.prevent:
            c = e.cond
            if c is None or (c.role == "source" and c.sub is not None and c.sub.ok(source.facts)):
                prevent += e.amount
    if victim.stamp != state.stamp:
        state._refresh(victim)
    return prevent, room, victim.red, victim.st[3] - victim.damage


def _signature(state: MageState, u: Unit) -> int:
    """A number for what a Battle estimate of ``u`` depends on (its attacks, reduction, Defense left,
    keywords, alignment and Shield), cached on the card until any of these change."""
    if u.stamp != state.stamp:
        state._refresh(u)
    else:
        sig = u.sig
        gen: int = _SIGS[0]
        if sig is not None and sig[0] == u.damage and sig[3] == gen:
            shield = u.shield
            if shield is None:
                if sig[1] is None:
                    return sig[4]
            elif sig[1] is shield and sig[2] == shield.damage:
                return sig[4]
    shield = u.shield  # (the cached number is stale here: the checks above failed, or the stats were refreshed)
    shield_damage = 0 if shield is None else shield.damage
    atk = u.atk
    key = (atk[0], atk[1], atk[2], u.red, u.st[3] - u.damage, u.flags, u.facts.alignment,
           None if shield is None else (shield.facts, shield_damage, u.facts.reality))
    table: dict[tuple[Any, ...], int] = _SIGS[1]
    number = table.get(key)
    if number is None:
        number = table[key] = len(table)
    u.sig = (u.damage, shield, shield_damage, _SIGS[0], number)
    return number


def _sig_room() -> None:
    """Start the signature tables over when they are large (cached numbers of older generations are ignored). Called
    at the start of each attack plan (once a turn), never during a decision, so the numbers of one decision stay
    good; a turn adds a few hundred signatures at most."""
    if len(_SIGS[1]) > 100_000:
        _SIGS[0] += 1
        _SIGS[1].clear()
        _SIGS[2].clear()
        _SIGS[3].clear()


def _blocker_pool(state: MageState, side: Side) -> list[Any]:
    """What the greedy attack plan needs of one enemy's cards: [its strongest Guard that may block, its strongest
    Flyer Guard that may block, its Creatures that may block, strongest first, those of them that are Flyers (None
    until the plan first needs them), the sum of its cards' best attacks, the two Guards' signatures (None until
    the plan first needs them)]. Strength: best attack + Defense left + reduction (ties: the lower id). The lists
    are new: the plan takes the Creatures it spends out of them."""
    stamp = state.stamp
    guard = flyer_guard = None
    guard_key = flyer_key = -1
    creatures = []
    total = 0
    deployed_block = state.deployed_block
    for b in side.units:
        if b.stamp != stamp:
            state._refresh(b)
        best = b.best
        total += best
        if not ((b.deployed and not deployed_block) or b.disabled or b.chains or b.helping):
            key = best + b.st[3] - b.damage + b.red
            if b.facts.guard:
                if key > guard_key:
                    guard, guard_key = b, key
                if b.flags & FLYER and key > flyer_key:
                    flyer_guard, flyer_key = b, key
            else:
                creatures.append((-key, b.uid, b))
    if len(creatures) > 1:
        creatures.sort()
    return [guard, flyer_guard, [b for _, _, b in creatures], None, total, None, None]


class Greedy:
    """A sensible Mage: creates its strongest castable cards, equips Devices where they add most, uses
    Spells and abilities where they Kill, steal or clearly help; attacks with the Creatures that the enemy's
    strongest blockers would not stop (Guards too when it wins the race), blocks with cards that stop the attacker,
    trade with it or are the last chance against a lethal hit, and in a Battle fights at its best range or retreats.
    Battle estimates and Battle moves are remembered by card
    signature for the whole process (they depend on nothing else), the attack plan is made once a turn, and the
    cards to create are scored with upper bounds that skip what cannot win, which keeps the policy fast. See
    ``docs/rules/magewarfare.md``."""

    name = "greedy"

    def __init__(self) -> None:
        self._plan_serial = self._plan_version = -1
        self._plan_done = -1
        self._attack_plan: list[Declare] = []

    def choose(self, state: MageState, actions: Sequence[MageAction]) -> MageAction:
        if len(actions) == 1:
            return actions[0]
        return self.decide(state)

    def decide(self, state: MageState) -> MageAction:
        if state.pending:
            return self._answer(state)
        phase = state.phase
        if phase == DECLARE:
            declared = state.declared
            if declared and self._plan_done >= 0 and self._plan_serial == state.serial and (
                    self._plan_version == state.version):  # the next attacker of this turn's plan (see _declare)
                done = self._plan_done
                plan = self._attack_plan
                count = len(declared)
                if count == done + 1 and done < len(plan) and declared[done][0].uid == plan[done].uid:
                    done = self._plan_done = count
                if count == done:
                    return plan[done] if done < len(plan) else FIGHT
            return self._declare(state)
        if phase == PLAY:
            action, value = self._candidates(state, state.active, False)
            return action if value > 0 and action is not None else END_PLAY  # (an action whenever value > 0)
        if phase == BLOCK:
            return self._block(state)
        if phase == BATTLE:
            return self._battle_move(state)
        if phase == DRAW:
            return self._draw(state, cast("list[Draw]", state._options()))  # (the Draw phase's options)
        if phase == EQUIP:
            return self._equip(state)
        if phase == DISCARD:
            return self._discard(state)
        options = state._options()
        for option in options:
            if type(option) is Opening and option.barracks <= 4:
                return option
        return options[-1]

    def act(self, state: MageState) -> MageAction:
        """The action :meth:`choose` would pick from ``state.legal_actions()``, found without listing them (as
        :meth:`decide`)."""
        return self.decide(state)

    # -- battles --

    def _threats(self, state: MageState, me: Unit, opp: Unit) -> tuple[int, int, int]:
        """How many hits of the other card Kill mine if the Battle is fought at long, medium and close range (INF:
        none do). The other card may close in, so its threat at a range is its best at that range or a closer one.
        Both cards' stats must be fresh (``_refresh``)."""
        theirs = opp.atk
        if me.shield is None:
            left = me.st[3] - me.damage
            red = me.red
            h0, h1, h2 = theirs[0] - red, theirs[1] - red, theirs[2] - red
            h0 = INF if h0 <= 0 else -(-left // h0)
            h1 = INF if h1 <= 0 else -(-left // h1)
            h2 = INF if h2 <= 0 else -(-left // h2)
        else:
            to_me = _toughness(state, me, opp)
            h0 = _hits_against(theirs[0], to_me)
            h1 = _hits_against(theirs[1], to_me)
            h2 = _hits_against(theirs[2], to_me)
        if opp.flags & SLOW:
            return _min3(h0, h1 + 1, h2 + 2), min(h1, h2 + 1), h2
        return _min3(h0, h1, h2 + 1), min(h1, h2), h2

    def _plan(self, state: MageState, me: Unit, opp: Unit, r: int, my_stealth: bool,
              opp_stealth: bool) -> tuple[int, int]:
        """(moves I need, range to fight at) of my best winning plan from range ``r`` (INF: none). The other
        card may close in, so its threat at a range is its best at that range or a closer one."""
        stamp = state.stamp
        if me.stamp != stamp:
            state._refresh(me)
        if opp.stamp != stamp:
            state._refresh(opp)
        mine = me.atk
        if opp.shield is None:
            red = opp.red
            left = opp.st[3] - opp.damage
            n0, n1, n2 = mine[0] - red, mine[1] - red, mine[2] - red
            need = (INF if n0 <= 0 else -(-left // n0), INF if n1 <= 0 else -(-left // n1),
                    INF if n2 <= 0 else -(-left // n2))
        else:
            to_opp = _toughness(state, opp, me)
            need = (_hits_against(mine[0], to_opp), _hits_against(mine[1], to_opp),
                    _hits_against(mine[2], to_opp))
        threats = self._threats(state, me, opp)
        slow = me.flags & SLOW
        extra = (1 if opp_stealth else 0)
        cover = (1 if my_stealth else 0)
        best_moves, best_target = INF, r
        for target in range(r, 3):
            n = need[target]
            if n >= INF:
                continue
            moves = n + extra + _closing(r, target, slow)
            if moves <= threats[target] + cover and moves <= 12 and moves < best_moves:
                best_moves, best_target = moves, target
        return best_moves, best_target

    def _battle_move(self, state: MageState) -> MageAction:
        b = state.battle
        assert b is not None  # (the Battle being fought)
        s = b.mover
        me, opp = b.u[s], b.u[1 - s]
        key = (_signature(state, me), _signature(state, opp), b.range, b.stealth[s], b.stealth[1 - s])
        moves: dict[tuple[int, int, int, bool, bool], tuple[Move | None, bool]] = _SIGS[3]
        entry = moves.get(key)
        if entry is None:
            if len(moves) > 200_000:  # (a bound on memory; the moves are found again when needed)
                moves.clear()
            entry = moves[key] = self._best_move(state, me, opp, b)
        if entry[1] and state.battle_window and state.may_react(me.ctrl):  # losing: the window before this Move may
            # turn the Battle
            reaction = self._battle_reaction(state, b, me, opp)
            if reaction is not None:
                return reaction
        move = entry[0]
        assert move is not None  # (_best_move names only Moves there are at the range)
        return move

    def _trade_range(self, state: MageState, me: Unit, opp: Unit, r: int, my_stealth: bool,
                     opp_stealth: bool) -> int | None:
        """The range at which this card, which cannot win the Battle from range ``r`` with the Move, still Kills the
        other card as it falls: the hits it gets in before the other card Kills it (the other card may close in, as in
        :meth:`_plan`), then its Parting Shot (half its attack at that range), finish the other card. None: there is
        no such range (a Shield or Stealth in the Battle: not estimated)."""
        if me.shield is not None or opp.shield is not None or my_stealth or opp_stealth:
            return None
        stamp = state.stamp
        if me.stamp != stamp:
            state._refresh(me)
        if opp.stamp != stamp:
            state._refresh(opp)
        red, left = opp.red, opp.st[3] - opp.damage
        threats = self._threats(state, me, opp)
        slow = me.flags & SLOW
        mine = me.atk
        for target in range(r, 3):
            per = mine[target] - red
            if per <= 0:
                continue
            hits = threats[target] - _closing(r, target, slow)
            if hits < 1 or hits >= INF:
                continue
            if per * hits + max(mine[target] // 2 - red, 0) >= left:
                return target
        return None

    def _best_move(self, state: MageState, me: Unit, opp: Unit, b: Battle) -> tuple[Move | None, bool]:
        """Fight at the range where this card wins the exchange soonest; when it cannot win, fight on where it trades
        (:meth:`_trade_range`: it Kills the other card as it falls), else retreat: (the Move, whether the card is
        losing: a trade counts as losing, so the window before the Move may still turn the Battle into a win)."""
        s, r = b.mover, b.range
        stealth = b.stealth
        moves, target = self._plan(state, me, opp, r, stealth[s], stealth[1 - s])
        if moves >= INF:
            trade = self._trade_range(state, me, opp, r, stealth[s], stealth[1 - s])
            if trade is not None:  # it falls, but Kills the other card as it does: fight on
                if trade == r:
                    return _MOVE_AT[STRIKE][r], True
                if me.flags & SLOW or me.atk[r + 1] <= 0:
                    return _MOVE_AT[ADVANCE][r], True
                return _MOVE_AT[ADVANCE_STRIKE][r], True
            if stealth[s] or _hits_against(max(opp.atk[:r + 1]), _toughness(state, me, opp)) > 1:
                return _MOVE_AT[RETREAT][r], True
            return _MOVE_AT[STRIKE][r], True
        if target == r:
            return _MOVE_AT[STRIKE][r], False
        if me.flags & SLOW or me.atk[r + 1] <= 0:
            return _MOVE_AT[ADVANCE][r], False
        return _MOVE_AT[ADVANCE_STRIKE][r], False

    def _estimate_holds(self, state: MageState, attacker: Unit, blocker: Unit) -> bool:
        sa = bool(state.flags(attacker) & STEALTH)
        sb = bool(state.flags(blocker) & STEALTH)
        if sa and sb:
            sa = sb = False
        return self._plan(state, attacker, blocker, LONG, sa, sb)[0] >= INF

    def _block(self, state: MageState) -> MageAction:
        attacker = state.cur
        assert attacker is not None  # (the attacker to block)
        name = attacker.facts.name
        best_key: tuple[int, ...] | None
        best, best_key = None, None
        cached = state.cache
        blockers = cached[1] if type(cached) is tuple and cached[0] is attacker else state._blockers()  # (_blockers)
        memo: dict[int, dict[int, bool]] = _SIGS[2]
        stamp = state.stamp
        gen: int = _SIGS[0]
        sig = attacker.sig  # the signature cached on the card (see _signature), if still good
        if (sig is not None and attacker.stamp == stamp and sig[1] is None and attacker.shield is None
                and sig[0] == attacker.damage and sig[3] == gen):
            sa = sig[4]
        else:
            sa = _signature(state, attacker)
        known = memo.get(sa)
        if known is None:
            known = memo[sa] = {}
        trader = trade_key = None
        for b in blockers:
            sig = b.sig  # the signature cached on the card (see _signature), if still good
            if (sig is not None and b.stamp == stamp and sig[1] is None and b.shield is None and sig[0] == b.damage
                    and sig[3] == gen):
                sb = sig[4]
            else:
                sb = _signature(state, b)
            verdict = known.get(sb)
            if verdict is None:
                verdict = known[sb] = self._estimate_holds(state, attacker, b)
            if verdict:
                key: tuple[int, ...] = (0 if b.facts.guard else 1, b.facts.cost, b.uid)
                if best_key is None or key < best_key:
                    best, best_key = b, key
            elif best is None:
                trade = known.get(~sb)  # (trade verdicts are kept under the complement of the blocker's number)
                if trade is None:
                    trade = known[~sb] = self._is_trade(state, attacker, b)
                if trade and (trade_key is None or (b.facts.cost, b.uid) < trade_key):
                    trader, trade_key = b, (b.facts.cost, b.uid)
        if best is None and attacker.facts.guard:
            free = state.attacks(attacker)[LONG]
            for b in blockers:
                if _hits_against(free, _toughness(state, b, attacker)) > 1:
                    key = (b.facts.cost, b.uid)
                    if best_key is None or key < best_key:
                        best, best_key = b, key
        if best is None and (not blockers or state.may_react(state.cur_seat)):  # the window before choosing a blocker
            # (with no card that may block, the window is open only because the player may react: see _proceed)
            reaction = self._block_reaction(state, attacker, blockers)
            if reaction is not None:
                return reaction
        if best is None:
            best = trader
        if best is None and blockers and attacker.best >= state.sides[state.cur_seat].hp:
            best = max(blockers, key=_strongest)  # (a lethal hit: a Battle is the last chance)
        if best is None:
            through = _LET_THROUGH.get(name)
            if through is None:
                through = _LET_THROUGH[name] = Block(None, "", name)
            return through
        return Block(best.uid, best.facts.name, name)

    def _is_trade(self, state: MageState, attacker: Unit, b: Unit) -> bool:
        """Whether blocker ``b``, which would not stop ``attacker``, Kills it as it falls: the hits it gets in before
        the attacker Kills it, then its Parting Shot (half its attack), finish the attacker (at b's best range).
        A trade stops the attack and earns the attacker's Flesh, so greedy blocks with the cheapest such card."""
        to_a = _toughness(state, attacker, b)
        if to_a[1] > 0:  # (a Shielded attacker: not estimated)
            return False
        to_b = _toughness(state, b, attacker)
        atk = attacker.atk
        need = _min3(_hits_against(atk[LONG], to_b), _hits_against(atk[MEDIUM], to_b), _hits_against(atk[CLOSE], to_b))
        if need >= INF:
            return False
        red, left = to_a[2], to_a[3]
        for hit in b.atk:
            if hit > 0 and max(hit - red, 0) * (need - 1) + max(hit // 2 - red, 0) >= left:
                return True
        return False

    # -- reactive windows --

    def _reaction_options(self, state: MageState, p: int, wanted: tuple[Unit, ...]) -> list[_Reaction]:
        """(source, its effects, its target card, the card using it, its cost) for each Spell or ability player ``p``
        may use in the window now (among the actions :meth:`MageState._reactions` lists) whose effect (heal, damage, a
        change of stats or keywords) lands on one of the cards ``wanted``: the targeted ones aimed at those cards only,
        the others (an ability on the card itself) only when used by one of them. The source (a hand index, a Spell on
        the table or a card with the ability) becomes the action by :meth:`_reaction_action`."""
        side = state.sides[p]
        flesh = side.flesh
        out: list[_Reaction] = []
        seen = None
        for i, f in enumerate(side.hand):
            if f.type != SPELL or f.cost > flesh or f.reaction:
                continue
            pick = f.pick
            if pick is None or pick.kind not in _REACT_KINDS:
                continue
            if seen is None:
                seen = [f]
            elif f in seen:
                continue
            else:
                seen.append(f)
            for t in wanted:
                if state.can_target(p, pick, f.harmful, t):
                    out.append((i, f.on_play, t, None, f.cost))
        for spell in side.table:
            f = spell.facts
            pick = f.pick
            if spell.active or spell.uses <= 0 or f.cost > flesh or f.reaction or pick is None:
                continue
            if pick.kind not in _REACT_KINDS:
                continue
            for t in wanted:
                if state.can_target(p, pick, f.harmful, t):
                    out.append((spell, f.on_play, t, None, f.cost))
        if state.gear_acts[p] or side.hexes:
            sources = state.ability_sources(p)
        else:  # (the cards' own abilities: MageState._payable inlined)
            kept = side.kept
            if kept is None or kept[0] != side.roster or kept[1] != len(side.units):
                kept = state._roster(side)
            sources = []
            for u in kept[3]:
                if u.disabled or u.chains:
                    continue
                for e in u.facts.activated:
                    if e.flesh > flesh or e.bcost > u.bloodc or (e.deploy and (u.deployed or u.helping)):
                        continue
                    if u.shield is not None and e.tw not in (None, "this", "you"):
                        continue
                    sources.append((u, e, u))
        done = None
        for obj, e, user in sources:
            if e.kind not in _REACT_KINDS:
                continue
            cost = e.penalty + e.bcost
            if e.targeted:
                if done is None:
                    done = [e]
                elif e in done:  # (another copy's: the same targets and values)
                    continue
                else:
                    done.append(e)
                for t in wanted:
                    if state.can_target(p, e, e.harmful, t):
                        out.append((obj, (e,), t, user, cost))
            elif user in wanted:
                out.append((obj, (e,), None, user, cost))
        return out

    @staticmethod
    def _reaction_action(state: MageState, p: int, source: Any, target: Any) -> MageAction:
        """The action for a source of :meth:`_reaction_options` and its target."""
        kind = type(source)
        if kind is int:
            f = state.sides[p].hand[source]
            return Create(source, f.name, *state.target_ref(p, target))
        if kind is TableSpell:
            return Create(source.sid, source.facts.name, *state.target_ref(p, target), True)
        if target is None:
            return Activate(_key(source), source.facts.name)
        return Activate(_key(source), source.facts.name, *state.target_ref(p, target))

    def _try_effects(self, state: MageState, effects: Sequence[Eff], target: Unit | None,
                     user: Unit | None) -> list[tuple[Unit, int | None, _Mod | None]]:
        """Apply the effects' changes to cards for an estimate (undone by :meth:`_undo`): what was changed."""
        undo: list[tuple[Unit, int | None, _Mod | None]] = []
        for e in effects:
            tw = e.tw
            t = target if e.targeted else user if tw is None or tw == "this" or tw == "user" else None
            if type(t) is not Unit:
                continue
            if e.cond is not None and e.cond.role is None and not e.cond.ok(t.facts, state.flags(t)):
                continue
            kind = e.kind
            if kind == "heal" or kind == "damage":
                undo.append((t, t.damage, None))
                t.damage = max(0, t.damage - e.amount) if kind == "heal" else t.damage + e.amount
            elif kind == "modify" or kind == "grant_keyword":
                mod = (e.idxs, e.amount, e.bits, e.blood, EXP_TURN)
                t.mods.append(mod)
                state._touch(t)
                undo.append((t, None, mod))
        return undo

    def _undo(self, state: MageState, undo: list[tuple[Unit, int | None, _Mod | None]]) -> None:
        for t, damage, mod in reversed(undo):
            if mod is None:
                assert damage is not None  # (a change of damage)
                t.damage = damage
            else:
                t.mods.remove(mod)
                state._touch(t)

    def _battle_reaction(self, state: MageState, b: Battle, me: Unit, opp: Unit) -> MageAction | None:
        """A Spell or ability before this Move (the card is losing the Battle) that turns the Battle: the
        cheapest one that Kills the other card outright, or after which this card wins (a heal on it, damage to the
        other card, a bonus). None: fight on (or retreat) as usual."""
        s = b.mover
        stealth = b.stealth
        best, best_key = None, None
        for source, effects, target, user, cost in self._reaction_options(state, me.ctrl, (me, opp)):
            undo = self._try_effects(state, effects, target, user)
            if not undo:
                continue
            if opp.stamp != state.stamp:
                state._refresh(opp)
            kills = opp.st[3] - opp.damage <= 0
            wins = kills or self._plan(state, me, opp, b.range, stealth[s], stealth[1 - s])[0] < INF
            self._undo(state, undo)
            if wins:
                key = (0 if kills else 1, cost)
                if best_key is None or key < best_key:
                    best, best_key = (source, target), key
        return None if best is None else self._reaction_action(state, me.ctrl, *best)

    def _verdicts(self, state: MageState, attacker: Unit, b: Unit, trade: bool) -> tuple[bool, bool]:
        """(whether ``b`` would stop ``attacker``, whether it would trade with it (asked only with ``trade``)),
        remembered by the two cards' signatures as :meth:`_block` does."""
        memo: dict[int, dict[int, bool]] = _SIGS[2]
        sa = _signature(state, attacker)
        known = memo.get(sa)
        if known is None:
            known = memo[sa] = {}
        sb = _signature(state, b)
        holds = known.get(sb)
        if holds is None:
            holds = known[sb] = self._estimate_holds(state, attacker, b)
        if holds or not trade:
            return holds, False
        trades = known.get(~sb)
        if trades is None:
            trades = known[~sb] = self._is_trade(state, attacker, b)
        return False, trades

    def _block_reaction(self, state: MageState, attacker: Unit, reach: list[Unit]) -> MageAction | None:
        """Before choosing a blocker (``reach``: the cards that may block now), when none would stop the attacker: the
        cheapest Spell or ability that Kills the attacker (its attack stops), or makes a card stop it (damage to the
        attacker, a heal or a bonus on a blocker, Wings of the Gale on a card against a Flyer); against a hit that
        would Kill the Mage, one that gives a blocker when there is none. None: block (or not) as usual. (Spending one
        only to make a trade was tried: greedy Hollowmere mirrors then ended in board stalls at the turn cap in 27
        games of 1000, against 2 without.)"""
        p = state.cur_seat
        stamp = state.stamp
        if attacker.stamp != stamp:
            state._refresh(attacker)
        u: Unit | None
        flyer = attacker.flags & FLYER
        lethal = not reach and attacker.best >= state.sides[p].hp
        wanted = list(reach)
        if flyer:  # (a card that is no Flyer may block it if it is made one)
            phase = state.attacks_begun
            for u in state.sides[p].units:
                if (u.deployed and not state.deployed_block) or u.disabled or u.chains or u.helping or u in reach:
                    continue
                if state.is_free_to_block(u, phase):
                    wanted.append(u)
        if not wanted:  # nothing could block: only Killing the attacker helps
            left = attacker.st[3] - attacker.damage
            best, best_cost = None, None
            for source, effects, _, _, cost in self._reaction_options(state, p, (attacker,)):
                if _damage_sum(effects) >= left and (
                        best_cost is None or cost < best_cost):
                    best, best_cost = source, cost
            return None if best is None else self._reaction_action(state, p, best, attacker)
        best, best_key = None, None
        wanted.append(attacker)
        for source, effects, target, user, cost in self._reaction_options(state, p, tuple(wanted)):
            deploys = _deploys(effects)
            if target is None and deploys and not state.deployed_block:
                continue  # (a card Deploying for an ability on itself cannot block)
            if target is not attacker and target is not None and flyer and target not in reach and not _gives_flyer(
                    effects):
                continue  # (it would still not reach the Flyer)
            undo = self._try_effects(state, effects, target, user)
            if not undo:
                continue
            used = user if deploys and not state.deployed_block else None  # (Deployed: it cannot block)
            if attacker.stamp != state.stamp:
                state._refresh(attacker)
            if attacker.st[3] - attacker.damage <= 0:
                score = 3
            else:
                score = 0
                # Damage to the attacker changes every blocker's Battle; anything else only its target's.
                for u in (reach if target is attacker else (target,) if target is not None else (user,)):
                    if u is used or u is None:
                        continue
                    if u.stamp != state.stamp:
                        state._refresh(u)
                    if flyer and not u.flags & FLYER:
                        continue
                    if self._verdicts(state, attacker, u, False)[0]:
                        score = 2
                        break
                    if lethal:
                        score = 1
            self._undo(state, undo)
            if score > 1 or (score and lethal):
                key = (-score, cost)
                if best_key is None or key < best_key:
                    best, best_key = (source, target), key
        return None if best is None else self._reaction_action(state, p, *best)

    def _declare(self, state: MageState) -> MageAction:
        p = state.active
        declared = state.declared
        if not declared:
            action, value = self._candidates(state, p, attack_phase=True)
            if value > 0 and action is not None:  # (an action whenever value > 0)
                return action
        if self._plan_serial != state.serial or self._plan_version != state.version:
            self._plan_serial, self._plan_version = state.serial, state.version
            self._attack_plan = self._attack_order(state, p)
            self._plan_done = 0 if not declared else -1
        plan = self._attack_plan
        done = self._plan_done
        if done >= 0:  # the declarations so far are the plan's first ones, in order (checked one at a time)
            count = len(declared)
            if count == done + 1 and done < len(plan) and declared[done][0].uid == plan[done].uid:
                done = self._plan_done = count
            if count == done:
                return plan[done] if done < len(plan) else FIGHT
            self._plan_done = -1
        uids = {unit.uid for unit, _ in declared}
        for action in plan:
            if action.uid not in uids:
                return action
        return FIGHT

    def _attack_order(self, state: MageState, p: int) -> list[Declare]:
        """Which cards attack, strongest first. Each attacker is checked against the strongest Guard and the strongest
        Creature not spent yet that may block it (strength: best attack, Defense left and reduction): a Guard that
        would stop it keeps it home; a Creature that would stop it blocks once a phase, so it is spent on this
        attacker (sent as a decoy if it survives the blocker's free hit, else kept home), and the rest go through.
        Guards stay home while the enemy has cards, unless this player wins the race against the weakest enemy Mage
        (then they attack too, all at that Mage). With 3-4 Mages each attacker goes, among the Mages it can reach
        (unstopped first), at one it could Kill this turn, then one it could Kill soonest (in steps of two turns),
        then the greatest threat: the strongest cards, then the most HP (the leader); exact ties are drawn from
        ``state.rng``, never by seat."""
        _sig_room()
        sides = state.sides
        stamp = state.stamp
        attackers = []
        mine = 0
        for u in sides[p].units:
            if u.deployed or u.disabled or u.chains or u.shield is not None or u.helping:
                continue
            if u.stamp != stamp:
                state._refresh(u)
            best = u.best
            if best > 0:
                attackers.append((-best, u.uid, u))
                mine += best
        if not attackers:
            return []
        attackers.sort()  # strongest first, then by id (ids are unique, so units are never compared)
        foes, pools = [], []
        theirs = enemy_units = 0
        for side in sides:
            if not side.alive or side.seat == p:
                continue
            foes.append(side)
            enemy_units += len(side.units)
            pool = _blocker_pool(state, side)
            theirs += pool[4]
            pools.append(pool)
        # Whom to attack (3-4 Mages): a Mage my attackers could Kill this turn first, then one they could Kill within
        # about two turns of it, then the greatest threat (the strongest cards, then the most HP: the leader), then a
        # draw from the game's generator (never seat order).
        rank = None
        if len(foes) > 1:
            rng = state.rng
            rank = {side.seat: (0 if side.hp <= mine else 1, -(-side.hp // mine) // 2, -pool[4], -side.hp,
                                rng.random())
                    for side, pool in zip(foes, pools, strict=False)}
        # The race: if my attackers would kill the most exposed enemy Mage before all enemies kill mine, Guards
        # attack too, and every attacker goes at that Mage.
        weakest = foes[0] if rank is None else _weakest(foes, mine, rank)
        if -(-weakest.hp // mine) <= (-(-sides[p].hp // theirs) if theirs else INF):
            if len(foes) > 1:
                pools = [pools[foes.index(weakest)]]
                foes = [weakest]
            enemy_units = 0
        memo: dict[int, dict[int, bool]] = _SIGS[2]
        single = len(foes) == 1
        targets = list(zip(foes, pools, strict=False))
        gen: int = _SIGS[0]
        plan = []
        for _, _, u in attackers:
            if enemy_units and u.facts.guard:
                continue
            sig = u.sig  # the signature cached on the card (see _signature), if still good
            if sig is not None and sig[1] is None and sig[0] == u.damage and sig[3] == gen and u.stamp == stamp:
                sign = sig[4]  # (attackers have no Shield)
            else:
                sign = _signature(state, u)
            known = memo.get(sign)
            if known is None:
                known = memo[sign] = {}
            flyer = u.flags & FLYER  # (only Flyers block a Flyer)
            seat, best_key, decoy, spent = None, None, None, None
            for side, pool in targets:
                # The strongest Guard that may block keeps the attacker home if it would stop it.
                guard: Unit | None = pool[flyer]  # (FLYER is 1: the strongest Flyer Guard for a Flyer)
                if guard is not None:
                    guard_sign = pool[5 + flyer]  # (its signature, found when first needed)
                    if guard_sign is None:
                        guard_sign = pool[5 + flyer] = _signature(state, guard)
                    verdict = known.get(guard_sign)
                    if verdict is None:
                        verdict = known[guard_sign] = self._estimate_holds(state, u, guard)
                    if verdict:
                        continue
                # The strongest Creature not spent yet that may block: spent on this attacker if it would stop it
                # (the attacker goes in as a decoy if it survives the blocker's free hit, else stays home).
                stopper: Unit | Literal[False] | None = None
                # (its Creatures not spent yet that may block this one: all, or the Flyers)
                rest: list[Unit] | None = pool[2 + flyer]
                if rest is None:
                    rest = pool[3] = [b for b in pool[2] if b.flags & FLYER]
                if rest:
                    b = rest[0]
                    sig = b.sig  # (cached on the card, as for the attacker above, if still good)
                    if (sig is not None and sig[1] is None and b.shield is None and sig[0] == b.damage
                            and sig[3] == gen and b.stamp == stamp):
                        sign = sig[4]
                    else:
                        sign = _signature(state, b)
                    verdict = known.get(sign)
                    if verdict is None:
                        verdict = known[sign] = self._estimate_holds(state, u, b)
                    if verdict:
                        stopper = b if _hits_against(max(b.atk[LONG], 0), _toughness(state, u, b)) > 1 else False
                if stopper is False:
                    continue
                if single:
                    seat, decoy, spent = side.seat, stopper, pool
                    break
                assert rank is not None  # (more than one Mage to attack)
                key = (stopper is not None, rank[side.seat])
                if best_key is None or key < best_key:
                    seat, best_key, decoy, spent = side.seat, key, stopper, pool
            if seat is not None:
                if decoy is not None:  # the decoy's blocker is spent
                    assert spent is not None  # (the blocker pool of the Mage it goes at)
                    spent[2].remove(decoy)
                    if decoy.flags & FLYER and spent[3] is not None:
                        spent[3].remove(decoy)
                decl = u.decl
                if decl is None or decl.seat != seat:
                    decl = u.decl = Declare(u.uid, u.facts.name, seat)
                plan.append(decl)
        return plan

    # -- creating --

    def _play(self, state: MageState) -> MageAction:
        action, value = self._candidates(state, state.active, attack_phase=False)
        return action if value > 0 and action is not None else END_PLAY  # (an action whenever value > 0)

    def _candidates(self, state: MageState, p: int, attack_phase: bool) -> tuple[MageAction | None, float]:
        """The best card to create or ability to use now (with its best target) and its value; in the Attack
        phase only Spells and abilities. In the Play phase the dearest castable Creature or Guard comes first, before
        anything else is scored. Each source is scored once per target, without listing actions.

        The order of the sources breaks ties (the hand first, then the table, then abilities); the cheap ones
        (Creatures, Guards, Shields) are scored first, so the upper bounds of the others skip more of them."""
        side = state.sides[p]
        hand = side.hand
        flesh = side.flesh
        best: Any  # (a hand index, made a Create at the end, or an action)
        best, best_value, best_order = None, 0.0, -1
        classes = upkeep = -1
        bound = None
        rest: list[int] = []  # the first copy in hand of each Device, Spell and Hex to score after the others
        rest_facts: list[Facts] = []
        # (A later copy of a card scores what its first copy scored, and loses the tie: it is skipped or changes
        # nothing.)
        for i, f in enumerate(() if attack_phase else hand):
            cost = f.cost
            if cost > flesh:
                continue
            kind = f.type
            if kind <= GUARD:
                if 100.0 + cost <= best_value:
                    continue
                if classes < 0:
                    kept = side.kept
                    if kept is None or kept[0] != side.roster or kept[1] != len(side.units):
                        kept = state._roster(side)
                    classes = kept[2]
                    upkeep = kept[4] if not state.gear_upkeep else self._upkeep(state, p)
                if (f.cls == 0 or classes & (1 << (f.cls - 1))) and flesh - cost >= upkeep:
                    best, best_value, best_order = i, 100.0 + cost, i  # an index: Create(i) is made at the end
            elif kind == SHIELD:
                value = 30.0 + f.stats[3]
                if value > best_value:
                    for u in side.units:
                        if u.shield is None:
                            best, best_value, best_order = i, value, i
                            break
            elif (kind == DEVICE or not (f.reaction or f.pump)) and f not in rest_facts:
                rest.append(i)
                rest_facts.append(f)
        if attack_phase:  # only Spells
            for i, f in enumerate(hand):
                if f.type == SPELL and f.cost <= flesh and not f.reaction and f not in rest_facts:
                    rest.append(i)
                    rest_facts.append(f)
        if type(best) is int and hand[best].type <= GUARD:  # (Play phase) a Creature or Guard comes before the rest
            return Create(best, hand[best].name), best_value
        # Devices, Spells and Hexes in hand order: one wins a tie only against a source that comes later.
        for i in rest:
            f = hand[i]
            if f.type == DEVICE:
                if f.ub <= best_value:  # no user could make it worth as much as the best so far
                    continue
                fits = f.fits
                for u in side.units:  # (a Deployed card or one it does not fit cannot take it: see _can_use)
                    if not u.deployed and fits.get(u.facts) is not False:
                        # Its value first (what _device_value gives a card that can take it, or more for a Sharable
                        # Device), then whether it can take it, only where the value would win.
                        value = self._device_value(state, f, u, False)
                        if value > best_value or (value == best_value and i < best_order):
                            plan = state._can_use(u, f, True)
                            if plan is None:
                                continue
                            if f.sharable:
                                value -= 15 * (len(plan) - 1)
                                if not (value > best_value or (value == best_value and i < best_order)):
                                    continue
                            best, best_value, best_order = Create(i, f.name, u.uid, u.facts.name), value, i
                continue
            caps = f.card_caps
            if caps is not None:
                ceiling = caps[attack_phase]
            else:
                if bound is None:
                    bound = self._bounds(state, p, attack_phase)
                ceiling = self._card_bound(f, bound)
            if ceiling < best_value or (ceiling == best_value and i > best_order):
                continue
            target, value = self._card_target(state, p, f, attack_phase)
            if value > best_value or (value == best_value and i < best_order):
                if f.pick is None:
                    best, best_value, best_order = Create(i, f.name), value, i
                else:
                    ref, label = state.target_ref(p, target)
                    best, best_value, best_order = Create(i, f.name, ref, label), value, i
        for spell in side.table:
            f = spell.facts
            if spell.active or spell.uses <= 0 or f.cost > flesh or f.reaction or (f.pump and not attack_phase):
                continue
            if bound is None:
                bound = self._bounds(state, p, attack_phase)
            if self._card_bound(f, bound) <= best_value:
                continue
            target, value = self._card_target(state, p, f, attack_phase)
            if value > best_value:
                if f.pick is None:
                    best, best_value = Create(spell.sid, f.name, table=True), value
                else:
                    ref, label = state.target_ref(p, target)
                    best, best_value = Create(spell.sid, f.name, ref, label, True), value
        # Abilities, in the order of MageState.ability_sources (scanned here without listing them).
        done: set[Eff] = set()  # targeted abilities scored (another copy's has the same targets and values)
        dearest = -1
        gear_acts = state.gear_acts[p]
        if gear_acts:
            carriers = side.units
        else:  # no Device has an ability: only the cards with abilities (see MageState.ability_sources)
            kept = side.kept
            if kept is None or kept[0] != side.roster or kept[1] != len(side.units):
                kept = state._roster(side)
            carriers = kept[3]
        for u in carriers:
            acts = u.facts.activated
            devices = u.devices if gear_acts else ()
            if not acts and not devices:
                continue
            if u.disabled or u.chains:
                continue
            for e in acts:  # (MageState._payable inlined: the cards' own abilities are the common case)
                if e.targeted and e in done:
                    continue  # another copy's: same targets, same values (see _score_ability)
                if e.deploy and (u.deployed or u.helping):
                    continue
                if e.flesh > flesh or e.bcost > u.bloodc:
                    continue
                if u.shield is not None and e.tw not in (None, "this", "you"):
                    continue  # "Cards you are Shielding cannot affect cards outside of the Shield"
                penalty = e.penalty
                caps = e.caps
                if caps is not None:
                    if caps[attack_phase] - penalty <= best_value:
                        continue  # it cannot beat the best so far
                elif e.cap_base is not None:
                    if dearest < 0:
                        dearest = self._bounds(state, p, attack_phase)[0]
                    if e.cap_base + dearest - penalty <= best_value:
                        continue
                else:
                    if bound is None:
                        bound = self._bounds(state, p, attack_phase)
                    if _effect_cap(e, bound) - penalty <= best_value:
                        continue
                best, best_value = self._score_ability(state, p, e, u, u, attack_phase, best, best_value, done)
            for g in devices:
                if g.facts.activated:
                    best, best_value, bound = self._score_sources(state, p, g, u, flesh, attack_phase, bound, best,
                                                                  best_value, done)
        for h in side.hexes:
            if h.facts.activated and type(h.host) is Unit:
                best, best_value, bound = self._score_sources(state, p, h, h.host, flesh, attack_phase, bound, best,
                                                              best_value, done)
        if type(best) is int:
            best = Create(best, side.hand[best].name)
        return best, best_value

    def _score_sources(self, state: MageState, p: int, obj: Any, user: Unit, flesh: int, attack_phase: bool,
                       bound: tuple[int, bool, bool] | None, best: Any, best_value: float,
                       done: set[Eff]) -> tuple[Any, float, tuple[int, bool, bool] | None]:
        """Score the abilities of a Device or Hex ``obj`` (on ``user``) against the best so far: (best, its value,
        the bounds of :meth:`_bounds`, found when first needed)."""
        for e in obj.facts.activated:
            if not state._payable(obj, e, user, flesh):
                continue
            caps = e.caps
            if caps is not None:  # (a cap that depends only on the phase)
                if caps[attack_phase] - e.penalty <= best_value:
                    continue
            else:
                if bound is None:
                    bound = self._bounds(state, p, attack_phase)
                if _effect_cap(e, bound) - e.penalty <= best_value:
                    continue
            best, best_value = self._score_ability(state, p, e, user, obj, attack_phase, best, best_value, done)
        return best, best_value, bound

    def _score_ability(self, state: MageState, p: int, e: Eff, user: Unit, obj: Any, attack_phase: bool, best: Any,
                       best_value: float, done: set[Eff]) -> tuple[Any, float]:
        """Ability ``e`` of ``obj`` (used by ``user``) with its best target, if it beats the best so far: (best, its
        value)."""
        penalty = e.penalty
        if e.targeted:
            if e in done:  # the same ability of another copy: same targets, same values
                return best, best_value
            done.add(e)
            target, value = self._best_target(state, p, e, user, attack_phase, penalty, best_value)
            if target is not None:
                ref, label = state.target_ref(p, target)
                return Activate(_key(obj), obj.facts.name, ref, label), value
            return best, best_value
        value = self._effect_value(state, p, e, None, user, attack_phase) - penalty
        if value > best_value:
            return Activate(_key(obj), obj.facts.name), value
        return best, best_value

    def _best_target(self, state: MageState, p: int, e: Eff, this: Unit, attack_phase: bool, penalty: float,
                     floor: float) -> tuple[Any, float]:
        """The first target of ability ``e`` whose value (less ``penalty``) beats ``floor`` by most, and that value
        (None, floor if none does)."""
        best: Any = None  # (a card, or a seat for a Mage)
        best_value = floor
        if e.kind == "damage" and e.tw == "target_creature_guard" and e.harmful:
            # The common case, inlined from _target_objects and _effect_value: Kill the dearest card it can.
            cond = e.cond
            if cond is not None and cond.role is not None:
                cond = None
            amount = e.amount
            stamp = state.stamp
            for side in state.order[p]:  # (as _target_objects lists them: ties go to the next Mage in turn order)
                if side.seat == p or not side.alive:
                    continue
                for u in side.units:
                    if u.shield is None and not u.cloaked:
                        if u.stamp != stamp:
                            state._refresh(u)
                        if u.st[3] - u.damage > amount:
                            continue  # (it would not be Killed: worth 0 - penalty, never above the floor, 0 or more)
                        if cond is not None and not cond.ok(u.facts, u.flags):
                            continue
                        value = 60.0 + u.facts.cost - penalty
                        if value > best_value:
                            best, best_value = u, value
            return best, best_value
        for target in state._target_objects(p, e, e.harmful):
            value = self._effect_value(state, p, e, target, this, attack_phase) - penalty
            if value > best_value:
                best, best_value = target, value
        return best, best_value

    def _bounds(self, state: MageState, p: int, attack_phase: bool) -> tuple[int, bool, bool]:
        """What upper bounds of effect values depend on: the dearest enemy card, whether an enemy Mage is low."""
        dearest = 0
        low = False
        for side in state.sides:
            if side.seat != p and side.alive:
                if side.hp <= 12:
                    low = True
                kept = side.kept
                if kept is None or kept[0] != side.roster or kept[1] != len(side.units):
                    kept = state._roster(side)
                if kept[5] > dearest:
                    dearest = kept[5]
        return dearest, low, attack_phase

    @staticmethod
    def _card_bound(f: Facts, bound: tuple[int, bool, bool]) -> float:
        return f._card_cap(bound)

    def _card_target(self, state: MageState, p: int, f: Facts, attack_phase: bool) -> tuple[Any, float]:
        """A Spell's or Hex's best target (None if it takes none) and its value."""
        if f.type == SPELL:
            entries = f.on_play
        else:
            assert f.attach is not None  # (a Hex has its attach entry)
            entries = [f.attach, *f.on_play, *f.hex_mods, *f.triggers.get("maintenance_phase", ())]
            if f.chains:
                entries.append(_CHAINS)
        base = -f.cost / 4 - 2 * f.maint
        if f.pick is None:
            return None, base + self._entries_value(state, p, entries, None, attack_phase)
        best, best_value = None, -1e9
        if f.pump_gain is not None and attack_phase:  # a pump Spell: the first Withdrawn target is best
            pick = f.pick
            keyword = pick.bits if pick.kind == "grant_keyword" and not pick.idxs else 0
            for target in state._target_objects(p, pick, f.harmful):
                if keyword and state.flags(target) & keyword == keyword:
                    continue  # (a keyword it has already: Wings of the Gale on a Flyer)
                if not target.deployed:
                    return target, base + f.pump_gain
                if best is None:
                    best, best_value = target, base + 0.0
            return best, best_value
        if f.pick.tw == "target_hex":
            for side in state.sides:
                if side.hexes:
                    break
            else:  # no Hex in play: nothing to target
                return best, best_value
        if len(entries) == 1:
            e = entries[0]
            for target in state._target_objects(p, f.pick, f.harmful):
                value = base + self._effect_value(state, p, e, target, None, attack_phase)
                if value > best_value:
                    best, best_value = target, value
            return best, best_value
        for target in state._target_objects(p, f.pick, f.harmful):
            value = base + self._entries_value(state, p, entries, target, attack_phase)
            if value > best_value:
                best, best_value = target, value
        return best, best_value

    def _entries_value(self, state: MageState, p: int, entries: list[Eff], target: Any, attack_phase: bool) -> float:
        """The sum of :meth:`_effect_value` of ``entries`` on ``target`` (for :meth:`_card_target`)."""
        return sum(self._effect_value(state, p, e, target, None, attack_phase) for e in entries)

    def _upkeep(self, state: MageState, p: int) -> int:
        """The Maintenance Costs due at the start of the next turn."""
        side = state.sides[p]
        if not state.gear_upkeep:  # only Creatures and Guards have any in this game
            return state._roster(side)[4]
        total = 0
        for u in side.units:
            total += u.facts.maint
            for g in u.devices:
                total += g.facts.maint
            if u.shield is not None:
                total += u.shield.facts.maint
        for g in side.ground:
            total += g.facts.maint
        for spell in side.table:
            if spell.active:
                total += spell.facts.maint
        for h in side.hexes:
            total += h.facts.maint
        return total

    def _device_value(self, state: MageState, f: Facts, u: Unit, share: bool = True) -> float:
        """What equipping the Device ``f`` to ``u`` is worth (with ``share`` False, a Sharable Device's value before
        what its lenders cost)."""
        if u.stamp != state.stamp:
            state._refresh(u)
        atk = u.atk
        stats = f.stats
        gain = (max(0, stats[0] - atk[0]) + max(0, stats[1] - atk[1]) + f.gear_gain)
        if gain <= 0:
            return 0.0
        value = 40.0 + gain + u.facts.cost / 10
        if u.facts.guard:
            value -= 5
        if f.sharable and share:
            plan = state._can_use(u, f, True)
            value -= 15 * (len(plan) - 1)
        return value

    def _effect_value(self, state: MageState, p: int, e: Eff, target: Any, this: Unit | None,
                      attack_phase: bool) -> float:
        kind, tw = e.kind, e.tw
        unit: Unit | Gear | None = target if type(target) is Unit else None
        if tw == "this" or tw == "user":
            unit = this
        elif tw == "hexed" and type(target) in (Unit, Gear):
            unit = target
        if kind == "damage":
            if tw == "target_mage" or tw == "hexed_controller":
                seat = target if type(target) is int else None
                if tw == "hexed_controller" and unit is not None:
                    seat = unit.ctrl if type(unit) is Unit else None
                if seat is None or seat == p:
                    return -10.0
                return 1000.0 if state.sides[seat].hp <= e.amount else 3.0 * e.amount
            if tw == "you":
                return -1000.0 if state.sides[p].hp <= e.amount + 10 else -2.0 * e.amount
            if tw == "enemy_creatures_guards":
                value = 0.0
                for side in state.sides:
                    if side.seat != p and side.alive:
                        for u in side.units:
                            if u.shield is None and (e.cond is None or e.cond.ok(u.facts, state.flags(u))):
                                value += u.facts.cost if state.defense_left(u) <= e.amount else e.amount
                return value - 10
            if type(target) is Gear:
                left = state.shield_defense(target) - target.damage
                return 20.0 + target.facts.cost if left <= e.amount else 2.0
            if unit is not None and type(unit) is Unit:
                return 60.0 + unit.facts.cost if state.defense_left(unit) <= e.amount else 0.0
            return 0.0
        if kind == "heal":
            if tw == "you":
                return 15.0 if state.sides[p].hp <= START_HP - e.amount else 0.0
            if type(unit) is Unit:
                return 5.0 + min(e.amount, unit.damage) if unit.damage >= 3 and not attack_phase else 0.0
            return 0.0
        if kind == "destroy":
            if type(target) is Unit:
                return 50.0 + target.facts.cost
            if type(target) is Gear:
                return 15.0 + target.facts.cost
            if type(target) is Hex:
                host = target.host
                bad = target.facts.harmful == (host.ctrl == p)  # a harmful Hex on my card, a helpful one on theirs
                return 30.0 + target.facts.cost if bad else -20.0
            return 0.0
        if kind == "disable":
            if tw == "hexed" or not attack_phase:
                return 15.0 + (unit.facts.cost / 2 if type(unit) is Unit else 0) if tw == "hexed" else 0.0
            return 20.0 + unit.facts.cost / 2 if type(unit) is Unit and not unit.deployed else 0.0
        if kind == "gain_control":
            if type(unit) is not Unit:
                return 0.0
            if e.dur == "permanent":
                return 40.0 + unit.facts.cost
            return 20.0 + unit.facts.cost / 2 if attack_phase and not unit.deployed else 0.0
        if kind == "modify" or kind == "grant_keyword":
            sign = 1 if e.amount >= 0 and not (e.bits & SLOW) else -1
            if tw == "hexed" or e.dur in (None, "continuous", "while_hexed", "while_in_effect", "permanent"):
                size = max(1, abs(e.amount) * len(e.idxs)) + (4 if e.bits else 0)
                if tw in ("own_creatures_guards", "other_own_creatures_guards"):
                    return 2.0 * size * len(state.sides[p].units)
                if type(unit) is Unit:
                    mine = unit.ctrl == p
                    return (6.0 * size + unit.facts.cost / 8) * (1 if (sign > 0) == mine else -1)
                if type(unit) is Gear:
                    return 3.0 * sum(unit.facts.stats[:3]) if unit.ctrl != p else -10.0
                return 0.0
            if not attack_phase:
                return 0.0
            if tw in ("own_creatures_guards", "other_own_creatures_guards"):
                return 4.0 * len(state._attackers(p)) - 5
            if type(unit) is Unit and unit.ctrl == p and not unit.deployed and unit.shield is None:
                if e.bits and not e.idxs and state.flags(unit) & e.bits == e.bits:
                    return 0.0  # (a keyword it has already: Wings of the Gale on a Flyer)
                return 12.0 if sign > 0 else -5.0
            return 0.0
        if kind == "add_counters":
            if e.counter == "plus_token":
                return 30.0 * e.amount
            if e.counter == "minus_token":
                return 12.0 if type(unit) is Unit and unit.ctrl != p else -12.0
            return 2.0
        if kind == "gain_flesh":
            return 0.5 * e.amount
        if kind == "draw":
            pile = {"barracks": state.sides[p].barracks, "armory": state.sides[p].armory,
                    "spellbook": state.sides[p].spellbook}.get(e.pile)
            if pile is not None and not pile:
                return 0.0
            return 15.0 * e.amount if len(state.sides[p].hand) < HAND else 2.0
        if kind == "attach":
            return 5.0
        return 0.0

    # -- the other choices --

    def _draw(self, state: MageState, options: list[Draw]) -> Draw:
        p = state.active
        side = state.sides[p]
        hand = side.hand
        classes = state._classes_in_play(p)
        fighters = gear = 0
        for f in hand:  # castable fighters (see _castable), and whether there is gear
            if f.unit:
                c = f.cls
                if c == 0 or classes & (1 << (c - 1)) or self._castable(state, p, f, classes):
                    fighters += 1
            elif f.type <= SHIELD:
                gear += 1
        wanted = _BARRACKS_FIRST if not fighters else _SPELLBOOK_FIRST if len(hand) >= HAND else (
            _MIXED_FIRST if fighters >= 2 and not gear and side.units else _BARRACKS_FIRST)
        for piles in wanted:
            for option in options:
                if option.piles == piles:
                    return option
        return options[0]

    def _equip(self, state: MageState) -> MageAction:
        if not state.sides[state.active].ground:  # (greedy does not move equipped Devices: nothing to pick up)
            return END_EQUIP
        options = state._options()
        best: MageAction
        best, best_value = END_EQUIP, 0.0
        for action in options:
            if type(action) is not Equip:
                continue
            g, u = state.objs[action.gid], state.objs[action.uid]
            if g.facts.type == SHIELD:
                value = (10.0 + (30 if u.facts.guard else 0) + u.facts.cost / 10
                         - (0 if u.facts.guard else max(state.attacks(u))))
            else:
                value = self._device_value(state, g.facts, u)
            if value > best_value:
                best, best_value = action, value
        return best

    def _discard(self, state: MageState) -> MageAction:
        p = state.active
        side = state.sides[p]
        worst, worst_value = None, None
        hand = side.hand
        classes = state._classes_in_play(p)
        for action in cast("list[Discard]", state._options()):  # (the Discard phase's options)
            f = hand[action.index]
            if f.unit:
                value = 50.0 + f.cost if self._castable(state, p, f, classes) else 15.0
            elif f.type <= SHIELD:
                fits = f.fits
                for u in side.units:
                    fit = fits.get(u.facts)
                    if fit or (fit is None and _fits_user(f, u.facts)):
                        value = 30.0 + f.cost / 2
                        break
                else:
                    value = 5.0
            else:
                value = 25.0
            if worst_value is None or value < worst_value:
                worst, worst_value = action, value
        assert worst is not None  # (a hand of more than five cards to discard from)
        return worst

    @staticmethod
    def _castable(state: MageState, p: int, f: Facts, classes: int) -> bool:
        """Whether a Creature/Guard in hand can be Created soon: its class need is met in play or by a
        card of the class below in hand (``classes``: MageState._classes_in_play)."""
        c = f.cls
        if c == 0 or classes & (1 << (c - 1)):
            return True
        for g in state.sides[p].hand:
            if g.unit and g.cls == c - 1 and (c == 1 or classes & (1 << (c - 2))):
                return True
        return False

    def _answer(self, state: MageState) -> MageAction:
        _, options, kind, context = state.pending[0]
        if kind == "pay":
            return options[0]
        if kind == "tag":
            return options[-1]
        if kind == "negate":
            return options[0] if state.stack is not None and state.stack[1].cost >= 15 else options[1]
        if kind == "salvage":
            best, best_value = options[-1], 0.0
            killer = context[0]
            held = [g.facts for g in killer.devices if g.facts.trinket]
            for option in options[:-1]:
                f = state.objs[option.option].facts
                value = self._device_value(state, f, killer)
                if f.trinket and held and _gear_worth(f) <= _gear_worth(held[0]):
                    value = 0.0  # (a new Trinket Drops the one it holds: not worth it unless better)
                room = killer.devices and state._salvage_plan(killer, state.objs[option.option])
                if type(room) is tuple and _gear_worth(f) <= sum(_gear_worth(x.facts) for x in room):
                    value = 0.0  # (nor is a Device that needs Devices worth as much Dropped)
                if value > best_value:
                    best, best_value = option, value
            return best
        if kind == "split":
            return self._draw(state, [DRAWS[o.option] for o in options]) and next(
                o for o in options if o.option == self._draw(state, [DRAWS[o.option] for o in options]).piles)
        return options[0]


ENGINE = register(Engine(
    game="magewarfare",
    # MageState follows core.GameState's protocol without subclassing it, and Engine is typed with the GameState
    # class: type checkers cannot see that it fits.
    new_match=new_match,  # type: ignore[arg-type]
    new_goldfish=new_goldfish,  # type: ignore[arg-type]
    kill_turn=kill_turn,
    policies={"random": RandomPolicy, "greedy": Greedy},  # type: ignore[dict-item]
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

