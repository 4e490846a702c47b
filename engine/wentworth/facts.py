"""Wentworth card facts: each card's conditions, effects and stats compiled once a process (:func:`facts_of`), and
each deck's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from decklab.catalog.cards import MAIN, Card, Deck

from ..core import DeckCache, FactsCache, deck_cards
from .board import (
    _APPLIES,
    _CHOICE,
    _EFFECT_CODES,
    _OPS,
    _SCOPES,
    ADD,
    ALL,
    ALL_DAMAGE,
    ATTACHED,
    ATTACK,
    BINDING,
    BOUND,
    DEFENSE,
    ENEMY,
    ENVIRONMENT,
    FRIENDLY,
    GUARDIAN,
    HALVE,
    OTHERS,
    P_ALL,
    P_BOUND,
    P_COST,
    P_CTRL,
    P_EXTRA,
    P_HASTE,
    P_LIFE,
    P_NOATTACK,
    P_NODEFEND,
    P_NOENTRY,
    P_PREVENT_G,
    P_PREVENT_P,
    P_ROLL,
    P_RP,
    PLAYER_TARGETS,
    POTION,
    SELF,
    W_BOTH,
    W_MAIN,
    W_ROLL,
)
from .effects import EFFECTS

if TYPE_CHECKING:
    from .board import Guardian
    from .passives import PassiveState


class Cond:
    """A compiled ``condition`` mapping: every key must hold for the guardian (or card) it is checked on."""

    __slots__ = (
        "attacking",
        "cost_max",
        "cost_min",
        "dynamic",
        "faction",
        "friendly_min",
        "has_binding",
        "in_combat",
        "plain",
        "resting",
        "rp_max",
        "rp_min",
    )

    def __init__(self, condition: dict[str, Any]) -> None:
        faction = condition.get("faction")
        self.faction = str(faction).casefold() if faction else None
        self.rp_min: int | None = condition.get("roll_power_at_least")
        self.rp_max: int | None = condition.get("roll_power_at_most")
        self.cost_min: int | None = condition.get("cost_at_least")
        self.cost_max: int | None = condition.get("cost_at_most")
        self.attacking: bool | None = condition.get("attacking")
        self.resting: bool | None = condition.get("resting")
        self.in_combat: bool | None = condition.get("in_combat")
        self.has_binding: bool | None = condition.get("has_binding")
        self.friendly_min: int | None = condition.get("friendly_guardians_at_least")
        # depends on the moment (attacking, resting), not only on what is in play
        self.dynamic = self.attacking is not None or self.resting is not None
        # only the card's own printed facts matter (no roll power, combat or board test)
        self.plain = (self.rp_min is None and self.rp_max is None and self.attacking is None and self.resting is None
                      and self.has_binding is None and self.friendly_min is None)

    def __deepcopy__(self, memo: dict[int, Any]) -> Cond:
        return self

    def printed_ok(self, facts: Facts) -> bool:
        """Whether a card's faction and cost meet the condition."""
        if self.faction and facts.faction != self.faction:
            return False
        if self.cost_min is not None and facts.cost < self.cost_min:
            return False
        return self.cost_max is None or facts.cost <= self.cost_max

    def power_ok(self, rp: int) -> bool:
        """Whether a Roll Power of ``rp`` meets the condition."""
        return (self.rp_min is None or rp >= self.rp_min) and (self.rp_max is None or rp <= self.rp_max)

    def card_ok(self, facts: Facts) -> bool:
        """Whether a card (in hand, deck or discard pile) meets the condition's card facts."""
        return self.printed_ok(facts) and self.power_ok(facts.rp)

    def ok(self, state: PassiveState, g: Guardian) -> bool:
        """Whether a guardian in play meets the condition (``in_combat`` is checked by the trigger)."""
        if not self.printed_ok(g.facts):
            return False
        if (self.rp_min is not None or self.rp_max is not None) and not self.power_ok(state.roll_power(g)):
            return False
        if self.attacking is not None and (state.c_att is g) != bool(self.attacking):
            return False
        if self.resting is not None and g.resting != bool(self.resting):
            return False
        if self.has_binding is not None and bool(g.bindings) != bool(self.has_binding):
            return False
        if self.friendly_min is not None and len(state.sides[g.owner].guardians) < self.friendly_min:
            return False
        return True


