"""Wentworth's table: the rule constants, what is in play (guardians, bindings, environments, each player's
side), where an effect comes from (:class:`Ctx`), the actions, the steps of a turn, and the lazy deck shuffle."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ..core import Choose, Pass, Play

if TYPE_CHECKING:
    from .facts import Eff, Facts

START_LIFE: Final = 50
HAND_SIZE: Final = 7
RECHARGE: Final = 7
MAX_GUARDIANS: Final = 4

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
_P_TARGETS = ("controller", "opponent", "each_opponent", "target_player", "all_players", "that_player",
              "that_player_opponents", "opposing_player", "bound_player")
PLAYER_TARGETS: Final = frozenset(_P_TARGETS)


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


# Every action of this game, for the annotations (core's Action is a Protocol every one of them follows).
WentworthAction = Play | Pass | Choose | Redraw | Activate | Rebind | Discard | Declare | Block

NO_ATTACK: Final = Declare((), "")
# makes an action tuple without the named tuple's Python-level __new__ (the greedy fast path)
new_action = tuple.__new__
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


def _label(g: Guardian) -> str:
    return f"{g.facts.name} (P{g.owner + 1})"


def describe(obj: Any) -> str:
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


# --- the lazy deck shuffle ------------------------------------------------------------------------


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
