"""Warhammer 40K Warfare: the full rules of ``warhammer40k-warfare.txt`` on the engine core.

Each player has 1000 Attrition Points (AP), an army deck and a Special
Reinforcements deck; draws 5 cards; has 5 Command Points (CP) and gains 1 in
each own Command phase; in the Action phase deploys at most one unit (paying
its CP) and plays any orders, events and equipment it can pay for; in the War
phase attacks with its units one at a time. Readings of unclear rules are in
``docs/rules/wh40k.md``.
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Any, NamedTuple, Sequence

from decklab.catalog.cards import MAIN, Card, Deck

from .core import Action, Choose, Engine, GameState, Pass, Play, RandomPolicy, Reading, deck_cards, new_rng, register, shuffle
from .effects import EffectRegistry

START_AP = 1000
START_CP = 5
HAND = 5
MAX_UNITS = 5
REINFORCEMENTS = "reinforcements"

# The readings of unclear rules a player may switch (``--rule wh40k.<name>=<value>``; the default first). See
# ``docs/rules/wh40k.md``: the reading of each, and what switching it measurably does.
READINGS = (
    Reading("first-draw", ("second-turn", "second-battle-turn"),
            "when a player first draws in its Command phase: second-turn, from the game's second turn (the second "
            "player draws on its first turn); second-battle-turn, from each player's own second turn (neither draws "
            "on its first turn)"),
    Reading("first-attack", ("first-turn", "second-turn"),
            "when units may first attack: first-turn, from the game's first turn (the first player's first); "
            "second-turn, from the game's second turn (nobody attacks on the first; a goldfish attacks from its own "
            "second turn)"),
)

EFFECTS = EffectRegistry("wh40k")
_UNIT_CONDITIONS = ("faction", "keyword", "max_power", "type")
EFFECTS.kind("destroy", triggers={"on_play", "on_deploy", "on_destroyed"},
             targets={"enemy_unit", "all_units", "all_active_cards", "enemy_equipment"},
             conditions={*_UNIT_CONDITIONS, "deployed_from"})
EFFECTS.kind("modify", triggers={"on_play", "passive", "activated", "on_attack"},
             targets={"this", "attached", "own_unit", "enemy_unit", "all_own_units", "other_own_units"},
             keys={"stat", "amount", "duration", "per", "cost", "frequency", "phase"},
             conditions={*_UNIT_CONDITIONS, "equipped"})
EFFECTS.kind("attrition", triggers={"on_play", "on_deploy", "on_destroyed"}, targets={"opponent"},
             keys={"amount", "per"})
EFFECTS.kind("recover", triggers={"on_play", "on_deploy", "on_ally_destroyed"}, targets={"controller"},
             keys={"amount"}, conditions={"faction", "keyword"})
EFFECTS.kind("deploy", triggers={"on_play", "on_deploy", "on_destroyed", "activated"}, targets={"this", "own_unit"},
             keys={"from", "amount", "up_to", "cost", "optional", "frequency", "phase"},
             conditions={*_UNIT_CONDITIONS, "in_battle"})
EFFECTS.kind("return_to_hand", triggers={"on_play", "on_deploy", "on_destroyed"}, targets={"this", "own_unit", "attached"},
             keys={"from"}, conditions=_UNIT_CONDITIONS)
EFFECTS.kind("draw", triggers={"on_play", "on_deploy", "on_kill"}, targets={"controller"}, keys={"amount"})
EFFECTS.kind("search_deck", triggers={"on_play"}, targets={"controller"}, keys={"amount"}, conditions={"type"})
EFFECTS.kind("gain_cp", triggers={"on_play", "on_deploy", "on_kill"}, targets={"controller"}, keys={"amount"})
EFFECTS.kind("attach", triggers={"on_play"}, targets={"own_unit"}, conditions=_UNIT_CONDITIONS)
EFFECTS.kind("prevent", triggers={"passive"}, targets={"attached"}, keys={"prevents", "uses", "duration"},
             conditions={"phase", "source"})
EFFECTS.kind("cannot_attack", triggers={"on_play"}, targets={"enemy_unit"}, keys={"duration"}, conditions=_UNIT_CONDITIONS)
EFFECTS.kind("taunt", triggers={"passive"}, targets={"this"}, keys={"duration"})
EFFECTS.kind("direct_attack", triggers={"passive"}, targets={"this"})

# Which effect needs the player to pick one target, and from where.
_PICK = {"own_unit", "enemy_unit", "enemy_equipment"}


class Facts:
    """A card's facts compiled once per game: stats, keywords and effects by trigger."""

    __slots__ = ("card", "name", "order", "type", "power", "cp", "faction", "keywords", "limit", "triggers", "auras",
                 "self_mods", "attached_mods", "prevents", "direct_attack", "taunt", "activated", "attach", "targeted",
                 "plays", "fixed_value", "bound", "counts_allies", "bonus", "attack_bonus", "on_play", "on_deploy", "on_destroyed",
                 "on_ally_destroyed", "on_attack", "on_kill")

    def __init__(self, card: Card, vanilla: bool) -> None:
        self.card = card
        self.name = card.name
        self.order = f"{card.name}\x00{card.set_code}"  # the fixed order hidden cards are pooled in
        self.type = card.type
        self.power = int(card.get("power", 0) or 0)
        self.cp = int(card.get("cp_cost", 0) or 0)
        self.faction = str(card.get("faction", "")).casefold()
        self.keywords = frozenset(k.casefold() for k in card.get("keywords", ()))
        self.triggers: dict[str, list[dict]] = {}
        self.auras: list[dict] = []
        self.self_mods: list[dict] = []
        self.attached_mods: list[dict] = []
        self.prevents: list[dict] = []
        self.direct_attack = self.taunt = False
        self.activated: dict | None = None
        self.attach: dict | None = None
        self.targeted: dict | None = None
        self.plays: tuple[dict, ...] = ()
        self.fixed_value: float | None = 0.0
        self.bound = 0.0
        self.counts_allies = False
        self.bonus = 0  # the power an equipment lends the unit it is attached to
        self.attack_bonus = 0  # the power the unit gains whenever it attacks ("when this Unit attacks")
        if vanilla and not EFFECTS.is_modeled(card):
            self._index_triggers()
            return
        for entry in card.effects:
            kind, trigger, target = entry["effect"], entry.get("trigger"), entry.get("target")
            if trigger == "passive":
                if kind == "modify":
                    {"other_own_units": self.auras, "this": self.self_mods, "attached": self.attached_mods}[target].append(entry)
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
            if entry.get("target") in _PICK and entry.get("from") is None:
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
        self.on_play, self.on_deploy, self.on_destroyed = get("on_play", ()), get("on_deploy", ()), get("on_destroyed", ())
        self.on_ally_destroyed, self.on_attack, self.on_kill = get("on_ally_destroyed", ()), get("on_attack", ()), get("on_kill", ())


def _fixed_worth(entry: dict) -> float | None:
    """What one effect of a played card is worth to the greedy policy when that does not depend on the game
    (attrition, card draw, CP, returning to hand), else None."""
    kind = entry["effect"]
    if kind == "attrition":
        return entry["amount"]
    if kind in ("draw", "search_deck"):
        return 60 * entry.get("amount", 1)
    if kind == "gain_cp":
        return 40
    return None


def _worth(plays: tuple[dict, ...]) -> tuple[float | None, float]:
    """What playing a card is worth to the greedy policy (:meth:`Greedy._card_value`): that worth when no
    effect's worth depends on the game (else None), and the most it can ever be worth."""
    fixed: float | None = 0.0
    bound = 0.0
    for entry in plays:
        worth = _fixed_worth(entry)
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


# A condition compiled, by identity: (the condition, faction, keyword, max power, type, {card facts: whether
# they meet it at their printed power}); cards and conditions are immutable, so the answers last the process.
_CONDITIONS: dict[int, tuple[dict, str | None, str | None, int | None, str | None, dict[Facts, bool]]] = {}


def _compile(condition: dict) -> tuple:
    """The condition compiled (case-folded), cached by identity."""
    compiled = _CONDITIONS.get(id(condition))
    if compiled is None or compiled[0] is not condition:
        faction, keyword = condition.get("faction"), condition.get("keyword")
        compiled = _CONDITIONS[id(condition)] = (
            condition, faction.casefold() if faction else None, keyword.casefold() if keyword else None,
            condition.get("max_power"), condition.get("type"), {})
    return compiled


