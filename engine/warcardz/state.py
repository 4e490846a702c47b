"""Warcardz's state, the top layer: the turn (one action, or several under turn=several), the legal actions and
applying them, the stall point, and what a player sees (copies for search policies)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter
from typing import Any, Final

from ..core import Action, copy_rng, new_rng, shuffle
from ..core import Play as Tactic
from .board import (
    ATTACK,
    ATTRIBUTE_NAMES,
    DEFENSE,
    END_TURN,
    LINE,
    LINE_VALUE,
    PASS,
    QUIET_TURNS,
    SQUARE_NAMES,
    SQUARE_POSITION,
    TASK_END,
    TASK_OUTCOME,
    TASK_WINDOW,
    VIEW_ORDER,
    VIEW_ROW,
    Attack,
    Deploy,
    Discard,
    Fighter,
    Instant,
    Pending,
    PlayerAction,
    Side,
    Task,
    direction_of,
    new_action,
    view,
)
from .combat import Combat, is_twin_combat, save_choices, task_outcome, task_window
from .conditions import Cond, Entry, conditions, holds
from .effects import deploy_choices, survey_choices
from .facts import Facts, is_attack_opener
from .scores import ScoredState
from .turn import ANSWERS, TASKS, respond_choices


class WarcardzState(ScoredState):
    """A game of Warcardz between two players (or one against a line of training dummies).

    What a policy reads (the public view; a name with a leading underscore is the engine's own): the attributes
    documented in :class:`~.field.FieldState` (``board``, ``units``, ``sides``, ``active``, ``pending``,
    ``combat``, ``granted``, ``attr``, ``var_mods``, ``attr_pile``, ``slot_used``, ``discarded``, the readings...),
    :meth:`reach`, :meth:`targets`, :meth:`open_squares`, :meth:`army_value`, :meth:`value_in_play`,
    :meth:`has_way_to_attack`, the scores (:meth:`score`, :meth:`fresh_score`, :meth:`group_score`,
    :meth:`raw_score`, :meth:`totals`) and the :class:`~decklab.engine.core.GameState` protocol. To weigh a move, the
    greedy policy stores its plans in ``cache`` (under ``PLANS``), and lights a direction in ``granted`` or lifts a
    fighter off ``board`` for a moment, putting it back before it answers.
    """

    __slots__ = ()

    def current_player(self) -> int:
        return self.pending[0] if self.pending is not None else self.active

    def is_unresolved(self) -> bool:
        """Whether the game was stopped by the turn cap or at the stall point without a surrender, which the
        rulebook does not have (never by an elimination or a surrender: that is a win, or the rulebook's own
        draw)."""
        return self.unresolved

    def conceder(self) -> int | None:
        """Who surrenders at the stall point (None: nobody; the game is unresolved).

        A player who has no way left to attack (:meth:`has_way_to_attack`) while its opponent has one can no
        longer win: it surrenders. When both or neither have one, the player with the smaller army
        (:meth:`army_value`) surrenders a position that is going nowhere; equal armies: nobody does.
        """
        ways = [self.has_way_to_attack(0), self.has_way_to_attack(1)]
        if ways[0] != ways[1]:
            return 0 if not ways[0] else 1
        armies = [self.army_value(0), self.army_value(1)]
        if armies[0] == armies[1]:
            return None
        return 0 if armies[0] < armies[1] else 1

    # -- legal actions --

    def legal_actions(self) -> Sequence[PlayerAction]:
        if self.over:
            return ()
        if self.pending is not None:
            return self.pending[1]
        p = self.active
        moves: list[PlayerAction] = []
        if not self.slot_used:
            moves.extend(self.deploys(p))
            moves.extend(self._before_plays(p))
        if not self.discarded:
            moves.extend(self._discards(p))
        moves.extend(self._attacks(p))
        moves.append(END_TURN)
        return moves

    def deploys(self, player: int, squares: Sequence[int] | None = None) -> list[Deploy]:
        """Every reserve placement: fewer than five fighters, an open square of one's own line, value cap."""
        if len(self.units[player]) >= LINE:
            return []
        open_squares = self.open_squares(player) if squares is None else squares
        if not open_squares:
            return []
        room = LINE_VALUE - self.value_in_play(player)
        moves = []
        seen = set()
        for index, facts in enumerate(self.sides[player].reserves):
            if facts.value <= room and facts.key not in seen:
                seen.add(facts.key)
                for sq in open_squares:
                    moves.append(Deploy(index, facts.name, sq))
        return moves

    def _before_plays(self, player: int) -> list[Tactic]:
        moves = []
        seen = set()
        for index, facts in enumerate(self.sides[player].hand):
            if facts.instant or not facts.plays or facts.key in seen:
                continue
            seen.add(facts.key)
            entry = facts.targeted
            if entry is None:
                moves.append(Tactic(index, facts.name))
            else:
                for target, label in self.targets(player, entry):
                    moves.append(Tactic(index, facts.name, target, label))
        return moves

    def targets(self, player: int, entry: Entry) -> list[tuple[Any, str]]:
        """The choices of a before-combat effect that picks its target when played, in the player's own
        order of squares (:func:`view`)."""
        kind, target = entry["effect"], entry.get("target")
        cond = conditions.of(entry)
        a = self.attr
        board = self.board
        if kind == "choose_attribute":
            present = {f.attribute for f in self.attr_pile} | {self.attr_card.attribute}
            return [(i, ATTRIBUTE_NAMES[i]) for i in range(5) if i in present]
        if target == "two_adjacent_own_fighters":  # (the left one first, as the player sees them)
            out = []
            step = 1 if player == 0 else -1
            for sq in VIEW_ORDER[player]:
                beside = sq + step
                if not 0 <= beside < 10 or beside // 5 != sq // 5:
                    continue
                left, right = board[sq], board[beside]
                if left is not None and right is not None and left.owner == player == right.owner:
                    out.append(((sq, beside), f"{left.facts.name} and {right.facts.name}"))
            return out
        owner = player if target == "own_fighter" else 1 - player
        fighters = [f for f in sorted(self.units[owner], key=lambda f: view(player, f.sq))
                    if cond is None or holds(cond, f.facts, SQUARE_POSITION[f.sq], a, None, f)]
        if kind == "move":
            open_squares = self.open_squares(player)
            return [((f.sq, sq), f"{f.facts.name} to {SQUARE_NAMES[sq]}") for f in fighters for sq in open_squares
                    if sq != f.sq]
        return [(f.sq, f"{f.facts.name} ({SQUARE_NAMES[f.sq]})") for f in fighters]

    def _discards(self, player: int) -> list[Discard]:
        side = self.sides[player]
        moves = []
        for source, pile in (("hand", side.hand), ("reserve", side.reserves)):
            seen = set()
            for index, facts in enumerate(pile):
                if facts.key not in seen:
                    seen.add(facts.key)
                    moves.append(Discard(source, index, facts.name, "attribute"))
                    moves.append(Discard(source, index, facts.name, "variable"))
        return moves

    def _attacks(self, player: int) -> list[Attack]:
        """Every attack: each target (in the player's own order of squares), with every group of fighters
        that can reach it (listed in that order too)."""
        moves = []
        board = self.board
        reach = self.reach(player)
        for sq in VIEW_ORDER[player]:
            attackers = reach[sq]
            if attackers is None:
                continue
            target = board[sq]
            assert target is not None  # (attackers only where an enemy stands)
            name = target.facts.name
            k = len(attackers)
            for mask in range(1, 1 << k):
                group = [attackers[i] for i in range(k) if mask >> i & 1]
                moves.append(Attack(tuple(f.sq for f in group), sq, tuple(f.facts.name for f in group), name))
        return moves

    def _instant_plays(self, player: int, combat: Combat) -> list[PlayerAction]:  # (Instants: a window adds PASS)
        """The instants ``player`` may play into ``combat`` now (Countermand and Last Stand have their own moments)."""
        side = self.sides[player]
        hand = side.hand
        if not hand or side.dummy:
            return []
        moves: list[PlayerAction] = []
        seen = None
        attacking = player == combat.player
        mine = combat.attackers if attacking else (combat.defender,)
        a = self.attr
        for index, facts in enumerate(hand):
            window = facts.window
            if window is None:
                continue
            if seen is None:
                seen = {facts.key}
            elif facts.key in seen:
                continue
            else:
                seen.add(facts.key)
            if window[0]:
                _, home_only, cond = window
                for f in mine:
                    pos = SQUARE_POSITION[f.sq]
                    if cond is not None and not holds(cond, f.facts, pos, a, None, f):
                        continue
                    if home_only and (pos == f.facts.pos or f.uid in combat.home):
                        continue
                    moves.append(Instant(index, facts.name, f.uid, f.facts.name))
            elif self._playable(window[1], attacking, mine):
                moves.append(new_action(Instant, (index, facts.name, None, "")))
        return moves

    def _playable(self, entries: tuple[tuple[str, str | None, int, Cond | None], ...], attacking: bool,
                  mine: Sequence[Fighter]) -> bool:
        """Whether an untargeted instant would touch any of the player's fighters in this combat."""
        a = self.attr
        for kind, target, stat, cond in entries:
            if kind == "ignore_variable":
                return True
            if target == "defending_own_fighter" and attacking:
                continue
            if stat == ATTACK and not attacking or stat == DEFENSE and attacking:
                continue
            for f in mine:
                if cond is None or holds(cond, f.facts, SQUARE_POSITION[f.sq], a, None, f):
                    return True
        return False

    # -- applying --

    def apply(self, action: Action) -> None:
        pending = self.pending
        tasks = self.tasks
        if pending is not None:
            self.pending = None
            ANSWERS[pending[2]](self, pending[0], action, pending[3])
        else:
            if type(action) is Attack:
                self._declare(action)
            elif type(action) is Deploy:
                side = self.sides[self.active]
                facts = side.reserves.pop(action.index)
                self.slot_used = True
                if not self.several:
                    tasks.append(TASK_END)  # the turn's one action: the turn ends once its effects are done
                self.place(facts, self.active, action.square, True)
            elif action is END_TURN or action == END_TURN:
                if not tasks:
                    self.end_turn()
                    return
                tasks.append(TASK_END)
            elif type(action) is Tactic:
                self._play_before(action)
            elif type(action) is Discard:
                self._discard(action)
            else:
                raise ValueError(f"{action} is not an action of this game")
        # Run queued steps until one needs a player's choice (or none is left): ``_advance``.
        while tasks and self.pending is None and not self.over:
            task = tasks.pop()
            TASKS[task[0]](self, task)

    def _advance(self) -> None:
        """Run queued steps until one needs a player's choice (or none is left)."""
        tasks = self.tasks
        while tasks and self.pending is None and not self.over:
            task = tasks.pop()
            TASKS[task[0]](self, task)

    def _discard(self, action: Discard) -> None:
        side = self.sides[self.active]
        pile = side.hand if action.source == "hand" else side.reserves
        side.discards.append(pile.pop(action.index))
        self.discarded = True
        if not self.several:
            self.tasks.append(TASK_END)  # "A player may use his turn and discard exactly one card"
        if self.log is not None:
            self.say(f"P{self.active + 1} discards {action.name} to flip the {action.deck} card")
        if action.deck == "attribute":
            self.flip_attribute()
        else:
            self.flip_variable()

    def _play_before(self, action: Tactic) -> None:
        p = self.active
        side = self.sides[p]
        facts = side.hand.pop(action.index)
        side.played.append(facts)
        self.slot_used = True
        if self.log is not None:
            self.say(f"P{p + 1} plays {facts.name}" + (f" on {action.label}" if action.label else ""))
        entry = [p, facts, action.target, False]
        if self.several:
            pass  # (several things a turn: a discard and an attack may still follow)
        elif is_attack_opener(facts):
            self.discarded = True  # the card says the fighter may attack this turn: an attack (or nothing) follows
        else:
            self.tasks.append(TASK_END)  # the turn's one action: the turn ends once the card is done
        self.tasks.append(("tactic", entry))
        self.tasks.append(("respond", entry))

    def _declare(self, action: Attack) -> None:
        p = self.active
        board = self.board
        squares = action.attackers
        attackers: list[Fighter] = []
        for sq in squares:  # (a legal attack names the squares of fighters)
            fighter = board[sq]
            assert fighter is not None
            attackers.append(fighter)
        defender = board[action.target]
        assert defender is not None
        combat = Combat(p, attackers, defender)
        self.combat = combat
        if self.log is not None:
            self.say(f"P{p + 1} attacks {combat.defender.facts.name} ({SQUARE_NAMES[action.target]}) with "
                     + " + ".join(f"{f.facts.name} ({direction_of(p, f.sq, action.target)})" for f in combat.attackers))
        tasks = self.tasks
        tasks.append(TASK_END)
        sides = self.sides
        # The tactics window, then the outcome (run at once rather than queued, where nothing comes between).
        # Identical cards meeting are removed whatever the scores (``twins_always``): no instant can change that,
        # so no window.
        if ((sides[0].hand or sides[1].hand) and (_has_instant(sides[0]) or _has_instant(sides[1]))
                and not (self.twins_always and is_twin_combat(combat.attackers, combat.defender))):
            tasks.append(TASK_OUTCOME)
            task_window(self, TASK_WINDOW)
        else:
            task_outcome(self, TASK_OUTCOME)

    def end_turn(self) -> None:
        self.combat = None
        if self.granted:
            self._expire_grants()
        self.turn += 1
        if self.changed:
            self.changed = False
            self.quiet = 0
        else:
            self.quiet += 1
        if self.turn > self.max_turns or self.quiet >= QUIET_TURNS:
            self.over = True
            self.result = None
            self.tasks.clear()
            loser = None if self.goldfish or self.quiet < QUIET_TURNS or not self.surrenders else self.conceder()
            if loser is not None:
                self.result = 1 - loser
                self.surrendered = loser
                if self.log is not None:
                    self.say(f"{QUIET_TURNS} turns in a row without a change: P{loser + 1} surrenders "
                             + ("(it has no way left to attack)" if not self.has_way_to_attack(loser) and
                                self.has_way_to_attack(1 - loser) else
                                f"(its army is worth {self.army_value(loser)} against {self.army_value(1 - loser)})")
                             + f": P{2 - loser} wins")
                return
            self.unresolved = True
            if self.log is not None:
                self.say(f"the turn cap ({self.max_turns} turns) is reached: the game is unresolved"
                         if self.quiet < QUIET_TURNS else
                         f"{QUIET_TURNS} turns in a row without a change, and nobody surrenders (the stall rule): "
                         "the game is unresolved")
            return
        if not self.goldfish:
            self.active = 1 - self.active
        else:
            self._refill_dummies()
        self.slot_used = False
        self.discarded = False
        if self.log is not None:
            assert self.var_card is not None
            self.say(f"P{self.active + 1}'s turn: {len(self.units[self.active])} fighters on the field "
                     f"(value {self.value_in_play(self.active)}), {len(self.sides[self.active].reserves)} reserves, "
                     f"{len(self.sides[self.active].hand)} tactics; attribute {self.attr_card.name}, "
                     f"variable {self.var_card.name}")

    def _refill_dummies(self) -> None:
        """The goldfish's dummies, after each of the player's turns: one reserve dummy into the first open
        square of their line, from their own left (a square the player's fighter stands in is blocked)."""
        side = self.sides[1]
        if side.reserves and len(self.units[1]) < LINE:
            for sq in VIEW_ROW[1]:
                if self.board[sq] is None:
                    self.place(side.reserves.pop(0), 1, sq, True)
                    self.changed = False  # (the dummies' placement is no change the player made)
                    return

    # -- invariants and copies --

    def card_counts(self) -> tuple[int, int]:
        """Cards each player owns in every zone (conserved through the game)."""
        return tuple(len(self.units[p]) + len(s.hand) + len(s.reserves) + len(s.played) + len(s.discards)
                     + len(s.removed) for p, s in enumerate(self.sides))  # type: ignore[return-value]

    def clone(self) -> WarcardzState:
        return self._copy(copy_rng(self.rng))

    def _copy(self, rng: random.Random) -> WarcardzState:
        """An independent copy of this game, field by field, playing on with the generator ``rng`` (what
        :meth:`clone` and :meth:`determinize` share). Every fighter keeps its uid; the score caches start empty."""
        twin = WarcardzState.__new__(WarcardzState)
        twin.rng = rng
        twin.log = list(self.log) if self.log is not None else None
        twin.turn, twin.max_turns = self.turn, self.max_turns
        fighters: dict[int, Fighter] = {}
        source = self.board
        board: list[Fighter | None] = [None] * 10
        for sq in range(10):
            f = source[sq]
            if f is not None:
                copy = Fighter(f.facts, f.owner, f.uid, f.sq)
                fighters[f.uid] = copy
                board[sq] = copy
        twin.board = board
        twin.units = [[fighters[f.uid] for f in units] for units in self.units]
        twin.auras = [[fighters[f.uid] for f in units] for units in self.auras]
        twin.sides = [side.copy() for side in self.sides]
        twin.active, twin.result, twin.over, twin.goldfish = self.active, self.result, self.over, self.goldfish
        twin.unresolved, twin.surrendered = self.unresolved, self.surrendered
        # The readings (the switches of READINGS).
        twin.several = self.several
        twin.twins_always = self.twins_always
        twin.surrenders = self.surrenders
        twin.attr_pile, twin.attr_card, twin.attr, twin.frenzy_on = (list(self.attr_pile), self.attr_card, self.attr,
                                                                     self.frenzy_on)
        twin.var_pile, twin.var_card, twin.var_mods = list(self.var_pile), self.var_card, self.var_mods
        twin.slot_used, twin.discarded, twin.granted = self.slot_used, self.discarded, dict(self.granted)
        twin.next_uid, twin.changed, twin.quiet = self.next_uid, self.changed, self.quiet
        twin.cache = {}
        twin.acache = {}
        twin.medics = list(self.medics)
        twin.var_base = self.var_base
        twin.tindex = self.tindex
        twin.skey = self.skey
        twin.var_attr = self.var_attr
        twin.combat = None if self.combat is None else self.combat.copy(fighters)
        # the entries and contexts shared by several tasks (and the pending choice) stay shared
        memo: dict[int, Any] = {}
        twin.tasks = [_copy_task(task, fighters, memo) for task in self.tasks]
        twin.pending = None
        if self.pending is not None:
            player, options, kind, data = self.pending
            if kind == "respond":
                data = _copy_entry(data, memo)
            elif kind == "deploy":
                data = (data[0], _copy_context(data[1], fighters, memo), data[2])
            twin.pending = (player, list(options), kind, data)
        return twin

    # -- what a player sees (search policies) --

    def determinize(self, player: int, rng: random.Random) -> WarcardzState:
        """A new, independent game that ``player`` cannot tell from this one, everything hidden from it redrawn
        with ``rng`` (see :class:`~decklab.engine.core.GameState`).

        Hidden in Warcardz: the other player's tactics cards in hand and its reserves (which cards they are
        follows from the open decklist, the lines and every card played, discarded or removed since: only their
        order is unknown), and the order of both side decks below the cards in play. Each is put in a canonical
        order (by card name) and shuffled with ``rng``; the hand and the reserve keep their sizes. The top cards
        a Field Survey shows ``player`` while it chooses stay where they are. Everything else is kept: the field
        with every uid, the directions lit this turn, the cards in play, the used, discarded and removed piles,
        the turn, the stall count (``quiet``, ``changed``), the turn's slot and discard, the combat and the
        pending choice (the other player's options rebuilt for its redrawn hand). The game's own generator is
        replaced by one seeded from ``rng``; this game and its generator are left untouched.
        """
        twin = self._copy(new_rng(rng.getrandbits(64)))
        for p in range(2):
            side = twin.sides[p]
            if p != player and not side.dummy:  # (the dummies' reserve order is the goldfish's own rule)
                _redraw(side.hand, rng, 0)
                _redraw(side.reserves, rng, 0)
        pending = twin.pending
        shown = 0
        if pending is not None and pending[0] == player and pending[2] == "survey":
            shown = pending[3]  # the top cards of the attribute deck it is choosing among
        _redraw(twin.attr_pile, rng, shown)
        _redraw(twin.var_pile, rng, 0)
        if pending is not None and pending[0] != player:
            twin.pending = _ask_again(twin, pending)
        return twin

    def observation(self, player: int) -> tuple[Any, ...]:
        """Everything ``player`` sees now: the field (uids, cards, owners; the directions lit this turn), the
        cards in play and the side decks' sizes, its own hand and reserve in order and only the sizes of the
        other's, every used, discarded and removed card, the turn and the stall count, the turn's slot and
        discard, the combat, whose decision it is (its options when it is ``player``'s) and the result."""
        board = tuple(None if f is None else (f.uid, f.owner, f.facts.name) for f in self.board)
        sides = []
        held: tuple[tuple[str, ...], tuple[str, ...]] | tuple[int, int]  # (the other's: only the sizes)
        for p, side in enumerate(self.sides):
            if p == player:
                held = (tuple(f.name for f in side.hand), tuple(f.name for f in side.reserves))
            else:
                held = (len(side.hand), len(side.reserves))
            sides.append(held + (tuple(f.name for f in side.played), tuple(f.name for f in side.discards),
                                 tuple(f.name for f in side.removed), side.dummy, side.size))
        combat = None
        c = self.combat
        if c is not None:
            combat = (c.player, tuple(f.uid for f in c.attackers), c.defender.uid, c.target, c.priority, c.passes,
                      tuple(sorted((uid, tuple(mods)) for uid, mods in c.mods.items())), tuple(sorted(c.frenzy)),
                      tuple(sorted(c.home)), c.no_variable, c.saved, c.plain, c.attack, c.defense)
        pending = None
        if self.pending is not None:
            who, options, kind, data = self.pending
            shown: tuple[tuple[Any, ...], ...] | int  # (the other's options: only how many)
            if who == player or kind == "move":  # (a move's options are the winners that can step in: public)
                shown = tuple((type(a).__name__,) + tuple(a) for a in options)
            else:
                shown = len(options)
            if kind == "respond":
                data = (data[0], data[1].name)
            elif kind == "deploy":
                data = data[2]
            elif kind not in ("flip", "survey"):
                data = None
            pending = (who, kind, shown, data)
        assert self.var_card is not None
        return (self.turn, self.max_turns, self.active, self.current_player(), self.goldfish, self.over, self.result,
                self.unresolved, self.surrendered, self.quiet, self.changed, self.slot_used, self.discarded,
                self.next_uid, board, tuple(sorted(self.granted.items())), tuple(sides), self.attr_card.name,
                self.var_card.name, len(self.attr_pile), len(self.var_pile), combat, pending,
                self.several, self.twins_always, self.surrenders)  # (the readings)


_CARD_ORDER: Final = attrgetter("key", "serial")  # the canonical order of hidden cards before they are shuffled


def _copy_entry(entry: list[Any], memo: dict[int, Any]) -> list[Any]:
    """A copy of a tactics card's entry ``[player, facts, target, cancelled]``, shared like the original."""
    copy: list[Any] | None = memo.get(id(entry))
    if copy is None:
        copy = memo[id(entry)] = list(entry)
    return copy


def _copy_context(context: dict[str, Any], fighters: dict[int, Fighter], memo: dict[int, Any]) -> dict[str, Any]:
    """A copy of an effect's context (shared by the effects of one card), its fighter the copy's own."""
    copy: dict[str, Any] | None = memo.get(id(context))
    if copy is None:
        copy = memo[id(context)] = dict(context)
        fighter = copy.get("fighter")
        if fighter is not None:
            copy["fighter"] = fighters.get(fighter.uid, fighter)
    return copy


def _copy_task(task: Task, fighters: dict[int, Fighter], memo: dict[int, Any]) -> Task:
    """A copy of a queued step: ``(kind,)``, ``(kind, entry)``, ``("counter", entry, entry)`` or
    ``("effect", player, card entry, context)``."""
    if len(task) == 1:
        return task
    kind = task[0]
    if kind == "effect":
        return (kind, task[1], task[2], _copy_context(task[3], fighters, memo))
    if kind == "counter":
        return (kind, _copy_entry(task[1], memo), _copy_entry(task[2], memo))
    return (kind, _copy_entry(task[1], memo))


def _redraw(cards: list[Facts], rng: random.Random, keep: int) -> None:
    """Redraw the hidden cards ``cards[keep:]`` in place: a canonical order (by name), then shuffled with ``rng``."""
    if len(cards) - keep < 2:
        return
    hidden = cards[keep:]
    hidden.sort(key=_CARD_ORDER)
    shuffle(hidden, rng)
    cards[keep:] = hidden


def _ask_again(state: WarcardzState, pending: Pending) -> Pending:
    """The pending choice of a player whose hand, reserve or view of the attribute deck was redrawn, asked again:
    its options name cards by their place there (the rest of the choice is unchanged)."""
    player, options, kind, data = pending
    combat = state.combat
    if kind == "window":
        assert combat is not None
        options = state._instant_plays(player, combat)
        options.append(PASS)
    elif kind == "deploy":
        deploys = deploy_choices(state, player, data[1])
        assert deploys is not None  # (the same reserves in another order: the same choices)
        options = deploys
    elif kind == "respond":
        options = respond_choices(state.sides[player], data)
    elif kind == "save":
        assert combat is not None
        saves = save_choices(state.sides[player], combat.defender)
        assert saves is not None  # (the same hand in another order: still a Last Stand)
        options = saves
    elif kind == "survey":
        options = survey_choices(state.attr_pile, data)
    return (player, options, kind, data)


def _has_instant(side: Side) -> bool:
    for facts in side.hand:
        if facts.instant:
            return True
    return False
