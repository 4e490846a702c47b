"""The greedy policy of Mage Warfare, its first layer: Battles (the Move to make), blocks (which card blocks an
attacker), and the reactive windows before a block and before a Move (a Spell or ability that turns the Battle)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from .board import (
    ADVANCE,
    ADVANCE_STRIKE,
    CLOSE,
    EXP_TURN,
    FLYER,
    LONG,
    MEDIUM,
    MOVE_AT,
    RETREAT,
    SLOW,
    SPELL,
    STEALTH,
    STRIKE,
    Activate,
    Battle,
    Block,
    Create,
    MageAction,
    Mod,
    Move,
    TableSpell,
    Unit,
    key_of,
    min3,
)
from .facts import Eff
from .policy_estimates import (
    INF,
    SIGS,
    closing_moves,
    hits_against,
    signature_of,
    strength_key,
    toughness_of,
)
from .state import MageState

_LET_THROUGH: Final[dict[str, Block]] = {}
"""Greedy's "let it through" Block action for each attacker name (actions are immutable, so they are shared)."""


_Reaction = tuple[Any, Sequence[Eff], Unit | None, Unit | None, float]
"""A Spell or ability for Greedy's reactive window: (its source: a hand index, a Spell on the table or a card with the
ability; its effects; its target card; the card using it; its cost)."""
_REACT_KINDS: Final = frozenset(("heal", "damage", "modify", "grant_keyword"))
"""The effects Greedy weighs in a reactive window (see Greedy._reaction_options)."""


def _damage_sum(effects: Sequence[Eff]) -> int:
    return sum(e.amount for e in effects if e.kind == "damage")


def _deploys(effects: Sequence[Eff]) -> bool:
    return any(e.deploy for e in effects)


def _gives_flyer(effects: Sequence[Eff]) -> bool:
    return any(e.kind == "grant_keyword" and e.bits & FLYER for e in effects)


