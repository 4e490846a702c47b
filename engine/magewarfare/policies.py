"""Mage Warfare's greedy policy (:class:`Greedy`), its top layer: the decisions of each phase (the opening, the
draw, equipping, declaring attackers, the pending choices), on :class:`~.policy_creating.GreedyCreating` (what to
create) and :class:`~.policy_battles.GreedyBattles` (Battles, blocks, reactive windows). It reads the game through
:class:`~.view.MageView`'s public view only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal, cast

from ..core import Action
from .board import (
    BATTLE,
    BLOCK,
    DECLARE,
    DISCARD,
    DRAW,
    DRAWS,
    END_EQUIP,
    END_PLAY,
    EQUIP,
    FIGHT,
    FLYER,
    HAND,
    LONG,
    PLAY,
    SHIELD,
    Declare,
    Discard,
    Draw,
    Equip,
    MageAction,
    Opening,
    Side,
    Unit,
)
from .facts import Facts, fits_user
from .policy_creating import GreedyCreating
from .policy_estimates import (
    INF,
    SIGS,
    blocker_pool,
    hits_against,
    make_sig_room,
    signature_of,
    toughness_of,
    weakest_foe,
)
from .state import MageState

_BARRACKS_FIRST: Final = ("BB", "BA", "BB", "BA", "AA", "B", "A", "S")
_SPELLBOOK_FIRST: Final = ("S", "BA", "BB", "BA", "AA", "B", "A", "S")
_MIXED_FIRST: Final = ("BA", "BB", "BB", "BA", "AA", "B", "A", "S")
"""Greedy's draws in order of preference (see Greedy._draw)."""


def _gear_worth(f: Facts) -> int:
    """A Device's own worth, to compare two Trinkets: its long and medium attacks and what it adds otherwise."""
    return f.stats[0] + f.stats[1] + f.gear_gain