class Eff:
    """One ``effects:`` entry compiled: its kind, trigger, target and parameters as plain attributes."""

    __slots__ = (
        "action",
        "amount",
        "any_guardian",
        "applies",
        "card_type",
        "choice",
        "code",
        "cond",
        "dice",
        "duration",
        "entry",
        "keep",
        "kind",
        "look",
        "minimum",
        "mode",
        "once",
        "op",
        "gchoice",
        "gmax_main",
        "gmax_rebuff",
        "optional",
        "pay",
        "rest",
        "rest_attached",
        "scope",
        "stat",
        "static",
        "take",
        "target",
        "trigger",
        "whose",
        "window",
    )
    gmax_rebuff: float
    gmax_main: float
    static: float | None

    def __init__(self, entry: Mapping[str, Any]) -> None:
        self.entry = entry
        self.kind: str = entry["effect"]
        self.code = _EFFECT_CODES.get(self.kind, 0)
        self.trigger: str | None = entry.get("trigger")
        self.target: str | None = entry.get("target")
        amount = entry.get("amount", 1)
        self.amount = ALL_DAMAGE if amount == "all" else int(amount)
        self.op = _OPS.get(entry.get("op", "add"), ADD)
        self.applies = _APPLIES.get(entry.get("applies_to"), ATTACK | DEFENSE)
        self.duration: str | None = entry.get("duration")
        condition = entry.get("condition")
        self.cond = Cond(condition) if condition else None
        self.stat: str | None = entry.get("stat")
        self.minimum: int | None = entry.get("minimum")
        self.mode: str = entry.get("mode", "next")
        self.card_type: str | None = entry.get("card_type")
        self.look = int(entry.get("look", 1))
        self.take = int(entry.get("take", 1))
        self.dice: str = entry.get("dice", "all")
        self.keep: str = entry.get("keep", "new")
        self.optional = bool(entry.get("optional"))
        cost = entry.get("cost") or {}
        rest = cost.get("rest")
        self.rest = rest is True
        self.rest_attached = rest == "attached"
        self.pay = int(cost.get("influence", 0))
        self.once = entry.get("limit") == "once_per_turn"
        self.whose: str = entry.get("whose", "controller")
        self.action: str | None = entry.get("action")
        self.scope = _SCOPES.get(self.target)
        # a target the player picks (Leyline Anchor: one of the bound player's guardians in combat)
        self.choice = self.target in _CHOICE or (self.trigger == "activated"
                                                 and self.target == "bound_player_guardians")
        # picks one guardian (its value for the greedy policy is _g_value() of that guardian)
        self.gchoice = self.choice and self.target not in PLAYER_TARGETS and self.target not in (
            "target_binding", "target_environment")
        amount = self.amount
        kind = self.kind
        self.gmax_rebuff, self.gmax_main = _g_max(kind, amount)
        if self.kind == "reroll" or self.duration in ("this_roll", "this_combat") or (
                self.cond is not None and self.cond.attacking):
            self.window = W_ROLL
        elif self.kind in ("modify_roll", "prevent_damage") or (
                self.kind == "restrict" and self.trigger == "on_play" and self.action == "attack"):
            self.window = W_BOTH
        else:
            self.window = W_MAIN
        # may target any guardian in play (in a roll window: either guardian in the combat)
        self.any_guardian = (self.target == "target_guardian" and self.cond is None
                             and not (self.window == W_ROLL and kind == "modify_roll"
                                      and self.applies != ATTACK | DEFENSE))
        self.static = _static_value(kind, amount) if self.target == "controller" else None

    def __deepcopy__(self, memo: dict[int, Any]) -> Eff:
        return self


def _g_max(kind: str, amount: int) -> tuple[float, float]:
    """The most the greedy player's value of one guardian (``_g_value()``) can give an effect of ``kind`` in the
    Rebuff step and in the Reinforce step."""
    unbounded = float("inf")
    if kind == "heal":
        return float(amount), float(amount)
    if kind == "modify_roll":
        return float(max(amount, -(0.8 * amount), 0)), 0.0
    if kind == "ready":
        return 0.0, unbounded
    if kind in ("rest", "can_attack_on_entry", "extra_combat"):
        return unbounded, 0.0
    if kind in ("damage", "return_to_hand"):
        return unbounded, unbounded
    return 0.0, 0.0


