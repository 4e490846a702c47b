"""Card effects as data: each game registers the effect kinds it models, with the
triggers, targets and keys each kind understands. Nothing is ever evaluated as code.

A card is *modeled* when every entry of its ``effects`` list names a registered
kind and uses only what that kind supports; :meth:`EffectRegistry.unmodeled`
lists the cards of a deck that are not, so a simulation can refuse them (or
play them as vanilla, without effects).

>>> registry = EffectRegistry("demo")
>>> registry.kind("draw", triggers={"on_play"}, targets={"controller"}, keys={"amount"})
>>> registry.supports({"effect": "draw", "trigger": "on_play", "target": "controller", "amount": 2})
True
>>> registry.supports({"effect": "draw", "trigger": "on_play", "amount": 2, "colour": "red"})
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from decklab.catalog.cards import Card

COMMON_KEYS = frozenset({"effect", "trigger", "target", "condition"})


@dataclass(frozen=True)
class EffectKind:
    """What one effect kind supports: its triggers, targets, extra keys and condition keys."""

    name: str
    triggers: frozenset[str]
    targets: frozenset[str]
    keys: frozenset[str]
    conditions: frozenset[str]

    def supports(self, entry: Mapping[str, Any]) -> bool:
        if entry.get("trigger") not in self.triggers:
            return False
        if "target" in entry and entry["target"] not in self.targets:
            return False
        if not set(entry) - COMMON_KEYS <= self.keys:
            return False
        condition = entry.get("condition") or {}
        return isinstance(condition, dict) and set(condition) <= self.conditions


class EffectRegistry:
    """The effect kinds one game's engine models."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.kinds: dict[str, EffectKind] = {}

    def kind(self, name: str, *, triggers: Iterable[str], targets: Iterable[str] = (), keys: Iterable[str] = (),
             conditions: Iterable[str] = ()) -> None:
        """Declare that the engine models effect ``name`` with these triggers, targets and keys."""
        self.kinds[name] = EffectKind(name, frozenset(triggers), frozenset(targets), frozenset(keys),
                                      frozenset(conditions))

    def supports(self, entry: Mapping[str, Any]) -> bool:
        kind = self.kinds.get(entry.get("effect", ""))
        return kind is not None and kind.supports(entry)

    def is_modeled(self, card: Card) -> bool:
        return all(self.supports(entry) for entry in card.effects)

    def unmodeled(self, cards: Iterable[Card]) -> list[Card]:
        """The cards (each once, in order) with an effect the engine does not model."""
        seen: dict[str, Card] = {}
        for card in cards:
            if card.key not in seen and not self.is_modeled(card):
                seen[card.key] = card
        return list(seen.values())
