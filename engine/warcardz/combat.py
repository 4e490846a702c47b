"""A Warcardz combat: one attack being resolved, and its steps (the tactics window where instants are played, the
outcome, a Last Stand, the win and the winner's move into the vacated square), with the answers to their choices."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

from .board import (
    ALL_ATTRIBUTES,
    ATTRIBUTE_NAMES,
    FRENZY,
    ORTHOGONAL,
    PASS,
    SQUARE_NAMES,
    SQUARE_POSITION,
    STAY,
    TASK_MOVE,
    TASK_WIN,
    Choose,
    Fighter,
    Instant,
    PlayerAction,
    Side,
    Step,
    Task,
    new_action,
)
from .conditions import holds

if TYPE_CHECKING:
    from ..core import Pass
    from .facts import Facts
    from .state import WarcardzState

_NO_MODS: Final[dict[int, list[tuple[int, int]]]] = {}
_NOBODY: Final[frozenset[int]] = frozenset()
# What ``Combat.snapshot`` keeps: the modifiers, the frenzy and preferred-position grants, ``no_variable``, ``plain``.
_Snapshot: TypeAlias = "tuple[dict[int, list[tuple[int, int]]], set[int], set[int], bool, bool]"


class Combat:
    """One attack being resolved: who attacks whom, the tactics played into it, and its result."""

    __slots__ = (
        "attack",
        "attackers",
        "defender",
        "defense",
        "frenzy",
        "home",
        "mods",
        "no_variable",
        "passes",
        "plain",
        "player",
        "priority",
        "saved",
        "target",
        "totals",
    )
    attack: int
    attackers: list[Fighter]
    defender: Fighter
    defense: int
    frenzy: set[int] | frozenset[int]
    home: set[int] | frozenset[int]
    mods: dict[int, list[tuple[int, int]]]  # (stat, amount) by uid
    no_variable: bool
    passes: int
    plain: bool
    player: int
    priority: int
    saved: bool
    target: int
    totals: tuple[int, int] | None

    def __init__(self, player: int, attackers: list[Fighter], defender: Fighter) -> None:
        self.player = player
        self.attackers = attackers
        self.defender = defender
        self.target = defender.sq
        self.priority = player
        self.passes = 0
        self.mods = _NO_MODS  # replaced by a fresh one when a card changes it
        self.frenzy = _NOBODY
        self.home = _NOBODY
        self.no_variable = False
        self.saved = False
        self.attack = self.defense = 0
        self.plain = True  # no tactics card has changed anything in this combat yet
        self.totals = None  # the scores, once computed (the field does not change during a combat)

    def fighters_of(self, player: int) -> list[Fighter]:
        return self.attackers if player == self.player else [self.defender]

    def snapshot(self) -> _Snapshot:
        return ({k: list(v) for k, v in self.mods.items()}, set(self.frenzy), set(self.home), self.no_variable,
                self.plain)

    def restore(self, snap: _Snapshot) -> None:
        self.mods, self.frenzy, self.home, self.no_variable, self.plain = snap
        self.totals = None

    def reset(self) -> None:
        """Back to no tactics played into it (the scores, ``totals``, are left as they are)."""
        self.mods, self.frenzy, self.home = _NO_MODS, _NOBODY, _NOBODY
        self.no_variable = False
        self.plain = True

    def copy(self, fighters: dict[int, Fighter]) -> Combat:
        """An independent copy of this combat between the copies of its fighters (``fighters``, by uid: a fighter
        not there is kept)."""
        combat = Combat(self.player, [fighters.get(f.uid, f) for f in self.attackers],
                        fighters.get(self.defender.uid, self.defender))
        combat.target, combat.priority, combat.passes = self.target, self.priority, self.passes
        if self.mods is not _NO_MODS:
            combat.mods = {uid: list(mods) for uid, mods in self.mods.items()}
            combat.frenzy, combat.home = set(self.frenzy), set(self.home)
        combat.no_variable, combat.plain, combat.totals = self.no_variable, self.plain, self.totals
        combat.saved, combat.attack, combat.defense = self.saved, self.attack, self.defense
        return combat


def is_twin_combat(attackers: Sequence[Fighter], defender: Fighter) -> bool:
    """Whether an attacker is the same card as the defender: "If two identical cards meet up in battle, both
    cards are removed from the game" (whatever the scores)."""
    key = defender.facts.key
    for f in attackers:
        if f.facts.key == key:
            return True
    return False


