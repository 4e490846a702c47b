"""Ward: the full rules of ``ward.txt`` on the engine core.

Each player has a 30-card deck, draws five cards on its first turn and one a turn after, and must
always have a primary creature on the field (the Field Rule). A turn has five phases: draw,
summon/magic, combat, second magic, end. A battle is a Speed contest, then Hit Rolls (2d6 +
modifier against Armor Level) and Attack Damage Rolls, the slower creature answering. A player
loses when the base HP of the creatures in its cemetery reaches 300, or when it has no creature
left to play. Readings of unclear rules are in ``docs/rules/ward.md``.

The game runs as one generator (:meth:`WardState._game`) that yields each decision and receives
the chosen action, so the rules read in the order the rulebook gives them. :meth:`WardState.clone`
replays the game's actions with the dice it recorded; :meth:`WardState.determinize` too, then redeals what the
player cannot see (a game determinized once keeps a copy of itself at each turn's start, so that later copies
replay only the current turn: see ``docs/rules/ward.md``, "What search sees").
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from operator import length_hint
from random import Random
from typing import Any, Final, NamedTuple, cast

from decklab.catalog.cards import MAIN, Card, Deck

from ..core import (
    Action,
    Choose,
    Engine,
    GameState,
    Pass,
    Play,
    RandomPolicy,
    Reading,
    deck_cards,
    new_rng,
    register,
    shuffle,
)
from ..effects import EffectRegistry

CEMETERY_LIMIT: Final = 300
HAND_LIMIT: Final = 8
FIRST_DRAW: Final = 5
MAX_INFINITE: Final = 5
MAX_LIMITED: Final = 4
MAX_AL: Final = 12
FIRST_CYCLE: Final = 2  # turns 1 and 2: no battle and no damage
FOREVER: Final = 1 << 30
# the greedy policy battles when the cemetery HP its strikes are expected to take is at least this share of what the
# answers take
ATTACK_RATIO: Final = 0.6

# stat indices of a creature's profile
AL: Final = 0
SPD: Final = 1
MOD: Final = 2
HITB: Final = 3
DMGB: Final = 4
HITD: Final = 5
ATKD: Final = 6
STATS: Final = {"al": AL, "spd": SPD, "modifier": MOD, "hit_bonus": HITB, "damage_bonus": DMGB, "hit_dice": HITD,
         "attack_dice": ATKD}
# temporary changes beyond the stats
T_MULT: Final = 7
T_FIRST: Final = 8
T_ARMOR: Final = 9
T_NO_INSTANT: Final = 10

# response events (bit flags)
EV_MAGIC: Final = 1
EV_EFFECT: Final = 2
EV_HIT_ROLL: Final = 4
EV_HIT_TAKEN: Final = 8
EV_DAMAGE: Final = 16
EV_BATTLE: Final = 32
EVENTS: Final = {"magic_played": EV_MAGIC, "creature_effect": EV_EFFECT, "enemy_hit_roll": EV_HIT_ROLL,
          "hit_taken": EV_HIT_TAKEN, "attack_damage_taken": EV_DAMAGE, "battle_declared": EV_BATTLE}

# damage types (rulebook 10.4)
ATTACK: Final = 0
INSTANT: Final = 1
DOT: Final = 2
PERCENT: Final = 3
SELF: Final = 4

# once-per-turn bits of a creature's or a magic's triggered effects
_ONCE: Final = {"on_summon": 1, "on_hit": 2, "on_hit_taken": 4, "on_killed": 8, "on_sacrificed": 16, "on_attack": 32,
         "start_of_turn": 64, "end_of_combat": 128, "activated": 256, "on_response": 512, "on_ally_to_cemetery": 1024,
         "on_ally_killed": 2048, "on_equip": 4096, "reroll": 8192}

# --- the effects decklab models -------------------------------------------------------------------

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

EFFECTS = EffectRegistry("ward")
_CREATURE_TARGETS = {"this", "attached", "own_primary", "enemy_primary", "battle_opponent", "target_own_creature",
                     "all_own_creatures", "all_primaries", "summoned_creature", "triggering_creature"}
_CONDITIONS = {"creature_type", "card_type", "sub_type", "magic_type", "al_at_most", "al_at_least",
               "opponent_al_at_most", "opponent_al_at_least", "attacks_first", "equipped", "hp_above_half",
               "controls_field_magic", "cemetery_has", "summoned_type", "in_battle", "targets_this",
               "damages_own_primary", "event"}
_TRIGGERS = {"on_play", "on_summon", "on_sacrificed", "on_attack", "on_hit", "on_hit_taken", "on_killed",
             "start_of_turn", "end_of_combat", "passive", "activated", "on_response", "on_ally_killed",
             "on_ally_to_cemetery", "on_equip"}
_COMMON = {"duration", "cycles", "once_per_turn", "optional", "cost"}
EFFECTS.kind("modify", triggers={"on_play", "on_attack", "on_hit", "on_response", "on_sacrificed", "passive"},
             targets=_CREATURE_TARGETS, keys={"stat", "amount", *_COMMON}, conditions=_CONDITIONS)
EFFECTS.kind("damage", triggers={"on_play", "on_summon", "on_sacrificed", "on_hit", "on_hit_taken", "on_killed",
                                 "start_of_turn", "end_of_combat", "on_response"},
             targets={"enemy_primary", "own_primary", "all_primaries", "battle_opponent", "attached", "this"},
             keys={"amount", "dice", "percent", *_COMMON}, conditions=_CONDITIONS)
EFFECTS.kind("damage_over_time", triggers={"on_play", "on_hit", "on_summon"},
             targets={"enemy_primary", "battle_opponent"}, keys={"amount", "cycles", *_COMMON}, conditions=_CONDITIONS)
EFFECTS.kind("heal", triggers={"on_play", "on_summon", "on_hit", "start_of_turn", "end_of_combat", "on_response"},
             targets={"this", "own_primary", "attached", "target_own_creature"}, keys={"amount", *_COMMON},
             conditions=_CONDITIONS)
EFFECTS.kind("heal_over_time", triggers={"on_play", "on_summon"}, targets={"own_primary", "this"},
             keys={"amount", "cycles", *_COMMON}, conditions=_CONDITIONS)
EFFECTS.kind("multiply_damage", triggers={"on_play", "activated"},
             targets={"this", "own_primary", "target_own_creature"}, keys={"factor", *_COMMON}, conditions=_CONDITIONS)
EFFECTS.kind("strike_first", triggers={"on_play", "passive"}, targets={"this", "target_own_creature", "own_primary",
                                                                        "attached"},
             keys=_COMMON, conditions=_CONDITIONS)
EFFECTS.kind("prevent", triggers={"passive", "on_play"},
             targets={"this", "attached", "all_own_creatures", "own_primary", "target_own_creature"},
             keys={"what", "amount", *_COMMON}, conditions=_CONDITIONS)
EFFECTS.kind("negate", triggers={"on_response", "on_attack"},
             targets={"triggering_card", "triggering_creature", "battle_opponent"}, keys={"what", *_COMMON},
             conditions=_CONDITIONS)
EFFECTS.kind("destroy", triggers={"on_play", "on_summon", "on_response"},
             targets={"target_magic", "target_enemy_magic", "target_equip_magic", "all_enemy_magics", "all_magics",
                      "triggering_card"}, keys=_COMMON, conditions=_CONDITIONS)
EFFECTS.kind("draw", triggers={"on_play", "on_summon", "on_sacrificed", "on_killed", "start_of_turn", "activated",
                               "on_ally_to_cemetery", "on_equip", "on_hit"},
             targets={"controller"}, keys={"amount", *_COMMON}, conditions=_CONDITIONS)
EFFECTS.kind("discard", triggers={"on_play", "on_summon", "on_hit"}, targets={"opponent"},
             keys={"amount", "random", *_COMMON}, conditions=_CONDITIONS)
EFFECTS.kind("search_deck", triggers={"on_play", "on_summon"}, keys={"amount", *_COMMON}, conditions=_CONDITIONS)
EFFECTS.kind("revive", triggers={"on_play", "on_summon", "on_killed", "on_ally_killed"},
             targets={"this", "triggering_creature"}, keys={"amount", "to", "as", *_COMMON}, conditions=_CONDITIONS)
EFFECTS.kind("summon", triggers={"on_play", "on_summon"}, keys={"from", "as", "amount", *_COMMON},
             conditions=_CONDITIONS)
EFFECTS.kind("reroll", triggers={"activated", "on_response"}, targets={"this", "attached", "triggering_creature"},
             keys={"what", *_COMMON}, conditions=_CONDITIONS)
EFFECTS.kind("return_to_hand", triggers={"on_response"}, targets={"own_primary"}, keys=_COMMON, conditions=_CONDITIONS)
# (an attach entry has no trigger: None is its one; EffectRegistry.kind types the triggers as strings)
EFFECTS.kind("attach", triggers={None}, targets={"own_creature", "enemy_creature"})  # type: ignore[arg-type]

_PICK_TARGETS: Final = {"target_own_creature", "target_magic", "target_equip_magic"}
_CHECKED_TARGETS: Final = {"own_primary", "enemy_primary", "all_primaries", "target_own_creature", "target_magic",
                    "target_equip_magic"}
_CHECKED_KINDS: Final = {"search_deck", "revive", "summon"}
_STABLE_CONDITIONS: Final = {"equipped", "controls_field_magic", "creature_type"}


def _need(al: int) -> int:
    """Sacrifices a creature of base AL ``al`` needs (rulebook 8.2.1)."""
    return 0 if al <= 6 else 1 if al <= 11 else 2


class Facts:
    """A card's facts compiled once per process: stats, and effects sorted by trigger."""

    __slots__ = ("activated", "al", "armor", "armor_stable", "attach", "attached_armor", "attached_first",
                 "attached_mods", "attached_no_instant", "attack_negates", "attack_others", "aura_armor",
                 "aura_mods", "base", "cacheable", "card", "checks", "cost_damage", "cost_discard", "ctype",
                 "damaging", "dice", "end_combat", "equip", "expire_cycles", "field", "first", "has_effects",
                 "hits_enemy", "hostile", "hp", "immune", "infinite", "is_creature", "lightning", "magic_type",
                 "main_play", "mod", "name", "need", "needs", "negates", "no_instant", "on_equip", "on_hit",
                 "on_hit_taken", "pact", "pick", "plays", "qamount", "qkind", "qsteady", "quick", "quick_all",
                 "rerolls", "resp", "responses", "self_mods", "simple", "spd", "start", "steps", "strike_busy",
                 "sub_type", "triggers", "worth")

    def __init__(self, card: Card, vanilla: bool = False) -> None:
        self.card = card
        self.name = card.name
        self.is_creature = card.type == "creature"
        self.ctype = str(card.get("creature_type", "") or "").casefold()
        self.al = int(card.get("al", 0) or 0)
        self.spd = int(card.get("spd", 0) or 0)
        self.hp = int(card.get("hp", 0) or 0)
        self.dice = int(card.get("attack_dice", 1) or 1)
        self.mod = int(card.get("modifier", 0) or 0)
        self.need = _need(self.al) if self.is_creature else 0
        self.base = (min(self.al, MAX_AL), self.spd, self.mod, 0, 0, 2, max(1, self.dice))
        self.magic_type = str(card.get("magic_type", "") or "")
        self.sub_type = str(card.get("sub_type", "") or "")
        self.infinite = not self.is_creature and self.magic_type == "infinite"
        self.lightning = not self.is_creature and self.magic_type == "lightning"
        self.equip = self.sub_type == "equip"
        self.field = self.sub_type == "field"
        self.self_mods: list[tuple[int, int, Mapping[str, Any] | None]] = []
        self.armor: list[tuple[int | None, Mapping[str, Any] | None]] = []
        self.no_instant = self.immune = False
        # (cast: _passive may set it to a condition; without it mypy, and so mypyc, would take it as bool below)
        self.first: Mapping[str, Any] | bool = cast("Mapping[str, Any] | bool", False)
        self.triggers: dict[str, tuple[Mapping[str, Any], ...]] = {}
        self.activated: Mapping[str, Any] | None = None
        self.responses: tuple[Mapping[str, Any], ...] = ()
        self.resp = 0
        self.plays: tuple[Mapping[str, Any], ...] = ()
        self.attach: str | None = None
        self.attached_mods: list[tuple[int, int]] = []
        self.attached_armor: list[int | None] = []
        self.attached_no_instant = self.attached_first = False
        self.aura_mods: list[tuple[int, int, str | None]] = []
        self.aura_armor: list[tuple[int | None, str | None]] = []
        self.expire_cycles = 0
        self.cost_damage = self.cost_discard = 0
        self.pick: Mapping[str, Any] | None = None
        self.hostile = self.hits_enemy = self.damaging = False
        self.negates = False
        entries = card.effects
        if vanilla and not EFFECTS.is_modeled(card):
            entries = ()
        triggers: dict[str, list[Mapping[str, Any]]] = {}
        responses: list[Mapping[str, Any]] = []
        for entry in entries:
            if not EFFECTS.supports(entry):
                continue
            kind, trigger, target = entry["effect"], entry.get("trigger"), entry.get("target")
            cost = entry.get("cost") or {}
            self.cost_damage = max(self.cost_damage, int(cost.get("damage_self", 0)))
            self.cost_discard = max(self.cost_discard, int(cost.get("discard", 0)))
            if entry.get("duration") == "turn_cycles" and trigger == "passive":
                self.expire_cycles = int(entry.get("cycles", 1))
            if kind == "attach":
                self.attach = target
                continue
            if trigger == "passive":
                self._passive(kind, target, entry)
            elif trigger == "activated":
                self.activated = entry
            elif trigger == "on_response":
                responses.append(entry)
            elif trigger is not None:
                triggers.setdefault(trigger, []).append(entry)
        self.triggers = {trigger: tuple(group) for trigger, group in triggers.items()}
        self.plays = self.triggers.get("on_play", ())
        self.responses = tuple(responses)
        for entry in responses:
            event = (entry.get("condition") or {}).get("event")
            for name in ([event] if isinstance(event, str) else event or ()):
                self.resp |= EVENTS.get(name, 0)
            if entry["effect"] == "negate":
                self.negates = True
        self.has_effects = bool(entries) and bool(self.triggers or self.responses or self.activated or self.self_mods
                                                 or self.armor or self.no_instant or self.immune or self.first
                                                 or self.attach or self.aura_mods or self.aura_armor)
        for entry in (*self.plays, *self.responses, *self.triggers.get("on_summon", ()),
                      *self.triggers.get("on_sacrificed", ())):
            kind, target = entry["effect"], entry.get("target")
            if target in _PICK_TARGETS and self.pick is None and entry.get("trigger") == "on_play":
                self.pick = entry
            if kind in ("damage", "damage_over_time") and target in ("enemy_primary", "all_primaries"):
                self.hits_enemy = True
            if kind in ("damage", "damage_over_time") or entry.get("cost", {}).get("damage_self"):
                self.damaging = True
            if target in ("enemy_primary", "all_primaries", "opponent", "all_enemy_magics", "all_magics") or (
                    kind == "destroy" and target in ("target_magic", "target_enemy_magic", "target_equip_magic")):
                self.hostile = True
        if self.attach == "enemy_creature":
            self.hostile = True
        if self.cost_damage:
            self.damaging = True
        self.worth = _worth(self)
        self.main_play = not self.is_creature and not self.lightning
        # the on-play entries play_targets must check (in order), as (kind, target, condition, entry)
        self.checks = tuple((entry["effect"], entry.get("target"), entry.get("condition") or {}, entry)
                            for entry in self.plays
                            if entry.get("target") in _CHECKED_TARGETS or entry["effect"] in _CHECKED_KINDS)
        # a profile that depends only on the equips, the magics and the creature itself may be cached
        self.cacheable = all(condition is None or set(condition) <= _STABLE_CONDITIONS
                             for _, _, condition in self.self_mods)
        self.armor_stable = not any(condition and "opponent_al_at_most" in condition for _, condition in self.armor)
        # what the battle and the turn look up on every creature and magic
        on_attack = self.triggers.get("on_attack", ())
        self.attack_negates = tuple(entry for entry in on_attack if entry["effect"] == "negate")
        self.attack_others = tuple(entry for entry in on_attack if entry["effect"] != "negate")
        self.on_hit = self.triggers.get("on_hit", ())
        self.on_hit_taken = bool(self.triggers.get("on_hit_taken"))
        self.end_combat = "end_of_combat" in self.triggers
        self.start = "start_of_turn" in self.triggers
        self.pact = self.activated is not None and self.activated["effect"] == "multiply_damage"
        self.on_equip = self.triggers.get("on_equip", ())
        # a played magic's effects as (handler or None, entry), and the primary creatures it needs to resolve
        self.steps = tuple((_HANDLERS.get(entry["effect"]), entry) for entry in self.plays)
        self.needs = tuple(entry.get("target") for entry in self.plays
                           if entry.get("target") in ("own_primary", "enemy_primary", "all_primaries"))
        self.qkind = 0  # (set by _quick: 1 damage, 2 modify, 3 heal, with qamount and qsteady)
        self.qamount = 0
        self.qsteady: float | None = None
        self.quick = _quick(self)
        # resolved by WardState._play_plain when unanswered: no target, no cost, only effects without choices
        self.simple = (not self.is_creature and self.pick is None and not self.attach and not self.cost_damage
                       and all(handler is not None for handler, _ in self.steps))
        self.quick_all = _quick_equip(self)
        self.rerolls = self.activated is not None and self.activated["effect"] == "reroll"
        self.strike_busy = bool(self.on_hit or self.rerolls or self.pact)  # its strikes may ask or trigger

    def _passive(self, kind: str, target: str | None, entry: Mapping[str, Any]) -> None:
        condition = entry.get("condition") or None
        if kind == "modify":
            stat, amount = STATS[entry["stat"]], int(entry["amount"])
            if target == "this":
                self.self_mods.append((stat, amount, condition))
            elif target == "attached":
                self.attached_mods.append((stat, amount))
            elif target == "all_own_creatures":
                self.aura_mods.append((stat, amount, (condition or {}).get("creature_type")))
        elif kind == "prevent":
            what, reduction = entry.get("what"), entry.get("amount")
            if what == "enemy_magic":
                self.immune = True
            elif what in ("instant_damage", "damage"):
                if target == "attached":
                    self.attached_no_instant = True
                else:
                    self.no_instant = True
            if what in ("attack_damage", "damage"):
                if target == "this":
                    self.armor.append((reduction, condition))
                elif target == "attached":
                    self.attached_armor.append(reduction)
                elif target == "all_own_creatures":
                    self.aura_armor.append((reduction, (condition or {}).get("creature_type")))
        elif kind == "strike_first":
            if target == "attached":
                self.attached_first = True
            else:
                self.first = condition or True


def _quick(facts: Facts) -> _Quick | None:
    """For a simple magic (one effect on a primary creature, no target to pick, no cost, not Infinite), a
    function ``(state, side, mine, theirs, battle_soon) -> value or None`` that gives what
    ``WardState.play_targets`` and ``Greedy._value`` together give for it in a main phase: None when it cannot be
    played, else its greedy value (the greedy policy's fast path)."""
    if (facts.is_creature or facts.lightning or facts.attach or facts.infinite or facts.cost_damage
            or facts.cost_discard or facts.pick is not None or len(facts.plays) != 1):
        return None
    entry = facts.plays[0]
    kind, aim = entry["effect"], entry.get("target")
    damaging = facts.damaging
    if kind == "damage" and aim == "enemy_primary" and "percent" not in entry and "dice" not in entry:
        amount = int(entry.get("amount", 0))
        facts.qkind, facts.qamount = 1, amount

        def damage(state: WardState, side: Side, mine: Creature | None, theirs: Creature | None,
                   battle_soon: bool) -> float | None:
            if state.turn <= FIRST_CYCLE or theirs is None:
                return None
            their = theirs.facts
            if their.immune and state.effects_on(theirs):
                return None
            dealt = 0 if their.no_instant else amount
            hp = theirs.hp
            return 0.0 + ((dealt if dealt < hp else hp) + (40 if dealt >= hp else 0))

        return damage
    if kind == "modify" and aim == "own_primary" and not damaging:
        stat, amount = STATS[entry["stat"]], int(entry["amount"])
        lasting = entry.get("duration") == "turn_cycles"
        if stat == SPD:
            return None
        steady = 0.0 + amount * _STAT_WORTH[stat]
        facts.qkind, facts.qamount, facts.qsteady = 2, amount, steady if lasting and stat != AL else None

        def modify(state: WardState, side: Side, mine: Creature | None, theirs: Creature | None,
                   battle_soon: bool) -> float | None:
            if mine is None:
                return None
            if stat == AL:
                return _al_value(state, mine, amount, True)
            return steady if battle_soon or lasting else 0.0 + -2.0

        return modify
    if kind == "heal" and aim == "own_primary" and not damaging:
        amount = int(entry["amount"])
        facts.qkind, facts.qamount = 3, amount

        def heal(state: WardState, side: Side, mine: Creature | None, theirs: Creature | None,
                 battle_soon: bool) -> float | None:
            if mine is None:
                return None
            missing = mine.facts.hp - mine.hp
            return 0.0 + ((amount if amount < missing else missing) - 0.4 * amount)

        return heal
    return None


def _quick_equip(facts: Facts) -> _QuickEquip | None:
    """For an Equip magic for one's own creatures with no other effect on play and no cost, a function
    ``(state, side, mine) -> [(value, target, label), ...] or None``: what ``WardState.play_targets`` and
    ``Greedy._value`` give for each of its targets in a main phase (the greedy policy's fast path)."""
    if (facts.is_creature or facts.lightning or facts.attach != "own_creature" or not facts.infinite or facts.plays
            or facts.cost_damage or facts.cost_discard or facts.pick is not None):
        return None
    damaging = facts.damaging

    def equip(state: WardState, side: Side, mine: Creature | None) -> list[tuple[float, int, str]] | None:
        count = len(side.magics.items)
        if count >= MAX_INFINITE or (damaging and state.turn <= FIRST_CYCLE):
            return None
        primary = side.primary
        if primary is None and not side.limited:
            return None
        gain = _equip_gain(facts)
        crowded = count >= MAX_INFINITE - 1
        options: list[tuple[float, int, str]] = []
        for host in ([primary, *side.limited] if side.limited else (primary,)):
            if host is None:
                continue
            host_facts = host.facts
            value = _own_equip_value(state, host, host is mine, facts, gain)
            if crowded:
                value -= 3
            options.append((value, host.uid, host_facts.name))
        return options

    return equip


def _al_value(state: WardState, creature: Creature, amount: int, primary: bool) -> float:
    """The greedy policy's worth of ``amount`` more AL on ``creature``: only what the AL cap (12) lets it gain
    (nothing at all on an AL-12 creature), 2.5 a point on the primary creature."""
    room = MAX_AL - state.profile(creature)[AL]
    gain = amount if amount < room else room
    if gain <= 0:
        return -1.0
    return 2.5 * gain if primary else 0.5 * gain