def _static_value(kind: str, amount: int) -> float | None:
    """What the greedy player's ``_effect_value`` gives an effect of ``kind`` on its controller whose worth does not
    depend on the board (the same expressions, so the same floats); None: it depends on the board."""
    sign, value = 1.0, 0.0
    if kind == "damage":
        return value - sign * 1.5 * amount
    if kind == "draw":
        return value + sign * 5 * amount
    if kind == "gain_influence":
        return value + sign * 1.5 * amount
    if kind == "search_deck":
        return value + sign * 5
    if kind == "modify_cost":
        return value + 1
    return None


def _passive_kind(eff: Eff) -> int | None:
    kind = eff.kind
    if kind == "modify_roll":
        return P_ROLL
    if kind == "modify":
        return P_LIFE if eff.stat == "life" else P_RP
    if kind == "can_attack_on_entry":
        return P_HASTE
    if kind == "restrict":
        restricted: dict[str | None, int] = {"attack": P_NOATTACK, "defend": P_NODEFEND,
                                              "attack_on_entry": P_NOENTRY}
        return restricted.get(eff.action)
    if kind == "extra_combat":
        return P_EXTRA
    if kind == "prevent_damage":
        return P_PREVENT_P if eff.scope in (P_CTRL, P_BOUND, P_ALL) else P_PREVENT_G
    if kind == "modify_cost":
        return P_COST
    return None


