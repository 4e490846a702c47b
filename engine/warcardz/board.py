"""Warcardz's table: the game's numbers, the board's geometry (ten squares, as each player sees them), a fighter on
the field, one player's cards off it, the game's own actions, and the steps a turn queues."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeAlias

from ..core import Pass
from ..core import Play as Tactic  # a before-combat tactics card is played with the core's Play action

if TYPE_CHECKING:
    from .facts import Facts

LINE: Final = 5
LINE_VALUE: Final = 25
# This many turns in a row without a change on the field or in the side decks: the stall point.
QUIET_TURNS: Final = 10
# Before-combat effects that can bring a fighter within reach of an enemy (a new square, a new light, a new fighter).
REACHING_EFFECTS: Final = frozenset({"move", "swap_positions", "grant_direction", "deploy_reserve",
                                     "return_to_reserve"})
ATTRIBUTES = ("hand_to_hand", "small_arms", "heavy_weapons", "energy", "explosive")
ATTRIBUTE_NAMES = ("Hand-to-Hand", "Small Arms", "Heavy Weapons", "Energy", "Explosive")
DIRECTIONS = ("front", "left_front", "right_front", "left", "right", "aft")
POSITIONS = ("flank", "guard", "post")
COLUMN_POSITION = (0, 1, 2, 1, 0)
SIDE_DECKS = ("attribute", "variable")

# Stats a modifier may change: the five attributes are 0-4.
FRENZY: Final = 5
ATTACK: Final = 6
DEFENSE: Final = 7
ALL_ATTRIBUTES: Final = 8
ACTIVE_ATTRIBUTE: Final = 9
COMBAT_SCORE: Final = 10
STATS = {**{name: i for i, name in enumerate(ATTRIBUTES)}, "frenzy": FRENZY, "attack": ATTACK, "defense": DEFENSE,
         "all_attributes": ALL_ATTRIBUTES, "active_attribute": ACTIVE_ATTRIBUTE, "combat_score": COMBAT_SCORE}
SIDES = {"attack": 1, "defense": 2, "both": 3}

# --- geometry -----------------------------------------------------------------------------------

SQUARE_POSITION: Final = tuple(COLUMN_POSITION[sq % 5] for sq in range(10))
SQUARE_NAMES: Final = tuple(f"P{sq // 5 + 1} {POSITIONS[COLUMN_POSITION[sq % 5]]} {sq % 5 + 1}" for sq in range(10))
ROW_SQUARES: Final = (tuple(range(5)), tuple(range(5, 10)))


def view(player: int, sq: int) -> int:
    """Square ``sq`` as ``player`` sees the board from its own side: its own line is 0-4 from its own
    left, the enemy's line 5-9 from its own left (the board turned round for P2).

    >>> view(0, 2), view(1, 9), view(1, 5), view(1, 4)
    (2, 0, 4, 5)
    """
    return sq if player == 0 else 9 - sq


# VIEW_ORDER[player]: the ten squares in ``player``'s own order (its line from its left, then the enemy's).
VIEW_ORDER: Final = tuple(tuple(sorted(range(10), key=partial(view, p))) for p in (0, 1))
# VIEW_ROW[player]: the squares of ``player``'s own line, from its own left.
VIEW_ROW: Final = tuple(tuple(sq for sq in VIEW_ORDER[p] if sq in ROW_SQUARES[p]) for p in (0, 1))
# Where the greedy policy caches its best attack in ``state.cache`` (str keys hash fast).
PLANS: Final = ("plan 0", "plan 1")


def _step(owner: int, sq: int, direction: str) -> int:
    """The square one step from ``sq`` in ``direction`` for a fighter of ``owner`` (-1: off the board).

    P1 (row 0) faces row 1 and its left is column - 1; P2 faces row 0 and its left is column + 1.
    """
    row, col = divmod(sq, 5)
    forward = 1 if owner == 0 else -1
    left = -1 if owner == 0 else 1
    d_row, d_col = {"front": (forward, 0), "left_front": (forward, left), "right_front": (forward, -left),
                    "left": (0, left), "right": (0, -left), "aft": (-forward, 0)}[direction]
    row, col = row + d_row, col + d_col
    return row * 5 + col if 0 <= row < 2 and 0 <= col < 5 else -1


# REACH[owner][sq]: (direction bit, target square) for every direction that stays on the board.
REACH = tuple(tuple(tuple((1 << i, _step(owner, sq, d)) for i, d in enumerate(DIRECTIONS) if _step(owner, sq, d) >= 0)
                    for sq in range(10)) for owner in (0, 1))
# REACH_MASK[owner][sq][lights]: the squares a fighter with these direction lights can attack.
REACH_MASK: Final = tuple(tuple(tuple(tuple(t for bit, t in REACH[owner][sq] if lights & bit) for lights in range(64))
                         for sq in range(10)) for owner in (0, 1))
# REACHERS[owner][sq]: (square, direction bit) of every square from which a fighter of ``owner`` with that
# light attacks ``sq``, in ``owner``'s own order of squares (``VIEW_ORDER``).
REACHERS: Final = tuple(tuple(tuple((src, bit) for src in VIEW_ORDER[owner] for bit, t in REACH[owner][src] if t == sq)
                       for sq in range(10)) for owner in (0, 1))
# Squares one step forward, aft, left or right (the same set for both players).
ORTHOGONAL: Final = tuple(frozenset(t for d in ("front", "aft", "left", "right") if (t := _step(0, sq, d)) >= 0)
                   for sq in range(10))
# The squares next to ``sq`` in its own row (left and right).
BESIDE: Final = tuple(tuple(t for t in (sq - 1, sq + 1) if 0 <= t < 10 and t // 5 == sq // 5) for sq in range(10))


def direction_of(owner: int, src: int, dst: int) -> str:
    """The direction name from ``src`` to ``dst`` for a fighter of ``owner`` ('' if not one step)."""
    for d in DIRECTIONS:
        if _step(owner, src, d) == dst:
            return d.replace("_", " ")
    return ""

# --- the pieces ---------------------------------------------------------------------------------


class Fighter:
    """A character on the field: its card, owner, a unique id and the square it stands on.

    ``rank`` orders it as a target for the greedy policy of its enemy: the most valuable first, then by
    square as the enemy sees the board (:func:`view`; kept up to date with ``sq`` through :meth:`move_to`)."""

    __slots__ = ("facts", "owner", "rank", "sq", "uid")
    facts: Facts
    owner: int
    rank: int
    sq: int
    uid: int

    def __init__(self, facts: Facts, owner: int, uid: int, sq: int) -> None:
        self.facts = facts
        self.owner = owner
        self.uid = uid
        self.sq = sq
        self.rank = ((1024 - facts.value) << 4) + (sq if owner else 9 - sq)  # (``view(1 - owner, sq)``, inlined)

    def move_to(self, sq: int) -> None:
        self.sq = sq
        self.rank = ((1024 - self.facts.value) << 4) + (sq if self.owner else 9 - sq)

    def __repr__(self) -> str:
        return f"{self.facts.name}@{SQUARE_NAMES[self.sq]}"


class Side:
    """One player's cards off the field: tactics in hand, reserves, and the used, discarded and removed piles."""

    __slots__ = ("discards", "dummy", "hand", "played", "removed", "reserves", "size")
    discards: list[Facts]
    dummy: bool
    hand: list[Facts]
    played: list[Facts]
    removed: list[Facts]
    reserves: list[Facts]
    size: int

    def __init__(self, hand: list[Facts], reserves: list[Facts], *, dummy: bool = False, size: int = 0) -> None:
        self.hand = hand
        self.reserves = reserves
        self.played = []
        self.discards = []
        self.removed = []
        self.dummy = dummy
        self.size = size

    def copy(self) -> Side:
        twin = Side(list(self.hand), list(self.reserves), dummy=self.dummy, size=self.size)
        twin.played, twin.discards, twin.removed = list(self.played), list(self.discards), list(self.removed)
        return twin


