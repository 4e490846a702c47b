"""Warhammer 40K Warfare card facts: each card's facts compiled once (stats, keywords, effects by trigger, what
playing it is worth), and each deck's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from decklab.catalog.cards import MAIN, Card, Deck

from ..core import DeckCache, FactsCache, deck_cards
from .conditions import Entry
from .effects import EFFECTS

REINFORCEMENTS = "reinforcements"
"""The deck section of the Special Reinforcements deck."""

# Which effect needs the player to pick one target, and from where.
PICK = {"own_unit", "enemy_unit", "enemy_equipment"}


class Facts:
    """A card's facts compiled once per game: stats, keywords and effects by trigger."""

    __slots__ = ("card", "name", "order", "type", "power", "cp", "faction", "keywords", "triggers", "auras",
                 "self_mods", "attached_mods", "prevents", "direct_attack", "taunt", "activated", "attach", "targeted",
                 "plays", "fixed_value", "bound", "counts_allies", "bonus", "attack_bonus", "on_play", "on_deploy",
                 "on_destroyed",
                 "on_ally_destroyed", "on_attack", "on_kill")

    card: Card
    name: str
    order: str
    type: str
    power: int
    cp: int
    faction: str
    keywords: frozenset[str]
    triggers: dict[str, list[Entry]]
    auras: list[Entry]
    self_mods: list[Entry]
    attached_mods: list[Entry]
    prevents: list[Entry]
    direct_attack: bool
    taunt: bool
    activated: Entry | None
    attach: Entry | None
    targeted: Entry | None
    plays: tuple[Entry, ...]
    fixed_value: float | None
    bound: float
    counts_allies: bool
    bonus: int
    attack_bonus: int
    on_play: Sequence[Entry]
    on_deploy: Sequence[Entry]
    on_destroyed: Sequence[Entry]
    on_ally_destroyed: Sequence[Entry]
    on_attack: Sequence[Entry]
    on_kill: Sequence[Entry]

    def __init__(self, card: Card, vanilla: bool) -> None:
        self.card = card
        self.name = card.name
        self.order = f"{card.name}\x00{card.set_code}"  # the fixed order hidden cards are pooled in
        self.type = card.type
        self.power = int(card.get("power", 0) or 0)
        self.cp = int(card.get("cp_cost", 0) or 0)
        self.faction = str(card.get("faction", "")).casefold()
        self.keywords = frozenset(k.casefold() for k in card.get("keywords", ()))
        self.triggers: dict[str, list[Entry]] = {}
        self.auras: list[Entry] = []
        self.self_mods: list[Entry] = []
        self.attached_mods: list[Entry] = []
        self.prevents: list[Entry] = []
        self.direct_attack = self.taunt = False
        self.activated: Entry | None = None
        self.attach: Entry | None = None
        self.targeted: Entry | None = None
        self.plays: tuple[Entry, ...] = ()
        self.fixed_value: float | None = 0.0
        self.bound = 0.0
        self.counts_allies = False
        self.bonus = 0  # the power an equipment lends the unit it is attached to
        self.attack_bonus = 0  # the power the unit gains whenever it attacks ("when this Unit attacks")
        if vanilla and not EFFECTS.is_modeled(card):
            self._index_triggers()
            return
        for entry in card.effects:
            kind: str = entry["effect"]
            trigger: str = entry.get("trigger", "")
            target: str = entry.get("target", "")
            if trigger == "passive":
                if kind == "modify":
                    passives = {"other_own_units": self.auras, "this": self.self_mods, "attached": self.attached_mods}
                    passives[target].append(entry)
                elif kind == "prevent":
                    self.prevents.append(entry)
                elif kind == "direct_attack":
                    self.direct_attack = True
                elif kind == "taunt":
                    self.taunt = True
            elif trigger == "activated":
                self.activated = entry
            elif kind == "attach":
                self.attach = entry
            else:
                self.triggers.setdefault(trigger, []).append(entry)
        self.plays = tuple(entry for entry in (self.attach, *self.triggers.get("on_play", ())) if entry)
        self._index_triggers()
        for entry in self.plays:
            if entry.get("target") in PICK and entry.get("from") is None:
                self.targeted = entry
                break
        self.fixed_value, self.bound = _worth(self.plays)
        self.counts_allies = any(entry.get("per") for entry in self.self_mods)
        self.bonus = sum(entry["amount"] for entry in self.attached_mods)
        self.attack_bonus = sum(entry["amount"] for entry in self.on_attack
                                if entry["effect"] == "modify" and entry.get("target") == "this")

    def _index_triggers(self) -> None:
        """The effects of each event trigger as a tuple attribute (``facts.on_deploy``...)."""
        get = self.triggers.get
        self.on_play, self.on_deploy = get("on_play", ()), get("on_deploy", ())
        self.on_destroyed, self.on_ally_destroyed = get("on_destroyed", ()), get("on_ally_destroyed", ())
        self.on_attack, self.on_kill = get("on_attack", ()), get("on_kill", ())


def fixed_worth(entry: Entry) -> float | None:
    """What one effect of a played card is worth to the greedy policy when that does not depend on the game
    (attrition, card draw, CP, returning to hand), else None."""
    kind = entry["effect"]
    if kind == "attrition":
        return float(entry["amount"])
    if kind in ("draw", "search_deck"):
        return 60.0 * float(entry.get("amount", 1))
    if kind == "gain_cp":
        return 40.0
    return None


def _worth(plays: tuple[Entry, ...]) -> tuple[float | None, float]:
    """What playing a card is worth to the greedy policy (:meth:`Greedy._card_value`): that worth when no
    effect's worth depends on the game (else None), and the most it can ever be worth."""
    fixed: float | None = 0.0
    bound = 0.0
    for entry in plays:
        worth = fixed_worth(entry)
        if worth is None:
            fixed = None
            kind = entry["effect"]
            target = entry.get("target")
            if (kind in ("attach", "cannot_attack") or (kind == "destroy" and target != "enemy_equipment")
                    or (kind == "modify" and target in ("own_unit", "enemy_unit"))
                    or (kind == "return_to_hand" and entry.get("from") != "discard_pile")):
                bound = float("inf")
            elif kind == "recover":
                bound += entry["amount"]
            else:
                bound += {"destroy": 60, "deploy": 200, "modify": 30, "return_to_hand": 60}.get(kind, 0)
            continue
        if fixed is not None:
            fixed += worth
        bound += worth
    return fixed, bound


facts_of = FactsCache(Facts)
"""A card's compiled facts, built once per process (cards are immutable): ``facts_of(card, vanilla=False)``."""


def _army(deck: Deck, vanilla: bool) -> tuple[list[Facts], list[Facts]]:
    return ([facts_of(card, vanilla) for card in deck_cards(deck, MAIN)],
            [facts_of(card, vanilla) for card in deck_cards(deck, REINFORCEMENTS)])


deck_facts: Final = DeckCache(_army)
"""The deck's army and reinforcements as facts, compiled once per deck object: ``deck_facts(deck, vanilla)``."""
