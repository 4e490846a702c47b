"""Wentworth: Guardians of the Realm: the full rules of ``wentworth.txt`` on the engine core.

Two to four players start at 50 life and 0 influence with 7 cards (one redraw of 7 allowed).
Each turn: Recharge (+7 influence, kept; resting guardians stand up), Draw (up to 7),
Rebuff (play guardians, bindings, potions, environments), Combat (each attack is one
guardian against the defender's chosen guardian or the player; both roll their roll power
in d6 and the higher total deals the difference), Reinforce (attackers rest; play more
cards; at most four guardians at the end of the turn). Readings of unclear rules are in
``docs/rules/wentworth.md`` (section "The engine").

Priority windows (where "at any time" actions happen): the active player's Rebuff and
Reinforce steps (every card type, activated abilities, re-binding, discard-to-draw), and
one roll window in each combat after the dice are rolled, where the attacker and then the
defender (alternating until both pass) may play combat potions and use combat abilities.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement, permutations, product
from operator import attrgetter
from typing import Any, Final, NamedTuple

from decklab.catalog.cards import MAIN, Card, Deck

from ..core import (
    Action,
    Choose,
    Engine,
    Pass,
    Play,
    RandomPolicy,
    Reading,
    deck_cards,
    new_rng,
    register,
)
from ..effects import EffectRegistry

START_LIFE: Final = 50
HAND_SIZE: Final = 7
RECHARGE: Final = 7
MAX_GUARDIANS: Final = 4

# --- the effect kinds this engine models ----------------------------------------------------------

# The readings of unclear rules a player may switch (``--rule wentworth.<name>=<value>``; the default first). See
# ``docs/rules/wentworth.md``: the reading of each, and what switching it measurably does.
READINGS = (
    Reading("undefended-damage", ("total", "none"),
            "what an attack nobody defends deals to the attacked player: total, its whole roll total (the difference "
            "against no defender's roll); none, nothing (a player takes combat damage only as a defeated guardian's "
            "excess)"),
    Reading("attackers-rest", ("next-turn", "end-of-turn"),
            "how long guardians that attacked rest: next-turn, until their controller's next Recharge (they cannot "
            "defend in the other players' turns); end-of-turn, they stand up at the end of their controller's turn "
            "(they may defend)"),
)

EFFECTS = EffectRegistry("wentworth")
_GUARDIAN_CONDITIONS = ("faction", "roll_power_at_least", "roll_power_at_most", "cost_at_least", "cost_at_most",
                        "attacking", "resting", "in_combat", "has_binding", "friendly_guardians_at_least")
_ALL_TRIGGERS = ("on_play", "on_enter", "on_attack", "on_defend", "on_combat_win", "on_defeated", "on_potion",
                 "start_of_turn", "end_of_turn", "activated")
_COMMON = ("amount", "cost", "optional", "whose", "limit", "duration")
_G_TARGETS = ("this", "attached", "target_guardian", "target_friendly_guardian", "target_enemy_guardian",
              "friendly_guardians", "other_friendly_guardians", "enemy_guardians", "all_guardians",
              "all_other_guardians", "opposing_guardian", "attacking_guardian", "bound_player_guardians")
_P_TARGETS = ("controller", "opponent", "each_opponent", "target_player", "all_players", "that_player",
              "that_player_opponents", "opposing_player", "bound_player")
EFFECTS.kind("modify_roll", triggers={"passive", *_ALL_TRIGGERS}, targets=_G_TARGETS,
             keys={*_COMMON, "op", "applies_to"}, conditions=_GUARDIAN_CONDITIONS)
EFFECTS.kind("reroll", triggers={"activated", "on_attack", "on_defend", "on_play"}, targets=_G_TARGETS,
             keys={"cost", "dice", "keep", "limit", "optional"}, conditions=_GUARDIAN_CONDITIONS)
EFFECTS.kind("modify", triggers={"passive", "on_potion"},
             targets=("this", "attached", "all_guardians", "friendly_guardians", "other_friendly_guardians",
                      "enemy_guardians", "bound_player_guardians", "target_guardian", "target_friendly_guardian",
                      "target_enemy_guardian"),
             keys={"stat", "amount", "minimum", "duration"}, conditions=_GUARDIAN_CONDITIONS)
EFFECTS.kind("damage", triggers=_ALL_TRIGGERS, targets={*_G_TARGETS, *_P_TARGETS}, keys=_COMMON,
             conditions=_GUARDIAN_CONDITIONS)
EFFECTS.kind("heal", triggers=_ALL_TRIGGERS, targets={*_G_TARGETS, *_P_TARGETS}, keys=_COMMON,
             conditions=_GUARDIAN_CONDITIONS)
EFFECTS.kind("prevent_damage", triggers={"passive", "activated", "on_play", "on_enter"},
             targets=("this", "attached", "bound_player", "controller", "target_guardian", "target_friendly_guardian"),
             keys={"amount", "cost", "duration", "mode", "limit"})
EFFECTS.kind("draw", triggers=_ALL_TRIGGERS, targets=_P_TARGETS, keys=_COMMON)
EFFECTS.kind("discard", triggers=_ALL_TRIGGERS, targets=_P_TARGETS, keys={*_COMMON, "chosen_by"})
EFFECTS.kind("search_deck", triggers=("on_play", "on_enter", "start_of_turn", "activated"), targets={"controller"},
             keys={"card_type", "look", "take", "others", "cost", "limit"})
EFFECTS.kind("recover", triggers=_ALL_TRIGGERS, targets={"controller"}, keys={*_COMMON, "card_type"},
             conditions=("faction", "cost_at_most", "cost_at_least", "roll_power_at_least", "roll_power_at_most"))
EFFECTS.kind("gain_influence", triggers=_ALL_TRIGGERS, targets=_P_TARGETS, keys=_COMMON)
EFFECTS.kind("lose_influence", triggers=_ALL_TRIGGERS, targets=_P_TARGETS, keys=_COMMON)
EFFECTS.kind("modify_cost", triggers=("passive", "on_enter", "on_play"),
             targets=("controller", "bound_player", "all_players"), keys={"card_type", "amount", "minimum", "duration"},
             conditions=("faction",))
EFFECTS.kind("can_attack_on_entry", triggers=("passive", "on_play", "on_enter"),
             targets=("this", "attached", "all_guardians", "target_friendly_guardian", "target_guardian"),
             keys={"duration"}, conditions=_GUARDIAN_CONDITIONS)
EFFECTS.kind("extra_combat", triggers=("passive", "on_play"), targets=("this", "attached", "target_friendly_guardian"),
             keys={"amount", "duration"})
EFFECTS.kind("restrict", triggers=("passive", "on_play"),
             targets=("this", "attached", "all_guardians", "target_guardian", "target_enemy_guardian"),
             keys={"action", "duration"}, conditions=_GUARDIAN_CONDITIONS)
EFFECTS.kind("rest", triggers=("on_play", "on_enter", "activated"),
             targets=("target_guardian", "target_enemy_guardian", "target_friendly_guardian"), keys={"cost"},
             conditions=_GUARDIAN_CONDITIONS)
EFFECTS.kind("ready", triggers=("on_play", "activated"), targets=("target_friendly_guardian", "target_guardian"),
             keys={"cost"}, conditions=_GUARDIAN_CONDITIONS)
EFFECTS.kind("destroy", triggers=("on_play", "on_enter"), targets=("target_binding", "target_environment"))
EFFECTS.kind("return_to_hand", triggers=("activated", "on_defeated", "on_enter", "on_play"),
             targets=("this", "attached", "target_guardian", "target_friendly_guardian", "target_enemy_guardian"),
             keys={"cost"})

# --- compiled card facts --------------------------------------------------------------------------

GUARDIAN: Final = "guardian"
BINDING: Final = "binding"
POTION: Final = "potion"
ENVIRONMENT: Final = "environment"
ATTACK: Final = 1
DEFENSE: Final = 2
_CARD_TYPES: Final = (GUARDIAN, BINDING, POTION, ENVIRONMENT)
_APPLIES: Final = {"attack": ATTACK, "defense": DEFENSE, "any": ATTACK | DEFENSE, None: ATTACK | DEFENSE}
ADD: Final = 0
MUL: Final = 1
HALVE: Final = 2
_OPS: Final = {"add": ADD, "multiply": MUL, "halve": HALVE}
# scopes of passive effects on guardians (who they touch) and on players
SELF: Final = 0
ATTACHED: Final = 1
BOUND: Final = 2
OTHERS: Final = 3
FRIENDLY: Final = 4
ENEMY: Final = 5
ALL: Final = 6
P_CTRL: Final = 10
P_BOUND: Final = 11
P_ALL: Final = 12
# (looked up with an effect's target, which may be None)
_SCOPES: Final[dict[str | None, int]] = {
    "this": SELF, "attached": ATTACHED, "bound_player_guardians": BOUND, "other_friendly_guardians": OTHERS,
    "friendly_guardians": FRIENDLY, "enemy_guardians": ENEMY, "all_guardians": ALL,
    "controller": P_CTRL, "bound_player": P_BOUND, "all_players": P_ALL}
# passive kinds
P_ROLL: Final = 0
P_LIFE: Final = 1
P_RP: Final = 2
P_HASTE: Final = 3
P_NOENTRY: Final = 4
P_NOATTACK: Final = 5
P_NODEFEND: Final = 6
P_EXTRA: Final = 7
P_PREVENT_G: Final = 8
P_PREVENT_P: Final = 9
P_COST: Final = 10
# effect kinds as the greedy player's values tell them apart (Eff.code; 0: any other kind): comparing ints, not
# strings
K_DAMAGE: Final = 1
K_HEAL: Final = 2
K_RETURN_TO_HAND: Final = 3
K_REST: Final = 4
K_READY: Final = 5
K_ENTRY_ATTACK: Final = 6
K_EXTRA_COMBAT: Final = 7
K_MODIFY_ROLL: Final = 8
K_REROLL: Final = 9
K_PREVENT_DAMAGE: Final = 10
K_RESTRICT: Final = 11
K_DRAW: Final = 12
K_GAIN_INFLUENCE: Final = 13
K_LOSE_INFLUENCE: Final = 14
K_DISCARD: Final = 15
K_SEARCH_DECK: Final = 16
K_RECOVER: Final = 17
K_MODIFY_COST: Final = 18
K_DESTROY: Final = 19
_EFFECT_CODES: Final = {
    "damage": K_DAMAGE,
    "heal": K_HEAL,
    "return_to_hand": K_RETURN_TO_HAND,
    "rest": K_REST,
    "ready": K_READY,
    "can_attack_on_entry": K_ENTRY_ATTACK,
    "extra_combat": K_EXTRA_COMBAT,
    "modify_roll": K_MODIFY_ROLL,
    "reroll": K_REROLL,
    "prevent_damage": K_PREVENT_DAMAGE,
    "restrict": K_RESTRICT,
    "draw": K_DRAW,
    "gain_influence": K_GAIN_INFLUENCE,
    "lose_influence": K_LOSE_INFLUENCE,
    "discard": K_DISCARD,
    "search_deck": K_SEARCH_DECK,
    "recover": K_RECOVER,
    "modify_cost": K_MODIFY_COST,
    "destroy": K_DESTROY,
}
_GUARDIAN_PASSIVES: Final = (P_ROLL, P_LIFE, P_HASTE, P_NOENTRY, P_NOATTACK, P_NODEFEND, P_EXTRA, P_PREVENT_G)
# windows in which a potion or ability may be used
W_MAIN: Final = 0
W_ROLL: Final = 1
W_BOTH: Final = 2
ALL_DAMAGE: Final = 10 ** 6
_CHOICE_G: Final = frozenset({"target_guardian", "target_friendly_guardian", "target_enemy_guardian"})
_CHOICE: Final = _CHOICE_G | {"target_binding", "target_environment", "opponent", "target_player"}
_PLAYER_TARGETS: Final = frozenset(_P_TARGETS)


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

    def card_ok(self, facts: Facts) -> bool:
        """Whether a card (in hand, deck or discard pile) meets the condition's card facts."""
        if self.faction and facts.faction != self.faction:
            return False
        if self.cost_min is not None and facts.cost < self.cost_min:
            return False
        if self.cost_max is not None and facts.cost > self.cost_max:
            return False
        if self.rp_min is not None and facts.rp < self.rp_min:
            return False
        return self.rp_max is None or facts.rp <= self.rp_max

    def ok(self, state: WentworthState, g: Guardian) -> bool:
        """Whether a guardian in play meets the condition (``in_combat`` is checked by the trigger)."""
        facts = g.facts
        if self.faction and facts.faction != self.faction:
            return False
        if self.cost_min is not None and facts.cost < self.cost_min:
            return False
        if self.cost_max is not None and facts.cost > self.cost_max:
            return False
        if self.rp_min is not None or self.rp_max is not None:
            rp = state.roll_power(g)
            if self.rp_min is not None and rp < self.rp_min:
                return False
            if self.rp_max is not None and rp > self.rp_max:
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
        self.gchoice = self.choice and self.target not in _PLAYER_TARGETS and self.target not in (
            "target_binding", "target_environment")
        # the most _g_value() can give for one guardian in the Rebuff step and in the Reinforce step
        amount = self.amount
        kind = self.kind
        unbounded = float("inf")
        if kind == "heal":
            self.gmax_rebuff = self.gmax_main = float(amount)
        elif kind == "modify_roll":
            self.gmax_rebuff = float(max(amount, -(0.8 * amount), 0))
            self.gmax_main = 0.0
        elif kind == "ready":
            self.gmax_rebuff, self.gmax_main = 0.0, unbounded
        elif kind in ("rest", "can_attack_on_entry", "extra_combat"):
            self.gmax_rebuff, self.gmax_main = unbounded, 0.0
        elif kind in ("damage", "return_to_hand"):
            self.gmax_rebuff = self.gmax_main = unbounded
        else:
            self.gmax_rebuff = self.gmax_main = 0.0
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
        # what Greedy._effect_value gives an effect on its controller whose worth does not depend on the board
        # (the same expressions, so the same floats)
        self.static = None
        if self.target == "controller":
            sign, value = 1.0, 0.0
            if kind == "damage":
                self.static = value - sign * 1.5 * amount
            elif kind == "draw":
                self.static = value + sign * 5 * amount
            elif kind == "gain_influence":
                self.static = value + sign * 1.5 * amount
            elif kind == "search_deck":
                self.static = value + sign * 5
            elif kind == "modify_cost":
                self.static = value + 1

    def __deepcopy__(self, memo: dict[int, Any]) -> Eff:
        return self


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
        if self.is_roll:
            _ROLL_FACTS.add(self)
        if self.type is POTION:
            _POTION_FACTS.add(self)
        # a potion outside the combat potions that can still change a combat (a combat trick): it damages,
        # heals or returns a guardian, or changes a roll or damage (Haste Elixir's +1 to attack rolls)
        self.trick = self.type is POTION and not self.is_roll and any(
            eff.kind in ("damage", "heal", "return_to_hand", "modify_roll", "reroll", "prevent_damage", "restrict")
            for eff in self.plays)
        if self.cost <= 0:
            _FREE_FACTS.add(self)
        if self.cost > _TOP_COST[0]:
            _TOP_COST[0] = self.cost

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


_FACTS: Final[dict[tuple[Card, bool], Facts]] = {}
# every compiled card that may be played in a roll window (a hand without one has no roll play:
# ``_ROLL_FACTS.isdisjoint(hand)`` tells at C speed)
_ROLL_FACTS: Final[set[Facts]] = set()
# every potion compiled so far (potions may be played "at any time": in every roll window too)
_POTION_FACTS: Final[set[Facts]] = set()
# every compiled card that costs nothing printed (only these can be played, re-bound or discarded with no influence)
_FREE_FACTS: Final[set[Facts]] = set()
# the highest printed cost of a card compiled so far (bounds the cost of every guardian in play)
_TOP_COST: Final = [0]


def facts_of(card: Card, vanilla: bool = False) -> Facts:
    """A card's compiled facts, built once per process (cards are immutable)."""
    compiled = _FACTS.get((card, vanilla))
    if compiled is None:
        compiled = _FACTS[(card, vanilla)] = Facts(card, vanilla)
    return compiled


_DECKS: Final[dict[tuple[int, bool], tuple[Deck, list[Facts]]]] = {}


def _compiled(deck: Deck, vanilla: bool) -> list[Facts]:
    """The deck's cards as facts, compiled once per deck object."""
    entry = _DECKS.get((id(deck), vanilla))
    if entry is None or entry[0] is not deck:
        entry = _DECKS[(id(deck), vanilla)] = (deck, [facts_of(card, vanilla) for card in deck_cards(deck, MAIN)])
    return entry[1]


# --- things in play -------------------------------------------------------------------------------


class Guardian:
    """A guardian in a Battle Zone: its card, controller, damage, position and this turn's changes."""

    __slots__ = (
        "alive",
        "attacks",
        "bindings",
        "bonus_life",
        "bonus_rp",
        "damage",
        "dyn",
        "entered",
        "est_a",
        "est_d",
        "extra",
        "extra_turn",
        "facts",
        "haste",
        "haste_turn",
        "life_max",
        "m_att",
        "m_def",
        "noattack",
        "noattack_turn",
        "nodefend",
        "nodefend_turn",
        "noentry",
        "owner",
        "prevent",
        "resting",
        "rp",
        "shields",
        "temps",
        "uid",
        "xtra",
    )
    est_a: float | None
    est_d: float | None

    def __init__(self, facts: Facts, uid: int, owner: int, entered: int) -> None:
        self.facts = facts
        self.uid = uid
        self.owner = owner
        self.damage = 0
        self.resting = False
        self.entered = entered
        self.attacks = 0
        self.bindings: list[Binding] = []
        self.temps: list[tuple[int, int, int, int]] = []
        self.shields = 0
        self.bonus_life = self.bonus_rp = 0
        self.haste_turn = self.noattack_turn = self.nodefend_turn = self.extra_turn = -1
        self.extra = 0
        self.alive = True
        # what the passives in play give it (recomputed whenever the board changes; self.facts: typed when compiled)
        self.rp = self.facts.rp
        self.life_max = self.facts.life
        self.m_att: list[tuple[int, int, int]] = []
        self.m_def: list[tuple[int, int, int]] = []
        self.dyn: list[tuple[int, Eff, int]] = []
        self.haste = self.noattack = self.nodefend = self.noentry = False
        self.xtra = self.prevent = 0
        self.est_a = self.est_d = None

    def __repr__(self) -> str:
        return f"Guardian({self.facts.name}, P{self.owner + 1}, #{self.uid})"


class Binding:
    """A binding in play: attached to a guardian (``host``) or to a player (``player`` >= 0)."""

    __slots__ = ("facts", "host", "owner", "player", "uid")

    def __init__(self, facts: Facts, uid: int, owner: int) -> None:
        self.facts = facts
        self.uid = uid
        self.owner = owner
        self.host: Guardian | None = None
        self.player = -1

    @property
    def alive(self) -> bool:
        return self.host is not None or self.player >= 0


class Env:
    """An environment in a player's Battle Zone."""

    __slots__ = ("alive", "facts", "owner", "uid")

    def __init__(self, facts: Facts, uid: int, owner: int) -> None:
        self.facts = facts
        self.uid = uid
        self.owner = owner
        self.alive = True


class Side:
    """One player's zones and counters."""

    __slots__ = (
        "bound",
        "cards",
        "cost_temp",
        "deck",
        "discard",
        "dummy",
        "env",
        "guardians",
        "had_turn",
        "hand",
        "influence",
        "hi",
        "life",
        "lo",
        "out",
        "seat",
        "shield",
        "seen",
        "shield_all",
        "size",
    )

    def __init__(self, seat: int, deck: list[Facts], *, dummy: bool = False) -> None:
        self.seat = seat
        self.deck = deck
        # the deck list (its order: a canonical order of the player's cards, for determinize())
        self.cards = tuple(deck)
        self.hand: list[Facts] = []
        self.discard: list[Facts] = []
        self.guardians: list[Guardian] = []
        self.bound: list[Binding] = []
        self.env: Env | None = None
        self.life = START_LIFE
        self.influence = 0
        self.out = False
        self.had_turn = dummy
        self.cost_temp: list[Eff] = []
        self.shield_all = False
        self.shield = 0
        self.dummy = dummy
        self.size = len(deck)
        # deck[lo:hi] is still unshuffled (see _fix): the order of the cards above it is settled
        self.lo = self.hi = 0
        # the bottom cards of the deck that its owner has seen (put there by a deck search; while the deck has
        # more: min(seen, len(deck)) of them, as draws take from the top)
        self.seen = 0


class Ctx:
    """Where a triggered or played effect comes from: its controller, source, chosen target and combat."""

    __slots__ = ("controller", "facts", "host", "in_combat", "opp_g", "opp_p", "source", "target", "that")

    def __init__(self, controller: int, source: Any, facts: Facts, target: Any = None, host: Guardian | None = None,
                 opp_g: Guardian | None = None, opp_p: int = -1, that: int = -1, in_combat: bool = False) -> None:
        self.controller = controller
        self.source = source
        self.facts = facts
        self.target = target
        self.host = host
        self.opp_g = opp_g
        self.opp_p = opp_p
        self.that = that
        self.in_combat = in_combat


# --- actions --------------------------------------------------------------------------------------


class Redraw(NamedTuple):
    """Before the game: shuffle the opening hand back and draw 7 again (once), or keep it."""

    redraw: bool

    def __str__(self) -> str:
        return "redraw 7 cards" if self.redraw else "keep the opening hand"


class Activate(NamedTuple):
    """Use an activated ability of a card in play (``slot``: which of its abilities)."""

    uid: int
    slot: int
    name: str
    target: Any = None
    label: str = ""

    def __str__(self) -> str:
        return f"use {self.name}" + (f" on {self.label}" if self.label else "")


class Rebind(NamedTuple):
    """Move a binding you paid for to another guardian or player, paying its cost again."""

    uid: int
    name: str
    target: Any
    label: str

    def __str__(self) -> str:
        return f"re-bind {self.name} to {self.label}"


class Discard(NamedTuple):
    """Discard a card from hand, paying half its influence cost (rounded up), to draw a card."""

    # the field shadows tuple.index() (as core's Play.index does): an action's field keeps its public name
    index: int  # type: ignore[assignment]
    name: str

    def __str__(self) -> str:
        return f"discard {self.name} to draw a card"


class Declare(NamedTuple):
    """End the Rebuff step and declare which guardians attack which players: ``attacks`` holds
    (guardian id, seat) pairs in the order the combats are fought (empty: no combat this turn)."""

    attacks: tuple[tuple[int, int], ...]
    label: str

    def __str__(self) -> str:
        return f"attack: {self.label}" if self.attacks else "declare no attack"


class Block(NamedTuple):
    """Choose the defending guardian of each attack against you, in declaration order (None: no defender,
    the attack hits you)."""

    blocks: tuple[int | None, ...]
    label: str

    def __str__(self) -> str:
        return f"defend: {self.label}"


for _kind in (Redraw, Activate, Rebind, Discard, Declare, Block):
    Action.register(_kind)

# Every action of this game, for the annotations: core's Action is an ABC the action tuples are registered with
# (Action.register), which a type checker does not see.
WentworthAction = Play | Pass | Choose | Redraw | Activate | Rebind | Discard | Declare | Block

NO_ATTACK: Final = Declare((), "")
# makes an action tuple without the named tuple's Python-level __new__ (the greedy fast path)
_new = tuple.__new__
END_TURN: Final = Pass("end the turn")
PASS_ROLL: Final = Pass("pass")
KEEP: Final = Redraw(False)
REDRAW: Final = Redraw(True)

REDRAWING: Final = 0
REBUFF: Final = 1
COMBAT: Final = 2
DEFEND: Final = 3
ROLL: Final = 4
REINFORCE: Final = 5
RESPOND: Final = 6
PHASE_NAMES: Final = ("redraw", "rebuff", "combat", "defend", "roll", "reinforce", "respond")


def _pips(dice: Sequence[int]) -> int:
    """The total of a roll's dice (sum() without the call through Python when compiled)."""
    total = 0
    for pip in dice:
        total += pip
    return total


