"""Warhammer 40K Warfare's greedy policy: it reads the game through :class:`~.state.Wh40kState`'s public
view only (see its docstring)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Action, Choose, Play
from .board import END_ACTIONS, END_TURN, MAX_UNITS, Activate, Attack, Deploy, Side, Unit
from .conditions import Entry, matches
from .facts import Facts, fixed_worth
from .state import Wh40kState

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
        worth = fixed_worth(entry)
        if worth is not None:
            value += worth
            continue
        kind = entry["effect"]
        if kind == "recover":
            value += entry["amount"] if state.sides[me].ap < 700 else 0
        elif kind == "destroy" and entry.get("target") == "enemy_unit":
            targets = [state.power(u) for u in state.target_units(me, entry)]
            value += 100 + max(targets) if targets else 0
        elif kind == "deploy":
            value += 200 if state.can_deploy_from(me, entry) else 0
        elif kind == "return_to_hand" and entry.get("from") == "discard_pile":
            condition = entry.get("condition")
            value += 60 if any(f.type == "unit" and matches(f, condition) for f in state.sides[me].discard) else 0
    return value


def _swept(state: Wh40kState, seat: int, entry: Entry) -> int:
    """The Power Level of ``seat``'s units a sweep (destroy every unit matching) destroys."""
    condition = entry.get("condition")
    total = 0
    for unit in state.sides[seat].units:
        power = state.power(unit)
        if matches(unit.facts, condition, power):
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
            for target, resistance in zip(targets, defences, strict=True):
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
                    fixed = facts.fixed_value
                    value = fixed if fixed is not None else card_value(state, me, facts, None)
                    if value > best_score:
                        best_index, best_target, best_label, best_score = index, None, "", value
                continue
            if entry.get("target") == "enemy_equipment":
                for target, label in state.targets(me, entry, facts):
                    value = card_value(state, me, facts, target)
                    if value > best_score:
                        best_index, best_target, best_label, best_score = index, target, label, value
                continue
            for unit in state.target_units(me, entry):
                value = card_value(state, me, facts, unit.uid, unit)
                if value > best_score:
                    best_index, best_target, best_label, best_score = index, unit.uid, unit.facts.name, value
        for unit in side.units:
            if unit.facts.activated is not None:
                for move in state.activations(side):
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
        if type(action) is Attack:
            powers = {} if powers is None else powers
            strength = powers.get(action.uid)
            if strength is None:
                attacker = state.unit(action.uid)
                strength = powers[action.uid] = state.power(attacker) + attacker.facts.attack_bonus
            if action.target is None:
                return 1000.0 + strength
            resistance = powers.get(action.target)
            if resistance is None:
                resistance = powers[action.target] = state.power(state.unit(action.target))
            if strength > resistance:
                return 500.0 + resistance
            if strength == resistance and state.sides[me].ap > state.sides[1 - me].ap:
                return 50.0
            return -1.0
        if type(action) is Deploy:
            facts = state.sides[me].hand[action.index]
            return 300.0 + facts.power - 10 * facts.cp
        if type(action) is Play:
            return self._card_value(state, me, state.sides[me].hand[action.index], action.target)
        if type(action) is Activate:
            return self._activation_value(state, me, action)
        if type(action) is Choose:
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
            worth = fixed_worth(entry)
            if worth is not None:
                value += worth
                continue
            kind = entry["effect"]
            if kind == "attach":
                value += 100 + facts.bonus + state.power(unit or state.unit(target)) / 10
            elif kind == "destroy":
                aim = entry.get("target")
                if aim == "enemy_unit":
                    value += 100 + state.power(unit or state.unit(target))
                elif aim == "all_units":
                    value += _swept(state, 1 - me, entry) - _swept(state, me, entry)
                elif aim == "all_active_cards":
                    if not any(other["effect"] == "destroy" and other.get("target") == "all_units"
                               and not other.get("condition") for other in facts.plays):
                        value += 40 * (_equipped(state, 1 - me) - _equipped(state, me))
                else:
                    value += 60
            elif kind == "deploy":
                value += 200 if len(state.sides[me].units) < MAX_UNITS and state.can_deploy_from(me, entry) else -50
            elif kind == "recover":
                value += entry["amount"] if state.sides[me].ap < 700 else 0
            elif kind == "modify":
                aim = entry.get("target")
                if aim in ("own_unit", "enemy_unit"):
                    value += self._modify_value(state, me, entry, unit or state.unit(target))
                elif state.phase == "action" and state.sides[me].units:
                    value += 30
            elif kind == "cannot_attack":
                value += self._ban_value(state, me, unit or state.unit(target)) if target is not None else 0
            elif kind == "return_to_hand":
                if entry.get("from") == "discard_pile":
                    condition = entry.get("condition")
                    returnable = any(f.type == "unit" and matches(f, condition) for f in state.sides[me].discard)
                    value += 60 if returnable else 0
                else:
                    value += self._return_value(state, me, facts, unit or state.unit(target))
        return value

    def _activation_value(self, state: Wh40kState, me: int, move: Activate) -> float:
        """An ability: deploying from the reinforcements is worth 150; a pump or a weakening (Junk Rig
        Mechanik, Warp-Seer Adept) what it changes in a fight."""
        entry = state.unit(move.uid).facts.activated
        if entry is not None and entry["effect"] == "modify" and entry.get("target") in ("own_unit", "enemy_unit"):
            return self._modify_value(state, me, entry, state.unit(move.target))
        return 150.0

    def _modify_value(self, state: Wh40kState, me: int, entry: Entry, unit: Unit) -> float:
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
                best = float(resistance)
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
            unit = state.find_unit(option)
            return 1.0 + state.power(unit) if unit is not None else 1.0
        if option[0] == "card":
            return 1.0 + float(option[2])
        return 1.0