class Greedy(GreedyCreating):
    """A sensible Mage: creates its strongest castable cards, equips Devices where they add most, uses
    Spells and abilities where they Kill, steal or clearly help; attacks with the Creatures that the enemy's
    strongest blockers would not stop (Guards too when it wins the race), blocks with cards that stop the attacker,
    trade with it or are the last chance against a lethal hit, and in a Battle fights at its best range or retreats.
    Battle estimates and Battle moves are remembered by card
    signature for the whole process (they depend on nothing else), the attack plan is made once a turn, and the
    cards to create are scored with upper bounds that skip what cannot win, which keeps the policy fast. See
    ``docs/rules/magewarfare.md``."""

    name = "greedy"

    def __init__(self) -> None:
        self._plan_serial = self._plan_version = -1
        self._plan_done = -1
        self._attack_plan: list[Declare] = []

    def choose(self, state: MageState, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        return self.decide(state)

    def decide(self, state: MageState) -> MageAction:
        if state.pending:
            return self._answer(state)
        phase = state.phase
        if phase == DECLARE:
            declared = state.declared
            if declared and self._plan_done >= 0 and self._plan_serial == state.serial and (
                    self._plan_version == state.version):  # the next attacker of this turn's plan (see _declare)
                done = self._plan_done
                plan = self._attack_plan
                count = len(declared)
                if count == done + 1 and done < len(plan) and declared[done][0].uid == plan[done].uid:
                    done = self._plan_done = count
                if count == done:
                    return plan[done] if done < len(plan) else FIGHT
            return self._declare(state)
        if phase == PLAY:
            action, value = self._candidates(state, state.active, False)
            return action if value > 0 and action is not None else END_PLAY  # (an action whenever value > 0)
        if phase == BLOCK:
            return self._block(state)
        if phase == BATTLE:
            return self._battle_move(state)
        if phase == DRAW:
            return self._draw(state, cast("list[Draw]", state.legal_actions()))  # (the Draw phase's options)
        if phase == EQUIP:
            return self._equip(state)
        if phase == DISCARD:
            return self._discard(state)
        options = state.legal_actions()
        for option in options:
            if type(option) is Opening and option.barracks <= 4:
                return option
        return options[-1]

    def act(self, state: MageState) -> MageAction:
        """The action :meth:`choose` would pick from ``state.legal_actions()``, found without listing them (as
        :meth:`decide`)."""
        return self.decide(state)


    def _declare(self, state: MageState) -> MageAction:
        p = state.active
        declared = state.declared
        if not declared:
            action, value = self._candidates(state, p, attack_phase=True)
            if value > 0 and action is not None:  # (an action whenever value > 0)
                return action
        if self._plan_serial != state.serial or self._plan_version != state.version:
            self._plan_serial, self._plan_version = state.serial, state.version
            self._attack_plan = self._attack_order(state, p)
            self._plan_done = 0 if not declared else -1
        plan = self._attack_plan
        done = self._plan_done
        if done >= 0:  # the declarations so far are the plan's first ones, in order (checked one at a time)
            count = len(declared)
            if count == done + 1 and done < len(plan) and declared[done][0].uid == plan[done].uid:
                done = self._plan_done = count
            if count == done:
                return plan[done] if done < len(plan) else FIGHT
            self._plan_done = -1
        uids = {unit.uid for unit, _ in declared}
        for action in plan:
            if action.uid not in uids:
                return action
        return FIGHT

    def _attack_order(self, state: MageState, p: int) -> list[Declare]:
        """Which cards attack, strongest first. Each attacker is checked against the strongest Guard and the strongest
        Creature not spent yet that may block it (strength: best attack, Defense left and reduction): a Guard that
        would stop it keeps it home; a Creature that would stop it blocks once a phase, so it is spent on this
        attacker (sent as a decoy if it survives the blocker's free hit, else kept home), and the rest go through.
        Guards stay home while the enemy has cards, unless this player wins the race against the weakest enemy Mage
        (then they attack too, all at that Mage). With 3-4 Mages each attacker goes, among the Mages it can reach
        (unstopped first), at one it could Kill this turn, then one it could Kill soonest (in steps of two turns),
        then the greatest threat: the strongest cards, then the most HP (the leader); exact ties are drawn from
        ``state.rng``, never by seat."""
        make_sig_room()
        sides = state.sides
        attackers = []
        mine = 0
        for u in sides[p].units:
            if u.deployed or u.disabled or u.chains or u.shield is not None or u.helping:
                continue
            state.keep_fresh(u)
            best = u.best
            if best > 0:
                attackers.append((-best, u.uid, u))
                mine += best
        if not attackers:
            return []
        attackers.sort()  # strongest first, then by id (ids are unique, so units are never compared)
        foes, pools = [], []
        theirs = enemy_units = 0
        for side in sides:
            if not side.alive or side.seat == p:
                continue
            foes.append(side)
            enemy_units += len(side.units)
            pool = blocker_pool(state, side)
            theirs += pool[4]
            pools.append(pool)
        # Whom to attack (3-4 Mages): a Mage my attackers could Kill this turn first, then one they could Kill within
        # about two turns of it, then the greatest threat (the strongest cards, then the most HP: the leader), then a
        # draw from the game's generator (never seat order).
        rank = None
        if len(foes) > 1:
            rng = state.rng
            rank = {side.seat: (0 if side.hp <= mine else 1, -(-side.hp // mine) // 2, -pool[4], -side.hp,
                                rng.random())
                    for side, pool in zip(foes, pools, strict=False)}
        # The race: if my attackers would kill the most exposed enemy Mage before all enemies kill mine, Guards
        # attack too, and every attacker goes at that Mage.
        weakest = foes[0] if rank is None else weakest_foe(foes, mine, rank)
        if -(-weakest.hp // mine) <= (-(-sides[p].hp // theirs) if theirs else INF):
            if len(foes) > 1:
                pools = [pools[foes.index(weakest)]]
                foes = [weakest]
            enemy_units = 0
        return self._assign_attackers(state, attackers, foes, pools, rank, enemy_units)

    def _assign_attackers(self, state: MageState, attackers: list[tuple[int, int, Unit]], foes: list[Side],
                          pools: list[list[Any]], rank: dict[int, tuple[int, int, int, int, float]] | None,
                          enemy_units: int) -> list[Declare]:
        """The attack plan of :meth:`_attack_order`: each attacker in turn (strongest first) and the Mage it goes at,
        among ``foes`` (with their blocker pools, ranked by ``rank`` when there are several)."""
        stamp = state.stamp
        memo: dict[int, dict[int, bool]] = SIGS[2]
        single = len(foes) == 1
        targets = list(zip(foes, pools, strict=False))
        gen: int = SIGS[0]
        plan = []
        for _, _, u in attackers:
            if enemy_units and u.facts.guard:
                continue
            sig = u.sig  # the signature cached on the card (see signature_of), if still good
            if sig is not None and sig[1] is None and sig[0] == u.damage and sig[3] == gen and u.stamp == stamp:
                sign = sig[4]  # (attackers have no Shield)
            else:
                sign = signature_of(state, u)
            known = memo.get(sign)
            if known is None:
                known = memo[sign] = {}
            flyer = u.flags & FLYER  # (only Flyers block a Flyer)
            seat, best_key, decoy, spent = None, None, None, None
            for side, pool in targets:
                # The strongest Guard that may block keeps the attacker home if it would stop it.
                guard: Unit | None = pool[flyer]  # (FLYER is 1: the strongest Flyer Guard for a Flyer)
                if guard is not None:
                    guard_sign = pool[5 + flyer]  # (its signature, found when first needed)
                    if guard_sign is None:
                        guard_sign = pool[5 + flyer] = signature_of(state, guard)
                    verdict = known.get(guard_sign)
                    if verdict is None:
                        verdict = known[guard_sign] = self._estimate_holds(state, u, guard)
                    if verdict:
                        continue
                # The strongest Creature not spent yet that may block: spent on this attacker if it would stop it
                # (the attacker goes in as a decoy if it survives the blocker's free hit, else stays home).
                stopper: Unit | Literal[False] | None = None
                # (its Creatures not spent yet that may block this one: all, or the Flyers)
                rest: list[Unit] | None = pool[2 + flyer]
                if rest is None:
                    rest = pool[3] = [b for b in pool[2] if b.flags & FLYER]
                if rest:
                    b = rest[0]
                    sig = b.sig  # (cached on the card, as for the attacker above, if still good)
                    if (sig is not None and sig[1] is None and b.shield is None and sig[0] == b.damage
                            and sig[3] == gen and b.stamp == stamp):
                        sign = sig[4]
                    else:
                        sign = signature_of(state, b)
                    verdict = known.get(sign)
                    if verdict is None:
                        verdict = known[sign] = self._estimate_holds(state, u, b)
                    if verdict:
                        stopper = b if hits_against(max(b.atk[LONG], 0), toughness_of(state, u, b)) > 1 else False
                if stopper is False:
                    continue
                if single:
                    seat, decoy, spent = side.seat, stopper, pool
                    break
                assert rank is not None  # (more than one Mage to attack)
                key = (stopper is not None, rank[side.seat])
                if best_key is None or key < best_key:
                    seat, best_key, decoy, spent = side.seat, key, stopper, pool
            if seat is not None:
                if decoy is not None:  # the decoy's blocker is spent
                    assert spent is not None  # (the blocker pool of the Mage it goes at)
                    spent[2].remove(decoy)
                    if decoy.flags & FLYER and spent[3] is not None:
                        spent[3].remove(decoy)
                decl = u.decl
                if decl is None or decl.seat != seat:
                    decl = u.decl = Declare(u.uid, u.facts.name, seat)
                plan.append(decl)
        return plan


    # -- the other choices --

    def _draw(self, state: MageState, options: list[Draw]) -> Draw:
        p = state.active
        side = state.sides[p]
        hand = side.hand
        classes = state.classes_in_play(p)
        fighters = gear = 0
        for f in hand:  # castable fighters (see _castable), and whether there is gear
            if f.unit:
                c = f.cls
                if c == 0 or classes & (1 << (c - 1)) or self._castable(state, p, f, classes):
                    fighters += 1
            elif f.type <= SHIELD:
                gear += 1
        wanted = _BARRACKS_FIRST if not fighters else _SPELLBOOK_FIRST if len(hand) >= HAND else (
            _MIXED_FIRST if fighters >= 2 and not gear and side.units else _BARRACKS_FIRST)
        for piles in wanted:
            for option in options:
                if option.piles == piles:
                    return option
        return options[0]

    def _equip(self, state: MageState) -> MageAction:
        if not state.sides[state.active].ground:  # (greedy does not move equipped Devices: nothing to pick up)
            return END_EQUIP
        options = state.legal_actions()
        best: MageAction
        best, best_value = END_EQUIP, 0.0
        for action in options:
            if type(action) is not Equip:
                continue
            g, u = state.objs[action.gid], state.objs[action.uid]
            if g.facts.type == SHIELD:
                value = (10.0 + (30 if u.facts.guard else 0) + u.facts.cost / 10
                         - (0 if u.facts.guard else max(state.attacks(u))))
            else:
                value = self._device_value(state, g.facts, u)
            if value > best_value:
                best, best_value = action, value
        return best

    def _discard(self, state: MageState) -> MageAction:
        p = state.active
        side = state.sides[p]
        worst, worst_value = None, None
        hand = side.hand
        classes = state.classes_in_play(p)
        for action in cast("list[Discard]", state.legal_actions()):  # (the Discard phase's options)
            f = hand[action.index]
            if f.unit:
                value = 50.0 + f.cost if self._castable(state, p, f, classes) else 15.0
            elif f.type <= SHIELD:
                fits = f.fits
                for u in side.units:
                    fit = fits.get(u.facts)
                    if fit or (fit is None and fits_user(f, u.facts)):
                        value = 30.0 + f.cost / 2
                        break
                else:
                    value = 5.0
            else:
                value = 25.0
            if worst_value is None or value < worst_value:
                worst, worst_value = action, value
        assert worst is not None  # (a hand of more than five cards to discard from)
        return worst

    @staticmethod
    def _castable(state: MageState, p: int, f: Facts, classes: int) -> bool:
        """Whether a Creature/Guard in hand can be Created soon: its class need is met in play or by a
        card of the class below in hand (``classes``: MageState.classes_in_play)."""
        c = f.cls
        if c == 0 or classes & (1 << (c - 1)):
            return True
        for g in state.sides[p].hand:
            if g.unit and g.cls == c - 1 and (c == 1 or classes & (1 << (c - 2))):
                return True
        return False

    def _answer(self, state: MageState) -> MageAction:
        _, options, kind, context = state.pending[0]
        if kind == "pay":
            return options[0]
        if kind == "tag":
            return options[-1]
        if kind == "negate":
            return options[0] if state.stack is not None and state.stack[1].cost >= 15 else options[1]
        if kind == "salvage":
            best, best_value = options[-1], 0.0
            killer = context[0]
            held = [g.facts for g in killer.devices if g.facts.trinket]
            for option in options[:-1]:
                f = state.objs[option.option].facts
                value = self._device_value(state, f, killer)
                if f.trinket and held and _gear_worth(f) <= _gear_worth(held[0]):
                    value = 0.0  # (a new Trinket Drops the one it holds: not worth it unless better)
                room = killer.devices and state.salvage_plan(killer, state.objs[option.option])
                if type(room) is tuple and _gear_worth(f) <= sum(_gear_worth(x.facts) for x in room):
                    value = 0.0  # (nor is a Device that needs Devices worth as much Dropped)
                if value > best_value:
                    best, best_value = option, value
            return best
        if kind == "split":
            return self._draw(state, [DRAWS[o.option] for o in options]) and next(
                o for o in options if o.option == self._draw(state, [DRAWS[o.option] for o in options]).piles)
        return options[0]