def _label(g: Guardian) -> str:
    return f"{g.facts.name} (P{g.owner + 1})"


def _describe(obj: Any) -> str:
    """A target as the log and the action text name it."""
    kind = type(obj)
    if kind is Guardian:
        g = obj
        return f"{g.facts.name} (P{g.owner + 1})"
    if kind is Binding:
        b = obj
        return f"{b.facts.name} on " + (_label(b.host) if b.host is not None else f"P{b.player + 1}")
    if kind is Env:
        env = obj
        return f"{env.facts.name} (P{env.owner + 1})"
    return f"P{obj + 1}"


def _by_age(objects: list[Any]) -> list[Any]:
    """Cards in play in the order they came into play (their ids): an order that favours no seat."""
    if len(objects) < 2:
        return objects
    return [obj for _, obj in sorted([(obj.uid, obj) for obj in objects])]


def _has_attack(bindings: list[Binding]) -> bool:
    """Whether one of the bindings has "when the guardian attacks" effects."""
    for b in bindings:
        if b.facts.has_attack:
            return True
    return False


def _has_defend(bindings: list[Binding]) -> bool:
    """Whether one of the bindings has "when the guardian defends" effects."""
    for b in bindings:
        if b.facts.has_defend:
            return True
    return False


def _touches(scope: int, src: Any, ctrl: int, g: Guardian) -> bool:
    """Whether a passive of ``src`` (controlled by ``ctrl``) with ``scope`` reaches guardian ``g``."""
    if scope == ALL:
        return True
    if scope == SELF:
        return src is g
    if scope == ATTACHED:
        return src.host is g
    if scope == BOUND:
        bound: Binding = src
        return bound.player == g.owner
    if scope == OTHERS:
        return g.owner == ctrl and src is not g
    if scope == FRIENDLY:
        return g.owner == ctrl
    if scope == ENEMY:
        return g.owner != ctrl
    return False


def _orders(ops: list[tuple[int, int]]) -> tuple[int, list[tuple[tuple[int, int], ...]]]:
    """How one controller may order their roll effects (rulebook "Sequencing"): (the sum, no orders) when they are
    all additions; else (0, each distinct order of the other effects and the additions summed: the increases, then
    the decreases)."""
    total = 0
    plain = True
    for op, amount in ops:
        if op != ADD:
            plain = False
            break
        total += amount
    if plain:
        return total, []
    up = down = 0
    items: list[tuple[int, int]] = []
    for op, a in ops:
        if op != ADD:
            items.append((op, a))
        elif a > 0:
            up += a
        elif a < 0:
            down += a
    if up:
        items.append((ADD, up))
    if down:
        items.append((ADD, down))
    # each distinct order once (one effect has one order)
    return 0, ([tuple(items)] if len(items) == 1 else list(set(permutations(items))))