WEAK_HOST: Final = 35  # an Equip is not put on a creature with fewer HP than this: it will not stay long


def _own_equip_value(state: WardState, host: Creature, primary: bool, facts: Facts, gain: float) -> float:
    """The greedy policy's worth of equipping ``host`` (its own creature) with ``facts``: the Equip's gain,
    weighed by how long the host will keep it (its HP, its worth); nothing on a creature of fewer than
    ``WEAK_HOST`` HP, which the Equip would follow to the cemetery in a hit or two (a Limited Summon takes no
    damage but leaves with its anchor), nor on a primary creature that a better creature in hand needs as its
    sacrifice; and only the AL the cap lets it gain."""
    host_facts = host.facts
    if not host.limited:
        if host.hp < WEAK_HOST:
            return -1.0
        for held in state.sides[host.owner].hand:
            if held.need and held.worth > host_facts.worth:
                return -1.0  # the host is to be sacrificed for a better creature: the Equip would go with it
    for stat, amount in facts.attached_mods:
        if stat == AL and _al_value(state, host, amount, primary) < 0.0:
            gain -= amount * _STAT_WORTH[AL]
    return 0.0 + (gain * (host.hp / max(1, host_facts.hp)) * min(1.5, host_facts.worth / 120) + (
        1 if primary else -3))


def _worth(facts: Facts) -> float:
    """A rough value of a card in hand, for the greedy policy's searches and discards."""
    if facts.is_creature:
        value = facts.hp + 6 * (3.5 * facts.dice + facts.mod) + 4 * facts.al
        for entry in facts.triggers.get("on_summon", ()):
            kind = entry["effect"]
            value += {"damage": entry.get("amount", 10), "draw": 12 * entry.get("amount", 1), "search_deck": 15,
                      "destroy": 12, "revive": 10, "summon": 10, "discard": 8}.get(kind, 5)
        if facts.armor or facts.no_instant or facts.immune or facts.first:
            value += 10
        return value
    value = 10.0
    for entry in facts.plays:
        kind = entry["effect"]
        if kind == "damage":
            value += entry.get("amount", 0) or 3.5 * entry.get("dice", 0) or entry.get("percent", 0) / 2
        elif kind in ("draw", "search_deck"):
            value += 10 * entry.get("amount", 1)
        elif kind == "multiply_damage":
            value += 12
        elif kind in ("heal", "heal_over_time"):
            value += entry.get("amount", 0) * entry.get("cycles", 1) / 2
    if facts.lightning:
        value += 8
    return value


class Creature:
    """A creature on the field: its card, owner, HP, and what changes it for now."""

    __slots__ = ("anchor", "aval", "battled", "blank", "dot", "equips", "facts", "hot", "hp", "killer", "limited",
                 "owner", "pval", "skey", "sval", "temps", "uid", "used", "xkey", "xval")

    def __init__(self, facts: Facts, uid: int, owner: int) -> None:
        self.facts = facts
        self.uid = uid
        self.owner = owner
        self.hp = facts.hp
        self.limited = False
        self.anchor: Creature | Magic | None = None
        self.blank = False
        self.temps: list[list[Any]] = []  # [stat or T_*, amount (None: all damage prevented), until turn]
        self.equips: list[Magic] = []
        self.dot: list[int] | None = None
        self.hot: list[int] | None = None
        self.battled = False
        self.used = 0
        self.killer: Creature | None = None
        # cached (see WardState.profile): the profile without temporary changes (sval unclamped, pval clamped)
        # and the armor from equips, magics and passives, for the WardState.sepoch they were computed at
        self.skey = -1
        self.sval: Any = None
        self.pval: Any = None
        self.aval: int | None = 0
        # the greedy policy's expected exchange with the creature xkey[0] at sepoch xkey[1] (see Greedy)
        self.xkey: tuple[Creature, int] | None = None
        self.xval: Any = None

    def __repr__(self) -> str:
        return f"<{self.facts.name} P{self.owner + 1} {self.hp}/{self.facts.hp}{' limited' if self.limited else ''}>"


class Magic:
    """An Infinite magic on its owner's side of the field (an Equip is attached to ``host``)."""

    __slots__ = ("expires", "facts", "host", "owner", "uid", "used")

    def __init__(self, facts: Facts, uid: int, owner: int, host: Creature | None) -> None:
        self.facts = facts
        self.uid = uid
        self.owner = owner
        self.host = host
        self.expires = FOREVER
        self.used = 0

    def __repr__(self) -> str:
        return f"<{self.facts.name} P{self.owner + 1}>"


class Magics:
    """A side's Infinite magics on the field: a list (``items``) whose every change through these methods bumps
    ``state.sepoch``, so that no cached profile outlives a magic entering or leaving the field (even one added by
    hand, as tests do). The engine reads ``items`` directly on its hot paths."""

    __slots__ = ("items", "state")

    def __init__(self, state: WardState | None = None) -> None:
        self.items: list[Magic] = []
        self.state = state

    def _changed(self) -> None:
        state = self.state
        if state is not None:
            state.sepoch += 1

    def append(self, magic: Magic) -> None:
        self._changed()
        self.items.append(magic)

    def remove(self, magic: Magic) -> None:
        self._changed()
        self.items.remove(magic)

    def insert(self, index: int, magic: Magic) -> None:
        self._changed()
        self.items.insert(index, magic)

    def extend(self, magics: Iterable[Magic]) -> None:
        self._changed()
        self.items.extend(magics)

    def pop(self, index: int = -1) -> Magic:
        self._changed()
        return self.items.pop(index)

    def clear(self) -> None:
        self._changed()
        self.items.clear()

    def __iadd__(self, magics: Iterable[Magic]) -> Magics:
        self.extend(magics)
        return self

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self) -> Iterator[Magic]:
        return iter(self.items)

    def __reversed__(self) -> Iterator[Magic]:
        return reversed(self.items)

    def __contains__(self, magic: object) -> bool:
        return magic in self.items

    def __getitem__(self, index: int) -> Magic:
        return self.items[index]

    def __setitem__(self, index: int, magic: Magic) -> None:
        self._changed()
        self.items[index] = magic

    def __delitem__(self, index: int) -> None:
        self._changed()
        del self.items[index]

    def __repr__(self) -> str:
        return repr(self.items)


class Side:
    """One player's zones and counters."""

    __slots__ = ("cem_hp", "cemetery", "deck", "dummy", "fielded", "hand", "limbo", "limited", "magics", "player",
                 "primary", "size", "started", "summoned")

    def __init__(self, player: int, deck: list[Facts], *, dummy: bool = False) -> None:
        self.player = player
        self.deck = deck
        self.hand: list[Facts] = []
        self.cemetery: list[Facts] = []
        self.cem_hp = 0
        self.primary: Creature | None = None
        self.limited: list[Creature] = []
        self.magics = Magics()  # (WardState's own sides tie theirs to the state)
        self.limbo: list[Facts] = []
        self.summoned = False
        self.started = False
        self.fielded = False
        self.dummy = dummy
        self.size = len(deck)

    def creatures(self) -> list[Creature]:
        return [self.primary, *self.limited] if self.primary is not None else list(self.limited)

    def card_count(self) -> int:
        """Cards this player owns in every zone (conserved through the game)."""
        return (len(self.deck) + len(self.hand) + len(self.cemetery) + len(self.magics.items) + len(self.limbo)
                + len(self.limited) + (self.primary is not None))


class Item:
    """One link of a response chain: a magic played, a creature effect activating, or a response."""

    __slots__ = ("answers", "creature", "destroy_after", "entries", "facts", "is_magic", "negated", "player",
                 "summon", "target")

    def __init__(self, player: int, facts: Facts, *, creature: Creature | None = None, is_magic: bool = True,
                 target: Any = None, answers: Item | Strike | Battle | None = None, summon: bool = False,
                 entries: tuple[Mapping[str, Any], ...] = ()) -> None:
        self.player = player
        self.facts = facts
        self.creature = creature
        self.is_magic = is_magic
        self.negated = False
        self.target = target
        self.destroy_after = False
        self.answers = answers
        self.summon = summon
        self.entries = entries


class Battle:
    """One battle: the two creatures, who strikes first, and what lasts for this battle."""

    __slots__ = ("attacker", "cancelled", "defender", "first", "mods", "mults", "negated")

    def __init__(self, attacker: Creature, defender: Creature) -> None:
        self.attacker = attacker
        self.defender = defender
        self.first: Creature | None = None
        self.mods: dict[Creature, list[int]] = {}
        self.mults: dict[Creature, list[int]] = {}
        self.negated: set[Creature] = set()
        self.cancelled = False

    def opponent(self, creature: Creature) -> Creature:
        return self.defender if creature is self.attacker else self.attacker


class Strike:
    """One creature's Hit Roll (and Attack Damage Roll) against the other."""

    __slots__ = ("attacker", "battle", "bonus", "defender", "dice", "negated", "reroll")

    def __init__(self, attacker: Creature, defender: Creature, dice: list[int], battle: Battle) -> None:
        self.attacker = attacker
        self.defender = defender
        self.dice = dice
        self.bonus = 0
        self.negated = False
        self.reroll = False
        self.battle = battle


class Ctx:
    """What an effect refers to: its source, a chosen target, the battle opponent, the summoned creature."""

    __slots__ = ("creature", "item", "magic", "opponent", "strike", "summoned", "target")

    def __init__(self, creature: Creature | None = None, magic: Magic | None = None, target: Any = None,
                 opponent: Creature | None = None, summoned: Creature | None = None, item: Item | None = None,
                 strike: Strike | None = None) -> None:
        self.creature = creature
        self.magic = magic
        self.target = target
        self.opponent = opponent
        self.summoned = summoned
        self.item = item
        self.strike = strike


class _Over(Exception):
    """The game has ended (its result is set)."""


# --- actions ------------------------------------------------------------------------------------


class Summon(NamedTuple):
    """Summon a creature from hand; ``sacrifices`` are hand indices, ``primary`` sacrifices the primary creature."""

    index: int  # type: ignore[assignment]  # (a field named index hides tuple.index, as in core.Play)
    name: str
    sacrifices: tuple[int, ...] = ()
    primary: bool = False
    sacrifice_names: str = ""

    def __str__(self) -> str:
        return f"summon {self.name}" + (f" sacrificing {self.sacrifice_names}" if self.sacrifice_names else "")


class KillOwn(NamedTuple):
    """Kill one's own primary creature (the turn's summon, rulebook 8.4) and replace it."""

    name: str

    def __str__(self) -> str:
        return f"kill own {self.name}"


class Activate(NamedTuple):
    """Use a creature's once-per-turn ability."""

    uid: int
    name: str

    def __str__(self) -> str:
        return f"activate {self.name}"


class Attack(NamedTuple):
    """Declare a battle: one of one's creatures against the opponent's primary creature."""

    uid: int
    name: str
    target_name: str

    def __str__(self) -> str:
        return f"battle {self.target_name} with {self.name}"


class Respond(NamedTuple):
    """Answer an event with a Lightning magic from hand (``index``) or a creature's ability (``uid``)."""

    index: int  # type: ignore[assignment]  # (a field named index hides tuple.index, as in core.Play)
    name: str
    uid: int = -1

    def __str__(self) -> str:
        return f"respond with {self.name}"


for _kind in (Summon, KillOwn, Activate, Attack, Respond):
    Action.register(_kind)

END_MAIN: Final = Pass("end the Summoning/Magic phase")
NO_BATTLE: Final = Pass("end the Summoning/Magic phase without battling")
END_COMBAT: Final = Pass("end the Combat phase")
END_TURN: Final = Pass("end the turn")
NO_RESPONSE: Final = Pass("no response")
KEEP: Final = Choose(False, "keep the hand")
MULLIGAN: Final = Choose(True, "mulligan")
YES: Final = Choose(True, "yes")
NO: Final = Choose(False, "no")
STOP: Final = Choose(None, "no more")

PH_START: Final = 0
PH_MAIN: Final = 1
PH_COMBAT: Final = 2
PH_MAIN2: Final = 3
# _new(Play, (index, name, target, label)): a full action without NamedTuple's slower __new__
_new: Final = tuple.__new__
_UNTARGETED: Final = ((None, ""),)
_STRIKE_EVENTS: Final = EV_HIT_ROLL | EV_HIT_TAKEN | EV_DAMAGE
_ASK_MAIN: Final = ((0, "main", None), (1, "main", None))

# --- types (for mypy) ---
# every action of the game (core.Action only registers these named tuples, which type checkers do not follow)
WardAction = Choose | Pass | Play | Summon | KillOwn | Activate | Attack | Respond
# a decision the game yields: (player, decision kind, its options, or None when they are listed on demand)
_Ask = tuple[int, str, Sequence[WardAction] | None]
# a part of the game: yields decisions, receives the chosen actions (each decision's own kind of action)
_Steps = Generator[_Ask, Any, None]
# an effect handler without choices (_HANDLERS), and the greedy policy's fast paths (Facts.quick, Facts.quick_all)
_Handler = Callable[["WardState", int, Mapping[str, Any], Ctx], None]
_Quick = Callable[["WardState", Side, Creature | None, Creature | None, bool], float | None]
_QuickEquip = Callable[["WardState", Side, Creature | None], list[tuple[float, int, str]] | None]
# what the opponent's hidden cards were redealt to (_deal): per side, None (kept) or (hand or None, deck); and a
# redeal recorded in WardState.fixes: (the number of actions played before it, the player it was for, the redeal)
_Dealt = tuple[tuple[Facts, ...] | None, tuple[Facts, ...]] | None
_Fix = tuple[int, int, tuple[_Dealt, ...]]
# the game's draws from its generator, recorded or replayed (_recorder, _replayer): (one draw, count draws)
_Draws = tuple[Callable[[], float], Callable[[int], list[float]]]


# --- helpers of the state ------------------------------------------------------------------------


def _named(creature: Creature) -> str:
    """A creature as the play-by-play names it: with its owner ("P2's Ember Whelp"), so that a mirror match's
    two creatures of the same name read apart."""
    return f"P{creature.owner + 1}'s {creature.facts.name}"


def _clamped(stats: list[int]) -> list[int]:
    """``stats`` (changed in place) within the rules' bounds: AL at most 12, hit and attack dice at least 1."""
    if stats[AL] > MAX_AL:  # (a test is faster than min() on this hot path)
        stats[AL] = MAX_AL
    if stats[HITD] < 1:
        stats[HITD] = 1
    if stats[ATKD] < 1:
        stats[ATKD] = 1
    return stats


def _temp_armor(creature: Creature, total: int) -> int | None:
    """``total`` with the creature's temporary armor changes (``None``: one of them stops all damage)."""
    for temp in creature.temps:
        if temp[0] == T_ARMOR:
            if temp[1] is None:
                return None
            total += temp[1]
    return total


def _discard_options(hand: list[Facts]) -> list[Choose]:
    """The hand-limit discard's options: each distinct card of the hand once (its first index)."""
    seen = []
    options = []
    for index, facts in enumerate(hand):
        if facts not in seen:
            seen.append(facts)
            options.append(_new(Choose, (index, facts.name)))
    return options


def _cost_discard_options(hand: list[Facts]) -> list[Choose]:
    """A discard cost's options: every card of the hand."""
    return [_new(Choose, (i, f.name)) for i, f in enumerate(hand)]


# --- the state ----------------------------------------------------------------------------------


