"""The lowest layer of Warcardz's state: what the game holds (the field, the cards off it, the side decks, the turn's
progress, the score caches), what can be read off the field, and changing it (placing, lifting and moving fighters,
flipping the side decks) with the cached scores each change makes stale."""

from __future__ import annotations

from typing import Any

from ..core import GameState
from .board import (
    ATTRIBUTE_NAMES,
    BESIDE,
    LINE,
    LINE_VALUE,
    PLANS,
    REACH_MASK,
    REACHING_EFFECTS,
    SQUARE_NAMES,
    VIEW_ORDER,
    VIEW_ROW,
    Fighter,
    Pending,
    PlayerAction,
    Side,
    Task,
)
from .combat import Combat
from .conditions import Mod
from .facts import Facts


class FieldState(GameState):
    """A game of Warcardz as it stands: the field, the cards off it, the side decks and the turn's progress.

    The attributes with a docstring are public: a policy reads them (and may use ``cache`` as the scores do).
    The layers above add the scores (:class:`~.scores.ScoredState`) and the rules
    (:class:`~.state.WarcardzState`).
    """

    __slots__ = (
        "acache",
        "active",
        "attr",
        "attr_card",
        "attr_pile",
        "auras",
        "board",
        "cache",
        "changed",
        "combat",
        "discarded",
        "frenzy_on",
        "goldfish",
        "granted",
        "medics",
        "next_uid",
        "pending",
        "quiet",
        "sides",
        "skey",
        "several",
        "slot_used",
        "surrendered",
        "surrenders",
        "tasks",
        "tindex",
        "twins_always",
        "units",
        "unresolved",
        "var_attr",
        "var_base",
        "var_card",
        "var_mods",
        "var_pile",
    )
    acache: dict[int, int]
    active: int
    """The seat whose turn it is."""
    attr: int
    """The active attribute (its place in ``ATTRIBUTES``), named by the attribute card in play."""
    attr_card: Facts
    """The attribute card in play."""
    attr_pile: list[Facts]
    """The attribute deck below the card in play, from its top."""
    auras: list[list[Fighter]]
    """Each seat's fighters that command the others (``facts.auras``)."""
    board: list[Fighter | None]
    """The ten squares (0-4 P1's line, 5-9 P2's, both from P1's left) and who stands on each."""
    cache: dict[int | str, Any]
    """Scores by uid (-uid: defending), and the greedy's plans by ``PLANS`` (or None); dropped where the field
    changes."""
    changed: bool
    """Whether the field or a side deck changed this turn (the stall rule)."""
    combat: Combat | None
    """The combat being resolved (the last one of the turn, until the turn ends)."""
    discarded: bool
    """Whether the turn's discard (or the attack after an attack opener) is used."""
    frenzy_on: bool
    """Whether the attribute card in play makes every frenzy score count."""
    goldfish: bool
    """Whether seat 2 is the goldfish's line of training dummies."""
    granted: dict[int, int]
    """The directions lit for this turn (bits of ``DIRECTIONS``), by fighter uid."""
    medics: list[int]
    next_uid: int
    pending: Pending | None
    """The choice waiting for a player: (player, options, kind, data), or None."""
    quiet: int
    """Turns in a row without a change (the stall point is ``QUIET_TURNS``)."""
    sides: list[Side]
    """Each seat's cards off the field."""
    skey: int
    several: bool
    """The reading turn=several: a reserve or a before-combat card, a discard and an attack, all in one turn."""
    slot_used: bool
    """Whether the turn's reserve or before-combat card is used."""
    surrendered: int | None
    """The seat that surrendered at the stall point, if one did."""
    surrenders: bool
    """The reading surrender=stall-point."""
    tasks: list[Task]
    tindex: int
    twins_always: bool
    """The reading identical-cards=always: identical cards meeting in battle are both removed whatever the scores."""
    units: list[list[Fighter]]
    """Each seat's fighters on the field."""
    unresolved: bool
    var_attr: int
    var_base: int
    var_card: Facts | None  # (None only while the game is set up)
    """The variable card in play."""
    var_mods: tuple[Mod, ...]
    """The variable card's bonuses: (amount, sides, condition)."""
    var_pile: list[Facts]
    """The variable deck below the card in play, from its top."""

    def ask(self, player: int, options: list[PlayerAction], kind: str, data: Any = None) -> None:
        """Ask ``player`` a choice among ``options``: its answer goes to the answer of ``kind``
        (:data:`.turn.ANSWERS`), with ``data``."""
        self.pending = (player, options, kind, data)

    # -- what can be read off the field --

    def value_in_play(self, player: int) -> int:
        """The value of ``player``'s fighters on the field."""
        return sum(f.facts.value for f in self.units[player])

    def army_value(self, player: int) -> int:
        """The value of ``player``'s fighters on the field and in its reserve: what it has left to fight with."""
        return self.value_in_play(player) + sum(f.value for f in self.sides[player].reserves)

    def open_squares(self, player: int) -> list[int]:
        """The open squares of ``player``'s own line, from its own left."""
        board = self.board
        return [sq for sq in VIEW_ROW[player] if board[sq] is None]

    def reach(self, player: int) -> list[list[Fighter] | None]:
        """For each square (0-9), the ``player``'s fighters that can attack the enemy on it, in the player's
        own order of squares (:data:`VIEW_ORDER`; None where no enemy can be attacked)."""
        board = self.board
        granted = self.granted
        table = REACH_MASK[player]
        out: list[list[Fighter] | None] = [None] * 10
        for src in VIEW_ORDER[player]:
            fighter = board[src]
            if fighter is None or fighter.owner != player:
                continue
            lights = fighter.facts.dirs
            if granted:
                lights |= granted.get(fighter.uid, 0)
            for sq in table[src][lights]:
                target = board[sq]
                if target is not None and target.owner != player:
                    attackers = out[sq]
                    if attackers is None:
                        out[sq] = [fighter]
                    else:
                        attackers.append(fighter)
        return out

    def has_way_to_attack(self, player: int) -> bool:
        """Whether ``player`` can attack an enemy now or bring one within reach by its own means: a fighter
        whose lights reach an enemy, a reserve that fits (five fighters, 25 value) on an open square of its
        line from which it would reach one, or a before-combat card in hand that moves, swaps, returns or
        deploys a fighter or lights a direction (:data:`REACHING_EFFECTS`). Side-deck flips never change
        who can reach whom."""
        if any(attackers is not None for attackers in self.reach(player)):
            return True
        side = self.sides[player]
        if side.dummy:
            return False
        board = self.board
        enemy = 1 - player
        if len(self.units[player]) < LINE and side.reserves:
            room = LINE_VALUE - self.value_in_play(player)
            table = REACH_MASK[player]
            for sq in self.open_squares(player):
                for facts in side.reserves:
                    if facts.value <= room:
                        for t in table[sq][facts.dirs]:
                            target = board[t]
                            if target is not None and target.owner == enemy:
                                return True
        for facts in side.hand:
            if not facts.instant and any(e["effect"] in REACHING_EFFECTS for e in facts.plays):
                return True
        return False

    # -- the board --

    def place(self, facts: Facts, owner: int, sq: int, from_reserve: bool) -> Fighter:
        """Put a new fighter of ``facts`` for ``owner`` on the open square ``sq`` (``from_reserve``: it comes from the
        reserve); the fighter."""
        fighter = Fighter(facts, owner, self.next_uid, sq)
        self.next_uid += 1
        self.changed = True
        self.board[sq] = fighter
        self.units[owner].append(fighter)
        if facts.adj_mods:
            self.medics[owner] += 1
        if facts.auras:
            self.auras[owner].append(fighter)
            self._forget_side(owner)
        self._forget(sq)
        if from_reserve:
            if self.log is not None:
                self.say(f"P{owner + 1} places reserve {facts.name} at {SQUARE_NAMES[sq]}")
            for entry in reversed(facts.on_enter):
                self.tasks.append(("effect", owner, entry, {"source": facts, "fighter": fighter}))
        return fighter

    def _take(self, fighter: Fighter) -> None:
        """Lift a fighter off the field."""
        self.changed = True
        if fighter.facts.adj_mods:
            self.medics[fighter.owner] -= 1
        if fighter.facts.auras:
            self.auras[fighter.owner].remove(fighter)
            self._forget_side(fighter.owner)
        self._forget(fighter.sq)
        self.board[fighter.sq] = None
        self.units[fighter.owner].remove(fighter)
        self.granted.pop(fighter.uid, None)

    def _forget_side(self, owner: int) -> None:
        """Drop the cached scores of ``owner``'s fighters (its commands changed: they touch only its own side)."""
        cache = self.cache
        if cache:
            pop = cache.pop
            for fighter in self.units[owner]:
                pop(fighter.uid, None)
                pop(-fighter.uid, None)
        self.acache.clear()

    def _forget(self, sq: int) -> None:
        """Drop the cached scores a change on ``sq`` may touch: its fighter, the plans, and the defense of
        its neighbours if it is a Medic (the only score that depends on another fighter's square)."""
        cache = self.cache
        if not cache:
            return
        board = self.board
        pop = cache.pop
        fighter = board[sq]
        if fighter is not None:
            pop(fighter.uid, None)
            pop(-fighter.uid, None)
        if fighter is None or fighter.facts.adj_mods:
            for near in BESIDE[sq]:
                fighter = board[near]
                if fighter is not None:
                    pop(-fighter.uid, None)
        pop(PLANS[0], None)  # (``_forget_plans``, inlined: this runs on every change on the field)
        pop(PLANS[1], None)

    def _forget_plans(self) -> None:
        """Drop the greedy's cached attack plans (``PLANS``): who can attack whom has changed."""
        cache = self.cache
        if cache:
            cache.pop(PLANS[0], None)
            cache.pop(PLANS[1], None)

    def grant(self, fighter: Fighter, bits: int) -> None:
        """Light more attack directions (bits of ``DIRECTIONS``) for ``fighter`` until the end of the turn."""
        self.granted[fighter.uid] = self.granted.get(fighter.uid, 0) | bits
        self._forget_plans()

    def _expire_grants(self) -> None:
        """The turn is over: the directions granted for it go out, and with them the plans that used them."""
        self.granted.clear()
        self._forget_plans()

    def _remove(self, fighter: Fighter, why: str = "") -> None:
        self._take(fighter)
        self.sides[fighter.owner].removed.append(fighter.facts)
        if self.log is not None:
            self.say(f"{fighter.facts.name} of P{fighter.owner + 1} is removed from the field{why}")

    def to_reserve(self, fighter: Fighter) -> None:
        """Take ``fighter`` off the field back to its owner's reserve."""
        self._take(fighter)
        self.sides[fighter.owner].reserves.append(fighter.facts)
        if self.log is not None:
            self.say(f"{fighter.facts.name} of P{fighter.owner + 1} goes back to the reserve")

    def relocate(self, fighter: Fighter, sq: int) -> None:
        """Move ``fighter`` to the open square ``sq``."""
        self.changed = True
        self._forget(fighter.sq)
        self.board[fighter.sq] = None
        self.board[sq] = fighter
        fighter.move_to(sq)
        self._forget(sq)

    def _check_end(self) -> bool:
        a, b = self.units
        if a and b:
            return False
        self.over = True
        self.result = None if not a and not b else (0 if a else 1)
        self.pending = None
        self.tasks.clear()
        if self.log is not None:
            self.say("both sides are wiped out: a draw" if self.result is None else
                     f"P{2 - self.result} has no fighter left on the field: P{self.result + 1} wins")
        return True

    # -- side decks --

    def flip_attribute(self) -> None:
        """The attribute card in play goes to the bottom of its deck; the top card is flipped."""
        if self.attr_pile:
            self.attr_pile.append(self.attr_card)
            self.set_attribute(self.attr_pile.pop(0))

    def set_attribute(self, facts: Facts) -> None:
        """Make ``facts`` (an attribute card) the attribute in play."""
        self.changed = True
        self.cache.clear()
        self.attr_card = facts
        self.attr = facts.attribute
        self.frenzy_on = facts.attr_frenzy
        self.tindex = facts.attribute * 8 + facts.attr_frenzy * 4
        self.skey = (self.var_base + self.tindex) << 32
        var_card = self.var_card
        self.var_attr = self.attr if var_card is not None and var_card.attr_dependent else 0
        self.acache.clear()
        if self.log is not None:
            self.say(f"the attribute card is now {facts.name} ({ATTRIBUTE_NAMES[facts.attribute]}"
                     + (" + Frenzy)" if facts.attr_frenzy else ")"))

    def flip_variable(self) -> None:
        if self.var_pile:
            assert self.var_card is not None  # (set up with the game)
            self.var_pile.append(self.var_card)
            self._set_variable(self.var_pile.pop(0))

    def _set_variable(self, facts: Facts) -> None:
        self.changed = True
        self.cache.clear()
        self.var_card = facts
        self.var_mods = facts.var_mods
        self.var_base = facts.serial << 24
        self.skey = (self.var_base + self.tindex) << 32
        self.var_attr = self.attr if self.var_card.attr_dependent else 0
        if self.log is not None:
            self.say(f"the variable card is now {facts.name}")
