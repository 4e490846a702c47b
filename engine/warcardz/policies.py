"""Warcardz's greedy policy: it reads the game through :class:`~.state.WarcardzState`'s public view only (see its
docstring)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Final, Literal, TypeAlias

from ..core import Action
from ..core import Play as Tactic
from .board import (
    ATTRIBUTE_NAMES,
    DIRECTIONS,
    END_TURN,
    LINE,
    LINE_VALUE,
    PLANS,
    REACH_MASK,
    REACHERS,
    REACHING_EFFECTS,
    ROW_SQUARES,
    SQUARE_POSITION,
    VIEW_ORDER,
    VIEW_ROW,
    Attack,
    Choose,
    Deploy,
    Discard,
    Fighter,
    Instant,
    PlayerAction,
    Side,
    Step,
    new_action,
    view,
)
from .combat import Combat, record_instant
from .conditions import Entry, holds
from .facts import Facts
from .state import WarcardzState

# What a target adds to its worth (100 a value point) when it is an attacker of the enemy's best attack.
BREAK: Final = 300.0
BACKED: Final = 3  # an attack the player's own instant would win by at least this much is worth making
TRADE: Final = 1.0  # the value of a plan that trades a fighter for the identical enemy card (below any winning attack)
_RANK: Final = attrgetter("rank")
# The greedy's best attack: (value, attackers, target).
_Plan: TypeAlias = "tuple[float, list[Fighter], Fighter]"


class Greedy:
    """A sensible Warcardz player: fields its strongest reserve, attacks when the combat is won (the most
    valuable target, more if it would attack next turn, with every fighter that can reach it), trades
    identical cards when not behind, flips a bad attribute card, blocks the enemy's reserve squares, and
    plays an instant when it turns the combat its way."""

    name = "greedy"

    def act(self, state: WarcardzState) -> Action:
        pending = state.pending
        if pending is not None:
            actions = pending[1]
            return actions[0] if len(actions) == 1 else self._answer(state, actions)
        # The main phase (``_main``, written out here: one call less per decision).
        p = state.active
        side = state.sides[p]
        if not state.slot_used:
            move = self._slot(state, p, side)
            if move is not None:
                return move
        cache = state.cache
        plan = cache.get(PLANS[p], False)  # ``plan``
        if plan is False:
            plan = cache[PLANS[p]] = self._plan(state, p)
        if plan is None:
            if side.hand:
                move = self._backed_attack(state, p, side)
                if move is not None:
                    return move
            if not state.discarded and (side.hand or side.reserves):
                move = self._discard(state, p, side)
                if move is not None:
                    return move
            return END_TURN
        attackers, target = plan[1], plan[2]
        if len(attackers) == 1:
            f = attackers[0]
            return new_action(Attack, ((f.sq,), target.sq, (f.facts.name,), target.facts.name))
        return new_action(Attack, (tuple([f.sq for f in attackers]), target.sq,
                                   tuple([f.facts.name for f in attackers]), target.facts.name))

    def choose(self, state: WarcardzState, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        if state.pending is not None:
            return self._answer(state, actions)
        action = self._main(state)
        if action in actions:
            return action
        return actions[-1]

    # -- the main phase --

    def _main(self, state: WarcardzState) -> Action:
        """The main phase's action (no choice pending): see :meth:`act`."""
        return self.act(state)

    def plan(self, state: WarcardzState, p: int) -> _Plan | None:
        """The best attack ``p`` wins now: (value, attackers, target), or None.

        Candidates per target: every fighter that can reach it together, and each one alone.
        """
        key = PLANS[p]
        cached: _Plan | Literal[False] | None = state.cache.get(key, False)
        if cached is not False:
            return cached
        best = state.cache[key] = self._plan(state, p)
        return best

    def _plan(self, state: WarcardzState, p: int, nested: bool = False) -> _Plan | None:
        """The best winning attack. A target's value (x100) outweighs any margin (at most +50), so targets
        are tried from the most valuable down (then from the player's own left: ``Fighter.rank``), and the
        search stops below the first value that wins. A target's attackers are found when it is tried, in the
        player's own order of squares (``REACHERS``): on equal values the first found, from its own left, wins."""
        enemies = state.units[1 - p]
        best = None
        best_value = 0.0
        twins_always = state.twins_always  # (identical cards: a trade whatever the scores; else a combat like any)
        free = True
        for other in state.auras[p]:
            if other.facts.aura_grouped:
                free = False
        won = None  # every target that can be won: (value, attackers, target), in the order tried
        for target in enemies if len(enemies) < 2 else sorted(enemies, key=_RANK):
            worth = target.facts.value * 100.0
            if best is not None and worth + BREAK + 50.0 < best_value:
                break
            sq = target.sq
            attackers = _attackers_of(state, p, sq)
            if attackers is None:
                continue
            if twins_always:
                key = target.facts.key
                for f in attackers:
                    if f.facts.key == key:  # identical cards meeting are both removed: a trade, not a win
                        # A trade is worth it when the player is not behind: it brings the end nearer without
                        # giving the opponent the lead. Any winning attack comes first.
                        if best is None and state.army_value(p) >= state.army_value(1 - p):
                            best, best_value = (TRADE, [f], target), TRADE
                        attackers = [f for f in attackers if f.facts.key != key]
                        break
                if not attackers:
                    continue
            if (sq < 5) == (p == 0):  # it stands in our line
                worth += BREAK
            found, found_value = _best_candidate(state, attackers, target, worth, free)
            if found is None:
                continue
            if won is None:
                won = [(found_value, found, target)]
            else:
                won.append((found_value, found, target))
            if found_value > best_value:  # (before the bonus for breaking up the enemy's strike: see below)
                best, best_value = (found_value, found, target), found_value
        if won is not None and len(won) > 1 and not nested:
            return self._break_up(state, p, won, best)
        return best

    def _break_up(self, state: WarcardzState, p: int, won: list[_Plan], best: _Plan | None) -> _Plan | None:
        """Two targets or more can be won (``won``, in the order tried): one among the attackers of the enemy's
        best attack next turn counts BREAK more. (With one, the bonus would change no choice: the enemy's plan is
        not asked.) ``best``: the best of them without the bonus, kept when the enemy has no such attack."""
        counter = self._plan(state, 1 - p, True)
        if counter is not None and counter[0] != TRADE:
            threats = counter[1]
            best_value = 0.0
            for value, found, target in won:
                if target in threats and (target.sq < 5) != (p == 0):
                    value += BREAK
                if value > best_value:
                    best, best_value = (value, found, target), value
        return best

    def _slot(self, state: WarcardzState, p: int, side: Side) -> PlayerAction | None:
        """The turn's reserve or before-combat tactics card, if one helps."""
        hand = side.hand
        deploy, squares = self._placements(state, p)
        if deploy is not None:
            if squares >= 2 and len(side.reserves) >= 2 and len(state.units[p]) <= LINE - 2:
                for index, facts in enumerate(hand):
                    if not facts.instant and facts.plays and facts.plays[0]["effect"] == "deploy_reserve" \
                            and facts.plays[0].get("amount", 1) > 1:
                        return Tactic(index, facts.name)
            return deploy
        for facts in hand:
            if facts.before is not None:
                break
        else:
            return None
        return self._before_combat(state, p, hand)

    def _before_combat(self, state: WarcardzState, p: int, hand: list[Facts]) -> PlayerAction | None:
        """The before-combat tactics card of ``hand`` (which holds one) worth playing now, if one is."""
        plan = None
        planned = False
        for index, facts in enumerate(hand):
            kind = facts.before
            if kind is None:
                continue
            entry = facts.plays[0]
            if kind in ("flip_attribute", "choose_attribute", "grant_direction", "return_to_reserve") and not planned:
                plan, planned = self.plan(state, p), True
            if plan is not None and plan[0] == TRADE:
                plan = None  # (a trade is the fallback: a tactics card that opens a winning attack comes first)
            if kind == "flip_attribute" and plan is None:
                return Tactic(index, facts.name)
            if kind == "choose_attribute" and plan is None:
                if entry.get("from") == "deck":
                    best = self._best_attribute(state, p, {t for t, _ in state.targets(p, entry)})
                    if best is not None and best != state.attr:
                        return Tactic(index, facts.name, best, ATTRIBUTE_NAMES[best])
                else:
                    return Tactic(index, facts.name)
            if kind == "flip_variable" and self._variable_edge(state, p) < 0:
                return Tactic(index, facts.name)
            if kind == "return_to_reserve" and entry.get("target") == "enemy_fighter":
                options = state.targets(p, entry)
                if options and (len(state.units[1 - p]) == 1 or plan is None):
                    # An infiltrator standing in its own line first (it blocks a square and strikes sideways),
                    # then the most valuable.
                    mine = ROW_SQUARES[p]
                    target, label = max(options, key=lambda o: (o[0] in mine, state.board[o[0]].facts.value))
                    return Tactic(index, facts.name, target, label)
            if kind == "grant_direction" and plan is None:
                move = self._light(state, p, index, facts, entry)
                if move is not None:
                    return move
            if kind == "swap_positions":
                for target, label in state.targets(p, entry):
                    a, b = state.board[target[0]], state.board[target[1]]
                    now = (SQUARE_POSITION[a.sq] == a.facts.pos) + (SQUARE_POSITION[b.sq] == b.facts.pos)
                    then = (SQUARE_POSITION[b.sq] == a.facts.pos) + (SQUARE_POSITION[a.sq] == b.facts.pos)
                    if then > now:
                        return Tactic(index, facts.name, target, label)
            if kind == "move":
                if not planned:
                    plan, planned = self.plan(state, p), True
                    if plan is not None and plan[0] == TRADE:
                        plan = None
                move = self._relocation(state, p, index, facts, entry, plan)
                if move is not None:
                    return move
        return None

    def _light(self, state: WarcardzState, p: int, index: int, facts: Facts, entry: Entry) -> Tactic | None:
        """Card ``index`` of the hand lights directions of one fighter this turn: on the first fighter (as
        ``state.targets`` lists them) whose new lights open a winning attack, if one does."""
        for target, label in state.targets(p, entry):
            fighter = state.board[target]
            bits = sum(1 << DIRECTIONS.index(d) for d in entry["directions"])
            had = state.granted.get(fighter.uid)
            state.granted[fighter.uid] = (had or 0) | bits
            found = self._plan(state, p)
            if had is None:
                del state.granted[fighter.uid]
            else:
                state.granted[fighter.uid] = had
            if found is not None and found[0] != TRADE:  # (a light that only opens a trade is wasted)
                return Tactic(index, facts.name, target, label)
        return None

    def _relocation(self, state: WarcardzState, p: int, index: int, facts: Facts, entry: Entry,
                    plan: _Plan | None) -> Tactic | None:
        """Card ``index`` of the hand moves one of ``p``'s fighters: into its preferred position, or (``plan``:
        no attack wins) to where it would win one, out of the enemy's reach; None if neither."""
        reaching = None
        for target, label in state.targets(p, entry):
            fighter = state.board[target[0]]
            if SQUARE_POSITION[fighter.sq] != fighter.facts.pos == SQUARE_POSITION[target[1]]:
                return Tactic(index, facts.name, target, label)
            if plan is None and reaching is None and self._strikes_from(state, p, fighter, target[1]):
                reaching = Tactic(index, facts.name, target, label)
        return reaching

    def _backed_attack(self, state: WarcardzState, p: int, side: Side) -> Attack | None:
        """No attack wins as it stands: an attack that one instant in hand wins by at least ``BACKED`` (room for
        the defender's answer), on the most valuable such target, with every fighter that reaches it (identical
        cards left out). None if there is none."""
        instants = [(i, f) for i, f in enumerate(side.hand) if f.window is not None]
        if not instants:
            return None
        board = state.board
        reach = state.reach(p)
        best, best_key = None, None
        for sq in VIEW_ORDER[p]:
            attackers = reach[sq]
            if attackers is None:
                continue
            target = board[sq]
            assert target is not None  # (attackers only where an enemy stands)
            group = [f for f in attackers if f.facts.key != target.facts.key] if state.twins_always else list(attackers)
            if not group:
                continue
            for _index, facts in instants:
                assert facts.window is not None  # (the instants that have one)
                uids: list[int | None] = [f.uid for f in group] if facts.window[0] else [None]
                for uid in uids:
                    combat = Combat(p, group, target)
                    record_instant(state, combat, p, facts, uid)
                    attack, defense = state.totals(combat)
                    margin = attack - defense
                    key = (target.facts.value, margin)
                    if margin >= BACKED and (best_key is None or key > best_key):
                        best, best_key = (group, target), key
        if best is None:
            return None
        group, target = best
        return new_action(Attack, (tuple([f.sq for f in group]), target.sq, tuple([f.facts.name for f in group]),
                             target.facts.name))

    def _placements(self, state: WarcardzState, p: int) -> tuple[Deploy | None, int]:
        """The best reserve placement and how many open squares there are (0 without a placement): the most
        valuable reserve that fits, on the square from which it reaches the most enemies (then its preferred
        position, then the leftmost as the player sees its line)."""
        units = state.units[p]
        reserves = state.sides[p].reserves
        if len(units) >= LINE or not reserves:
            return None, 0
        room = LINE_VALUE
        for f in units:
            room -= f.facts.value
        index, top = -1, 0
        for i, facts in enumerate(reserves):
            if top < facts.value <= room:
                index, top = i, facts.value
        if index < 0:  # (the count of open squares matters only with a placement)
            return None, 0
        board = state.board
        open_squares = []
        for sq in VIEW_ROW[p]:
            if board[sq] is None:
                open_squares.append(sq)
        if not open_squares:
            return None, 0
        facts = reserves[index]
        table = REACH_MASK[p]
        lights = facts.dirs
        home = facts.pos
        best = best_count = -1
        best_home = False
        for sq in open_squares:  # the most enemies reached, then the preferred position, then its leftmost
            count = 0
            for target_sq in table[sq][lights]:
                target = board[target_sq]
                if target is not None and target.owner != p:
                    count += 1
            if count > best_count or count == best_count and not best_home and SQUARE_POSITION[sq] == home:
                best, best_count, best_home = sq, count, SQUARE_POSITION[sq] == home
        if len(open_squares) > 1 and self._exposed(state, p, facts, best):
            # The enemy would win an attack on the new fighter there (and strike first): the first square in the
            # same order where it would not, if there is one.
            ranked = []
            for i, sq in enumerate(open_squares):
                count = 0
                for target_sq in table[sq][lights]:
                    target = board[target_sq]
                    if target is not None and target.owner != p:
                        count += 1
                ranked.append((-count, SQUARE_POSITION[sq] != home, i, sq))
            ranked.sort()
            for entry in ranked:
                if entry[3] != best and not self._exposed(state, p, facts, entry[3]):
                    best = entry[3]
                    break
        return new_action(Deploy, (index, facts.name, best)), len(open_squares)

    def _strikes_from(self, state: WarcardzState, p: int, fighter: Fighter, sq: int) -> bool:
        """Whether ``fighter``, moved to the open square ``sq`` of its line, would win an attack alone from there
        on an enemy it does not reach now, and stand where the enemy wins no attack on it."""
        board = state.board
        lights = fighter.facts.dirs
        table = REACH_MASK[p]
        now = table[fighter.sq][lights]
        there = Fighter(fighter.facts, p, -2, sq)
        attack = None
        for target_sq in table[sq][lights]:
            target = board[target_sq]
            if target is None or target.owner == p or target_sq in now or (
                    state.twins_always and target.facts.key == fighter.facts.key):
                continue
            if attack is None:
                attack = state.raw_score(there, True, None, None)
            if attack > state.score(target, False):
                board[fighter.sq] = None  # (the square it leaves is open while it stands on ``sq``)
                exposed = self._exposed(state, p, fighter.facts, sq)
                board[fighter.sq] = fighter
                return not exposed
        return False

    @staticmethod
    def _exposed(state: WarcardzState, p: int, facts: Facts, sq: int) -> bool:
        """Whether the enemy would win an attack, as things stand, on ``facts`` placed on ``sq`` (every enemy
        fighter that can reach the square attacking together; the new fighter's defense there)."""
        board = state.board
        enemy = 1 - p
        granted = state.granted
        total = 0
        cache = state.cache
        for src, bit in REACHERS[enemy][sq]:
            f = board[src]
            if f is not None and f.owner == enemy and (f.facts.dirs & bit or granted and granted.get(f.uid, 0) & bit):
                if f.facts.key == facts.key and state.twins_always:
                    return True  # (identical cards: both removed)
                alone: int | None = cache.get(f.uid)
                if alone is None:
                    alone = cache[f.uid] = state.fresh_score(f, True)
                total += alone
        if not total:
            return False
        return total > state.fresh_score(Fighter(facts, p, -1, sq), False)

    @staticmethod
    def reach_count(state: WarcardzState, owner: int, lights: int, sq: int) -> int:
        """How many enemy fighters a fighter of ``owner`` with these lights could attack from ``sq``."""
        board = state.board
        count = 0
        for target_sq in REACH_MASK[owner][sq][lights]:
            target = board[target_sq]
            if target is not None and target.owner != owner:
                count += 1
        return count

    def _discard(self, state: WarcardzState, p: int, side: Side) -> PlayerAction | None:
        """No attack wins: discard the least useful card to flip the attribute card."""
        for index, facts in enumerate(side.hand):
            if (not facts.plays
                    or facts.plays[0]["effect"] == "return_to_reserve" and facts.plays[0]["target"] == "own_fighter"):
                return Discard("hand", index, facts.name, "attribute")
        if side.reserves:
            index = min(range(len(side.reserves)), key=lambda i: side.reserves[i].value)
            if len(side.reserves) > 1 or not state.open_squares(p):
                return Discard("reserve", index, side.reserves[index].name, "attribute")
        for index, facts in enumerate(side.hand):
            if not facts.instant and facts.plays[0]["effect"] not in ("flip_attribute", "choose_attribute") \
                    and facts.plays[0]["effect"] not in REACHING_EFFECTS:
                return Discard("hand", index, facts.name, "attribute")
        return None

    def _attribute_edge(self, state: WarcardzState, p: int, attr: int) -> int:
        mine = sum(f.facts.attrs[attr] + f.facts.attack for f in state.units[p])
        theirs = sum(f.facts.attrs[attr] + f.facts.defense for f in state.units[1 - p])
        return mine - theirs

    def _best_attribute(self, state: WarcardzState, p: int, allowed: set[int]) -> int | None:
        best, best_edge = None, None
        for attr in sorted(allowed):
            edge = self._attribute_edge(state, p, attr)
            if best_edge is None or edge > best_edge:
                best, best_edge = attr, edge
        return best

    def _variable_edge(self, state: WarcardzState, p: int) -> int:
        edge = 0
        for player, sign in ((p, 1), (1 - p, -1)):
            for f in state.units[player]:
                for amount, _, c in state.var_mods:
                    if c is None or holds(c, f.facts, SQUARE_POSITION[f.sq], state.attr, None, None):
                        edge += sign * amount
        return edge

    # -- pending choices --

    def _answer(self, state: WarcardzState, actions: Sequence[Action]) -> Action:
        assert state.pending is not None
        player, _, kind, data = state.pending
        if kind == "move":
            return self._move(state, player, actions)
        if kind == "window":
            return self._window(state, player, actions)
        if kind in ("respond", "save"):
            return actions[0]
        if kind == "flip":
            if data == "attribute":
                edge = self._attribute_edge(state, player, state.attr)
                return actions[0] if edge < 0 else actions[1]
            return actions[0] if self._variable_edge(state, player) < 0 else actions[1]
        if kind == "survey":
            pile = state.attr_pile
            choices = [a for a in actions if isinstance(a, Choose)]  # (all of a survey's options)
            return max(choices, key=lambda a: self._attribute_edge(state, player, pile[a.option].attribute))
        if kind == "deploy":
            reserves = state.sides[player].reserves
            options = [a for a in actions if isinstance(a, Choose) and a.option is not None]  # (all Choose)
            return min(options, key=lambda a: (-reserves[a.option[0]].value,
                                               SQUARE_POSITION[a.option[1]] != reserves[a.option[0]].pos,
                                               view(player, a.option[1])))
        return actions[0]

    def _move(self, state: WarcardzState, player: int, actions: Sequence[Action]) -> Action:
        """Move in where the mover reaches more enemies than from where it stands; on an equal count,
        block an enemy reserve square if the enemy still has reserves (and the mover still reaches one)."""
        assert state.combat is not None
        square = state.combat.target
        enemy = 1 - player
        block = square in ROW_SQUARES[enemy] and bool(state.sides[enemy].reserves)
        best, best_gain = actions[-1], 0
        for action in actions[:-1]:
            assert isinstance(action, Step)  # (the winners that can step in, then STAY)
            fighter = state.board[action.square]
            assert fighter is not None
            lights = fighter.facts.dirs | state.granted.get(fighter.uid, 0)
            before = self.reach_count(state, player, lights, fighter.sq)
            after = self.reach_count(state, player, lights, square)
            gain = after - before
            if gain > best_gain or (gain == 0 == best_gain and block and after > 0 and best is actions[-1]):
                best, best_gain = action, gain
        return best

    def _window(self, state: WarcardzState, player: int, actions: Sequence[Action]) -> Action:
        """Play the instant that turns the combat most in ``player``'s favour (pass if none improves it)."""
        combat = state.combat
        assert combat is not None
        attacking = player == combat.player
        attack, defense = state.totals(combat)

        def rank(attack: int, defense: int) -> int:
            if attacking:
                return 2 if attack > defense else 1 if attack == defense else 0
            return 2 if defense > attack else 1 if defense == attack else 0

        now = rank(attack, defense)
        if now == 2:
            return actions[-1]
        best, best_rank = actions[-1], now
        hand = state.sides[player].hand
        needed = defense - attack if attacking else attack - defense  # to reach a tie
        mine = combat.fighters_of(player)
        for action in actions:
            if type(action) is not Instant:
                continue
            facts = hand[action.index]
            if _gain_bound(facts, mine) < needed:
                continue
            plain = combat.plain  # then nothing to copy: it goes back to no changes
            snap = None if plain else combat.snapshot()
            no_variable = combat.no_variable
            record_instant(state, combat, player, facts, action.uid)
            if combat.no_variable and not no_variable:  # it touches both sides
                value = rank(*state.totals(combat))
            elif attacking:  # an instant changes only its player's fighters
                group = combat.attackers
                value = rank(sum(state.score(f, True, group, combat) for f in group), defense)
            else:
                value = rank(attack, state.raw_score(combat.defender, False, None, combat))  # (``score``, not plain)
            if plain:
                combat.reset()
            else:
                assert snap is not None  # (taken when not plain)
                combat.restore(snap)
            combat.totals = (attack, defense)  # the field did not change
            if value > best_rank:
                best, best_rank = action, value
        return best