def task_window(state: WarcardzState, task: Task) -> None:
    """The combat's tactics window: the attacker, then the defender, may play instants, until both pass.

    A player who is winning the combat as it stands is not asked (it passes): an instant could only
    widen a won combat, and the opponent's answer gives the turn back to it anyway. Nor is a player
    whose instants, all of them together, could not change the result (see :func:`_most_gained`).
    """
    combat = state.combat
    assert combat is not None
    while combat.passes < 2:
        player = combat.priority
        attack, defense = state.totals(combat)
        attacking = player == combat.player
        behind = defense - attack if attacking else attack - defense
        options = None
        if behind >= 0 and state.sides[player].hand and _most_gained(state, player, combat) >= max(behind, 1):
            options = state._instant_plays(player, combat)
        if options:
            state.tasks.append(task)
            options.append(PASS)
            state.ask(player, options, "window")
            return
        combat.passes += 1
        combat.priority = 1 - player


def _most_gained(state: WarcardzState, player: int, combat: Combat) -> int:
    """At most how much the instants in ``player``'s hand could together raise its side of the combat
    over the other's: a safe upper bound (every modifier counted in full, every frenzy as if it did not
    count yet, the variable card's bonuses on both sides for Signal Jammer). The cards' parts are
    compiled once (``Facts.gains``)."""
    fixed = per_mine = frenzies = ignores = extra_frenzy = 0
    for facts in state.sides[player].hand:
        gains = facts.gains
        if gains is None:
            continue
        if gains[5]:
            return 1 << 30
        fixed += gains[0]
        per_mine += gains[1]
        frenzies += gains[2]
        ignores += gains[3]
        extra_frenzy += gains[4]  # frenzy modifiers of these cards, in case another one makes frenzy count
    mine = combat.attackers if player == combat.player else (combat.defender,)
    total = fixed + per_mine * len(mine)
    if frenzies:
        bound = 0
        for f in mine:
            bound += _frenzy_bound(state, f, combat) + extra_frenzy
        total += frenzies * bound
    if ignores:
        total += ignores * sum([abs(amount) for amount, _, _ in state.var_mods]) * (len(combat.attackers) + 1)
    return total


def _frenzy_bound(state: WarcardzState, fighter: Fighter, combat: Combat) -> int:
    """At most how much a fighter's frenzy score could add to its total."""
    bound = fighter.facts.frenzy_cap
    for other in state.auras[fighter.owner]:
        bound += other.facts.aura_frenzy
    if combat.mods:
        for stat, amount in combat.mods.get(fighter.uid, ()):
            if stat == FRENZY or stat == ALL_ATTRIBUTES:
                bound += abs(amount)
    return bound


def answer_window(state: WarcardzState, player: int, action: Instant | Pass, data: None) -> None:
    combat = state.combat
    assert combat is not None
    combat.priority = 1 - player
    if action is PASS or action == PASS:
        combat.passes += 1
        return
    assert type(action) is Instant  # (a window's options: instants, and PASS)
    combat.passes = 0
    index, uid = action.index, action.uid
    side = state.sides[player]
    facts = side.hand.pop(index)
    side.played.append(facts)
    if state.log is not None:
        state.say(f"P{player + 1} plays {facts.name}" + (f" on {_fighter_name(state, uid)}" if uid is not None else ""))
    entry = [player, facts, uid, False]
    state.tasks.append(("instant", entry))
    state.tasks.append(("respond", entry))


def _fighter_name(state: WarcardzState, uid: int) -> str:
    for units in state.units:
        for f in units:
            if f.uid == uid:
                return f.facts.name
    return "?"


def task_instant(state: WarcardzState, task: Task) -> None:
    """An instant that was not cancelled: record what it changes in this combat."""
    player, facts, uid, negated = task[1]
    if not negated:
        assert state.combat is not None
        record_instant(state, state.combat, player, facts, uid)


def record_instant(state: WarcardzState, combat: Combat, player: int, facts: Facts, uid: int | None) -> None:
    """What an instant played by ``player`` (on the fighter ``uid``, if it picks one) changes in ``combat``."""
    combat.plain = False
    combat.totals = None
    if combat.mods is _NO_MODS:
        combat.mods, combat.frenzy, combat.home = {}, set(), set()
    assert isinstance(combat.frenzy, set) and isinstance(combat.home, set)  # (fresh sets once a card changes it)
    mine = combat.attackers if player == combat.player else (combat.defender,)
    a = state.attr
    for kind, target, cond, stat, amount in facts.compiled_plays:
        if kind == "ignore_variable":
            combat.no_variable = True
            continue
        fighters: Sequence[Fighter]
        if target == "own_fighter_in_combat":
            fighters = [f for f in mine if f.uid == uid]
        elif target == "defending_own_fighter":
            fighters = () if player == combat.player else mine
        else:
            fighters = mine
        for f in fighters:
            if cond is not None and not holds(cond, f.facts, SQUARE_POSITION[f.sq], a, None, f):
                continue
            if kind == "modify":
                combat.mods.setdefault(f.uid, []).append((stat, amount))
            elif kind == "add_frenzy":
                combat.frenzy.add(f.uid)
            elif kind == "preferred_position" and SQUARE_POSITION[f.sq] != f.facts.pos:
                combat.home.add(f.uid)


