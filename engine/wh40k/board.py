"""Warhammer 40K Warfare's table: the game's numbers, a unit on the battlefield, one player's zones and
counters, and the game's own actions (deploy, activate, attack)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..core import Choose, Pass
from .conditions import Context, Entry

if TYPE_CHECKING:
    from .facts import Facts

Pending = tuple[int, list[Choose], Entry, Context]
"""A choice waiting for a player: the seat, its options, the effect that asks and the effect's context."""
Queued = tuple[int, Entry, Context, Any]
"""An effect waiting to resolve: its controller, the effect, its context and the target already chosen (or None)."""

START_AP = 1000
START_CP = 5
HAND = 5
MAX_UNITS = 5


def zone(side: Side, source: str) -> list[Facts]:
    """The zone a deploy effect takes from: ``reinforcements``, ``discard_pile`` or ``hand``."""
    if source == "reinforcements":
        return side.reserves
    if source == "discard_pile":
        return side.discard
    if source == "hand":
        return side.hand
    raise KeyError(source)


class Unit:
    """A unit on the battlefield: its card, owner, equipment and temporary changes."""

    __slots__ = ("facts", "uid", "owner", "temp", "equipment", "origin", "no_attack_until", "attacked", "shields",
                 "stamp", "cached")

    def __init__(self, facts: Facts, uid: int, owner: int, origin: str) -> None:
        self.facts = facts
        self.uid = uid
        self.owner = owner
        self.temp: list[tuple[int, int]] = []
        self.equipment: list[Facts] = []
        self.origin = origin
        self.no_attack_until = 0
        self.attacked = False
        self.shields = 0
        self.stamp = -1
        self.cached = 0

    def copy(self) -> Unit:
        twin = Unit(self.facts, self.uid, self.owner, self.origin)
        twin.temp = list(self.temp)
        twin.equipment = list(self.equipment)
        twin.no_attack_until = self.no_attack_until
        twin.attacked = self.attacked
        twin.shields = self.shields
        twin.stamp, twin.cached = self.stamp, self.cached
        return twin


class Side:
    """One player's zones and counters."""

    __slots__ = ("deck", "hand", "discard", "reserves", "units", "ap", "cp", "deployed", "used", "dummy", "size",
                 "version")

    def __init__(self, deck: list[Facts], reserves: list[Facts], *, dummy: bool = False) -> None:
        self.deck = deck
        self.hand: list[Facts] = []
        self.discard: list[Facts] = []
        self.reserves = reserves
        self.units: list[Unit] = []
        self.ap = START_AP
        self.cp = START_CP
        self.deployed = False
        self.used: set[int] = set()
        self.dummy = dummy
        self.size = len(deck) + len(reserves)
        self.version = 0

    def copy(self) -> Side:
        twin = Side(list(self.deck), list(self.reserves), dummy=self.dummy)
        twin.hand, twin.discard = list(self.hand), list(self.discard)
        twin.units = [unit.copy() for unit in self.units]
        twin.ap, twin.cp, twin.deployed, twin.used = self.ap, self.cp, self.deployed, set(self.used)
        twin.size, twin.version = self.size, self.version
        return twin

    def card_count(self) -> int:
        """Cards this player owns in every zone (conserved through the game)."""
        return (len(self.deck) + len(self.hand) + len(self.discard) + len(self.reserves) + len(self.units)
                + sum(len(unit.equipment) for unit in self.units))


# --- actions ------------------------------------------------------------------------------------


class Deploy(NamedTuple):
    """Deploy a unit from hand (the turn's one normal deploy), paying its CP."""

    index: int  # type: ignore[assignment]  # shadows tuple.index, as core.Play's does
    name: str

    def __str__(self) -> str:
        return f"deploy {self.name}"


class Activate(NamedTuple):
    """Use a unit's once-per-turn ability, paying its CP."""

    uid: int
    name: str
    target: Any = None
    target_name: str = ""

    def __str__(self) -> str:
        return f"activate {self.name}" + (f" on {self.target_name}" if self.target_name else "")


class Attack(NamedTuple):
    """Attack with a unit: a unit target (``uid``) or the opponent's AP (``None``)."""

    uid: int
    name: str
    target: int | None
    target_name: str

    def __str__(self) -> str:
        return f"attack {self.target_name} with {self.name}"


END_ACTIONS = Pass("end the Action phase")
END_TURN = Pass("end the turn")