class GreedyBattles:
    """What the greedy player does in Battles, blocks and reactive windows (see :class:`~.policies.Greedy`)."""

    # -- battles --

    def _threats(self, state: MageState, me: Unit, opp: Unit) -> tuple[int, int, int]:
        """How many hits of the other card Kill mine if the Battle is fought at long, medium and close range (INF:
        none do). The other card may close in, so its threat at a range is its best at that range or a closer one.
        Both cards' stats must be fresh (``refresh``)."""
        theirs = opp.atk
        if me.shield is None:
            left = me.st[3] - me.damage
            red = me.red
            h0, h1, h2 = theirs[0] - red, theirs[1] - red, theirs[2] - red
            h0 = INF if h0 <= 0 else -(-left // h0)
            h1 = INF if h1 <= 0 else -(-left // h1)
            h2 = INF if h2 <= 0 else -(-left // h2)
        else:
            to_me = toughness_of(state, me, opp)
            h0 = hits_against(theirs[0], to_me)
            h1 = hits_against(theirs[1], to_me)
            h2 = hits_against(theirs[2], to_me)
        if opp.flags & SLOW:
            return min3(h0, h1 + 1, h2 + 2), min(h1, h2 + 1), h2
        return min3(h0, h1, h2 + 1), min(h1, h2), h2

    def _plan(self, state: MageState, me: Unit, opp: Unit, r: int, my_stealth: bool,
              opp_stealth: bool) -> tuple[int, int]:
        """(moves I need, range to fight at) of my best winning plan from range ``r`` (INF: none). The other
        card may close in, so its threat at a range is its best at that range or a closer one."""
        state.keep_fresh(me)
        state.keep_fresh(opp)
        mine = me.atk
        if opp.shield is None:
            red = opp.red
            left = opp.st[3] - opp.damage
            n0, n1, n2 = mine[0] - red, mine[1] - red, mine[2] - red
            need = (INF if n0 <= 0 else -(-left // n0), INF if n1 <= 0 else -(-left // n1),
                    INF if n2 <= 0 else -(-left // n2))
        else:
            to_opp = toughness_of(state, opp, me)
            need = (hits_against(mine[0], to_opp), hits_against(mine[1], to_opp),
                    hits_against(mine[2], to_opp))
        threats = self._threats(state, me, opp)
        slow = me.flags & SLOW
        extra = (1 if opp_stealth else 0)
        cover = (1 if my_stealth else 0)
        best_moves, best_target = INF, r
        for target in range(r, 3):
            n = need[target]
            if n >= INF:
                continue
            moves = n + extra + closing_moves(r, target, slow)
            if moves <= threats[target] + cover and moves <= 12 and moves < best_moves:
                best_moves, best_target = moves, target
        return best_moves, best_target

    def _battle_move(self, state: MageState) -> MageAction:
        b = state.battle
        assert b is not None  # (the Battle being fought)
        s = b.mover
        me, opp = b.u[s], b.u[1 - s]
        key = (signature_of(state, me), signature_of(state, opp), b.range, b.stealth[s], b.stealth[1 - s])
        moves: dict[tuple[int, int, int, bool, bool], tuple[Move | None, bool]] = SIGS[3]
        entry = moves.get(key)
        if entry is None:
            if len(moves) > 200_000:  # (a bound on memory; the moves are found again when needed)
                moves.clear()
            entry = moves[key] = self._best_move(state, me, opp, b)
        if entry[1] and state.battle_window and state.may_react(me.ctrl):  # losing: the window before this Move may
            # turn the Battle
            reaction = self._battle_reaction(state, b, me, opp)
            if reaction is not None:
                return reaction
        move = entry[0]
        assert move is not None  # (_best_move names only Moves there are at the range)
        return move

    def _trade_range(self, state: MageState, me: Unit, opp: Unit, r: int, my_stealth: bool,
                     opp_stealth: bool) -> int | None:
        """The range at which this card, which cannot win the Battle from range ``r`` with the Move, still Kills the
        other card as it falls: the hits it gets in before the other card Kills it (the other card may close in, as in
        :meth:`_plan`), then its Parting Shot (half its attack at that range), finish the other card. None: there is
        no such range (a Shield or Stealth in the Battle: not estimated)."""
        if me.shield is not None or opp.shield is not None or my_stealth or opp_stealth:
            return None
        state.keep_fresh(me)
        state.keep_fresh(opp)
        red, left = opp.red, opp.st[3] - opp.damage
        threats = self._threats(state, me, opp)
        slow = me.flags & SLOW
        mine = me.atk
        for target in range(r, 3):
            per = mine[target] - red
            if per <= 0:
                continue
            hits = threats[target] - closing_moves(r, target, slow)
            if hits < 1 or hits >= INF:
                continue
            if per * hits + max(mine[target] // 2 - red, 0) >= left:
                return target
        return None

    def _best_move(self, state: MageState, me: Unit, opp: Unit, b: Battle) -> tuple[Move | None, bool]:
        """Fight at the range where this card wins the exchange soonest; when it cannot win, fight on where it trades
        (:meth:`_trade_range`: it Kills the other card as it falls), else retreat: (the Move, whether the card is
        losing: a trade counts as losing, so the window before the Move may still turn the Battle into a win)."""
        s, r = b.mover, b.range
        stealth = b.stealth
        moves, target = self._plan(state, me, opp, r, stealth[s], stealth[1 - s])
        if moves >= INF:
            trade = self._trade_range(state, me, opp, r, stealth[s], stealth[1 - s])
            if trade is not None:  # it falls, but Kills the other card as it does: fight on
                if trade == r:
                    return MOVE_AT[STRIKE][r], True
                if me.flags & SLOW or me.atk[r + 1] <= 0:
                    return MOVE_AT[ADVANCE][r], True
                return MOVE_AT[ADVANCE_STRIKE][r], True
            if stealth[s] or hits_against(max(opp.atk[:r + 1]), toughness_of(state, me, opp)) > 1:
                return MOVE_AT[RETREAT][r], True
            return MOVE_AT[STRIKE][r], True
        if target == r:
            return MOVE_AT[STRIKE][r], False
        if me.flags & SLOW or me.atk[r + 1] <= 0:
            return MOVE_AT[ADVANCE][r], False
        return MOVE_AT[ADVANCE_STRIKE][r], False

    def _estimate_holds(self, state: MageState, attacker: Unit, blocker: Unit) -> bool:
        sa = bool(state.flags(attacker) & STEALTH)
        sb = bool(state.flags(blocker) & STEALTH)
        if sa and sb:
            sa = sb = False
        return self._plan(state, attacker, blocker, LONG, sa, sb)[0] >= INF

    def _block(self, state: MageState) -> MageAction:
        attacker = state.cur
        assert attacker is not None  # (the attacker to block)
        name = attacker.facts.name
        best_key: tuple[int, ...] | None
        best, best_key = None, None
        cached = state.cache
        blockers = cached[1] if type(cached) is tuple and cached[0] is attacker else state.blockers()  # (blockers)
        memo: dict[int, dict[int, bool]] = SIGS[2]
        stamp = state.stamp
        gen: int = SIGS[0]
        sig = attacker.sig  # the signature cached on the card (see signature_of), if still good
        if (sig is not None and attacker.stamp == stamp and sig[1] is None and attacker.shield is None
                and sig[0] == attacker.damage and sig[3] == gen):
            sa = sig[4]
        else:
            sa = signature_of(state, attacker)
        known = memo.get(sa)
        if known is None:
            known = memo[sa] = {}
        trader = trade_key = None
        for b in blockers:
            sig = b.sig  # the signature cached on the card (see signature_of), if still good
            if (sig is not None and b.stamp == stamp and sig[1] is None and b.shield is None and sig[0] == b.damage
                    and sig[3] == gen):
                sb = sig[4]
            else:
                sb = signature_of(state, b)
            verdict = known.get(sb)
            if verdict is None:
                verdict = known[sb] = self._estimate_holds(state, attacker, b)
            if verdict:
                key: tuple[int, ...] = (0 if b.facts.guard else 1, b.facts.cost, b.uid)
                if best_key is None or key < best_key:
                    best, best_key = b, key
            elif best is None:
                trade = known.get(~sb)  # (trade verdicts are kept under the complement of the blocker's number)
                if trade is None:
                    trade = known[~sb] = self._is_trade(state, attacker, b)
                if trade and (trade_key is None or (b.facts.cost, b.uid) < trade_key):
                    trader, trade_key = b, (b.facts.cost, b.uid)
        if best is None and attacker.facts.guard:
            free = state.attacks(attacker)[LONG]
            for b in blockers:
                if hits_against(free, toughness_of(state, b, attacker)) > 1:
                    key = (b.facts.cost, b.uid)
                    if best_key is None or key < best_key:
                        best, best_key = b, key
        if best is None and (not blockers or state.may_react(state.cur_seat)):  # the window before choosing a blocker
            # (with no card that may block, the window is open only because the player may react: see _proceed)
            reaction = self._block_reaction(state, attacker, blockers)
            if reaction is not None:
                return reaction
        if best is None:
            best = trader
        if best is None and blockers and attacker.best >= state.sides[state.cur_seat].hp:
            best = max(blockers, key=strength_key)  # (a lethal hit: a Battle is the last chance)
        if best is None:
            through = _LET_THROUGH.get(name)
            if through is None:
                through = _LET_THROUGH[name] = Block(None, "", name)
            return through
        return Block(best.uid, best.facts.name, name)

    def _is_trade(self, state: MageState, attacker: Unit, b: Unit) -> bool:
        """Whether blocker ``b``, which would not stop ``attacker``, Kills it as it falls: the hits it gets in before
        the attacker Kills it, then its Parting Shot (half its attack), finish the attacker (at b's best range).
        A trade stops the attack and earns the attacker's Flesh, so greedy blocks with the cheapest such card."""
        to_a = toughness_of(state, attacker, b)
        if to_a[1] > 0:  # (a Shielded attacker: not estimated)
            return False
        to_b = toughness_of(state, b, attacker)
        atk = attacker.atk
        need = min3(hits_against(atk[LONG], to_b), hits_against(atk[MEDIUM], to_b), hits_against(atk[CLOSE], to_b))
        if need >= INF:
            return False
        red, left = to_a[2], to_a[3]
        for hit in b.atk:
            if hit > 0 and max(hit - red, 0) * (need - 1) + max(hit // 2 - red, 0) >= left:
                return True
        return False

    # -- reactive windows --

    def _reaction_options(self, state: MageState, p: int, wanted: tuple[Unit, ...]) -> list[_Reaction]:
        """(source, its effects, its target card, the card using it, its cost) for each Spell or ability player ``p``
        may use in the window now (among the actions :meth:`MageState._reactions` lists) whose effect (heal, damage, a
        change of stats or keywords) lands on one of the cards ``wanted``: the targeted ones aimed at those cards only,
        the others (an ability on the card itself) only when used by one of them. The source (a hand index, a Spell on
        the table or a card with the ability) becomes the action by :meth:`_reaction_action`."""
        side = state.sides[p]
        flesh = side.flesh
        out: list[_Reaction] = []
        seen = None
        for i, f in enumerate(side.hand):
            if f.type != SPELL or f.cost > flesh or f.reaction:
                continue
            pick = f.pick
            if pick is None or pick.kind not in _REACT_KINDS:
                continue
            if seen is None:
                seen = [f]
            elif f in seen:
                continue
            else:
                seen.append(f)
            for t in wanted:
                if state.can_target(p, pick, f.harmful, t):
                    out.append((i, f.on_play, t, None, f.cost))
        for spell in side.table:
            f = spell.facts
            pick = f.pick
            if spell.active or spell.uses <= 0 or f.cost > flesh or f.reaction or pick is None:
                continue
            if pick.kind not in _REACT_KINDS:
                continue
            for t in wanted:
                if state.can_target(p, pick, f.harmful, t):
                    out.append((spell, f.on_play, t, None, f.cost))
        if state.gear_acts[p] or side.hexes:
            sources = state.ability_sources(p)
        else:  # (the cards' own abilities: MageState.payable inlined)
            kept = state.roster_of(side)
            sources = []
            for u in kept[3]:
                if u.disabled or u.chains:
                    continue
                for e in u.facts.activated:
                    if e.flesh > flesh or e.bcost > u.bloodc or (e.deploy and (u.deployed or u.helping)):
                        continue
                    if u.shield is not None and e.tw not in (None, "this", "you"):
                        continue
                    sources.append((u, e, u))
        done = None
        for obj, e, user in sources:
            if e.kind not in _REACT_KINDS:
                continue
            cost = e.penalty + e.bcost
            if e.targeted:
                if done is None:
                    done = [e]
                elif e in done:  # (another copy's: the same targets and values)
                    continue
                else:
                    done.append(e)
                for t in wanted:
                    if state.can_target(p, e, e.harmful, t):
                        out.append((obj, (e,), t, user, cost))
            elif user in wanted:
                out.append((obj, (e,), None, user, cost))
        return out

    @staticmethod
    def _reaction_action(state: MageState, p: int, source: Any, target: Any) -> MageAction:
        """The action for a source of :meth:`_reaction_options` and its target."""
        kind = type(source)
        if kind is int:
            f = state.sides[p].hand[source]
            return Create(source, f.name, *state.target_ref(p, target))
        if kind is TableSpell:
            return Create(source.sid, source.facts.name, *state.target_ref(p, target), True)
        if target is None:
            return Activate(key_of(source), source.facts.name)
        return Activate(key_of(source), source.facts.name, *state.target_ref(p, target))

    def _try_effects(self, state: MageState, effects: Sequence[Eff], target: Unit | None,
                     user: Unit | None) -> list[tuple[Unit, int | None, Mod | None]]:
        """Apply the effects' changes to cards for an estimate (undone by :meth:`_undo`): what was changed."""
        undo: list[tuple[Unit, int | None, Mod | None]] = []
        for e in effects:
            tw = e.tw
            t = target if e.targeted else user if tw is None or tw == "this" or tw == "user" else None
            if type(t) is not Unit:
                continue
            if e.cond is not None and e.cond.role is None and not e.cond.ok(t.facts, state.flags(t)):
                continue
            kind = e.kind
            if kind == "heal" or kind == "damage":
                undo.append((t, t.damage, None))
                t.damage = max(0, t.damage - e.amount) if kind == "heal" else t.damage + e.amount
            elif kind == "modify" or kind == "grant_keyword":
                mod = (e.idxs, e.amount, e.bits, e.blood, EXP_TURN)
                t.mods.append(mod)
                state.touch(t)
                undo.append((t, None, mod))
        return undo

    def _undo(self, state: MageState, undo: list[tuple[Unit, int | None, Mod | None]]) -> None:
        for t, damage, mod in reversed(undo):
            if mod is None:
                assert damage is not None  # (a change of damage)
                t.damage = damage
            else:
                t.mods.remove(mod)
                state.touch(t)

    def _battle_reaction(self, state: MageState, b: Battle, me: Unit, opp: Unit) -> MageAction | None:
        """A Spell or ability before this Move (the card is losing the Battle) that turns the Battle: the
        cheapest one that Kills the other card outright, or after which this card wins (a heal on it, damage to the
        other card, a bonus). None: fight on (or retreat) as usual."""
        s = b.mover
        stealth = b.stealth
        best, best_key = None, None
        for source, effects, target, user, cost in self._reaction_options(state, me.ctrl, (me, opp)):
            undo = self._try_effects(state, effects, target, user)
            if not undo:
                continue
            kills = state.dead(opp)
            wins = kills or self._plan(state, me, opp, b.range, stealth[s], stealth[1 - s])[0] < INF
            self._undo(state, undo)
            if wins:
                key = (0 if kills else 1, cost)
                if best_key is None or key < best_key:
                    best, best_key = (source, target), key
        return None if best is None else self._reaction_action(state, me.ctrl, *best)

    def _verdicts(self, state: MageState, attacker: Unit, b: Unit, trade: bool) -> tuple[bool, bool]:
        """(whether ``b`` would stop ``attacker``, whether it would trade with it (asked only with ``trade``)),
        remembered by the two cards' signatures as :meth:`_block` does."""
        memo: dict[int, dict[int, bool]] = SIGS[2]
        sa = signature_of(state, attacker)
        known = memo.get(sa)
        if known is None:
            known = memo[sa] = {}
        sb = signature_of(state, b)
        holds = known.get(sb)
        if holds is None:
            holds = known[sb] = self._estimate_holds(state, attacker, b)
        if holds or not trade:
            return holds, False
        trades = known.get(~sb)
        if trades is None:
            trades = known[~sb] = self._is_trade(state, attacker, b)
        return False, trades

    def _block_reaction(self, state: MageState, attacker: Unit, reach: list[Unit]) -> MageAction | None:
        """Before choosing a blocker (``reach``: the cards that may block now), when none would stop the attacker: the
        cheapest Spell or ability that Kills the attacker (its attack stops), or makes a card stop it (damage to the
        attacker, a heal or a bonus on a blocker, Wings of the Gale on a card against a Flyer); against a hit that
        would Kill the Mage, one that gives a blocker when there is none. None: block (or not) as usual. (Spending one
        only to make a trade was tried: greedy Hollowmere mirrors then ended in board stalls at the turn cap in 27
        games of 1000, against 2 without.)"""
        p = state.cur_seat
        state.keep_fresh(attacker)
        u: Unit | None
        flyer = attacker.flags & FLYER
        lethal = not reach and attacker.best >= state.sides[p].hp
        wanted = list(reach)
        if flyer:  # (a card that is no Flyer may block it if it is made one)
            phase = state.attacks_begun
            for u in state.sides[p].units:
                if (u.deployed and not state.deployed_block) or u.disabled or u.chains or u.helping or u in reach:
                    continue
                if state.is_free_to_block(u, phase):
                    wanted.append(u)
        if not wanted:  # nothing could block: only Killing the attacker helps
            left = attacker.st[3] - attacker.damage
            best, best_cost = None, None
            for source, effects, _, _, cost in self._reaction_options(state, p, (attacker,)):
                if _damage_sum(effects) >= left and (
                        best_cost is None or cost < best_cost):
                    best, best_cost = source, cost
            return None if best is None else self._reaction_action(state, p, best, attacker)
        best, best_key = None, None
        wanted.append(attacker)
        for source, effects, target, user, cost in self._reaction_options(state, p, tuple(wanted)):
            deploys = _deploys(effects)
            if target is None and deploys and not state.deployed_block:
                continue  # (a card Deploying for an ability on itself cannot block)
            if target is not attacker and target is not None and flyer and target not in reach and not _gives_flyer(
                    effects):
                continue  # (it would still not reach the Flyer)
            undo = self._try_effects(state, effects, target, user)
            if not undo:
                continue
            used = user if deploys and not state.deployed_block else None  # (Deployed: it cannot block)
            if state.dead(attacker):
                score = 3
            else:
                score = 0
                # Damage to the attacker changes every blocker's Battle; anything else only its target's.
                for u in (reach if target is attacker else (target,) if target is not None else (user,)):
                    if u is used or u is None:
                        continue
                    state.keep_fresh(u)
                    if flyer and not u.flags & FLYER:
                        continue
                    if self._verdicts(state, attacker, u, False)[0]:
                        score = 2
                        break
                    if lethal:
                        score = 1
            self._undo(state, undo)
            if score > 1 or (score and lethal):
                key = (-score, cost)
                if best_key is None or key < best_key:
                    best, best_key = (source, target), key
        return None if best is None else self._reaction_action(state, p, *best)
