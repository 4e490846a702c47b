"""The steps of a Warcardz turn and the answers to its pending choices, as tables by kind: a played tactics card
(Countermand's answer, then its effects, each resolved by its handler in :data:`.effects.EFFECTS`), the end of the
turn, and the combat's steps (:mod:`.combat`).

The state queues steps (``state.tasks``, a stack: the last one runs first) and runs them until one asks a player
a choice (``state.pending``); the player's answer goes to the answer of that kind of choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from .board import TASK_CHECK, Choose, PlayerAction, Side, Task
from .combat import (
    answer_move,
    answer_save,
    answer_window,
    task_instant,
    task_move,
    task_outcome,
    task_saved,
    task_win,
    task_window,
)
from .effects import EFFECTS, answer_deploy, answer_flip, answer_survey

if TYPE_CHECKING:
    from .state import WarcardzState


def _task_end(state: WarcardzState, task: Task) -> None:
    state.end_turn()


def _countermand(side: Side) -> int | None:
    """The place in ``side``'s hand of its first Countermand (None: it holds none)."""
    for index, facts in enumerate(side.hand):
        if facts.negates:
            return index
    return None


def _task_respond(state: WarcardzState, task: Task) -> None:
    """The opponent of whoever just played a tactics card may cancel it with a Countermand."""
    entry = task[1]
    responder = 1 - entry[0]
    side = state.sides[responder]
    if side.dummy or _countermand(side) is None:
        return
    state.ask(responder, respond_choices(side, entry), "respond", entry)


def respond_choices(side: Side, entry: list[Any]) -> list[PlayerAction]:
    """Whether to cancel the card of ``entry`` with the first Countermand of ``side``'s hand."""
    name = entry[1].name
    index = _countermand(side)
    assert index is not None  # (asked only of a side that holds one)
    counter = side.hand[index].name
    return [Choose(True, f"play {counter} against {name}"), Choose(False, f"let {name} resolve")]


def _answer_respond(state: WarcardzState, player: int, action: Choose, entry: list[Any]) -> None:
    if action.option is not True:
        return
    side = state.sides[player]
    index = _countermand(side)
    assert index is not None  # (offered only to a side that holds one)
    facts = side.hand.pop(index)
    side.played.append(facts)
    if state.log is not None:
        state.say(f"P{player + 1} plays {facts.name} against {entry[1].name}")
    counter = [player, facts, None, False]
    state.tasks.append(("counter", counter, entry))
    state.tasks.append(("respond", counter))


def _task_counter(state: WarcardzState, task: Task) -> None:
    counter, entry = task[1], task[2]
    if not counter[3]:
        entry[3] = True
        if state.log is not None:
            state.say(f"{entry[1].name} is cancelled")


def _task_tactic(state: WarcardzState, task: Task) -> None:
    """A before-combat tactics card that was not cancelled: its effects, in order."""
    player, facts, target, negated = task[1]
    if negated:
        return
    context = {"source": facts, "target": target, "vacated": None}
    state.tasks.append(TASK_CHECK)
    for entry in reversed(facts.plays):
        state.tasks.append(("effect", player, entry, context))


def _task_check(state: WarcardzState, task: Task) -> None:
    state._check_end()


def _task_effect(state: WarcardzState, task: Task) -> None:
    """One effect of a card resolves, by the handler of its kind."""
    _, player, entry, context = task
    EFFECTS.handlers[entry["effect"]](state, player, entry, context)


TASKS: Final[dict[str, Callable[[WarcardzState, Task], None]]] = {
    "end": _task_end, "window": task_window, "respond": _task_respond, "counter": _task_counter,
    "tactic": _task_tactic, "check": _task_check, "instant": task_instant, "outcome": task_outcome,
    "saved": task_saved, "win": task_win, "move": task_move, "effect": _task_effect}
"""The steps a turn queues, by kind (a step's first item)."""
# (each answer takes the action and the data of its own kind of choice)
ANSWERS: Final[dict[str, Callable[[WarcardzState, int, Any, Any], None]]] = {
    "window": answer_window, "respond": _answer_respond, "save": answer_save, "move": answer_move,
    "flip": answer_flip, "survey": answer_survey, "deploy": answer_deploy}
"""The answers to the pending choices, by kind (a pending choice's third item)."""
