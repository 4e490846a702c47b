"""The greedy policy of Mage Warfare, its second layer: what to create or which ability to use (and on what), with
what each effect is worth; upper bounds (:mod:`.bounds`) skip what cannot beat the best so far."""

from __future__ import annotations

from typing import Any, Final

from .board import (
    DEVICE,
    END_PLAY,
    GUARD,
    HAND,
    SHIELD,
    SLOW,
    SPELL,
    START_HP,
    Activate,
    Create,
    Gear,
    Hex,
    MageAction,
    Unit,
    key_of,
)
from .bounds import effect_cap
from .facts import Eff, Facts
from .policy_battles import GreedyBattles
from .state import MageState

_CHAINS: Final = Eff({"effect": "disable", "target": "hexed", "trigger": "passive", "duration": "while_hexed"})


class GreedyCreating(GreedyBattles):
    """What the greedy player creates and which abilities it uses (see :class:`~.policies.Greedy`)."""

    # -- creating --

    def _play(self, state: MageState) -> MageAction:
        action, value = self._candidates(state, state.active, attack_phase=False)
        return action if value > 0 and action is not None else END_PLAY  # (an action whenever value > 0)

    def _candidates(self, state: MageState, p: int, attack_phase: bool) -> tuple[MageAction | None, float]:
        """The best card to create or ability to use now (with its best target) and its value; in the Attack
        phase only Spells and abilities. In the Play phase the dearest castable Creature or Guard comes first, before
        anything else is scored. Each source is scored once per target, without listing actions.

        The order of the sources breaks ties (the hand first, then the table, then abilities); the cheap ones
        (Creatures, Guards, Shields) are scored first, so the upper bounds of the others skip more of them."""
        side = state.sides[p]
        hand = side.hand
        flesh = side.flesh
        best: Any  # (a hand index, made a Create at the end, or an action)
        best, best_value, best_order = None, 0.0, -1
        classes = upkeep = -1
        rest: list[int] = []  # the first copy in hand of each Device, Spell and Hex to score after the others
        rest_facts: list[Facts] = []
        # (A later copy of a card scores what its first copy scored, and loses the tie: it is skipped or changes
        # nothing.)
        for i, f in enumerate(() if attack_phase else hand):
            cost = f.cost
            if cost > flesh:
                continue
            kind = f.type
            if kind <= GUARD:
                if 100.0 + cost <= best_value:
                    continue
                if classes < 0:
                    kept = state.roster_of(side)
                    classes = kept[2]
                    upkeep = kept[4] if not state.gear_upkeep else self._upkeep(state, p)
                if (f.cls == 0 or classes & (1 << (f.cls - 1))) and flesh - cost >= upkeep:
                    best, best_value, best_order = i, 100.0 + cost, i  # an index: Create(i) is made at the end
            elif kind == SHIELD:
                value = 30.0 + f.stats[3]
                if value > best_value:
                    for u in side.units:
                        if u.shield is None:
                            best, best_value, best_order = i, value, i
                            break
            elif (kind == DEVICE or not (f.reaction or f.pump)) and f not in rest_facts:
                rest.append(i)
                rest_facts.append(f)
        if attack_phase:  # only Spells
            for i, f in enumerate(hand):
                if f.type == SPELL and f.cost <= flesh and not f.reaction and f not in rest_facts:
                    rest.append(i)
                    rest_facts.append(f)
        if type(best) is int and hand[best].type <= GUARD:  # (Play phase) a Creature or Guard comes before the rest
            return Create(best, hand[best].name), best_value
        best, best_value, best_order, bound = self._score_rest(state, p, rest, attack_phase, best, best_value,
                                                               best_order)
        best, best_value, bound = self._score_table(state, p, attack_phase, best, best_value, bound)
        best, best_value = self._score_abilities(state, p, attack_phase, best, best_value, bound)
        if type(best) is int:
            best = Create(best, side.hand[best].name)
        return best, best_value

    def _score_rest(self, state: MageState, p: int, rest: list[int], attack_phase: bool, best: Any,
                    best_value: float, best_order: int) -> tuple[Any, float, int, tuple[int, bool, bool] | None]:
        """Score the Devices, Spells and Hexes of the hand at ``rest`` (for :meth:`_candidates`) against the best so
        far: (the best, its value, its place in the hand, the bounds of :meth:`_bounds` if they were needed)."""
        side = state.sides[p]
        hand = side.hand
        bound: tuple[int, bool, bool] | None = None
        # Devices, Spells and Hexes in hand order: one wins a tie only against a source that comes later.
        for i in rest:
            f = hand[i]
            if f.type == DEVICE:
                if f.ub <= best_value:  # no user could make it worth as much as the best so far
                    continue
                fits = f.fits
                for u in side.units:  # (a Deployed card or one it does not fit cannot take it: see can_use)
                    if not u.deployed and fits.get(u.facts) is not False:
                        # Its value first (what _device_value gives a card that can take it, or more for a Sharable
                        # Device), then whether it can take it, only where the value would win.
                        value = self._device_value(state, f, u, False)
                        if value > best_value or (value == best_value and i < best_order):
                            plan = state.can_use(u, f, True)
                            if plan is None:
                                continue
                            if f.sharable:
                                value -= 15 * (len(plan) - 1)
                                if not (value > best_value or (value == best_value and i < best_order)):
                                    continue
                            best, best_value, best_order = Create(i, f.name, u.uid, u.facts.name), value, i
                continue
            caps = f.card_caps
            if caps is not None:
                ceiling = caps[attack_phase]
            else:
                if bound is None:
                    bound = self._bounds(state, p, attack_phase)
                ceiling = self._card_bound(f, bound)
            if ceiling < best_value or (ceiling == best_value and i > best_order):
                continue
            target, value = self._card_target(state, p, f, attack_phase)
            if value > best_value or (value == best_value and i < best_order):
                if f.pick is None:
                    best, best_value, best_order = Create(i, f.name), value, i
                else:
                    ref, label = state.target_ref(p, target)
                    best, best_value, best_order = Create(i, f.name, ref, label), value, i
        return best, best_value, best_order, bound

    def _score_table(self, state: MageState, p: int, attack_phase: bool, best: Any, best_value: float,
                     bound: tuple[int, bool, bool] | None) -> tuple[Any, float, tuple[int, bool, bool] | None]:
        """Score the Spells on the table that may be created again (for :meth:`_candidates`) against the best so
        far: (the best, its value, the bounds of :meth:`_bounds` if they were needed)."""
        side = state.sides[p]
        flesh = side.flesh
        for spell in side.table:
            f = spell.facts
            if spell.active or spell.uses <= 0 or f.cost > flesh or f.reaction or (f.pump and not attack_phase):
                continue
            if bound is None:
                bound = self._bounds(state, p, attack_phase)
            if self._card_bound(f, bound) <= best_value:
                continue
            target, value = self._card_target(state, p, f, attack_phase)
            if value > best_value:
                if f.pick is None:
                    best, best_value = Create(spell.sid, f.name, table=True), value
                else:
                    ref, label = state.target_ref(p, target)
                    best, best_value = Create(spell.sid, f.name, ref, label, True), value
        return best, best_value, bound

    def _score_abilities(self, state: MageState, p: int, attack_phase: bool, best: Any, best_value: float,
                         bound: tuple[int, bool, bool] | None) -> tuple[Any, float]:
        """Score the abilities (for :meth:`_candidates`) against the best so far: (the best, its value)."""
        side = state.sides[p]
        flesh = side.flesh
        # Abilities, in the order of MageState.ability_sources (scanned here without listing them).
        done: set[Eff] = set()  # targeted abilities scored (another copy's has the same targets and values)
        dearest = -1
        gear_acts = state.gear_acts[p]
        if gear_acts:
            carriers = side.units
        else:  # no Device has an ability: only the cards with abilities (see MageState.ability_sources)
            kept = state.roster_of(side)
            carriers = kept[3]
        for u in carriers:
            acts = u.facts.activated
            devices = u.devices if gear_acts else ()
            if not acts and not devices:
                continue
            if u.disabled or u.chains:
                continue
            for e in acts:  # (MageState.payable inlined: the cards' own abilities are the common case)
                if e.targeted and e in done:
                    continue  # another copy's: same targets, same values (see _score_ability)
                if e.deploy and (u.deployed or u.helping):
                    continue
                if e.flesh > flesh or e.bcost > u.bloodc:
                    continue
                if u.shield is not None and e.tw not in (None, "this", "you"):
                    continue  # "Cards you are Shielding cannot affect cards outside of the Shield"
                penalty = e.penalty
                caps = e.caps
                if caps is not None:
                    if caps[attack_phase] - penalty <= best_value:
                        continue  # it cannot beat the best so far
                elif e.cap_base is not None:
                    if dearest < 0:
                        dearest = self._bounds(state, p, attack_phase)[0]
                    if e.cap_base + dearest - penalty <= best_value:
                        continue
                else:
                    if bound is None:
                        bound = self._bounds(state, p, attack_phase)
                    if effect_cap(e, bound) - penalty <= best_value:
                        continue
                best, best_value = self._score_ability(state, p, e, u, u, attack_phase, best, best_value, done)
            for g in devices:
                if g.facts.activated:
                    best, best_value, bound = self._score_sources(state, p, g, u, flesh, attack_phase, bound, best,
                                                                  best_value, done)
        for h in side.hexes:
            if h.facts.activated and type(h.host) is Unit:
                best, best_value, bound = self._score_sources(state, p, h, h.host, flesh, attack_phase, bound, best,
                                                              best_value, done)
        return best, best_value

    def _score_sources(self, state: MageState, p: int, obj: Any, user: Unit, flesh: int, attack_phase: bool,
                       bound: tuple[int, bool, bool] | None, best: Any, best_value: float,
                       done: set[Eff]) -> tuple[Any, float, tuple[int, bool, bool] | None]:
        """Score the abilities of a Device or Hex ``obj`` (on ``user``) against the best so far: (best, its value,
        the bounds of :meth:`_bounds`, found when first needed)."""
        for e in obj.facts.activated:
            if not state.payable(obj, e, user, flesh):
                continue
            caps = e.caps
            if caps is not None:  # (a cap that depends only on the phase)
                if caps[attack_phase] - e.penalty <= best_value:
                    continue
            else:
                if bound is None:
                    bound = self._bounds(state, p, attack_phase)
                if effect_cap(e, bound) - e.penalty <= best_value:
                    continue
            best, best_value = self._score_ability(state, p, e, user, obj, attack_phase, best, best_value, done)
        return best, best_value, bound

    def _score_ability(self, state: MageState, p: int, e: Eff, user: Unit, obj: Any, attack_phase: bool, best: Any,
                       best_value: float, done: set[Eff]) -> tuple[Any, float]:
        """Ability ``e`` of ``obj`` (used by ``user``) with its best target, if it beats the best so far: (best, its
        value)."""
        penalty = e.penalty
        if e.targeted:
            if e in done:  # the same ability of another copy: same targets, same values
                return best, best_value
            done.add(e)
            target, value = self._best_target(state, p, e, user, attack_phase, penalty, best_value)
            if target is not None:
                ref, label = state.target_ref(p, target)
                return Activate(key_of(obj), obj.facts.name, ref, label), value
            return best, best_value
        value = self._effect_value(state, p, e, None, user, attack_phase) - penalty
        if value > best_value:
            return Activate(key_of(obj), obj.facts.name), value
        return best, best_value

    def _best_target(self, state: MageState, p: int, e: Eff, this: Unit, attack_phase: bool, penalty: float,
                     floor: float) -> tuple[Any, float]:
        """The first target of ability ``e`` whose value (less ``penalty``) beats ``floor`` by most, and that value
        (None, floor if none does)."""
        best: Any = None  # (a card, or a seat for a Mage)
        best_value = floor
        if e.kind == "damage" and e.tw == "target_creature_guard" and e.harmful:
            # The common case, inlined from target_objects and _effect_value: Kill the dearest card it can.
            cond = e.cond
            if cond is not None and cond.role is not None:
                cond = None
            amount = e.amount
            for side in state.order[p]:  # (as target_objects lists them: ties go to the next Mage in turn order)
                if side.seat == p or not side.alive:
                    continue
                for u in side.units:
                    if u.shield is None and not u.cloaked:
                        state.keep_fresh(u)
                        if u.st[3] - u.damage > amount:
                            continue  # (it would not be Killed: worth 0 - penalty, never above the floor, 0 or more)
                        if cond is not None and not cond.ok(u.facts, u.flags):
                            continue
                        value = 60.0 + u.facts.cost - penalty
                        if value > best_value:
                            best, best_value = u, value
            return best, best_value
        for target in state.target_objects(p, e, e.harmful):
            value = self._effect_value(state, p, e, target, this, attack_phase) - penalty
            if value > best_value:
                best, best_value = target, value
        return best, best_value

    def _bounds(self, state: MageState, p: int, attack_phase: bool) -> tuple[int, bool, bool]:
        """What upper bounds of effect values depend on: the dearest enemy card, whether an enemy Mage is low."""
        dearest = 0
        low = False
        for side in state.sides:
            if side.seat != p and side.alive:
                if side.hp <= 12:
                    low = True
                kept = state.roster_of(side)
                if kept[5] > dearest:
                    dearest = kept[5]
        return dearest, low, attack_phase

    @staticmethod
    def _card_bound(f: Facts, bound: tuple[int, bool, bool]) -> float:
        return f.card_cap(bound)

    def _card_target(self, state: MageState, p: int, f: Facts, attack_phase: bool) -> tuple[Any, float]:
        """A Spell's or Hex's best target (None if it takes none) and its value."""
        if f.type == SPELL:
            entries = f.on_play
        else:
            assert f.attach is not None  # (a Hex has its attach entry)
            entries = [f.attach, *f.on_play, *f.hex_mods, *f.triggers.get("maintenance_phase", ())]
            if f.chains:
                entries.append(_CHAINS)
        base = -f.cost / 4 - 2 * f.maint
        if f.pick is None:
            return None, base + self._entries_value(state, p, entries, None, attack_phase)
        best, best_value = None, -1e9
        if f.pump_gain is not None and attack_phase:  # a pump Spell: the first Withdrawn target is best
            pick = f.pick
            keyword = pick.bits if pick.kind == "grant_keyword" and not pick.idxs else 0
            for target in state.target_objects(p, pick, f.harmful):
                if keyword and state.flags(target) & keyword == keyword:
                    continue  # (a keyword it has already: Wings of the Gale on a Flyer)
                if not target.deployed:
                    return target, base + f.pump_gain
                if best is None:
                    best, best_value = target, base + 0.0
            return best, best_value
        if f.pick.tw == "target_hex":
            for side in state.sides:
                if side.hexes:
                    break
            else:  # no Hex in play: nothing to target
                return best, best_value
        if len(entries) == 1:
            e = entries[0]
            for target in state.target_objects(p, f.pick, f.harmful):
                value = base + self._effect_value(state, p, e, target, None, attack_phase)
                if value > best_value:
                    best, best_value = target, value
            return best, best_value
        for target in state.target_objects(p, f.pick, f.harmful):
            value = base + self._entries_value(state, p, entries, target, attack_phase)
            if value > best_value:
                best, best_value = target, value
        return best, best_value

    def _entries_value(self, state: MageState, p: int, entries: list[Eff], target: Any, attack_phase: bool) -> float:
        """The sum of :meth:`_effect_value` of ``entries`` on ``target`` (for :meth:`_card_target`)."""
        return sum(self._effect_value(state, p, e, target, None, attack_phase) for e in entries)

    def _upkeep(self, state: MageState, p: int) -> int:
        """The Maintenance Costs due at the start of the next turn."""
        side = state.sides[p]
        if not state.gear_upkeep:  # only Creatures and Guards have any in this game
            return state.roster_of(side)[4]
        total = 0
        for u in side.units:
            total += u.facts.maint
            for g in u.devices:
                total += g.facts.maint
            if u.shield is not None:
                total += u.shield.facts.maint
        for g in side.ground:
            total += g.facts.maint
        for spell in side.table:
            if spell.active:
                total += spell.facts.maint
        for h in side.hexes:
            total += h.facts.maint
        return total

    def _device_value(self, state: MageState, f: Facts, u: Unit, share: bool = True) -> float:
        """What equipping the Device ``f`` to ``u`` is worth (with ``share`` False, a Sharable Device's value before
        what its lenders cost)."""
        state.keep_fresh(u)
        atk = u.atk
        stats = f.stats
        gain = (max(0, stats[0] - atk[0]) + max(0, stats[1] - atk[1]) + f.gear_gain)
        if gain <= 0:
            return 0.0
        value = 40.0 + gain + u.facts.cost / 10
        if u.facts.guard:
            value -= 5
        if f.sharable and share:
            plan = state.can_use(u, f, True)
            value -= 15 * (len(plan) - 1)
        return value

    def _effect_value(self, state: MageState, p: int, e: Eff, target: Any, this: Unit | None,
                      attack_phase: bool) -> float:
        kind, tw = e.kind, e.tw
        unit: Unit | Gear | None = target if type(target) is Unit else None
        if tw == "this" or tw == "user":
            unit = this
        elif tw == "hexed" and type(target) in (Unit, Gear):
            unit = target
        if kind == "damage":
            return self._damage_value(state, p, e, target, unit)
        if kind == "heal":
            if tw == "you":
                return 15.0 if state.sides[p].hp <= START_HP - e.amount else 0.0
            if type(unit) is Unit:
                return 5.0 + min(e.amount, unit.damage) if unit.damage >= 3 and not attack_phase else 0.0
            return 0.0
        if kind == "destroy":
            if type(target) is Unit:
                return 50.0 + target.facts.cost
            if type(target) is Gear:
                return 15.0 + target.facts.cost
            if type(target) is Hex:
                host = target.host
                bad = target.facts.harmful == (host.ctrl == p)  # a harmful Hex on my card, a helpful one on theirs
                return 30.0 + target.facts.cost if bad else -20.0
            return 0.0
        if kind == "disable":
            if tw == "hexed" or not attack_phase:
                return 15.0 + (unit.facts.cost / 2 if type(unit) is Unit else 0) if tw == "hexed" else 0.0
            return 20.0 + unit.facts.cost / 2 if type(unit) is Unit and not unit.deployed else 0.0
        if kind == "gain_control":
            if type(unit) is not Unit:
                return 0.0
            if e.dur == "permanent":
                return 40.0 + unit.facts.cost
            return 20.0 + unit.facts.cost / 2 if attack_phase and not unit.deployed else 0.0
        if kind == "modify" or kind == "grant_keyword":
            return self._pump_value(state, p, e, unit, attack_phase)
        if kind == "add_counters":
            if e.counter == "plus_token":
                return 30.0 * e.amount
            if e.counter == "minus_token":
                return 12.0 if type(unit) is Unit and unit.ctrl != p else -12.0
            return 2.0
        if kind == "gain_flesh":
            return 0.5 * e.amount
        if kind == "draw":
            pile = {"barracks": state.sides[p].barracks, "armory": state.sides[p].armory,
                    "spellbook": state.sides[p].spellbook}.get(e.pile)
            if pile is not None and not pile:
                return 0.0
            return 15.0 * e.amount if len(state.sides[p].hand) < HAND else 2.0
        if kind == "attach":
            return 5.0
        return 0.0

    def _damage_value(self, state: MageState, p: int, e: Eff, target: Any, unit: Unit | Gear | None) -> float:
        """:meth:`_effect_value` of damage: a Mage's life, a card or a Shield Killed."""
        tw = e.tw
        if tw == "target_mage" or tw == "hexed_controller":
            seat = target if type(target) is int else None
            if tw == "hexed_controller" and unit is not None:
                seat = unit.ctrl if type(unit) is Unit else None
            if seat is None or seat == p:
                return -10.0
            return 1000.0 if state.sides[seat].hp <= e.amount else 3.0 * e.amount
        if tw == "you":
            return -1000.0 if state.sides[p].hp <= e.amount + 10 else -2.0 * e.amount
        if tw == "enemy_creatures_guards":
            value = 0.0
            for side in state.sides:
                if side.seat != p and side.alive:
                    for u in side.units:
                        if u.shield is None and (e.cond is None or e.cond.ok(u.facts, state.flags(u))):
                            value += u.facts.cost if state.defense_left(u) <= e.amount else e.amount
            return value - 10
        if type(target) is Gear:
            left = state.shield_defense(target) - target.damage
            return 20.0 + target.facts.cost if left <= e.amount else 2.0
        if unit is not None and type(unit) is Unit:
            return 60.0 + unit.facts.cost if state.defense_left(unit) <= e.amount else 0.0
        return 0.0

    def _pump_value(self, state: MageState, p: int, e: Eff, unit: Unit | Gear | None, attack_phase: bool) -> float:
        """:meth:`_effect_value` of a change of stats or keywords (``modify``, ``grant_keyword``): lasting, or for the
        turn (worth something only in the Attack phase, on cards that may attack)."""
        tw = e.tw
        sign = 1 if e.amount >= 0 and not (e.bits & SLOW) else -1
        if tw == "hexed" or e.dur in (None, "continuous", "while_hexed", "while_in_effect", "permanent"):
            size = max(1, abs(e.amount) * len(e.idxs)) + (4 if e.bits else 0)
            if tw in ("own_creatures_guards", "other_own_creatures_guards"):
                return 2.0 * size * len(state.sides[p].units)
            if type(unit) is Unit:
                mine = unit.ctrl == p
                return (6.0 * size + unit.facts.cost / 8) * (1 if (sign > 0) == mine else -1)
            if type(unit) is Gear:
                return 3.0 * sum(unit.facts.stats[:3]) if unit.ctrl != p else -10.0
            return 0.0
        if not attack_phase:
            return 0.0
        if tw in ("own_creatures_guards", "other_own_creatures_guards"):
            return 4.0 * len(state.attackers(p)) - 5
        if type(unit) is Unit and unit.ctrl == p and not unit.deployed and unit.shield is None:
            if e.bits and not e.idxs and state.flags(unit) & e.bits == e.bits:
                return 0.0  # (a keyword it has already: Wings of the Gale on a Flyer)
            return 12.0 if sign > 0 else -5.0
        return 0.0