class WardState(GameState):
    """A game of Ward between two players (or one against a goldfish of training dummies).

    Built blank (``WardState()``) and filled in by :func:`_new_state` (or :meth:`_board_to` and :meth:`_rebuild`);
    :class:`~decklab.engine.core.GameState` holds ``rng``, ``log``, ``turn`` and ``max_turns`` and gives ``say``."""

    __slots__ = ("active", "battle", "combat_over", "config", "dead", "draw", "draw_many", "draws", "expiring",
                 "fixes", "gen", "goldfish", "history", "kind", "next_uid", "options", "over", "own_turns", "phase",
                 "rec", "result", "resume", "rnd", "sepoch", "setup_draw", "sides", "snap", "time_out", "topic",
                 "used_magics", "who", "window")

    active: int
    battle: Battle | None
    combat_over: bool
    config: tuple[list[list[Facts] | None], int, int, int, bool, bool]  # (decks, seed, first, max_turns, log, goldfish)
    dead: list[Creature]
    draw: Callable[[], float]
    draw_many: Callable[[int], list[float]]
    draws: list[float]
    expiring: int
    fixes: tuple[_Fix, ...]
    gen: _Steps
    goldfish: bool
    history: list[Action]
    kind: str
    next_uid: int
    options: Sequence[WardAction] | None
    over: bool
    own_turns: int
    phase: int
    rec: Callable[[], float] | None
    result: int | None
    resume: Callable[[Any], _Ask] | None
    rnd: Callable[[], float]
    sepoch: int
    setup_draw: bool
    sides: list[Side]
    snap: bool | int | tuple[int, int, WardState] | None  # (see determinize and _game)
    time_out: bool
    topic: tuple[Strike, int, int] | None
    used_magics: list[Magic]
    who: int
    window: tuple[int, Item | Strike | Battle] | None

    # -- protocol --

    def current_player(self) -> int:
        return self.who

    def is_terminal(self) -> bool:
        return self.over

    def winner(self) -> int | None:
        return self.result

    def is_unresolved(self) -> bool:
        """Whether the game was stopped by something the rulebook does not have: only the turn cap of a goldfish,
        or of a match played with ``ward.time-out=off`` (by default a match's turn cap is the rulebook's Time Out,
        which decides the game: see :meth:`_time_out`)."""
        return self.over and (self.goldfish or not self.time_out) and self.turn > self.max_turns

    def legal_actions(self) -> Sequence[WardAction]:
        if self.over:
            return ()
        options = self.options
        if options is None:
            kind = self.kind
            options = self.options = (self._main_moves(self.who, kind == "main2") if kind != "combat"
                                      else self._combat_moves(self.who))
        return options

    def apply(self, action: Action) -> None:
        if self.over or self.resume is None:
            raise ValueError("the game is over")
        self.history.append(action)
        try:
            self.who, self.kind, self.options = self.resume(action)
        except (_Over, StopIteration):
            self._finish()

    def _finish(self) -> None:
        self.over = True
        self.options = ()
        self.battle = None
        self.resume = None
        for side in self.sides:  # (no reference cycle left: a finished game is freed at once)
            side.magics.state = None

    def clone(self) -> WardState:
        """An independent copy: the game is replayed from its seed with the recorded dice and actions (and the
        hidden cards a determinized game redealt, at the points it redealt them: ``fixes``)."""
        twin = self._rebuild(self.log is not None)
        twin.rng.setstate(self.rng.getstate())
        return twin

    def determinize(self, player: int, rng: Random) -> WardState:
        """A new game ``player`` cannot tell from this one (see :meth:`GameState.determinize`).

        The game is a generator, which cannot be copied: the copy replays this game's actions and dice (without
        a play-by-play), then what ``player`` cannot see is redealt with ``rng`` (:meth:`_deal`): the other
        player's hand and deck together, from its unseen cards in decklist order, shuffled and dealt back at the
        same sizes; ``player``'s own deck order. The redeal is recorded in ``fixes`` so that the copy's own
        :meth:`clone` replays to it. Then the copy rolls its dice from a new generator seeded from ``rng``.

        From the first call on, this game keeps a copy of itself at the start of each turn (``snap``, see
        :meth:`_game`): later copies start from it and replay only the current turn's actions."""
        if self.snap is None and not self.over:
            self.snap = True  # (keep turn-start copies from now on: the search determinizes this game again)
        twin = self._rebuild(False)
        fix = (len(twin.history), player, twin._deal(player, rng))
        twin._refit(fix)
        twin.fixes = self.fixes + (fix,)
        twin.rng = new_rng(rng.getrandbits(64))
        twin.rnd = twin.rng.random
        twin.draw, twin.draw_many = _recorder(twin.rng, twin.draws)
        twin.rec = twin.draw
        return twin

    def observation(self, player: int) -> tuple[Any, ...]:
        """Everything ``player`` sees now: the board, every cemetery and count, its own hand, the turn, the battle
        and chain under way, whose decision it is and (its own, or a public one) its options, the result."""
        over = self.over
        pending: tuple[Any, ...] | None
        if over:
            pending = ()
        elif self.who == player or self.kind in _PUBLIC_DECISIONS:
            pending = tuple(_plain(action) for action in self.legal_actions())
        else:
            pending = None  # (the other player's options name its hidden cards)
        battle = self.battle
        return (self.turn, self.max_turns, self.goldfish, self.active, self.phase, self.combat_over, self.own_turns,
                self.next_uid, over, self.result, self.who, self.kind, pending,
                tuple(_side_seen(side, side.player == player) for side in self.sides),
                None if battle is None else _plain(battle), tuple(c.uid for c in self.dead),
                _plain(self.topic), _plain(self.window), self.time_out, self.setup_draw)

    # -- invariants (for tests) --

    def card_counts(self) -> tuple[int, ...]:
        return tuple(side.card_count() for side in self.sides if not side.dummy)

    def opponent(self, player: int) -> int:
        return 1 - player

    # -- dice --

    def roll(self, count: int) -> list[int]:
        draw = self.draw
        if draw is self.rec:  # the game's own dice, recorded (inlined)
            rnd = self.rnd
            note = self.draws.append
            dice = []
            for _ in range(count):
                value = rnd()
                note(value)
                dice.append(int(value * 6) + 1)
            return dice
        return [int(draw() * 6) + 1 for _ in range(count)]

    def die(self) -> int:
        return int(self.draw() * 6) + 1

    def shuffle(self, items: list[Facts]) -> None:
        """Fisher-Yates on the game's generator (its draws taken and recorded at once)."""
        count = len(items)
        if count < 2:
            return
        i = count - 1
        for value in self.draw_many(count - 1):  # (count - 1 values: i runs count - 1 .. 1)
            j = int(value * (i + 1))
            items[i], items[j] = items[j], items[i]
            i -= 1

    # -- creature profile --

    def effects_on(self, creature: Creature) -> bool:
        """Whether a creature's own effects apply now (not limited, not negated)."""
        if creature.limited or creature.blank:
            return False
        battle = self.battle
        return battle is None or creature not in battle.negated

    def profile(self, creature: Creature) -> Sequence[int]:
        """AL, SPD, modifier, hit bonus, damage bonus, hit dice, attack dice: printed, passives, equips, field
        magics, temporary changes and this battle's changes. AL never above 12, dice never below 1. Read-only.

        What the equips, the field magics and the creature's own passives give is cached on the creature
        (``pval``, valid while its ``skey`` is :attr:`sepoch`, which the engine bumps whenever a magic enters or
        leaves the field or a creature's effects are switched on or off: code that changes those by hand must
        bump it too); never when a passive's condition reads something else (HP, the cemetery, the battle)."""
        facts = creature.facts
        battle = self.battle
        if not facts.cacheable or (battle is not None and (battle.mods or battle.negated)):
            return self._profile(creature)
        if creature.skey != self.sepoch:
            self._static(creature, self.sepoch)
        temps = creature.temps
        if not temps:
            pval: list[int] = creature.pval  # (cached by _static for this sepoch)
            return pval
        stats = list(creature.sval)
        for temp in temps:
            if temp[0] < 7:
                stats[temp[0]] += temp[1]
        return _clamped(stats)

    def _static(self, creature: Creature, key: int) -> None:
        """Cache the creature's profile without temporary changes, and its armor from all but temporary changes."""
        facts = creature.facts
        stats = [facts.al, facts.spd, facts.mod, 0, 0, 2, facts.dice]
        on = not (creature.limited or creature.blank)
        if facts.self_mods and on:
            for stat, amount, condition in facts.self_mods:
                if condition is None or self._holds(creature, condition):
                    stats[stat] += amount
        total: int | None
        total = 0
        if facts.armor and on:
            for reduction, _condition in facts.armor:
                if reduction is None:
                    total = None
                    break
                total += reduction
        for magic in creature.equips:
            magic_facts = magic.facts
            for stat, amount in magic_facts.attached_mods:
                stats[stat] += amount
            for reduction in magic_facts.attached_armor:
                total = None if reduction is None or total is None else total + reduction
        ctype = facts.ctype
        for magic in self.sides[creature.owner].magics.items:
            magic_facts = magic.facts
            for stat, amount, kind in magic_facts.aura_mods:
                if kind is None or kind == ctype:
                    stats[stat] += amount
            for reduction, kind in magic_facts.aura_armor:
                if kind is None or kind == ctype:
                    total = None if reduction is None or total is None else total + reduction
        creature.sval = stats
        creature.pval = _clamped(list(stats))
        creature.aval = total
        creature.skey = key

    def _profile(self, creature: Creature) -> Sequence[int]:
        facts = creature.facts
        battle = self.battle
        magics = self.sides[creature.owner].magics.items
        if not (creature.temps or creature.equips or magics or facts.self_mods) and (
                battle is None or creature not in battle.mods):
            return facts.base
        stats = [facts.al, facts.spd, facts.mod, 0, 0, 2, facts.dice]
        if facts.self_mods and self.effects_on(creature):
            for stat, amount, condition in facts.self_mods:
                if condition is None or self._holds(creature, condition):
                    stats[stat] += amount
        for temp in creature.temps:
            if temp[0] < 7:
                stats[temp[0]] += temp[1]
        for magic in creature.equips:
            for stat, amount in magic.facts.attached_mods:
                stats[stat] += amount
        for magic in magics:
            for stat, amount, kind in magic.facts.aura_mods:
                if kind is None or kind == facts.ctype:
                    stats[stat] += amount
        if battle is not None:
            extra = battle.mods.get(creature)
            if extra is not None:
                for stat in range(7):
                    stats[stat] += extra[stat]
        return _clamped(stats)

    def _holds(self, creature: Creature, condition: Mapping[str, Any]) -> bool:
        """A passive's condition about its creature."""
        for key, wanted in condition.items():
            if key == "hp_above_half":
                if (creature.hp * 2 > creature.facts.hp) != wanted:
                    return False
            elif key == "equipped":
                if bool(creature.equips) != wanted:
                    return False
            elif key == "controls_field_magic":
                if any(magic.facts.field for magic in self.sides[creature.owner].magics.items) != wanted:
                    return False
            elif key == "cemetery_has":
                if not any(card.is_creature and card.ctype == wanted for card in self.sides[creature.owner].cemetery):
                    return False
            elif key == "creature_type":
                if creature.facts.ctype != wanted:
                    return False
            elif key in ("opponent_al_at_most", "opponent_al_at_least"):
                battle = self.battle
                if battle is None:
                    return False
                al = self.profile(battle.opponent(creature))[AL]
                if (al > wanted) if key == "opponent_al_at_most" else (al < wanted):
                    return False
            elif key == "attacks_first":
                battle = self.battle
                if battle is None or (battle.first is creature) != wanted:
                    return False
        return True

    def strikes_first(self, creature: Creature) -> bool:
        """Whether an effect makes this creature battle first (Comet Hound, Ambush Tactics, Arvel equipped)."""
        facts = creature.facts
        if facts.first and self.effects_on(creature) and (facts.first is True
                                                               or self._holds(creature, facts.first)):
            return True
        for temp in creature.temps:
            if temp[0] == T_FIRST:
                return True
        for magic in creature.equips:
            if magic.facts.attached_first:
                return True
        return False

    def armor(self, creature: Creature, attacker_al: int) -> int | None:
        """How much each hit's Attack Damage is reduced (None: all of it); cached like :meth:`profile` (all but
        the temporary changes) when it does not depend on ``attacker_al``."""
        facts = creature.facts
        battle = self.battle
        if not facts.armor_stable or not facts.cacheable or (battle is not None and battle.negated):
            return self._armor(creature, attacker_al)
        if creature.skey != self.sepoch:
            self._static(creature, self.sepoch)
        total = creature.aval
        if total is not None and creature.temps:
            return _temp_armor(creature, total)
        return total

    def _armor(self, creature: Creature, attacker_al: int) -> int | None:
        total = 0
        facts = creature.facts
        if facts.armor and self.effects_on(creature):
            for amount, condition in facts.armor:
                if condition and "opponent_al_at_most" in condition and attacker_al > condition["opponent_al_at_most"]:
                    continue
                if amount is None:
                    return None
                total += amount
        for magic in creature.equips:
            for amount in magic.facts.attached_armor:
                if amount is None:
                    return None
                total += amount
        for magic in self.sides[creature.owner].magics.items:
            for amount, kind in magic.facts.aura_armor:
                if kind is None or kind == facts.ctype:
                    if amount is None:
                        return None
                    total += amount
        return _temp_armor(creature, total)

    def immune_to(self, creature: Creature, player: int) -> bool:
        """Whether ``creature`` is unaffected by ``player``'s magics (Storm Shard, Aurelion)."""
        return creature.owner != player and creature.facts.immune and self.effects_on(creature)

    def multipliers(self, creature: Creature) -> list[int]:
        factors = [temp[1] for temp in creature.temps if temp[0] == T_MULT]
        battle = self.battle
        if battle is not None and creature in battle.mults:
            factors.extend(battle.mults[creature])
        return factors

    # -- damage and healing --

    def hurt(self, creature: Creature, amount: int, kind: int, by: Creature | None = None) -> int:
        """Inflict damage (never in the first turn cycle, never below 0 HP); returns the damage dealt."""
        if amount <= 0 or creature.hp <= 0 or self.turn <= FIRST_CYCLE or creature.limited:
            return 0
        if kind == INSTANT and self._no_instant(creature):
            return 0
        dealt = amount if amount < creature.hp else creature.hp  # (faster than min())
        creature.hp -= dealt
        if creature.hp == 0:
            creature.killer = by
            self.dead.append(creature)
        if self.log is not None:
            self.say(f"{_named(creature)} takes {dealt} damage ({creature.hp}/{creature.facts.hp} HP)")
        return dealt

    def _no_instant(self, creature: Creature) -> bool:
        """Whether instant damage is prevented on the creature (its passive, an equip, a temporary change)."""
        if creature.facts.no_instant and self.effects_on(creature):
            return True
        for magic in creature.equips:
            if magic.facts.attached_no_instant:
                return True
        for temp in creature.temps:
            if temp[0] == T_NO_INSTANT:
                return True
        return False

    def heal(self, creature: Creature, amount: int) -> int:
        if creature.hp <= 0:
            return 0
        healed = min(amount, creature.facts.hp - creature.hp)
        if healed > 0:
            creature.hp += healed
            if self.log is not None:
                self.say(f"{_named(creature)} heals {healed} HP ({creature.hp}/{creature.facts.hp} HP)")
        return max(healed, 0)

    # -- the cemetery and the field --

    def _to_cemetery(self, side: Side, facts: Facts, check: bool = True) -> None:
        side.cemetery.append(facts)
        if facts.is_creature:
            side.cem_hp += facts.hp
            if check and side.cem_hp >= CEMETERY_LIMIT:
                self._check_loss()

    def _from_cemetery(self, side: Side, facts: Facts) -> None:
        side.cemetery.remove(facts)
        if facts.is_creature:
            side.cem_hp -= facts.hp

    def _leave(self, creature: Creature) -> None:
        """Take a creature off the field: its equips are destroyed, creatures it anchors leave with it."""
        side = self.sides[creature.owner]
        if side.primary is creature:
            side.primary = None
        elif creature in side.limited:
            side.limited.remove(creature)
        creature.dot = creature.hot = None
        if creature.equips:
            for magic in list(creature.equips):
                self._remove_magic(magic)
        self._release(creature)

    def _remove_magic(self, magic: Magic) -> None:
        """A magic leaves the field for its owner's cemetery; Limited Summons it anchors go too."""
        side = self.sides[magic.owner]
        if magic in side.magics.items:
            self.sepoch += 1
            if magic.expires != FOREVER:
                self.expiring -= 1
            side.magics.remove(magic)
            if magic.host is not None and magic in magic.host.equips:
                magic.host.equips.remove(magic)
            self._to_cemetery(side, magic.facts, check=False)
            if self.log is not None:
                self.say(f"{magic.facts.name} (P{magic.owner + 1}) is destroyed")
            self._release(magic)

    def _release(self, anchor: Creature | Magic) -> None:
        """The Limited Summons ``anchor`` holds leave the field with it, for the cemetery (13), as any creature leaves
        it: their equips are destroyed and what they anchor leaves too."""
        for other in self.sides:
            if other.limited:
                for limited in list(other.limited):
                    if limited.anchor is anchor and limited in other.limited:
                        if self.log is not None:
                            self.say(f"{_named(limited)} leaves the field with {anchor.facts.name}")
                        self._leave(limited)
                        self._to_cemetery(other, limited.facts, check=False)

    def _enter(self, player: int, facts: Facts, limited: bool = False,
                 anchor: Creature | Magic | None = None) -> Creature:
        creature = Creature(facts, self.next_uid, player)
        self.next_uid += 1
        side = self.sides[player]
        if limited:
            creature.limited = True
            creature.anchor = anchor
            side.limited.append(creature)
        else:
            side.primary = creature
            side.fielded = True
        return creature

    def _place(self, player: int, facts: Facts, host: Creature | None) -> Magic:
        """An Infinite magic enters its player's side of the field (an Equip attached to ``host``)."""
        magic = Magic(facts, self.next_uid, player, host)
        self.next_uid += 1
        if facts.expire_cycles:
            magic.expires = self.turn + 2 * facts.expire_cycles
            self.expiring += 1
        if host is not None:
            host.equips.append(magic)
        self.sides[player].magics.append(magic)  # (a change of the field: the cached profiles are refreshed)
        return magic

    def _check_loss_quiet(self) -> None:
        one, two = self.sides
        if one.cem_hp >= CEMETERY_LIMIT or two.cem_hp >= CEMETERY_LIMIT:
            self._check_loss()

    def _check_loss(self) -> None:
        lost = [side.cem_hp >= CEMETERY_LIMIT for side in self.sides]
        if any(lost):
            self.result = None if all(lost) else (1 if lost[0] else 0)
            if self.log is not None:
                if self.result is None:
                    self.say("both cemeteries reach 300 HP: a draw")
                else:
                    loser = 1 - self.result
                    self.say(f"P{loser + 1}'s cemetery reaches {self.sides[loser].cem_hp} HP: P{self.result + 1} wins")
            raise _Over

    def _time_out(self) -> None:
        """The turn cap, decklab's event time limit. In a match it is Time Out (rulebook 15.1.3): "Player with the
        most creature HP in cemetery loses"; with equal cemeteries no player has the most and no one loses, a draw
        (as both cemeteries reaching 300 HP at once). A goldfish has no opponent to time out against: it stops
        unresolved (not killed). Under ``ward.time-out=off`` (``time_out`` false) a match's cap is not Time Out
        either: it stops unresolved."""
        if self.goldfish:
            self.result = None
            if self.log is not None:
                self.say("the turn limit is reached: the goldfish is unresolved (not killed)")
            return
        if not self.time_out:
            self.result = None
            if self.log is not None:
                self.say(f"the turn limit is reached ({self.max_turns} turns; no Time Out, ward.time-out=off): "
                         f"unresolved, cemeteries P1 {self.sides[0].cem_hp} HP, P2 {self.sides[1].cem_hp} HP")
            return
        one, two = self.sides[0].cem_hp, self.sides[1].cem_hp
        self.result = None if one == two else (1 if one > two else 0)
        if self.log is not None:
            said = f"time out at the turn limit ({self.max_turns} turns): cemeteries P1 {one} HP, P2 {two} HP: "
            if self.result is None:
                self.say(said + "neither has the most, a draw")
            else:
                self.say(said + f"P{2 - self.result} has the most and loses, P{self.result + 1} wins")

    def _lose(self, player: int, why: str) -> None:
        self.result = 1 - player
        if self.log is not None:
            self.say(f"P{player + 1} loses: {why}")
        raise _Over

    # -- drawing --

    def _draw_cards(self, side: Side, count: int) -> int:
        drawn = 0
        for _ in range(count):
            if not side.deck:
                break
            side.hand.append(side.deck.pop())
            drawn += 1
        return drawn

    # -- summoning --

    def summon_options(self, player: int, normal: bool) -> list[tuple[int, Facts, tuple[int, ...], bool]]:
        """(hand index, card, sacrificed hand indices, whether the primary is sacrificed), distinct by cards.

        A normal summon with a primary on the field must sacrifice it (one primary at a time); otherwise
        the sacrifices come from the hand. A summon that would take one's own cemetery to 300 HP may not
        be made (rulebook 4.1.5)."""
        side = self.sides[player]
        hand = side.hand
        primary = side.primary if normal else None
        if primary is not None:
            for facts in hand:
                if facts.need:
                    break
            else:
                return []
        creatures = []
        for i, f in enumerate(hand):
            if f.is_creature:
                creatures.append((i, f))
        if not creatures:
            return []
        room = CEMETERY_LIMIT - side.cem_hp - (primary.facts.hp if primary is not None else 0)
        if room <= 0:
            return []
        field = primary is not None
        options: list[tuple[int, Facts, tuple[int, ...], bool]] = []
        seen: set[Facts | tuple[Facts, Facts | frozenset[Facts] | tuple[Facts, Facts]]] = set()
        for i, facts in creatures:
            need = facts.need
            if field:
                if need == 0:
                    continue
                need -= 1
            if need == 0:
                if facts not in seen:
                    seen.add(facts)
                    options.append((i, facts, (), field))
                continue
            if need == 1:
                for j, g in creatures:
                    if j == i:
                        continue
                    key: tuple[Facts, Facts | frozenset[Facts] | tuple[Facts, Facts]] = (facts, g)
                    if g.hp < room and key not in seen:
                        seen.add(key)
                        options.append((i, facts, (j,), field))
            else:
                others = [(j, g) for j, g in creatures if j != i]
                for a in range(len(others)):
                    j, g = others[a]
                    for b in range(a + 1, len(others)):
                        k, h = others[b]
                        key = (facts, frozenset((g, h)) if g is not h else (g, g))
                        if g.hp + h.hp < room and key not in seen:
                            seen.add(key)
                            options.append((i, facts, (j, k), field))
        return options

    def _has_summon(self, side: Side) -> bool:
        """Whether the hand holds a creature the Field Rule can summon now (sacrifices from the hand)."""
        count = 0
        low = False
        for facts in side.hand:
            if facts.is_creature:
                count += 1
                if facts.need == 0:
                    low = True
        if low:
            return side.cem_hp < CEMETERY_LIMIT
        if count < 2:
            return False
        return bool(self.summon_options(side.player, normal=False))

    def _replace_options(self, player: int) -> list[Summon]:
        """The Field Rule's summons from hand (outside the normal summon), as actions."""
        hand = self.sides[player].hand
        return [_new(Summon, (i, f.name, sacrifices, False, ", ".join(hand[j].name for j in sacrifices)))
                for i, f, sacrifices, _ in self.summon_options(player, normal=False)]

    def _could_ever_summon(self, side: Side) -> bool:
        """Whether the hand and deck together hold a creature that could be summoned (else: creature out)."""
        pool = [f for f in (*side.hand, *side.deck) if f.is_creature]
        if not pool:
            return False
        room = CEMETERY_LIMIT - side.cem_hp
        if any(f.need == 0 for f in pool):
            return True
        hps = sorted(f.hp for f in pool)
        for facts in pool:
            rest = list(hps)
            rest.remove(facts.hp)
            if len(rest) >= facts.need and sum(rest[:facts.need]) < room:
                return True
        return False

    def _min_cards(self, side: Side) -> int:
        """The fewest cards a hand needs to hold a summonable creature, given the hand and deck."""
        least = None
        for facts in (*side.hand, *side.deck):
            if facts.is_creature and (least is None or facts.need < least):
                least = facts.need
        return 1 + (least or 0)

    # -- the legal moves of a phase --

    def can_battle(self, player: int) -> bool:
        """Whether ``player`` may declare a battle now (not in the first turn cycle, 7.1.3)."""
        if self.turn <= FIRST_CYCLE or self.combat_over or self.sides[1 - player].primary is None:
            return False
        side = self.sides[player]
        primary = side.primary
        if primary is not None and not primary.battled:
            return True
        for creature in side.limited:
            if not creature.battled:
                return True
        return False

    def _combat_moves(self, player: int) -> list[WardAction]:
        side = self.sides[player]
        target = self.sides[1 - player].primary
        moves: list[WardAction] = []
        if target is not None:
            for creature in side.creatures():
                if not creature.battled:
                    moves.append(_new(Attack, (creature.uid, creature.facts.name, target.facts.name)))
        moves.append(END_COMBAT)
        return moves

    def _can_activate(self, creature: Creature) -> bool:
        """A creature's main-phase ability (Soul Broker): effects on, once per turn, cost payable."""
        entry = creature.facts.activated
        if entry is None or entry["effect"] != "draw" or creature.used & 256 or not self.effects_on(creature):
            return False
        cost = creature.facts.cost_damage
        return not cost or (self.turn > FIRST_CYCLE and creature.hp > cost)

    def play_targets(self, player: int, facts: Facts) -> Sequence[tuple[Any, str]] | None:
        """The targets a magic can be played on now (((None, ""),) when it picks none); None if it cannot be
        played (no room, no target, an immune target, damage in the first turn cycle: rulebook 6.2.3)."""
        side = self.sides[player]
        if facts.infinite and len(side.magics.items) >= MAX_INFINITE:
            return None
        if facts.damaging and self.turn <= FIRST_CYCLE:
            return None
        if facts.cost_damage and (side.primary is None or side.primary.hp <= facts.cost_damage):
            return None
        if facts.cost_discard and len(side.hand) <= facts.cost_discard:
            return None
        choices: list[tuple[Any, str]] | None = None
        attach = facts.attach
        if attach:
            if attach == "own_creature":
                primary = side.primary
                choices = [(primary.uid, primary.facts.name)] if primary is not None else []
                for c in side.limited:
                    choices.append((c.uid, c.facts.name))
            else:
                enemy = self.sides[1 - player]
                choices = [(c.uid, c.facts.name) for c in enemy.creatures() if not self.immune_to(c, player)]
            if not choices:
                return None
        if facts.checks:
            enemy = self.sides[1 - player]
            for kind, target, condition, entry in facts.checks:
                if target == "own_primary" and side.primary is None:
                    return None
                if target == "enemy_primary":
                    if enemy.primary is None or self.immune_to(enemy.primary, player):
                        return None
                    if kind == "damage_over_time" and enemy.primary.dot is not None:
                        return None
                if target == "all_primaries":
                    if enemy.primary is None or side.primary is None or self.immune_to(enemy.primary, player):
                        return None
                    amount = entry.get("amount", 0)
                    if kind == "damage" and side.primary.hp <= amount and (
                            side.cem_hp + side.primary.facts.hp >= CEMETERY_LIMIT):
                        return None
                if target == "target_own_creature":
                    if entry is facts.pick:
                        choices = [(c.uid, c.facts.name) for c in side.creatures()]
                        if not choices:
                            return None
                elif target in ("target_magic", "target_equip_magic") and entry is facts.pick:
                    choices = [(m.uid, f"{m.facts.name} (P{m.owner + 1})") for m in self._field_magics(player)
                               if target == "target_magic" or m.facts.equip]
                    if not choices:
                        return None
                if kind == "search_deck":
                    memo = _match_memo(condition)
                    for f in side.deck:
                        ok = memo.get(f)
                        if ok is None:
                            ok = memo[f] = _matches(f, condition)
                        if ok:
                            break
                    else:
                        return None
                if kind == "revive":
                    to = entry.get("to")
                    if to == "field" and (side.primary is None or len(side.limited) >= MAX_LIMITED):
                        return None
                    if entry.get("amount") != "all" and not _any_match(side.cemetery, condition, None):
                        return None
                if kind == "summon":
                    if side.primary is None or len(side.limited) >= MAX_LIMITED:
                        return None
                    if not _any_match(side.hand, condition, facts):
                        return None
        return choices if choices is not None else _UNTARGETED

    def _field_magics(self, player: int) -> list[Magic]:
        """Every magic on the field as ``player`` sees it: its own first, then its opponent's (never by seat)."""
        return [*self.sides[player].magics.items, *self.sides[1 - player].magics.items]

    def _main2_possible(self, player: int) -> bool:
        side = self.sides[player]
        primary = side.primary
        if primary is not None and primary.facts.activated is not None and self._can_activate(primary):
            return True
        theirs = self.sides[1 - player].primary
        for facts in side.hand:
            if facts.main_play:
                quick = facts.quick
                if quick is not None:
                    if quick(self, side, primary, theirs, False) is not None:
                        return True
                elif self.play_targets(player, facts) is not None:
                    return True
        return False

    def _main_moves(self, player: int, second: bool) -> list[WardAction]:
        side = self.sides[player]
        moves: list[WardAction] = []
        seen: list[Facts] = []
        for index, facts in enumerate(side.hand):
            if facts.is_creature or facts.lightning or facts in seen:
                continue
            seen.append(facts)
            targets = self.play_targets(player, facts)
            if targets is None:
                continue
            for target, label in targets:
                moves.append(_new(Play, (index, facts.name, target, label)))
        if not second and not side.summoned:
            hand = side.hand
            for index, facts, sacrifices, field in self.summon_options(player, normal=True):
                names = (([side.primary.facts.name] if field and side.primary else [])
                         + [hand[j].name for j in sacrifices])
                moves.append(_new(Summon, (index, facts.name, sacrifices, field, ", ".join(names))))
            if side.primary is not None and side.primary.facts.hp + side.cem_hp < CEMETERY_LIMIT:
                moves.append(KillOwn(side.primary.facts.name))
        primary = side.primary
        if primary is not None and self._can_activate(primary):
            moves.append(_new(Activate, (primary.uid, primary.facts.name)))
        if primary is None:
            for move in moves:
                if type(move) is Summon:
                    return moves
        if second:
            moves.append(END_TURN)
        elif self.can_battle(player):
            moves.extend(self._combat_moves(player)[:-1])
            moves.append(NO_BATTLE)
        else:
            moves.append(END_MAIN)
        return moves

    # -- the game --

    def _game(self, fresh: bool = True) -> _Steps:
        """The whole game: yields (player, decision kind, options or None) and receives the chosen action.
        A game rebuilt from a turn-start copy (``fresh`` false, see _rebuild) starts at that turn."""
        if fresh:
            self._roll_for_first()
            if self.setup_draw:
                yield from self._setup_hands()
        while True:
            snap = self.snap
            if snap is not None and (type(snap) is not int or snap == self.turn):
                # a game being determinized: its copy at the start of each turn (an int: a replay that only
                # copies the start of that turn, for the game it replays, see _rebuild)
                board = WardState()
                self._board_to(board)
                for side in board.sides:  # (never changed: no reference cycle, freed when replaced)
                    side.magics.state = None
                # the dice drawn so far; replaying (no recorder), minus the recorded draws not replayed yet
                # (replaying, draw is the __next__ of an iterator over the recorded draws: _replayer)
                drawn = len(self.draws) if self.rec is not None else -length_hint(
                    self.draw.__self__)  # type: ignore[attr-defined]
                self.snap = (len(self.history), drawn, board)
            yield from self._turn()
            self.turn += 1
            if self.turn > self.max_turns:
                self._time_out()
                return
            self.active = 1 - self.active
            if self.goldfish and self.active == 0:
                self.own_turns += 1

    def _roll_for_first(self) -> None:
        """Each player rolls a die (ties roll again); the lower roll chooses who goes first. The chooser's
        choice is the batch's: seat ``first`` goes first, so a batch alternates the first player fairly."""
        first = self.active
        while True:
            rolls = (self.die(), self.die())
            if rolls[0] != rolls[1]:
                break
        if self.log is not None:
            chooser = 0 if rolls[0] < rolls[1] else 1
            self.say(f"P1 rolls {rolls[0]}, P2 rolls {rolls[1]}: P{chooser + 1} chooses, and P{first + 1} goes first")

    def _setup_hands(self) -> _Steps:
        """``ward.opening-hands=setup``: each player draws its five cards at setup ("Each player draws 5 cards"),
        the first player first, each with its redraws and its mulligan (17.9); the first player's first Draw Phase
        then draws nothing more (these are its "5 on the very first turn of the game"), the second player's draws
        its one card."""
        for player in (self.active, 1 - self.active):
            side = self.sides[player]
            side.started = True
            self._draw_cards(side, FIRST_DRAW)
            yield from self._opening(player)

    def _turn(self) -> _Steps:
        me = self.active
        side = self.sides[me]
        foe = self.sides[1 - me]
        self._new_turn()
        side.summoned = False
        if side.dummy:
            if self.log is not None:
                self.say(f"P{me + 1} (training dummies) takes no actions")
            yield from self._end_of_combat(me)
            return
        if self.log is not None:
            self.say(f"P{me + 1} begins: {len(side.hand)} cards in hand, {len(side.deck)} in deck, "
                     f"cemetery {side.cem_hp} HP")
        # 1. draw phase
        if not side.started:
            side.started = True
            self._draw_cards(side, FIRST_DRAW)
            yield from self._opening(me)
        elif self.turn == 1:
            pass  # ward.opening-hands=setup: the first player's five were drawn at setup
        elif side.deck:
            side.hand.append(side.deck.pop())
        primary = side.primary
        if primary is not None and primary.facts.start or side.magics.items and self._start_triggers(me):
            yield from self._start_of_turn(me)
        while len(side.hand) > HAND_LIMIT:
            choice = yield (me, "discard", _discard_options(side.hand))
            facts = side.hand.pop(choice.option)
            if self.log is not None:
                self.say(f"P{me + 1} discards {facts.name} (hand limit)")
            self._to_cemetery(side, facts)
        # 2. summoning / magic phase
        self.phase = PH_MAIN
        ask = _ASK_MAIN[me]
        while True:
            if side.primary is None and not self.summon_options(me, normal=True):
                yield from self._replace(me)
                continue
            action = yield ask
            kind = type(action)
            if kind is Play:
                if side.hand[action.index].simple and not self._can_answer(1 - me, EV_MAGIC):
                    self._play_plain(me, action)
                    if self.dead:
                        yield from self._bury()
                else:
                    yield from self._play(me, action)
                if self.dead or (side.primary is None and side.fielded) or (foe.primary is None and foe.fielded):
                    yield from self._settle()
            elif kind is Pass or kind is Attack:
                break
            else:
                yield from self._main_action(me, action)
        # 3. combat phase (a battle declared from the main phase ends it and starts this one)
        self.phase = PH_COMBAT
        while kind is Attack:
            attacker = side.primary
            if attacker is None or attacker.uid != action.uid:
                attacker = self._creature(action.uid)
            defender = foe.primary  # (a local: foe.primary narrowed would stay narrowed after the battle)
            assert attacker is not None and defender is not None  # (a legal battle)
            yield from self._battle(attacker, defender)
            if self.dead or (side.primary is None and side.fielded) or (foe.primary is None and foe.fielded):
                yield from self._settle()
            if not self.can_battle(me):
                break
            action = yield (me, "combat", None)
            kind = type(action)
        if self._combat_ends(me):
            yield from self._end_of_combat(me)
        # 4. second magic phase
        self.phase = PH_MAIN2
        while self._main2_possible(me):
            action = yield (me, "main2", None)
            if action is END_TURN:
                break
            yield from self._main_action(me, action)
        # 5. end turn
        if self.log is not None:
            self.say(f"P{me + 1} ends the turn")

    # -- the opening hand --

    def _opening(self, player: int) -> _Steps:
        """Turn 1's hand: redraw until a creature can be played, then the one mulligan (rulebook 17.9)."""
        side = self.sides[player]
        if self.log is not None:
            self.say(f"P{player + 1} draws {len(side.hand)}: " + ", ".join(f.name for f in side.hand))
        self._until_playable(player)
        choice = yield (player, "mulligan", [KEEP, MULLIGAN])
        if choice.option:
            count = len(side.hand)
            side.deck.extend(side.hand)
            side.hand.clear()
            self.shuffle(side.deck)
            self._draw_cards(side, count)
            if self.log is not None:
                self.say(f"P{player + 1} mulligans and draws {count}: " + ", ".join(f.name for f in side.hand))
            self._until_playable(player)

    def _until_playable(self, player: int) -> None:
        """The Field Rule's redraw (7.2.2-7.2.4): reveal the hand, shuffle it in, draw as many again, until a
        creature can be played; with an empty hand (or too few cards to ever hold a playable creature), draw
        one card at a time, keep the creatures drawn and shuffle the other cards back. No creature: lose."""
        side = self.sides[player]
        tries = 0
        while not self._has_summon(side):
            if not self._could_ever_summon(side):
                self._lose(player, "no creature left to play (creature out)")
            count = len(side.hand)
            if self.log is not None:
                self.say(f"P{player + 1} reveals a hand with no playable creature and redraws")
            side.deck.extend(side.hand)
            side.hand.clear()
            self.shuffle(side.deck)
            if count and tries < 30 and count >= self._min_cards(side):
                self._draw_cards(side, count)
                tries += 1
                if self.log is not None:
                    self.say(f"P{player + 1} draws {count}: " + ", ".join(f.name for f in side.hand))
                continue
            drawn: list[Facts] = []
            while side.deck:
                drawn.append(side.deck.pop())
                side.hand = [f for f in drawn if f.is_creature]
                if self._has_summon(side):
                    break
            side.deck.extend(f for f in drawn if not f.is_creature)
            side.hand = [f for f in drawn if f.is_creature]
            self.shuffle(side.deck)
            if self.log is not None:
                why = "an empty hand" if not count else (
                    "too few cards for a playable creature" if count < self._min_cards(side) else
                    f"{tries} fruitless redraws")
                self.say(f"P{player + 1} (after {why}) draws one card at a time: "
                         + ", ".join(f.name for f in drawn) + "; keeps "
                         + (", ".join(f.name for f in side.hand) or "nothing")
                         + f" and shuffles the other {len(drawn) - len(side.hand)} back")
            if not self._has_summon(side):
                self._lose(player, "no creature can be played (creature out)")

    # -- the Field Rule --

    def _settle(self) -> _Steps:
        """Replace every killed primary creature at once (the active player first, rulebook 14.4.4)."""
        if self.dead:
            yield from self._bury()
        for player in (self.active, 1 - self.active):
            side = self.sides[player]
            if side.primary is None and side.fielded:
                yield from self._replace(player)
                if self.dead:
                    yield from self._bury()

    def _replace(self, player: int) -> _Steps:
        """The Field Rule (7.2): a Limited Summon becomes the primary (13.3.6), or a creature is summoned from
        hand outside the normal summon (with its activation window, 14.2.1, as every summon); redraw if none can
        be; else lose."""
        side = self.sides[player]
        if side.primary is not None:
            return
        if side.dummy:
            self._enter(player, _dummy_facts())
            return
        if side.limited:
            if len(side.limited) == 1:
                chosen = side.limited[0]
            else:
                choice = yield (player, "promote", [_new(Choose, (c.uid, c.facts.name)) for c in side.limited])
                chosen = next(c for c in side.limited if c.uid == choice.option)
            side.limited.remove(chosen)
            chosen.limited = False
            self.sepoch += 1
            chosen.anchor = None
            side.primary = chosen
            if self.log is not None:
                self.say(f"P{player + 1}'s Limited Summon {chosen.facts.name} becomes the primary creature")
            return
        self._until_playable(player)
        actions = self._replace_options(player)
        choice = actions[0] if len(actions) == 1 else (yield (player, "replace", actions))
        yield from self._summon(player, choice, normal=False)

    # -- summoning --

    def _summon(self, player: int, action: Summon, *, normal: bool) -> _Steps:
        side = self.sides[player]
        hand = side.hand
        facts = hand[action.index]
        sacrificed = [hand[j] for j in action.sacrifices]
        for j in sorted((action.index, *action.sacrifices), reverse=True):
            hand.pop(j)
        side.limbo.append(facts)
        old = side.primary if action.primary else None
        if self.log is not None:
            how = "summons" if normal else "replaces its primary creature with"
            names = [c.name for c in sacrificed] + ([old.facts.name] if old is not None else [])
            self.say(f"P{player + 1} {how} {facts.name} (AL {facts.al}, SPD {facts.spd}, {facts.hp} HP)"
                     + (f", sacrificing {', '.join(names)}" if names else ""))
        for card in sacrificed:
            self._to_cemetery(side, card, check=False)
        if old is not None:
            self._leave(old)
            self._to_cemetery(side, old.facts, check=False)
            sacrificed.append(old.facts)
        side.limbo.remove(facts)
        creature = self._enter(player, facts)
        if normal:
            side.summoned = True
        self._check_loss_quiet()
        # Teeming Nest: a Bug creature one controls is sacrificed (only one from the field counts)
        if old is not None:
            yield from self._to_cemetery_triggers(old, killed=False)
        # the summon activation window (14.2.1): the opponent may negate the creature's effects; every summon has
        # one, a replacement under the Field Rule too
        if facts.has_effects and self._can_answer(1 - player, EV_EFFECT):
            item = Item(player, facts, creature=creature, is_magic=False, summon=True)
            yield from self._chain(1 - player, EV_EFFECT, item)
            if item.negated:
                creature.blank = True
                self.sepoch += 1
                if self.log is not None:
                    self.say(f"{_named(creature)}'s effects are negated")
        for card in sacrificed:
            entries: Sequence[Mapping[str, Any]] | None = [e for e in card.triggers.get("on_sacrificed", ())
                       if _summoned_type_ok(e, facts)]
            if entries:
                yield from self._activate(player, card, tuple(entries), Ctx(summoned=creature), creature=None)
        if creature.hp > 0 and self._creature_on(creature) and self.effects_on(creature):
            entries = facts.triggers.get("on_summon")
            if entries:
                ctx = Ctx(creature=creature)
                for entry in entries:
                    yield from self._effect(player, entry, ctx)
        if self.dead:
            yield from self._bury()

    # -- main phase actions --

    def _main_action(self, player: int, action: WardAction) -> _Steps:
        side = self.sides[player]
        if type(action) is Play:
            yield from self._play(player, action)
        elif type(action) is Summon:
            yield from self._summon(player, action, normal=True)
        elif type(action) is KillOwn:
            side.summoned = True
            victim = side.primary
            assert victim is not None  # (a legal KillOwn)
            if self.log is not None:
                self.say(f"P{player + 1} kills its own {victim.facts.name}")
            victim.hp = 0
            victim.killer = None
            self.dead.append(victim)
        elif type(action) is Activate:
            creature = self._creature(action.uid)
            assert creature is not None  # (a legal Activate)
            creature.used |= 256
            entry = creature.facts.activated
            assert entry is not None
            if self.log is not None:
                self.say(f"P{player + 1} activates {creature.facts.name}")
            yield from self._activate(player, creature.facts, (entry,), Ctx(creature=creature), creature=creature,
                                      cost=creature.facts.cost_damage)
        else:
            raise ValueError(f"{action} is not a move of this phase")
        if self._unsettled():
            yield from self._settle()

    def _play(self, player: int, action: Play) -> _Steps:
        side = self.sides[player]
        facts = side.hand.pop(action.index)
        side.limbo.append(facts)
        if self.log is not None:
            self.say(f"P{player + 1} plays {facts.name}" + (f" on {action.label}" if action.label else ""))
        item = Item(player, facts, target=action.target, entries=facts.plays)
        if self._can_answer(1 - player, EV_MAGIC, item):
            yield from self._chain(1 - player, EV_MAGIC, item)
        yield from self._resolve_magic(item)

    def _resolve_magic(self, item: Item) -> _Steps:
        """A played magic resolves completely or not at all (6.2.3); a negated one pays no cost (6.2.2)."""
        player, facts = item.player, item.facts
        side = self.sides[player]
        if item.negated:
            if self.log is not None:
                self.say(f"{facts.name} is negated")
            side.limbo.remove(facts)
            self._to_cemetery(side, facts)
            return
        target = None
        if facts.pick is not None or facts.attach:
            target = self._creature(item.target) if (facts.attach or (
                facts.pick is not None and facts.pick.get("target") == "target_own_creature")) \
                else self._magic(item.target)
            if target is None or (type(target) is Creature and self.immune_to(target, player)):
                if self.log is not None:
                    self.say(f"{facts.name} fails: its target is gone")
                side.limbo.remove(facts)
                self._to_cemetery(side, facts)
                return
        if facts.needs and not self._resolvable(player, facts):
            if self.log is not None:
                self.say(f"{facts.name} fails to resolve")
            side.limbo.remove(facts)
            self._to_cemetery(side, facts)
            return
        if facts.cost_damage:
            primary = side.primary
            assert primary is not None  # (played with one; one a response removed since is not handled)
            self.hurt(primary, facts.cost_damage, INSTANT)
            if self.dead:
                yield from self._bury()
        magic = None
        if facts.infinite:
            side.limbo.remove(facts)
            magic = self._place(player, facts, target if facts.attach and type(target) is Creature else None)
            if magic.host is not None:
                yield from self._on_equip(player, magic.host)
        ctx = Ctx(magic=magic, target=target, item=item)
        for handler, entry in facts.steps:
            if handler is not None:
                handler(self, player, entry, ctx)
            else:
                yield from self._effect(player, entry, ctx)
        if not facts.infinite:
            side.limbo.remove(facts)
            side.cemetery.append(facts)  # (a magic: no HP for the cemetery's count)
        elif item.destroy_after and magic is not None and magic in side.magics.items:
            if self.log is not None:
                self.say(f"{facts.name} is destroyed after it resolves")
            self._remove_magic(magic)
            self._check_loss_quiet()
        if self.dead:
            yield from self._bury()

    def _on_equip(self, player: int, host: Creature) -> _Steps:
        """Hall of Heroes: once per turn, when you equip a magic to a (Humanoid) creature you control."""
        if host.owner != player:
            return
        for magic in list(self.sides[player].magics.items):
            for entry in magic.facts.on_equip:
                if magic.used & 4096 or not _matches(host.facts, entry.get("condition")):
                    continue
                magic.used |= 4096
                self.used_magics.append(magic)
                yield from self._effect(player, entry, Ctx(magic=magic, target=host))

    # -- responses and chains --

    def _affects(self, item: Item, creature: Creature | None) -> bool:
        """Whether a magic the opponent plays targets ``creature`` (Orbit Warden)."""
        if creature is None or not item.is_magic:
            return False
        if item.target == creature.uid:
            return True
        primary = self.sides[creature.owner].primary is creature
        for entry in (*item.facts.plays, *item.facts.responses):
            target = entry.get("target")
            if primary and target in ("enemy_primary", "all_primaries"):
                return True
            if target == "triggering_creature" and type(item.answers) is Strike and item.answers.attacker is creature:
                return True
        return False

    def _chain(self, responder: int, event: int, base: Item | Strike | Battle) -> _Steps:
        """A chain (14.3-14.4): each player may answer the last link with one card; then the links resolve
        in reverse order. ``base`` is what was played or happened (an Item, a Strike or a Battle)."""
        links: list[Item] = []
        answers = base
        while True:
            options = self._responses(responder, event, answers)
            if not options:
                break
            self.window = (event, answers)
            choice = yield (responder, "respond", options)
            self.window = None
            if choice is NO_RESPONSE:
                break
            side = self.sides[responder]
            if choice.uid >= 0:
                creature = self._creature(choice.uid)
                assert creature is not None  # (a legal response)
                creature.used |= 512
                link = Item(responder, creature.facts, creature=creature, is_magic=False, answers=answers,
                            entries=creature.facts.responses)
                if self.log is not None:
                    self.say(f"P{responder + 1} answers with {creature.facts.name}'s effect")
            else:
                facts = side.hand.pop(choice.index)
                side.limbo.append(facts)
                link = Item(responder, facts, answers=answers, entries=facts.responses)
                if self.log is not None:
                    self.say(f"P{responder + 1} answers with {facts.name}")
            links.append(link)
            answers = link
            event = EV_MAGIC if link.is_magic else EV_EFFECT
            responder = 1 - responder
        for link in reversed(links):
            yield from self._resolve_link(link)

    def _resolve_link(self, link: Item) -> _Steps:
        player, facts = link.player, link.facts
        side = self.sides[player]
        if link.negated:
            if self.log is not None:
                self.say(f"{facts.name} is negated")
            if link.is_magic:
                side.limbo.remove(facts)
                self._to_cemetery(side, facts)
            return
        if not link.is_magic and facts.cost_discard:
            # Orbit Warden: discard a card to negate
            if len(side.hand) < facts.cost_discard:
                return
            for _ in range(facts.cost_discard):
                options = _cost_discard_options(side.hand)
                choice = options[0] if len(options) == 1 else (yield (player, "cost_discard", options))
                card = side.hand.pop(choice.option)
                if self.log is not None:
                    self.say(f"P{player + 1} discards {card.name}")
                self._to_cemetery(side, card)
        ctx = Ctx(creature=link.creature, item=link)
        answers = link.answers
        if type(answers) is Strike:
            ctx.strike = answers
            ctx.opponent = answers.attacker
        for entry in link.entries:
            yield from self._response_effect(player, entry, link, ctx)
        if link.is_magic:
            side.limbo.remove(facts)
            self._to_cemetery(side, facts)
        if self.dead:
            yield from self._bury()

    def _response_effect(self, player: int, entry: Mapping[str, Any], link: Item, ctx: Ctx) -> _Steps:
        kind, target = entry["effect"], entry.get("target")
        answers = link.answers
        side = self.sides[player]
        if kind == "negate":
            if type(answers) is Item or type(answers) is Strike:
                answers.negated = True
            if self.log is not None:
                self.say(f"{link.facts.name} negates "
                         + (answers.facts.name if type(answers) is Item else "the attack"))
        elif kind == "destroy" and target == "triggering_card":
            if type(answers) is Item:
                answers.destroy_after = True
        elif kind == "modify" and target == "triggering_creature" and type(answers) is Strike:
            answers.bonus += int(entry["amount"])
            if self.log is not None:
                self.say(f"the Hit Roll gets {int(entry['amount']):+d}")
        elif kind == "reroll" and type(answers) is Strike:
            answers.reroll = True
        elif kind == "return_to_hand":
            primary = side.primary
            if primary is not None:
                self._leave(primary)
                side.hand.append(primary.facts)
                if self.log is not None:
                    self.say(f"P{player + 1} returns {primary.facts.name} to its hand")
                if type(answers) is Battle:
                    answers.cancelled = True
                self._check_loss_quiet()
                yield from self._replace(player)
        else:
            yield from self._effect(player, entry, ctx)

    # -- creature effects --

    def _activate(self, player: int, facts: Facts, entries: tuple[Mapping[str, Any], ...], ctx: Ctx, *,
                  creature: Creature | None, cost: int = 0) -> _Steps:
        """A creature effect activates: the opponent may negate it (Silence Sigil, Void Seal); then it resolves."""
        if self._can_answer(1 - player, EV_EFFECT):
            item = Item(player, facts, creature=creature, is_magic=False, entries=entries)
            yield from self._chain(1 - player, EV_EFFECT, item)
            if item.negated:
                if self.log is not None:
                    self.say(f"{facts.name}'s effect is negated")
                return
        if creature is not None and ctx.creature is creature and (creature.hp <= 0 or not self._creature_on(
                creature)) and entries[0].get("trigger") != "on_killed":
            return
        if cost:
            if creature is None or creature.hp <= cost:
                return
            self.hurt(creature, cost, INSTANT)
        for entry in entries:
            handler = _HANDLERS.get(entry["effect"])
            if handler is not None:
                handler(self, player, entry, ctx)
            else:
                yield from self._effect(player, entry, ctx)

    def _trigger(self, creature: Creature, trigger: str, ctx: Ctx) -> _Steps:
        """Fire a creature's triggered effects once per turn (5.2.1.11), if its effects apply."""
        entries = creature.facts.triggers.get(trigger)
        if not entries or not self.effects_on(creature):
            return
        bit = _ONCE[trigger]
        if creature.used & bit:
            return
        creature.used |= bit
        if trigger == "on_killed" and any((e.get("condition") or {}).get("in_battle") for e in entries):
            entries = tuple(e for e in entries if not (e.get("condition") or {}).get("in_battle") or ctx.opponent)
            if not entries:
                return
        yield from self._activate(creature.owner, creature.facts, entries, ctx, creature=creature)

    # -- effects --

    def _effect(self, player: int, entry: Mapping[str, Any], ctx: Ctx) -> _Steps:
        """Apply one effect entry (a generator: some effects ask their controller to choose)."""
        kind = entry["effect"]
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, player, entry, ctx)
            return
        if kind == "search_deck":
            yield from self._search(player, entry)
        elif kind == "revive":
            yield from self._revive(player, entry, ctx)
        elif kind == "summon":
            yield from self._limited_from_hand(player, entry, ctx)
        elif kind == "destroy":
            yield from self._destroy(player, entry, ctx)

    def _search(self, player: int, entry: Mapping[str, Any]) -> _Steps:
        side = self.sides[player]
        condition = entry.get("condition")
        amount = int(entry.get("amount", 1))
        memo = _match_memo(condition)
        for taken in range(amount):
            options = []
            for facts in dict.fromkeys(side.deck):  # the distinct cards, in deck order
                ok = memo.get(facts)
                if ok is None:
                    ok = memo[facts] = _matches(facts, condition)
                if ok:
                    options.append(_new(Choose, (facts, facts.name)))
            if not options:
                break
            if taken:
                options.append(STOP)
            choice = options[0] if len(options) == 1 else (yield (player, "search", options))
            if choice.option is None:
                break
            side.deck.remove(choice.option)
            side.hand.append(choice.option)
            if self.log is not None:
                self.say(f"P{player + 1} searches its deck for {choice.option.name}")
        self.shuffle(side.deck)

    def _revive(self, player: int, entry: Mapping[str, Any], ctx: Ctx) -> _Steps:
        side = self.sides[player]
        to: Any = entry.get("to")
        target = entry.get("target")
        if target in ("this", "triggering_creature"):
            source = ctx.creature if target == "this" else ctx.opponent
            facts = source.facts if source is not None else None
            if facts is not None and facts in side.cemetery:
                self._from_cemetery(side, facts)
                side.deck.append(facts)
                self.shuffle(side.deck)
                if self.log is not None:
                    self.say(f"{facts.name} is shuffled from P{player + 1}'s cemetery into its deck")
            return
        condition = entry.get("condition")
        amount = entry.get("amount", 1)
        if amount == "all":
            moved = [f for f in side.cemetery if f.is_creature]
            for facts in moved:
                self._from_cemetery(side, facts)
                side.deck.append(facts)
            self.shuffle(side.deck)
            if self.log is not None:
                self.say(f"P{player + 1} shuffles {len(moved)} creatures from its cemetery into its deck")
            return
        for taken in range(int(amount)):
            if to == "field" and (side.primary is None or len(side.limited) >= MAX_LIMITED):
                break
            seen: list[Facts] = []
            options = []
            for facts in side.cemetery:
                if facts.is_creature and facts not in seen and _matches(facts, condition):
                    seen.append(facts)
                    options.append(_new(Choose, (facts, facts.name)))
            if not options:
                break
            if taken:
                options.append(STOP)
            choice = options[0] if len(options) == 1 else (yield (player, "revive", options))
            if choice.option is None:
                break
            facts = choice.option
            self._from_cemetery(side, facts)
            if to == "hand":
                side.hand.append(facts)
            elif to == "deck":
                side.deck.append(facts)
            else:
                anchor = ctx.magic if ctx.magic is not None else ctx.creature
                self._enter(player, facts, limited=True, anchor=anchor)
            if self.log is not None:
                where = {"hand": "its hand", "deck": "its deck", "field": "the field as a Limited Summon"}[to]
                self.say(f"P{player + 1} returns {facts.name} from its cemetery to {where}")
        if to == "deck":
            self.shuffle(side.deck)

    def _limited_from_hand(self, player: int, entry: Mapping[str, Any], ctx: Ctx) -> _Steps:
        side = self.sides[player]
        condition = entry.get("condition")
        anchor = ctx.magic if ctx.magic is not None else ctx.creature
        for taken in range(int(entry.get("amount", 1))):
            if side.primary is None or len(side.limited) >= MAX_LIMITED:
                break
            seen: list[Facts] = []
            options = []
            for index, facts in enumerate(side.hand):
                if facts.is_creature and facts not in seen and _matches(facts, condition):
                    seen.append(facts)
                    options.append(_new(Choose, (index, facts.name)))
            if not options:
                break
            if taken or entry.get("optional"):
                options.append(STOP)
            choice = options[0] if len(options) == 1 else (yield (player, "limited", options))
            if choice.option is None:
                break
            facts = side.hand.pop(choice.option)
            self._enter(player, facts, limited=True, anchor=anchor)
            if self.log is not None:
                self.say(f"P{player + 1} Limited Summons {facts.name}")

    def _destroy(self, player: int, entry: Mapping[str, Any], ctx: Ctx) -> _Steps:
        target = entry.get("target")
        if target in ("all_enemy_magics", "all_magics"):
            keep = ctx.magic
            sides = (self.sides[1 - player],) if target == "all_enemy_magics" else self.sides
            for side in sides:
                for magic in list(side.magics.items):
                    if magic is not keep:
                        self._remove_magic(magic)
            self._check_loss_quiet()
            return
        if target in ("target_magic", "target_equip_magic") and type(ctx.target) is Magic:
            magic = ctx.target
        else:
            pool = self._field_magics(player) if target != "target_enemy_magic" \
                else list(self.sides[1 - player].magics.items)
            if target == "target_equip_magic":
                pool = [m for m in pool if m.facts.equip]
            if not pool:
                return
            options = [_new(Choose, (m.uid, f"{m.facts.name} (P{m.owner + 1})")) for m in pool]
            choice = options[0] if len(options) == 1 else (yield (player, "destroy", options))
            magic = next(m for m in pool if m.uid == choice.option)
        self._remove_magic(magic)
        self._check_loss_quiet()

    # -- dead creatures --

    def _bury(self) -> _Steps:
        """Send killed creatures to the cemetery (checking the 300 HP loss), then fire what their deaths trigger."""
        while self.dead:
            dead = [c for c in self.dead if self._creature_on(c)]
            self.dead.clear()
            if not dead:
                return
            equipped = []
            for creature in dead:
                side = self.sides[creature.owner]
                was_primary = side.primary is creature
                equipped.append(list(creature.equips))
                self._leave(creature)
                self._to_cemetery(side, creature.facts, check=False)
                if self.log is not None:
                    self.say(f"{_named(creature)} is killed: P{creature.owner + 1}'s cemetery {side.cem_hp} HP")
                if was_primary and self.phase == PH_COMBAT:
                    self.combat_over = True
            self._check_loss_quiet()
            for creature, equips in zip(dead, equipped, strict=False):
                yield from self._to_cemetery_triggers(creature, killed=True, equips=equips)

    def _to_cemetery_triggers(self, creature: Creature, *, killed: bool, equips: Sequence[Magic] = ()) -> _Steps:
        player = creature.owner
        side = self.sides[player]
        if killed:
            killer = creature.killer
            in_battle = self.battle is not None and killer is not None
            ctx = Ctx(creature=creature, opponent=killer if in_battle else None)
            if not creature.limited:
                yield from self._trigger(creature, "on_killed", ctx)
            for magic in equips:
                for entry in magic.facts.triggers.get("on_killed", ()):
                    yield from self._effect(magic.owner, entry, Ctx(magic=magic))
        for magic in list(side.magics.items):
            facts = magic.facts
            for trigger, bit in (("on_ally_to_cemetery", 1024), ("on_ally_killed", 2048)):
                if trigger == "on_ally_killed" and not killed:
                    continue
                for entry in facts.triggers.get(trigger, ()):
                    if magic.used & bit or not _matches(creature.facts, entry.get("condition")):
                        continue
                    if magic not in side.magics.items:
                        continue
                    magic.used |= bit
                    self.used_magics.append(magic)
                    yield from self._effect(player, entry, Ctx(magic=magic, opponent=creature))

    # -- the start and end of turns --

    def _start_of_turn(self, player: int) -> _Steps:
        side = self.sides[player]
        for creature in side.creatures():
            if creature.facts.triggers.get("start_of_turn"):
                yield from self._trigger(creature, "start_of_turn", Ctx(creature=creature))
        for magic in list(side.magics.items):
            if magic not in side.magics.items:
                continue
            for entry in magic.facts.triggers.get("start_of_turn", ()):
                yield from self._effect(player, entry, Ctx(magic=magic))
        if self._unsettled():
            yield from self._settle()

    def _end_of_combat(self, player: int) -> _Steps:
        """DOT and HOT tick (once per turn cycle, 11.1), then end-of-combat effects: the active player's side first
        each time (as replacements go, 14.4.4), never by seat."""
        turn = self.turn
        sides = (self.sides[player], self.sides[1 - player])
        for side in sides:
            for creature in side.creatures():
                dot = creature.dot
                if dot is not None and dot[2] == turn:
                    self.hurt(creature, dot[0], DOT)
                    dot[1] -= 1
                    dot[2] += 2
                    if dot[1] <= 0:
                        creature.dot = None
                hot = creature.hot
                if hot is not None and hot[2] == turn:
                    self.heal(creature, hot[0])
                    hot[1] -= 1
                    hot[2] += 2
                    if hot[1] <= 0:
                        creature.hot = None
        if self.dead:
            yield from self._bury()
        primary = self.sides[player].primary
        if primary is not None and primary.facts.triggers.get("end_of_combat"):
            yield from self._trigger(primary, "end_of_combat", Ctx(creature=primary))
        for side in sides:
            for magic in list(side.magics.items):
                for entry in magic.facts.triggers.get("end_of_combat", ()):
                    yield from self._effect(side.player, entry, Ctx(magic=magic))
        if self._unsettled():
            yield from self._settle()

    # -- battle --

    def _battle(self, attacker: Creature, defender: Creature) -> _Steps:
        """A battle (10.2): declaration, speed, the faster creature's Hit and Attack Damage Rolls, then the
        slower creature's if it lives. A primary creature's death ends the Combat phase."""
        battle = self.battle = Battle(attacker, defender)
        me = attacker.owner
        attacker.battled = True
        if self.log is not None:
            self.say(f"{_named(attacker)} battles {_named(defender)}")
        a_side = self.sides[me]
        d_side = self.sides[defender.owner]
        try:
            # the response events each player's hand answers (None: to be looked at again)
            masks: list[int | None] = [None, None]
            foe = self.sides[1 - me]
            mask = 0
            if not foe.dummy:
                for card in foe.hand:
                    mask |= card.resp
            if mask & EV_BATTLE:
                yield from self._chain(1 - me, EV_BATTLE, battle)
                if battle.cancelled or not self._live(defender) or not self._live(attacker):
                    return
            else:
                masks[1 - me] = mask
                if not (defender.hp > 0 and (d_side.primary is defender or defender in d_side.limited)
                        and attacker.hp > 0 and (a_side.primary is attacker or attacker in a_side.limited)):
                    return
            a_facts, d_facts = attacker.facts, defender.facts
            if a_facts.attack_negates or d_facts.attack_negates:
                masks = [None, None]
                for creature in (attacker, defender):
                    for entry in creature.facts.attack_negates:
                        if self.effects_on(creature) and not creature.used & 32:
                            creature.used |= 32
                            yield from self._activate(creature.owner, creature.facts, (entry,),
                                                      Ctx(creature=creature, opponent=battle.opponent(creature)),
                                                      creature=creature)
            first = self._first(battle)
            second = defender if first is attacker else attacker
            battle.first = first
            f_side = a_side if first is attacker else d_side
            s_side = d_side if first is attacker else a_side
            if a_facts.attack_others or d_facts.attack_others:
                for creature in (attacker, defender):
                    entries = creature.facts.attack_others
                    if entries and self.effects_on(creature) and not creature.used & 32:
                        wanted = tuple(e for e in entries if self._battle_condition(creature, e.get("condition")))
                        if wanted:
                            masks = [None, None]
                            creature.used |= 32
                            yield from self._activate(creature.owner, creature.facts, wanted,
                                                      Ctx(creature=creature, opponent=battle.opponent(creature)),
                                                      creature=creature)
            if not f_side.dummy:
                quick = self._quick_strike(first, second, masks)
                if quick < 0:
                    yield from self._strike(first, second)
                elif quick and self.dead:
                    yield from self._bury()
            if self.combat_over or not (
                    first.hp > 0 and second.hp > 0
                    and (f_side.primary is first or first in f_side.limited)
                    and (s_side.primary is second or second in s_side.limited)):
                return
            if not s_side.dummy:
                quick = self._quick_strike(second, first, masks)
                if quick < 0:
                    yield from self._strike(second, first)
                elif quick and self.dead:
                    yield from self._bury()
        finally:
            self.battle = None
        if self.dead:
            yield from self._bury()

    def _battle_condition(self, creature: Creature, condition: Mapping[str, Any] | None) -> bool:
        if not condition:
            return True
        return self._holds(creature, condition)

    def roll_hit(self, dice_count: int, bonus: int, al: int) -> tuple[list[int], bool, bool, bool]:
        """A Hit Roll of ``dice_count`` dice + ``bonus`` against ``al``: (dice, hit, critical hit, critical miss).
        All sixes is a critical hit (and a hit); all ones a critical miss (and a miss); one die cannot do either."""
        dice = self.roll(dice_count)
        hit, crit_hit, crit_miss = judge_hit(dice, bonus, al)
        return dice, hit, crit_hit, crit_miss

    def _say_roll(self, a: Creature, dice: list[int], bonus: int, al: int) -> None:
        self.say(f"{_named(a)} rolls {'+'.join(map(str, dice))}{bonus:+d} = {sum(dice) + bonus} against AL {al}")

    def _say_hit(self, a: Creature, hit: bool, crit_hit: bool, crit_miss: bool, extra: str = "") -> None:
        self.say(f"{_named(a)} " + ("scores a critical hit" if crit_hit else "critically misses" if crit_miss
                                       else "hits" if hit else "misses") + extra)

    def _strike(self, a: Creature, d: Creature) -> _Steps:
        """One creature's Hit Roll and, on a hit, its Attack Damage Roll (10.2 steps 3-4, 10.3)."""
        battle = self.battle
        assert battle is not None  # (in a battle)
        me, foe = a.owner, d.owner
        sepoch = self.sepoch
        plain = not (battle.mods or battle.negated)
        stats = a.pval if plain and a.skey == sepoch and not a.temps else self.profile(a)
        count = stats[HITD]
        bonus = stats[MOD] + stats[HITB]
        al = (d.pval if plain and d.skey == sepoch and not d.temps else self.profile(d))[AL]
        dice = self.roll(count)
        strike = Strike(a, d, dice, battle)
        log = self.log is not None
        if log:
            self._say_roll(a, dice, bonus, al)
        changed = False
        foe_side = self.sides[foe]
        mask = 0
        if not foe_side.dummy:
            for facts in foe_side.hand:
                mask |= facts.resp
        if mask & EV_HIT_ROLL:
            self.topic = (strike, bonus, al)
            yield from self._chain(foe, EV_HIT_ROLL, strike)
            if strike.negated or not self._live(a) or not self._live(d):
                return
            changed = True
            stats = self.profile(a)
            bonus = stats[MOD] + stats[HITB]
            al = self.profile(d)[AL]
            mask = self._hand_mask(foe)
            dice = strike.dice
        hit, crit_hit, crit_miss = judge_hit(dice, bonus + strike.bonus, al)
        if log:
            self._say_hit(a, hit, crit_hit, crit_miss, f" ({strike.bonus:+d} to the roll)" if strike.bonus else "")
        facts = a.facts
        if not hit and (facts.rerolls or a.equips):
            rerolls = self._rerolls(a)
            if rerolls is not None:
                self.topic = (strike, bonus + strike.bonus, al)
                choice = yield (me, "reroll", [YES, NO])
                if choice.option:
                    rerolls.used |= 8192
                    if type(rerolls) is Magic:
                        self.used_magics.append(rerolls)
                    hit, crit_hit, crit_miss = self._reroll(strike, count, bonus + strike.bonus, al, "rerolls")
                mask = self._hand_mask(foe)
        if hit and mask & EV_HIT_TAKEN:
            self.topic = (strike, bonus + strike.bonus, al)
            yield from self._chain(foe, EV_HIT_TAKEN, strike)
            if strike.negated or not self._live(a) or not self._live(d):
                return
            changed = True
            if strike.reroll:
                hit, crit_hit, crit_miss = self._reroll(strike, count, bonus + strike.bonus, self.profile(d)[AL],
                                                        "must reroll")
        if crit_miss:
            self.hurt(a, self.die(), SELF)
            return
        if not hit:
            return
        if facts.pact and not a.used & 256 and self.effects_on(a) and a.hp > facts.cost_damage:
            entry = facts.activated
            assert entry is not None  # (a pact is an activated effect)
            self.topic = (strike, bonus, al)
            choice = yield (me, "pact", [YES, NO])
            if choice.option:
                a.used |= 256
                yield from self._activate(me, facts, (entry,), Ctx(creature=a, opponent=d), creature=a,
                                          cost=facts.cost_damage)
                if not self._live(a):
                    return
                changed = True
        if changed:
            stats = self.profile(a)
        dealt = self._attack_damage(a, d, stats, crit_hit)
        fired = False
        if facts.on_hit:
            fired = True
            yield from self._trigger(a, "on_hit", Ctx(creature=a, opponent=d, strike=strike))
        if a.equips:
            for magic in list(a.equips):
                for entry in magic.facts.on_hit:
                    fired = True
                    yield from self._effect(magic.owner, entry, Ctx(magic=magic, opponent=d))
        if d.hp > 0 and d.facts.on_hit_taken:
            fired = True
            yield from self._trigger(d, "on_hit_taken", Ctx(creature=d, opponent=a))
        if dealt and d.hp > 0 and (self._hand_mask(foe) if fired or changed else mask) & EV_DAMAGE:
            self.topic = (strike, dealt, 0)
            yield from self._chain(foe, EV_DAMAGE, strike)
        if self.dead:
            yield from self._bury()

    def _reroll(self, strike: Strike, count: int, bonus: int, al: int, how: str) -> tuple[bool, bool, bool]:
        """A Hit Roll rolled again (Lucky Charm, Nebula Drifter, Dodge Roll): the new dice stand."""
        strike.dice = self.roll(count)
        hit, crit_hit, crit_miss = judge_hit(strike.dice, bonus, al)
        if self.log is not None:
            self.say(f"{_named(strike.attacker)} {how}: {'+'.join(map(str, strike.dice))} - "
                     + ("a critical hit" if crit_hit else "a critical miss" if crit_miss else "a hit" if hit
                        else "a miss"))
        return hit, crit_hit, crit_miss

    def _rerolls(self, creature: Creature) -> Creature | Magic | None:
        """What lets a creature reroll a missed Hit Roll now (Nebula Drifter, Lucky Charm), or None."""
        entry = creature.facts.activated
        if (entry is not None and entry["effect"] == "reroll" and self.effects_on(creature)
                and not creature.used & 8192):
            return creature
        for magic in creature.equips:
            entry = magic.facts.activated
            if entry is not None and entry["effect"] == "reroll" and not magic.used & 8192:
                return magic
        return None


    # -- turns, chains and battles: the plain (non-generator) steps --

    def _new_turn(self) -> None:
        """The start of a turn: once-per-turn uses and battles reset, temporary changes and magics expire."""
        turn = self.turn
        self.phase = PH_START
        self.combat_over = False
        expired = False
        for each in self.sides:
            creature = each.primary
            if creature is not None:
                creature.used = 0
                creature.battled = False
                if creature.temps:
                    creature.temps = [temp for temp in creature.temps if temp[2] > turn]
            for creature in each.limited:
                creature.used = 0
                creature.battled = False
                if creature.temps:
                    creature.temps = [temp for temp in creature.temps if temp[2] > turn]
            if self.expiring:
                for magic in each.magics.items:
                    if magic.expires <= turn:
                        expired = True
        used = self.used_magics
        if used:
            for magic in used:
                magic.used = 0
            used.clear()
        if expired:
            for each in (self.sides[self.active], self.sides[1 - self.active]):  # (the active player's first)
                for magic in list(each.magics.items):
                    if magic.expires <= turn:
                        self._remove_magic(magic)
            self._check_loss_quiet()

    def _creature(self, uid: int) -> Creature | None:
        for side in self.sides:
            if side.primary is not None and side.primary.uid == uid:
                return side.primary
            for creature in side.limited:
                if creature.uid == uid:
                    return creature
        return None

    def _magic(self, uid: int) -> Magic | None:
        for side in self.sides:
            for magic in side.magics.items:
                if magic.uid == uid:
                    return magic
        return None

    def _unsettled(self) -> bool:
        """Whether a creature died, or a player who has fielded a creature has no primary creature."""
        if self.dead:
            return True
        for side in self.sides:
            if side.primary is None and side.fielded:
                return True
        return False

    def _creature_on(self, creature: Creature) -> bool:
        side = self.sides[creature.owner]
        return side.primary is creature or creature in side.limited

    def _play_plain(self, player: int, action: Play) -> None:
        """:meth:`_play` and :meth:`_resolve_magic` for a simple magic nobody can answer (not a generator; the
        caller buries the dead)."""
        side = self.sides[player]
        facts = side.hand.pop(action.index)
        if self.log is not None:
            self.say(f"P{player + 1} plays {facts.name}" + (f" on {action.label}" if action.label else ""))
        if facts.needs and not self._resolvable(player, facts):
            if self.log is not None:
                self.say(f"{facts.name} fails to resolve")
            self._to_cemetery(side, facts)
            return
        item = Item(player, facts, target=action.target, entries=facts.plays)
        magic = self._place(player, facts, None) if facts.infinite else None
        ctx = Ctx(magic=magic, item=item)
        if facts.infinite:
            for handler, entry in facts.steps:
                assert handler is not None  # (a simple magic's effects all have handlers)
                handler(self, player, entry, ctx)
        else:
            side.limbo.append(facts)
            for handler, entry in facts.steps:
                assert handler is not None
                handler(self, player, entry, ctx)
            side.limbo.remove(facts)
            side.cemetery.append(facts)  # (a magic: no HP for the cemetery's count)

    def _resolvable(self, player: int, facts: Facts) -> bool:
        side, enemy = self.sides[player], self.sides[1 - player]
        for entry in facts.plays:
            target = entry.get("target")
            if target == "own_primary" and side.primary is None:
                return False
            if target in ("enemy_primary", "all_primaries") and (
                    enemy.primary is None or self.immune_to(enemy.primary, player)):
                return False
        return True

    def _can_answer(self, player: int, event: int, item: Item | None = None) -> bool:
        """Whether ``player`` holds anything that could answer ``event`` (a cheap test before a window)."""
        side = self.sides[player]
        if side.dummy:
            return False
        for facts in side.hand:
            if facts.resp & event:
                return True
        if event == EV_MAGIC:
            primary = side.primary
            if primary is not None and primary.facts.resp & EV_MAGIC:
                return True
            for creature in side.limited:
                if creature.facts.resp & EV_MAGIC:
                    return True
        return False

    def _responses(self, player: int, event: int, answers: Any) -> list[WardAction]:
        """The responses ``player`` may make to ``answers`` (an Item, a Strike or a Battle)."""
        side = self.sides[player]
        options: list[WardAction] = []
        seen: list[Facts] = []
        first_cycle = self.turn <= FIRST_CYCLE
        for index, facts in enumerate(side.hand):
            if not facts.resp & event or facts in seen:
                continue
            seen.append(facts)
            if first_cycle and facts.damaging:
                continue
            if self._response_ok(player, facts, event, answers):
                options.append(_new(Respond, (index, facts.name, -1)))
        if event == EV_MAGIC:
            for creature in side.creatures():
                facts = creature.facts
                if facts.resp & EV_MAGIC and self.effects_on(creature) and not creature.used & 512 and len(
                        side.hand) >= max(1, facts.cost_discard) and self._response_ok(player, facts, event, answers,
                                                                                         creature):
                    options.append(_new(Respond, (-1, facts.name, creature.uid)))
        if options:
            options.append(NO_RESPONSE)
        return options

    def _response_ok(self, player: int, facts: Facts, event: int, answers: Any,
                       creature: Creature | None = None) -> bool:
        side = self.sides[player]
        enemy = self.sides[1 - player]
        for entry in facts.responses:
            condition = entry.get("condition") or {}
            kind, target = entry["effect"], entry.get("target")
            is_item = type(answers) is Item
            if condition.get("damages_own_primary") and (
                    not is_item or not answers.facts.hits_enemy or side.primary is None):
                return False
            if "magic_type" in condition and (
                    not is_item or not answers.is_magic or answers.facts.magic_type != condition["magic_type"]):
                return False
            if condition.get("targets_this") and (not is_item or not self._affects(answers, creature)):
                return False
            if kind == "negate":
                what = entry.get("what")
                if what == "magic" and (type(answers) is not Item or not answers.is_magic):
                    return False
                if what == "creature_effect" and (type(answers) is not Item or answers.is_magic):
                    return False
                if what == "any" and type(answers) is not Item:
                    return False
                if what == "attack" and (type(answers) is not Strike or self.immune_to(answers.attacker, player)):
                    return False
            if target == "triggering_creature" and (
                    type(answers) is not Strike or self.immune_to(answers.attacker, player)):
                return False
            if target == "own_primary":
                if side.primary is None:
                    return False
                if event == EV_HIT_TAKEN and (type(answers) is not Strike or answers.defender is not side.primary):
                    return False
                if event == EV_DAMAGE and (type(answers) is not Strike or answers.defender is not side.primary):
                    return False
                if event == EV_BATTLE and (type(answers) is not Battle or answers.defender is not side.primary):
                    return False
            if target == "enemy_primary" and (enemy.primary is None or self.immune_to(enemy.primary, player)):
                return False
            if target == "triggering_card" and kind == "destroy" and (not is_item or not answers.is_magic):
                return False
        return True

    def _targets(self, player: int, entry: Mapping[str, Any], ctx: Ctx) -> list[Creature]:
        target = entry.get("target")
        if target == "this":
            return [ctx.creature] if ctx.creature is not None else []
        if target == "attached":
            magic = ctx.magic
            return [magic.host] if magic is not None and magic.host is not None else []
        if target == "own_primary":
            primary = self.sides[player].primary
            return [primary] if primary is not None else []
        if target == "enemy_primary":
            primary = self.sides[1 - player].primary
            return [primary] if primary is not None else []
        if target == "battle_opponent":
            return [ctx.opponent] if ctx.opponent is not None else []
        if target == "target_own_creature":
            return [ctx.target] if type(ctx.target) is Creature else []
        if target == "all_own_creatures":
            return self.sides[player].creatures()
        if target == "all_primaries":
            return [s.primary for s in (self.sides[player], self.sides[1 - player]) if s.primary is not None]
        if target == "summoned_creature":
            return [ctx.summoned] if ctx.summoned is not None else []
        if target == "triggering_creature":
            return [ctx.opponent] if ctx.opponent is not None else []
        return []

    def _live(self, creature: Creature | None) -> bool:
        return creature is not None and creature.hp > 0 and self._creature_on(creature)

    def _affected(self, creature: Creature, player: int, ctx: Ctx) -> bool:
        """A creature an effect may touch: on the field and alive, and not immune to ``player``'s magic."""
        if creature is None or creature.hp <= 0:
            return False
        side = self.sides[creature.owner]
        if side.primary is not creature and creature not in side.limited:
            return False
        if creature.owner == player or not creature.facts.immune:
            return True
        magic = ctx.magic is not None or (ctx.item is not None and ctx.item.is_magic)
        return not (magic and self.immune_to(creature, player))

    def _start_triggers(self, player: int) -> bool:
        side = self.sides[player]
        primary = side.primary
        if primary is not None and primary.facts.start:
            return True
        for magic in side.magics.items:
            if magic.facts.start:
                return True
        return False

    def _combat_ends(self, player: int) -> bool:
        """Whether the end of this Combat phase has anything to do (DOT, HOT, end-of-combat effects)."""
        for side in self.sides:
            primary = side.primary
            if primary is not None and (primary.dot is not None or primary.hot is not None or (
                    primary.facts.end_combat and side.player == player)):
                return True
            for magic in side.magics.items:
                if magic.facts.end_combat:
                    return True
        return False

    def _first(self, battle: Battle) -> Creature:
        """Who strikes first in ``battle`` (:meth:`_order`, inlined but for a tie)."""
        attacker, defender = battle.attacker, battle.defender
        fa = self.strikes_first(attacker) if attacker.facts.first or attacker.temps or attacker.equips else False
        fb = self.strikes_first(defender) if defender.facts.first or defender.temps or defender.equips else False
        if fa != fb:
            return attacker if fa else defender
        if fa:
            return self._order(attacker, defender)[0]
        sepoch = self.sepoch
        plain = not (battle.mods or battle.negated)
        sa = (attacker.pval if plain and attacker.skey == sepoch and not attacker.temps
              else self.profile(attacker))[SPD]
        sb = (defender.pval if plain and defender.skey == sepoch and not defender.temps
              else self.profile(defender))[SPD]
        if sa > sb:
            return attacker
        if sb > sa:
            return defender
        return self._order(attacker, defender)[0]

    def _equips_quiet(self, creature: Creature) -> bool:
        """Whether none of the creature's equips rerolls or triggers on a hit."""
        for magic in creature.equips:
            if magic.facts.on_hit or magic.facts.rerolls:
                return False
        return True

    def _order(self, a: Creature, b: Creature) -> tuple[Creature, Creature]:
        """Who battles first: an effect that says so, else the higher SPD; ties (or both 'first') roll a die each."""
        fa = self.strikes_first(a) if a.facts.first or a.temps or a.equips else False
        fb = self.strikes_first(b) if b.facts.first or b.temps or b.equips else False
        if fa != fb:
            return (a, b) if fa else (b, a)
        if not fa:
            sepoch = self.sepoch
            battle = self.battle
            plain = battle is None or not (battle.mods or battle.negated)
            sa = (a.pval if plain and a.skey == sepoch and not a.temps else self.profile(a))[SPD]
            sb = (b.pval if plain and b.skey == sepoch and not b.temps else self.profile(b))[SPD]
            if sa != sb:
                return (a, b) if sa > sb else (b, a)
        while True:
            ra, rb = self.die(), self.die()
            if ra != rb:
                if self.log is not None:
                    self.say(f"speed tie: {_named(a)} rolls {ra}, {_named(b)} rolls {rb}")
                return (a, b) if ra > rb else (b, a)

    def _hand_mask(self, player: int) -> int:
        """The response events the cards in ``player``'s hand answer (0 for the training dummies)."""
        side = self.sides[player]
        mask = 0
        if not side.dummy:
            for facts in side.hand:
                mask |= facts.resp
        return mask

    def _quick_strike(self, striker: Creature, struck: Creature, masks: list[int | None]) -> int:
        """``striker``'s strike on ``struck`` resolved at once when nothing can answer or join it: no card in the
        struck player's hand answers a strike (``masks``: each player's answering events, ``None`` when unknown),
        no strike effect on either creature or on the striker's equips. Returns :meth:`_strike_plain`'s answer
        (0 or 1), or -1 when the strike needs the full resolution (:meth:`WardState._strike`); ``masks`` is then
        forgotten, as effects may change the hands."""
        mask = masks[struck.owner]
        if mask is None:
            mask = self._hand_mask(struck.owner)
        if mask & _STRIKE_EVENTS or striker.facts.strike_busy or struck.facts.on_hit_taken or (
                striker.equips and not self._equips_quiet(striker)):
            masks[0] = masks[1] = None
            return -1
        return 1 if self._strike_plain(striker, struck) else 0

    def _strike_plain(self, a: Creature, d: Creature) -> bool:
        """:meth:`_strike` when it can neither ask anything nor trigger anything (no response in the defender's
        hand, no reroll, pact, on-hit or hit-taken effect): not a generator. False when it ends before the damage
        step (a miss), so that the caller does not bury (as :meth:`_strike` does not)."""
        battle = self.battle
        assert battle is not None  # (in a battle)
        sepoch = self.sepoch
        plain = not (battle.mods or battle.negated)
        stats = a.pval if plain and a.skey == sepoch and not a.temps else self.profile(a)
        bonus = stats[MOD] + stats[HITB]
        al = (d.pval if plain and d.skey == sepoch and not d.temps else self.profile(d))[AL]
        if stats[HITD] == 2 and self.draw is self.rec:  # state.roll(2) and judge_hit, inlined
            rnd = self.rnd
            v0 = rnd()
            v1 = rnd()
            self.draws += (v0, v1)
            d0 = int(v0 * 6) + 1
            d1 = int(v1 * 6) + 1
            dice = [d0, d1]
            if d0 == d1 and (d0 == 6 or d0 == 1):
                hit = crit_hit = d0 == 6
                crit_miss = not hit
            else:
                hit, crit_hit, crit_miss = d0 + d1 + bonus >= al, False, False
        else:
            dice = self.roll(stats[HITD])
            hit, crit_hit, crit_miss = judge_hit(dice, bonus, al)
        if self.log is not None:
            self._say_roll(a, dice, bonus, al)
            self._say_hit(a, hit, crit_hit, crit_miss)
        if crit_miss:
            self.hurt(a, self.die(), SELF)
            return False
        if not hit:
            return False
        self._attack_damage(a, d, stats, crit_hit)
        return True

    def _attack_damage(self, a: Creature, d: Creature, stats: Sequence[int], crit_hit: bool) -> int:
        """A hit's Attack Damage Roll (10.2 step 3) and its damage: Attack Dice + modifier + bonuses, times each
        multiplier, doubled by a critical hit, less the defender's reduction; returns the damage dealt."""
        battle = self.battle
        assert battle is not None  # (in a battle)
        damage = stats[MOD] + stats[DMGB]
        draw = self.draw
        if draw is self.rec:  # the game's own dice, recorded (state.roll, inlined)
            rnd = self.rnd
            note = self.draws.append
            for _ in range(stats[ATKD]):
                value = rnd()
                note(value)
                damage += int(value * 6) + 1
        else:
            for _ in range(stats[ATKD]):
                damage += int(draw() * 6) + 1
        if a.temps or battle.mults:
            for factor in self.multipliers(a):
                damage *= factor
        if crit_hit:
            damage *= 2
        reduction = d.aval if d.skey == self.sepoch and not d.temps and d.facts.armor_stable and not battle.negated \
            else self.armor(d, stats[AL])
        dealt = self.hurt(d, 0 if reduction is None else damage - reduction, ATTACK, a)
        if dealt == 0 and self.log is not None:
            self.say(f"{_named(a)} hits {_named(d)} for no damage")
        return dealt

    # -- copies (clone and determinize) --

    def _fits(self, side: Side) -> bool:
        """Whether a redealt hand fits the decision its player is at (what the other player knows of it): the
        opening's mulligan and the Field Rule's replacement come with a playable creature; a response window opens
        only with a response to make."""
        kind = self.kind
        if kind == "mulligan" or kind == "replace":
            return self._has_summon(side)
        if kind == "respond":
            assert self.window is not None  # (a response window is open)
            event, answers = self.window
            return bool(self._responses(side.player, event, answers))
        return True

    def _deal(self, player: int, rng: Random) -> tuple[_Dealt, ...]:
        """What ``player`` cannot see, redealt with ``rng``: per side, None (kept) or (hand or None, deck).

        The other player's hand and deck are pooled in decklist order, shuffled and dealt back at the same sizes
        (redealt up to _DEAL_TRIES times until the hand fits the decision that player is at, _fits); while that
        player is choosing from its own deck or hand by a condition (a search, a Limited Summon from hand) both are
        kept. ``player``'s own deck is shuffled from decklist order, but kept while it is searching it (it is shown
        it). Sides are dealt in seat order, so the draws from ``rng`` depend only on what ``player`` sees."""
        dealt: list[_Dealt] = []
        over = self.over
        who = self.who
        kind = self.kind
        for side in self.sides:
            if side.dummy:
                dealt.append(None)
                continue
            decklist = self.config[0][side.player]
            assert decklist is not None  # (a side without a decklist is a dummy's)
            rank = _ranks(decklist)
            if side.player == player:
                if not over and who == player and kind == "search":
                    dealt.append(None)
                    continue
                deck = _canonical(side.deck, rank)
                shuffle(deck, rng)
                dealt.append((None, tuple(deck)))
                continue
            deciding = not over and who == side.player
            if deciding and (kind == "search" or kind == "limited"):
                dealt.append(None)
                continue
            size = len(side.hand)
            pool = _canonical(side.hand + side.deck, rank)
            hand = side.hand
            kept = list(hand)
            cards: list[Facts] | None = pool
            for _ in range(_DEAL_TRIES):
                cards = list(pool)
                shuffle(cards, rng)
                if not deciding:
                    break
                hand[:] = cards[:size]
                if self._fits(side):
                    break
            else:
                cards = None  # (no redeal fits: the hand is kept, the deck's order redealt)
            hand[:] = kept
            if cards is None:
                deck = _canonical(side.deck, rank)
                shuffle(deck, rng)
                dealt.append((None, tuple(deck)))
            else:
                dealt.append((tuple(cards[:size]), tuple(cards[size:])))
        return tuple(dealt)

    def _refit(self, fix: _Fix) -> None:
        """Put a redeal (_deal) into the game; when the deciding player's hand changed, its options are rebuilt."""
        _, player, dealt = fix
        for side, cards in zip(self.sides, dealt, strict=False):
            if cards is not None:
                hand, deck = cards
                if hand is not None:
                    side.hand[:] = hand
                side.deck[:] = deck
        if self.over:
            return
        kind = self.kind
        if kind == "main" or kind == "main2" or kind == "combat":
            self.options = None  # (listed when asked, from the game as it is now)
            return
        who = self.who
        cards = dealt[who]
        if cards is None or cards[0] is None:
            return
        side = self.sides[who]
        if kind == "discard":
            self.options = _discard_options(side.hand)
        elif kind == "cost_discard":
            self.options = _cost_discard_options(side.hand)
        elif kind == "replace":
            self.options = self._replace_options(who)
        elif kind == "respond":
            assert self.window is not None  # (a response window is open)
            event, answers = self.window
            self.options = self._responses(who, event, answers) or [NO_RESPONSE]

    def _board_to(self, dst: WardState) -> None:
        """Copy the game ``src`` as it stands between two turns (no battle, chain or decision under way) into the
        blank ``dst``: every zone, creature and magic (new objects, references kept by uid), the counters."""
        dst.sepoch = self.sepoch
        dst.turn = self.turn
        dst.max_turns = self.max_turns
        dst.time_out = self.time_out
        dst.setup_draw = self.setup_draw
        dst.config = self.config
        dst.goldfish = self.goldfish
        dst.active = self.active
        dst.phase = self.phase
        dst.combat_over = self.combat_over
        dst.next_uid = self.next_uid
        dst.own_turns = self.own_turns
        dst.expiring = self.expiring
        dst.result = self.result
        dst.over = self.over
        dst.topic = self.topic
        dst.window = self.window
        dst.battle = None
        creatures: dict[int, Creature] = {}
        magics: dict[int, Magic] = {}
        olds = []
        for side in self.sides:
            if side.primary is not None:
                olds.append(side.primary)
            olds.extend(side.limited)
        for old in olds:
            new = Creature(old.facts, old.uid, old.owner)
            new.hp = old.hp
            new.limited = old.limited
            new.blank = old.blank
            new.battled = old.battled
            new.used = old.used
            new.temps = [list(temp) for temp in old.temps]
            new.dot = None if old.dot is None else list(old.dot)
            new.hot = None if old.hot is None else list(old.hot)
            creatures[old.uid] = new
        for side in self.sides:
            for old_magic in side.magics.items:
                host = old_magic.host
                new_magic = Magic(old_magic.facts, old_magic.uid, old_magic.owner,
                                  None if host is None else creatures.get(host.uid, host))
                new_magic.expires = old_magic.expires
                new_magic.used = old_magic.used
                magics[old_magic.uid] = new_magic
        for old in olds:
            new = creatures[old.uid]
            anchor = old.anchor
            if anchor is not None:
                new.anchor = (creatures if type(anchor) is Creature else magics).get(anchor.uid, anchor)
            new.equips = [magics[m.uid] for m in old.equips]
            killer = old.killer
            new.killer = None if killer is None else creatures.get(killer.uid, killer)
        sides = []
        for side in self.sides:
            new_side = Side(side.player, list(side.deck), dummy=side.dummy)
            new_side.size = side.size
            new_side.hand = list(side.hand)
            new_side.cemetery = list(side.cemetery)
            new_side.cem_hp = side.cem_hp
            new_side.limbo = list(side.limbo)
            new_side.summoned = side.summoned
            new_side.started = side.started
            new_side.fielded = side.fielded
            new_side.primary = None if side.primary is None else creatures[side.primary.uid]
            new_side.limited = [creatures[c.uid] for c in side.limited]
            new_side.magics.extend([magics[m.uid] for m in side.magics.items])
            new_side.magics.state = dst
            sides.append(new_side)
        dst.sides = sides
        dst.sepoch = self.sepoch
        dst.used_magics = [magics[m.uid] for m in self.used_magics if m.uid in magics]
        dst.dead = [creatures.get(c.uid, c) for c in self.dead]

    def _rebuild(self, log: bool) -> WardState:
        """The game replayed (for clone and determinize): from its copy at the start of this turn when it keeps
        one (``snap``), the turn's actions and dice and redeals (``fixes``) on top; else from its seed."""
        snap = self.snap
        decks, seed, first, max_turns, _, goldfish = self.config
        if log or snap is None or snap is True:
            # from the first move; a game being determinized gets the copy of this turn's start the replay makes
            keep = None if log or snap is None else self.turn
            twin = _new_state(decks, seed=seed, first=first, max_turns=max_turns, log=log, goldfish=goldfish,
                              time_out=self.time_out, setup_draw=self.setup_draw, replay=_replayer(self.draws),
                              actions=list(self.history), recorded=self.draws, fixes=self.fixes, snap=keep)
            if keep is not None:
                if type(twin.snap) is tuple:
                    at, left, board = twin.snap
                    self.snap = (at, len(self.draws) + left, board)
                twin.snap = None
            return twin
        assert isinstance(snap, tuple)  # (a turn-start copy: neither None nor True here)
        at, drawn, board = snap
        twin = WardState()
        board._board_to(twin)
        twin.fixes = self.fixes
        twin.snap = None
        twin.log = None
        twin.rng = new_rng(seed)
        twin.rnd = twin.rng.random
        twin.draws = []
        twin.draw, twin.draw_many = _replayer(self.draws[drawn:])
        twin.rec = None
        history = self.history
        twin.history = history[:at]
        twin.who = twin.active
        twin.kind = "start"
        twin.options = None
        twin.gen = twin._game(False)
        twin.resume = twin.gen.send
        try:
            twin.who, twin.kind, twin.options = next(twin.gen)
        except (_Over, StopIteration):
            twin._finish()
        pending = [fix for fix in self.fixes if fix[0] >= at]
        pending.reverse()
        for index in range(at, len(history)):
            while pending and pending[-1][0] == index:
                twin._refit(pending.pop())
            twin.apply(history[index])
        while pending:
            twin._refit(pending.pop())
        twin.draws = list(self.draws)
        twin.draw, twin.draw_many = _recorder(twin.rng, twin.draws)
        twin.rec = twin.draw
        return twin