def _matches(facts: Facts, condition: dict | None, power: int | None = None) -> bool:
    """Whether a card (or a unit of ``power``) meets an effect's condition."""
    if not condition:
        return True
    compiled = _CONDITIONS.get(id(condition))
    if compiled is None or compiled[0] is not condition:
        compiled = _compile(condition)
    if power is None:
        answers = compiled[5]
        answer = answers.get(facts)
        if answer is None:
            answer = answers[facts] = _check(facts, compiled, facts.power)
        return answer
    return _check(facts, compiled, power)


def _check(facts: Facts, compiled: tuple, power: int) -> bool:
    _, faction, keyword, limit, kind, _ = compiled
    if faction and facts.faction != faction:
        return False
    if keyword and keyword not in facts.keywords:
        return False
    if limit is not None and power > limit:
        return False
    return not kind or facts.type == kind


def _pile(side: Side, source: str) -> list[Facts]:
    """The zone a deploy effect takes from: ``reinforcements``, ``discard_pile`` or ``hand``."""
    if source == "reinforcements":
        return side.reserves
    if source == "discard_pile":
        return side.discard
    if source == "hand":
        return side.hand
    raise KeyError(source)


class Unit:
    """A unit on the battlefield: its card, owner, equipment and temporary changes."""

    __slots__ = ("facts", "uid", "owner", "temp", "equipment", "origin", "no_attack_until", "attacked", "shields",
                 "stamp", "cached")

    def __init__(self, facts: Facts, uid: int, owner: int, origin: str) -> None:
        self.facts = facts
        self.uid = uid
        self.owner = owner
        self.temp: list[tuple[int, int]] = []
        self.equipment: list[Facts] = []
        self.origin = origin
        self.no_attack_until = 0
        self.attacked = False
        self.shields = 0
        self.stamp = -1
        self.cached = 0

    def copy(self) -> "Unit":
        twin = Unit(self.facts, self.uid, self.owner, self.origin)
        twin.temp = list(self.temp)
        twin.equipment = list(self.equipment)
        twin.no_attack_until = self.no_attack_until
        twin.attacked = self.attacked
        twin.shields = self.shields
        twin.stamp, twin.cached = self.stamp, self.cached
        return twin


class Side:
    """One player's zones and counters."""

    __slots__ = ("deck", "hand", "discard", "reserves", "units", "ap", "cp", "deployed", "used", "dummy", "size",
                 "version")

    def __init__(self, deck: list[Facts], reserves: list[Facts], *, dummy: bool = False) -> None:
        self.deck = deck
        self.hand: list[Facts] = []
        self.discard: list[Facts] = []
        self.reserves = reserves
        self.units: list[Unit] = []
        self.ap = START_AP
        self.cp = START_CP
        self.deployed = False
        self.used: set[int] = set()
        self.dummy = dummy
        self.size = len(deck) + len(reserves)
        self.version = 0

    def copy(self) -> "Side":
        twin = Side.__new__(Side)
        twin.deck, twin.hand, twin.discard, twin.reserves = list(self.deck), list(self.hand), list(self.discard), list(self.reserves)
        twin.units = [unit.copy() for unit in self.units]
        twin.ap, twin.cp, twin.deployed, twin.used = self.ap, self.cp, self.deployed, set(self.used)
        twin.dummy, twin.size, twin.version = self.dummy, self.size, self.version
        return twin

    def card_count(self) -> int:
        """Cards this player owns in every zone (conserved through the game)."""
        return (len(self.deck) + len(self.hand) + len(self.discard) + len(self.reserves) + len(self.units)
                + sum(len(unit.equipment) for unit in self.units))


# --- actions ------------------------------------------------------------------------------------


class Deploy(NamedTuple):
    """Deploy a unit from hand (the turn's one normal deploy), paying its CP."""

    index: int
    name: str

    def __str__(self) -> str:
        return f"deploy {self.name}"


class Activate(NamedTuple):
    """Use a unit's once-per-turn ability, paying its CP."""

    uid: int
    name: str
    target: Any = None
    target_name: str = ""

    def __str__(self) -> str:
        return f"activate {self.name}" + (f" on {self.target_name}" if self.target_name else "")


class Attack(NamedTuple):
    """Attack with a unit: a unit target (``uid``) or the opponent's AP (``None``)."""

    uid: int
    name: str
    target: int | None
    target_name: str

    def __str__(self) -> str:
        return f"attack {self.target_name} with {self.name}"


for _kind in (Deploy, Activate, Attack):
    Action.register(_kind)

END_ACTIONS = Pass("end the Action phase")
END_TURN = Pass("end the turn")


# --- the state ----------------------------------------------------------------------------------


