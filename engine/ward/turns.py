"""The fifth layer of Ward's state (:class:`Turns`): the game as one generator, and each turn's five phases
(draw, summoning/magic, combat, second magic, end) with what starts and ends them; the opening hand."""

from __future__ import annotations

from operator import length_hint
from typing import TYPE_CHECKING

from ..core import Pass, Play
from .board import (
    ASK_MAIN,
    DOT,
    END_TURN,
    EV_MAGIC,
    FIRST_DRAW,
    HAND_LIMIT,
    KEEP,
    MULLIGAN,
    PH_COMBAT,
    PH_MAIN,
    PH_MAIN2,
    PH_START,
    Attack,
    Ctx,
    Steps,
    discard_options,
)
from .combat import Combat

if TYPE_CHECKING:
    from .state import WardState


class Turns(Combat):
    """The turn structure (the fifth layer of :class:`~.state.WardState`): the game generator and its turns."""

    __slots__ = ()

    def _turn_start_copy(self) -> WardState:
        """A copy of the game as it stands between two turns, for later copies to replay from (see :meth:`_game`):
        made by the state itself (:meth:`~.state.WardState._board_to`)."""
        raise NotImplementedError

    # -- the game --

    def _game(self, fresh: bool = True) -> Steps:
        """The whole game: yields (player, decision kind, options or None) and receives the chosen action.
        A game rebuilt from a turn-start copy (``fresh`` false, see _rebuild) starts at that turn."""
        if fresh:
            self._roll_for_first()
            if self.setup_draw:
                yield from self._setup_hands()
        while True:
            snap = self.snap
            if snap is not None and (type(snap) is not int or snap == self.turn):
                # a game being determinized: its copy at the start of each turn (an int: a replay that only
                # copies the start of that turn, for the game it replays, see _rebuild)
                board = self._turn_start_copy()
                # the dice drawn so far; replaying (no recorder), minus the recorded draws not replayed yet
                # (replaying, draw is the __next__ of an iterator over the recorded draws: replayer)
                drawn = len(self.draws) if self.rec is not None else -length_hint(
                    self.draw.__self__)  # type: ignore[attr-defined]
                self.snap = (len(self.history), drawn, board)
            yield from self._turn()
            self.turn += 1
            if self.turn > self.max_turns:
                self._time_out()
                return
            self.active = 1 - self.active
            if self.goldfish and self.active == 0:
                self.own_turns += 1

    def _roll_for_first(self) -> None:
        """Each player rolls a die (ties roll again); the lower roll chooses who goes first. The chooser's
        choice is the batch's: seat ``first`` goes first, so a batch alternates the first player fairly."""
        first = self.active
        while True:
            rolls = (self.die(), self.die())
            if rolls[0] != rolls[1]:
                break
        if self.log is not None:
            chooser = 0 if rolls[0] < rolls[1] else 1
            self.say(f"P1 rolls {rolls[0]}, P2 rolls {rolls[1]}: P{chooser + 1} chooses, and P{first + 1} goes first")

    def _setup_hands(self) -> Steps:
        """``ward.opening-hands=setup``: each player draws its five cards at setup ("Each player draws 5 cards"),
        the first player first, each with its redraws and its mulligan (17.9); the first player's first Draw Phase
        then draws nothing more (these are its "5 on the very first turn of the game"), the second player's draws
        its one card."""
        for player in (self.active, 1 - self.active):
            side = self.sides[player]
            side.started = True
            self.draw_cards(side, FIRST_DRAW)
            yield from self._opening(player)

    def _turn(self) -> Steps:
        me = self.active
        side = self.sides[me]
        foe = self.sides[1 - me]
        self._new_turn()
        side.summoned = False
        if side.dummy:
            if self.log is not None:
                self.say(f"P{me + 1} (training dummies) takes no actions")
            yield from self._end_of_combat(me)
            return
        if self.log is not None:
            self.say(f"P{me + 1} begins: {len(side.hand)} cards in hand, {len(side.deck)} in deck, "
                     f"cemetery {side.cem_hp} HP")
        yield from self._draw_phase(me)  # 1. draw phase
        # 2. summoning / magic phase
        self.phase = PH_MAIN
        ask = ASK_MAIN[me]
        while True:
            if side.primary is None and not self.summon_options(me, normal=True):
                yield from self._replace(me)
                continue
            action = yield ask
            kind = type(action)
            if kind is Play:
                if side.hand[action.index].simple and not self._can_answer(1 - me, EV_MAGIC):
                    self._play_plain(me, action)
                    if self.dead:
                        yield from self._bury()
                else:
                    yield from self._play(me, action)
                if self.dead or (side.primary is None and side.fielded) or (foe.primary is None and foe.fielded):
                    yield from self._settle()
            elif kind is Pass or kind is Attack:
                break
            else:
                yield from self._main_action(me, action)
        # 3. combat phase (a battle declared from the main phase ends it and starts this one)
        self.phase = PH_COMBAT
        while kind is Attack:
            attacker = side.primary
            if attacker is None or attacker.uid != action.uid:
                attacker = self.find_creature(action.uid)
            defender = foe.primary  # (a local: foe.primary narrowed would stay narrowed after the battle)
            assert attacker is not None and defender is not None  # (a legal battle)
            yield from self._battle(attacker, defender)
            if self.dead or (side.primary is None and side.fielded) or (foe.primary is None and foe.fielded):
                yield from self._settle()
            if not self.can_battle(me):
                break
            action = yield (me, "combat", None)
            kind = type(action)
        if self._combat_ends(me):
            yield from self._end_of_combat(me)
        # 4. second magic phase
        self.phase = PH_MAIN2
        while self._main2_possible(me):
            action = yield (me, "main2", None)
            if action is END_TURN:
                break
            yield from self._main_action(me, action)
        # 5. end turn
        if self.log is not None:
            self.say(f"P{me + 1} ends the turn")

    def _draw_phase(self, me: int) -> Steps:
        """The draw phase: the opening hand on a player's first turn (unless drawn at setup), else one card; then
        the start-of-turn effects and the hand limit's discards."""
        side = self.sides[me]
        if not side.started:
            side.started = True
            self.draw_cards(side, FIRST_DRAW)
            yield from self._opening(me)
        elif self.turn == 1:
            pass  # ward.opening-hands=setup: the first player's five were drawn at setup
        else:
            self.draw_cards(side, 1)
        primary = side.primary
        if primary is not None and primary.facts.start or side.magics.items and self._start_triggers(me):
            yield from self._start_of_turn(me)
        while len(side.hand) > HAND_LIMIT:
            choice = yield (me, "discard", discard_options(side.hand))
            facts = side.hand.pop(choice.option)
            if self.log is not None:
                self.say(f"P{me + 1} discards {facts.name} (hand limit)")
            self.to_cemetery(side, facts)

    # -- the opening hand --

    def _opening(self, player: int) -> Steps:
        """Turn 1's hand: redraw until a creature can be played, then the one mulligan (rulebook 17.9)."""
        side = self.sides[player]
        if self.log is not None:
            self.say(f"P{player + 1} draws {len(side.hand)}: " + ", ".join(f.name for f in side.hand))
        self._until_playable(player)
        choice = yield (player, "mulligan", [KEEP, MULLIGAN])
        if choice.option:
            count = len(side.hand)
            side.deck.extend(side.hand)
            side.hand.clear()
            self.shuffle(side.deck)
            self.draw_cards(side, count)
            if self.log is not None:
                self.say(f"P{player + 1} mulligans and draws {count}: " + ", ".join(f.name for f in side.hand))
            self._until_playable(player)

    # -- the start and end of turns --

    def _new_turn(self) -> None:
        """The start of a turn: once-per-turn uses and battles reset, temporary changes and magics expire."""
        turn = self.turn
        self.phase = PH_START
        self.combat_over = False
        expired = False
        for each in self.sides:
            creature = each.primary
            if creature is not None:
                creature.used = 0
                creature.battled = False
                if creature.temps:
                    creature.temps = [temp for temp in creature.temps if temp[2] > turn]
            for creature in each.limited:
                creature.used = 0
                creature.battled = False
                if creature.temps:
                    creature.temps = [temp for temp in creature.temps if temp[2] > turn]
            if self.expiring:
                for magic in each.magics.items:
                    if magic.expires <= turn:
                        expired = True
        used = self.used_magics
        if used:
            for magic in used:
                magic.used = 0
            used.clear()
        if expired:
            for each in (self.sides[self.active], self.sides[1 - self.active]):  # (the active player's first)
                for magic in list(each.magics.items):
                    if magic.expires <= turn:
                        self.remove_magic(magic)
            self.check_cemeteries()

    def _start_triggers(self, player: int) -> bool:
        side = self.sides[player]
        primary = side.primary
        if primary is not None and primary.facts.start:
            return True
        for magic in side.magics.items:
            if magic.facts.start:
                return True
        return False

    def _start_of_turn(self, player: int) -> Steps:
        side = self.sides[player]
        for creature in side.creatures():
            if creature.facts.triggers.get("start_of_turn"):
                yield from self._trigger(creature, "start_of_turn", Ctx(creature=creature))
        for magic in list(side.magics.items):
            if magic not in side.magics.items:
                continue
            for entry in magic.facts.triggers.get("start_of_turn", ()):
                yield from self._effect(player, entry, Ctx(magic=magic))
        if self._unsettled():
            yield from self._settle()

    def _end_of_combat(self, player: int) -> Steps:
        """DOT and HOT tick (once per turn cycle, 11.1), then end-of-combat effects: the active player's side first
        each time (as replacements go, 14.4.4), never by seat."""
        turn = self.turn
        sides = (self.sides[player], self.sides[1 - player])
        for side in sides:
            for creature in side.creatures():
                dot = creature.dot
                if dot is not None and dot[2] == turn:
                    self.hurt(creature, dot[0], DOT)
                    dot[1] -= 1
                    dot[2] += 2
                    if dot[1] <= 0:
                        creature.dot = None
                hot = creature.hot
                if hot is not None and hot[2] == turn:
                    self.heal(creature, hot[0])
                    hot[1] -= 1
                    hot[2] += 2
                    if hot[1] <= 0:
                        creature.hot = None
        if self.dead:
            yield from self._bury()
        primary = self.sides[player].primary
        if primary is not None and primary.facts.triggers.get("end_of_combat"):
            yield from self._trigger(primary, "end_of_combat", Ctx(creature=primary))
        for side in sides:
            for magic in list(side.magics.items):
                for entry in magic.facts.triggers.get("end_of_combat", ()):
                    yield from self._effect(side.player, entry, Ctx(magic=magic))
        if self._unsettled():
            yield from self._settle()

    def _combat_ends(self, player: int) -> bool:
        """Whether the end of this Combat phase has anything to do (DOT, HOT, end-of-combat effects)."""
        for side in self.sides:
            primary = side.primary
            if primary is not None and (primary.dot is not None or primary.hot is not None or (
                    primary.facts.end_combat and side.player == player)):
                return True
            for magic in side.magics.items:
                if magic.facts.end_combat:
                    return True
        return False