def judge_hit(dice: list[int], bonus: int, al: int) -> tuple[bool, bool, bool]:
    """(hit, critical hit, critical miss) of a Hit Roll (10.2.3, 10.3)."""
    if len(dice) == 2:
        d0, d1 = dice
        if d0 == d1 and (d0 == 6 or d0 == 1):
            return (True, True, False) if d0 == 6 else (False, False, True)
        return d0 + d1 + bonus >= al, False, False
    if len(dice) > 2:
        low = high = True
        for die in dice:
            if die != 1:
                low = False
            if die != 6:
                high = False
        if high:
            return True, True, False
        if low:
            return False, False, True
    return sum(dice) + bonus >= al, False, False


def _matches(facts: Facts, condition: Mapping[str, Any] | None) -> bool:
    """Whether a card meets a selection condition (card type, creature type, sub-type, AL bounds)."""
    if not condition:
        return True
    for key, wanted in condition.items():
        if key == "card_type":
            if ("creature" if facts.is_creature else "magic") != wanted:
                return False
        elif key == "creature_type":
            if facts.ctype != str(wanted).casefold():
                return False
        elif key == "sub_type":
            if facts.sub_type != wanted:
                return False
        elif key == "magic_type":
            if facts.magic_type != wanted:
                return False
        elif key in ("al_at_most", "al_at_least") and (
                not facts.is_creature or (facts.al > wanted if key == "al_at_most" else facts.al < wanted)):
            return False
    return True


