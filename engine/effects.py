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

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from decklab.catalog.cards import Card

COMMON_KEYS = frozenset({"effect", "trigger", "target", "condition"})

Handler = TypeVar("Handler", bound=Callable[..., Any])


@dataclass(frozen=True)
class EffectKind:
    """What one effect kind supports: its triggers, targets, extra keys and condition keys."""

    name: str
    triggers: frozenset[str]
    targets: frozenset[str]
    keys: frozenset[str]
    conditions: frozenset[str]

    def supports(self, entry: Mapping[str, Any]) -> bool:
        return self.problem(entry) is None

    def problem(self, entry: Mapping[str, Any]) -> str | None:
        """What in ``entry`` this kind does not support (a phrase), or ``None``."""
        trigger = entry.get("trigger")
        if trigger not in self.triggers:
            if trigger is None:
                return f"'{self.name}' needs a trigger"
            return f"'{self.name}' has no trigger '{trigger}'"
        if "target" in entry and entry["target"] not in self.targets:
            return f"'{self.name}' has no target '{entry['target']}'"
        extra = sorted(set(entry) - COMMON_KEYS - self.keys)
        if extra:
            return f"'{self.name}' takes no key '{extra[0]}'"
        condition = entry.get("condition") or {}
        if not isinstance(condition, dict):
            return f"'{self.name}' takes a condition as a mapping"
        unknown = sorted(set(condition) - self.conditions)
        if unknown:
            return f"'{self.name}' has no condition '{unknown[0]}'"
        return None


class EffectRegistry:
    """The effect kinds one game's engine models, and the handler that plays each kind that has one (kinds the
    engine reads from a card's facts, a passive or an attachment, have none). A handler that may ask its
    controller to choose is a generator, run by its game with ``yield from``; its kind is in ``asking``."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.kinds: dict[str, EffectKind] = {}
        self.handlers: dict[str, Callable[..., Any]] = {}
        self.asking: set[str] = set()

    def kind(self, name: str, *, triggers: Iterable[str], targets: Iterable[str] = (), keys: Iterable[str] = (),
             conditions: Iterable[str] = ()) -> None:
        """Declare that the engine models effect ``name`` with these triggers, targets and keys."""
        self.kinds[name] = EffectKind(name, frozenset(triggers), frozenset(targets), frozenset(keys),
                                      frozenset(conditions))

    def handles(self, name: str, *, triggers: Iterable[str], targets: Iterable[str] = (), keys: Iterable[str] = (),
                conditions: Iterable[str] = (), asks: bool = False) -> Callable[[Handler], Handler]:
        """Declare effect kind ``name`` (as :meth:`kind`) and make the function it decorates the kind's handler;
        ``asks``: a generator that may ask its controller to choose (see :meth:`at_once`).

        >>> registry = EffectRegistry("demo")
        >>> @registry.handles("draw", triggers={"on_play"}, keys={"amount"})
        ... def draw(state, player, entry):
        ...     state[player] += entry["amount"]
        >>> hands = [0, 0]; registry.handlers["draw"](hands, 1, {"effect": "draw", "amount": 2}); hands
        [0, 2]
        """

        def register(handler: Handler) -> Handler:
            self.kind(name, triggers=triggers, targets=targets, keys=keys, conditions=conditions)
            self.handlers[name] = handler
            if asks:
                self.asking.add(name)
            else:
                self.asking.discard(name)
            return handler

        return register

    def at_once(self, name: str) -> Callable[..., Any] | None:
        """The handler of kind ``name`` if it resolves at once; ``None`` for a kind without a handler or one whose
        handler may ask its controller to choose (``handles(..., asks=True)``).

        >>> registry = EffectRegistry("demo")
        >>> @registry.handles("tutor", triggers={"on_play"}, asks=True)
        ... def tutor(state, player, entry):
        ...     picked = yield (player, "search", state)
        >>> registry.at_once("tutor") is None, "tutor" in registry.asking
        (True, True)
        """
        return None if name in self.asking else self.handlers.get(name)

    def supports(self, entry: Mapping[str, Any]) -> bool:
        kind = self.kinds.get(entry.get("effect", ""))
        return kind is not None and kind.supports(entry)

    def problem(self, card: Card) -> str | None:
        """Why ``card`` is not modeled (its first unsupported effect entry), or ``None`` if it is.

        >>> registry = EffectRegistry("demo")
        >>> registry.kind("draw", triggers={"on_play"}, keys={"amount"})
        >>> card = Card(game="demo", name="Ponder", type="spell", set_code="DEMO",
        ...             fields={"effects": [{"effect": "draw", "trigger": "on_play", "amount": 1},
        ...                                 {"effect": "draw", "trigger": "on_death", "amount": 1}]})
        >>> registry.problem(card)
        "effect 2: 'draw' has no trigger 'on_death'"
        """
        for number, entry in enumerate(card.effects, start=1):
            kind = self.kinds.get(entry.get("effect", ""))
            if kind is None:
                return f"effect {number}: '{entry.get('effect')}' is not an effect kind the {self.game} engine models"
            reason = kind.problem(entry)
            if reason is None and not self.supports(entry):  # a game's registry may check the values too
                reason = f"'{kind.name}' with these values is not modeled by the {self.game} engine"
            if reason is not None:
                return f"effect {number}: {reason}"
        return None

    def is_modeled(self, card: Card) -> bool:
        return all(self.supports(entry) for entry in card.effects)

    def unmodeled(self, cards: Iterable[Card]) -> list[Card]:
        """The cards (each once, in order) with an effect the engine does not model."""
        seen: dict[str, Card] = {}
        for card in cards:
            if card.key not in seen and not self.is_modeled(card):
                seen[card.key] = card
        return list(seen.values())