class Facts:
    """A card's facts compiled once per process: cost, stats, and its effects sorted by trigger."""

    __slots__ = (
        "activated",
        "bind_player",
        "card",
        "choice",
        "cost",
        "delayed",
        "faction",
        "has_attack",
        "has_defeated",
        "has_defend",
        "has_end",
        "has_potion",
        "has_start",
        "has_win",
        "gchoice",
        "haste",
        "is_roll",
        "life",
        "listed",
        "main_skip",
        "trick",
        "main_useful",
        "name",
        "p_attached",
        "p_bound",
        "p_global",
        "p_player",
        "p_self",
        "passives",
        "plays",
        "rp",
        "sign",
        "triggers",
        "type",
        "window",
    )

    def __init__(self, card: Card, vanilla: bool) -> None:
        self.card = card
        self.name = card.name
        self.type = {"guardian": GUARDIAN, "binding": BINDING, "potion": POTION}.get(card.type, ENVIRONMENT)
        self.cost = int(card.get("influence_cost", 0) or 0)
        self.faction = str(card.get("faction", "") or "").casefold()
        self.rp = int(card.get("roll_power", 0) or 0)
        self.life = int(card.get("life", 0) or 0)
        self.bind_player = bool(card.get("bind_player"))
        passives: list[tuple[int, int, Eff]] = []
        triggers: dict[str | None, list[Eff]] = {}
        activated: list[Eff] = []
        effs = [] if vanilla and not EFFECTS.is_modeled(card) else [Eff(entry) for entry in card.effects]
        for eff in effs:
            if eff.trigger == "passive":
                kind = _passive_kind(eff)
                if kind is not None and eff.scope is not None:
                    passives.append((kind, eff.scope, eff))
            elif eff.trigger == "activated":
                activated.append(eff)
            else:
                triggers.setdefault(eff.trigger, []).append(eff)
        self.passives = tuple(passives)
        # the passives by whom they reach: this guardian, the attached guardian, the bound player's guardians,
        # other guardians (lords, environments), and players (costs, damage to players)
        player_kinds = (P_COST, P_PREVENT_P)
        self.p_self = tuple((k, e) for k, scope, e in passives if scope == SELF and k not in player_kinds)
        self.p_attached = tuple((k, e) for k, scope, e in passives if scope == ATTACHED and k not in player_kinds)
        self.p_bound = tuple((k, e) for k, scope, e in passives if scope == BOUND and k not in player_kinds)
        self.p_global = tuple((k, scope, e) for k, scope, e in passives
                              if scope in (OTHERS, FRIENDLY, ENEMY, ALL) and k not in player_kinds)
        self.p_player = tuple((k, scope, e) for k, scope, e in passives if k in player_kinds)
        # whether the card, in play, is listed among the cost / damage-prevention effects, abilities and
        # "whenever you play a potion" effects
        self.has_end = "end_of_turn" in triggers and self.type is not POTION
        self.has_attack = "on_attack" in triggers
        self.has_defend = "on_defend" in triggers
        self.has_win = "on_combat_win" in triggers
        self.has_defeated = "on_defeated" in triggers
        self.listed = bool(self.p_player or activated or any(eff.trigger == "on_potion" for eff in effs)
                           or (self.type is not GUARDIAN and ("start_of_turn" in triggers or self.has_end)))
        # a potion the greedy policy may want to play in a main step
        self.main_useful = self.type is POTION and any(eff.kind not in ("prevent_damage", "restrict") for eff in effs)
        self.activated = tuple(activated)
        self.triggers = {trigger: tuple(entries) for trigger, entries in triggers.items()}
        self.haste = any(kind == P_HASTE and scope == SELF for kind, scope, _ in passives)
        # what is resolved when the card is played (a guardian: when it enters)
        self.plays = self.triggers.get("on_enter" if self.type is GUARDIAN else "on_play", ())
        self.delayed = self.triggers.get("end_of_turn", ()) if self.type is POTION else ()
        self.choice = next((eff for eff in self.plays if eff.choice), None)
        # a card whose one effect picks a guardian (the greedy policy values it per target directly)
        self.gchoice = len(self.plays) == 1 and self.plays[0].gchoice and self.plays[0].kind != "destroy"
        windows = [eff.window for eff in self.plays]
        self.window = (W_ROLL if W_ROLL in windows else W_BOTH if windows and all(w == W_BOTH for w in windows)
                       else W_MAIN)
        self.is_roll = self.type is POTION and self.window != W_MAIN
        # a potion the greedy policy never plays in a main step
        self.main_skip = self.type is POTION and (not self.main_useful or self.window == W_ROLL)
        self.has_start = "start_of_turn" in self.triggers
        self.has_potion = "on_potion" in self.triggers
        self.sign = self._sign(effs)
        # a potion outside the combat potions that can still change a combat (a combat trick): it damages,
        # heals or returns a guardian, or changes a roll or damage (Haste Elixir's +1 to attack rolls)
        self.trick = self.type is POTION and not self.is_roll and any(
            eff.kind in ("damage", "heal", "return_to_hand", "modify_roll", "reroll", "prevent_damage", "restrict")
            for eff in self.plays)
        if self.cost <= 0:
            _FREE_FACTS.add(self)
        if self.cost > TOP_COST[0]:
            TOP_COST[0] = self.cost

    def __deepcopy__(self, memo: dict[int, Any]) -> Facts:
        return self

    @staticmethod
    def _sign(effs: list[Eff]) -> int:
        """+1 for a binding that helps what it is attached to, -1 for a curse (for the greedy policy)."""
        for eff in effs:
            kind = eff.kind
            if kind in ("modify_roll", "modify") and (eff.amount < 0 or eff.op == HALVE):
                return -1
            if kind == "modify_cost" and eff.amount > 0:
                return -1
            if kind == "restrict":
                return -1
            if kind in ("damage", "lose_influence", "discard") and eff.target in ("attached", "bound_player"):
                return -1
            # anything that makes its host worse: keeping the lower of two rolls, resting, destroying or
            # returning it
            if kind == "reroll" and eff.keep == "lower":
                return -1
            if kind in ("rest", "destroy", "return_to_hand") and eff.target in ("attached", "bound_player_guardians"):
                return -1
        return 1

    def __repr__(self) -> str:
        return f"Facts({self.name})"


# every compiled card that costs nothing printed (only these can be played, re-bound or discarded with no influence)
_FREE_FACTS: Final[set[Facts]] = set()


# the highest printed cost of a card compiled so far (bounds the cost of every guardian in play)
TOP_COST: Final = [0]


facts_of: Final = FactsCache(Facts)
"""A card's compiled facts, built once per process for each way of playing it (cards are immutable):
``facts_of(card, vanilla)``."""


def _main_facts(deck: Deck, vanilla: bool) -> list[Facts]:
    return [facts_of(card, vanilla) for card in deck_cards(deck, MAIN)]


_compiled: Final = DeckCache(_main_facts)
"""The deck's cards as facts, compiled once per deck object: ``_compiled(deck, vanilla)``."""