class Wh40kState(GameState):
    """A game of 40K Warfare between two players (or one against a goldfish dummy)."""

    __slots__ = ("sides", "active", "phase", "pending", "queue", "next_uid", "result", "over", "goldfish",
                 "own_turns", "draw_from", "attack_from")
    # draw_from: the first turn whose Command phase draws (2, or 3 for first-draw=second-battle-turn in a match);
    # attack_from: the first turn on which units may attack (1, or 2 for first-attack=second-turn). Set at setup from
    # the readings (``rules``), carried by clone() and determinize().

    def current_player(self) -> int:
        return self.pending[0][0] if self.pending else self.active

    def is_terminal(self) -> bool:
        return self.over

    def winner(self) -> int | None:
        return self.result

    def is_unresolved(self) -> bool:
        """Whether the game was stopped by the turn cap, which the rulebook does not have."""
        return self.over and self.turn > self.max_turns

    def opponent(self, player: int) -> int:
        return 1 - player

    # -- power --

    def power(self, unit: Unit) -> int:
        """A unit's current Power Level: printed, equipment, its own passives, allies' auras, temporary changes,
        never below 0 (a -40 on a unit of 20 leaves it at 0: destroyed in battle, it costs no AP).

        It is kept (``unit.cached``) while ``unit.stamp`` is its side's ``version``: a change to the unit's
        own temporary changes or equipment clears its stamp; a change that may move its allies' powers too
        (auras, a unit joining or leaving a side where a unit counts its allies) bumps the side's version."""
        version = self.sides[unit.owner].version
        if unit.stamp == version:
            return unit.cached
        unit.cached = total = self._power(unit)
        unit.stamp = version
        return total

    def _roster_changed(self, side: Side, unit: Unit) -> None:
        """``unit`` joined or left ``side``: its allies' powers move only through auras or allies counted."""
        if unit.facts.auras or unit.equipment:
            side.version += 1
            return
        for other in side.units:
            if other.facts.counts_allies:
                side.version += 1
                return

    def _power(self, unit: Unit) -> int:
        facts = unit.facts
        total = facts.power
        if unit.temp:
            for amount, _ in unit.temp:
                total += amount
        if unit.equipment:
            for equipment in unit.equipment:
                total += equipment.bonus
        for entry in facts.self_mods:
            condition = entry.get("condition")
            if condition and condition.get("equipped") and not unit.equipment:
                continue
            per = entry.get("per")
            if per:
                (scope, wanted), = per.items()
                count = sum(1 for other in self.sides[unit.owner].units
                            if other is not unit and _matches(other.facts, wanted))
                total += entry["amount"] * count
            else:
                total += entry["amount"]
        for other in self.sides[unit.owner].units:
            if other is unit:
                continue
            if other.facts.auras:
                for entry in other.facts.auras:
                    if _matches(facts, entry.get("condition")):
                        total += entry["amount"]
            if other.equipment:
                for equipment in other.equipment:
                    for entry in equipment.auras:
                        if _matches(facts, entry.get("condition")):
                            total += entry["amount"]
        return total if total > 0 else 0  # a Power Level never goes below 0

    # -- turn structure --

    def start_turn(self) -> None:
        """Command phase: draw (not on the game's first turn) and gain 1 CP; then the Action phase."""
        side = self.sides[self.active]
        side.deployed = False
        side.used.clear()
        for unit in side.units:
            unit.attacked = False
        if self.turn >= self.draw_from:
            if not side.deck:
                self._lose(self.active, "cannot draw: the army deck is empty")
                return
            side.hand.append(side.deck.pop())
        side.cp += 1
        self.phase = "action"
        if self.log is not None:
            self.say(f"P{self.active + 1} begins: {side.ap} AP, {side.cp} CP, {len(side.hand)} cards in hand")

    def end_turn(self) -> None:
        """Expire this turn's temporary changes and pass the turn.

        In a goldfish the dummy then takes its empty turn at once (no draw, no moves), and what lasts "until
        the end of your opponent's next turn" ends with it; ``turn`` keeps counting the goldfishing player's
        own turns."""
        turn = self.turn
        self._expire(turn)
        if self.goldfish:
            if self.log is not None:
                self.say("P2 (the goldfish) takes an empty turn")
            self._expire(turn + 1)
        self.turn += 1
        if self.turn > self.max_turns:
            self.over = True
            self.result = None
            if self.log is not None:
                self.say("the turn limit is reached: the game is unresolved")
            return
        if not self.goldfish:
            self.active = 1 - self.active
        else:
            self.own_turns += 1
        self.start_turn()

    def _expire(self, turn: int) -> None:
        """End the temporary changes that last until the end of ``turn``."""
        for side in self.sides:
            for unit in side.units:
                if unit.temp:
                    unit.temp = [(amount, until) for amount, until in unit.temp if until > turn]
                    unit.stamp = -1

    def _lose(self, player: int, why: str) -> None:
        if self.over:
            return
        self.over = True
        self.result = 1 - player
        self.pending.clear()
        self.queue.clear()
        if self.log is not None:
            self.say(f"P{player + 1} loses: {why}")

    def _check_end(self) -> None:
        a, b = self.sides[0].ap, self.sides[1].ap
        if a <= 0 or b <= 0:
            if self.over:
                return
            self.over = True
            self.result = None if a <= 0 and b <= 0 else (1 if a <= 0 else 0)
            self.pending.clear()
            self.queue.clear()
            if self.log is not None:
                self.say("both armies are spent: a draw" if self.result is None else
                         f"P{2 - self.result} has no Attrition Points left: P{self.result + 1} wins")

    # -- legal actions --

    def legal_actions(self) -> Sequence[Action]:
        if self.over:
            return ()
        if self.pending:
            return self.pending[0][1]
        side = self.sides[self.active]
        if self.phase == "action":
            return self._action_phase_moves(side)
        return self._war_moves(side)

    def _action_phase_moves(self, side: Side) -> list[Action]:
        moves: list[Action] = []
        cp = side.cp
        me = self.active
        can_deploy = not side.deployed and len(side.units) < MAX_UNITS
        for index, facts in enumerate(side.hand):
            if facts.cp > cp:
                continue
            if facts.type == "unit":
                if can_deploy:
                    moves.append(Deploy(index, facts.name))
                continue
            entry = facts.targeted
            if entry is None:
                if facts.type != "equipment":
                    moves.append(Play(index, facts.name))
                continue
            for target, label in self._targets(me, entry, facts):
                moves.append(Play(index, facts.name, target, label))
        moves.extend(self._activations(side))
        moves.append(END_ACTIONS)
        return moves

    def _activations(self, side: Side):
        """The once-per-turn abilities the active player can pay for now, with their targets."""
        me, cp = self.active, side.cp
        for unit in side.units:
            entry = unit.facts.activated
            if entry is None or unit.uid in side.used or entry["cost"].get("cp", 0) > cp:
                continue
            if entry["effect"] == "deploy":
                if len(side.units) < MAX_UNITS and self._can_deploy_from(me, entry):
                    yield Activate(unit.uid, unit.facts.name)
            else:
                for target, label in self._targets(me, entry, unit.facts):
                    yield Activate(unit.uid, unit.facts.name, target, label)

    def _war_moves(self, side: Side) -> list[Action]:
        moves: list[Action] = []
        enemy = self.sides[1 - self.active].units
        taunting = [unit for unit in enemy if unit.facts.taunt]
        for unit in side.units:
            if unit.attacked or unit.no_attack_until >= self.turn:
                continue
            name = unit.facts.name
            for target in taunting or enemy:
                moves.append(Attack(unit.uid, name, target.uid, target.facts.name))
            if not enemy or (unit.facts.direct_attack and not taunting):
                moves.append(Attack(unit.uid, name, None, "the enemy's Attrition Points"))
        moves.append(END_TURN)
        return moves

    def _targets(self, player: int, entry: dict, source: Facts) -> list[tuple[Any, str]]:
        """The choices for an effect that picks one target: (unit id or (uid, index), label)."""
        target = entry.get("target")
        if target in ("own_unit", "enemy_unit"):
            return [(u.uid, u.facts.name) for u in self._target_units(player, entry)]
        if target == "enemy_equipment":
            return [((u.uid, i), f"{e.name} on {u.facts.name}") for u in self.sides[1 - player].units
                    for i, e in enumerate(u.equipment)]
        return []

    def _target_units(self, player: int, entry: dict) -> list[Unit]:
        """The units an effect that picks an own or an enemy unit may pick."""
        condition = entry.get("condition")
        units = self.sides[player if entry.get("target") == "own_unit" else 1 - player].units
        if not condition:
            return list(units)
        if "max_power" in condition:
            power = self.power
            return [u for u in units if _matches(u.facts, condition, power(u))]
        return [u for u in units if _matches(u.facts, condition)]

    # -- applying --

    def apply(self, action: Action) -> None:
        if action is END_TURN and not self.pending:
            self.end_turn()
            return
        if action is END_ACTIONS and not self.pending:
            self.phase = "war"
            return
        if self.pending:
            player, _, entry, context = self.pending.pop(0)
            self._resolve(player, entry, context, action.option)
        elif type(action) is Attack:
            self._attack(action)
        elif type(action) is Deploy:
            side = self.sides[self.active]
            facts = side.hand.pop(action.index)
            side.cp -= facts.cp
            side.deployed = True
            if self.log is not None:
                self.say(f"P{self.active + 1} deploys {facts.name} ({facts.power}) for {facts.cp} CP")
            self._enter(self.active, facts, "hand")
        elif type(action) is Play:
            self._play(action)
        elif type(action) is Activate:
            side = self.sides[self.active]
            unit = self._unit(action.uid)
            entry = unit.facts.activated
            side.cp -= entry["cost"].get("cp", 0)
            side.used.add(unit.uid)
            if self.log is not None:
                self.say(f"P{self.active + 1} activates {unit.facts.name}")
            self.queue.append((self.active, entry, {"source": unit.facts, "unit": unit, "origin": "ability"}, action.target))
        else:
            raise ValueError(f"{action} is not an action of this game")
        if self.sides[0].ap <= 0 or self.sides[1].ap <= 0:
            self._check_end()  # a loss is immediate: no effect still waiting resolves
        elif self.queue:
            self._run_queue()

    def _unit(self, uid: int, seat: int = 0) -> Unit | None:
        """The unit on the battlefield with id ``uid`` (looked for first among ``seat``'s units)."""
        for unit in self.sides[seat].units:
            if unit.uid == uid:
                return unit
        for unit in self.sides[1 - seat].units:
            if unit.uid == uid:
                return unit
        return None

    def _play(self, action: Play) -> None:
        me = self.active
        side = self.sides[me]
        facts = side.hand.pop(action.index)
        side.cp -= facts.cp
        if self.log is not None:
            self.say(f"P{me + 1} plays {facts.name} for {facts.cp} CP" + (f" on {action.label}" if action.label else ""))
        context = {"source": facts, "origin": facts.type}
        if facts.type == "equipment":
            bearer = self._unit(action.target)
            bearer.equipment.append(facts)
            if facts.auras:
                self.sides[bearer.owner].version += 1
            else:
                bearer.stamp = -1
            bearer.shields += sum(entry.get("uses", 0) for entry in facts.prevents)
            for entry in facts.on_play:
                self.queue.append((me, entry, context, None))
            return
        side.discard.append(facts)
        for entry in facts.on_play:
            self.queue.append((me, entry, context, action.target if entry is facts.targeted else None))

    def _enter(self, player: int, facts: Facts, origin: str) -> Unit | None:
        """Put a unit onto the battlefield (never a sixth); queue its on-deploy effects."""
        side = self.sides[player]
        if len(side.units) >= MAX_UNITS:
            side.discard.append(facts)
            return None
        unit = Unit(facts, self.next_uid, player, origin)
        self.next_uid += 1
        if self.turn < self.attack_from:  # first-attack=second-turn: it may not attack before turn attack_from
            unit.no_attack_until = self.attack_from - 1
        side.units.append(unit)
        self._roster_changed(side, unit)
        for entry in facts.on_deploy:
            if entry.get("condition", {}).get("deployed_from", origin) == origin:
                self.queue.append((player, entry, {"source": facts, "unit": unit, "origin": "unit"}, None))
        return unit

    def _run_queue(self) -> None:
        """Resolve queued effects in order until done, until one needs a player's choice, or until a player
        reaches 0 AP (the game then ends at once)."""
        sides = self.sides
        while self.queue and not self.pending and not self.over:
            player, entry, context, chosen = self.queue.pop(0)
            self._resolve(player, entry, context, chosen)
            if sides[0].ap <= 0 or sides[1].ap <= 0:
                self._check_end()  # the loss is immediate: the effects still queued never resolve
                return

    def _resolve(self, player: int, entry: dict, context: dict, chosen: Any) -> None:
        """Apply one effect entry; if it needs a choice among several options, ask for it."""
        kind = entry["effect"]
        if chosen is None:
            options = self._options(player, entry, context)
            if options is not None:
                if not options:
                    return
                if len(options) > 1:
                    self.pending.append((player, [Choose(o, label) for o, label in options], entry, context))
                    return
                chosen = options[0][0]
        if chosen is False:
            return
        _HANDLERS[kind](self, player, entry, context, chosen)

    def _options(self, player: int, entry: dict, context: dict) -> list | None:
        """The choices an effect needs (None: it needs none)."""
        kind, target = entry["effect"], entry.get("target")
        if kind == "deploy":
            if entry.get("optional"):
                cost = entry.get("cost", {}).get("cp", 0)
                if self.sides[player].cp < cost or len(self.sides[player].units) >= MAX_UNITS:
                    return []
                return [(True, f"pay {cost} CP to deploy {context['source'].name} again"), (False, "decline")]
            if target == "this":
                return None
            if len(self.sides[player].units) >= MAX_UNITS:
                return []
            options = [(("card", i, f.power), f.name) for i, f in self._deploy_options(player, entry)]
            if options and entry.get("up_to"):
                options.append((False, "deploy no more"))
            return options
        if kind == "return_to_hand" and entry.get("from") == "discard_pile" and target == "own_unit":
            return [(("card", i, f.power), f.name) for i, f in enumerate(self.sides[player].discard)
                    if f.type == "unit" and _matches(f, entry.get("condition"))]
        if kind == "search_deck":
            wanted = (entry.get("condition") or {}).get("type")
            names = sorted({f.name for f in self.sides[player].deck if not wanted or f.type == wanted})
            return [(("name", name), name) for name in names]
        if target in _PICK:
            return self._targets(player, entry, context["source"])
        return None

    def _can_deploy_from(self, player: int, entry: dict) -> bool:
        """Whether an effect that deploys has any unit to deploy."""
        pile = _pile(self.sides[player], entry.get("from", "hand"))
        condition = entry.get("condition")
        for facts in pile:
            if facts.type == "unit" and _matches(facts, condition):
                return True
        return False

    def _deploy_options(self, player: int, entry: dict) -> list[tuple[int, Facts]]:
        """The units a deploy effect may take (the first copy of each name), with their places in the pile."""
        pile = _pile(self.sides[player], entry.get("from", "hand"))
        condition = entry.get("condition")
        seen = set()
        options = []
        for index, facts in enumerate(pile):
            if facts.type == "unit" and facts.name not in seen and _matches(facts, condition):
                seen.add(facts.name)
                options.append((index, facts))
        return options

    # -- destruction and battle --

    def destroy(self, unit: Unit, *, battle: bool, source: str = "") -> bool:
        """Destroy ``unit`` unless prevented; in battle its controller loses its power in AP."""
        for equipment in unit.equipment:
            for entry in equipment.prevents:
                condition = entry.get("condition") or {}
                if "source" in condition and source not in condition["source"]:
                    continue
                if condition.get("phase") == "war" and self.phase != "war":
                    continue
                if entry.get("uses"):
                    if unit.shields <= 0:
                        continue
                    unit.shields -= 1
                if self.log is not None:
                    self.say(f"{equipment.name} saves {unit.facts.name}")
                return False
        power = self.power(unit)
        side = self.sides[unit.owner]
        side.units.remove(unit)
        self._roster_changed(side, unit)
        side.discard.extend(unit.equipment)
        side.discard.append(unit.facts)
        if battle:
            side.ap -= power
        if self.log is not None:
            self.say(f"{unit.facts.name} of P{unit.owner + 1} is destroyed" + (f": P{unit.owner + 1} loses {power} AP" if battle else ""))
        if unit.facts.on_destroyed:
            context = {"source": unit.facts, "unit": unit, "origin": "unit", "battle": battle}
            for entry in unit.facts.on_destroyed:
                if entry.get("condition", {}).get("in_battle") and not battle:
                    continue
                self.queue.append((unit.owner, entry, context, None))
        for equipment in unit.equipment:
            for entry in equipment.on_destroyed:
                self.queue.append((unit.owner, entry, {"source": equipment, "unit": unit, "origin": "equipment"}, None))
        for ally in side.units:
            for entry in ally.facts.on_ally_destroyed:
                if _matches(unit.facts, entry.get("condition")):
                    self.queue.append((unit.owner, entry, {"source": ally.facts, "unit": ally, "origin": "unit"}, None))
        return True

    def _attack(self, action: Attack) -> None:
        me = self.active
        attacker = self._unit(action.uid, me)
        attacker.attacked = True
        for entry in attacker.facts.on_attack:
            _modify(self, me, entry, {"source": attacker.facts, "unit": attacker}, attacker.uid)
        strength = self.power(attacker)
        if action.target is None:
            enemy = self.sides[1 - me]
            enemy.ap -= strength
            if self.log is not None:
                self.say(f"{attacker.facts.name} ({strength}) strikes P{2 - me}'s Attrition Points: {enemy.ap} AP left")
            return
        defender = self._unit(action.target, 1 - me)
        resistance = self.power(defender)
        if self.log is not None:
            self.say(f"{attacker.facts.name} ({strength}) attacks {defender.facts.name} ({resistance})")
        if strength >= resistance and self.destroy(defender, battle=True):
            self._on_kill(attacker)
        if resistance >= strength and self.destroy(attacker, battle=True):
            self._on_kill(defender)

    def _on_kill(self, unit: Unit) -> None:
        for entry in unit.facts.on_kill:
            self.queue.append((unit.owner, entry, {"source": unit.facts, "unit": unit, "origin": "unit"}, None))

    # -- invariants (for tests) --

    def card_counts(self) -> tuple[int, int]:
        return tuple(side.card_count() for side in self.sides)  # type: ignore[return-value]

    def clone(self) -> "Wh40kState":
        twin = self._copy()
        twin.rng = new_rng(0)
        twin.rng.setstate(self.rng.getstate())
        twin.log = list(self.log) if self.log is not None else None
        return twin

    def _copy(self) -> "Wh40kState":
        """A field-by-field copy of the game, without its generator and its play-by-play."""
        twin = Wh40kState.__new__(Wh40kState)
        twin.turn, twin.max_turns = self.turn, self.max_turns
        twin.sides = [side.copy() for side in self.sides]
        twin.active, twin.phase = self.active, self.phase
        twin.next_uid, twin.result, twin.over = self.next_uid, self.result, self.over
        twin.goldfish, twin.own_turns = self.goldfish, self.own_turns
        twin.draw_from, twin.attack_from = self.draw_from, self.attack_from
        if self.pending or self.queue:
            units = {unit.uid: unit for side in twin.sides for unit in side.units}
            twin.pending = [(p, list(opts), e, _recontext(c, units)) for p, opts, e, c in self.pending]
            twin.queue = [(p, e, _recontext(c, units), t) for p, e, c, t in self.queue]
        else:
            twin.pending, twin.queue = [], []
        return twin

    # -- what a player sees (for search policies) --

    def determinize(self, player: int, rng: random.Random) -> "Wh40kState":
        """A copy of the game that ``player`` cannot tell from this one, its hidden cards redrawn with ``rng``.

        Hidden from ``player``: the other player's hand and army deck (their cards are pooled in a fixed order,
        by name, shuffled and dealt back: the hand at its size, the rest as the deck), the order of its own army
        deck (shuffled from the same fixed order), and the game's generator (a new one from ``rng``). The
        Special Reinforcements decks are kept: never shuffled, left only by public deploys, they are known from
        the open decklists. A pending choice of the other player among cards of its hand or deck (Spore Bloom,
        Rites of Armament) is listed again from the redrawn cards; the deal is redrawn until it gives that
        player a choice, as it had one (see ``docs/rules/wh40k.md``, "What search sees"). The play-by-play is
        not copied; this game is left as it was (its generator untouched)."""
        twin = self._copy()
        twin.log = None
        hidden = self.pending[0] if self.pending and self.pending[0][0] != player and _hides(self.pending[0][2]) else None
        for seat, side in enumerate(twin.sides):
            if seat == player:
                if len(side.deck) > 1:
                    deck = sorted(side.deck, key=_order)
                    shuffle(deck, rng)
                    side.deck = deck
            elif hidden is not None and hidden[0] == seat:
                _redeal_for(twin, side, seat, hidden, rng)
            elif side.hand or len(side.deck) > 1:
                pool = side.deck + side.hand
                pool.sort(key=_order)
                shuffle(pool, rng)
                cut = len(side.deck)
                side.deck, side.hand = pool[:cut], pool[cut:]
        twin.rng = random.Random(rng.getrandbits(64))
        return twin

    def observation(self, player: int) -> tuple:
        """What ``player`` sees: every public zone and counter, its own hand in order, the other hand's and the
        decks' sizes, the effects waiting, and the pending choice (its options only when they are not the other
        player's hidden cards)."""
        sides = []
        for seat, side in enumerate(self.sides):
            units = tuple((unit.uid, unit.facts.name, unit.origin, tuple(unit.temp),
                           tuple(equipment.name for equipment in unit.equipment), unit.no_attack_until,
                           unit.attacked, unit.shields) for unit in side.units)
            sides.append((side.ap, side.cp, side.deployed, tuple(sorted(side.used)), len(side.deck), len(side.hand),
                           tuple(facts.name for facts in side.hand) if seat == player else (),
                           tuple(facts.name for facts in side.discard), tuple(facts.name for facts in side.reserves),
                           units, side.dummy, side.size))
        pending = tuple((owner, _entry_key(entry), _context_key(context),
                         tuple(options) if owner == player or not _hides(entry) else None)
                        for owner, options, entry, context in self.pending)
        queue = tuple((owner, _entry_key(entry), _context_key(context), chosen)
                      for owner, entry, context, chosen in self.queue)
        return (self.turn, self.max_turns, self.active, self.phase, self.current_player(), self.over, self.result,
                self.is_unresolved(), self.goldfish, self.own_turns, self.next_uid, tuple(sides), pending, queue,
                self.draw_from, self.attack_from)