def _order(value: int, ops: list[tuple[int, int]], maximize: bool) -> int:
    """Apply one controller's roll effects to the dice total ``value`` in the order best for them."""
    total, orders = _orders(ops)
    if not orders:
        return value + total
    best: int | None = None
    for order in orders:
        y = value
        for op, a in order:
            if op == ADD:
                y += a
            elif op == MUL:
                y *= a
            else:
                y = -((-y) // 2)
        if best is None or (y > best if maximize else y < best):
            best = y
    assert best is not None  # items holds one effect at least (one that is not an addition)
    return best


def _order_f(value: float, ops: list[tuple[int, int]], maximize: bool) -> float:
    """_order() for an expected roll (3.5 a die)."""
    total, orders = _orders(ops)
    if not orders:
        return value + total
    best: float | None = None
    for order in orders:
        y = value
        for op, a in order:
            if op == ADD:
                y += a
            elif op == MUL:
                y *= a
            else:
                y = -((-y) // 2)
        if best is None or (y > best if maximize else y < best):
            best = y
    assert best is not None  # items holds one effect at least (one that is not an addition)
    return best


def _groups(mods: list[tuple[int, int, int]], owner: int,
            seats: int) -> list[tuple[list[tuple[int, int]], bool]] | None:
    """The roll effects ``mods`` of a guardian of ``owner`` in the Sequencing order: the owner's (the highest total),
    then each other player's in seat order (the lowest total); None when they are all additions."""
    for op, _, _ in mods:
        if op != ADD:
            break
    else:
        return None
    found: list[tuple[list[tuple[int, int]], bool]] = []
    own = [(op, a) for op, a, c in mods if c == owner]
    if own:
        found.append((own, True))
    if len(own) < len(mods):
        for k in range(1, seats):
            seat = (owner + k) % seats
            group = [(op, a) for op, a, c in mods if c == seat]
            if group:
                found.append((group, False))
    return found


def sequence(value: int, mods: list[tuple[int, int, int]], owner: int, seats: int) -> int:
    """A roll total: the rolling guardian's controller applies their effects first, in the order they choose
    (the highest total), then each other player in seat order applies theirs (the lowest total)."""
    groups = _groups(mods, owner, seats)
    if groups is None:
        # only additions: the order does not change the total
        for _, amount, _ in mods:
            value += amount
        return value
    for ops, maximize in groups:
        value = _order(value, ops, maximize)
    return value


def sequence_f(value: float, mods: list[tuple[int, int, int]], owner: int, seats: int) -> float:
    """sequence() for an expected roll (3.5 a die)."""
    groups = _groups(mods, owner, seats)
    if groups is None:
        # only additions: the order does not change the total (halves and small integers add exactly)
        for _, amount, _ in mods:
            value += amount
        return value
    for ops, maximize in groups:
        value = _order_f(value, ops, maximize)
    return value


# --- the state ------------------------------------------------------------------------------------


class WentworthState:
    """A game of Wentworth between two to four players (or one player against a goldfish dummy).

    It follows the :class:`~decklab.engine.core.GameState` protocol without subclassing it (its apply() takes this
    game's actions only, narrower than GameState.apply's)."""

    __slots__ = (
        "active",
        "block_idx",
        "block_seats",
        "blocks",
        "c_adice",
        "c_ap",
        "c_att",
        "c_ddice",
        "c_def",
        "c_defended",
        "c_dp",
        "c_index",
        "c_mods",
        "c_order",
        "c_passes",
        "c_prio",
        "c_protect",
        "c_rolled",
        "c_rolltime",
        "count_sensitive",
        "decl",
        "delayed",
        "dirty",
        "env_attack",
        "first",
        "glob",
        "goldfish",
        "hurt",
        "log",
        "max_turns",
        "n",
        "next_uid",
        "over",
        "pending",
        "phase",
        "queue",
        "redraw_seat",
        "result",
        "resume",
        "rng",
        "sides",
        "src_act",
        "src_cost",
        "src_potion",
        "src_prevent",
        "src_ract",
        "src_turn",
        "turn",
        "undefended_damage",
        "attackers_stand",
        "used",
        "views",
        "w_after",
        "w_seats",
    )
    # The readings in force (see READINGS), set at setup from ``rules`` and carried by clone() and determinize():
    # undefended_damage: an attack nobody defends deals its whole total to the player (undefended-damage=total; False:
    # none); attackers_stand: guardians that attacked stand up at the end of their controller's turn
    # (attackers-rest=end-of-turn; False: they rest until that player's next Recharge, the default).
    undefended_damage: bool
    attackers_stand: bool
    # the game (set by _state() and _copy_state(): a game is made without __init__)
    rng: random.Random
    log: list[str] | None
    turn: int
    max_turns: int
    sides: list[Side]
    n: int
    views: tuple[tuple[Side, ...], ...]
    first: int
    active: int
    redraw_seat: int
    phase: int
    next_uid: int
    result: int | None
    over: bool
    goldfish: bool
    hurt: bool
    # choices waiting to be made: (seat, kind, options, handler's name, data for the handler)
    # (data: what the handler needs, a tuple whose items depend on the handler, or None)
    pending: list[tuple[int, str, list[Choose], str, Any]]
    queue: list[tuple[Eff, Ctx]]
    resume: list[str]
    delayed: list[tuple[Eff, Ctx]]
    used: dict[tuple[int, int], int]
    w_seats: list[int]
    w_after: int
    # what is in play (sources: a guardian, binding or environment)
    dirty: bool
    count_sensitive: bool
    env_attack: bool
    glob: list[tuple[int, Any, int, int, Eff]]
    src_cost: list[tuple[Any, int, int, Eff]]
    src_prevent: list[tuple[Any, int, int, Eff]]
    src_act: list[tuple[Any, int, int, Eff]]
    src_ract: list[tuple[Any, int, int, Eff]]
    src_potion: list[Any]
    src_turn: list[Any]
    # the combat
    decl: list[tuple[Guardian, int]]
    blocks: list[Guardian | None]
    block_seats: list[int]
    block_idx: list[int]
    c_index: int
    c_att: Guardian | None
    c_def: Guardian | None
    c_ap: int
    c_dp: int
    c_prio: int
    c_passes: int
    c_order: list[int]
    c_defended: bool
    c_rolled: bool
    c_adice: list[int] | tuple[()]
    c_ddice: list[int] | tuple[()]
    c_mods: list[tuple[Guardian, int, int, int, int]]
    c_rolltime: list[tuple[Eff, Ctx, Guardian]]
    c_protect: tuple[int, ...] | None

    # -- protocol --

    def say(self, line: str) -> None:
        """Add a line to the play-by-play, as :meth:`GameState.say` does (callers test ``self.log`` first)."""
        if self.log is not None:
            self.log.append(f"[turn {self.turn}] {line}")

    def current_player(self) -> int:
        if self.pending:
            return self.pending[0][0]
        phase = self.phase
        if phase == REBUFF or phase == REINFORCE:
            return self.active
        if phase == ROLL:
            return self.c_prio
        if phase == DEFEND:
            return self.c_dp
        if phase == RESPOND:
            return self.w_seats[0]
        if phase == REDRAWING:
            return self.redraw_seat
        return self.active

    def is_terminal(self) -> bool:
        return self.over

    def winner(self) -> int | None:
        return self.result

    def is_unresolved(self) -> bool:
        """Whether the game was stopped by the turn cap, which the rulebook does not have."""
        return self.over and self.turn > self.max_turns

    def clone(self) -> WentworthState:
        """An independent copy that plays on exactly as this game (its generator in the same state too)."""
        twin = _copy_state(self, True)
        if type(self.rng) is random.Random:
            # a new generator set to this one's state (without seeding it first)
            rng = random.Random.__new__(random.Random)
            rng.setstate(self.rng.getstate())
            twin.rng = rng
        else:
            twin.rng = copy.deepcopy(self.rng)
        return twin

    def determinize(self, player: int, rng: random.Random) -> WentworthState:
        """A copy that ``player`` cannot tell from this game, with what it cannot see redrawn from ``rng``.

        Hidden in Wentworth: every player's hand from the others, and the order of every deck (deck
        searches excepted: the searcher saw the cards it put on the bottom, and sees the top cards while it
        chooses one). Each other player's hand and deck are pooled in a canonical order (their deck list's),
        shuffled and dealt back at the same sizes; ``player``'s own deck below what it saw is shuffled the same way;
        every deck is settled at once (no lazy order left from this game); the game's generator is a new one
        drawn from ``rng``. The copy keeps no play-by-play (``log`` None). This game is not changed and its
        generator not drawn from."""
        twin = _copy_state(self, False)
        for side in twin.sides:
            if side.dummy:
                continue
            if side.seat == player:
                _redraw_own(twin, side, rng)
            else:
                _redraw_other(twin, side, rng)
        twin.rng = random.Random(rng.getrandbits(64))
        return twin

    def observation(self, player: int) -> tuple[Any, ...]:
        """Everything ``player`` sees (see :meth:`determinize`): the board with every counter, the discard
        piles, its own hand in order, the counts of the others' hands and of the decks, the deck cards it has
        seen, the turn, the step, the combat, the effects waiting to resolve and the pending choice."""
        sides = []
        for side in self.sides:
            own = side.seat == player
            seen = side.seen if side.seen < len(side.deck) else len(side.deck)
            sides.append((
                side.seat, side.life, side.influence, side.shield, side.shield_all, side.out, side.had_turn,
                side.dummy, side.size, len(side.deck), seen, len(side.hand),
                tuple([facts.name for facts in side.hand]) if own else None,
                tuple([facts.name for facts in side.deck[:seen]]) if own else None,
                tuple([facts.name for facts in side.discard]),
                tuple([_eff_view(eff) for eff in side.cost_temp]),
                (side.env.uid, side.env.facts.name, side.env.owner, side.env.alive) if side.env is not None else None,
                tuple([_guardian_view(g) for g in side.guardians]),
                tuple([_binding_view(b) for b in side.bound]),
            ))
        pending: list[tuple[Any, ...]] = []
        for seat, kind, actions, handler, data in self.pending:
            if handler == "_answer_search":
                # the searcher sees the top cards; the others, how many it looks at
                count = data[1]
                if seat == player:
                    looked = tuple([facts.name for facts in self.sides[seat].deck[-count:][::-1]])
                    pending.append((seat, kind, count, looked, tuple([(a.option, a.label) for a in actions])))
                else:
                    pending.append((seat, kind, count))
            else:
                pending.append((seat, kind, tuple([(a.option, a.label) for a in actions]), handler,
                                tuple([_ctx_view(x) if type(x) is Ctx else _eff_view(x) if type(x) is Eff else x
                                       for x in data]) if data is not None else None))
        return (
            self.n, self.goldfish, self.turn, self.max_turns, self.first, self.active, self.phase, self.redraw_seat,
            self.current_player(), self.over, self.result, self.is_unresolved(), self.next_uid,
            tuple(sides), tuple(pending),
            tuple([(_eff_view(eff), _ctx_view(ctx)) for eff, ctx in self.queue]), tuple(self.resume),
            tuple([(_eff_view(eff), _ctx_view(ctx)) for eff, ctx in self.delayed]),
            tuple(sorted(self.used.items())), tuple(self.w_seats), self.w_after,
            # the combat
            tuple([(g.uid, seat) for g, seat in self.decl]),
            tuple([g.uid if g is not None else None for g in self.blocks]), tuple(self.block_seats),
            tuple(self.block_idx), self.c_index, _uid(self.c_att), _uid(self.c_def), self.c_ap, self.c_dp,
            self.c_prio, self.c_passes, tuple(self.c_order), self.c_defended, self.c_rolled, tuple(self.c_adice),
            tuple(self.c_ddice), tuple([(g.uid, op, amount, applies, ctrl) for g, op, amount, applies, ctrl
                                        in self.c_mods]),
            tuple([(_eff_view(eff), _ctx_view(ctx), g.uid) for eff, ctx, g in self.c_rolltime]),
            self.c_protect,
            # the readings in force (known to every player)
            self.undefended_damage, self.attackers_stand,
        )

    def legal_actions(self) -> Sequence[WentworthAction]:
        if self.over:
            return ()
        if self.pending:
            return self.pending[0][2]
        phase = self.phase
        if phase == REBUFF or phase == REINFORCE:
            return self._main_actions(self.active)
        if phase == DEFEND:
            return [Block(blocks, self._block_label(blocks)) for blocks in self.block_options()]
        if phase == ROLL:
            return self._roll_actions(self.c_prio)
        if phase == RESPOND:
            return self._respond_actions(self.w_seats[0])
        if phase == REDRAWING:
            return [REDRAW, KEEP]
        return ()

    # -- reading the board --

    def _rebuild(self) -> None:
        """Collect the passive effects and abilities of everything in play (after the board changed), and
        recompute each guardian's stats."""
        self.dirty = False
        players: list[tuple[Any, int, int, Eff]] = []
        glob: list[tuple[int, Any, int, int, Eff]] = []
        acts: list[tuple[Any, int, int, Eff]] = []
        potion: list[Any] = []
        for side in self.sides:
            if side.out:
                continue
            for g in side.guardians:
                facts = g.facts
                if facts.passives:
                    for kind, scope, eff in facts.p_global:
                        glob.append((kind, g, g.owner, scope, eff))
                    for _kind, scope, eff in facts.p_player:
                        players.append((g, g.owner, scope, eff))
                if facts.activated:
                    for slot, eff in enumerate(facts.activated):
                        acts.append((g, g.owner, slot, eff))
                if facts.has_potion:
                    potion.append(g)
                for b in g.bindings:
                    self._collect(b, players, glob, acts, potion)
            for b in side.bound:
                self._collect(b, players, glob, acts, potion)
            env = side.env
            if env is not None:
                facts = env.facts
                for kind, scope, eff in facts.p_global:
                    glob.append((kind, env, env.owner, scope, eff))
                for _kind, scope, eff in facts.p_player:
                    players.append((env, env.owner, scope, eff))
                for slot, eff in enumerate(facts.activated):
                    acts.append((env, env.owner, slot, eff))
                if facts.has_potion:
                    potion.append(env)
        self.src_cost = [entry for entry in players if entry[3].kind == "modify_cost"]
        self.src_prevent = [entry for entry in players if entry[3].kind != "modify_cost"]
        # abilities, potion and turn triggers in the order their cards came into play (not by seat: the
        # order of a player's abilities breaks ties between them, and triggers resolve in it)
        if len(acts) > 1:
            acts = [entry for _, _, entry in sorted([(entry[0].uid, entry[2], entry) for entry in acts])]
        self.src_act, self.src_potion = acts, _by_age(potion)
        self.src_ract = [entry for entry in acts if entry[3].window != W_MAIN]
        turn: list[Binding | Env] = []
        for side in self.sides:
            if not side.out:
                for g in side.guardians:
                    for b in g.bindings:
                        if b.facts.has_start or b.facts.has_end:
                            turn.append(b)
                for b in side.bound:
                    if b.facts.has_start or b.facts.has_end:
                        turn.append(b)
                env = side.env
                if env is not None and (env.facts.has_start or env.facts.has_end):
                    turn.append(env)
        self.src_turn = _by_age(turn)
        self.glob = glob
        self._restat()

    def _list(self, obj: Any) -> None:
        """A card entered play: add its cost effects, abilities and potion triggers to the lists."""
        facts = obj.facts
        is_binding = type(obj) is Binding
        for _kind, scope, eff in facts.p_player:
            (self.src_cost if eff.kind == "modify_cost" else self.src_prevent).append((obj, obj.owner, scope, eff))
        for slot, eff in enumerate(facts.activated):
            user = obj.player if is_binding and eff.target == "bound_player_guardians" else obj.owner
            self.src_act.append((obj, user, slot, eff))
            if eff.window != W_MAIN:
                self.src_ract.append((obj, user, slot, eff))
        if facts.has_potion:
            self.src_potion.append(obj)
        if (facts.has_start or facts.has_end) and type(obj) is not Guardian:
            self.src_turn.append(obj)

    def _unlist(self, gone: tuple[Any, ...]) -> None:
        """Cards left play: drop their entries from the lists."""
        self.src_cost = [entry for entry in self.src_cost if entry[0] not in gone]
        self.src_prevent = [entry for entry in self.src_prevent if entry[0] not in gone]
        self.src_act = [entry for entry in self.src_act if entry[0] not in gone]
        if self.src_ract:
            self.src_ract = [entry for entry in self.src_ract if entry[0] not in gone]
        self.src_potion = [obj for obj in self.src_potion if obj not in gone]
        self.src_turn = [obj for obj in self.src_turn if obj not in gone]

    def _restat(self, stats: bool = True) -> None:
        """Recompute every guardian's stats (a passive that reaches other guardians came or went; without
        ``stats``, only an environment changed: whether one has "when a guardian attacks" effects)."""
        env_attack = False
        for side in self.sides:
            if side.env is not None and side.env.facts.has_attack:
                env_attack = True
                break
        self.env_attack = env_attack
        if stats:
            self.count_sensitive = False
            self._stats([g for side in self.sides if not side.out for g in side.guardians], self.glob)

    def _entered(self, g: Guardian) -> None:
        """Update the board after guardian ``g`` entered play (every guardian's stats only when other
        guardians may change)."""
        if self.dirty:
            return
        facts = g.facts
        if facts.listed:
            self._list(g)
        if facts.p_global:
            glob = self.glob
            for kind, scope, eff in facts.p_global:
                glob.append((kind, g, g.owner, scope, eff))
            self._restat()
        elif self.count_sensitive:
            self._restat()
        else:
            self._stats([g], self.glob)

    def _left(self, g: Guardian, bindings: list[Binding]) -> None:
        """Update the board after guardian ``g`` (with ``bindings``) left play."""
        if self.dirty:
            return
        listed, spread = g.facts.listed, bool(g.facts.p_global)
        for b in bindings:
            listed = listed or b.facts.listed
            spread = spread or bool(b.facts.p_global)
        if listed:
            self._unlist((g, *bindings))
        if spread:
            gone = (g, *bindings)
            self.glob = [entry for entry in self.glob if entry[1] not in gone]
            self._restat()
        elif self.count_sensitive:
            self._restat()

    def _rebound(self, b: Binding, g: Guardian | None, seat: int, attached: bool) -> None:
        """Update the board after binding ``b`` was attached to (or detached from) guardian ``g`` or player
        ``seat``."""
        if self.dirty:
            return
        facts = b.facts
        if facts.p_global:
            self.dirty = True
            return
        if facts.listed:
            if attached:
                self._list(b)
            else:
                self._unlist((b,))
        if g is not None:
            self._stats([g], self.glob)
        elif facts.p_bound:
            self._stats(list(self.sides[seat].guardians), self.glob)

    @staticmethod
    def _collect(b: Binding, players: list[tuple[Any, int, int, Eff]], glob: list[tuple[int, Any, int, int, Eff]],
                 acts: list[tuple[Any, int, int, Eff]], potion: list[Any]) -> None:
        facts = b.facts
        if facts.passives:
            for kind, scope, eff in facts.p_global:
                glob.append((kind, b, b.owner, scope, eff))
            for _kind, scope, eff in facts.p_player:
                players.append((b, b.owner, scope, eff))
        for slot, eff in enumerate(facts.activated):
            acts.append((b, b.player if eff.target == "bound_player_guardians" else b.owner, slot, eff))
        if facts.has_potion:
            potion.append(b)

    def _stats(self, guardians: list[Guardian], glob: list[tuple[int, Any, int, int, Eff]]) -> None:
        """Each guardian's passive stats: roll power, life, roll effects and the rest (conditions that depend
        on the moment, such as "attacking", are kept aside in ``dyn`` and checked when asked)."""
        sides = self.sides
        for g in guardians:
            facts = g.facts
            owner = g.owner
            entries = [(kind, eff, owner) for kind, eff in facts.p_self] if facts.p_self else None
            for b in g.bindings:
                if b.facts.p_attached:
                    if entries is None:
                        entries = []
                    for kind, eff in b.facts.p_attached:
                        entries.append((kind, eff, b.owner))
            side = sides[owner]
            for b in side.bound:
                if b.facts.p_bound:
                    if entries is None:
                        entries = []
                    for kind, eff in b.facts.p_bound:
                        entries.append((kind, eff, b.owner))
            for kind, source, ctrl, scope, eff in glob:
                # _touches() for the scopes of glob's entries (ALL, FRIENDLY, ENEMY, OTHERS)
                if scope == ALL:
                    touched = True
                elif scope == FRIENDLY:
                    touched = owner == ctrl
                elif scope == ENEMY:
                    touched = owner != ctrl
                elif scope == OTHERS:
                    touched = owner == ctrl and source is not g
                else:
                    touched = False
                if touched:
                    if entries is None:
                        entries = []
                    entries.append((kind, eff, ctrl))
            rp = facts.rp + g.bonus_rp
            g.rp = rp if rp > 1 else 1
            g.est_a = g.est_d = None
            if entries is None:
                g.dyn = []
                g.m_att, g.m_def, g.life_max = [], [], facts.life + g.bonus_life
                g.haste = g.noattack = g.nodefend = g.noentry = False
                g.xtra = g.prevent = 0
                continue
            dyn = []
            for kind, eff, ctrl in entries:
                if kind == P_RP:
                    cond = eff.cond
                    if cond is None:
                        rp += eff.amount
                    elif cond.dynamic:
                        dyn.append((P_RP, eff, ctrl))
                    elif cond.ok(self, g):
                        rp += eff.amount
            g.dyn = dyn
            g.rp = rp if rp > 1 else 1
            att, dfn = [], []
            life = facts.life + g.bonus_life
            haste = noattack = nodefend = noentry = False
            extra = prevent = 0
            for kind, eff, ctrl in entries:
                if kind == P_RP:
                    continue
                cond = eff.cond
                if cond is not None:
                    if cond.friendly_min is not None:
                        self.count_sensitive = True
                    if cond.dynamic:
                        dyn.append((kind, eff, ctrl))
                        continue
                    if not cond.ok(self, g):
                        continue
                if kind == P_ROLL:
                    if eff.applies & ATTACK:
                        att.append((eff.op, eff.amount, ctrl))
                    if eff.applies & DEFENSE:
                        dfn.append((eff.op, eff.amount, ctrl))
                elif kind == P_LIFE:
                    life += eff.amount
                elif kind == P_HASTE:
                    haste = True
                elif kind == P_NOENTRY:
                    noentry = True
                elif kind == P_NOATTACK:
                    noattack = True
                elif kind == P_NODEFEND:
                    nodefend = True
                elif kind == P_EXTRA:
                    extra += eff.amount
                else:
                    prevent += eff.amount
            g.m_att, g.m_def, g.life_max = att, dfn, life
            g.haste, g.noattack, g.nodefend, g.noentry, g.xtra, g.prevent = (haste, noattack, nodefend, noentry,
                                                                           extra, prevent)

    def _dynamic(self, g: Guardian, kind: int) -> int:
        """The total of ``g``'s moment-dependent passives of ``kind`` that hold now."""
        total = 0
        for k, eff, _ctrl in g.dyn:
            if k == kind and eff.cond is not None and eff.cond.ok(self, g):
                total += eff.amount if kind in (P_RP, P_LIFE, P_EXTRA, P_PREVENT_G) else 1
        return total

    def roll_power(self, g: Guardian) -> int:
        """Dice the guardian rolls: printed roll power plus bindings and environments (never below 1)."""
        if self.dirty:
            self._rebuild()
        if g.dyn:
            extra = self._dynamic(g, P_RP)
            if extra:
                # the static total may have been clamped at 1: add the moment's effects to the raw total
                total = g.facts.rp + g.bonus_rp + extra
                for _kind, eff, _ctrl in self._rp_static(g):
                    total += eff.amount
                return total if total > 1 else 1
        return g.rp

    def _rp_static(self, g: Guardian) -> list[tuple[int, Eff, int]]:
        """The roll power effects on ``g`` that do not depend on the moment (rarely needed: see roll_power)."""
        found = [(k, e, g.owner) for k, e in g.facts.p_self if k == P_RP]
        for b in g.bindings:
            found.extend((k, e, b.owner) for k, e in b.facts.p_attached if k == P_RP)
        for b in self.sides[g.owner].bound:
            found.extend((k, e, b.owner) for k, e in b.facts.p_bound if k == P_RP)
        for side in self.sides:
            if side.env is not None and not side.out:
                found.extend((k, e, side.env.owner) for k, scope, e in side.env.facts.p_global if k == P_RP
                             and (scope == ALL or _touches(scope, side.env, side.env.owner, g)))
        return [(k, e, c) for k, e, c in found if e.cond is None or (not e.cond.dynamic and e.cond.ok(self, g))]

    def max_life(self, g: Guardian) -> int:
        if self.dirty:
            self._rebuild()
        return g.life_max + self._dynamic(g, P_LIFE) if g.dyn else g.life_max

    def life_left(self, g: Guardian) -> int:
        return self.max_life(g) - g.damage

    def extra_attacks(self, g: Guardian) -> int:
        if self.dirty:
            self._rebuild()
        return (g.extra if g.extra_turn == self.turn else 0) + g.xtra + (self._dynamic(g, P_EXTRA) if g.dyn else 0)

    def may_attack(self, g: Guardian) -> bool:
        """Whether ``g`` may declare an attack now (combat position, not restricted, not new unless hasty)."""
        if g.resting or g.noattack_turn == self.turn:
            return False
        if self.dirty:
            self._rebuild()
        if g.noattack or (g.attacks and g.attacks > self.extra_attacks(g)):
            return False
        if g.dyn and self._dynamic(g, P_NOATTACK):
            return False
        if g.entered == self.turn:
            if g.noentry or (g.dyn and self._dynamic(g, P_NOENTRY)):
                return False
            if g.haste_turn != self.turn and not g.haste and not (g.dyn and self._dynamic(g, P_HASTE)):
                return False
        return True

    def may_defend(self, g: Guardian) -> bool:
        if g.resting or g.nodefend_turn == self.turn:
            return False
        if self.dirty:
            self._rebuild()
        return not g.nodefend and not (g.dyn and self._dynamic(g, P_NODEFEND))

    def roll_mods(self, g: Guardian, mask: int) -> list[tuple[int, int, int]]:
        """Every effect on ``g``'s attack (``mask`` ATTACK) or defense roll: (op, amount, controller)."""
        if self.dirty:
            self._rebuild()
        mods = g.m_att if mask == ATTACK else g.m_def
        if g.dyn or g.temps or self.c_mods:
            mods = list(mods)
            for kind, eff, ctrl in g.dyn:
                if kind == P_ROLL and eff.applies & mask and eff.cond is not None and eff.cond.ok(self, g):
                    mods.append((eff.op, eff.amount, ctrl))
            for op, amount, applies, ctrl in g.temps:
                if applies & mask:
                    mods.append((op, amount, ctrl))
            for target, op, amount, applies, ctrl in self.c_mods:
                if target is g and applies & mask:
                    mods.append((op, amount, ctrl))
        return mods

    def roll_total(self, g: Guardian, dice: int, mask: int) -> int:
        """``g``'s roll total from a dice sum, after every effect in the Sequencing order."""
        return sequence(dice, self.roll_mods(g, mask), g.owner, self.n)

    def roll_estimate(self, g: Guardian, dice: float, mask: int) -> float:
        """roll_total() for an expected dice sum (3.5 a die)."""
        return sequence_f(dice, self.roll_mods(g, mask), g.owner, self.n)

    def estimate(self, g: Guardian, mask: int) -> float:
        """The expected roll total of ``g`` (3.5 a die, then its effects)."""
        if self.dirty:
            self._rebuild()
        if g.dyn or g.temps or self.c_mods:
            return self.roll_estimate(g, 3.5 * self.roll_power(g), mask)
        if mask == ATTACK:
            value = g.est_a
            if value is None:
                value = g.est_a = sequence_f(3.5 * g.rp, g.m_att, g.owner, self.n) if g.m_att else 3.5 * g.rp
        else:
            value = g.est_d
            if value is None:
                value = g.est_d = sequence_f(3.5 * g.rp, g.m_def, g.owner, self.n) if g.m_def else 3.5 * g.rp
        return value

    def cost(self, player: int, facts: Facts) -> int:
        """What ``facts`` costs ``player`` now: printed cost plus cost effects (reductions never below 1)."""
        if self.dirty:
            self._rebuild()
        sources = self.src_cost
        side = self.sides[player]
        temp = side.cost_temp
        if not sources and not temp:
            return facts.cost
        delta = 0
        for src, ctrl, scope, eff in sources:
            if scope == P_CTRL:
                if ctrl != player:
                    continue
            elif scope == P_BOUND:
                bound = src  # a binding on a player
                if bound.player != player:
                    continue
            if eff.card_type and eff.card_type != facts.type:
                continue
            if eff.cond is not None and not eff.cond.card_ok(facts):
                continue
            delta += eff.amount
        for eff in temp:
            if (not eff.card_type or eff.card_type == facts.type) and (eff.cond is None or eff.cond.card_ok(facts)):
                delta += eff.amount
        if not delta:
            return facts.cost
        total = facts.cost + delta
        return total if total > 1 else 1

    def cost_deltas(self, player: int) -> dict[str, int] | None:
        """What the cost effects add to each card type's cost for ``player`` (as :meth:`cost` sums them,
        before the floor of 1); None when one of them has a condition on the card."""
        if self.dirty:
            self._rebuild()
        deltas = {kind: 0 for kind in _CARD_TYPES}
        for src, ctrl, scope, eff in self.src_cost:
            if scope == P_CTRL:
                if ctrl != player:
                    continue
            elif scope == P_BOUND:
                bound = src  # a binding on a player
                if bound.player != player:
                    continue
            if eff.cond is not None:
                return None
            for kind in ((eff.card_type,) if eff.card_type else _CARD_TYPES):
                if kind in deltas:
                    deltas[kind] += eff.amount
        side = self.sides[player]
        for eff in side.cost_temp:
            if eff.cond is not None:
                return None
            for kind in ((eff.card_type,) if eff.card_type else _CARD_TYPES):
                if kind in deltas:
                    deltas[kind] += eff.amount
        return deltas

    def _prevent_player(self, player: int) -> int:
        if self.dirty:
            self._rebuild()
        total = 0
        for src, ctrl, scope, eff in self.src_prevent:
            if (scope == P_ALL or (scope == P_CTRL and ctrl == player)
                    or (scope == P_BOUND and src.player == player)):
                total += eff.amount
        return total

    def _guardian(self, uid: Any) -> Guardian | None:
        for side in self.sides:
            for g in side.guardians:
                if g.uid == uid:
                    return g
        return None

    def _binding(self, uid: Any) -> Binding | None:
        for side in self.sides:
            for g in side.guardians:
                for b in g.bindings:
                    if b.uid == uid:
                        return b
            for b in side.bound:
                if b.uid == uid:
                    return b
        return None

    def _object(self, uid: int) -> Any:
        found = self._guardian(uid) or self._binding(uid)
        if found is None:
            for side in self.sides:
                if side.env is not None and side.env.uid == uid:
                    return side.env
        return found

    def bindings(self, player: int = 0) -> list[Binding]:
        """Every binding in play, on guardians then on players, in turn order from ``player`` (see
        :meth:`seen_by`; by default from seat 0)."""
        found = []
        view = self.seen_by(player)
        for side in view:
            for g in side.guardians:
                found.extend(g.bindings)
        for side in view:
            found.extend(side.bound)
        return found

    def alive_seats(self) -> list[int]:
        return [side.seat for side in self.sides if not side.out]

    def seen_by(self, player: int) -> tuple[Side, ...]:
        """The table as ``player`` sees it: their own side, then the other seats in turn order after them
        (relative seat ``(seat - player) % n``). Lists of targets and hosts, and effects that touch several
        players or guardians at once, follow it, so that a choice between equal options goes the same way
        from every seat, never to the lowest absolute seat."""
        return self.views[player]

    def _opponents(self, player: int) -> list[int]:
        """Opponents still in the game, in turn order after ``player``."""
        n = self.n
        sides = self.sides
        found = []
        for k in range(1, n):
            seat = (player + k) % n
            if not sides[seat].out:
                found.append(seat)
        return found

    # -- legal actions --

    def _options(self, player: int, eff: Eff, source: Any = None, exclude: Any = None) -> list[tuple[Any, str]]:
        """The targets an effect may pick: (target code, label); players are coded ``-1 - seat``."""
        return [(code, _describe(obj)) for code, obj in self.targets(player, eff, source, exclude)]

    def targets(self, player: int, eff: Eff, source: Any = None, exclude: Any = None) -> list[tuple[Any, Any]]:
        """The targets an effect may pick: (target code, the guardian, binding, environment or seat)."""
        target = eff.target
        if target in _CHOICE_G or target == "bound_player_guardians":
            if eff.window == W_ROLL:
                att, d = self.c_att, self.c_def
                if att is None:
                    return []
                if eff.kind == "modify_roll" and eff.applies != ATTACK | DEFENSE:
                    pool = [att] if eff.applies == ATTACK else ([d] if d is not None else [])
                else:
                    pool = [att, d] if d is not None else [att]
                pool = [g for g in pool if g.alive]
            else:
                cond = eff.cond
                if cond is None and exclude is None:
                    # the usual case, in one pass (the same targets in the same order as below)
                    found = []
                    if target == "target_guardian":
                        for side in self.seen_by(player):
                            for g in side.guardians:
                                found.append((g.uid, g))
                        return found
                    if target == "target_friendly_guardian":
                        side = self.sides[player]
                        for g in side.guardians:
                            found.append((g.uid, g))
                        return found
                    if target == "target_enemy_guardian":
                        for side in self.seen_by(player):
                            if side.seat != player:
                                for g in side.guardians:
                                    found.append((g.uid, g))
                        return found
                pool = [g for side in self.seen_by(player) for g in side.guardians]
            if target == "target_friendly_guardian":
                pool = [g for g in pool if g.owner == player]
            elif target == "target_enemy_guardian":
                pool = [g for g in pool if g.owner != player]
            elif target == "bound_player_guardians":
                pool = [g for g in pool if source is not None and g.owner == source.player]
            cond = eff.cond
            return [(g.uid, g) for g in pool if g is not exclude and (cond is None or cond.ok(self, g))]
        if target == "target_binding":
            return [(b.uid, b) for b in self.bindings(player)]
        if target == "target_environment":
            return [(side.env.uid, side.env) for side in self.seen_by(player) if side.env is not None]
        if target == "opponent":
            return [(-1 - seat, seat) for seat in self._opponents(player)]
        if target == "target_player":
            return [(-1 - side.seat, side.seat) for side in self.seen_by(player) if not side.out]
        return []

    def target_object(self, code: Any) -> Any:
        """What a target code names: a seat (players are ``-1 - seat``) or the guardian, binding or environment."""
        if code is None:
            return None
        if code < 0:
            return -1 - code
        return self._object(code)

    def hosts(self, player: int, facts: Facts, current: Any = None) -> list[tuple[Any, Any]]:
        """Where a binding may be attached: any guardian in play, or any player for a "Bind Player" card
        (as target code and guardian or seat), in turn order from ``player`` (:meth:`seen_by`)."""
        view = self.seen_by(player)
        if facts.bind_player:
            return [(-1 - side.seat, side.seat) for side in view if not side.out and -1 - side.seat != current]
        return [(g.uid, g) for side in view for g in side.guardians if g.uid != current]

    def _ability_ok(self, player: int, obj: Any, eff: Eff, slot: int) -> bool:
        if eff.once and self.used.get((obj.uid, slot)) == self.turn:
            return False
        if eff.pay and self.sides[player].influence < eff.pay:
            return False
        if eff.rest or eff.rest_attached:
            g = obj if eff.rest else obj.host
            if (g is None or g.owner != player or g.resting or g.entered == self.turn or g.attacks):
                return False
        return True

    def _ability_targets(self, player: int, obj: Any, eff: Eff, in_roll: bool) -> list[tuple[Any, Any]] | None:
        """Targets of an ability (None: it needs none; [] no legal target, so it cannot be used)."""
        if eff.choice:
            return self.targets(player, eff, obj)
        if in_roll and eff.window == W_ROLL:
            g = obj if eff.target == "this" else obj.host if eff.target == "attached" else None
            if g is None or (g is not self.c_att and g is not self.c_def):
                return []
        return None

    def _abilities(self, player: int, in_roll: bool) -> list[WentworthAction]:
        if self.dirty:
            self._rebuild()
        moves: list[WentworthAction] = []
        for obj, user, slot, eff in self.src_act:
            if user != player:
                continue
            if (eff.window == W_MAIN) if in_roll else (eff.window == W_ROLL):
                continue
            if not self._ability_ok(player, obj, eff, slot):
                continue
            targets = self._ability_targets(player, obj, eff, in_roll)
            if targets is None:
                moves.append(Activate(obj.uid, slot, obj.facts.name))
            else:
                for target, found in targets:
                    moves.append(Activate(obj.uid, slot, obj.facts.name, target, _describe(found)))
        return moves

    def _main_actions(self, player: int) -> list[WentworthAction]:
        side = self.sides[player]
        influence = side.influence
        moves: list[WentworthAction] = []
        cost = self.cost
        for index, facts in enumerate(side.hand):
            if cost(player, facts) > influence:
                continue
            kind = facts.type
            if kind is BINDING:
                for target, host in self.hosts(player, facts):
                    moves.append(_new(Play, (index, facts.name, target, _describe(host))))
                continue
            if kind is POTION and facts.window == W_ROLL:
                continue
            eff = facts.choice
            if eff is None:
                moves.append(_new(Play, (index, facts.name, None, "")))
                continue
            targets = self._options(player, eff)
            if targets:
                for target, label in targets:
                    moves.append(_new(Play, (index, facts.name, target, label)))
            elif kind is GUARDIAN:
                moves.append(_new(Play, (index, facts.name, None, "")))
        moves.extend(self._abilities(player, False))
        self._rebinds(player, influence, moves)
        if side.deck:
            for index, facts in enumerate(side.hand):
                if (facts.cost + 1) // 2 <= influence:
                    moves.append(_new(Discard, (index, facts.name)))
        if self.phase == REBUFF:
            moves.extend(self._declarations(player))
        else:
            moves.append(END_TURN)
        return moves

    def _rebinds(self, player: int, influence: int, moves: list[WentworthAction]) -> None:
        """Re-binding: each binding ``player`` paid for, to each other host, for its cost again."""
        cost = self.cost
        for b in self.bindings(player):
            if b.owner == player and cost(player, b.facts) <= influence:
                current = b.host.uid if b.host is not None else -1 - b.player
                for target, host in self.hosts(player, b.facts, current):
                    moves.append(Rebind(b.uid, b.facts.name, target, _describe(host)))

    # -- the other players' windows in a turn ("at any time") --

    def _respond_actions(self, player: int) -> list[WentworthAction]:
        """What a player may do in another player's step window: potions (those that need a guardian in
        combat excepted) and re-binding; the last action passes."""
        side = self.sides[player]
        influence = side.influence
        moves: list[WentworthAction] = []
        for index, facts in enumerate(side.hand):
            if facts.type is not POTION or facts.window == W_ROLL or self.cost(player, facts) > influence:
                continue
            eff = facts.choice
            if eff is None:
                moves.append(_new(Play, (index, facts.name, None, "")))
            else:
                for target, label in self._options(player, eff):
                    moves.append(_new(Play, (index, facts.name, target, label)))
        self._rebinds(player, influence, moves)
        moves.append(PASS_ROLL)
        return moves

    def _has_step_play(self, player: int) -> bool:
        """Whether ``player`` may do anything in a step window of another player's turn (else they are not
        asked): a potion they can pay for with a legal target, or a binding of theirs they can re-bind."""
        side = self.sides[player]
        if side.out:
            return False
        influence = side.influence
        if not influence and not _FREE_FACTS:
            return False
        if self.dirty:
            self._rebuild()
        plain = not self.src_cost and not side.cost_temp
        for facts in side.hand:
            if facts.type is POTION and facts.window != W_ROLL:
                if (facts.cost if plain else self.cost(player, facts)) > influence:
                    continue
                eff = facts.choice
                if eff is None or self._has_target(player, eff):
                    return True
        # re-binding: a binding of theirs they can pay for again, and another host for it (another guardian in
        # play; for a Bind Player card, another player: there always is one while the game goes on)
        guardians = 0
        for other in self.sides:
            guardians += len(other.guardians)
        for other in self.sides:
            for b in other.bound:
                if b.owner == player and (b.facts.cost if not self.src_cost and not side.cost_temp
                                          else self.cost(player, b.facts)) <= influence:
                    return True
            for g in other.guardians:
                for b in g.bindings:
                    if b.owner == player and guardians > 1 and (
                            b.facts.cost if not self.src_cost and not side.cost_temp
                            else self.cost(player, b.facts)) <= influence:
                        return True
        return False

    def _has_target(self, player: int, eff: Eff) -> bool:
        """Whether ``targets(player, eff)`` is not empty (found without listing them in the usual cases)."""
        if eff.cond is None and eff.window != W_ROLL:
            target = eff.target
            if target == "target_guardian":
                for side in self.sides:
                    if side.guardians:
                        return True
                return False
            if target == "target_friendly_guardian":
                return len(self.sides[player].guardians) > 0
            if target == "target_enemy_guardian":
                for side in self.sides:
                    if side.seat != player and side.guardians:
                        return True
                return False
            if target == "opponent" or target == "target_player":
                # while the game goes on another player is in it
                return True
        return len(self.targets(player, eff)) > 0

    def _open_window(self, after: int) -> None:
        """A step window of the active player's turn: each other player in turn order from the active one
        may play potions and re-bind until they pass. ``after``: REBUFF (the window opens the Rebuff step)
        or REINFORCE (the turn ends after it)."""
        self.w_after = after
        seats = self.w_seats
        if seats:
            seats.clear()
        if not self.goldfish:
            n, active = self.n, self.active
            for k in range(1, n):
                seat = (active + k) % n
                side = self.sides[seat]
                if not side.out:
                    seats.append(seat)
        self._window_advance()

    def _window_advance(self) -> None:
        seats = self.w_seats
        while seats:
            if self._has_step_play(seats[0]):
                self.phase = RESPOND
                return
            del seats[0]
        if self.w_after == REINFORCE:
            self.phase = REINFORCE
            self._end_turn()
        else:
            self.phase = REBUFF

    def _targets_to_attack(self, player: int) -> list[int]:
        return [seat for seat in self._opponents(player) if self.sides[seat].had_turn]

    def attack_options(self, player: int) -> list[tuple[Guardian, list[tuple[int, ...]]]]:
        """Each guardian that may attack, with the target seats it may be declared against (up to one
        per attack it is allowed this Combat step)."""
        seats = self._targets_to_attack(player)
        found = []
        if seats:
            for g in self.sides[player].guardians:
                if self.may_attack(g):
                    options: list[tuple[int, ...]] = [()]
                    for count in range(1, 2 + self.extra_attacks(g)):
                        options.extend(combinations_with_replacement(seats, count))
                    found.append((g, options))
        return found

    def _declarations(self, player: int) -> list[WentworthAction]:
        """Every declaration of attacks; the empty one ("no attack") comes last."""
        per = self.attack_options(player)
        moves: list[WentworthAction] = []
        if per:
            # each guardian's options as its part of the attacks and of the label, joined per combination
            choices = []
            for g, options in per:
                uid, name = g.uid, g.facts.name
                choices.append([(tuple([(uid, seat) for seat in seats]), [f"{name} -> P{seat + 1}" for seat in seats])
                                for seats in options])
            for combo in product(*choices):
                attacks: tuple[tuple[int, int], ...] = ()
                parts: list[str] = []
                for pairs, labels in combo:
                    if pairs:
                        attacks += pairs
                        parts += labels
                if attacks:
                    moves.append(_new(Declare, (attacks, ", ".join(parts))))
        moves.append(NO_ATTACK)
        return moves

    def block_options(self) -> list[tuple[int | None, ...]]:
        """Every assignment of the defending player's guardians to the attacks against them (a guardian
        defends at most one attack), as defender ids per attack; the last one defends nothing."""
        count = len(self.block_idx)
        uids = [g.uid for g in self._defenders(self.c_dp)]
        found: list[tuple[int | None, ...]] = []

        def extend(prefix: tuple[int | None, ...]) -> None:
            if len(prefix) == count:
                found.append(prefix)
                return
            for uid in uids:
                if uid not in prefix:
                    extend(prefix + (uid,))
            extend(prefix + (None,))

        extend(())
        return found

    def _block_label(self, blocks: tuple[int | None, ...]) -> str:
        parts = []
        for index, uid in zip(self.block_idx, blocks, strict=False):
            name = self.decl[index][0].facts.name
            if uid is not None:
                g = self._guardian(uid)
                assert g is not None  # one of the defending player's guardians
                parts.append(f"{g.facts.name} blocks {name}")
            else:
                parts.append(f"{name} unblocked")
        return "; ".join(parts)

    def _any_attack(self, player: int) -> bool:
        if not self._targets_to_attack(player):
            return False
        for g in self.sides[player].guardians:
            if self.may_attack(g):
                return True
        return False

    def _defenders(self, player: int) -> list[Guardian]:
        return [g for g in self.sides[player].guardians if self.may_defend(g)]

    def _roll_actions(self, player: int) -> list[WentworthAction]:
        side = self.sides[player]
        influence = side.influence
        moves: list[WentworthAction] = []
        for index, facts in enumerate(side.hand):
            if facts.type is not POTION or self.cost(player, facts) > influence:
                continue
            eff = facts.choice
            if eff is None:
                moves.append(Play(index, facts.name))
            else:
                for target, label in self._options(player, eff):
                    moves.append(Play(index, facts.name, target, label))
        moves.extend(self._abilities(player, True))
        moves.append(PASS_ROLL)
        return moves

    def _has_roll_play(self, player: int) -> bool:
        """Whether ``player`` has anything to do in the roll window (else they pass without being asked)."""
        side = self.sides[player]
        if side.out:
            return False
        influence = side.influence
        if self.dirty:
            self._rebuild()
        # the potions in hand
        if influence:
            plain = not self.src_cost and not side.cost_temp
            for facts in side.hand:
                if facts.type is not POTION or (facts.cost if plain else self.cost(player, facts)) > influence:
                    continue
                eff = facts.choice
                if eff is None:
                    return True
                if eff.any_guardian:
                    # a guardian in the combat (in play) is a target
                    att, d = self.c_att, self.c_def
                    if (att is not None and att.alive) or (d is not None and d.alive):
                        return True
                if self._has_target(player, eff):
                    return True
        for obj, user, slot, eff in self.src_ract:
            if user == player and self._ability_ok(player, obj, eff, slot):
                targets = self._ability_targets(player, obj, eff, True)
                if targets is None or targets:
                    return True
        return False

    # -- applying --

    def apply(self, action: WentworthAction) -> None:
        if self.pending:
            _, _, _, handler, data = self.pending[0]
            del self.pending[0]
            assert type(action) is Choose  # a pending choice is answered with one of its options
            getattr(self, handler)(action.option, data)
        else:
            if type(action) is Play:
                self._play(action)
            elif type(action) is Declare:
                self._declare(action)
            elif type(action) is Pass:
                self._pass(action)
            elif type(action) is Block:
                self._block(action)
            else:
                method = _APPLY.get(type(action))
                if method is None:
                    raise ValueError(f"{action} is not an action of this game")
                getattr(self, method)(action)
        if self.queue or self.resume or self.hurt:
            self._drain()

    def _drain(self) -> None:
        """Resolve queued effects, then continue the turn, until a player must choose or the game ends."""
        queue, resume = self.queue, self.resume
        while not self.over:
            if self.hurt:
                self._check_players()
                continue
            if self.pending:
                return
            if queue:
                eff, ctx = queue[0]
                del queue[0]
                self._resolve(eff, ctx)
            elif resume:
                step = resume.pop()
                # the usual steps called directly (compiled, a C call), any other by name
                if step == "_roll_advance":
                    self._roll_advance()
                elif step == "_window_advance":
                    self._window_advance()
                elif step == "_end_combat":
                    self._end_combat()
                elif step == "_roll":
                    self._roll()
                else:
                    getattr(self, step)()
            else:
                return

    def _in_turn_order(self, start: int) -> None:
        """Effects triggered together (queued from ``start`` on) resolve in turn order from the active player:
        the active player's first, then each other player's; each player's in the order they were queued."""
        queue = self.queue
        if len(queue) - start < 2:
            return
        first = queue[start][1].controller
        for index in range(start + 1, len(queue)):
            if queue[index][1].controller != first:
                break
        else:
            return
        tail = queue[start:]
        ordered = []
        n, active = self.n, self.active
        for k in range(n):
            seat = (active + k) % n
            for item in tail:
                if item[1].controller == seat:
                    ordered.append(item)
        queue[start:] = ordered

    def _pass(self, action: Pass | None = None) -> None:
        phase = self.phase
        if phase == ROLL:
            self.c_passes += 1
            self.c_prio = self._next_prio(self.c_prio)
            self._roll_advance()
        elif phase == RESPOND:
            del self.w_seats[0]
            self._window_advance()
        else:
            # the active player ends the turn: the others' window at the end of the turn comes first
            self._open_window(REINFORCE)

    def _next_prio(self, p: int) -> int:
        """Who gets priority after ``p`` in the roll window: the attacking player, the defending player,
        then the other players in turn order from the attacking one."""
        if self.n == 2:
            return self.c_dp if p == self.c_ap else self.c_ap
        order = self.c_order
        index = order.index(p) + 1
        return order[index] if index < len(order) else order[0]

    def _redraw(self, action: Redraw) -> None:
        seat = self.redraw_seat
        side = self.sides[seat]
        if action.redraw:
            side.deck.extend(side.hand)
            side.hand.clear()
            _shuffle(side, self.rng)
            self._draw(seat, HAND_SIZE)
        if self.log is not None:
            self.say(f"P{seat + 1} {'redraws 7 cards' if action.redraw else 'keeps the opening hand'}")
        following = (seat + 1) % self.n
        if self.goldfish or following == self.first:
            self.phase = REBUFF
            self.active = self.first
            self._start_turn()
        else:
            self.redraw_seat = following

    def _draw(self, seat: int, count: int) -> None:
        side = self.sides[seat]
        deck, hand = side.deck, side.hand
        for _ in range(count):
            if not deck:
                return
            if side.hi == len(deck) and side.hi > side.lo:
                _fix(side, self.rng, 1)
            hand.append(deck.pop())

    # -- the turn --

    def _start_turn(self) -> None:
        """Recharge: +7 influence, resting guardians stand up; start-of-turn effects; then Draw."""
        p = self.active
        side = self.sides[p]
        side.influence += RECHARGE
        side.had_turn = True
        self.phase = REBUFF
        if self.log is not None:
            self.say(f"P{p + 1} begins: {side.life} life, {side.influence} influence, {len(side.hand)} cards in hand")
        queue = self.queue
        start = len(queue)
        for g in side.guardians:
            g.resting = False
            if g.facts.has_start:
                for eff in g.facts.triggers["start_of_turn"]:
                    queue.append((eff, Ctx(p, g, g.facts, that=p)))
        if self.dirty:
            self._rebuild()
        for obj in self.src_turn:
            facts = obj.facts
            if facts.has_start:
                binding = type(obj) is Binding
                for eff in facts.triggers["start_of_turn"]:
                    whose = eff.whose
                    if (whose == "each_player" or (whose == "bound_player" and binding and obj.player == p)
                            or (whose == "controller" and obj.owner == p)):
                        queue.append((eff, Ctx(obj.owner, obj, facts, host=obj.host if binding else None, that=p)))
        self._in_turn_order(start)
        if queue:
            self.resume.append("_draw_step")
        else:
            self._draw(p, HAND_SIZE - len(side.hand))
            self._open_window(REBUFF)

    def _draw_step(self) -> None:
        side = self.sides[self.active]
        self._draw(self.active, HAND_SIZE - len(side.hand))
        self.phase = REBUFF
        self._open_window(REBUFF)

    def _to_reinforce(self) -> None:
        """Reinforce: guardians that attacked rest. A player who can do nothing in it but end the turn (no
        influence left, nothing free to play or use) is not asked: the turn ends."""
        side = self.sides[self.active]
        for g in side.guardians:
            if g.attacks:
                g.resting = True
        self.phase = REINFORCE
        if (not side.influence and not self.over and not self.hurt and not self.queue and not self.pending
                and not self.resume and self._nothing_free(side)):
            self._open_window(REINFORCE)

    def _nothing_free(self, side: Side) -> bool:
        """Whether a player with no influence has no legal action but ending the turn (no card, ability or
        re-binding that costs nothing)."""
        if _FREE_FACTS and not _FREE_FACTS.isdisjoint(side.hand):
            return False
        p = side.seat
        if self.dirty:
            self._rebuild()
        for entry in self.src_act:
            if entry[1] == p:
                if self._abilities(p, False):
                    return False
                break
        if not _FREE_FACTS:
            return True
        for other in self.sides:
            for b in other.bound:
                if b.owner == p and b.facts.cost <= 0:
                    return False
            for g in other.guardians:
                for b in g.bindings:
                    if b.owner == p and b.facts.cost <= 0:
                        return False
        return True

    def _end_turn(self) -> None:
        p = self.active
        queue = self.queue
        start = len(queue)
        side = self.sides[p]
        for g in side.guardians:
            if g.facts.has_end:
                for eff in g.facts.triggers["end_of_turn"]:
                    queue.append((eff, Ctx(p, g, g.facts)))
        if self.dirty:
            self._rebuild()
        for obj in self.src_turn:
            facts = obj.facts
            if facts.has_end and obj.owner == p:
                binding = type(obj) is Binding
                for eff in facts.triggers["end_of_turn"]:
                    queue.append((eff, Ctx(p, obj, facts, host=obj.host if binding else None)))
        if self.delayed:
            queue.extend(self.delayed)
            self.delayed = []
        self._in_turn_order(start)
        if queue:
            self.resume.append("_end_turn_limit")
        else:
            self._end_turn_limit()

    def _end_turn_limit(self) -> None:
        """At most four guardians at the end of your turn: the player puts the extra ones in the discard pile."""
        side = self.sides[self.active]
        if len(side.guardians) > MAX_GUARDIANS:
            options = [Choose(g.uid, _label(g)) for g in side.guardians]
            self.pending.append((self.active, "sacrifice", options, "_answer_sacrifice", None))
            return
        self._next_turn()

    def _answer_sacrifice(self, option: Any, data: Any) -> None:
        g = self._guardian(option)
        assert g is not None  # one of the options: a guardian of the active player
        if self.log is not None:
            self.say(f"P{g.owner + 1} puts {g.facts.name} in the discard pile (more than {MAX_GUARDIANS} guardians)")
        self._leave(g, to_hand=False)
        self.resume.append("_end_turn_limit")

    def _next_turn(self) -> None:
        stand = self.attackers_stand
        for side in self.sides:
            if side.cost_temp:
                side.cost_temp = []
            side.shield_all = False
            side.shield = 0
            for g in side.guardians:
                if g.temps:
                    g.temps = []
                g.shields = 0
                if g.attacks and stand:
                    # attackers-rest=end-of-turn: the guardians that attacked stand up as the turn ends
                    g.resting = False
                g.attacks = 0
        self.delayed = []
        self.turn += 1
        if self.turn > self.max_turns:
            self.over = True
            self.result = None
            if self.log is not None:
                self.say("the turn limit is reached: the game is unresolved")
            return
        if not self.goldfish:
            n = self.n
            for k in range(1, n + 1):
                seat = (self.active + k) % n
                side = self.sides[seat]
                if not side.out:
                    self.active = seat
                    break
        self._start_turn()

    # -- playing cards --

    def _play(self, action: Play) -> None:
        phase = self.phase
        p = self.c_prio if phase == ROLL else self.w_seats[0] if phase == RESPOND else self.active
        side = self.sides[p]
        index, _, aimed, label = action
        facts = side.hand[index]
        paid = self.cost(p, facts)
        side.influence -= paid
        del side.hand[index]
        if self.log is not None:
            self.say(f"P{p + 1} plays {facts.name} for {paid} influence" + (f" on {label}" if label else ""))
        kind = facts.type
        if kind is GUARDIAN:
            g = Guardian(facts, self.next_uid, p, self.turn)
            self.next_uid += 1
            side.guardians.append(g)
            self._entered(g)
            if facts.plays:
                self._fire_played(facts, p, g, aimed)
        elif kind is BINDING:
            b = Binding(facts, self.next_uid, p)
            self.next_uid += 1
            self._attach(b, aimed)
            if facts.plays:
                self._fire_played(facts, p, b, None)
        elif kind is ENVIRONMENT:
            old = side.env
            env = side.env = Env(facts, self.next_uid, p)
            self.next_uid += 1
            if not self.dirty:
                # the board's lists, as _rebuild() would find them
                if old is not None:
                    if old.facts.listed:
                        self._unlist((old,))
                    if old.facts.p_global:
                        self.glob = [entry for entry in self.glob if entry[1] is not old]
                if facts.listed:
                    self._list(env)
                if facts.p_global:
                    glob = self.glob
                    for kind_, scope, eff in facts.p_global:
                        glob.append((kind_, env, p, scope, eff))
                self._restat(bool(facts.p_global or (old is not None and old.facts.p_global)))
            if old is not None:
                old.alive = False
                side.discard.append(old.facts)
                self._check_lives()
            self._fire_played(facts, p, side.env, None)
        else:
            side.discard.append(facts)
            self._fire_played(facts, p, None, aimed)
            choice = facts.choice
            for eff in facts.delayed:
                target = aimed if choice is not None and eff.target == choice.target else None
                self.delayed.append((eff, Ctx(p, None, facts, target)))
            self._potion_triggers(p)
        if phase == ROLL:
            self._responded()
        elif phase == RESPOND:
            self.resume.append("_window_advance")

    def _responded(self) -> None:
        """After a play in the roll window the other player may respond; it ends when both pass in turn."""
        self.c_passes = 0
        self.c_prio = self._next_prio(self.c_prio)
        self.resume.append("_roll_advance")

    def _fire_played(self, facts: Facts, p: int, source: Any, target: Any) -> None:
        choice = facts.choice
        wanted = choice.target if choice is not None and target is not None else None
        for eff in facts.plays:
            self.queue.append((eff, Ctx(p, source, facts, target if eff.target == wanted else None)))

    def _potion_triggers(self, p: int) -> None:
        """"Whenever you play a potion" effects (and the bound player's / each player's)."""
        if self.dirty:
            self._rebuild()
        start = len(self.queue)
        for obj in self.src_potion:
            facts = obj.facts
            is_binding = type(obj) is Binding
            for eff in facts.triggers["on_potion"]:
                whose = eff.whose
                if whose == "bound_player":
                    if not is_binding or obj.player != p:
                        continue
                elif whose != "each_player" and obj.owner != p:
                    continue
                self.queue.append((eff, Ctx(obj.owner, obj, facts, host=obj.host if is_binding else None, that=p)))
        self._in_turn_order(start)

    def _attach(self, b: Binding, target: int) -> None:
        if target < 0:
            b.player = -1 - target
            self.sides[b.player].bound.append(b)
            self._rebound(b, None, b.player, True)
        else:
            g = self._guardian(target)
            assert g is not None  # a target code of a guardian in play
            b.host = g
            g.bindings.append(b)
            self._rebound(b, g, -1, True)

    def _detach(self, b: Binding) -> None:
        if b.host is not None:
            g = b.host
            g.bindings.remove(b)
            b.host = None
            self._rebound(b, g, -1, False)
        elif b.player >= 0:
            seat = b.player
            self.sides[seat].bound.remove(b)
            b.player = -1
            self._rebound(b, None, seat, False)

    def _rebind(self, action: Rebind) -> None:
        p = self.w_seats[0] if self.phase == RESPOND else self.active
        b = self._binding(action.uid)
        assert b is not None  # a binding in play
        paid = self.cost(p, b.facts)
        self.sides[p].influence -= paid
        if self.log is not None:
            self.say(f"P{p + 1} re-binds {b.facts.name} to {action.label} for {paid} influence")
        self._detach(b)
        self._attach(b, action.target)
        self._check_lives()
        if self.phase == RESPOND:
            self.resume.append("_window_advance")

    def _discard_to_draw(self, action: Discard) -> None:
        p = self.active
        side = self.sides[p]
        facts = side.hand.pop(action.index)
        side.influence -= (facts.cost + 1) // 2
        side.discard.append(facts)
        self._draw(p, 1)
        if self.log is not None:
            self.say(f"P{p + 1} discards {facts.name} for {(facts.cost + 1) // 2} influence and draws a card")

    def _activate(self, action: Activate) -> None:
        p = self.c_prio if self.phase == ROLL else self.active
        obj = self._object(action.uid)
        eff = obj.facts.activated[action.slot]
        if eff.rest:
            obj.resting = True
        elif eff.rest_attached:
            obj.host.resting = True
        if eff.pay:
            self.sides[p].influence -= eff.pay
        if eff.once:
            self.used[(obj.uid, action.slot)] = self.turn
        if self.log is not None:
            self.say(f"P{p + 1} uses {obj.facts.name}" + (f" on {action.label}" if action.label else ""))
        host = obj.host if type(obj) is Binding else None
        self.queue.append((eff, Ctx(p, obj, obj.facts, action.target, host=host)))
        if self.phase == ROLL:
            self._responded()

    # -- combat --

    def _declare(self, action: Declare) -> None:
        """Combat: the attacks are declared at once; each attacked player then assigns defenders."""
        p = self.active
        if not action.attacks:
            if self.log is not None:
                self.say(f"P{p + 1} declares no attack")
            self._to_reinforce()
            return
        self.phase = COMBAT
        side = self.sides[p]
        mine = side.guardians
        decl = []
        seats = []
        g: Guardian | None
        for uid, seat in action.attacks:
            for g in mine:
                if g.uid == uid:
                    break
            else:
                g = self._guardian(uid)
            assert g is not None  # a guardian of the attacking player
            g.attacks += 1
            decl.append((g, seat))
            if seat not in seats:
                seats.append(seat)
        self.decl = decl
        if self.log is not None:
            self.say(f"P{p + 1} attacks: {action.label}")
        self.blocks = [None] * len(decl)
        self.c_index = -1
        block_seats = []
        for seat in (seats if len(seats) == 1 else self._opponents(p)):
            side = self.sides[seat]
            if seat in seats and not side.out:
                for g in side.guardians:
                    if self.may_defend(g):
                        block_seats.append(seat)
                        break
        self.block_seats = block_seats
        self._ask_blocks()

    def _ask_blocks(self) -> None:
        if self.block_seats:
            seat = self.c_dp = self.block_seats[0]
            del self.block_seats[0]
            self.block_idx = [i for i, (_, target) in enumerate(self.decl) if target == seat]
            self.phase = DEFEND
        else:
            self.phase = COMBAT
            self._next_combat()

    def _block(self, action: Block) -> None:
        mine = self.sides[self.c_dp].guardians
        blocks = self.blocks
        for index, uid in zip(self.block_idx, action.blocks, strict=False):
            if uid is not None:
                for g in mine:
                    if g.uid == uid:
                        blocks[index] = g
                        break
                else:
                    blocks[index] = self._guardian(uid)
            else:
                blocks[index] = None
        if self.log is not None:
            self.say(f"P{self.c_dp + 1} defends: {action.label}")
        self._ask_blocks()

    def _next_combat(self) -> None:
        """Fight the next declared attack (skipping one whose attacker or chosen defender left play); the
        combats that nothing can interrupt are fought here one after the other."""
        decl, blocks, sides, turn = self.decl, self.blocks, self.sides, self.turn
        while True:
            index = self.c_index = self.c_index + 1
            if index >= len(decl):
                self.decl = []
                self._to_reinforce()
                return
            g, seat = decl[index]
            d = blocks[index]
            side = sides[seat]
            if not g.alive or side.out or (d is not None and not d.alive) or g.noattack_turn == turn:
                continue
            self.c_att, self.c_ap, self.c_dp = g, self.active, seat
            if self.n > 2:
                order = self.c_order = [self.active, seat]
                for other in self._opponents(self.active):
                    if other != seat:
                        order.append(other)
            self.c_rolled = False
            if self.c_mods:
                self.c_mods = []
            if self.c_rolltime:
                self.c_rolltime = []
            self.c_protect = None
            if not self._quick_combat(g, d):
                return

    def _quick_combat(self, att: Guardian, d: Guardian | None) -> bool:
        """The combat of ``att`` against ``d``, fought at once (as _defended, _roll, _roll_advance and
        _resolve_combat would) when no trigger, roll window play or log line can come in between. False:
        it goes the long way (or has effects to resolve) and continues from the queue."""
        self.phase = COMBAT
        self.c_def = d
        self.c_defended = d is not None
        if self.dirty:
            self._rebuild()
        ap = self.c_ap
        if (self.log is not None or self.queue or self.pending or att.facts.has_attack or self.env_attack
                or (d is not None and (d.facts.has_defend or (d.bindings and _has_defend(d.bindings))))
                or (att.bindings and _has_attack(att.bindings)) or self._window_wanted()):
            self._defended(d)
            return False
        rand = self.rng.random
        a_sum = 0
        # r: a C double when compiled (the same product and truncation, without Python floats)
        for _ in range(self.roll_power(att) if att.dyn else att.rp):
            r = rand()
            a_sum += int(r * 6) + 1
        v_sum = 0
        if d is not None:
            for _ in range(self.roll_power(d) if d.dyn else d.rp):
                r = rand()
                v_sum += int(r * 6) + 1
        self.c_rolled = True
        # every player passes the roll window
        self.c_prio, self.c_passes = ap, (2 if self.n == 2 else len(self.c_order))
        self._settle(a_sum, v_sum)
        if self.queue or self.hurt:
            self.resume.append("_end_combat")
            return False
        self.c_att = self.c_def = None
        self.c_defended = self.c_rolled = False
        return True

    def _window_wanted(self) -> bool:
        """Whether a player has anything to play in this combat's roll window (a potion they can pay for
        with a target, or a combat ability)."""
        src_ract = self.src_ract
        for side in self.sides:
            if (side.influence or src_ract) and self._has_roll_play(side.seat):
                return True
        return False

    def _defended(self, d: Guardian | None) -> None:
        """The defender is declared: attack then defense triggers, then the dice."""
        self.phase = COMBAT
        self.c_def = d
        self.c_defended = d is not None
        att, ap, dp = self.c_att, self.c_ap, self.c_dp
        assert att is not None  # in a combat
        if self.log is not None:
            self.say(f"{att.facts.name} attacks P{dp + 1}" + (f": {d.facts.name} defends" if d is not None
                                                                else ", undefended"))
        queue = self.queue
        start = len(queue)
        if att.facts.has_attack:
            for eff in att.facts.triggers["on_attack"]:
                queue.append((eff, Ctx(ap, att, att.facts, opp_g=d, opp_p=dp, in_combat=True)))
        for b in att.bindings:
            if b.facts.has_attack:
                for eff in b.facts.triggers["on_attack"]:
                    queue.append((eff, Ctx(b.owner, b, b.facts, host=att, opp_g=d, opp_p=dp, in_combat=True)))
        for side in self.seen_by(ap):
            env = side.env
            if env is not None and env.facts.has_attack:
                for eff in env.facts.triggers["on_attack"]:
                    queue.append((eff, Ctx(env.owner, env, env.facts, opp_g=d, opp_p=dp, in_combat=True)))
        self._in_turn_order(start)
        start = len(queue)
        if d is not None:
            if d.facts.has_defend:
                for eff in d.facts.triggers["on_defend"]:
                    queue.append((eff, Ctx(dp, d, d.facts, opp_g=att, opp_p=ap, in_combat=True)))
            for b in d.bindings:
                if b.facts.has_defend:
                    for eff in b.facts.triggers["on_defend"]:
                        queue.append((eff, Ctx(b.owner, b, b.facts, host=d, opp_g=att, opp_p=ap, in_combat=True)))
            self._in_turn_order(start)
        if queue:
            self.resume.append("_roll")
        else:
            self._roll()

    def _combat_valid(self) -> bool:
        att, d = self.c_att, self.c_def
        if (att is None or not att.alive or (self.c_defended and d is not None and not d.alive)
                or att.noattack_turn == self.turn):
            return False
        sa, sd = self.sides[self.c_ap], self.sides[self.c_dp]
        return not sa.out and not sd.out

    def _roll(self) -> None:
        if not self._combat_valid():
            self._end_combat()
            return
        rand = self.rng.random
        att, d = self.c_att, self.c_def
        assert att is not None  # _combat_valid()
        self.c_adice = [int(rand() * 6) + 1 for _ in range(self.roll_power(att))]
        self.c_ddice = [int(rand() * 6) + 1 for _ in range(self.roll_power(d))] if d is not None else []
        self.c_rolled = True
        if self.log is not None:
            self.say(f"{att.facts.name} rolls {self.c_adice}" + (f", {d.facts.name} rolls {self.c_ddice}" if d else ""))
        if self.c_rolltime:
            for eff, ctx, g in self.c_rolltime:
                if g.alive:
                    self._reroll(g, eff, ctx.controller)
            self.c_rolltime = []
        self.c_prio, self.c_passes = self.c_ap, 0
        self._roll_advance()

    def _roll_advance(self) -> None:
        """The roll window: players with something to play get priority in turn; two passes in a row end it."""
        if not self._combat_valid():
            self._end_combat()
            return
        need = 2 if self.n == 2 else len(self.c_order)
        while self.c_passes < need:
            p = self.c_prio
            if self._has_roll_play(p):
                self.phase = ROLL
                return
            self.c_passes += 1
            self.c_prio = self._next_prio(p)
        self._resolve_combat()

    def _reroll(self, g: Guardian, eff: Eff, controller: int) -> None:
        dice = self.c_adice if g is self.c_att else self.c_ddice
        if not dice:
            return
        favour = controller == g.owner
        rand = self.rng.random
        if eff.dice == "one":
            index = dice.index(min(dice) if favour else max(dice))
            dice[index] = int(rand() * 6) + 1
        else:
            new = [int(rand() * 6) + 1 for _ in dice]
            old, fresh = _pips(dice), _pips(new)
            keep = eff.keep
            if (keep == "new" or (keep == "higher" and fresh > old) or (keep == "lower" and fresh < old)
                    or (keep == "choice" and (fresh > old if favour else fresh < old))):
                dice[:] = new
        if self.log is not None:
            self.say(f"{g.facts.name}'s dice are rerolled: {dice}")

    def _resolve_combat(self) -> None:
        """Compare the totals: the higher deals the difference; negative totals hurt their own guardian."""
        self._settle(_pips(self.c_adice), _pips(self.c_ddice))
        if self.queue or self.hurt:
            self.resume.append("_end_combat")
        else:
            self._end_combat()

    def _settle(self, a: int, v: int) -> None:
        """The dice sums ``a`` (attacker) and ``v`` (defender) become totals and are compared."""
        if self.dirty:
            self._rebuild()
        att, d, ap, dp = self.c_att, self.c_def, self.c_ap, self.c_dp
        assert att is not None  # in a combat
        if att.m_att or att.dyn or att.temps or self.c_mods:
            a = self.roll_total(att, a, ATTACK)
        if d is not None and (d.m_def or d.dyn or d.temps or self.c_mods):
            v = self.roll_total(d, v, DEFENSE)
        self.phase = COMBAT
        if self.log is not None:
            self.say(f"{att.facts.name} totals {a}" + (f" against {d.facts.name}'s {v}" if d is not None else ""))
        if a < 0:
            self._combat_damage(att, -a, None)
            a = 0
        if d is not None and v < 0:
            self._combat_damage(d, -v, None)
            v = 0
        winner = loser = None
        if a > v:
            winner, loser, opp_p = att, d, dp
            if d is not None:
                self._combat_damage(d, a - v, att)
            elif self.undefended_damage:
                self._damage_player(dp, a)
            elif self.log is not None:
                self.say(f"P{dp + 1} takes no damage (an undefended attack deals none)")
        elif v > a:
            winner, loser, opp_p = d, att, ap
            self._combat_damage(att, v - a, d)
        elif self.log is not None:
            self.say("the rolls are equal: a draw")
        if winner is not None:
            queue = self.queue
            start = len(queue)
            if winner.facts.has_win:
                for eff in winner.facts.triggers["on_combat_win"]:
                    queue.append((eff, Ctx(winner.owner, winner, winner.facts, opp_g=loser, opp_p=opp_p,
                                           in_combat=True)))
            for b in winner.bindings:
                if b.facts.has_win:
                    for eff in b.facts.triggers["on_combat_win"]:
                        queue.append((eff, Ctx(b.owner, b, b.facts, host=winner, opp_g=loser, opp_p=opp_p,
                                               in_combat=True)))
            self._in_turn_order(start)

    def _end_combat(self) -> None:
        self.c_att = self.c_def = None
        self.c_defended = self.c_rolled = False
        self.c_mods, self.c_rolltime, self.c_protect = [], [], None
        self.c_adice = self.c_ddice = ()
        self.phase = COMBAT
        self._next_combat()

    # -- damage and leaving play --

    def _reduce(self, g: Guardian, amount: int) -> int:
        if self.c_protect and g.uid in self.c_protect:
            return 0
        if self.dirty:
            self._rebuild()
        amount -= g.prevent
        if g.dyn:
            amount -= self._dynamic(g, P_PREVENT_G)
        if amount > 0 and g.shields:
            used = g.shields if g.shields < amount else amount
            g.shields -= used
            amount -= used
        return amount

    def _combat_damage(self, g: Guardian, amount: int, killer: Guardian | None) -> None:
        """Combat damage: enough to defeat the guardian sends the excess to its controller."""
        if not g.alive:
            self._damage_player(g.owner, amount)
            return
        amount = self._reduce(g, amount)
        if amount <= 0:
            return
        left = self.max_life(g) - g.damage
        if amount < left:
            g.damage += amount
            if self.log is not None:
                self.say(f"{_label(g)} takes {amount} damage ({left - amount} life left)")
            return
        g.damage += left
        if self.log is not None:
            self.say(f"{_label(g)} takes {amount} damage")
        self._defeat(g, killer, True)
        if amount > left:
            self._damage_player(g.owner, amount - left)

    def damage_guardian(self, g: Guardian, amount: int) -> None:
        """Damage from an effect (no excess carries over to the player)."""
        if not g.alive:
            return
        amount = self._reduce(g, amount)
        if amount <= 0:
            return
        g.damage += amount
        if self.log is not None:
            self.say(f"{_label(g)} takes {amount} damage")
        if g.damage >= self.max_life(g):
            self._defeat(g, None, False)

    def damage_player(self, seat: int, amount: int) -> None:
        self._damage_player(seat, amount)

    def _damage_player(self, seat: int, amount: int) -> None:
        side = self.sides[seat]
        if side.out or side.shield_all or amount <= 0:
            return
        if self.src_prevent or self.dirty:
            amount -= self._prevent_player(seat)
        if amount > 0 and side.shield:
            used = side.shield if side.shield < amount else amount
            side.shield -= used
            amount -= used
        if amount <= 0:
            return
        side.life -= amount
        if side.life <= 0:
            self.hurt = True
        if self.log is not None:
            self.say(f"P{seat + 1} takes {amount} damage ({side.life} life left)")

    def _defeat(self, g: Guardian, killer: Guardian | None, in_combat: bool) -> None:
        """A guardian's life reached 0: to the discard pile (its bindings too), then its "defeated" effects."""
        g.alive = False
        side = self.sides[g.owner]
        side.guardians.remove(g)
        side.discard.append(g.facts)
        bindings = g.bindings
        g.bindings = []
        for b in bindings:
            b.host = None
            self.sides[b.owner].discard.append(b.facts)
        self._left(g, bindings)
        if self.log is not None:
            self.say(f"{_label(g)} is defeated")
        opp_p = killer.owner if killer is not None else -1
        queue = self.queue
        start = len(queue)
        if g.facts.has_defeated:
            for eff in g.facts.triggers["on_defeated"]:
                queue.append((eff, Ctx(g.owner, g, g.facts, opp_g=killer, opp_p=opp_p, in_combat=in_combat)))
        for b in bindings:
            if b.facts.has_defeated:
                for eff in b.facts.triggers["on_defeated"]:
                    queue.append((eff, Ctx(b.owner, b, b.facts, host=g, opp_g=killer, opp_p=opp_p,
                                           in_combat=in_combat)))
        self._in_turn_order(start)

    def _leave(self, g: Guardian, *, to_hand: bool) -> None:
        """A guardian leaves play without being defeated (to its owner's hand or discard pile)."""
        g.alive = False
        side = self.sides[g.owner]
        side.guardians.remove(g)
        (side.hand if to_hand else side.discard).append(g.facts)
        bindings = g.bindings
        for b in bindings:
            b.host = None
            self.sides[b.owner].discard.append(b.facts)
        g.bindings = []
        self._left(g, bindings)
        self._check_lives()

    def _check_lives(self) -> None:
        """Guardians whose life fell to 0 (a life bonus left play) are defeated (in turn order from the
        active player)."""
        for side in self.seen_by(self.active):
            for g in list(side.guardians):
                if g.alive and g.damage and g.damage >= self.max_life(g):
                    self._defeat(g, None, False)

    def _check_players(self) -> None:
        """Players at 0 life are out (their cards leave play); the last player standing wins."""
        self.hurt = False
        dead = [side.seat for side in self.seen_by(self.active) if not side.out and side.life <= 0]
        if not dead:
            return
        for seat in dead:
            self._eliminate(seat)
        alive = self.alive_seats()
        if len(alive) <= 1:
            self.over = True
            self.result = alive[0] if alive else None
            self.pending.clear()
            self.queue.clear()
            self.resume.clear()
            if self.log is not None:
                self.say(f"P{alive[0] + 1} wins" if alive else "every player is out: a draw")
            return
        self.pending[:] = [item for item in self.pending if not self.sides[item[0]].out]
        self.queue[:] = [(eff, ctx) for eff, ctx in self.queue if not self.sides[ctx.controller].out]
        if self.sides[self.active].out:
            self.pending.clear()
            self.queue.clear()
            self.resume[:] = ["_next_turn"]
            self.c_att = self.c_def = None
            self.c_defended = False
            self.c_mods, self.c_rolltime, self.c_protect = [], [], None
            self.decl = []

    def _eliminate(self, seat: int) -> None:
        side = self.sides[seat]
        side.out = True
        sides = self.sides
        for g in side.guardians:
            g.alive = False
            side.discard.append(g.facts)
            for b in g.bindings:
                b.host = None
                sides[b.owner].discard.append(b.facts)
            g.bindings = []
        side.guardians = []
        for b in side.bound:
            b.player = -1
            sides[b.owner].discard.append(b.facts)
        side.bound = []
        # the player's bindings on the others' guardians and players go to their discard pile (a list
        # that loses none is kept as it is)
        for other in sides:
            for g in other.guardians:
                kept = []
                for b in g.bindings:
                    if b.owner == seat:
                        b.host = None
                        side.discard.append(b.facts)
                    else:
                        kept.append(b)
                if len(kept) < len(g.bindings):
                    g.bindings = kept
            kept = []
            for b in other.bound:
                if b.owner == seat:
                    b.player = -1
                    side.discard.append(b.facts)
                else:
                    kept.append(b)
            if len(kept) < len(other.bound):
                other.bound = kept
        if side.env is not None:
            side.env.alive = False
            side.discard.append(side.env.facts)
            side.env = None
        self.dirty = True
        if self.log is not None:
            self.say(f"P{seat + 1} has no life left and is out")
        # guardians kept alive by a life bonus of the player's cards are defeated now (also when the game is
        # over: the final board is the same with or without a play-by-play)
        self._check_lives()

    # -- effects --

    def _resolve(self, eff: Eff, ctx: Ctx) -> None:
        """Resolve one effect; a target still to pick or an optional cost becomes a choice for its controller."""
        side = self.sides[ctx.controller]
        if side.out:
            return
        cond = eff.cond
        if cond is not None and cond.in_combat and not ctx.in_combat:
            return
        if eff.choice and ctx.target is None:
            exclude = ctx.source if eff.trigger == "on_enter" else None
            options = self._options(ctx.controller, eff, ctx.source, exclude)
            if not options:
                return
            if len(options) == 1 and not eff.optional:
                ctx.target = options[0][0]
            else:
                actions = [Choose(code, label) for code, label in options]
                if eff.optional:
                    actions.append(Choose(None, "decline"))
                self.pending.append((ctx.controller, "target", actions, "_answer_target", (eff, ctx)))
                return
        elif eff.pay and eff.trigger != "activated":
            if side.influence < eff.pay:
                return
            actions = [Choose(True, f"pay {eff.pay} influence for {ctx.facts.name}"), Choose(False, "decline")]
            self.pending.append((ctx.controller, "pay", actions, "_answer_pay", (eff, ctx)))
            return
        _HANDLERS[eff.kind](self, eff, ctx)

    def _answer_target(self, option: Any, data: tuple[Any, ...]) -> None:
        eff, ctx = data
        if option is not None:
            ctx.target = option
            _HANDLERS[eff.kind](self, eff, ctx)

    def _answer_pay(self, option: Any, data: tuple[Any, ...]) -> None:
        eff, ctx = data
        if option:
            self.sides[ctx.controller].influence -= eff.pay
            _HANDLERS[eff.kind](self, eff, ctx)

    def _gtargets(self, eff: Eff, ctx: Ctx) -> list[Guardian]:
        """The guardians an effect touches (an "attached" guardian may be one just defeated)."""
        target = eff.target
        if eff.choice:
            g = self._guardian(ctx.target) if ctx.target is not None else None
            pool = [g] if g is not None else []
        elif target == "this":
            source = ctx.source
            pool = [source] if type(source) is Guardian and source.alive else []
        elif target == "attached":
            host = ctx.host if ctx.host is not None else (ctx.source.host if type(ctx.source) is Binding else None)
            return [host] if host is not None else []
        elif target == "opposing_guardian":
            g = ctx.opp_g
            pool = [g] if g is not None and g.alive else []
        elif target == "attacking_guardian":
            g = self.c_att
            pool = [g] if g is not None and g.alive else []
        else:
            # several guardians at once: touched in turn order from the controller (their own first)
            ctrl = ctx.controller
            sides = self.sides
            if target == "friendly_guardians":
                pool = list(sides[ctrl].guardians)
            elif target == "other_friendly_guardians":
                pool = [g for g in sides[ctrl].guardians if g is not ctx.source]
            elif target == "enemy_guardians":
                pool = [g for side in self.seen_by(ctrl) if side.seat != ctrl for g in side.guardians]
            elif target == "all_guardians":
                pool = [g for side in self.seen_by(ctrl) for g in side.guardians]
            elif target == "all_other_guardians":
                pool = [g for side in self.seen_by(ctrl) for g in side.guardians if g is not ctx.source]
            elif target == "bound_player_guardians" and type(ctx.source) is Binding and ctx.source.player >= 0:
                pool = list(sides[ctx.source.player].guardians)
            else:
                pool = []
        cond = eff.cond
        if cond is not None and pool:
            pool = [g for g in pool if cond.ok(self, g)]
        return pool

    def _ptargets(self, eff: Eff, ctx: Ctx) -> list[int]:
        target = eff.target
        ctrl = ctx.controller
        if target == "controller":
            seats = [ctrl]
        elif target in ("opponent", "target_player"):
            seats = [-1 - ctx.target] if ctx.target is not None else []
        elif target == "each_opponent":
            seats = self._opponents(ctrl)
        elif target == "all_players":
            seats = [side.seat for side in self.seen_by(ctrl) if not side.out]
        elif target == "that_player":
            seats = [ctx.that]
        elif target == "that_player_opponents":
            seats = self._opponents(ctx.that) if ctx.that >= 0 else []
        elif target == "opposing_player":
            seats = [ctx.opp_p]
        elif target == "bound_player":
            seats = [ctx.source.player] if type(ctx.source) is Binding else []
        else:
            seats = []
        return [seat for seat in seats if seat >= 0 and not self.sides[seat].out]

    def _answer_search(self, option: Any, data: tuple[Any, ...]) -> None:
        seat, count, _ = data
        self._finish_search(seat, count, option)

    def _finish_search(self, seat: int, count: int, option: Any) -> None:
        """Take the chosen card of the top ``count`` into hand; the rest go to the bottom in the order seen."""
        side = self.sides[seat]
        deck = side.deck
        looked = deck[-count:][::-1]
        del deck[-count:]
        if side.seen > len(deck):
            side.seen = len(deck)
        if option is not None:
            side.hand.append(looked.pop(option))
        deck[0:0] = looked[::-1]
        side.seen += len(looked)
        if side.hi > side.lo:
            side.lo += len(looked)
            side.hi += len(looked)

    def _answer_recover(self, option: Any, data: tuple[Any, ...]) -> None:
        eff, ctx, remaining = data
        if option is None:
            return
        side = self.sides[ctx.controller]
        facts = side.discard.pop(option)
        side.hand.append(facts)
        if self.log is not None:
            self.say(f"P{ctx.controller + 1} returns {facts.name} to hand")
        if remaining > 1:
            _recover(self, eff, ctx, remaining - 1)

    # -- invariants (for tests) --

    def card_counts(self) -> tuple[int, ...]:
        """Cards each player owns in every zone (conserved through the game)."""
        counts = [len(s.deck) + len(s.hand) + len(s.discard) + len(s.guardians) + (s.env is not None)
                  for s in self.sides]
        for b in self.bindings():
            counts[b.owner] += 1
        return tuple(counts)


# the method that plays each kind of action (apply() calls the usual ones directly)
_APPLY: Final = {Pass: "_pass", Play: "_play", Declare: "_declare", Block: "_block", Activate: "_activate",
          Discard: "_discard_to_draw", Rebind: "_rebind", Redraw: "_redraw"}

# --- effect handlers ------------------------------------------------------------------------------


def _damage(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    if eff.target in _PLAYER_TARGETS:
        for seat in state._ptargets(eff, ctx):
            state._damage_player(seat, eff.amount)
    else:
        for g in state._gtargets(eff, ctx):
            state.damage_guardian(g, eff.amount)


def _heal(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    if eff.target in _PLAYER_TARGETS:
        for seat in state._ptargets(eff, ctx):
            state.sides[seat].life += eff.amount
            if state.log is not None:
                state.say(f"P{seat + 1} gains {eff.amount} life ({state.sides[seat].life})")
    else:
        for g in state._gtargets(eff, ctx):
            if g.alive and g.damage:
                g.damage = max(0, g.damage - eff.amount)


def _modify_roll(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state._gtargets(eff, ctx):
        if not g.alive:
            continue
        if eff.duration == "this_roll":
            if g is state.c_att or g is state.c_def:
                state.c_mods.append((g, eff.op, eff.amount, eff.applies, ctx.controller))
        else:
            g.temps.append((eff.op, eff.amount, eff.applies, ctx.controller))
            g.est_a = g.est_d = None


def _reroll(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state._gtargets(eff, ctx):
        if g.alive and (g is state.c_att or g is state.c_def):
            if state.c_rolled:
                state._reroll(g, eff, ctx.controller)
            else:
                state.c_rolltime.append((eff, ctx, g))


def _modify(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state._gtargets(eff, ctx):
        if g.alive:
            if eff.stat == "life":
                g.bonus_life += eff.amount
            else:
                g.bonus_rp += eff.amount
    state.dirty = True
    state._check_lives()


def _prevent(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    if eff.target in _PLAYER_TARGETS:
        for seat in state._ptargets(eff, ctx):
            side = state.sides[seat]
            if eff.amount >= ALL_DAMAGE:
                side.shield_all = True
            else:
                side.shield += eff.amount
        return
    for g in state._gtargets(eff, ctx):
        if eff.duration == "this_combat":
            if state.c_att is not None:
                state.c_protect = (state.c_protect or ()) + (g.uid,)
        else:
            g.shields = min(ALL_DAMAGE, g.shields + eff.amount)


def _draw(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for seat in state._ptargets(eff, ctx):
        state._draw(seat, eff.amount)


def _discard(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    rng = state.rng
    for seat in state._ptargets(eff, ctx):
        side = state.sides[seat]
        for _ in range(eff.amount):
            if not side.hand:
                break
            facts = side.hand.pop(int(rng.random() * len(side.hand)))
            side.discard.append(facts)
            if state.log is not None:
                state.say(f"P{seat + 1} discards {facts.name}")


def _search(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    seat = ctx.controller
    side = state.sides[seat]
    deck = side.deck
    count = min(eff.look, len(deck))
    if not count:
        return
    if side.hi > side.lo and len(deck) - side.hi < count:
        _fix(side, state.rng, count - (len(deck) - side.hi))
    looked = deck[-count:][::-1]
    wanted = eff.card_type
    eligible = [i for i, facts in enumerate(looked) if not wanted or facts.type == wanted]
    if not eligible:
        state._finish_search(seat, count, None)
    elif not wanted and len(eligible) == 1:
        state._finish_search(seat, count, eligible[0])
    else:
        options = [Choose(i, looked[i].name) for i in eligible]
        if wanted:
            options.append(Choose(None, "take none"))
        # (the card type wanted: determinize() lists the options again when it redraws the deck)
        state.pending.append((seat, "take", options, "_answer_search", (seat, count, wanted)))


def _recover(state: WentworthState, eff: Eff, ctx: Ctx, remaining: int | None = None) -> None:
    side = state.sides[ctx.controller]
    wanted, cond = eff.card_type, eff.cond
    options = [Choose(i, facts.name) for i, facts in enumerate(side.discard)
               if (not wanted or facts.type == wanted) and (cond is None or cond.card_ok(facts))
               and facts is not ctx.facts]
    if not options:
        return
    remaining = eff.amount if remaining is None else remaining
    if len(options) == 1 and not eff.optional:
        state._answer_recover(options[0].option, (eff, ctx, remaining))
        return
    if eff.optional:
        options.append(Choose(None, "decline"))
    state.pending.append((ctx.controller, "take", options, "_answer_recover", (eff, ctx, remaining)))


def _gain_influence(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for seat in state._ptargets(eff, ctx):
        state.sides[seat].influence += eff.amount


def _lose_influence(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for seat in state._ptargets(eff, ctx):
        side = state.sides[seat]
        side.influence = max(0, side.influence - eff.amount)


def _modify_cost(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for seat in state._ptargets(eff, ctx):
        state.sides[seat].cost_temp = [*state.sides[seat].cost_temp, eff]


def _haste(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state._gtargets(eff, ctx):
        g.haste_turn = state.turn


def _extra_combat(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state._gtargets(eff, ctx):
        if g.extra_turn != state.turn:
            g.extra_turn, g.extra = state.turn, 0
        g.extra += eff.amount


def _restrict(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state._gtargets(eff, ctx):
        if eff.action == "defend":
            g.nodefend_turn = state.turn
        else:
            g.noattack_turn = state.turn


def _rest(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state._gtargets(eff, ctx):
        g.resting = True


def _ready(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state._gtargets(eff, ctx):
        g.resting = False


def _destroy(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    if eff.target == "target_binding":
        b = state._binding(ctx.target)
        if b is None:
            return
        state._detach(b)
        state.sides[b.owner].discard.append(b.facts)
        name = b.facts.name
    else:
        for side in state.sides:
            env = side.env
            if env is not None and env.uid == ctx.target:
                env.alive = False
                side.env = None
                side.discard.append(env.facts)
                state.dirty = True
                name = env.facts.name
                break
        else:
            return
    if state.log is not None:
        state.say(f"{name} is destroyed")
    state._check_lives()


def _return_to_hand(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state._gtargets(eff, ctx):
        if g.alive:
            state._leave(g, to_hand=True)
        else:
            side = state.sides[g.owner]
            for index in range(len(side.discard) - 1, -1, -1):
                if side.discard[index] is g.facts:
                    side.hand.append(side.discard.pop(index))
                    break
            else:
                continue
        if state.log is not None:
            state.say(f"{g.facts.name} returns to P{g.owner + 1}'s hand")


_HANDLERS: Final = {"damage": _damage, "heal": _heal, "modify_roll": _modify_roll, "reroll": _reroll, "modify": _modify,
             "prevent_damage": _prevent, "draw": _draw, "discard": _discard, "search_deck": _search,
             "recover": _recover, "gain_influence": _gain_influence, "lose_influence": _lose_influence,
             "modify_cost": _modify_cost, "can_attack_on_entry": _haste, "extra_combat": _extra_combat,
             "restrict": _restrict, "rest": _rest, "ready": _ready, "destroy": _destroy,
             "return_to_hand": _return_to_hand}


# --- setting up -----------------------------------------------------------------------------------


# cards of a deck put in their random order when it is shuffled; the rest only when they are reached
_SETTLE: Final = 24


def _shuffle(side: Side, rng: random.Random) -> None:
    """Shuffle the deck: the order of the top cards is settled now, the rest lazily by :func:`_fix`."""
    side.lo, side.hi = 0, len(side.deck)
    _fix(side, rng, _SETTLE)


def _fix(side: Side, rng: random.Random, count: int) -> None:
    """Settle the order of ``count`` more cards of a shuffled deck: Fisher-Yates steps from the top of the
    unshuffled part ``deck[lo:hi]`` down (the whole deck settled so is a Fisher-Yates shuffle)."""
    deck = side.deck
    lo, hi = side.lo, side.hi
    draw = rng.random
    # the last unshuffled card needs no draw (as in core.shuffle)
    end = hi - count if hi - count > lo + 1 else lo + 1
    for i in range(hi - 1, end - 1, -1):
        r = draw()  # a C double when compiled: the same product and truncation, without Python floats
        j = lo + int(r * (i + 1 - lo))
        deck[i], deck[j] = deck[j], deck[i]
    if end <= lo + 1:
        side.lo, side.hi = 0, 0
    else:
        side.lo, side.hi = lo, end


def _side(seat: int, deck: Deck, rng: random.Random, vanilla: bool) -> Side:
    cards = list(_compiled(deck, vanilla))
    side = Side(seat, cards)
    _shuffle(side, rng)
    for _ in range(HAND_SIZE):
        if cards:
            side.hand.append(cards.pop())
    return side


def _readings(rules: dict[str, str] | None) -> tuple[bool, bool]:
    """``(undefended_damage, attackers_stand)`` under the readings ``rules`` (short names; those missing at their
    defaults).

    :raises ValueError: for a reading the game does not have or a value it does not take.
    """
    chosen = ENGINE.short_rules(rules)
    return chosen["undefended-damage"] == "total", chosen["attackers-rest"] == "end-of-turn"


def _state(sides: list[Side], rng: random.Random, first: int, max_turns: int, log: bool, goldfish: bool,
           undefended_damage: bool = True, attackers_stand: bool = False) -> WentworthState:
    state = WentworthState()
    state.undefended_damage = undefended_damage
    state.attackers_stand = attackers_stand
    state.rng = rng
    state.log = [] if log else None
    state.turn = 1
    state.max_turns = max_turns
    state.sides = sides
    state.n = len(sides)
    # each seat's view of the table (see seen_by), built once
    state.views = tuple([tuple(sides[seat:] + sides[:seat]) for seat in range(len(sides))])
    state.first = state.active = state.redraw_seat = first
    state.phase = REDRAWING
    state.pending, state.queue, state.resume = [], [], []
    state.next_uid = 1
    state.result = None
    state.over = False
    state.goldfish = goldfish
    state.used = {}
    state.delayed = []
    state.hurt = False
    state.c_att = state.c_def = None
    state.c_ap = state.c_dp = state.c_prio = -1
    state.c_defended = state.c_rolled = False
    state.c_adice = state.c_ddice = ()
    state.c_mods, state.c_rolltime, state.c_protect = [], [], None
    state.c_passes = 0
    state.c_order = []
    state.w_seats, state.w_after = [], REBUFF
    state.decl, state.blocks, state.block_seats, state.block_idx, state.c_index = [], [], [], [], -1
    state.glob, state.count_sensitive, state.env_attack = [], False, False
    # nothing is in play yet: what _rebuild() finds on an empty board
    state.dirty = False
    state.src_cost, state.src_prevent, state.src_act, state.src_potion, state.src_turn = [], [], [], [], []
    state.src_ract = []
    return state


def new_match(decks: Sequence[Deck], *, seed: int, first: int = 0, max_turns: int = 200, log: bool = False,
              vanilla: bool = False, rules: dict[str, str] | None = None) -> WentworthState:
    """A game of two to four players (free-for-all); ``first`` is the seat that takes the first turn.
    Each player, from ``first`` on, first decides whether to use the one redraw. ``rules`` switches readings
    (short names: ``{"undefended-damage": "none"}``; see :data:`READINGS`)."""
    if not 2 <= len(decks) <= 4:
        raise ValueError(f"a Wentworth game takes 2 to 4 decks, not {len(decks)}")
    undefended, stand = _readings(rules)
    rng = new_rng(seed)
    sides = [_side(seat, deck, rng, vanilla) for seat, deck in enumerate(decks)]
    return _state(sides, rng, first=first % len(decks), max_turns=max_turns, log=log, goldfish=False,
                  undefended_damage=undefended, attackers_stand=stand)


def new_goldfish(deck: Deck, *, seed: int, max_turns: int = 50, log: bool = False,
                 vanilla: bool = False, rules: dict[str, str] | None = None) -> WentworthState:
    """One player against a dummy with 50 life that has no cards, no guardians and does nothing (it counts as
    having had its first turn, so it can be attacked at once); ``rules`` as in :func:`new_match`
    (undefended-damage=none: the dummy, which never defends, never takes combat damage)."""
    undefended, stand = _readings(rules)
    rng = new_rng(seed)
    return _state([_side(0, deck, rng, vanilla), Side(1, [], dummy=True)], rng, first=0, max_turns=max_turns,
                  log=log, goldfish=True, undefended_damage=undefended, attackers_stand=stand)


def kill_turn(state: WentworthState) -> int | None:
    """The goldfishing player's turn on which the dummy's 50 life reached 0 (None: not killed)."""
    return state.turn if state.result == 0 else None


# --- copies: clone() and determinize() ------------------------------------------------------------
#
# A game is copied field by field (copy.deepcopy took longer than a whole greedy game). The cards' facts and
# effects (Facts, Eff, Cond) are immutable and shared; every guardian, binding and environment is copied once,
# found again by its id (``table[uid]``), so that each reference to it (the board, the combat, the lists of
# effects in play, the effects waiting to resolve) names the same copy; the lists a game changes in place are
# copied, the lists it only ever replaces (a guardian's m_att, m_def, dyn; a side's cost_temp) are shared.


def _copy_guardian(g: Guardian, table: list[Guardian | Binding | Env | None]) -> Guardian:
    c = Guardian(g.facts, g.uid, g.owner, g.entered)
    table[g.uid] = c
    c.damage = g.damage
    c.attacks = g.attacks
    c.shields = g.shields
    c.bonus_life = g.bonus_life
    c.bonus_rp = g.bonus_rp
    c.haste_turn = g.haste_turn
    c.noattack_turn = g.noattack_turn
    c.nodefend_turn = g.nodefend_turn
    c.extra_turn = g.extra_turn
    c.extra = g.extra
    c.rp = g.rp
    c.life_max = g.life_max
    c.xtra = g.xtra
    c.prevent = g.prevent
    c.resting = g.resting
    c.alive = g.alive
    c.haste = g.haste
    c.noattack = g.noattack
    c.nodefend = g.nodefend
    c.noentry = g.noentry
    c.m_att = g.m_att
    c.m_def = g.m_def
    c.dyn = g.dyn
    c.temps = list(g.temps)
    c.est_a = g.est_a
    c.est_d = g.est_d
    c.bindings = [_twin(b, table) for b in g.bindings]
    return c


def _copy_binding(b: Binding, table: list[Guardian | Binding | Env | None]) -> Binding:
    c = Binding(b.facts, b.uid, b.owner)
    table[b.uid] = c
    c.player = b.player
    c.host = _twin(b.host, table) if b.host is not None else None
    return c


def _copy_env(env: Env, table: list[Guardian | Binding | Env | None]) -> Env:
    c = Env(env.facts, env.uid, env.owner)
    table[env.uid] = c
    c.alive = env.alive
    return c


def _twin(obj: Any, table: list[Guardian | Binding | Env | None]) -> Any:
    """The copy of a guardian, binding or environment (made on first use), or None."""
    if obj is None:
        return None
    kind = type(obj)
    if kind is Guardian:
        g = obj
        found = table[g.uid]
        return found if found is not None else _copy_guardian(g, table)
    if kind is Binding:
        b = obj
        found = table[b.uid]
        return found if found is not None else _copy_binding(b, table)
    env = obj
    found = table[env.uid]
    return found if found is not None else _copy_env(env, table)


def _copy_ctx(ctx: Ctx, table: list[Guardian | Binding | Env | None], ctxs: dict[Ctx, Ctx]) -> Ctx:
    c = ctxs.get(ctx)
    if c is None:
        source = _twin(ctx.source, table)
        host = _twin(ctx.host, table)
        c = ctxs[ctx] = Ctx(ctx.controller, source, ctx.facts, ctx.target, host, _twin(ctx.opp_g, table), ctx.opp_p,
                            ctx.that, ctx.in_combat)
    return c


def _copy_side(side: Side, table: list[Guardian | Binding | Env | None]) -> Side:
    c = Side(side.seat, list(side.deck), dummy=side.dummy)
    c.life = side.life
    c.influence = side.influence
    c.shield = side.shield
    c.size = side.size
    c.lo = side.lo
    c.hi = side.hi
    c.seen = side.seen
    c.out = side.out
    c.had_turn = side.had_turn
    c.shield_all = side.shield_all
    c.hand = list(side.hand)
    c.discard = list(side.discard)
    c.cost_temp = side.cost_temp
    c.cards = side.cards
    c.guardians = [_twin(g, table) for g in side.guardians]
    c.bound = [_twin(b, table) for b in side.bound]
    c.env = _twin(side.env, table) if side.env is not None else None
    return c


def _copy_state(state: WentworthState, keep_log: bool) -> WentworthState:
    """Every field of ``state`` copied (``rng`` is left for the caller to set; the play-by-play only with
    ``keep_log``)."""
    c = WentworthState()
    table: list[Guardian | Binding | Env | None] = [None] * state.next_uid
    sides = [_copy_side(side, table) for side in state.sides]
    c.sides = sides
    c.views = tuple([tuple(sides[seat:] + sides[:seat]) for seat in range(len(sides))])
    c.log = list(state.log) if keep_log and state.log is not None else None
    c.turn = state.turn
    c.max_turns = state.max_turns
    c.active = state.active
    c.first = state.first
    c.n = state.n
    c.next_uid = state.next_uid
    c.phase = state.phase
    c.redraw_seat = state.redraw_seat
    c.w_after = state.w_after
    c.result = state.result
    c.over = state.over
    c.goldfish = state.goldfish
    c.hurt = state.hurt
    c.dirty = state.dirty
    c.count_sensitive = state.count_sensitive
    c.env_attack = state.env_attack
    c.undefended_damage = state.undefended_damage
    c.attackers_stand = state.attackers_stand
    c.used = dict(state.used)
    c.w_seats = list(state.w_seats)
    c.resume = list(state.resume)
    # the lists of what is in play (as _rebuild() and _list() keep them)
    c.glob = [(kind, _twin(obj, table), owner, scope, eff) for kind, obj, owner, scope, eff in state.glob]
    c.src_cost = [(_twin(obj, table), owner, scope, eff) for obj, owner, scope, eff in state.src_cost]
    c.src_prevent = [(_twin(obj, table), owner, scope, eff) for obj, owner, scope, eff in state.src_prevent]
    c.src_act = [(_twin(obj, table), user, slot, eff) for obj, user, slot, eff in state.src_act]
    c.src_ract = [(_twin(obj, table), user, slot, eff) for obj, user, slot, eff in state.src_ract]
    c.src_potion = [_twin(obj, table) for obj in state.src_potion]
    c.src_turn = [_twin(obj, table) for obj in state.src_turn]
    # the combat (its guardians may have left play)
    c.c_att = _twin(state.c_att, table)
    c.c_def = _twin(state.c_def, table)
    c.c_ap = state.c_ap
    c.c_dp = state.c_dp
    c.c_index = state.c_index
    c.c_passes = state.c_passes
    c.c_prio = state.c_prio
    c.c_defended = state.c_defended
    c.c_rolled = state.c_rolled
    c.c_adice = list(state.c_adice) if state.c_adice else state.c_adice
    c.c_ddice = list(state.c_ddice) if state.c_ddice else state.c_ddice
    c.c_protect = state.c_protect
    c.c_order = list(state.c_order)
    c.c_mods = [(_twin(g, table), op, amount, applies, ctrl) for g, op, amount, applies, ctrl in state.c_mods]
    c.decl = [(_twin(g, table), seat) for g, seat in state.decl]
    c.blocks = [_twin(g, table) for g in state.blocks]
    c.block_seats = list(state.block_seats)
    c.block_idx = list(state.block_idx)
    # effects waiting to resolve, and choices waiting to be made
    ctxs: dict[Ctx, Ctx] = {}
    c.queue = [(eff, _copy_ctx(ctx, table, ctxs)) for eff, ctx in state.queue] if state.queue else []
    c.delayed = [(eff, _copy_ctx(ctx, table, ctxs)) for eff, ctx in state.delayed] if state.delayed else []
    c.c_rolltime = ([(eff, _copy_ctx(ctx, table, ctxs), _twin(g, table)) for eff, ctx, g in state.c_rolltime]
                    if state.c_rolltime else [])
    c.pending = ([(seat, kind, list(actions), handler,
                   tuple([_copy_ctx(x, table, ctxs) if type(x) is Ctx else x for x in data])
                   if data is not None else None)
                  for seat, kind, actions, handler, data in state.pending] if state.pending else [])
    return c


_BY_NAME: Final = attrgetter("name")


def _shown(state: WentworthState, seat: int) -> int:
    """How many top cards of its deck ``seat`` is looking at (a deck search waiting for its choice)."""
    top = 0
    for item in state.pending:
        if item[3] == "_answer_search" and item[0] == seat and item[4][1] > top:
            top = item[4][1]
    return top


def _canonical(side: Side, cards: list[Facts]) -> list[Facts]:
    """``cards`` (some of ``side``'s) in an order that depends only on which cards they are, not on the order
    they are in: the order of the deck list (or by name, when a card is there twice or is not in the list)."""
    present = set(cards)
    if len(present) == len(cards):
        found = [facts for facts in side.cards if facts in present]
        if len(found) == len(cards):
            return found
    return sorted(cards, key=_BY_NAME)


def _redraw_own(state: WentworthState, side: Side, rng: random.Random) -> None:
    """The player's own deck: the cards it has not seen shuffled from ``rng``, in place (those a deck search
    put on the bottom and those it is looking at stay where they are)."""
    deck = side.deck
    bottom = side.seen if side.seen < len(deck) else len(deck)
    end = len(deck) - _shown(state, side.seat)
    if end - bottom > 1:
        deck[bottom:end] = _canonical(side, deck[bottom:end])
        side.lo, side.hi = bottom, end
        _fix(side, rng, end - bottom)
    side.lo = side.hi = 0


def _redraw_other(state: WentworthState, side: Side, rng: random.Random) -> None:
    """Another player's hand and deck: pooled in a canonical order (see _canonical), shuffled from ``rng``, the
    hand dealt back at its size from the top; a deck search it is making is listed again from the new top."""
    hand = side.hand
    count = len(hand)
    pool = _canonical(side, hand + side.deck)
    side.deck = pool
    if len(pool) > 1:
        side.lo, side.hi = 0, len(pool)
        _fix(side, rng, len(pool))
    side.lo = side.hi = 0
    side.hand = pool[len(pool) - count:]
    del pool[len(pool) - count:]
    pending = state.pending
    for index in range(len(pending)):
        seat, kind, actions, handler, data = pending[index]
        if handler == "_answer_search" and seat == side.seat:
            looked = pool[-data[1]:][::-1]
            wanted = data[2]
            options = [Choose(i, facts.name) for i, facts in enumerate(looked) if not wanted or facts.type == wanted]
            if wanted:
                options.append(Choose(None, "take none"))
            pending[index] = (seat, kind, options, handler, data)


# what observation() shows of the things in play and of the effects waiting to resolve


def _uid(obj: Any) -> Any:
    return obj.uid if obj is not None else None


def _eff_view(eff: Eff) -> tuple[Any, ...]:
    return (eff.kind, eff.trigger, eff.target, eff.amount, eff.duration, eff.card_type)


def _ctx_view(ctx: Ctx) -> tuple[Any, ...]:
    return (ctx.controller, _uid(ctx.source), ctx.facts.name if ctx.facts is not None else None, ctx.target,
            _uid(ctx.host), _uid(ctx.opp_g), ctx.opp_p, ctx.that, ctx.in_combat)


def _binding_view(b: Binding) -> tuple[Any, ...]:
    return (b.uid, b.facts.name, b.owner, b.player, _uid(b.host))


def _guardian_view(g: Guardian) -> tuple[Any, ...]:
    return (g.uid, g.facts.name, g.owner, g.alive, g.damage, g.resting, g.entered, g.attacks, g.shields,
            g.bonus_life, g.bonus_rp, g.haste_turn, g.noattack_turn, g.nodefend_turn, g.extra_turn, g.extra,
            tuple([(op, amount, applies, ctrl) for op, amount, applies, ctrl in g.temps]),
            tuple([_binding_view(b) for b in g.bindings]))


# --- policies -------------------------------------------------------------------------------------


_RICH: Final = 20  # influence from which the greedy player discards dead cards to draw
_PATIENCE: Final = 40  # turns after which it attacks into slightly better defenders (no endless standoffs)


def _declare_action(state: WentworthState, p: int, guardians: list[Guardian]) -> WentworthAction:
    """The best declaration: each guardian's first best option (a declaration scores its sum), in the
    order of state.attack_options() (the same values as :meth:`_attack_worth`)."""
    if state.dirty:
        state._rebuild()
    turn = state.turn
    attackers = []
    for g in guardians:
        # may_attack(g), its usual answer read off directly
        if g.resting or g.noattack_turn == turn or g.noattack:
            continue
        if (g.dyn or g.attacks or g.entered == turn) and not state.may_attack(g):
            continue
        attackers.append(g)
    if not attackers:
        return NO_ATTACK
    sides = state.sides
    n = state.n
    # expected rolls (a guardian's est_a and est_d are None until estimated)
    ea: float | None
    ed: float | None
    if n == 2 and not state.c_mods:
        # two players: one seat to attack (the same values as below, without the bookkeeping)
        other = sides[1 - p]
        if other.out or not other.had_turn:
            return NO_ATTACK
        best: float | None = None
        defenders = 0
        for d in other.guardians:
            if d.resting or d.nodefend_turn == turn or d.nodefend:
                continue
            if d.dyn or d.temps:
                if d.dyn and not state.may_defend(d):
                    continue
                ed = state.estimate(d, DEFENSE)
            else:
                ed = d.est_d
                if ed is None:
                    # estimate(d, DEFENSE) with no moment's effects
                    ed = d.est_d = sequence_f(3.5 * d.rp, d.m_def, d.owner, n) if d.m_def else 3.5 * d.rp
            defenders += 1
            if best is None or ed > best:
                best = ed
        count = len(attackers)
        threshold = 0.5 if turn <= _PATIENCE else -2.5
        seat = 1 - p
        suffix = f" -> P{seat + 1}"
        uids = []
        names = []
        for g in attackers:
            if g.dyn or g.temps:
                ea = state.estimate(g, ATTACK)
            else:
                ea = g.est_a
                if ea is None:
                    # estimate(g, ATTACK) with no moment's effects
                    ea = g.est_a = sequence_f(3.5 * g.rp, g.m_att, g.owner, n) if g.m_att else 3.5 * g.rp
            if ea <= 0 or not (best is None or ea - best > threshold or count > defenders):
                continue
            uids.append((g.uid, seat))
            names.append(g.facts.name + suffix)
            if g.xtra or g.extra_turn == turn or g.dyn:
                # with extra attacks, each one is worth as much: attack as often as allowed
                for _ in range(state.extra_attacks(g)):
                    uids.append((g.uid, seat))
                    names.append(g.facts.name + suffix)
        if uids:
            return _new(Declare, (tuple(uids), ", ".join(names)))
        return NO_ATTACK
    plain = not state.c_mods
    infos = []
    for k in range(1, n):
        seat = (p + k) % n
        other = sides[seat]
        if other.out or not other.had_turn:
            continue
        best = None
        defenders = 0
        for d in other.guardians:
            if d.resting or d.nodefend_turn == turn or d.nodefend:
                continue
            if d.dyn and not state.may_defend(d):
                continue
            defenders += 1
            ed = d.est_d if plain and not d.dyn and not d.temps else None
            if ed is None:
                ed = state.estimate(d, DEFENSE)
            if best is None or ed > best:
                best = ed
        infos.append((seat, best, defenders, _tie_of(other)))
    if not infos:
        return NO_ATTACK
    count = len(attackers)
    threshold = 0.5 if turn <= _PATIENCE else -2.5
    attacks: list[tuple[Guardian, int]] = []
    for g in attackers:
        ea = g.est_a if plain and not g.dyn and not g.temps else None
        if ea is None:
            ea = state.estimate(g, ATTACK)
        if ea <= 0:
            continue
        if len(infos) == 1 and not (g.xtra or g.extra_turn == turn or g.dyn):
            seat, best, defenders, tie = infos[0]
            if best is None or ea - best > threshold or count > defenders:
                attacks.append((g, seat))
            continue
        values = []
        for seat, best, defenders, tie in infos:
            if best is None:
                value = 100.0 + ea + tie
            else:
                margin = ea - best
                if margin > threshold:
                    value = 40.0 + margin + tie
                elif count > defenders:
                    value = 10.0 + 0.2 * ea + tie
                else:
                    value = 0.0
            values.append((seat, value))
        extra = state.extra_attacks(g)
        if not extra:
            chosen, chosen_value = None, 0.0
            for seat, value in values:
                if value > chosen_value:
                    chosen, chosen_value = seat, value
            if chosen is not None:
                attacks.append((g, chosen))
            continue
        worth = dict(values)
        chosen_seats: tuple[int, ...]
        chosen_seats, chosen_value = (), 0.0
        for number in range(1, 2 + extra):
            for option in combinations_with_replacement([seat for seat, _ in values], number):
                value = 0.0
                for seat in option:
                    value += worth[seat]
                if value > chosen_value:
                    chosen_seats, chosen_value = option, value
        for seat in chosen_seats:
            attacks.append((g, seat))
    if attacks:
        return Declare(tuple([(g.uid, seat) for g, seat in attacks]),
                       ", ".join([f"{g.facts.name} -> P{seat + 1}" for g, seat in attacks]))
    return NO_ATTACK


def _blocks_action(state: WentworthState) -> WentworthAction:
    """The assignment :meth:`_best_blocks` finds (the same values and search order), on lists."""
    if state.dirty:
        state._rebuild()
    dp = state.c_dp
    side = state.sides[dp]
    turn = state.turn
    plain = not state.c_mods
    defenders = []
    stats: list[tuple[float, int, float]] = []
    ed: float | None
    for d in side.guardians:
        # may_defend(d) and estimate(d, DEFENSE), their usual answers read off directly
        if d.resting or d.nodefend_turn == turn or d.nodefend:
            continue
        if d.dyn:
            if not state.may_defend(d):
                continue
            ed = state.estimate(d, DEFENSE)
            left = state.life_left(d)
        else:
            ed = d.est_d if plain and not d.temps else None
            if ed is None:
                ed = state.estimate(d, DEFENSE)
            left = d.life_max - d.damage
        defenders.append(d)
        stats.append((ed, left, 1.5 * d.facts.cost + 2.0))
    life = side.life
    undefended = state.undefended_damage
    decl = state.decl
    unblocked_values = []
    rows = []
    for index in state.block_idx:
        g = decl[index][0]
        ea = g.est_a if plain and not g.dyn and not g.temps else None
        if ea is None:
            ea = state.estimate(g, ATTACK)
        row = []
        for ed, left, worth in stats:
            diff = ea - ed
            row.append(-diff if diff <= 0 else -0.6 * diff if diff < left else -(diff - left) - worth)
        rows.append(row)
        # undefended-damage=none: an attack let through costs nothing
        unblocked_values.append((-ea - (50.0 if ea >= life else 0.0)) if undefended else 0.0)
    count = len(rows)
    size = len(defenders)
    if count == 1:
        best, best_score = -1, unblocked_values[0]
        row = rows[0]
        for k in range(size):
            if row[k] > best_score:
                best, best_score = k, row[k]
        chosen: tuple[int, ...] = (best,)
    elif size == 1:
        # the one defender blocks attack k (in that order) or none: the search's order and sums
        total = 0.0
        for unblocked in unblocked_values:
            total += unblocked
        best, best_score = -1, total
        for k in range(count):
            total = 0.0
            for index in range(count):
                total += rows[k][0] if index == k else unblocked_values[index]
            if total > best_score:
                best, best_score = k, total
        chosen = tuple([0 if index == best else -1 for index in range(count)])
    else:
        bounds = [0.0] * (count + 1)
        for index in range(count - 1, -1, -1):
            unblocked = unblocked_values[index]
            bounds[index] = bounds[index + 1] + max(unblocked, *rows[index]) if rows[index] else \
                bounds[index + 1] + unblocked
        total = 0.0
        for unblocked in unblocked_values:
            total += unblocked
        found: list[Any] = [(-1,) * count, total]
        _block_search(0, 0.0, rows, unblocked_values, bounds, [False] * size, [-1] * count, found)
        chosen = found[0]
    uids: list[int | None] = []
    parts = []
    for index, k in zip(state.block_idx, chosen, strict=False):
        g = decl[index][0]
        if k >= 0:
            d = defenders[k]
            uids.append(d.uid)
            parts.append(f"{d.facts.name} blocks {g.facts.name}")
        else:
            uids.append(None)
            parts.append(f"{g.facts.name} unblocked")
    return _new(Block, (tuple(uids), "; ".join(parts)))


def _abilities_of(state: WentworthState, p: int, in_roll: bool) -> list[tuple[Any, Eff, int, Any, Any]]:
    """(source, ability, slot, target code, target) of ``p``'s abilities usable now, in the order of the engine's
    legal actions."""
    if state.dirty:
        state._rebuild()
    found = []
    for obj, user, slot, eff in state.src_act:
        if user != p or ((eff.window == W_MAIN) if in_roll else (eff.window == W_ROLL)):
            continue
        if not state._ability_ok(p, obj, eff, slot):
            continue
        targets = state._ability_targets(p, obj, eff, in_roll)
        if targets is None:
            found.append((obj, eff, slot, None, None))
        else:
            for code, target in targets:
                found.append((obj, eff, slot, code, target))
    return found


def _cheap_guardians(hand: list[Facts]) -> int:
    """How many guardians in ``hand`` cost no more than one turn's influence."""
    count = 0
    for facts in hand:
        if facts.type is GUARDIAN and facts.cost <= RECHARGE:
            count += 1
    return count


def _block_search(position: int, total: float, rows: list[list[float]], unblocked_values: list[float],
                  bounds: list[float], used: list[bool], picks: list[int], found: list[Any]) -> None:
    """The depth-first search of :func:`_blocks_action`: attack ``position`` on gets each unused defender
    (in order) or none; ``found`` keeps the first best assignment and its sum."""
    count = len(rows)
    best: float = found[1]
    if position == count:
        if total > best:
            found[0], found[1] = tuple(picks), total
        return
    if total + bounds[position] < best - 1e-9:
        return
    row = rows[position]
    for k in range(len(used)):
        if not used[k]:
            used[k] = True
            picks[position] = k
            _block_search(position + 1, total + row[k], rows, unblocked_values, bounds, used, picks, found)
            used[k] = False
    picks[position] = -1
    _block_search(position + 1, total + unblocked_values[position], rows, unblocked_values, bounds, used, picks, found)


def _g_value(state: WentworthState, p: int, eff: Eff, g: Guardian, rebuff: bool) -> float:
    """What an effect that touches guardian ``g`` adds to :meth:`_effect_value` (the same terms)."""
    code = eff.code
    amount = eff.amount
    mine = g.owner == p
    if code == K_DAMAGE:
        left = state.life_left(g)
        worth = 6.0 + 2 * g.facts.cost if amount >= left else 0.7 * amount
        return -worth if mine else worth
    if code == K_HEAL:
        healed = min(amount, g.damage)
        return healed if mine else -healed
    if code == K_RETURN_TO_HAND:
        return -g.facts.cost if mine else 4.0 + g.facts.cost + 2 * len(g.bindings)
    if code == K_REST:
        if not mine and rebuff and not g.resting and state._any_attack(p):
            return 4.0 + 0.5 * g.facts.cost
    elif code == K_READY:
        if mine and g.resting and not rebuff:
            return 4.0 + 0.5 * g.facts.cost
    elif code == K_ENTRY_ATTACK:
        if mine and rebuff and g.entered == state.turn and not state.may_attack(g):
            return 6.0 + 3 * state.roll_power(g)
    elif code == K_EXTRA_COMBAT:
        if mine and rebuff and state.may_attack(g):
            return 4.0 + 3 * state.roll_power(g)
    elif code == K_MODIFY_ROLL:
        if mine:
            if rebuff and eff.applies & ATTACK and amount > 0 and state.may_attack(g):
                return amount
        elif rebuff and eff.applies & DEFENSE and amount < 0 and state.may_defend(g):
            return -(0.8 * amount)
    return 0.0


def _most_of(state: WentworthState) -> tuple[int, int]:
    """The highest cost and most bindings of a guardian in play (what bounds :func:`_g_value`)."""
    cost = bound = 0
    for side in state.sides:
        for g in side.guardians:
            if g.facts.cost > cost:
                cost = g.facts.cost
            if len(g.bindings) > bound:
                bound = len(g.bindings)
    return cost, bound


def _g_bound(eff: Eff, rebuff: bool, most: tuple[int, int]) -> float:
    """An upper bound of :func:`_g_value` of ``eff`` on any guardian in play."""
    code = eff.code
    cost, bound = most
    if code == K_DAMAGE:
        return max(6.0 + 2 * cost, 0.7 * eff.amount)
    if code == K_HEAL:
        return float(eff.amount)
    if code == K_RETURN_TO_HAND:
        return 4.0 + cost + 2 * bound
    if code == K_REST or code == K_READY:
        return 4.0 + 0.5 * cost
    if code == K_MODIFY_ROLL:
        return eff.gmax_rebuff if rebuff else 0.0
    if code == K_ENTRY_ATTACK or code == K_EXTRA_COMBAT:
        return float("inf")
    return 0.0


def _pool_of(state: WentworthState, p: int, eff: Eff, target: Any, source: Any) -> list[Guardian]:
    """The guardians an effect would touch, seen by the player choosing (an approximation of the
    engine's targeting for effects that do not pick)."""
    name = eff.target
    if eff.choice:
        return [target] if type(target) is Guardian else []
    if name == "this":
        return [source] if type(source) is Guardian else []
    if name == "attached":
        host = source.host if type(source) is Binding else None
        return [host] if host is not None else []
    sides = state.sides
    if name == "friendly_guardians":
        return sides[p].guardians
    if name == "other_friendly_guardians":
        return [g for g in sides[p].guardians if g is not source]
    if name == "enemy_guardians":
        return [g for side in sides if side.seat != p for g in side.guardians]
    if name in ("all_guardians", "all_other_guardians"):
        return [g for side in sides for g in side.guardians if g is not source]
    return []


def _binding_conds(facts: Facts) -> tuple[Cond, ...]:
    """The card conditions (faction, cost, printed roll power) of a binding's effects on its host: a host
    must meet them for the binding to do anything there."""
    conds = _CONDS.get(facts)
    if conds is None:
        effs = [eff for _, _, eff in facts.passives]
        for entries in facts.triggers.values():
            effs.extend(entries)
        found = []
        for eff in effs:
            if eff.cond is not None and eff.target == "attached" and eff.cond.plain:
                found.append(eff.cond)
        conds = _CONDS[facts] = tuple(found)
    return conds


_CONDS: dict[Facts, tuple[Cond, ...]] = {}


def _threat_of(state: WentworthState, side: Side) -> float:
    """How threatening an opponent is (a tie-break among targets that does not depend on seats): the
    printed roll power of its guardians, then its influence, then how close it is to losing."""
    power = 0
    for g in side.guardians:
        power += g.facts.rp
    return power + 0.001 * side.influence - 0.00001 * side.life


def _tie_of(side: Side) -> float:
    """What breaks ties between opponents to attack: the one closest to losing, then the most threatening
    (printed roll power of its guardians, then influence); turn order only when all of these are equal."""
    power = 0
    for g in side.guardians:
        power += g.facts.rp
    return 0.01 * (START_LIFE - side.life) + 0.0002 * power + 0.000001 * side.influence


def _pays(value: float, facts: Facts) -> bool:
    """Whether a potion worth ``value`` (roughly in life points) pays for itself: worth at least the
    influence it costs, and at least 2 (the greedy player's potion test; was a flat 4, so that cheap
    potions such as Mana Spring, Healing Salve or Cutpurse were never played)."""
    return value >= 2.0 and value >= facts.cost


def _dig_index(state: WentworthState, p: int) -> int:
    """The card the greedy player discards to draw when stuck (-1: none), in its Rebuff step once nothing
    is worth playing: with no guardian in play and no guardian in hand, a card that needs a guardian to
    be of use (the cheapest to discard, first in hand on ties), while influence pays for it and cards are
    left to draw. The rulebook's discard-to-draw is the way out of a hand of bindings and potions."""
    side = state.sides[p]
    if side.guardians or not side.deck:
        return -1
    best, best_cost = -1, 0
    for index, facts in enumerate(side.hand):
        if facts.type is GUARDIAN:
            return -1
        if facts.type is ENVIRONMENT and side.env is None:
            continue
        price = (facts.cost + 1) // 2
        if price <= side.influence and (best < 0 or price < best_cost):
            best, best_cost = index, price
    return best


def _guardian_base_of(state: WentworthState, p: int, facts: Facts) -> float:
    """A guardian while there is room for it; with four, only one clearly better than the cheapest
    (which is then discarded at the end of the turn)."""
    guardians = state.sides[p].guardians
    if len(guardians) < MAX_GUARDIANS:
        return 100.0 + 2 * facts.cost
    if len(guardians) == MAX_GUARDIANS:
        least = guardians[0].facts.cost
        for g in guardians:
            if g.facts.cost < least:
                least = g.facts.cost
        if facts.cost >= least + 3:
            return 60.0 + 2 * (facts.cost - least)
    return 0.0


# the bound of _plays_bound for a player effect, by kind (times its amount, for each seat it reaches)
_PER_SEAT: Final = {"damage": 1.5, "draw": 5.0, "gain_influence": 1.5, "lose_influence": 1.0, "discard": 3.0}


class Greedy:
    """A sensible Wentworth player. It keeps a good opening hand; plays its most expensive guardians up to
    four, an environment when it has none, helpful bindings on its best guardians and curses on the
    opponent's; uses removal, burn, healing and card draw when they pay off; declares the attacks whose
    expected roll beats the best defender (all of them when nobody can defend, or when its attackers
    outnumber the defenders); assigns the defenders that lose least; and in roll windows plays the combat
    potion or ability that improves the combat most, if it is worth its cost."""

    name = "greedy"

    @staticmethod
    def _most(state: WentworthState) -> tuple[int, int]:
        """The highest cost and most bindings of a guardian in play (see :func:`_most_of`)."""
        return _most_of(state)

    # -- the fast path --

    def act(self, state: WentworthState) -> WentworthAction:
        """The action :meth:`choose` picks from ``state.legal_actions()``, found without listing every
        action (the batch runner's fast path; a test checks they agree)."""
        if state.pending:
            return self._best_choice(state, state.pending[0])
        phase = state.phase
        if phase == REBUFF or phase == REINFORCE:
            return self._act_main(state, {})
        if phase == DEFEND:
            return _blocks_action(state)
        if phase == ROLL:
            return self._act_roll(state, {})
        if phase == RESPOND:
            return self._act_window(state, {})
        return REDRAW if self._redraw_value(state, REDRAW) > 0 else KEEP

    def _act_main(self, state: WentworthState, cache: dict[Any, Any]) -> WentworthAction:
        p = state.active
        side = state.sides[p]
        hand = side.hand
        influence = side.influence
        rebuff = state.phase == REBUFF
        if state.dirty:
            state._rebuild()
        plain = not state.src_cost and not side.cost_temp
        guardians = side.guardians
        count = len(guardians)
        lo = 0
        if count < MAX_GUARDIANS:
            least = 0
        elif count == MAX_GUARDIANS:
            g0, g1, g2, g3 = guardians
            lo = min(g0.facts.cost, g1.facts.cost, g2.facts.cost, g3.facts.cost)
            least = lo + 3
        else:
            least = 1000
        # guardians first (they are worth 60 or more), then the other cards, skipping bindings and
        # environments that cannot reach the best value so far; ties go to the card first in hand, as in choose()
        # the card to play: (index in hand, its facts, target code, target)
        pick: tuple[int, Facts, int | None, Any] | None
        best_score, best_index, pick = 0.0, -1, None
        others = None
        # the costs: printed, or printed plus what cost_deltas() gives the card's type (None: ask cost())
        deltas = None if plain else state.cost_deltas(p)
        exact = plain or deltas is not None
        for index, facts in enumerate(hand):
            if plain:
                if facts.cost > influence:
                    continue
            elif deltas is not None:
                delta = deltas[facts.type]
                if delta:
                    c = facts.cost + delta
                    if (c if c > 1 else 1) > influence:
                        continue
                elif facts.cost > influence:
                    continue
            kind = facts.type
            if kind is GUARDIAN:
                c = facts.cost
                if c < least or (not exact and state.cost(p, facts) > influence):
                    continue
                eff = facts.choice
                if eff is None:
                    # _card_value(), its guardian base known
                    value = 100.0 + 2 * c if count < MAX_GUARDIANS else 60.0 + 2 * (c - lo)
                    for eff in facts.plays:
                        value += self._effect_value(state, p, eff, None, cache)
                    if value > best_score:
                        pick, best_score, best_index = (index, facts, None, None), value, index
                    continue
                targets: list[tuple[Any, Any]] | None
                targets = state.targets(p, eff)
                if not targets:
                    value = self._card_value(state, p, facts, None, cache)
                    if value > best_score:
                        pick, best_score, best_index = (index, facts, None, None), value, index
                    continue
                if facts.gchoice:
                    base = 100.0 + 2 * c if count < MAX_GUARDIANS else 60.0 + 2 * (c - lo)
                    for code, obj in targets:
                        value = base + (0.0 + _g_value(state, p, eff, obj, rebuff))
                        if value > best_score:
                            pick, best_score, best_index = (index, facts, code, obj), value, index
                    continue
                for code, obj in targets:
                    value = self._card_value(state, p, facts, obj, cache)
                    if value > best_score:
                        pick, best_score, best_index = (index, facts, code, obj), value, index
            elif rebuff or kind is POTION:
                # bindings and environments in the Rebuff step; potions in either main step
                if facts.main_skip or (not exact and state.cost(p, facts) > influence):
                    continue
                if others is None:
                    others = [index]
                else:
                    others.append(index)
        peak = None
        if others is not None:
            for index in others:
                facts = hand[index]
                kind = facts.type
                if kind is BINDING:
                    if best_score > 50.0 + facts.cost:
                        # no host can make it reach the best so far (a host adds at most half its cost;
                        # no card compiled in this process costs more than _TOP_COST[0])
                        if 50.0 + 0.5 * _TOP_COST[0] + facts.cost < best_score:
                            continue
                        if peak is None:
                            peak = _most_of(state)
                        if 50.0 + 0.5 * peak[0] + facts.cost < best_score:
                            continue
                    code, host, host_value = self._best_host(state, p, facts, cache)
                    if code is not None:
                        value = 50.0 + facts.cost + host_value
                        if value > best_score or (value == best_score and index < best_index):
                            pick, best_score, best_index = (index, facts, code, host), value, index
                    continue
                if kind is ENVIRONMENT:
                    if side.env is None:
                        value = 60.0 + facts.cost
                        if value > best_score or (value == best_score and index < best_index):
                            pick, best_score, best_index = (index, facts, None, None), value, index
                    continue
                eff = facts.choice
                if eff is None:
                    # _card_value() of a potion
                    value = 0.0
                    for eff in facts.plays:
                        value += self._effect_value(state, p, eff, None, cache)
                    value = 30.0 + value if _pays(value, facts) else 0.0
                    if value > best_score or (value == best_score and index < best_index):
                        pick, best_score, best_index = (index, facts, None, None), value, index
                    continue
                if facts.gchoice:
                    if not _pays(eff.gmax_rebuff if rebuff else eff.gmax_main, facts):
                        continue
                    if best_score > 60.0:
                        # a guardian (or better) is found: skip the potion if no target can reach it
                        if peak is None:
                            peak = _most_of(state)
                        if 30.0 + _g_bound(eff, True, peak) < best_score:
                            continue
                    for code, obj in state.targets(p, eff):
                        value = 0.0 + _g_value(state, p, eff, obj, rebuff)
                        if _pays(value, facts):
                            value = 30.0 + value
                            if value > best_score or (value == best_score and index < best_index):
                                pick, best_score, best_index = (index, facts, code, obj), value, index
                    continue
                if best_score > 60.0:
                    # a guardian (or better) is found: skip the potion if no target can reach it
                    if peak is None:
                        peak = _most_of(state)
                    if 30.0 + self._plays_bound(state, facts, peak) < best_score:
                        continue
                for code, obj in state.targets(p, eff):
                    value = self._card_value(state, p, facts, obj, cache)
                    if value > best_score or (value == best_score and index < best_index):
                        pick, best_score, best_index = (index, facts, code, obj), value, index
        best: WentworthAction | None = None
        if pick is not None:
            index, facts, code, obj = pick
            best = _new(Play, (index, facts.name, code, _describe(obj) if code is not None else ""))
        if state.src_act:
            for obj, user, slot, eff in state.src_act:
                if user != p or eff.window == W_ROLL or not state._ability_ok(p, obj, eff, slot):
                    continue
                if eff.gchoice:
                    # no target can make it worth using: skip it (the same answer as below)
                    if (eff.gmax_rebuff if rebuff else eff.gmax_main) - eff.pay < 3:
                        continue
                    if best_score > 60.0:
                        if peak is None:
                            peak = _most_of(state)
                        if 20.0 + _g_bound(eff, rebuff, peak) - eff.pay <= best_score:
                            continue
                targets = state._ability_targets(p, obj, eff, False)
                if targets is None:
                    value = self._ability_value(state, p, obj, eff, None, cache)
                    if value > best_score:
                        best_score = value
                        best = _new(Activate, (obj.uid, slot, obj.facts.name, None, ""))
                    continue
                if eff.gchoice:
                    # the same terms as _ability_value, the target-independent ones once
                    rests = eff.rest or eff.rest_attached
                    if rests:
                        g = obj if eff.rest else obj.host
                        if rebuff and state.may_attack(g):
                            continue
                        penalty = 3 + 2 * state.roll_power(g)
                    for code, target in targets:
                        value = 0.0 + _g_value(state, p, eff, target, rebuff)
                        if rests:
                            value -= penalty
                        value -= eff.pay
                        if value >= 3:
                            value = 20.0 + value
                            if value > best_score:
                                best_score = value
                                best = _new(Activate, (obj.uid, slot, obj.facts.name, code, _describe(target)))
                    continue
                for code, target in targets:
                    value = self._ability_value(state, p, obj, eff, target, cache)
                    if value > best_score:
                        best_score = value
                        best = _new(Activate, (obj.uid, slot, obj.facts.name, code, _describe(target)))
        if not rebuff:
            return best or END_TURN
        if best is not None:
            return best
        if influence >= _RICH and side.deck:
            for index, facts in enumerate(hand):
                if self._dead(state, p, facts):
                    return _new(Discard, (index, facts.name))
        dig = _dig_index(state, p)
        if dig >= 0:
            return _new(Discard, (dig, hand[dig].name))
        return _declare_action(state, p, guardians)



    def _best_host(self, state: WentworthState, p: int, facts: Facts,
                   cache: dict[Any, Any]) -> tuple[int | None, Guardian | int | None, float]:
        """The first host (in the engine's order, turn order from ``p``) worth most to this binding:
        (code, host, value). A helpful binding goes only on a guardian that meets its conditions (Crown of
        Cinders only on a Dragons guardian); a curse prefers a host it touches. A curse on a player goes to
        the most threatening opponent (most guardians' roll power, then least life; turn order last)."""
        helpful = facts.sign > 0
        key = ("host", facts)
        found = cache.get(key)
        if found is None:
            found = (None, None, 0.0)
            if facts.bind_player:
                if helpful:
                    found = (-1 - p, p, 0.0)
                else:
                    best = None
                    for side in state.seen_by(p):
                        if side.out or side.seat == p:
                            continue
                        value = _threat_of(state, side)
                        if best is None or value > best:
                            best, found = value, (-1 - side.seat, side.seat, 0.0)
            else:
                conds = _binding_conds(facts)
                best = None
                for side in ((state.sides[p],) if helpful else state.seen_by(p)):
                    if not helpful and side.seat == p:
                        continue
                    for g in side.guardians:
                        met = True
                        for cond in conds:
                            if not cond.card_ok(g.facts):
                                met = False
                                break
                        if not met:
                            if helpful:
                                continue
                            value = -0.3 * len(g.bindings)
                        else:
                            value = 0.5 * g.facts.cost - 0.3 * len(g.bindings)
                        if best is None or value > best:
                            best, found = value, (g.uid, g, value)
            cache[key] = found
        return found

    @staticmethod
    def _host_value(p: int, facts: Facts, host: Any) -> float | None:
        """What a host adds to a binding's value (None: the binding is wasted there)."""
        if type(host) is Guardian:
            if (facts.sign > 0) != (host.owner == p):
                return None
            if facts.sign > 0:
                for cond in _binding_conds(facts):
                    if not cond.card_ok(host.facts):
                        return None
            return 0.5 * host.facts.cost - 0.3 * len(host.bindings)
        return 0.0 if (facts.sign > 0) == (host == p) else None

    def _act_window(self, state: WentworthState, cache: dict[Any, Any]) -> WentworthAction:
        """In another player's step window: the potion that pays for itself most (as in a main step), or pass."""
        p = state.w_seats[0]
        side = state.sides[p]
        if state.dirty:
            state._rebuild()
        influence = side.influence
        pick: tuple[int, Facts, int | None, Any] | None = None
        best_score = 0.0
        plain = not state.src_cost and not side.cost_temp
        for index, facts in enumerate(side.hand):
            if facts.type is not POTION or facts.window == W_ROLL or facts.main_skip:
                continue
            if (facts.cost if plain else state.cost(p, facts)) > influence:
                continue
            eff = facts.choice
            if facts.gchoice and eff is not None and not _pays(eff.gmax_main, facts):
                # no target can make it pay for itself (the bound _act_main uses outside the Rebuff step)
                continue
            if eff is None:
                value = self._card_value(state, p, facts, None, cache)
                if value > best_score:
                    pick, best_score = (index, facts, None, None), value
            else:
                for code, obj in state.targets(p, eff):
                    value = self._card_value(state, p, facts, obj, cache)
                    if value > best_score:
                        pick, best_score = (index, facts, code, obj), value
        if pick is None:
            return PASS_ROLL
        index, facts, code, obj = pick
        return _new(Play, (index, facts.name, code, _describe(obj) if code is not None else ""))

    def _act_roll(self, state: WentworthState, cache: dict[Any, Any]) -> WentworthAction:
        p = state.c_prio
        side = state.sides[p]
        if state.dirty:
            state._rebuild()
        influence = side.influence
        plain = not state.src_cost and not side.cost_temp
        pick: tuple[int, Facts, int | None, Any] | None = None
        best_score = 0.0
        att, d = state.c_att, state.c_def
        assert att is not None  # in a roll window
        combatants = None
        for index, facts in enumerate(side.hand):
            if not (facts.is_roll or facts.trick) or (facts.cost if plain else state.cost(p, facts)) > influence:
                continue
            eff = facts.choice
            if not facts.is_roll and eff is not None and facts.gchoice:
                # a combat trick aimed at one guardian: only a guardian in the combat can change it (those of
                # its targets, in the order of targets(): from p's seat round the table)
                if combatants is None:
                    combatants = [att] if d is None else (
                        [att, d] if (att.owner - p) % state.n <= (d.owner - p) % state.n else [d, att])
                for g in combatants:
                    if not g.alive:
                        continue
                    name = eff.target
                    if name == "target_friendly_guardian":
                        if g.owner != p:
                            continue
                    elif name == "target_enemy_guardian":
                        if g.owner == p:
                            continue
                    elif name != "target_guardian":
                        continue
                    if eff.cond is not None and not eff.cond.ok(state, g):
                        continue
                    value = self._roll_value(state, p, facts.plays, g, None, facts, cache)
                    if value > best_score:
                        pick, best_score = (index, facts, g.uid, g), value
                continue
            if eff is None:
                value = self._roll_value(state, p, facts.plays, None, None, facts, cache)
                if value > best_score:
                    pick, best_score = (index, facts, None, None), value
            else:
                for code, obj in state.targets(p, eff):
                    value = self._roll_value(state, p, facts.plays, obj, None, facts, cache)
                    if value > best_score:
                        pick, best_score = (index, facts, code, obj), value
        best: WentworthAction = PASS_ROLL
        if pick is not None:
            index, facts, code, obj = pick
            best = _new(Play, (index, facts.name, code, _describe(obj) if code is not None else ""))
        if state.src_ract:
            for obj, eff, slot, code, target in _abilities_of(state, p, True):
                value = self._roll_value(state, p, (eff,), target, obj, None, cache)
                if value > best_score:
                    best_score = value
                    label = _describe(target) if code is not None else ""
                    best = _new(Activate, (obj.uid, slot, obj.facts.name, code, label))
        return best

    # -- the reference: scoring every legal action --

    def choose(self, state: WentworthState, actions: Sequence[WentworthAction]) -> WentworthAction:
        if len(actions) == 1:
            return actions[0]
        cache: dict[Any, Any] = {}
        best = actions[-1]
        best_score = self.score(state, best, cache)
        for action in actions[:-1]:
            value = self.score(state, action, cache)
            if value > best_score:
                best, best_score = action, value
        return best

    def score(self, state: WentworthState, action: WentworthAction, cache: dict[Any, Any] | None = None) -> float:
        """How much ``action`` helps the player choosing now (0: no better than passing)."""
        cache = {} if cache is None else cache
        if state.pending:
            assert type(action) is Choose  # a pending choice is answered with one of its options
            return self._choice_value(state, state.pending[0], action.option)
        p = state.current_player()
        if type(action) is Play:
            facts = state.sides[p].hand[action.index]
            if facts.type is BINDING:
                return self._binding_value(state, p, facts, action.target, cache)
            target = state.target_object(action.target)
            if state.phase == ROLL:
                return self._roll_value(state, p, facts.plays, target, None, facts, cache)
            if state.phase != REBUFF and facts.type is not GUARDIAN and facts.type is not POTION:
                return 0.0
            if facts.type is ENVIRONMENT:
                return self._env_value(state.sides[p], facts)
            return self._card_value(state, p, facts, target, cache)
        if type(action) is Activate:
            obj = state._object(action.uid)
            eff = obj.facts.activated[action.slot]
            target = state.target_object(action.target)
            if state.phase == ROLL:
                return self._roll_value(state, p, (eff,), target, obj, None, cache)
            return self._ability_value(state, p, obj, eff, target, cache)
        if type(action) is Declare:
            return self._declare_value(state, action.attacks, cache)
        if type(action) is Block:
            return self._block_value(action.blocks, self._block_matrix(state, cache))
        if type(action) is Redraw:
            return self._redraw_value(state, action)
        if type(action) is Discard:
            side = state.sides[p]
            if state.phase != REBUFF:
                return 0.0
            if side.influence >= _RICH and self._dead(state, p, side.hand[action.index]):
                return 1.0
            return 0.9 if action.index == _dig_index(state, p) else 0.0
        return 0.0

    # -- values --

    @staticmethod
    def _redraw_value(state: WentworthState, action: Redraw) -> float:
        if not action.redraw:
            return 0.0
        return 1.0 if _cheap_guardians(state.sides[state.redraw_seat].hand) < 2 else -1.0

    def _binding_value(self, state: WentworthState, p: int, facts: Facts, target: Any, cache: dict[Any, Any]) -> float:
        """Helpful bindings on one's own guardians (the most expensive first), curses on the opponents';
        only the best host counts (others score 0), and only in the Rebuff step."""
        if state.phase != REBUFF:
            return 0.0
        code, _, value = self._best_host(state, p, facts, cache)
        if code is None or code != target:
            return 0.0
        return 50.0 + facts.cost + value

    @staticmethod
    def _env_value(side: Side, facts: Facts) -> float:
        return 0.0 if side.env is not None else 60.0 + facts.cost


    def _dead(self, state: WentworthState, p: int, facts: Facts) -> bool:
        """A card the greedy player will not play soon (discarded to draw when influence piles up)."""
        if facts.type is GUARDIAN:
            return _guardian_base_of(state, p, facts) == 0.0
        return facts.type is ENVIRONMENT and state.sides[p].env is not None

    def _card_value(self, state: WentworthState, p: int, facts: Facts, target: Any, cache: dict[Any, Any]) -> float:
        """A guardian or a potion played now, with its chosen target."""
        choice = facts.choice
        wanted = choice.target if choice is not None else None
        if facts.type is GUARDIAN:
            value = _guardian_base_of(state, p, facts)
            if not value:
                return 0.0
            for eff in facts.plays:
                value += self._effect_value(state, p, eff, target if eff.target == wanted else None, cache)
            return value
        value = 0.0
        for eff in facts.plays:
            value += self._effect_value(state, p, eff, target if eff.target == wanted else None, cache)
        return 30.0 + value if _pays(value, facts) else 0.0

    def _ability_value(self, state: WentworthState, p: int, obj: Any, eff: Eff, target: Any,
                       cache: dict[Any, Any]) -> float:
        value = self._effect_value(state, p, eff, target, cache, source=obj)
        if eff.rest or eff.rest_attached:
            g = obj if eff.rest else obj.host
            if state.phase == REBUFF and state.may_attack(g):
                return 0.0
            value -= 3 + 2 * state.roll_power(g)
        value -= eff.pay
        return 20.0 + value if value >= 3 else 0.0


    def _effect_value(self, state: WentworthState, p: int, eff: Eff, target: Any, cache: dict[Any, Any],
                      source: Any = None) -> float:
        """What an effect is worth to ``p`` outside combat (roughly in life points)."""
        if eff.static is not None:
            return eff.static
        code = eff.code
        amount = eff.amount
        name = eff.target
        if name in _PLAYER_TARGETS:
            seats: Sequence[int]
            if name == "controller":
                seats = (p,)
            elif name in ("opponent", "target_player"):
                seats = (target,) if target is not None else state._opponents(p)[:1]
            elif name == "each_opponent":
                seats = state._opponents(p)
            else:
                return 0.0
            value = 0.0
            for seat in seats:
                sign = 1.0 if seat == p else -1.0
                other = state.sides[seat]
                if code == K_DAMAGE:
                    value -= sign * 1.5 * amount
                elif code == K_HEAL:
                    value += sign * (0.4 * amount if other.life < START_LIFE else 0.1)
                elif code == K_DRAW:
                    value += sign * 5 * amount
                elif code == K_GAIN_INFLUENCE:
                    value += sign * 1.5 * amount
                elif code == K_LOSE_INFLUENCE:
                    value -= sign * min(amount, other.influence)
                elif code == K_DISCARD:
                    value -= sign * 3 * min(amount, len(other.hand))
                elif code == K_SEARCH_DECK:
                    value += sign * 5
                elif code == K_RECOVER:
                    for f in state.sides[p].discard:
                        if (not eff.card_type or f.type == eff.card_type) and (eff.cond is None or eff.cond.card_ok(f)):
                            value += 6
                            break
                elif code == K_MODIFY_COST:
                    value += 1
            return value
        if code == K_DESTROY:
            if type(target) is Binding:
                mine = (target.host.owner if target.host is not None else target.player) == p
                return (8.0 + target.facts.cost) * (1 if (target.facts.sign < 0) == mine else -1)
            if type(target) is Env:
                return 8.0 + target.facts.cost if target.owner != p else -10.0
            return 0.0
        if eff.choice:
            if type(target) is not Guardian:
                return 0.0
            return 0.0 + _g_value(state, p, eff, target, state.phase == REBUFF)
        pool = _pool_of(state, p, eff, target, source)
        if not pool:
            return 0.0
        value = 0.0
        rebuff = state.phase == REBUFF
        for g in pool:
            mine = g.owner == p
            if code == K_DAMAGE:
                left = state.life_left(g)
                worth = 6.0 + 2 * g.facts.cost if amount >= left else 0.7 * amount
                value += -worth if mine else worth
            elif code == K_HEAL:
                healed = min(amount, g.damage)
                value += healed if mine else -healed
            elif code == K_RETURN_TO_HAND:
                value += -g.facts.cost if mine else 4.0 + g.facts.cost + 2 * len(g.bindings)
            elif code == K_REST:
                if not mine and rebuff and not g.resting and state._any_attack(p):
                    value += 4.0 + 0.5 * g.facts.cost
            elif code == K_READY:
                if mine and g.resting and not rebuff:
                    value += 4.0 + 0.5 * g.facts.cost
            elif code == K_ENTRY_ATTACK:
                if mine and rebuff and g.entered == state.turn and not state.may_attack(g):
                    value += 6.0 + 3 * state.roll_power(g)
            elif code == K_EXTRA_COMBAT:
                if mine and rebuff and state.may_attack(g):
                    value += 4.0 + 3 * state.roll_power(g)
            elif code == K_MODIFY_ROLL:
                if mine:
                    if rebuff and eff.applies & ATTACK and amount > 0 and state.may_attack(g):
                        value += amount
                elif rebuff and eff.applies & DEFENSE and amount < 0 and state.may_defend(g):
                    value -= 0.8 * amount
        return value


    @classmethod
    def _plays_bound(cls, state: WentworthState, facts: Facts, most: tuple[int, int]) -> float:
        """An upper bound (with a margin for rounding) of the sum of :meth:`_effect_value` over what a
        potion does when played in the Rebuff step, whatever its target."""
        total = 1e-6
        guardians = -1
        for eff in facts.plays:
            if eff.static is not None:
                total += abs(eff.static)
                continue
            kind = eff.kind
            name = eff.target
            amount = abs(eff.amount)
            if name in _PLAYER_TARGETS:
                if name == "each_opponent":
                    seats = state.n - 1
                elif name in ("controller", "opponent", "target_player"):
                    seats = 1
                else:
                    continue
                if kind == "heal":
                    per = 0.4 * amount + 0.1
                elif kind == "search_deck":
                    per = 5.0
                elif kind == "recover":
                    per = 6.0
                elif kind == "modify_cost":
                    per = 1.0
                else:
                    per = _PER_SEAT.get(kind, 0.0) * amount
                total += seats * per
                continue
            if kind == "destroy":
                return float("inf")
            per = _g_bound(eff, True, most)
            if kind == "heal":
                per = float(amount)
            per = per if per > 0 else 0.0
            if eff.choice:
                total += per
            elif per:
                if guardians < 0:
                    guardians = sum(len(side.guardians) for side in state.sides)
                total += guardians * per
        return total


    def _attack_value(self, state: WentworthState, g: Guardian, seat: int, cache: dict[Any, Any]) -> float:
        """An attack's worth: a sure hit when nobody can defend; else the expected margin over the best
        defender, or some pressure when the attackers outnumber the defenders."""
        memo = (g.uid, seat, "attack")
        found: float | None = cache.get(memo)
        if found is not None:
            return found
        found = cache[memo] = self._attack_worth(state, g, seat, cache)
        return found

    def _attack_worth(self, state: WentworthState, g: Guardian, seat: int, cache: dict[Any, Any]) -> float:
        ea = state.estimate(g, ATTACK)
        if ea <= 0:
            return 0.0
        key = -1 - seat
        defense = cache.get(key)
        if defense is None:
            estimate = state.estimate
            eds = [estimate(d, DEFENSE) for d in state.sides[seat].guardians if state.may_defend(d)]
            attackers = sum(1 for mine in state.sides[g.owner].guardians if state.may_attack(mine))
            defense = cache[key] = (max(eds) if eds else None, len(eds), attackers)
        best, defenders, attackers = defense
        tie = _tie_of(state.sides[seat])
        if best is None:
            return 100.0 + ea + tie
        margin = ea - best
        if margin > (0.5 if state.turn <= _PATIENCE else -2.5):
            return 40.0 + margin + tie
        if attackers > defenders:
            return 10.0 + 0.2 * ea + tie
        return 0.0

    def _declare_value(self, state: WentworthState, attacks: tuple[tuple[int, int], ...],
                       cache: dict[Any, Any]) -> float:
        """A declaration's worth: the sum of its attacks' values, squeezed below 0.5 so that every card
        worth playing is played first (declaring ends the Rebuff step)."""
        total = 0.0
        for uid, seat in attacks:
            g = state._guardian(uid)
            assert g is not None  # a guardian of the attacking player
            total += self._attack_value(state, g, seat, cache)
        return 0.5 * total / (1.0 + total) if total > 0 else total

    def _block_matrix(self, state: WentworthState, cache: dict[Any, Any]) -> tuple[tuple[float, dict[int, float]], ...]:
        """Per attack against the defending player: the value of no defender, and of each defender."""
        matrix = cache.get("blocks")
        if matrix is None:
            defenders = [(d.uid, state.estimate(d, DEFENSE), state.life_left(d), 1.5 * d.facts.cost + 2.0)
                         for d in state._defenders(state.c_dp)]
            life = state.sides[state.c_dp].life
            rows = []
            decl = state.decl
            for index in state.block_idx:
                ea = state.estimate(decl[index][0], ATTACK)
                values = {}
                for uid, ed, left, worth in defenders:
                    diff = ea - ed
                    values[uid] = (-diff if diff <= 0 else -0.6 * diff if diff < left
                                   else -(diff - left) - worth)
                # undefended-damage=none: an attack let through costs nothing
                rows.append((-ea - (50.0 if ea >= life else 0.0) if state.undefended_damage else 0.0, values))
            matrix = cache["blocks"] = tuple(rows)
        return matrix

    def _best_blocks(self, state: WentworthState, cache: dict[Any, Any]) -> tuple[int | None, ...]:
        """The assignment :meth:`choose` picks among ``state.block_options()`` (the first best in their
        order, the empty one on ties), by a depth-first search in that order that skips hopeless branches."""
        matrix = self._block_matrix(state, cache)
        count = len(matrix)
        if count == 1:
            unblocked, values = matrix[0]
            best, best_score = None, unblocked
            for uid, value in values.items():
                if value > best_score:
                    best, best_score = uid, value
            return (best,)
        uids = list(matrix[0][1])
        bounds = [0.0] * (count + 1)
        for index in range(count - 1, -1, -1):
            unblocked, values = matrix[index]
            bounds[index] = bounds[index + 1] + max(unblocked, *values.values()) if values else \
                bounds[index + 1] + unblocked
        no_blocks = (None,) * count
        found: list[Any] = [no_blocks, self._block_value(no_blocks, matrix)]

        def search(position: int, chosen: tuple[int | None, ...], total: float) -> None:
            if position == count:
                if total > found[1]:
                    found[0], found[1] = chosen, total
                return
            if total + bounds[position] < found[1] - 1e-9:
                return
            unblocked, values = matrix[position]
            for uid in uids:
                if uid not in chosen:
                    search(position + 1, chosen + (uid,), total + values[uid])
            search(position + 1, chosen + (None,), total + unblocked)

        search(0, (), 0.0)
        blocks: tuple[int | None, ...] = found[0]
        return blocks

    @staticmethod
    def _block_value(blocks: tuple[int | None, ...], matrix: tuple[tuple[float, dict[int, float]], ...]) -> float:
        total = 0.0
        for uid, (unblocked, values) in zip(blocks, matrix, strict=False):
            total += unblocked if uid is None else values[uid]
        return total

    def _combat_now(self, state: WentworthState, cache: dict[Any, Any]) -> tuple[Any, ...]:
        now = cache.get("now")
        if now is None:
            att, d = state.c_att, state.c_def
            assert att is not None  # in a roll window
            amods = state.roll_mods(att, ATTACK)
            dmods = state.roll_mods(d, DEFENSE) if d is not None else []
            a_sum, d_sum = _pips(state.c_adice), _pips(state.c_ddice)
            a = sequence(a_sum, amods, att.owner, state.n) if amods else a_sum
            v = (sequence(d_sum, dmods, d.owner, state.n) if dmods else d_sum) if d is not None else 0
            now = cache["now"] = (amods, dmods, a_sum, d_sum, a, v)
        return now

    def _outcome(self, state: WentworthState, p: int, a: float, v: float,
                 adjust: tuple[int, int, bool, int, int]) -> float:
        """The combat's result for ``p`` (damage dealt minus taken, defeats weighted by cost)."""
        prev_att, prev_def, shielded, life_att, life_def = adjust
        att, d = state.c_att, state.c_def
        assert att is not None  # in a roll window
        a = a if a > 0 else 0.0
        v = v if v > 0 else 0.0
        value = 0.0
        if a > v:
            amount = a - v
            if d is None:
                # undefended-damage=none: the player takes nothing
                if state.undefended_damage and not (shielded and p == state.c_dp):
                    value = float(amount)
            else:
                amount -= prev_def + d.shields + d.prevent
                if amount > 0 and not (state.c_protect and d.uid in state.c_protect):
                    left = state.life_left(d) + life_def
                    value = 0.5 * amount if amount < left else 0.5 * left + 1.5 * d.facts.cost + (
                        0 if shielded and p == state.c_dp else amount - left)
        elif v > a:
            amount = v - a - prev_att - att.shields - att.prevent
            if amount > 0 and not (state.c_protect and att.uid in state.c_protect):
                left = state.life_left(att) + life_att
                value = -(0.5 * amount if amount < left else 0.5 * left + 1.5 * att.facts.cost + (
                    0 if shielded and p == state.c_ap else amount - left))
        if p == state.c_ap:
            return value
        if p == state.c_dp:
            return -value
        # another player of a free-for-all: every point of damage hurts an opponent
        return value if value > 0 else -value

    def _roll_value(self, state: WentworthState, p: int, effs: tuple[Eff, ...], target: Any, source: Any,
                    facts: Facts | None, cache: dict[Any, Any]) -> float:
        """How much a combat potion or ability improves this combat for ``p`` (0: not worth it)."""
        amods, dmods, a_sum, d_sum, a, v = self._combat_now(state, cache)
        att, d = state.c_att, state.c_def
        assert att is not None  # in a roll window
        new_a = new_d = None
        prev_att = prev_def = 0
        # combat tricks: life healed (+) or damage dealt (-) before the comparison; a guardian of the combat
        # that leaves play ends it, worth what removing it is worth
        life_att = life_def = 0
        removed = False
        bonus = 0.0
        shielded = cancelled = False
        touched = rerolled_a = rerolled_d = False
        for eff in effs:
            code = eff.code
            if eff.target in _PLAYER_TARGETS:
                if code == K_PREVENT_DAMAGE and eff.target == "controller" and eff.amount >= ALL_DAMAGE:
                    shielded = touched = True
                continue
            for g in _pool_of(state, p, eff, target, source):
                if g is not att and g is not d:
                    continue
                is_att = g is att
                touched = True
                if code == K_MODIFY_ROLL:
                    if eff.applies & (ATTACK if is_att else DEFENSE):
                        if is_att:
                            new_a = [*(new_a or amods), (eff.op, eff.amount, p)]
                        else:
                            new_d = [*(new_d or dmods), (eff.op, eff.amount, p)]
                elif code == K_REROLL:
                    dice = state.c_adice if is_att else state.c_ddice
                    favour = p == g.owner
                    old = _pips(dice)
                    if eff.dice == "one":
                        new = old - (min(dice) if favour else max(dice)) + 3.5
                    else:
                        mean = 3.5 * len(dice)
                        keep = eff.keep
                        new = (mean if keep == "new" else max(old, mean) if keep == "higher" else min(old, mean)
                               if keep == "lower" else (max(old, mean) if favour else min(old, mean)))
                    if is_att:
                        a_sum, rerolled_a = new, True
                    else:
                        d_sum, rerolled_d = new, True
                elif code == K_PREVENT_DAMAGE:
                    if is_att:
                        prev_att += eff.amount
                    else:
                        prev_def += eff.amount
                elif code == K_RESTRICT and is_att:
                    cancelled = True
                elif code == K_HEAL:
                    healed = eff.amount if eff.amount < g.damage else g.damage
                    if is_att:
                        life_att += healed
                    else:
                        life_def += healed
                elif code == K_DAMAGE:
                    amount = eff.amount - g.prevent - g.shields
                    if amount > 0 and not (state.c_protect and g.uid in state.c_protect):
                        left = state.life_left(g) + (life_att if is_att else life_def)
                        if amount >= left:
                            removed = True
                            worth = 0.5 * left + 1.5 * g.facts.cost
                            bonus += -worth if g.owner == p else worth
                        elif is_att:
                            life_att -= amount
                        else:
                            life_def -= amount
                elif code == K_RETURN_TO_HAND:
                    removed = True
                    bonus += -0.5 * g.facts.cost if g.owner == p else 1.0 + 0.5 * g.facts.cost
        if not touched:
            return 0.0
        n = state.n
        # a total whose dice and effects are unchanged is the one _combat_now() found
        if new_a is None and not rerolled_a:
            a2 = a
        else:
            amods = new_a if new_a is not None else amods
            a2 = sequence_f(a_sum, amods, att.owner, n) if amods else a_sum
        if new_d is None and not rerolled_d:
            v2 = v
        else:
            dmods = new_d if new_d is not None else dmods
            v2 = (sequence_f(d_sum, dmods, d.owner, n) if dmods else d_sum) if d is not None else 0
        if removed:
            after = bonus
        elif cancelled:
            after = 0.0
        else:
            after = self._outcome(state, p, a2, v2, (prev_att, prev_def, shielded, life_att, life_def))
        key = ("outcome", p)
        before = cache.get(key)
        if before is None:
            before = cache[key] = self._outcome(state, p, a, v, (0, 0, False, 0, 0))
        gain = after - before
        penalty = 1.0 + 0.3 * (facts.cost if facts is not None else 0)
        if source is not None:
            eff = effs[0]
            if eff.rest or eff.rest_attached:
                penalty += 2.0
            penalty += eff.pay
        if facts is not None and facts.delayed:
            penalty += 3.0
        return gain - penalty if gain > penalty else 0.0

    def _choice_value(self, state: WentworthState, pending: tuple[int, str, list[Choose], str, Any],
                      option: Any) -> float:
        player, kind, _, handler, data = pending
        if option is None or option is False:
            return 0.0
        if kind == "target":
            eff, ctx = data
            return self._effect_value(state, player, eff, state.target_object(option), {}, source=ctx.source) + 0.5
        if kind == "pay":
            return 3.0
        if kind == "sacrifice":
            g = state._guardian(option)
            assert g is not None  # one of the options: a guardian of the active player
            return -(2.0 * g.facts.cost + state.life_left(g))
        facts: Facts
        if handler == "_answer_search":
            seat, count, _ = data
            facts = state.sides[seat].deck[-count:][::-1][option]
        else:
            facts = state.sides[player].discard[option]
        return 1.0 + facts.cost + (5.0 if facts.type is GUARDIAN else 0.0)

    def _best_choice(self, state: WentworthState, pending: tuple[int, str, list[Choose], str, Any]) -> WentworthAction:
        options = pending[2]
        best = options[-1]
        if len(options) == 1:
            return best
        best_score = self._choice_value(state, pending, best.option)
        for action in options[:-1]:
            value = self._choice_value(state, pending, action.option)
            if value > best_score:
                best, best_score = action, value
        return best


# WentworthState follows core's GameState protocol without subclassing it, and Greedy is a Policy of WentworthState
# only: core declares GameState and Policy by class, so the type checker cannot see that these fit.
ENGINE = register(Engine(
    game="wentworth",
    new_match=new_match,  # type: ignore[arg-type]  # returns a WentworthState (see above)
    new_goldfish=new_goldfish,  # type: ignore[arg-type]  # returns a WentworthState (see above)
    kill_turn=kill_turn,
    policies={"random": RandomPolicy, "greedy": Greedy},  # type: ignore[dict-item]  # see above
    effects=EFFECTS,
    players=(2, 4),
    default_max_turns=200,
    notes={"goldfish": "the opponent has 50 life, no guardians and does nothing; the kill turn is the turn "
                       "on which its life reaches 0"},
    readings=READINGS,
))

