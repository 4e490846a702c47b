"""Wentworth's state, second layer: the passive effects of what is in play, and what they make of each guardian
(roll power, life, roll effects, restrictions) and of each card's cost."""

from __future__ import annotations

from typing import Any

from .base import StateBase
from .board import (
    _CARD_TYPES,
    ALL,
    ATTACK,
    DEFENSE,
    ENEMY,
    FRIENDLY,
    OTHERS,
    P_ALL,
    P_BOUND,
    P_CTRL,
    P_EXTRA,
    P_HASTE,
    P_LIFE,
    P_NOATTACK,
    P_NODEFEND,
    P_NOENTRY,
    P_PREVENT_G,
    P_ROLL,
    P_RP,
    W_MAIN,
    Binding,
    Env,
    Guardian,
    _by_age,
    _touches,
)
from .dice import sequence
from .facts import Eff, Facts


def reaches(source: Any, controller: int, scope: int, player: int) -> bool:
    """Whether a passive on players (a cost or a prevention effect) of ``scope`` reaches ``player``: its controller
    (``P_CTRL``), the player ``source`` is bound to (``P_BOUND``, ``source`` a binding) or every player (``P_ALL``)."""
    if scope == P_CTRL:
        return controller == player
    if scope == P_BOUND:
        return bool(source.player == player)
    return scope == P_ALL


class PassiveState(StateBase):
    """The passives in play (``glob``, ``src_*``) kept up to date as cards come and go, and the stats they give."""

    def refresh(self) -> None:
        """Bring every guardian's stats and the lists of what is in play up to date after the board changed (``dirty``
        set): a policy calls it before it reads the stats of guardians directly (``rp``, ``m_att``, ``est_a``, ...)."""
        if self.dirty:
            self._rebuild()

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

    def _passives_on(self, g: Guardian,
                     glob: list[tuple[int, Any, int, int, Eff]]) -> list[tuple[int, Eff, int]] | None:
        """The passives that reach guardian ``g``: (kind, effect, controller) of its own, its bindings', its
        player's bindings' and ``glob``'s (None: none does)."""
        owner = g.owner
        facts = g.facts
        entries = [(kind, eff, owner) for kind, eff in facts.p_self] if facts.p_self else None
        for b in g.bindings:
            if b.facts.p_attached:
                if entries is None:
                    entries = []
                for kind, eff in b.facts.p_attached:
                    entries.append((kind, eff, b.owner))
        side = self.sides[owner]
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
        return entries

    def _stats(self, guardians: list[Guardian], glob: list[tuple[int, Any, int, int, Eff]]) -> None:
        """Each guardian's passive stats: roll power, life, roll effects and the rest (conditions that depend
        on the moment, such as "attacking", are kept aside in ``dyn`` and checked when asked)."""
        for g in guardians:
            facts = g.facts
            entries = self._passives_on(g, glob)
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
        return int(sequence(dice, self.roll_mods(g, mask), g.owner, self.n))

    def roll_estimate(self, g: Guardian, dice: float, mask: int) -> float:
        """roll_total() for an expected dice sum (3.5 a die)."""
        return sequence(dice, self.roll_mods(g, mask), g.owner, self.n)

    def estimate(self, g: Guardian, mask: int) -> float:
        """The expected roll total of ``g`` (3.5 a die, then its effects)."""
        if self.dirty:
            self._rebuild()
        if g.dyn or g.temps or self.c_mods:
            return self.roll_estimate(g, 3.5 * self.roll_power(g), mask)
        if mask == ATTACK:
            value = g.est_a
            if value is None:
                value = g.est_a = sequence(3.5 * g.rp, g.m_att, g.owner, self.n) if g.m_att else 3.5 * g.rp
        else:
            value = g.est_d
            if value is None:
                value = g.est_d = sequence(3.5 * g.rp, g.m_def, g.owner, self.n) if g.m_def else 3.5 * g.rp
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
            if not reaches(src, ctrl, scope, player):
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
            if not reaches(src, ctrl, scope, player):
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
            if reaches(src, ctrl, scope, player):
                total += eff.amount
        return total