_order = attrgetter("order")  # a card's place in the fixed order hidden cards are pooled in before a shuffle


def _hides(entry: dict) -> bool:
    """Whether an effect's choice is among cards of its controller's hand or army deck (hidden from the
    other player): a deploy from the hand (Spore Bloom) or a deck search (Rites of Armament)."""
    kind = entry["effect"]
    if kind == "search_deck":
        return True
    return (kind == "deploy" and not entry.get("optional") and entry.get("target") != "this"
            and entry.get("from", "hand") == "hand")


REDEALS = 64
"""How many times :meth:`Wh40kState.determinize` redeals a hand and deck to give their player the choice it
has, before it deals the cards that choice needs first (see :func:`_redeal_for`)."""


def _redeal_for(twin: Wh40kState, side: Side, seat: int, pending: tuple, rng) -> None:
    """Redeal ``seat``'s hand and deck (pooled in the fixed order, shuffled) so that the pending choice, among
    cards of that hand or deck, is again a choice (two options or more), and list its options again.

    The deal is redrawn up to :data:`REDEALS` times (so the cards are dealt as the choice being there makes
    likely); if none gives a choice, cards of two names the choice may take (the first two met in the last
    shuffle) are put in the zone it looks at, and the rest dealt as shuffled."""
    _, _, entry, context = pending
    pool = side.deck + side.hand
    pool.sort(key=_order)
    cut = len(side.deck)
    options = None
    for _ in range(REDEALS):
        shuffle(pool, rng)
        side.deck, side.hand = pool[:cut], pool[cut:]
        options = twin._options(seat, entry, context)
        if options is not None and len(options) > 1:
            break
    else:
        searching = entry["effect"] == "search_deck"
        wanted = (entry.get("condition") or {}).get("type") if searching else None
        condition = None if searching else entry.get("condition")
        chosen: list[Facts] = []
        names: set[str] = set()
        for facts in pool:
            if facts.name in names or len(chosen) == 2:
                continue
            if (not wanted or facts.type == wanted) if searching else (facts.type == "unit" and _matches(facts, condition)):
                chosen.append(facts)
                names.add(facts.name)
        rest = list(pool)
        for facts in chosen:
            rest.remove(facts)
        if searching:
            side.deck, side.hand = chosen + rest[:cut - len(chosen)], rest[cut - len(chosen):]
        else:
            side.deck, side.hand = rest[:cut], chosen + rest[cut:]
        options = twin._options(seat, entry, context)
    twin.pending[0] = (seat, [Choose(option, label) for option, label in options or ()], entry, context)