_MEMOS: Final[dict[int, tuple[Mapping[str, Any] | None, dict[Facts, bool]]]] = {}


def _match_memo(condition: Mapping[str, Any] | None) -> dict[Facts, bool]:
    """A memo of :func:`_matches` for one condition (cards and their conditions never change)."""
    entry = _MEMOS.get(id(condition))
    if entry is None or entry[0] is not condition:
        if len(_MEMOS) > 4096:
            _MEMOS.clear()
        entry = _MEMOS[id(condition)] = (condition, {})
    return entry[1]


def _any_match(cards: list[Facts], condition: Mapping[str, Any] | None, skip: Facts | None) -> bool:
    """Whether a creature card among ``cards`` (other than ``skip``) meets ``condition``."""
    for f in cards:
        if f.is_creature and f is not skip and _matches(f, condition):
            return True
    return False


def _summoned_type_ok(entry: Mapping[str, Any], summoned: Facts) -> bool:
    wanted = (entry.get("condition") or {}).get("summoned_type")
    return wanted is None or summoned.ctype == str(wanted).casefold()


# --- effect handlers (no choices) ------------------------------------------------------------------


def _expiry(state: WardState, entry: Mapping[str, Any]) -> int:
    duration = entry.get("duration")
    if duration == "turn_cycles":
        return state.turn + 2 * int(entry.get("cycles", 1))
    if duration == "this_turn":
        return state.turn + 1
    return FOREVER