def _attackers_of(state: WarcardzState, p: int, sq: int) -> list[Fighter] | None:
    """``p``'s fighters that can attack the enemy on ``sq``, in ``p``'s own order of squares (None: none can)."""
    board = state.board
    granted = state.granted
    attackers = None
    for src, bit in REACHERS[p][sq]:
        f = board[src]
        if f is not None and f.owner == p and (
                f.facts.dirs & bit or granted and granted.get(f.uid, 0) & bit):
            if attackers is None:
                attackers = [f]
            else:
                attackers.append(f)
    return attackers


def _best_candidate(state: WarcardzState, attackers: list[Fighter], target: Fighter, worth: float,
                    free: bool) -> tuple[list[Fighter] | None, float]:
    """The best winning attack on ``target`` (worth ``worth``) among its ``attackers`` together and each one
    alone (the first of equal ones), with its value; (None, 0.0) if none wins. ``free``: no command of the
    attackers' side depends on who attacks (the cached scores hold in a group)."""
    cache = state.cache
    defense: int | None = cache.get(-target.uid)
    if defense is None:
        defense = cache[-target.uid] = state.fresh_score(target, False)
    found = None
    found_value = 0.0
    if len(attackers) == 1:
        f = attackers[0]
        alone: int | None = cache.get(f.uid)
        if alone is None:
            alone = cache[f.uid] = state.fresh_score(f, True)
        if alone > defense:
            margin = alone - defense
            found, found_value = attackers, worth + (50.0 if margin > 5 else margin * 10.0) - 1
    else:
        total = 0
        for f in attackers:
            alone = cache.get(f.uid)
            if alone is None:
                alone = cache[f.uid] = state.fresh_score(f, True)
            if alone > defense:
                margin = alone - defense
                value = worth + (50.0 if margin > 5 else margin * 10.0) - 1
                if found is None or value > found_value:
                    found, found_value = [f], value
            if free and not f.facts.grouped:
                total += alone
            elif f.facts.grouped and f.facts.with_mods is not None:
                total += state.group_score(f, attackers)
            else:
                total += state.score(f, True, attackers)
        if total > defense:
            margin = total - defense
            value = worth + (50.0 if margin > 5 else margin * 10.0) - len(attackers)
            if found is None or value > found_value:
                found, found_value = attackers, value
    return found, found_value


_GAINS: Final[dict[Facts, tuple[int, int, bool]]] = {}


def _gain_bound(facts: Facts, mine: Sequence[Fighter]) -> int:
    """At most how much an instant can raise its player's side of a combat (a quick filter for the greedy)."""
    gain = _GAINS.get(facts)
    if gain is None:
        fixed = per_fighter = 0
        frenzy = False
        for entry in facts.plays:
            kind = entry["effect"]
            if kind == "modify":
                amount = abs(entry["amount"]) * (2 if entry["stat"] == "all_attributes" else 1)
                if entry.get("target") == "own_fighters_in_combat":
                    per_fighter += amount
                else:
                    fixed += amount
            elif kind == "add_frenzy":
                frenzy = True
            elif kind == "preferred_position":
                fixed += 2
            elif kind == "ignore_variable":
                fixed += 10
            else:
                fixed += 100
        gain = _GAINS[facts] = (fixed, per_fighter, frenzy)
    fixed, per_fighter, frenzy = gain
    bound = fixed + per_fighter * len(mine)
    if frenzy:
        for f in mine:
            bound += f.facts.frenzy + 4
    return bound