def _entry_key(entry: dict) -> str:
    return repr(entry)


def _context_key(context: dict) -> tuple:
    """An effect's context as a value: its source card by name, its unit by id."""
    return tuple((key, value.name if key == "source" else value.uid if key == "unit" else value)
                 for key, value in sorted(context.items()))


def _recontext(context: dict, units: dict[int, Unit]) -> dict:
    unit = context.get("unit")
    if unit is None or unit.uid not in units:
        return context
    return {**context, "unit": units[unit.uid]}


# --- effect handlers ----------------------------------------------------------------------------


def _destroy(state: Wh40kState, player: int, entry: dict, context: dict, chosen: Any) -> None:
    target, condition, origin = entry.get("target"), entry.get("condition"), context.get("origin", "")
    if target == "enemy_unit":
        unit = state._unit(chosen)
        if unit is not None:
            state.destroy(unit, battle=False, source=origin)
    elif target == "all_units":
        # The effect's controller's units first, then the opponent's (their triggers queue in that order): the
        # order follows who plays the card, never the seat number.
        for seat in (player, 1 - player):
            for unit in list(state.sides[seat].units):
                if _matches(unit.facts, condition, state.power(unit)):
                    state.destroy(unit, battle=False, source=origin)
    elif target == "all_active_cards":
        for side in state.sides:
            for unit in side.units:
                side.discard.extend(unit.equipment)
                unit.equipment = []
                unit.shields = 0
            side.version += 1
    elif target == "enemy_equipment":
        uid, index = chosen
        unit = state._unit(uid)
        if unit is not None and index < len(unit.equipment):
            state.sides[unit.owner].discard.append(unit.equipment.pop(index))
            state.sides[unit.owner].version += 1


def _modify(state: Wh40kState, player: int, entry: dict, context: dict, chosen: Any) -> None:
    duration = entry.get("duration", "this_turn")
    until = state.turn + (1 if duration == "until_end_of_next_opponent_turn" else 0)
    amount = entry["amount"]
    target = entry.get("target")
    if target == "all_own_units":
        side = state.sides[player]
        for unit in side.units:
            if _matches(unit.facts, entry.get("condition")):
                unit.temp.append((amount, until))
                unit.stamp = -1
        return
    unit = context.get("unit") if target == "this" else state._unit(chosen)
    if unit is not None:
        unit.temp.append((amount, until))
        unit.stamp = -1
        if state.log is not None:
            state.say(f"{unit.facts.name} gets {amount:+d} Power Level")


