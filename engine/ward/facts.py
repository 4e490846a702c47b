"""Ward card facts: each card's facts compiled once a process (stats, effects sorted by trigger, what the rules and
the greedy policy look up on every creature and magic), and each deck's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from decklab.catalog.cards import MAIN, Card, Deck

from ..core import DeckCache, FactsCache, deck_cards
from .board import EVENTS, MAX_AL, STATS, Handler, Quick, QuickEquip
from .effects import EFFECTS
from .worth import card_worth, quick_equip, quick_play

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

    # the card and its printed stats
    card: Card
    name: str
    is_creature: bool
    ctype: str
    al: int
    spd: int
    hp: int
    dice: int
    mod: int
    need: int
    base: tuple[int, int, int, int, int, int, int]
    magic_type: str
    sub_type: str
    infinite: bool
    lightning: bool
    equip: bool
    field: bool
    # its effects, sorted
    self_mods: list[tuple[int, int, Mapping[str, Any] | None]]
    armor: list[tuple[int | None, Mapping[str, Any] | None]]
    no_instant: bool
    immune: bool
    first: Mapping[str, Any] | bool
    triggers: dict[str, tuple[Mapping[str, Any], ...]]
    activated: Mapping[str, Any] | None
    responses: tuple[Mapping[str, Any], ...]
    resp: int
    plays: tuple[Mapping[str, Any], ...]
    attach: str | None
    attached_mods: list[tuple[int, int]]
    attached_armor: list[int | None]
    attached_no_instant: bool
    attached_first: bool
    aura_mods: list[tuple[int, int, str | None]]
    aura_armor: list[tuple[int | None, str | None]]
    expire_cycles: int
    cost_damage: int
    cost_discard: int
    pick: Mapping[str, Any] | None
    hostile: bool
    hits_enemy: bool
    damaging: bool
    negates: bool
    has_effects: bool
    # what the rules, the battle and the greedy policy look up
    worth: float
    main_play: bool
    checks: tuple[tuple[Any, Any, Any, Mapping[str, Any]], ...]
    cacheable: bool
    armor_stable: bool
    attack_negates: tuple[Mapping[str, Any], ...]
    attack_others: tuple[Mapping[str, Any], ...]
    on_hit: tuple[Mapping[str, Any], ...]
    on_hit_taken: bool
    end_combat: bool
    start: bool
    pact: bool
    on_equip: tuple[Mapping[str, Any], ...]
    steps: tuple[tuple[Handler | None, Mapping[str, Any]], ...]
    needs: tuple[Any, ...]
    qkind: int
    qamount: int
    qsteady: float | None
    quick: Quick | None
    simple: bool
    quick_all: QuickEquip | None
    rerolls: bool
    strike_busy: bool

    def __init__(self, card: Card, vanilla: bool = False) -> None:
        self._read_stats(card)
        entries = card.effects
        if vanilla and not EFFECTS.is_modeled(card):
            entries = ()
        self._sort_effects(entries)
        self.has_effects = bool(entries) and bool(self.triggers or self.responses or self.activated or self.self_mods
                                                 or self.armor or self.no_instant or self.immune or self.first
                                                 or self.attach or self.aura_mods or self.aura_armor)
        self._read_aims()
        self.worth = card_worth(self)
        self._index()

    def _read_stats(self, card: Card) -> None:
        """The card's printed stats, and its effects' attributes before they are read (none)."""
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
        self.self_mods = []
        self.armor = []
        self.no_instant = self.immune = False
        self.first = False
        self.triggers = {}
        self.activated = None
        self.responses = ()
        self.resp = 0
        self.plays = ()
        self.attach = None
        self.attached_mods = []
        self.attached_armor = []
        self.attached_no_instant = self.attached_first = False
        self.aura_mods = []
        self.aura_armor = []
        self.expire_cycles = 0
        self.cost_damage = self.cost_discard = 0
        self.pick = None
        self.hostile = self.hits_enemy = self.damaging = False
        self.negates = False

    def _sort_effects(self, entries: tuple[Mapping[str, Any], ...] | list[Mapping[str, Any]]) -> None:
        """Sort the modeled effects: passives, the activated ability, responses (and the events they answer),
        and the other triggers; an attach entry names what the Equip attaches to."""
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

    def _read_aims(self) -> None:
        """What the card's effects aim at: the target it picks, whether it harms the enemy, deals damage."""
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

    def _index(self) -> None:
        """What the rules, the battle, the turn and the greedy policy look up on every creature and magic."""
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
        self.steps = tuple((EFFECTS.at_once(entry["effect"]), entry) for entry in self.plays)
        self.needs = tuple(entry.get("target") for entry in self.plays
                           if entry.get("target") in ("own_primary", "enemy_primary", "all_primaries"))
        self.qkind = 0  # (set by quick_play: 1 damage, 2 modify, 3 heal, with qamount and qsteady)
        self.qamount = 0
        self.qsteady = None
        self.quick = quick_play(self)
        # resolved by WardState._play_plain when unanswered: no target, no cost, only effects without choices
        self.simple = (not self.is_creature and self.pick is None and not self.attach and not self.cost_damage
                       and all(handler is not None for handler, _ in self.steps))
        self.quick_all = quick_equip(self)
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


facts_of = FactsCache(Facts)
"""A card's compiled facts, built once per process (cards are immutable): ``facts_of(card, vanilla=False)``."""


DUMMY: Final = Card(game="ward", name="Training Dummy", type="creature", set_code="GOLDFISH",
             fields={"name": "Training Dummy", "type": "creature", "creature_type": "none", "al": 5, "spd": 1,
                     "hp": 50, "attack_name": "None", "attack_dice": 1, "modifier": 0, "text": "", "effects": []})


def dummy_facts() -> Facts:
    return facts_of(DUMMY)


def _main_facts(deck: Deck, vanilla: bool) -> list[Facts]:
    return [facts_of(card, vanilla) for card in deck_cards(deck, MAIN)]


deck_facts: Final = DeckCache(_main_facts)
"""The deck's cards as facts, compiled once per deck object: ``deck_facts(deck, vanilla)``."""