def _do_modify(state: WardState, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    stat = STATS[entry["stat"]]
    amount = int(entry["amount"])
    duration = entry.get("duration")
    for creature in state._targets(player, entry, ctx):
        if not state._affected(creature, player, ctx):
            continue
        if duration == "this_battle":
            battle = state.battle
            if battle is None:
                continue
            extra = battle.mods.get(creature)
            if extra is None:
                extra = battle.mods[creature] = [0] * 7
            extra[stat] += amount
        elif duration == "this_roll":
            if ctx.strike is not None:
                ctx.strike.bonus += amount
        else:
            creature.temps.append([stat, amount, _expiry(state, entry)])
        if state.log is not None:
            state.say(f"{_named(creature)} gets {amount:+d} {entry['stat'].replace('_', ' ')}")


def _do_damage(state: WardState, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    if (entry.get("condition") or {}).get("in_battle") and ctx.opponent is None:
        return
    for creature in state._targets(player, entry, ctx):
        if not state._affected(creature, player, ctx):
            continue
        if "percent" in entry:
            amount, kind = creature.hp * int(entry["percent"]) // 100, PERCENT
        elif "dice" in entry:
            amount, kind = sum(state.roll(int(entry["dice"]))), INSTANT
        else:
            amount, kind = int(entry.get("amount", 0)), INSTANT
        state.hurt(creature, amount, kind, ctx.creature)


def _do_over_time(state: WardState, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    """DOT/HOT: once per turn cycle from the end of this turn's combat (the next one if it is over); they do
    not stack (11.3)."""
    hot = entry["effect"] == "heal_over_time"
    start = state.turn if state.phase <= PH_COMBAT else state.turn + 1
    for creature in state._targets(player, entry, ctx):
        if not state._affected(creature, player, ctx):
            continue
        if state.turn <= FIRST_CYCLE and not hot:
            continue
        record = [int(entry["amount"]), int(entry.get("cycles", 1)), start]
        if hot:
            if creature.hot is None:
                creature.hot = record
        elif creature.dot is None:
            creature.dot = record
            if state.log is not None:
                state.say(f"{_named(creature)} suffers {record[0]} damage over time for {record[1]} turn cycles")


def _do_heal(state: WardState, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    for creature in state._targets(player, entry, ctx):
        if state._affected(creature, player, ctx):
            state.heal(creature, int(entry["amount"]))


def _do_multiply(state: WardState, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    factor = int(entry["factor"])
    for creature in state._targets(player, entry, ctx):
        if not state._affected(creature, player, ctx):
            continue
        if entry.get("duration") == "this_battle":
            battle = state.battle
            if battle is not None:
                battle.mults.setdefault(creature, []).append(factor)
        else:
            creature.temps.append([T_MULT, factor, _expiry(state, entry)])
        if state.log is not None:
            state.say(f"{_named(creature)} inflicts {factor}x Attack Damage")


def _do_strike_first(state: WardState, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    for creature in state._targets(player, entry, ctx):
        if state._affected(creature, player, ctx):
            creature.temps.append([T_FIRST, 1, _expiry(state, entry)])


def _do_prevent(state: WardState, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    what = entry.get("what")
    for creature in state._targets(player, entry, ctx):
        if not state._affected(creature, player, ctx):
            continue
        until = _expiry(state, entry)
        if what in ("attack_damage", "damage"):
            creature.temps.append([T_ARMOR, entry.get("amount"), until])
        if what in ("instant_damage", "damage"):
            creature.temps.append([T_NO_INSTANT, 1, until])


def _do_negate(state: WardState, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    """Null Engine: the creature it battles loses its effects for this battle."""
    battle = state.battle
    if battle is not None and ctx.opponent is not None:
        battle.negated.add(ctx.opponent)
        if state.log is not None:
            state.say(f"{_named(ctx.opponent)}'s effects are negated for this battle")


def _do_draw(state: WardState, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    drawn = state._draw_cards(state.sides[player], int(entry.get("amount", 1)))
    if state.log is not None and drawn:
        state.say(f"P{player + 1} draws {drawn}")


def _do_discard(state: WardState, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    side = state.sides[1 - player]
    for _ in range(int(entry.get("amount", 1))):
        if not side.hand:
            break
        facts = side.hand.pop(int(state.draw() * len(side.hand)))
        if state.log is not None:
            state.say(f"P{side.player + 1} discards {facts.name} at random")
        state._to_cemetery(side, facts)


def _do_reroll(state: WardState, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    if ctx.strike is not None:
        ctx.strike.reroll = True


_HANDLERS: Final = {"modify": _do_modify, "damage": _do_damage, "damage_over_time": _do_over_time,
             "heal_over_time": _do_over_time, "heal": _do_heal, "multiply_damage": _do_multiply,
             "strike_first": _do_strike_first, "prevent": _do_prevent, "negate": _do_negate, "draw": _do_draw,
             "discard": _do_discard, "reroll": _do_reroll}


# --- setting up ---------------------------------------------------------------------------------


_FACTS: Final[dict[tuple[Card, bool], Facts]] = {}


def facts_of(card: Card, vanilla: bool = False) -> Facts:
    """A card's compiled facts, built once per process (cards are immutable)."""
    compiled = _FACTS.get((card, vanilla))
    if compiled is None:
        compiled = _FACTS[(card, vanilla)] = Facts(card, vanilla)
    return compiled


DUMMY: Final = Card(game="ward", name="Training Dummy", type="creature", set_code="GOLDFISH",
             fields={"name": "Training Dummy", "type": "creature", "creature_type": "none", "al": 5, "spd": 1,
                     "hp": 50, "attack_name": "None", "attack_dice": 1, "modifier": 0, "text": "", "effects": []})


def _dummy_facts() -> Facts:
    return facts_of(DUMMY)


_DECKS: Final[dict[tuple[int, bool], tuple[Deck, list[Facts]]]] = {}


def _compiled(deck: Deck, vanilla: bool) -> list[Facts]:
    """The deck's cards as facts, compiled once per deck object."""
    entry = _DECKS.get((id(deck), vanilla))
    if entry is None or entry[0] is not deck:
        entry = _DECKS[(id(deck), vanilla)] = (deck, [facts_of(card, vanilla) for card in deck_cards(deck, MAIN)])
    return entry[1]


def _recorder(rng: Random, draws: list[float]) -> _Draws:
    """The game's draws from ``rng``, each recorded (so that :meth:`WardState.clone` can replay them)."""
    draw, record, extend = rng.random, draws.append, draws.extend

    def recorded() -> float:
        value = draw()
        record(value)
        return value

    def many(count: int) -> list[float]:
        values = [draw() for _ in range(count)]
        extend(values)
        return values

    return recorded, many


def _replayer(draws: Sequence[float]) -> _Draws:
    """The recorded draws again, in order."""
    one = iter(draws).__next__

    def many(count: int) -> list[float]:
        return [one() for _ in range(count)]

    return one, many


def _new_state(decks: list[list[Facts] | None], *, seed: int, first: int, max_turns: int, log: bool, goldfish: bool,
               time_out: bool = True, setup_draw: bool = False, replay: _Draws | None = None,
               actions: Sequence[Action] = (), recorded: Sequence[float] = (), fixes: tuple[_Fix, ...] = (),
               snap: int | None = None) -> WardState:
    state = WardState()
    state.fixes = fixes
    state.snap = snap
    state.sepoch = 0
    state.rng = new_rng(seed)
    state.draws = []
    state.draw, state.draw_many = replay if replay is not None else _recorder(state.rng, state.draws)
    # while draw is rec (the game's own recorded draws, not a replay), hot paths take rnd() and record it themselves
    state.rec = state.draw if replay is None else None
    state.rnd = state.rng.random
    state.log = [] if log else None
    state.turn = 1
    state.max_turns = max_turns
    state.time_out = time_out
    state.setup_draw = setup_draw
    state.config = (decks, seed, first, max_turns, log, goldfish)
    state.history = []
    state.sides = []
    for player, cards in enumerate(decks):
        if cards is None:
            state.sides.append(Side(player, [], dummy=True))
            state.sides[-1].magics.state = state
        else:
            deck = list(cards)
            state.shuffle(deck)
            state.sides.append(Side(player, deck))
            state.sides[-1].magics.state = state
    state.active = first
    state.who = first
    state.kind = "start"
    state.options = None
    state.over = False
    state.result = None
    state.goldfish = goldfish
    state.next_uid = 1
    state.phase = PH_START
    state.battle = None
    state.combat_over = False
    state.dead = []
    state.used_magics = []
    state.expiring = 0  # magics on the field that expire (Limited-time Infinite magics)
    state.topic = None
    state.window = None
    state.own_turns = 1
    if goldfish:
        state._enter(1, _dummy_facts())
    state.gen = state._game()
    state.resume = state.gen.send  # (bound once: apply calls it every move)
    try:
        state.who, state.kind, state.options = next(state.gen)
    except (_Over, StopIteration):
        state._finish()
    if fixes:
        pending = list(fixes)
        pending.reverse()
        for index, action in enumerate(actions):
            while pending and pending[-1][0] == index:
                state._refit(pending.pop())
            state.apply(action)
        while pending:
            state._refit(pending.pop())
    else:
        for action in actions:
            state.apply(action)
    if replay is not None:
        # the copy now rolls (and records) its own dice, continuing the original's record
        state.draws = list(recorded)
        state.draw, state.draw_many = _recorder(state.rng, state.draws)
        state.rec = state.draw
    return state


# --- what a player sees, and determinized games (search policies) -------------------------------------------------

_PUBLIC_DECISIONS: Final = frozenset({"mulligan", "promote", "revive", "destroy", "reroll", "pact"})
_DEAL_TRIES: Final = 20  # redeals of the other player's hand until it fits the decision it is at (see _deal)
_RANKS: Final[dict[int, tuple[list[Facts], dict[Facts, int]]]] = {}


def _plain(value: Any) -> Any:
    """A value of the game as plain nested tuples: cards by name, creatures and magics by uid."""
    if value is None:
        return None
    kind = type(value)
    if kind is int or kind is str or kind is bool or kind is float:
        return value
    if kind is Creature:
        return ("creature", value.uid)
    if kind is Magic:
        return ("magic", value.uid)
    if kind is Facts:
        return value.name
    if kind is Item:
        return ("item", value.player, value.facts.name, _plain(value.creature), value.is_magic, value.negated,
                _plain(value.target), value.destroy_after, value.summon, _plain(value.answers))
    if kind is Strike:
        return ("strike", value.attacker.uid, value.defender.uid, tuple(value.dice), value.bonus, value.negated,
                value.reroll)
    if kind is Battle:
        return ("battle", value.attacker.uid, value.defender.uid, _plain(value.first),
                tuple(sorted((c.uid, tuple(v)) for c, v in value.mods.items())),
                tuple(sorted((c.uid, tuple(v)) for c, v in value.mults.items())),
                tuple(sorted(c.uid for c in value.negated)), value.cancelled)
    if isinstance(value, dict):
        return tuple(sorted((repr(_plain(k)), _plain(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(repr(_plain(v)) for v in value))
    if isinstance(value, (tuple, list)):
        return (kind.__name__, *[_plain(v) for v in value])
    return repr(value)


def _creature_seen(creature: Creature | None) -> tuple[Any, ...] | None:
    if creature is None:
        return None
    return (creature.uid, creature.owner, creature.facts.name, creature.hp, creature.limited, creature.blank,
            _plain(creature.anchor), tuple(_plain(temp) for temp in creature.temps),
            tuple(magic.uid for magic in creature.equips), _plain(creature.dot), _plain(creature.hot),
            creature.battled, creature.used, _plain(creature.killer))


def _side_seen(side: Side, mine: bool) -> tuple[Any, ...]:
    """A side as a player sees it: its own hand in order, else the hand's size; a deck's size only."""
    return (side.player, side.dummy, tuple(f.name for f in side.hand) if mine else len(side.hand), len(side.deck),
            tuple(f.name for f in side.cemetery), side.cem_hp, _creature_seen(side.primary),
            tuple(_creature_seen(c) for c in side.limited),
            tuple((m.uid, m.owner, m.facts.name, _plain(m.host), m.expires, m.used) for m in side.magics.items),
            tuple(f.name for f in side.limbo), side.summoned, side.started, side.fielded, side.size)


def _ranks(cards: list[Facts]) -> dict[Facts, int]:
    """Each card of a decklist -> its first place in it: the canonical order of a pool of unseen cards."""
    entry = _RANKS.get(id(cards))
    if entry is None or entry[0] is not cards:
        rank: dict[Facts, int] = {}
        for index, facts in enumerate(cards):
            rank.setdefault(facts, index)
        entry = _RANKS[id(cards)] = (cards, rank)
    return entry[1]


def _canonical(cards: list[Facts], rank: dict[Facts, int]) -> list[Facts]:
    big = len(rank)
    return sorted(cards, key=lambda facts: (rank.get(facts, big), facts.name))


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
    return _new_state([_compiled(deck, vanilla) for deck in decks], seed=seed, first=first, max_turns=max_turns,
                      log=log, goldfish=False, time_out=time_out, setup_draw=setup_draw)


def new_goldfish(deck: Deck, *, seed: int, max_turns: int = 100, log: bool = False, vanilla: bool = False,
                 rules: dict[str, str] | None = None) -> WardState:
    """One player (going first) against an endless supply of Training Dummies that never battle or answer.
    ``rules`` as in :func:`new_match` (neither reading changes a goldfish: its cap is always unresolved, and its
    player's first turn is the game's first)."""
    time_out, setup_draw = _readings(rules, True)
    return _new_state([_compiled(deck, vanilla), None], seed=seed, first=0, max_turns=max_turns, log=log,
                      goldfish=True, time_out=time_out, setup_draw=setup_draw)


def kill_turn(state: WardState) -> int | None:
    """The goldfishing player's own turn on which the dummies' cemetery reached 300 HP (None: not killed)."""
    return state.own_turns if state.result == 0 else None


# --- policies -----------------------------------------------------------------------------------

_HIT_P: Final[dict[int, float]] = {}


def hit_chance(dice_count: int, need: int) -> float:
    """The exact chance that ``dice_count`` Hit Dice reach ``need`` (AL minus bonuses), criticals included."""
    key = dice_count * 4096 + need
    chance = _HIT_P.get(key)
    if chance is None:
        from itertools import product

        outcomes = list(product(range(1, 7), repeat=max(1, dice_count)))
        chance = _HIT_P[key] = sum(judge_hit(list(o), 0, need)[0] for o in outcomes) / len(outcomes)
    return chance


def exchange(state: WardState, a: Creature, d: Creature) -> tuple[float, float]:
    """The expected Attack Damage of ``a``'s strike on ``d`` and of ``d``'s answer (criticals ignored)."""
    pa, pd = state.profile(a), state.profile(d)
    return _expected(state, a, d, pa, pd), _expected(state, d, a, pd, pa)


def _expected(state: WardState, a: Creature, d: Creature, pa: Sequence[int], pd: Sequence[int],
              stable: bool = False) -> float:
    """The expected damage of ``a``'s strike on ``d`` from their profiles; ``stable``: ``d``'s cached armor
    value holds (its profile is its static one)."""
    damage = 3.5 * pa[ATKD] + pa[MOD] + pa[DMGB]
    if a.temps:
        for temp in a.temps:
            if temp[0] == T_MULT:
                damage *= temp[1]
    if d.limited:
        return 0.0
    reduction = d.aval if stable and d.facts.armor_stable else state.armor(d, pa[AL])
    if reduction is None:
        return 0.0
    dice_count = pa[HITD]
    chance = _HIT_P.get(dice_count * 4096 + pd[AL] - pa[MOD] - pa[HITB])
    if chance is None:
        chance = hit_chance(dice_count, pd[AL] - pa[MOD] - pa[HITB])
    damage -= reduction
    return chance * damage if damage > 0.0 else chance * 0.0


def expected_strike(state: WardState, a: Creature, d: Creature) -> float:
    """The expected Attack Damage of ``a``'s next strike on ``d`` (criticals ignored)."""
    pa, pd = state.profile(a), state.profile(d)
    damage = 3.5 * pa[ATKD] + pa[MOD] + pa[DMGB]
    for factor in state.multipliers(a):
        damage *= factor
    reduction = state.armor(d, pa[AL])
    if reduction is None or d.limited:
        return 0.0
    return hit_chance(pa[HITD], pd[AL] - pa[MOD] - pa[HITB]) * max(0.0, damage - reduction)


class Greedy:
    """A sensible Ward player: summons its strongest creature (sacrificing only for a clear upgrade), plays
    magics that help now (damage and debuffs on the enemy, buffs before its battle, heals when hurt, equips and
    field magics that fit its creatures), battles when the exchange favours it, and answers harmful plays."""

    name = "greedy"
    ratio = ATTACK_RATIO

    def act(self, state: WardState) -> WardAction:
        """The action :meth:`choose` picks from ``state.legal_actions()``, found without listing every move of
        a main phase or the Combat phase (the batch runner's fast path; a test checks they agree)."""
        kind = state.kind
        if kind == "main" or kind == "main2":
            if state.sides[state.who].primary is not None:
                return self._best_main(state, kind == "main2")
        elif kind == "combat":
            return self._combat(state)
        return self.choose(state, state.legal_actions())

    def _best_main(self, state: WardState, second: bool) -> WardAction:
        """:meth:`choose` over :meth:`WardState._main_moves`, scored in the same order (ties: the first)."""
        me = state.who
        sides = state.sides
        side = sides[me]
        hand = side.hand
        mine = side.primary
        assert mine is not None  # (act asks only with a primary creature)
        theirs = sides[1 - me].primary
        if state.turn <= FIRST_CYCLE or state.combat_over or theirs is None:
            can_battle = False
        elif not mine.battled:
            can_battle = True
        else:
            can_battle = state.can_battle(me)
        # whether the primary creature will battle this turn (see _battles), found only when a magic asks
        soon = 1 if can_battle and state.phase == PH_MAIN and not mine.battled else 0
        early = state.turn <= FIRST_CYCLE
        best: tuple[int, Facts, Any, str] | None = None  # (index, card, target, label) of the best play
        best_score = 0.0
        seen: list[Facts] = []
        top = -1e9  # the best worth of a creature in hand that needs a sacrifice (see _summon_bound)
        for index, facts in enumerate(hand):
            if not facts.main_play:
                if facts.need and facts.worth > top:
                    top = facts.worth
                continue
            if facts in seen:
                continue
            seen.append(facts)
            # the fast paths of _quick, inlined (mine is not None here)
            kind = facts.qkind
            if kind:
                if kind == 1:  # damage to the enemy primary creature
                    if early or theirs is None:
                        continue
                    their = theirs.facts
                    if their.immune and state.effects_on(theirs):
                        continue
                    dealt = 0 if their.no_instant else facts.qamount
                    hp = theirs.hp
                    value = 0.0 + ((dealt if dealt < hp else hp) + (40 if dealt >= hp else 0))
                elif kind == 2:  # a change to the primary creature's stats
                    if facts.qsteady is not None:
                        value = facts.qsteady
                    else:
                        if soon == 1:
                            soon = 2 if self._attack_value(state, mine, theirs) > 0.0 else 0
                        assert facts.quick is not None  # (_quick made one: qkind is set)
                        gain = facts.quick(state, side, mine, theirs, soon == 2)
                        assert gain is not None  # (None only without a primary creature)
                        value = gain
                else:  # healing the primary creature
                    amount = facts.qamount
                    missing = mine.facts.hp - mine.hp
                    value = 0.0 + ((amount if amount < missing else missing) - 0.4 * amount)
                if value > best_score:
                    best, best_score = (index, facts, None, ""), value
                continue
            quick = facts.quick_all
            if quick is not None:
                options = quick(state, side, mine)
                if options is not None:
                    for value, uid, label in options:
                        if value > best_score:
                            best, best_score = (index, facts, uid, label), value
                continue
            targets = state.play_targets(me, facts)
            if targets is None:
                continue
            if soon == 1:
                soon = 2 if self._attack_value(state, mine, theirs) > 0.0 else 0
            battle_soon = soon == 2
            for target, label in targets:
                value = self._value(state, me, facts, target, battle_soon, mine, theirs)
                if value > best_score:
                    best, best_score = (index, facts, target, label), value
        chosen: WardAction | None = None
        if best is not None:
            index, facts, target, label = best
            chosen = _new(Play, (index, facts.name, target, label))
        if not second and not side.summoned and top != -1e9 and (
                top - mine.facts.worth * (0.5 + 0.5 * mine.hp / mine.facts.hp) - 0.5 * mine.facts.hp - 20
                > best_score):
            for index, facts, sacrifices, primary in state.summon_options(me, normal=True):
                value = self._summon_value(state, me, index, sacrifices, primary)
                if value > best_score:
                    names = ([mine.facts.name] if primary else []) + [hand[j].name for j in sacrifices]
                    chosen, best_score = _new(Summon, (index, facts.name, sacrifices, primary, ", ".join(names))), value
        if mine.facts.activated is not None and state._can_activate(mine):
            value = self._activate_value(state, me, mine)
            if value > best_score:
                chosen, best_score = _new(Activate, (mine.uid, mine.facts.name)), value
        if second:
            return chosen or END_TURN
        if not can_battle:
            return chosen or END_MAIN
        if best_score >= 50.0 * BATTLE_SCALE:
            assert chosen is not None  # (a score above 0 is a move's)
            return chosen
        attack = self._combat(state, NO_BATTLE, best_score, BATTLE_SCALE)
        return attack if attack is not NO_BATTLE else chosen or NO_BATTLE

    def choose(self, state: WardState, actions: Sequence[WardAction]) -> WardAction:
        if len(actions) == 1:
            return actions[0]
        kind = state.kind
        if kind == "combat":
            best, best_score = actions[-1], 0.0
            enemy = state.sides[1 - state.who].primary
            for action in actions:
                if type(action) is Attack:
                    value = self._attack_value(state, state._creature(action.uid), enemy)
                    if value > best_score:
                        best, best_score = action, value
            return best
        scorer = getattr(self, _SCORERS[kind])
        me = state.who
        best, best_score = actions[-1] if kind in ("main", "main2", "respond") else actions[0], -1e9
        if kind in ("main", "main2", "respond"):
            best_score = 0.0
        for action in actions:
            value = scorer(state, me, action)
            if value > best_score:
                best, best_score = action, value
        return best

    # -- combat --

    def _combat(self, state: WardState, best: WardAction = END_COMBAT, best_score: float = 0.0,
                scale: float = 1.0) -> WardAction:
        me = state.who
        side = state.sides[me]
        enemy = state.sides[1 - me].primary
        if enemy is not None:
            name = enemy.facts.name
            creature = side.primary
            if creature is not None and not creature.battled:
                value = self._attack_value(state, creature, enemy) * scale
                if value > best_score:
                    best, best_score = _new(Attack, (creature.uid, creature.facts.name, name)), value
            for creature in side.limited:
                if creature.battled:
                    continue
                value = self._attack_value(state, creature, enemy) * scale
                if value > best_score:
                    best, best_score = _new(Attack, (creature.uid, creature.facts.name, name)), value
        return best

    def _attack_value(self, state: WardState, creature: Creature | None, enemy: Creature | None) -> float:
        """How good a battle is: positive when the expected exchange favours the attacker over passing.

        Passing does not avoid the exchange: the opponent's primary creature battles on its own turn whenever
        the exchange favours it, which is whenever it does not favour this one. So a primary creature battles
        whenever its strike does some expected damage (net of the healing the enemy's hits give it), the more
        gladly the better the exchange; a Limited Summon (which takes no damage) battles only when its expected
        damage outweighs what the enemy's answering hits give the enemy (Grandfather Ursa's or Vampiric Fang's
        healing, cards drawn)."""
        if creature is None or enemy is None:
            return -1.0
        # exchange(state, creature, enemy) on the cached static profiles, itself cached while they hold
        sepoch = state.sepoch
        plain = not creature.temps and not enemy.temps and state.battle is None
        key = creature.xkey
        if plain and key is not None and key[0] is enemy and key[1] == sepoch:
            out, back = creature.xval
        else:
            pa = creature.pval if creature.skey == sepoch and plain else state.profile(creature)
            pd = enemy.pval if enemy.skey == sepoch and plain else state.profile(enemy)
            out = _expected(state, creature, enemy, pa, pd, plain and enemy.skey == sepoch)
            back = _expected(state, enemy, creature, pd, pa, plain and creature.skey == sepoch)
            if plain and creature.skey == sepoch and enemy.skey == sepoch:
                creature.xkey = (enemy, sepoch)
                creature.xval = (out, back)
                enemy.xkey = (creature, sepoch)
                enemy.xval = (back, out)
        dummy = state.sides[enemy.owner].dummy
        if out <= 0.0:
            return -1.0
        if not dummy and (enemy.facts.on_hit or enemy.equips):
            out -= _hit_gain(state, enemy, creature, out)
        if creature.limited:
            return 50.0 if out > 0.5 else -1.0
        if not dummy and (creature.facts.on_hit or creature.equips):
            back -= _hit_gain(state, creature, enemy, back)
        out /= enemy.hp if enemy.hp > 1 else 1
        hp = creature.hp
        back = 0.0 if dummy else back / (hp if hp > 1 else 1)
        # the battle is worth it when the exchange (in cemetery HP) is close enough: passing does not spare the
        # opponent's coming attack; when its strike likely kills (no answer, no coming attack from that
        # creature); or when declining would leave the game stalled
        if out * enemy.facts.hp >= self.ratio * back * creature.facts.hp or out >= 1.0 or (
                not dummy and self._is_stalled(state, creature, enemy, out * enemy.hp, back * hp)):
            value = 10.0 + 10 * out - 7 * back
            return 49.0 if value > 49.0 else (value if value > 1.0 else 1.0)
        return -1.0

    def _is_stalled(self, state: WardState, creature: Creature, enemy: Creature, out: float, back: float) -> bool:
        """Whether declining a battle that does not favour ``creature`` would stall the game: each creature heals
        back each turn cycle (a start-of-turn heal, a HOT) at least what a battle is expected to take from it,
        net of what its own hits heal it (``out``: the enemy's expected loss, ``back``: this creature's), so
        one battle a cycle from one side alone makes no progress, and only battles from both sides (and their
        dice) can. The policy does not stall: drawing out the time limit is a disqualification (15.1.4),
        whoever Time Out would favour."""
        return _regen(state, enemy) >= out and _regen(state, creature) >= back

    def _main(self, state: WardState, me: int, action: WardAction) -> float:
        side = state.sides[me]
        if type(action) is Play:
            return self._card_value(state, me, side.hand[action.index], action.target)
        if type(action) is Summon:
            return self._summon_value(state, me, action.index, action.sacrifices, action.primary)
        if type(action) is Activate:
            creature = state._creature(action.uid)
            assert creature is not None  # (a legal Activate)
            return self._activate_value(state, me, creature)
        if type(action) is KillOwn:
            return -100.0
        if type(action) is Attack:
            return self._attack_value(state, state._creature(action.uid), state.sides[1 - me].primary) * BATTLE_SCALE
        return 0.0

    def _summon_bound(self, state: WardState, me: int) -> float:
        """An upper bound of :meth:`_summon_value` over the normal summons possible now (with a primary creature:
        sacrifices only lower the value)."""
        side = state.sides[me]
        primary = side.primary
        assert primary is not None  # (a normal summon sacrifices the primary creature)
        best = -1e9
        for facts in side.hand:
            if facts.need and facts.worth > best:
                best = facts.worth
        if best == -1e9:
            return best
        current = primary.facts.worth * (0.5 + 0.5 * primary.hp / primary.facts.hp)
        return best - current - 0.5 * primary.facts.hp - 20

    def _activate_value(self, state: WardState, me: int, creature: Creature) -> float:
        return 8.0 if creature.hp > 25 and len(state.sides[me].hand) < 7 else -1.0

    def _summon_value(self, state: WardState, me: int, index: int, sacrifices: tuple[int, ...], field: bool) -> float:
        side = state.sides[me]
        facts = side.hand[index]
        value = facts.worth
        for j in sacrifices:
            sacrificed = side.hand[j]
            value -= 0.6 * sacrificed.worth + 0.5 * sacrificed.hp
        if sacrifices and side.cem_hp + _hp_sum(side.hand, sacrifices) > 200:
            value -= 60
        primary = side.primary
        if field and primary is not None:
            current = primary.facts.worth * (0.5 + 0.5 * primary.hp / primary.facts.hp)
            value -= current + 0.5 * primary.facts.hp + 20
            if side.cem_hp + primary.facts.hp > 200:
                value -= 60
            return value
        return 100.0 + value if primary is None else value

    def _card_value(self, state: WardState, me: int, facts: Facts, target: Any) -> float:
        side = state.sides[me]
        mine, theirs = side.primary, state.sides[1 - me].primary
        return self._value(state, me, facts, target, self._battles(state, me, mine, theirs), mine, theirs)

    def _battles(self, state: WardState, me: int, creature: Creature | None, theirs: Creature | None) -> bool:
        """Whether ``creature`` will battle this turn: it can, and the policy finds the battle worth it (so a
        "this turn" buff is played only on a creature about to battle)."""
        return (state.phase == PH_MAIN and creature is not None and theirs is not None and not creature.battled
                and state.can_battle(me) and self._attack_value(state, creature, theirs) > 0.0)

    def _value(self, state: WardState, me: int, facts: Facts, target: Any, battle_soon: bool,
               mine: Creature | None, theirs: Creature | None) -> float:
        side = state.sides[me]
        value = 0.0
        if facts.attach:
            host = state._creature(target)
            if host is None:
                return -1.0
            gain = _equip_gain(facts)
            if facts.attach == "enemy_creature":
                value += gain * (0.5 + host.hp / max(1, host.facts.hp))
            else:
                value += _own_equip_value(state, host, host is mine, facts, gain)
        if facts.infinite and not facts.attach:
            value += self._field_value(state, me, facts)
        for entry in facts.plays:
            value += self._entry_value(state, me, entry, target, battle_soon, mine, theirs)
        if facts.cost_damage and mine is not None:
            value -= facts.cost_damage * 0.6
            if mine.hp <= facts.cost_damage + 15:
                value -= 30
        if facts.infinite and len(side.magics.items) >= MAX_INFINITE - 1:
            value -= 3
        return value

    def _field_value(self, state: WardState, me: int, facts: Facts) -> float:
        side = state.sides[me]
        types = {c.facts.ctype for c in side.creatures()}
        deck = state.config[0][me] or ()
        pool = _type_counts(deck)
        value = 0.0
        for stat, amount, kind in facts.aura_mods:
            if kind is None or kind in types:
                value += 2 * amount * _STAT_WORTH[stat]
            elif pool.get(kind, 0) >= 3:
                value += amount * _STAT_WORTH[stat]
            else:
                value -= 1
        for _amount, kind in facts.aura_armor:
            value += 8 if kind is None or kind in types else (3 if pool.get(kind, 0) >= 3 else -1)
        for trigger, entries in facts.triggers.items():
            for entry in entries:
                kind, target = entry["effect"], entry.get("target")
                wanted = (entry.get("condition") or {}).get("creature_type")
                fits = wanted is None or wanted in types or pool.get(wanted, 0) >= 3
                if trigger == "on_play":
                    continue
                if kind == "draw":
                    value += 12 if fits else -1
                elif kind == "heal":
                    value += 6
                elif kind == "revive":
                    value += 4 if fits else -1
                elif kind == "damage":
                    if target == "own_primary":
                        value -= 5
                    elif target == "all_primaries":
                        mine, theirs = side.primary, state.sides[1 - me].primary
                        value += 3 if mine is not None and theirs is not None and mine.hp > theirs.hp else -2
                        amount = int(entry.get("amount", 0))
                        if mine is not None and not mine.facts.no_instant and mine.hp <= 2 * amount:
                            value -= 30  # it would kill its own creature within two Combat phases
        return value

    def _entry_value(self, state: WardState, me: int, entry: Mapping[str, Any], target: Any, battle_soon: bool,
                     mine: Creature | None, theirs: Creature | None) -> float:
        kind, aim = entry["effect"], entry.get("target")
        side, foe = state.sides[me], state.sides[1 - me]
        if kind == "modify":
            stat = STATS[entry["stat"]]
            amount = int(entry["amount"])
            lasting = entry.get("duration") == "turn_cycles"
            if aim in ("own_primary", "target_own_creature"):
                creature = state._creature(target) if aim == "target_own_creature" else mine
                if creature is None:
                    return -1.0
                if stat == AL:
                    return _al_value(state, creature, amount, creature is mine)
                if creature is not mine:
                    battle_soon = self._battles(state, me, creature, theirs)
                if stat == SPD:
                    if not battle_soon or theirs is None:
                        return -2.0
                    slower = state.profile(creature)[SPD] <= state.profile(theirs)[SPD]
                    return (3.0 if slower and state.profile(creature)[SPD] + amount > state.profile(theirs)[SPD]
                            else -2.0)
                return amount * _STAT_WORTH[stat] if battle_soon or lasting else -2.0
            if aim == "enemy_primary":
                if theirs is None:
                    return -1.0
                return -amount * _STAT_WORTH[stat] * (1.0 if battle_soon or lasting else 0.5)
            return 0.0
        if kind == "damage":
            if theirs is None:
                return -1.0
            if "percent" in entry:
                amount = theirs.hp * int(entry["percent"]) // 100
            elif "dice" in entry:
                amount = int(3.5 * int(entry["dice"]))
            else:
                amount = int(entry.get("amount", 0))
            if theirs.facts.no_instant and "percent" not in entry:
                amount = 0
            value = min(amount, theirs.hp) + (40 if amount >= theirs.hp else 0)
            if aim == "all_primaries" and mine is not None:
                hit = 0 if mine.facts.no_instant else min(int(entry.get("amount", 0)), mine.hp)
                value -= hit + (60 if hit >= mine.hp else 0)
            return value
        if kind == "damage_over_time":
            return 0.8 * int(entry["amount"]) * int(entry.get("cycles", 1)) if theirs is not None else -1.0
        if kind == "heal":
            if mine is None:
                return -1.0
            missing = mine.facts.hp - mine.hp
            amount = int(entry["amount"])
            return min(amount, missing) - 0.4 * amount
        if kind == "heal_over_time":
            if mine is None or mine.hot is not None:
                return -1.0
            missing = mine.facts.hp - mine.hp
            return 0.8 * min(int(entry["amount"]) * int(entry.get("cycles", 1)), missing) - 4
        if kind == "multiply_damage":
            creature = state._creature(target) if aim == "target_own_creature" else mine
            if creature is not None and creature is not mine:
                battle_soon = self._battles(state, me, creature, theirs)
            if not battle_soon or creature is None or theirs is None:
                return -5.0
            strike = expected_strike(state, creature, theirs)
            hp = theirs.hp
            more = strike * int(entry["factor"])
            return ((more if more < hp else hp) - (strike if strike < hp else hp)) * 0.8 - 1.0
        if kind == "strike_first":
            creature = state._creature(target) if aim == "target_own_creature" else mine
            if creature is not None and creature is not mine:
                battle_soon = self._battles(state, me, creature, theirs)
            if not battle_soon or creature is None or theirs is None or state.strikes_first(creature):
                return -2.0
            return 4.0 if state.profile(creature)[SPD] <= state.profile(theirs)[SPD] else -2.0
        if kind == "draw":
            return 9.0 * int(entry.get("amount", 1)) if len(side.hand) <= 6 and side.deck else 1.0
        if kind == "discard":
            return 5.0 * min(len(foe.hand), int(entry.get("amount", 1)))
        if kind == "search_deck":
            return 12.0
        if kind == "revive":
            to = entry.get("to")
            pool = [f for f in side.cemetery if f.is_creature and _matches(f, entry.get("condition"))]
            if not pool:
                return -1.0
            if entry.get("amount") == "all":
                return 0.3 * sum([f.hp for f in pool])
            if to == "deck":
                return 0.3 * sum(sorted([f.hp for f in pool], reverse=True)[:int(entry.get("amount", 1))])
            if to == "field":
                return 16.0
            return 8.0 + 0.1 * max([f.worth for f in pool])
        if kind == "summon":
            return 16.0
        if kind == "destroy":
            if aim == "all_enemy_magics":
                return 10.0 * len(foe.magics.items)
            if aim == "all_magics":
                return 10.0 * (len(foe.magics.items) - len(side.magics.items))
            magic = state._magic(target) if target is not None else None
            if magic is None:
                return -1.0
            return 10.0 + magic.facts.worth / 4 if magic.owner != me else -20.0
        if kind == "prevent":
            return 6.0
        return 0.0

    # -- choices --

    def _mulligan(self, state: WardState, me: int, action: Choose) -> float:
        hand = state.sides[me].hand
        low = creatures = 0
        for f in hand:
            if f.is_creature:
                creatures += 1
                if f.need == 0:
                    low += 1
        redo = low == 0 or creatures >= 4 or creatures == len(hand)
        return 1.0 if action.option == redo else 0.0

    def _discard(self, state: WardState, me: int, action: Choose) -> float:
        facts: Facts = state.sides[me].hand[action.option]
        return -(facts.worth + (facts.hp if facts.is_creature else 0))

    def _replace(self, state: WardState, me: int, action: Summon) -> float:
        return self._summon_value(state, me, action.index, action.sacrifices, action.primary)

    def _promote(self, state: WardState, me: int, action: Choose) -> float:
        creature = state._creature(action.option)
        return creature.facts.worth if creature is not None else 0.0

    def _pick_card(self, state: WardState, me: int, action: Choose) -> float:
        if action.option is None:
            return -1.0
        option = action.option
        facts = option if type(option) is Facts else state.sides[me].hand[option]
        return facts.worth + (facts.hp if state.kind == "revive" else 0)

    def _destroy(self, state: WardState, me: int, action: Choose) -> float:
        magic = state._magic(action.option)
        if magic is None:
            return 0.0
        return magic.facts.worth if magic.owner != me else -magic.facts.worth

    def _yes(self, state: WardState, me: int, action: Choose) -> float:
        if state.kind == "pact":
            assert state.topic is not None  # (the strike the pact is for)
            strike = state.topic[0]
            return 1.0 if action.option == _is_pact_worth(state, strike) else 0.0
        return 1.0 if action.option else 0.0

    def _respond(self, state: WardState, me: int, action: WardAction) -> float:
        if type(action) is not Respond:
            return 0.0
        assert state.window is not None  # (a response window is open)
        event, answers = state.window
        side = state.sides[me]
        if action.index >= 0:
            facts = side.hand[action.index]
        else:
            creature = state._creature(action.uid)
            assert creature is not None  # (a creature's response)
            facts = creature.facts
        if event == EV_MAGIC or event == EV_EFFECT:
            if type(answers) is not Item:
                return -1.0
            harmful = answers.facts.hostile or (answers.facts.negates and answers.answers is not None) or (
                answers.summon and answers.facts.al >= 9)
            if not harmful:
                return -1.0
            bonus = 0.0
            for entry in facts.responses:
                if entry["effect"] == "damage":
                    bonus += 5
                if entry["effect"] == "destroy" and entry.get("target") == "target_enemy_magic":
                    bonus += 3 if state.sides[1 - me].magics.items else -2
            if facts.cost_discard:
                bonus -= 3
            return 10.0 + answers.facts.worth / 10 + bonus
        strike = state.topic[0] if state.topic else None
        if event == EV_HIT_ROLL and type(answers) is Strike:
            assert state.topic is not None  # (the Hit Roll's strike, bonus and AL)
            _, roll_bonus, al = state.topic
            hit, crit, _ = judge_hit(answers.dice, roll_bonus + answers.bonus, al)
            if not hit:
                return -1.0
            for entry in facts.responses:
                if entry["effect"] == "modify":
                    total = sum(answers.dice) + roll_bonus + answers.bonus + int(entry["amount"])
                    return 12.0 if not crit and total < al else -1.0
                if entry["effect"] == "negate":
                    return 6.0 + expected_strike(state, answers.attacker, answers.defender) / 2
            return -1.0
        if event == EV_HIT_TAKEN and strike is not None:
            for entry in facts.responses:
                if entry["effect"] == "reroll":
                    return 8.0
                if entry["effect"] == "modify":
                    battle = strike.battle
                    answers_back = battle is not None and battle.first is strike.attacker
                    return 6.0 if answers_back else -1.0
            return -1.0
        if event == EV_DAMAGE:
            mine = side.primary
            return 8.0 if mine is not None and mine.facts.hp - mine.hp >= 10 else -1.0
        if event == EV_BATTLE and type(answers) is Battle:
            mine = answers.defender
            danger = expected_strike(state, answers.attacker, mine) * 1.5
            return 10.0 if mine.hp <= danger and mine.facts.need == 0 else -1.0
        return -1.0


def _hit_gain(state: WardState, hitter: Creature, hit: Creature, dealt: float) -> float:
    """What ``hitter``'s side expects to gain from its hits on ``hit`` beyond the Attack Damage, in HP: the
    healing of its own "when it hits" effects (once per turn) and its Equips' (Vampiric Fang), up to what it
    will be missing after taking ``dealt``, and 8 for each card drawn (for the greedy policy)."""
    heal = cards = 0
    entries: list[Mapping[str, Any]] = []
    if hitter.facts.on_hit and not hitter.used & 2 and state.effects_on(hitter):
        entries.extend(hitter.facts.on_hit)
    for magic in hitter.equips:
        entries.extend(magic.facts.on_hit)
    for entry in entries:
        kind = entry["effect"]
        if kind == "heal":
            heal += int(entry["amount"])
        elif kind == "draw":
            cards += int(entry.get("amount", 1))
    if not heal and not cards:
        return 0.0
    missing = hitter.facts.hp - hitter.hp + dealt
    gain = (heal if heal < missing else (missing if missing > 0.0 else 0.0)) + 8.0 * cards
    pa, pd = state.profile(hitter), state.profile(hit)
    return hit_chance(pa[HITD], pd[AL] - pa[MOD] - pa[HITB]) * gain


def _regen(state: WardState, creature: Creature) -> int:
    """The HP ``creature`` heals back each turn cycle by itself: its start-of-turn heals and its HOT."""
    regen = 0
    if creature.facts.start and state.effects_on(creature):
        for entry in creature.facts.triggers["start_of_turn"]:
            if entry["effect"] == "heal":
                regen += int(entry["amount"])
    if creature.hot is not None:
        regen += creature.hot[0]
    return regen


def _is_pact_worth(state: WardState, strike: Strike) -> bool:
    """Whether Blood Pact Fiend's 10 HP buy anything: it can spare them, the hit creature takes damage, and its
    strike is not already expected to kill (no HP paid for overkill)."""
    a, d = strike.attacker, strike.defender
    if a.hp <= 25 or d.limited:
        return False
    pa = state.profile(a)
    damage = 3.5 * pa[ATKD] + pa[MOD] + pa[DMGB]
    for factor in state.multipliers(a):
        damage *= factor
    reduction = state.armor(d, pa[AL])
    if reduction is None:
        return False
    return damage - reduction < d.hp


_GAINS: Final[dict[Facts, float]] = {}


def _equip_gain(facts: Facts) -> float:
    """What an equip magic adds to its creature (negative for a curse on an enemy), for the greedy policy."""
    known = _GAINS.get(facts)
    if known is not None:
        return known
    gain = 0.0
    for stat, amount in facts.attached_mods:
        gain += amount * _STAT_WORTH[stat]
    gain += 6 * len(facts.attached_armor) + (5 if facts.attached_no_instant else 0)
    gain += 3 * len(facts.triggers) + (4 if facts.activated else 0)
    if facts.attach == "enemy_creature":
        gain = -gain
        for entry in facts.triggers.get("start_of_turn", ()):
            gain += entry.get("amount", 0)
    _GAINS[facts] = gain
    return gain


_TYPE_COUNTS: Final[dict[int, tuple[Sequence[Facts], dict[str, int]]]] = {}


def _type_counts(cards: Sequence[Facts]) -> dict[str, int]:
    """How many creatures of each type a decklist holds (cached per compiled deck)."""
    entry = _TYPE_COUNTS.get(id(cards))
    if entry is None or entry[0] is not cards:
        counts: dict[str, int] = {}
        for facts in cards:
            if facts.is_creature:
                counts[facts.ctype] = counts.get(facts.ctype, 0) + 1
        entry = _TYPE_COUNTS[id(cards)] = (cards, counts)
    return entry[1]


def _hp_sum(hand: list[Facts], indices: Sequence[int]) -> int:
    total = 0
    for j in indices:
        total += hand[j].hp
    return total


BATTLE_SCALE: Final = 0.001  # from the main phase, a battle comes after every useful magic
_STAT_WORTH: Final = {AL: 3.0, SPD: 0.7, MOD: 3.0, HITB: 2.5, DMGB: 1.5, HITD: 4.0, ATKD: 5.0}

# the Greedy method that scores each option of a choice (by name)
_SCORERS: Final = {"main": "_main", "main2": "_main", "mulligan": "_mulligan", "discard": "_discard",
            "replace": "_replace", "promote": "_promote", "search": "_pick_card", "revive": "_pick_card",
            "limited": "_pick_card", "destroy": "_destroy", "reroll": "_yes", "pact": "_yes",
            "cost_discard": "_discard", "respond": "_respond"}


# (core.Policy, which Engine's policies name, is a protocol of GameState, whose act takes any GameState: Greedy's
# takes a WardState. Hence the type: ignore comment below)
ENGINE = register(Engine(
    game="ward",
    new_match=new_match,
    new_goldfish=new_goldfish,
    kill_turn=kill_turn,
    policies={"random": RandomPolicy, "greedy": Greedy},  # type: ignore[dict-item]
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