def _attrition(state: Wh40kState, player: int, entry: dict, context: dict, chosen: Any) -> None:
    amount = entry["amount"]
    per = entry.get("per")
    if per:
        (_, wanted), = per.items()
        amount *= sum(1 for unit in state.sides[player].units if _matches(unit.facts, wanted))
    state.sides[1 - player].ap -= amount
    if state.log is not None:
        state.say(f"{context['source'].name}: P{2 - player} loses {amount} AP")


def _recover(state: Wh40kState, player: int, entry: dict, context: dict, chosen: Any) -> None:
    state.sides[player].ap += entry["amount"]
    if state.log is not None:
        state.say(f"{context['source'].name}: P{player + 1} recovers {entry['amount']} AP")


def _deploy(state: Wh40kState, player: int, entry: dict, context: dict, chosen: Any) -> None:
    side = state.sides[player]
    source = entry.get("from", "hand")
    if entry.get("target") == "this":
        facts = context["source"]
        side.cp -= entry.get("cost", {}).get("cp", 0)
        if facts in side.discard:
            side.discard.remove(facts)
            state._enter(player, facts, source)
        return
    facts = _pile(side, source).pop(chosen[1])
    if state.log is not None:
        state.say(f"P{player + 1} deploys {facts.name} from the {source.replace('_', ' ')}")
    state._enter(player, facts, source)
    remaining = entry.get("amount", 1) - 1
    if remaining > 0 and len(side.units) < MAX_UNITS:
        state.queue.insert(0, (player, {**entry, "amount": remaining}, context, None))


def _return_to_hand(state: Wh40kState, player: int, entry: dict, context: dict, chosen: Any) -> None:
    side = state.sides[player]
    target = entry.get("target")
    if entry.get("from") == "discard_pile":
        if target in ("this", "attached"):
            facts = context["unit"].facts if target == "attached" else context["source"]
            if facts in side.discard:
                side.discard.remove(facts)
                side.hand.append(facts)
        else:
            side.hand.append(side.discard.pop(chosen[1]))
        return
    unit = context.get("unit") if target == "this" else state._unit(chosen)
    if unit is not None and unit in side.units:
        side.units.remove(unit)
        state._roster_changed(side, unit)
        side.discard.extend(unit.equipment)
        side.hand.append(unit.facts)
        if state.log is not None:
            state.say(f"{unit.facts.name} returns to P{player + 1}'s hand")


def _draw(state: Wh40kState, player: int, entry: dict, context: dict, chosen: Any) -> None:
    side = state.sides[player]
    for _ in range(entry.get("amount", 1)):
        if side.deck:
            side.hand.append(side.deck.pop())


def _search(state: Wh40kState, player: int, entry: dict, context: dict, chosen: Any) -> None:
    side = state.sides[player]
    for index, facts in enumerate(side.deck):
        if facts.name == chosen[1]:
            side.hand.append(side.deck.pop(index))
            break
    shuffle(side.deck, state.rng)


def _gain_cp(state: Wh40kState, player: int, entry: dict, context: dict, chosen: Any) -> None:
    state.sides[player].cp += entry.get("amount", 1)


def _cannot_attack(state: Wh40kState, player: int, entry: dict, context: dict, chosen: Any) -> None:
    unit = state._unit(chosen)
    if unit is not None:
        unit.no_attack_until = state.turn + 1


_HANDLERS = {"destroy": _destroy, "modify": _modify, "attrition": _attrition, "recover": _recover,
             "deploy": _deploy, "return_to_hand": _return_to_hand, "draw": _draw, "search_deck": _search,
             "gain_cp": _gain_cp, "cannot_attack": _cannot_attack}


# --- setting up ---------------------------------------------------------------------------------


_FACTS: dict[tuple[Card, bool], Facts] = {}


def facts_of(card: Card, vanilla: bool = False) -> Facts:
    """A card's compiled facts, built once per process (cards are immutable)."""
    compiled = _FACTS.get((card, vanilla))
    if compiled is None:
        compiled = _FACTS[(card, vanilla)] = Facts(card, vanilla)
    return compiled


_DECKS: dict[tuple[int, bool], tuple[Deck, list[Facts], list[Facts]]] = {}


def _compiled(deck: Deck, vanilla: bool) -> tuple[list[Facts], list[Facts]]:
    """The deck's army and reinforcements as facts, compiled once per deck object."""
    entry = _DECKS.get((id(deck), vanilla))
    if entry is None or entry[0] is not deck:
        entry = _DECKS[(id(deck), vanilla)] = (
            deck, [facts_of(card, vanilla) for card in deck_cards(deck, MAIN)],
            [facts_of(card, vanilla) for card in deck_cards(deck, REINFORCEMENTS)])
    return entry[1], entry[2]


def _side(deck: Deck, rng, vanilla: bool) -> Side:
    army, reserves = _compiled(deck, vanilla)
    army = list(army)
    shuffle(army, rng)
    reserves = list(reserves)
    side = Side(army, reserves)
    for _ in range(HAND):
        if side.deck:
            side.hand.append(side.deck.pop())
    return side


def _readings(rules: dict[str, str] | None, goldfish: bool) -> tuple[int, int]:
    """The first turn that draws and the first turn units may attack on, under the readings ``rules`` (short
    names; those missing at their defaults).

    A goldfish counts its player's own turns, and that player goes first: under either first-draw reading it draws
    from its own second turn.

    :raises ValueError: for a reading the game does not have or a value it does not take.
    """
    chosen = ENGINE.short_rules(rules)
    draw_from = 3 if chosen["first-draw"] == "second-battle-turn" and not goldfish else 2
    attack_from = 2 if chosen["first-attack"] == "second-turn" else 1
    return draw_from, attack_from


def _state(sides: list[Side], rng, *, first: int, max_turns: int, log: bool, goldfish: bool,
           rules: dict[str, str] | None = None) -> Wh40kState:
    state = Wh40kState.__new__(Wh40kState)
    state.draw_from, state.attack_from = _readings(rules, goldfish)
    state.rng = rng
    state.log = [] if log else None
    state.turn = 1
    state.max_turns = max_turns
    state.sides = sides
    state.active = first
    state.phase = "action"
    state.pending = []
    state.queue = []
    state.next_uid = 1
    state.result = None
    state.over = False
    state.goldfish = goldfish
    state.own_turns = 1
    state.start_turn()
    return state


def new_match(decks: Sequence[Deck], *, seed: int, first: int = 0, max_turns: int = 200, log: bool = False,
              vanilla: bool = False, rules: dict[str, str] | None = None) -> Wh40kState:
    """A two-player game; ``first`` is the seat that takes the first turn; ``rules`` switches readings (short
    names: ``{"first-draw": "second-battle-turn"}``; see :data:`READINGS`)."""
    rng = new_rng(seed)
    sides = [_side(deck, rng, vanilla) for deck in decks]
    return _state(sides, rng, first=first, max_turns=max_turns, log=log, goldfish=False, rules=rules)


def new_goldfish(deck: Deck, *, seed: int, max_turns: int = 50, log: bool = False, vanilla: bool = False,
                 rules: dict[str, str] | None = None) -> Wh40kState:
    """One player against a dummy that has no units and takes an empty turn between the player's turns; ``rules``
    as in :func:`new_match` (first-draw changes nothing here: the player draws from its own second turn)."""
    rng = new_rng(seed)
    dummy = Side([], [], dummy=True)
    return _state([_side(deck, rng, vanilla), dummy], rng, first=0, max_turns=max_turns, log=log, goldfish=True,
                  rules=rules)


def kill_turn(state: Wh40kState) -> int | None:
    """The goldfishing player's turn on which the dummy's AP reached 0 (None: not killed)."""
    return state.own_turns if state.result == 0 else None


# --- policies -----------------------------------------------------------------------------------


def _is_ready(state: Wh40kState, unit: Unit) -> bool:
    """Whether ``unit`` may still attack this turn."""
    return not unit.attacked and unit.no_attack_until < state.turn


