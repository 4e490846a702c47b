"""Ward's greedy policy: it reads the game through the public view of :class:`~.state.WardState` only (listed in
:class:`~.table.Table`'s docstring) and the card facts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..core import Choose, Play
from .board import (
    AL,
    ATKD,
    ATTACK_RATIO,
    DMGB,
    END_COMBAT,
    END_MAIN,
    END_TURN,
    EV_BATTLE,
    EV_DAMAGE,
    EV_EFFECT,
    EV_HIT_ROLL,
    EV_HIT_TAKEN,
    EV_MAGIC,
    FIRST_CYCLE,
    HITB,
    HITD,
    MAX_INFINITE,
    MOD,
    NO_BATTLE,
    PH_MAIN,
    SPD,
    STATS,
    Activate,
    Attack,
    Battle,
    Creature,
    Item,
    KillOwn,
    Respond,
    Strike,
    Summon,
    WardAction,
    judge_hit,
    make,
)
from .conditions import matches
from .facts import Facts
from .state import WardState
from .worth import STAT_WORTH, al_value, equip_gain, expected_damage, expected_strike, hit_chance, own_equip_value

BATTLE_SCALE: Final = 0.001  # from the main phase, a battle comes after every useful magic

# the Greedy method that scores each option of a choice (by name)
_SCORERS: Final = {"main": "_main", "main2": "_main", "mulligan": "_mulligan", "discard": "_discard",
            "replace": "_replace", "promote": "_promote", "search": "_pick_card", "revive": "_pick_card",
            "limited": "_pick_card", "destroy": "_destroy", "reroll": "_yes", "pact": "_yes",
            "cost_discard": "_discard", "respond": "_respond"}


class Greedy:
    """A sensible Ward player: summons its strongest creature (sacrificing only for a clear upgrade), plays
    magics that help now (damage and debuffs on the enemy, buffs before its battle, heals when hurt, equips and
    field magics that fit its creatures), battles when the exchange favours it, and answers harmful plays."""

    name = "greedy"
    ratio = ATTACK_RATIO

    def act(self, state: WardState) -> WardAction:
        """The action :meth:`choose` picks from ``state.legal_actions()``, found without listing every move of
        a main phase or the Combat phase (the batch runner's fast path; a test checks they agree)."""
        kind = state.kind
        if kind == "main" or kind == "main2":
            if state.sides[state.who].primary is not None:
                return self._best_main(state, kind == "main2")
        elif kind == "combat":
            return self._combat(state)
        return self.choose(state, state.legal_actions())

    def _best_main(self, state: WardState, second: bool) -> WardAction:
        """:meth:`choose` over :meth:`WardState._main_moves`, scored in the same order (ties: the first)."""
        me = state.who
        sides = state.sides
        side = sides[me]
        hand = side.hand
        mine = side.primary
        assert mine is not None  # (act asks only with a primary creature)
        theirs = sides[1 - me].primary
        if state.turn <= FIRST_CYCLE or state.combat_over or theirs is None:
            can_battle = False
        elif not mine.battled:
            can_battle = True
        else:
            can_battle = state.can_battle(me)
        # whether the primary creature will battle this turn (see _battles), found only when a magic asks
        soon = 1 if can_battle and state.phase == PH_MAIN and not mine.battled else 0
        best, best_score, top = self._best_play(state, me, mine, theirs, soon)
        chosen: WardAction | None = None
        if best is not None:
            index, facts, target, label = best
            chosen = make(Play, (index, facts.name, target, label))
        if not second and not side.summoned and top != -1e9 and (
                top - mine.facts.worth * (0.5 + 0.5 * mine.hp / mine.facts.hp) - 0.5 * mine.facts.hp - 20
                > best_score):
            for index, facts, sacrifices, primary in state.summon_options(me, normal=True):
                value = self._summon_value(state, me, index, sacrifices, primary)
                if value > best_score:
                    names = ([mine.facts.name] if primary else []) + [hand[j].name for j in sacrifices]
                    chosen, best_score = make(Summon, (index, facts.name, sacrifices, primary, ", ".join(names))), value
        if mine.facts.activated is not None and state.can_activate(mine):
            value = self._activate_value(state, me, mine)
            if value > best_score:
                chosen, best_score = make(Activate, (mine.uid, mine.facts.name)), value
        if second:
            return chosen or END_TURN
        if not can_battle:
            return chosen or END_MAIN
        if best_score >= 50.0 * BATTLE_SCALE:
            assert chosen is not None  # (a score above 0 is a move's)
            return chosen
        attack = self._combat(state, NO_BATTLE, best_score, BATTLE_SCALE)
        return attack if attack is not NO_BATTLE else chosen or NO_BATTLE

    def _best_play(self, state: WardState, me: int, mine: Creature, theirs: Creature | None,
                   soon: int) -> tuple[tuple[int, Facts, Any, str] | None, float, float]:
        """The best magic of the hand to play now (:meth:`_best_main`'s first part), as (index, card, target,
        label) or None, with its score; and the best worth of a creature in hand that needs a sacrifice (-1e9:
        none; see :meth:`_summon_bound`). ``soon`` is 1 when the primary creature may battle this turn (whether it
        will, :meth:`_battles`, is found only when a magic asks), else 0."""
        side = state.sides[me]
        hand = side.hand
        early = state.turn <= FIRST_CYCLE
        best: tuple[int, Facts, Any, str] | None = None  # (index, card, target, label) of the best play
        best_score = 0.0
        seen: list[Facts] = []
        top = -1e9  # the best worth of a creature in hand that needs a sacrifice (see _summon_bound)
        for index, facts in enumerate(hand):
            if not facts.main_play:
                if facts.need and facts.worth > top:
                    top = facts.worth
                continue
            if facts in seen:
                continue
            seen.append(facts)
            # the fast paths of quick_play, inlined (mine is not None here)
            kind = facts.qkind
            if kind:
                if kind == 1:  # damage to the enemy primary creature
                    if early or theirs is None:
                        continue
                    their = theirs.facts
                    if their.immune and state.effects_on(theirs):
                        continue
                    dealt = 0 if their.no_instant else facts.qamount
                    hp = theirs.hp
                    value = 0.0 + ((dealt if dealt < hp else hp) + (40 if dealt >= hp else 0))
                elif kind == 2:  # a change to the primary creature's stats
                    if facts.qsteady is not None:
                        value = facts.qsteady
                    else:
                        if soon == 1:
                            soon = 2 if self._attack_value(state, mine, theirs) > 0.0 else 0
                        assert facts.quick is not None  # (quick_play made one: qkind is set)
                        gain = facts.quick(state, side, mine, theirs, soon == 2)
                        assert gain is not None  # (None only without a primary creature)
                        value = gain
                else:  # healing the primary creature
                    amount = facts.qamount
                    missing = mine.facts.hp - mine.hp
                    value = 0.0 + ((amount if amount < missing else missing) - 0.4 * amount)
                if value > best_score:
                    best, best_score = (index, facts, None, ""), value
                continue
            quick = facts.quick_all
            if quick is not None:
                options = quick(state, side, mine)
                if options is not None:
                    for value, uid, label in options:
                        if value > best_score:
                            best, best_score = (index, facts, uid, label), value
                continue
            targets = state.play_targets(me, facts)
            if targets is None:
                continue
            if soon == 1:
                soon = 2 if self._attack_value(state, mine, theirs) > 0.0 else 0
            battle_soon = soon == 2
            for target, label in targets:
                value = self._value(state, me, facts, target, battle_soon, mine, theirs)
                if value > best_score:
                    best, best_score = (index, facts, target, label), value
        return best, best_score, top

    def choose(self, state: WardState, actions: Sequence[WardAction]) -> WardAction:
        if len(actions) == 1:
            return actions[0]
        kind = state.kind
        if kind == "combat":
            best, best_score = actions[-1], 0.0
            enemy = state.sides[1 - state.who].primary
            for action in actions:
                if type(action) is Attack:
                    value = self._attack_value(state, state.find_creature(action.uid), enemy)
                    if value > best_score:
                        best, best_score = action, value
            return best
        scorer = getattr(self, _SCORERS[kind])
        me = state.who
        best, best_score = actions[-1] if kind in ("main", "main2", "respond") else actions[0], -1e9
        if kind in ("main", "main2", "respond"):
            best_score = 0.0
        for action in actions:
            value = scorer(state, me, action)
            if value > best_score:
                best, best_score = action, value
        return best

    # -- combat --

    def _combat(self, state: WardState, best: WardAction = END_COMBAT, best_score: float = 0.0,
                scale: float = 1.0) -> WardAction:
        me = state.who
        side = state.sides[me]
        enemy = state.sides[1 - me].primary
        if enemy is not None:
            name = enemy.facts.name
            creature = side.primary
            if creature is not None and not creature.battled:
                value = self._attack_value(state, creature, enemy) * scale
                if value > best_score:
                    best, best_score = make(Attack, (creature.uid, creature.facts.name, name)), value
            for creature in side.limited:
                if creature.battled:
                    continue
                value = self._attack_value(state, creature, enemy) * scale
                if value > best_score:
                    best, best_score = make(Attack, (creature.uid, creature.facts.name, name)), value
        return best

    def _attack_value(self, state: WardState, creature: Creature | None, enemy: Creature | None) -> float:
        """How good a battle is: positive when the expected exchange favours the attacker over passing.

        Passing does not avoid the exchange: the opponent's primary creature battles on its own turn whenever
        the exchange favours it, which is whenever it does not favour this one. So a primary creature battles
        whenever its strike does some expected damage (net of the healing the enemy's hits give it), the more
        gladly the better the exchange; a Limited Summon (which takes no damage) battles only when its expected
        damage outweighs what the enemy's answering hits give the enemy (Grandfather Ursa's or Vampiric Fang's
        healing, cards drawn)."""
        if creature is None or enemy is None:
            return -1.0
        # exchange(state, creature, enemy) on the cached static profiles, itself cached while they hold
        sepoch = state.sepoch
        plain = not creature.temps and not enemy.temps and state.battle is None
        key = creature.xkey
        if plain and key is not None and key[0] is enemy and key[1] == sepoch:
            out, back = creature.xval
        else:
            pa = creature.pval if creature.skey == sepoch and plain else state.profile(creature)
            pd = enemy.pval if enemy.skey == sepoch and plain else state.profile(enemy)
            out = expected_damage(state, creature, enemy, pa, pd, plain and enemy.skey == sepoch)
            back = expected_damage(state, enemy, creature, pd, pa, plain and creature.skey == sepoch)
            if plain and creature.skey == sepoch and enemy.skey == sepoch:
                creature.xkey = (enemy, sepoch)
                creature.xval = (out, back)
                enemy.xkey = (creature, sepoch)
                enemy.xval = (back, out)
        dummy = state.sides[enemy.owner].dummy
        if out <= 0.0:
            return -1.0
        if not dummy and (enemy.facts.on_hit or enemy.equips):
            out -= _hit_gain(state, enemy, creature, out)
        if creature.limited:
            return 50.0 if out > 0.5 else -1.0
        if not dummy and (creature.facts.on_hit or creature.equips):
            back -= _hit_gain(state, creature, enemy, back)
        out /= enemy.hp if enemy.hp > 1 else 1
        hp = creature.hp
        back = 0.0 if dummy else back / (hp if hp > 1 else 1)
        # the battle is worth it when the exchange (in cemetery HP) is close enough: passing does not spare the
        # opponent's coming attack; when its strike likely kills (no answer, no coming attack from that
        # creature); or when declining would leave the game stalled
        if out * enemy.facts.hp >= self.ratio * back * creature.facts.hp or out >= 1.0 or (
                not dummy and self._is_stalled(state, creature, enemy, out * enemy.hp, back * hp)):
            value = 10.0 + 10 * out - 7 * back
            return 49.0 if value > 49.0 else (value if value > 1.0 else 1.0)
        return -1.0

    def _is_stalled(self, state: WardState, creature: Creature, enemy: Creature, out: float, back: float) -> bool:
        """Whether declining a battle that does not favour ``creature`` would stall the game: each creature heals
        back each turn cycle (a start-of-turn heal, a HOT) at least what a battle is expected to take from it,
        net of what its own hits heal it (``out``: the enemy's expected loss, ``back``: this creature's), so
        one battle a cycle from one side alone makes no progress, and only battles from both sides (and their
        dice) can. The policy does not stall: drawing out the time limit is a disqualification (15.1.4),
        whoever Time Out would favour."""
        return _regen(state, enemy) >= out and _regen(state, creature) >= back

    def _main(self, state: WardState, me: int, action: WardAction) -> float:
        side = state.sides[me]
        if type(action) is Play:
            return self._card_value(state, me, side.hand[action.index], action.target)
        if type(action) is Summon:
            return self._summon_value(state, me, action.index, action.sacrifices, action.primary)
        if type(action) is Activate:
            creature = state.find_creature(action.uid)
            assert creature is not None  # (a legal Activate)
            return self._activate_value(state, me, creature)
        if type(action) is KillOwn:
            return -100.0
        if type(action) is Attack:
            attacker = state.find_creature(action.uid)
            return self._attack_value(state, attacker, state.sides[1 - me].primary) * BATTLE_SCALE
        return 0.0

    def _summon_bound(self, state: WardState, me: int) -> float:
        """An upper bound of :meth:`_summon_value` over the normal summons possible now (with a primary creature:
        sacrifices only lower the value)."""
        side = state.sides[me]
        primary = side.primary
        assert primary is not None  # (a normal summon sacrifices the primary creature)
        best = -1e9
        for facts in side.hand:
            if facts.need and facts.worth > best:
                best = facts.worth
        if best == -1e9:
            return best
        current = primary.facts.worth * (0.5 + 0.5 * primary.hp / primary.facts.hp)
        return best - current - 0.5 * primary.facts.hp - 20

    def _activate_value(self, state: WardState, me: int, creature: Creature) -> float:
        return 8.0 if creature.hp > 25 and len(state.sides[me].hand) < 7 else -1.0

    def _summon_value(self, state: WardState, me: int, index: int, sacrifices: tuple[int, ...], field: bool) -> float:
        side = state.sides[me]
        facts = side.hand[index]
        value = facts.worth
        for j in sacrifices:
            sacrificed = side.hand[j]
            value -= 0.6 * sacrificed.worth + 0.5 * sacrificed.hp
        if sacrifices and side.cem_hp + _hp_sum(side.hand, sacrifices) > 200:
            value -= 60
        primary = side.primary
        if field and primary is not None:
            current = primary.facts.worth * (0.5 + 0.5 * primary.hp / primary.facts.hp)
            value -= current + 0.5 * primary.facts.hp + 20
            if side.cem_hp + primary.facts.hp > 200:
                value -= 60
            return value
        return 100.0 + value if primary is None else value

    def _card_value(self, state: WardState, me: int, facts: Facts, target: Any) -> float:
        side = state.sides[me]
        mine, theirs = side.primary, state.sides[1 - me].primary
        return self._value(state, me, facts, target, self._battles(state, me, mine, theirs), mine, theirs)

    def _battles(self, state: WardState, me: int, creature: Creature | None, theirs: Creature | None) -> bool:
        """Whether ``creature`` will battle this turn: it can, and the policy finds the battle worth it (so a
        "this turn" buff is played only on a creature about to battle)."""
        return (state.phase == PH_MAIN and creature is not None and theirs is not None and not creature.battled
                and state.can_battle(me) and self._attack_value(state, creature, theirs) > 0.0)

    def _value(self, state: WardState, me: int, facts: Facts, target: Any, battle_soon: bool,
               mine: Creature | None, theirs: Creature | None) -> float:
        side = state.sides[me]
        value = 0.0
        if facts.attach:
            host = state.find_creature(target)
            if host is None:
                return -1.0
            gain = equip_gain(facts)
            if facts.attach == "enemy_creature":
                value += gain * (0.5 + host.hp / max(1, host.facts.hp))
            else:
                value += own_equip_value(state, host, host is mine, facts, gain)
        if facts.infinite and not facts.attach:
            value += self._field_value(state, me, facts)
        for entry in facts.plays:
            value += self._entry_value(state, me, entry, target, battle_soon, mine, theirs)
        if facts.cost_damage and mine is not None:
            value -= facts.cost_damage * 0.6
            if mine.hp <= facts.cost_damage + 15:
                value -= 30
        if facts.infinite and len(side.magics.items) >= MAX_INFINITE - 1:
            value -= 3
        return value

    def _field_value(self, state: WardState, me: int, facts: Facts) -> float:
        side = state.sides[me]
        types = {c.facts.ctype for c in side.creatures()}
        deck = state.decklist(me)
        pool = _type_counts(deck)
        value = 0.0
        for stat, amount, kind in facts.aura_mods:
            if kind is None or kind in types:
                value += 2 * amount * STAT_WORTH[stat]
            elif pool.get(kind, 0) >= 3:
                value += amount * STAT_WORTH[stat]
            else:
                value -= 1
        for _amount, kind in facts.aura_armor:
            value += 8 if kind is None or kind in types else (3 if pool.get(kind, 0) >= 3 else -1)
        for trigger, entries in facts.triggers.items():
            for entry in entries:
                kind, target = entry["effect"], entry.get("target")
                wanted = (entry.get("condition") or {}).get("creature_type")
                fits = wanted is None or wanted in types or pool.get(wanted, 0) >= 3
                if trigger == "on_play":
                    continue
                if kind == "draw":
                    value += 12 if fits else -1
                elif kind == "heal":
                    value += 6
                elif kind == "revive":
                    value += 4 if fits else -1
                elif kind == "damage":
                    if target == "own_primary":
                        value -= 5
                    elif target == "all_primaries":
                        mine, theirs = side.primary, state.sides[1 - me].primary
                        value += 3 if mine is not None and theirs is not None and mine.hp > theirs.hp else -2
                        amount = int(entry.get("amount", 0))
                        if mine is not None and not mine.facts.no_instant and mine.hp <= 2 * amount:
                            value -= 30  # it would kill its own creature within two Combat phases
        return value

    def _entry_value(self, state: WardState, me: int, entry: Mapping[str, Any], target: Any, battle_soon: bool,
                     mine: Creature | None, theirs: Creature | None) -> float:
        kind, aim = entry["effect"], entry.get("target")
        side, foe = state.sides[me], state.sides[1 - me]
        if kind == "modify":
            return self._modify_value(state, me, entry, target, battle_soon, mine, theirs)
        if kind == "damage":
            if theirs is None:
                return -1.0
            if "percent" in entry:
                amount = theirs.hp * int(entry["percent"]) // 100
            elif "dice" in entry:
                amount = int(3.5 * int(entry["dice"]))
            else:
                amount = int(entry.get("amount", 0))
            if theirs.facts.no_instant and "percent" not in entry:
                amount = 0
            value = min(amount, theirs.hp) + (40 if amount >= theirs.hp else 0)
            if aim == "all_primaries" and mine is not None:
                hit = 0 if mine.facts.no_instant else min(int(entry.get("amount", 0)), mine.hp)
                value -= hit + (60 if hit >= mine.hp else 0)
            return value
        if kind == "damage_over_time":
            return 0.8 * int(entry["amount"]) * int(entry.get("cycles", 1)) if theirs is not None else -1.0
        if kind == "heal":
            if mine is None:
                return -1.0
            missing = mine.facts.hp - mine.hp
            amount = int(entry["amount"])
            return min(amount, missing) - 0.4 * amount
        if kind == "heal_over_time":
            if mine is None or mine.hot is not None:
                return -1.0
            missing = mine.facts.hp - mine.hp
            return 0.8 * min(int(entry["amount"]) * int(entry.get("cycles", 1)), missing) - 4
        if kind == "multiply_damage":
            creature = state.find_creature(target) if aim == "target_own_creature" else mine
            if creature is not None and creature is not mine:
                battle_soon = self._battles(state, me, creature, theirs)
            if not battle_soon or creature is None or theirs is None:
                return -5.0
            strike = expected_strike(state, creature, theirs)
            hp = theirs.hp
            more = strike * int(entry["factor"])
            return ((more if more < hp else hp) - (strike if strike < hp else hp)) * 0.8 - 1.0
        if kind == "strike_first":
            creature = state.find_creature(target) if aim == "target_own_creature" else mine
            if creature is not None and creature is not mine:
                battle_soon = self._battles(state, me, creature, theirs)
            if not battle_soon or creature is None or theirs is None or state.strikes_first(creature):
                return -2.0
            return 4.0 if state.profile(creature)[SPD] <= state.profile(theirs)[SPD] else -2.0
        if kind == "draw":
            return 9.0 * int(entry.get("amount", 1)) if len(side.hand) <= 6 and side.deck else 1.0
        if kind == "discard":
            return 5.0 * min(len(foe.hand), int(entry.get("amount", 1)))
        if kind == "search_deck":
            return 12.0
        return self._board_value(state, me, entry, target)

    def _modify_value(self, state: WardState, me: int, entry: Mapping[str, Any], target: Any, battle_soon: bool,
                      mine: Creature | None, theirs: Creature | None) -> float:
        """What a change to a creature's stats is worth (:meth:`_entry_value` of a ``modify`` entry)."""
        aim = entry.get("target")
        stat = STATS[entry["stat"]]
        amount = int(entry["amount"])
        lasting = entry.get("duration") == "turn_cycles"
        if aim in ("own_primary", "target_own_creature"):
            creature = state.find_creature(target) if aim == "target_own_creature" else mine
            if creature is None:
                return -1.0
            if stat == AL:
                return al_value(state, creature, amount, creature is mine)
            if creature is not mine:
                battle_soon = self._battles(state, me, creature, theirs)
            if stat == SPD:
                if not battle_soon or theirs is None:
                    return -2.0
                slower = state.profile(creature)[SPD] <= state.profile(theirs)[SPD]
                return (3.0 if slower and state.profile(creature)[SPD] + amount > state.profile(theirs)[SPD]
                        else -2.0)
            return amount * STAT_WORTH[stat] if battle_soon or lasting else -2.0
        if aim == "enemy_primary":
            if theirs is None:
                return -1.0
            return -amount * STAT_WORTH[stat] * (1.0 if battle_soon or lasting else 0.5)
        return 0.0

    def _board_value(self, state: WardState, me: int, entry: Mapping[str, Any], target: Any) -> float:
        """What an effect on the cemetery, the field or the magics is worth (:meth:`_entry_value` of a
        ``revive``, ``summon``, ``destroy`` or ``prevent`` entry; 0 for any other kind)."""
        kind, aim = entry["effect"], entry.get("target")
        side, foe = state.sides[me], state.sides[1 - me]
        if kind == "revive":
            to = entry.get("to")
            pool = [f for f in side.cemetery if f.is_creature and matches(f, entry.get("condition"))]
            if not pool:
                return -1.0
            if entry.get("amount") == "all":
                return 0.3 * sum([f.hp for f in pool])
            if to == "deck":
                return 0.3 * sum(sorted([f.hp for f in pool], reverse=True)[:int(entry.get("amount", 1))])
            if to == "field":
                return 16.0
            return 8.0 + 0.1 * max([f.worth for f in pool])
        if kind == "summon":
            return 16.0
        if kind == "destroy":
            if aim == "all_enemy_magics":
                return 10.0 * len(foe.magics.items)
            if aim == "all_magics":
                return 10.0 * (len(foe.magics.items) - len(side.magics.items))
            magic = state.find_magic(target) if target is not None else None
            if magic is None:
                return -1.0
            return 10.0 + magic.facts.worth / 4 if magic.owner != me else -20.0
        if kind == "prevent":
            return 6.0
        return 0.0

    # -- choices --

    def _mulligan(self, state: WardState, me: int, action: Choose) -> float:
        hand = state.sides[me].hand
        low = creatures = 0
        for f in hand:
            if f.is_creature:
                creatures += 1
                if f.need == 0:
                    low += 1
        redo = low == 0 or creatures >= 4 or creatures == len(hand)
        return 1.0 if action.option == redo else 0.0

    def _discard(self, state: WardState, me: int, action: Choose) -> float:
        facts: Facts = state.sides[me].hand[action.option]
        return -(facts.worth + (facts.hp if facts.is_creature else 0))

    def _replace(self, state: WardState, me: int, action: Summon) -> float:
        return self._summon_value(state, me, action.index, action.sacrifices, action.primary)

    def _promote(self, state: WardState, me: int, action: Choose) -> float:
        creature = state.find_creature(action.option)
        return creature.facts.worth if creature is not None else 0.0

    def _pick_card(self, state: WardState, me: int, action: Choose) -> float:
        if action.option is None:
            return -1.0
        option = action.option
        facts = option if type(option) is Facts else state.sides[me].hand[option]
        return facts.worth + (facts.hp if state.kind == "revive" else 0)

    def _destroy(self, state: WardState, me: int, action: Choose) -> float:
        magic = state.find_magic(action.option)
        if magic is None:
            return 0.0
        return magic.facts.worth if magic.owner != me else -magic.facts.worth

    def _yes(self, state: WardState, me: int, action: Choose) -> float:
        if state.kind == "pact":
            assert state.topic is not None  # (the strike the pact is for)
            strike = state.topic[0]
            return 1.0 if action.option == _is_pact_worth(state, strike) else 0.0
        return 1.0 if action.option else 0.0

    def _respond(self, state: WardState, me: int, action: WardAction) -> float:
        if type(action) is not Respond:
            return 0.0
        assert state.window is not None  # (a response window is open)
        event, answers = state.window
        side = state.sides[me]
        if action.index >= 0:
            facts = side.hand[action.index]
        else:
            creature = state.find_creature(action.uid)
            assert creature is not None  # (a creature's response)
            facts = creature.facts
        if event == EV_MAGIC or event == EV_EFFECT:
            if type(answers) is not Item:
                return -1.0
            harmful = answers.facts.hostile or (answers.facts.negates and answers.answers is not None) or (
                answers.summon and answers.facts.al >= 9)
            if not harmful:
                return -1.0
            bonus = 0.0
            for entry in facts.responses:
                if entry["effect"] == "damage":
                    bonus += 5
                if entry["effect"] == "destroy" and entry.get("target") == "target_enemy_magic":
                    bonus += 3 if state.sides[1 - me].magics.items else -2
            if facts.cost_discard:
                bonus -= 3
            return 10.0 + answers.facts.worth / 10 + bonus
        strike = state.topic[0] if state.topic else None
        if event == EV_HIT_ROLL and type(answers) is Strike:
            assert state.topic is not None  # (the Hit Roll's strike, bonus and AL)
            _, roll_bonus, al = state.topic
            hit, crit, _ = judge_hit(answers.dice, roll_bonus + answers.bonus, al)
            if not hit:
                return -1.0
            for entry in facts.responses:
                if entry["effect"] == "modify":
                    total = sum(answers.dice) + roll_bonus + answers.bonus + int(entry["amount"])
                    return 12.0 if not crit and total < al else -1.0
                if entry["effect"] == "negate":
                    return 6.0 + expected_strike(state, answers.attacker, answers.defender) / 2
            return -1.0
        if event == EV_HIT_TAKEN and strike is not None:
            for entry in facts.responses:
                if entry["effect"] == "reroll":
                    return 8.0
                if entry["effect"] == "modify":
                    battle = strike.battle
                    answers_back = battle is not None and battle.first is strike.attacker
                    return 6.0 if answers_back else -1.0
            return -1.0
        if event == EV_DAMAGE:
            mine = side.primary
            return 8.0 if mine is not None and mine.facts.hp - mine.hp >= 10 else -1.0
        if event == EV_BATTLE and type(answers) is Battle:
            mine = answers.defender
            danger = expected_strike(state, answers.attacker, mine) * 1.5
            return 10.0 if mine.hp <= danger and mine.facts.need == 0 else -1.0
        return -1.0


def _hit_gain(state: WardState, hitter: Creature, hit: Creature, dealt: float) -> float:
    """What ``hitter``'s side expects to gain from its hits on ``hit`` beyond the Attack Damage, in HP: the
    healing of its own "when it hits" effects (once per turn) and its Equips' (Vampiric Fang), up to what it
    will be missing after taking ``dealt``, and 8 for each card drawn (for the greedy policy)."""
    heal = cards = 0
    entries: list[Mapping[str, Any]] = []
    if hitter.facts.on_hit and not hitter.used & 2 and state.effects_on(hitter):
        entries.extend(hitter.facts.on_hit)
    for magic in hitter.equips:
        entries.extend(magic.facts.on_hit)
    for entry in entries:
        kind = entry["effect"]
        if kind == "heal":
            heal += int(entry["amount"])
        elif kind == "draw":
            cards += int(entry.get("amount", 1))
    if not heal and not cards:
        return 0.0
    missing = hitter.facts.hp - hitter.hp + dealt
    gain = (heal if heal < missing else (missing if missing > 0.0 else 0.0)) + 8.0 * cards
    pa, pd = state.profile(hitter), state.profile(hit)
    return hit_chance(pa[HITD], pd[AL] - pa[MOD] - pa[HITB]) * gain


def _regen(state: WardState, creature: Creature) -> int:
    """The HP ``creature`` heals back each turn cycle by itself: its start-of-turn heals and its HOT."""
    regen = 0
    if creature.facts.start and state.effects_on(creature):
        for entry in creature.facts.triggers["start_of_turn"]:
            if entry["effect"] == "heal":
                regen += int(entry["amount"])
    if creature.hot is not None:
        regen += creature.hot[0]
    return regen


def _is_pact_worth(state: WardState, strike: Strike) -> bool:
    """Whether Blood Pact Fiend's 10 HP buy anything: it can spare them, the hit creature takes damage, and its
    strike is not already expected to kill (no HP paid for overkill)."""
    a, d = strike.attacker, strike.defender
    if a.hp <= 25 or d.limited:
        return False
    pa = state.profile(a)
    damage = 3.5 * pa[ATKD] + pa[MOD] + pa[DMGB]
    for factor in state.multipliers(a):
        damage *= factor
    reduction = state.armor(d, pa[AL])
    if reduction is None:
        return False
    return damage - reduction < d.hp


_TYPE_COUNTS: Final[dict[int, tuple[Sequence[Facts], dict[str, int]]]] = {}


def _type_counts(cards: Sequence[Facts]) -> dict[str, int]:
    """How many creatures of each type a decklist holds (cached per compiled deck)."""
    entry = _TYPE_COUNTS.get(id(cards))
    if entry is None or entry[0] is not cards:
        counts: dict[str, int] = {}
        for facts in cards:
            if facts.is_creature:
                counts[facts.ctype] = counts.get(facts.ctype, 0) + 1
        entry = _TYPE_COUNTS[id(cards)] = (cards, counts)
    return entry[1]


def _hp_sum(hand: list[Facts], indices: Sequence[int]) -> int:
    total = 0
    for j in indices:
        total += hand[j].hp
    return total