def task_outcome(state: WarcardzState, task: Task) -> None:
    """Compare the scores: the attacker wins, the defender wins, or a tie."""
    combat = state.combat
    assert combat is not None
    attack, defense = combat.attack, combat.defense = state.totals(combat)
    defender = combat.defender
    if state.log is not None:
        state.say(f"combat under {ATTRIBUTE_NAMES[state.attr]}" + (" + Frenzy" if state.frenzy_on else "")
                  + f": {attack} against {defense}")
    twins = [f for f in combat.attackers if f.facts.key == defender.facts.key]
    if twins and (state.twins_always or attack == defense):
        # "If two identical cards meet up in battle, both cards are removed from the game": whatever the scores
        # (decklab's reading), or only on a tie (the rule ``identical-cards=on-tie``)
        why = " (identical cards meet in battle)" if state.twins_always else " (a tie between identical cards)"
        state._remove(defender, why)
        for fighter in twins:
            state._remove(fighter, why)
        state._check_end()
    elif attack > defense:
        side = state.sides[defender.owner]
        if not side.dummy:
            options = save_choices(side, defender)
            if options is not None:
                state.tasks.append(TASK_WIN)
                state.ask(defender.owner, options, "save")
                return
        task_win(state, TASK_WIN)  # (the next step: what queuing it would run at once)
    elif defense > attack:
        for fighter in combat.attackers:
            state._remove(fighter, " (the defender wins)")
        state._check_end()
    elif state.log is not None:
        state.say("a tie: a draw, nothing happens")


def save_choices(side: Side, defender: Fighter) -> list[PlayerAction] | None:
    """Whether to save the losing ``defender`` with the first Last Stand of its owner's hand (None: it holds none)."""
    for facts in side.hand:
        if facts.saves:
            return [Choose(True, f"play {facts.name} for {defender.facts.name}"),
                    Choose(False, f"let {defender.facts.name} fall")]
    return None


def answer_save(state: WarcardzState, player: int, action: Choose, data: None) -> None:
    if action.option is not True:
        return
    side = state.sides[player]
    index = next(i for i, f in enumerate(side.hand) if f.saves)
    facts = side.hand.pop(index)
    side.played.append(facts)
    if state.log is not None:
        state.say(f"P{player + 1} plays {facts.name}")
    entry = [player, facts, None, False]
    state.tasks.append(("saved", entry))
    state.tasks.append(("respond", entry))


def task_saved(state: WarcardzState, task: Task) -> None:
    if not task[1][3]:
        assert state.combat is not None
        state.combat.saved = True


def task_win(state: WarcardzState, task: Task) -> None:
    """The attacker won: the defender leaves (or goes back to the reserve), triggers, then one attacker may move in."""
    combat = state.combat
    assert combat is not None
    defender = combat.defender
    if combat.saved:
        state.to_reserve(defender)
    else:
        state._remove(defender, " (the attacker wins)")
    if state._check_end():
        return
    effects: list[Task] | None = None
    for fighter in reversed(combat.attackers):
        for entry in reversed(fighter.facts.on_win):
            if effects is None:
                effects = []
                state.tasks.append(TASK_MOVE)
            effects.append(("effect", combat.player, entry, {"source": fighter.facts, "fighter": fighter}))
    if effects is None:
        task_move(state, TASK_MOVE)  # (the next step: what queuing it would run at once)
    else:
        state.tasks.extend(effects)


def task_move(state: WarcardzState, task: Task) -> None:
    combat = state.combat
    assert combat is not None
    square = combat.target
    if state.board[square] is not None:
        return
    board = state.board
    options: list[PlayerAction] | None = None
    for f in combat.attackers:
        if square in ORTHOGONAL[f.sq] and board[f.sq] is f:
            step = new_action(Step, (f.sq, f.facts.name, square, f.owner))
            if options is None:
                options = [step]
            else:
                options.append(step)
    if options is None:
        return
    options.append(STAY)
    state.ask(combat.player, options, "move")


def answer_move(state: WarcardzState, player: int, action: Step | Pass, data: None) -> None:
    if type(action) is not Step:
        return
    fighter = state.board[action.square]
    assert fighter is not None and state.combat is not None  # (a winner that can step in)
    if state.log is not None:
        state.say(f"{fighter.facts.name} moves into {SQUARE_NAMES[state.combat.target]}")
    state.relocate(fighter, state.combat.target)