def _fight(state: Wh40kState, me: int, unit: Unit, strength: int, changed: Unit | None = None, by: int = 0) -> float:
    """What ``me``'s ``unit`` attacking at ``strength`` can achieve at best: 100 and the Power Level of the
    strongest enemy unit it destroys (``changed`` counted ``by`` more), or its strength against the enemy's AP
    when it may hit them; 0 when it can win nothing."""
    enemy = state.sides[1 - me].units
    taunting = [other for other in enemy if other.facts.taunt]
    best = 0.0
    for other in taunting or enemy:
        resistance = state.power(other)
        if other is changed:
            resistance = max(0, resistance + by)
        if strength > resistance and 100.0 + resistance > best:
            best = 100.0 + resistance
    if (not enemy or (unit.facts.direct_attack and not taunting)) and strength > best:
        best = float(strength)
    return best


def _is_threatened(state: Wh40kState, me: int, unit: Unit, power: int) -> bool:
    """Whether an enemy unit able to attack on the opponent's next turn would destroy ``me``'s ``unit`` at
    ``power`` (no other unit of ``me`` drawing the attacks to itself)."""
    if any(other.facts.taunt for other in state.sides[me].units if other is not unit):
        return False
    for other in state.sides[1 - me].units:
        if other.no_attack_until <= state.turn and state.power(other) + other.facts.attack_bonus >= power:
            return True
    return False


def _is_next_deploy(side: Side, facts: Facts, cp: int) -> bool:
    """Whether ``facts``, back in hand with ``cp`` left, is the unit the greedy player deploys next this turn
    (its deploy still unused, no affordable unit in hand worth as much)."""
    if side.deployed or facts.cp > cp:
        return False
    worth = facts.power - 10 * facts.cp
    for other in side.hand:
        if other.type == "unit" and other.cp <= cp and other.power - 10 * other.cp >= worth:
            return False
    return True


def _arrival_value(state: Wh40kState, me: int, facts: Facts) -> float:
    """What ``facts``'s effects on being deployed from hand are worth now."""
    value = 0.0
    for entry in facts.on_deploy:
        if entry.get("condition", {}).get("deployed_from", "hand") != "hand":
            continue
        worth = _fixed_worth(entry)
        if worth is not None:
            value += worth
            continue
        kind = entry["effect"]
        if kind == "recover":
            value += entry["amount"] if state.sides[me].ap < 700 else 0
        elif kind == "destroy" and entry.get("target") == "enemy_unit":
            targets = [state.power(u) for u in state._target_units(me, entry)]
            value += 100 + max(targets) if targets else 0
        elif kind == "deploy":
            value += 200 if state._can_deploy_from(me, entry) else 0
        elif kind == "return_to_hand" and entry.get("from") == "discard_pile":
            condition = entry.get("condition")
            value += 60 if any(f.type == "unit" and _matches(f, condition) for f in state.sides[me].discard) else 0
    return value


def _swept(state: Wh40kState, seat: int, entry: dict) -> int:
    """The Power Level of ``seat``'s units a sweep (destroy every unit matching) destroys."""
    condition = entry.get("condition")
    total = 0
    for unit in state.sides[seat].units:
        power = state.power(unit)
        if _matches(unit.facts, condition, power):
            total += power
    return total


def _equipped(state: Wh40kState, seat: int) -> int:
    """How many equipment cards ``seat``'s units carry."""
    return sum(len(unit.equipment) for unit in state.sides[seat].units)