# --- actions ------------------------------------------------------------------------------------


class Deploy(NamedTuple):
    """Place a reserve in an open square of one's own line (the turn's reserve)."""

    index: int  # type: ignore[assignment]  # (the field shadows tuple.index: a public field name, kept)
    name: str
    square: int

    def __str__(self) -> str:
        return f"place reserve {self.name} at {SQUARE_NAMES[self.square]}"


class Discard(NamedTuple):
    """Discard a card from hand (a tactics card or a reserve) to flip the attribute or the variable card."""

    source: str
    index: int  # type: ignore[assignment]  # (the field shadows tuple.index: a public field name, kept)
    name: str
    deck: str

    def __str__(self) -> str:
        return f"discard {self.name} to flip the {self.deck} card"


class Attack(NamedTuple):
    """Attack the fighter on ``target`` with the fighters on ``attackers`` (squares)."""

    attackers: tuple[int, ...]
    target: int
    names: tuple[str, ...]
    target_name: str

    def __str__(self) -> str:
        return f"attack {self.target_name} ({SQUARE_NAMES[self.target]}) with {' + '.join(self.names)}"


class Instant(NamedTuple):
    """Play an instant tactics card into the combat (on one of one's fighters in it, if the card picks one)."""

    index: int  # type: ignore[assignment]  # (the field shadows tuple.index: a public field name, kept)
    name: str
    uid: int | None = None
    target: str = ""

    def __str__(self) -> str:
        return f"play {self.name}" + (f" on {self.target}" if self.target else "")


class Step(NamedTuple):
    """After a won combat, move the attacker on ``square`` into the vacated square ``to``."""

    square: int
    name: str
    to: int
    owner: int

    def __str__(self) -> str:
        return f"move {self.name} {direction_of(self.owner, self.square, self.to)} into {SQUARE_NAMES[self.to]}"


class Choose(NamedTuple):
    """Answer a pending choice: Warcardz labels are whole phrases ("place R1 at P1 post 3"), shown as they are.

    The core's :class:`~decklab.engine.core.Choose` with the same fields (``option``, ``label``), so it compares and
    hashes as that one does (as the tuple of its fields); only its text differs."""

    option: Any
    label: str

    def __str__(self) -> str:
        return self.label


# Makes an action without the named tuple's Python-level ``__new__``: new_action(Step, (fields...)).
new_action: Final = tuple.__new__

END_TURN: Final = Pass("end the turn")
# The steps that carry no data (see :data:`.turn.TASKS`).
TASK_END = ("end",)
TASK_OUTCOME = ("outcome",)
TASK_WINDOW = ("window",)
TASK_WIN = ("win",)
TASK_MOVE = ("move",)
TASK_CHECK = ("check",)
PASS: Final = Pass("pass")
STAY: Final = Pass("stay")
# What a player may do: the main phase's actions and the answers to pending choices.
PlayerAction: TypeAlias = "Deploy | Discard | Attack | Instant | Step | Choose | Tactic | Pass"
# A choice waiting for a player: (player, options, kind, data); ``data`` is of the kind's own type (see
# :data:`.turn.ANSWERS`).
Pending: TypeAlias = "tuple[int, list[PlayerAction], str, Any]"
# A queued step (see :data:`.turn.TASKS`): (kind,), (kind, entry), ("counter", entry, entry) or ("effect", player,
# card's effect entry, context), where an entry is a played tactics card's [player, facts, target, cancelled].
Task: TypeAlias = tuple[Any, ...]