class Greedy:
    """A sensible 40K player: deploys its strongest affordable unit, plays cards that help now, and attacks
    only where it wins the trade (or hits the enemy's AP directly), counting what its units gain when they
    attack. Single-target cards go where they change a fight; see :meth:`_card_value`."""

    name = "greedy"

    def act(self, state: Wh40kState) -> Action:
        """The action :meth:`choose` picks from ``state.legal_actions()``, found without listing
        every attack in the War phase (the batch runner's fast path; a test checks they agree)."""
        if state.pending or state.over:
            return self.choose(state, state.legal_actions())
        if state.phase == "action":
            return self._best_action(state)
        me = state.active
        turn = state.turn
        side = state.sides[me]
        best_unit = best_target = None
        best_score = 0.0
        targets = None
        for unit in side.units:
            if unit.attacked or unit.no_attack_until >= turn:
                continue
            if targets is None:
                opponent = state.sides[1 - me]
                enemy = opponent.units
                taunting = [other for other in enemy if other.facts.taunt] if enemy else enemy
                targets = taunting or enemy
                ahead = side.ap > opponent.ap
                power = state.power
                version = opponent.version
                defences = [other.cached if other.stamp == version else power(other) for other in targets]
                version = side.version
            strength = (unit.cached if unit.stamp == version else power(unit)) + unit.facts.attack_bonus
            for target, resistance in zip(targets, defences):
                value = (500.0 + resistance if strength > resistance
                         else 50.0 if strength == resistance and ahead else -1.0)
                if value > best_score:
                    best_unit, best_target, best_score = unit, target, value
            if (not enemy or (unit.facts.direct_attack and not taunting)) and 1000.0 + strength > best_score:
                best_unit, best_target, best_score = unit, None, 1000.0 + strength
        if best_unit is None:
            return END_TURN
        if best_target is None:
            return Attack(best_unit.uid, best_unit.facts.name, None, "the enemy's Attrition Points")
        return Attack(best_unit.uid, best_unit.facts.name, best_target.uid, best_target.facts.name)

    def _best_action(self, state: Wh40kState) -> Action:
        """The Action phase's best move, scored in :meth:`_action_phase_moves` order (ties: the first);
        the action object is made only for the move chosen."""
        me = state.active
        side = state.sides[me]
        cp = side.cp
        best_index, best_target, best_label, best_score = -1, None, "", 0.0
        can_deploy = not side.deployed and len(side.units) < MAX_UNITS
        card_value = self._card_value
        hand = side.hand
        for index, facts in enumerate(hand):
            if facts.cp > cp:
                continue
            if facts.type == "unit":
                if can_deploy:
                    value = 300.0 + facts.power - 10 * facts.cp
                    if value > best_score:
                        best_index, best_score = index, value
                continue
            if facts.bound <= best_score:  # it cannot do better than the best move so far
                continue
            entry = facts.targeted
            if entry is None:
                if facts.type != "equipment":
                    value = facts.fixed_value
                    if value is None:
                        value = card_value(state, me, facts, None)
                    if value > best_score:
                        best_index, best_target, best_label, best_score = index, None, "", value
                continue
            if entry.get("target") == "enemy_equipment":
                for target, label in state._targets(me, entry, facts):
                    value = card_value(state, me, facts, target)
                    if value > best_score:
                        best_index, best_target, best_label, best_score = index, target, label, value
                continue
            for unit in state._target_units(me, entry):
                value = card_value(state, me, facts, unit.uid, unit)
                if value > best_score:
                    best_index, best_target, best_label, best_score = index, unit.uid, unit.facts.name, value
        for unit in side.units:
            if unit.facts.activated is not None:
                for move in state._activations(side):
                    value = self._activation_value(state, me, move)
                    if value > best_score:
                        best_score, best_move = value, move
                        best_index = -2
                if best_index == -2:
                    return best_move
                break
        if best_index < 0:
            return END_ACTIONS
        facts = hand[best_index]
        if facts.type == "unit":
            return Deploy(best_index, facts.name)
        if best_target is None:
            return Play(best_index, facts.name)
        return Play(best_index, facts.name, best_target, best_label)

    def choose(self, state: Wh40kState, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        me = state.current_player()
        powers: dict[int, int] = {}
        best, best_score = actions[-1], 0.0
        if type(actions[0]) is Attack:
            ahead = state.sides[me].ap > state.sides[1 - me].ap
            units = {unit.uid: unit for side in state.sides for unit in side.units}
            power = state.power
            for action in actions:
                if type(action) is not Attack:
                    continue
                strength = powers.get(action.uid)
                if strength is None:
                    attacker = units[action.uid]
                    strength = power(attacker) + attacker.facts.attack_bonus
                    powers[action.uid] = strength
                target = action.target
                if target is None:
                    value = 1000.0 + strength
                else:
                    resistance = powers.get(target)
                    if resistance is None:
                        resistance = powers[target] = power(units[target])
                    value = (500.0 + resistance if strength > resistance
                             else 50.0 if strength == resistance and ahead else -1.0)
                if value > best_score:
                    best, best_score = action, value
            return best
        score = self.score
        for action in actions:
            value = score(state, action, me, powers)
            if value > best_score:
                best, best_score = action, value
        return best

    def score(self, state: Wh40kState, action: Action, me: int, powers: dict[int, int] | None = None) -> float:
        """How much ``action`` helps seat ``me`` now (0: no better than passing)."""
        kind = type(action)
        if kind is Attack:
            powers = {} if powers is None else powers
            strength = powers.get(action.uid)
            if strength is None:
                attacker = state._unit(action.uid)
                strength = powers[action.uid] = state.power(attacker) + attacker.facts.attack_bonus
            if action.target is None:
                return 1000.0 + strength
            resistance = powers.get(action.target)
            if resistance is None:
                resistance = powers[action.target] = state.power(state._unit(action.target))
            if strength > resistance:
                return 500.0 + resistance
            if strength == resistance and state.sides[me].ap > state.sides[1 - me].ap:
                return 50.0
            return -1.0
        if kind is Deploy:
            facts = state.sides[me].hand[action.index]
            return 300.0 + facts.power - 10 * facts.cp
        if kind is Play:
            return self._card_value(state, me, state.sides[me].hand[action.index], action.target)
        if kind is Activate:
            return self._activation_value(state, me, action)
        if kind is Choose:
            return self._choice_value(state, me, action.option)
        return 0.0

    def _card_value(self, state: Wh40kState, me: int, facts: Facts, target: Any, unit: Unit | None = None) -> float:
        """What playing ``facts`` on ``target`` (a unit id; ``unit``: that unit, when the caller has it) is worth.

        Removal is worth 100 and the target's Power Level; a sweep (Exterminatus) the Power Level it destroys
        of the enemy's minus its own, so never anything on an empty enemy battlefield; a pump, a weakening or an
        attack ban (Target Lock) what it changes in a fight (:meth:`_modify_value`, :meth:`_ban_value`);
        returning a unit to hand what that saves or lets the unit do again (:meth:`_return_value`); healing its
        amount only below 700 AP."""
        value = facts.fixed_value
        if value is not None:
            return value
        value = 0.0
        for entry in facts.plays:
            worth = _fixed_worth(entry)
            if worth is not None:
                value += worth
                continue
            kind = entry["effect"]
            if kind == "attach":
                value += 100 + facts.bonus + state.power(unit or state._unit(target)) / 10
            elif kind == "destroy":
                aim = entry.get("target")
                if aim == "enemy_unit":
                    value += 100 + state.power(unit or state._unit(target))
                elif aim == "all_units":
                    value += _swept(state, 1 - me, entry) - _swept(state, me, entry)
                elif aim == "all_active_cards":
                    if not any(other["effect"] == "destroy" and other.get("target") == "all_units"
                               and not other.get("condition") for other in facts.plays):
                        value += 40 * (_equipped(state, 1 - me) - _equipped(state, me))
                else:
                    value += 60
            elif kind == "deploy":
                value += 200 if len(state.sides[me].units) < MAX_UNITS and state._can_deploy_from(me, entry) else -50
            elif kind == "recover":
                value += entry["amount"] if state.sides[me].ap < 700 else 0
            elif kind == "modify":
                aim = entry.get("target")
                if aim in ("own_unit", "enemy_unit"):
                    value += self._modify_value(state, me, entry, unit or state._unit(target))
                elif state.phase == "action" and state.sides[me].units:
                    value += 30
            elif kind == "cannot_attack":
                value += self._ban_value(state, me, unit or state._unit(target)) if target is not None else 0
            elif kind == "return_to_hand":
                if entry.get("from") == "discard_pile":
                    condition = entry.get("condition")
                    value += 60 if any(f.type == "unit" and _matches(f, condition) for f in state.sides[me].discard) else 0
                else:
                    value += self._return_value(state, me, facts, unit or state._unit(target))
        return value

    def _activation_value(self, state: Wh40kState, me: int, move: Activate) -> float:
        """An ability: deploying from the reinforcements is worth 150; a pump or a weakening (Junk Rig
        Mechanik, Warp-Seer Adept) what it changes in a fight."""
        entry = state._unit(move.uid).facts.activated
        if entry["effect"] == "modify" and entry.get("target") in ("own_unit", "enemy_unit"):
            return self._modify_value(state, me, entry, state._unit(move.target))
        return 150.0

    def _modify_value(self, state: Wh40kState, me: int, entry: dict, unit: Unit) -> float:
        """What changing ``unit``'s Power Level by the entry's amount changes: for a unit of ``me``, the better
        attack it makes this turn (and, when the change lasts through the opponent's next turn, its Power
        Level if that saves it from the enemy's strongest attacker); for an enemy unit, the attack of ``me``'s
        units it makes possible."""
        amount = entry["amount"]
        power = state.power
        if unit.owner == me:
            value = 0.0
            if _is_ready(state, unit):
                strength = power(unit) + unit.facts.attack_bonus
                value = _fight(state, me, unit, strength + amount) - _fight(state, me, unit, strength)
            if entry.get("duration") == "until_end_of_next_opponent_turn":
                now = power(unit)
                if _is_threatened(state, me, unit, now) and not _is_threatened(state, me, unit, now + amount):
                    value += now
            return value if value > 0 else 0.0
        best = 0.0
        for mine in state.sides[me].units:
            if _is_ready(state, mine):
                strength = power(mine) + mine.facts.attack_bonus
                gain = _fight(state, me, mine, strength, unit, amount) - _fight(state, me, mine, strength)
                if gain > best:
                    best = gain
        return best

    def _ban_value(self, state: Wh40kState, me: int, unit: Unit) -> float:
        """What stopping enemy ``unit`` from attacking on its player's next turn saves: the Power Level of the
        strongest unit of ``me`` it would destroy, or its strength against ``me``'s AP when it could hit them."""
        if unit.no_attack_until > state.turn:
            return 0.0
        strength = state.power(unit) + unit.facts.attack_bonus
        mine = state.sides[me].units
        taunting = [other for other in mine if other.facts.taunt]
        best = 0.0
        for other in taunting or mine:
            resistance = state.power(other)
            if strength > resistance and resistance > best:
                best = resistance
        if not mine or (unit.facts.direct_attack and not taunting):
            best = max(best, strength)
        return best

    def _return_value(self, state: Wh40kState, me: int, facts: Facts, unit: Unit) -> float:
        """Returning ``me``'s ``unit`` to hand with ``facts`` (Strategic Retreat, Phase Recall): worth what its
        arrival effect gives again when it is the unit deployed next this turn, or (when it will not come back
        this turn) its Power Level less 60 when the enemy would destroy it and it can win no fight now while
        another unit stays to hold the line; otherwise -100 (a card and a unit's tempo thrown away)."""
        side = state.sides[me]
        cp = side.cp - facts.cp
        back = _is_next_deploy(side, unit.facts, cp)
        value = -100.0
        if back:
            arrival = _arrival_value(state, me, unit.facts) - 60
            if arrival > value:
                value = arrival
        else:
            power = state.power(unit)
            if (len(side.units) > 1 and _is_threatened(state, me, unit, power)
                    and not (_is_ready(state, unit) and _fight(state, me, unit, power + unit.facts.attack_bonus) > 0)):
                value = max(value, power - 60.0)
        return value if value > 0 else -100.0

    def _choice_value(self, state: Wh40kState, me: int, option: Any) -> float:
        if option is True:
            return 100.0
        if option is False:
            return 1.0
        if isinstance(option, int):
            unit = state._unit(option)
            return 1.0 + state.power(unit) if unit is not None else 1.0
        if option[0] == "card":
            return 1.0 + option[2]
        return 1.0


ENGINE = register(Engine(
    game="wh40k",
    new_match=new_match,
    new_goldfish=new_goldfish,
    kill_turn=kill_turn,
    policies={"random": RandomPolicy, "greedy": Greedy},
    effects=EFFECTS,
    default_max_turns=200,
    readings=READINGS,
    notes={"goldfish": "the opponent has no units and takes an empty turn between the player's turns; the kill turn "
                       "is the player's own turn on which the opponent's AP reach 0"},
))
