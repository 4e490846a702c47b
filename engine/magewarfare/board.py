"""Mage Warfare's table: the game's numbers (Mage, ranges, card types, keywords, phases), the cards in play (a
Creature or Guard, a Device or Shield, a Hex, a Spell on the table), each Mage's side, a Battle, and the game's own
actions."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ..core import Choose, Pass

if TYPE_CHECKING:
    from .facts import Facts


START_HP: Final = 100
MAGE_DEX: Final = 4
HAND: Final = 5
BATTLE_CAP: Final = 400
"""A safeguard, not a rule: the rulebook's Battle goes on until a card is Killed or cannot continue, and Retreat is the
way out. A Battle still going after this many Moves (two cards that cannot hurt each other, neither retreating) ends
as the rules would end it: the card to move retreats (with the Free Hit). A game that this ends is unresolved."""

LONG: Final = 0
MEDIUM: Final = 1
CLOSE: Final = 2
RANGES: Final = ("long", "medium", "close")

CREATURE: Final = 0
GUARD: Final = 1
DEVICE: Final = 2
SHIELD: Final = 3
SPELL: Final = 4
HEX: Final = 5
CLASS_NAMES: Final = ("Basic", "Advanced", "Uber")

FLYER: Final = 1
STEALTH: Final = 2
SLOW: Final = 4
DOUBLE: Final = 8
CLOAK: Final = 16
EXP_TURN: Final = 0
EXP_BATTLE: Final = 1

# Phases of a turn.
OPENING: Final = 0
MAINT: Final = 1
DRAW: Final = 2
EQUIP: Final = 3
DECLARE: Final = 4
BLOCK: Final = 5
BATTLE: Final = 6
PLAY: Final = 7
DISCARD: Final = 8
ENDTURN: Final = 9


def max3(a: int, b: int, c: int) -> int:
    """The largest of three ints (as ``max(a, b, c)``, without the generic call)."""
    if b > a:
        a = b
    return c if c > a else a


def min3(a: int, b: int, c: int) -> int:
    """The smallest of three ints (as ``min(a, b, c)``)."""
    if b < a:
        a = b
    return c if c < a else a


# --- cards in play ----------------------------------------------------------------------------------


class Unit:
    """A Creature or Guard in play."""

    __slots__ = ("facts", "uid", "owner", "ctrl", "damage", "tokens", "bloodc", "deployed", "disabled", "chains",
                 "cloaked", "devices", "shield", "hexes", "mods", "lent", "helping", "blocked", "retreats",
                 "return_to", "stamp", "st", "flags", "bloodn", "atk", "red", "sig", "best", "decl", "bphase")
    sig: tuple[int, Gear | None, int, int, int] | None
    decl: Declare | None

    def __init__(self, facts: Facts, uid: int, owner: int) -> None:
        self.facts = facts
        self.uid = uid
        self.owner = self.ctrl = owner
        self.damage = self.tokens = self.bloodc = self.chains = self.lent = self.retreats = 0
        self.deployed = self.disabled = self.blocked = False
        self.cloaked = bool(facts.flags & CLOAK)
        self.devices: list[Gear] = []
        self.shield: Gear | None = None
        self.hexes: list[Hex] = []
        self.mods: list[Mod] = []
        self.helping: list[Gear] = []
        self.return_to: int | None = None
        self.stamp = -1  # (the stats below are its card's: MageState.refresh finds the current ones)
        self.st, self.atk, self.best = facts.base, facts.base_atk, facts.base_best
        self.sig = None
        self.decl = None  # the Declare action last made for it (Greedy reuses it)
        self.flags, self.bloodn = facts.flags, facts.blood
        self.red = 0
        self.bphase = -1  # the Attack phase (MageState.attacks_begun) that ``blocked`` and ``retreats`` belong to

    @property
    def off(self) -> bool:
        """Disabled (by a Spell until its controller's Withdraw, or by a Hex)."""
        return self.disabled or self.chains > 0

    def __repr__(self) -> str:
        return f"Unit({self.facts.name}#{self.uid} P{self.ctrl + 1})"


class Gear:
    """A Device or Shield in play: equipped to ``unit`` (a Device's primary user, a Shield's
    protected card) or on the ground (``unit`` None). ``lent``: a Sharable Device's users and the
    dexterity each lends."""

    __slots__ = ("facts", "gid", "owner", "ctrl", "unit", "lent", "deployed", "hexes", "damage", "moved")

    def __init__(self, facts: Facts, gid: int, owner: int) -> None:
        self.facts = facts
        self.gid = gid
        self.owner = self.ctrl = owner
        self.unit: Unit | None = None
        self.lent: list[list[Any]] = []
        self.deployed = False
        self.hexes: list[Hex] = []
        self.damage = 0
        self.moved = -1  # the turn in whose Maintenance it was last Dropped to be moved (see Unequip)

    def __repr__(self) -> str:
        return f"Gear({self.facts.name}#{self.gid})"


class Hex:
    """A Hex under the card it hexes (``host``: a Unit, or a Gear for a Device Hex)."""

    __slots__ = ("facts", "hid", "owner", "host")

    def __init__(self, facts: Facts, hid: int, owner: int, host: Any) -> None:
        self.facts = facts
        self.hid = hid
        self.owner = owner
        self.host = host


class TableSpell:
    """A Spell on the table: with Uses left, or a Spell affect with a Maintenance Cost."""

    __slots__ = ("facts", "sid", "owner", "uses", "active")

    def __init__(self, facts: Facts, sid: int, owner: int, uses: int) -> None:
        self.facts = facts
        self.sid = sid
        self.owner = owner
        self.uses = uses
        self.active = True


class Side:
    """One Mage and its player's piles, hand, cards in play and counters."""

    __slots__ = ("seat", "barracks", "armory", "spellbook", "hand", "graveyard", "removed", "units", "ground",
                 "table", "hexes", "hp", "flesh", "dex", "alive", "dummy", "size", "roster", "kept")

    def __init__(self, seat: int, barracks: list[Facts], armory: list[Facts], spellbook: list[Facts], *,
                 dummy: bool = False) -> None:
        self.seat = seat
        self.barracks, self.armory, self.spellbook = barracks, armory, spellbook
        self.hand: list[Facts] = []
        self.graveyard: list[Facts] = []
        self.removed: list[Facts] = []
        self.units: list[Unit] = []
        self.ground: list[Gear] = []
        self.table: list[TableSpell] = []
        self.hexes: list[Hex] = []
        self.hp = START_HP
        self.flesh = 0
        self.dex = MAGE_DEX
        self.alive = True
        self.dummy = dummy
        self.size = len(barracks) + len(armory) + len(spellbook)
        self.roster = 0  # counts changes to ``units`` (what MageState.roster_of caches depends on)
        self.kept: Roster | None = None


class Battle:
    """Two cards Engaged in Battle: ``u[0]`` attacks, ``u[1]`` blocks; ``mover`` is the side to move."""

    __slots__ = ("u", "range", "mover", "nothing", "stealth", "hurt", "moves")

    def __init__(self, attacker: Unit, defender: Unit) -> None:
        self.u = [attacker, defender]
        self.range = LONG
        self.mover = 0
        self.nothing = [False, False]
        self.stealth = [False, False]
        self.hurt = False  # whether either card has dealt damage (to the other) in this Battle
        self.moves = 0


Mod = tuple[tuple[int, ...], int, int, int, int]
"""A modifier on a card (``Unit.mods``): stat indexes, amount, keyword bits, blood counters, when it expires."""
Roster = tuple[int, int, int, list[Unit], int, int]
"""What ``MageState.roster_of`` keeps of a side's cards in play (``Side.kept``)."""


# --- actions ------------------------------------------------------------------------------------


class Opening(NamedTuple):
    """The opening hand: ``barracks`` cards from the Barracks, the rest from the Armory."""

    barracks: int
    armory: int

    def __str__(self) -> str:
        return f"open with {self.barracks} from the Barracks and {self.armory} from the Armory"


class Draw(NamedTuple):
    """The Maintenance draw: ``piles`` is BB, BA, AA (two from Barracks/Armory), S (one from the Spellbook)."""

    piles: str
    label: str

    def __str__(self) -> str:
        return self.label


class Equip(NamedTuple):
    """Maintenance Phase: equip a Device (or place a Shield) ``gid`` to the card ``uid``."""

    gid: int
    name: str
    uid: int
    target_name: str

    def __str__(self) -> str:
        return f"equip {self.name} to {self.target_name}"


class Unequip(NamedTuple):
    """Maintenance Phase: Drop the equipped Device (or Shield) ``gid`` onto the ground, to move it to another card
    ("you may decide to move a Device you control to another compatible card you control, including Dropping and
    picking up Devices"; "you may move a Shield to a different Creature or Guard"). Each is Dropped at most once a
    Maintenance Phase (picking it up again and Dropping it anew would go round in circles)."""

    gid: int
    name: str
    from_name: str

    def __str__(self) -> str:
        return f"drop {self.name} from {self.from_name}"


class Activate(NamedTuple):
    """Use an activated ability of a card (``oid``: a unit, device or hex), with its target if it has one."""

    oid: int
    name: str
    target: Any = None
    target_name: str = ""

    def __str__(self) -> str:
        return f"use {self.name}" + (f" on {self.target_name}" if self.target_name else "")


class Declare(NamedTuple):
    """Declare (and Deploy) an attacker against the Mage of ``seat``."""

    uid: int
    name: str
    seat: int

    def __str__(self) -> str:
        return f"attack P{self.seat + 1} with {self.name}"


class Block(NamedTuple):
    """The defender blocks the current attacker with ``uid`` (None: lets it through to the Mage)."""

    uid: int | None
    name: str
    attacker: str

    def __str__(self) -> str:
        return f"block {self.attacker} with {self.name}" if self.uid is not None else f"let {self.attacker} through"


class Move(NamedTuple):
    """A Move in a Battle (see ADVANCE ... UNSTEALTH)."""

    kind: int
    label: str

    def __str__(self) -> str:
        return self.label


class Create(NamedTuple):
    """Create a card from the hand (``index``) or a Spell from the table (``table`` True), with its target."""

    index: int  # type: ignore[assignment]  # (the field's name hides tuple.index: it is the action's public API)
    name: str
    target: Any = None
    target_name: str = ""
    table: bool = False

    def __str__(self) -> str:
        where = " again from the table" if self.table else ""
        return f"create {self.name}{where}" + (f" on {self.target_name}" if self.target_name else "")


class Discard(NamedTuple):
    """Discard a card (to the bottom of its pile)."""

    index: int  # type: ignore[assignment]  # (as Create.index)
    name: str

    def __str__(self) -> str:
        return f"discard {self.name}"


MageAction = Opening | Draw | Equip | Unequip | Activate | Declare | Block | Move | Create | Discard | Pass | Choose
"""Every action of this game (each fits the :class:`~decklab.engine.core.Action` protocol)."""

END_EQUIP: Final = Pass("end the Maintenance Phase")
FIGHT: Final = Pass("declare no more attackers")
END_PLAY: Final = Pass("end the Play Phase")

ADVANCE: Final = 0
STRIKE: Final = 1
ADVANCE_STRIKE: Final = 2
RETREAT: Final = 3
WAIT: Final = 4
UNSTEALTH: Final = 5
MOVES: Final = {
    (ADVANCE, LONG): Move(ADVANCE, "move up to medium range"),
    (ADVANCE, MEDIUM): Move(ADVANCE, "move up to close range"),
    (STRIKE, LONG): Move(STRIKE, "attack at long range"),
    (STRIKE, MEDIUM): Move(STRIKE, "attack at medium range"),
    (STRIKE, CLOSE): Move(STRIKE, "attack at close range"),
    (ADVANCE_STRIKE, LONG): Move(ADVANCE_STRIKE, "move up and attack at medium range"),
    (ADVANCE_STRIKE, MEDIUM): Move(ADVANCE_STRIKE, "move up and attack at close range"),
}
for _r in (LONG, MEDIUM, CLOSE):
    MOVES[(RETREAT, _r)] = Move(RETREAT, "retreat")
    MOVES[(WAIT, _r)] = Move(WAIT, "do nothing")
    MOVES[(UNSTEALTH, _r)] = Move(UNSTEALTH, "give up Stealth")
MOVE_AT: Final = [[MOVES.get((kind, r)) for r in (LONG, MEDIUM, CLOSE)] for kind in range(6)]
"""The Move of each kind at each range (None where there is none)."""
DRAWS: Final = {"BB": Draw("BB", "draw two from the Barracks"),
         "BA": Draw("BA", "draw one from the Barracks and one from the Armory"),
         "AA": Draw("AA", "draw two from the Armory"), "S": Draw("S", "draw one from the Spellbook"),
         "B": Draw("B", "draw one from the Barracks"), "A": Draw("A", "draw one from the Armory")}


def _draw_choices(b: int, a: int, spellbook: bool) -> tuple[Draw, ...]:
    """The draws a player with ``b`` Barracks and ``a`` Armory cards (2 meaning 2 or more) may choose."""
    options = []
    if b >= 2:
        options.append(DRAWS["BB"])
    if b and a:
        options.append(DRAWS["BA"])
    if a >= 2:
        options.append(DRAWS["AA"])
    if not options and b + a == 1:
        options.append(DRAWS["B" if b else "A"])
    if spellbook:
        options.append(DRAWS["S"])
    return tuple(options)


DRAW_OPTIONS: Final = [[[_draw_choices(b, a, s) for s in (False, True)] for a in range(3)] for b in range(3)]
"""The draw options by Barracks cards (0, 1, 2 or more), Armory cards (likewise) and a Spellbook to draw from."""
OPENINGS: Final[dict[tuple[int, int], tuple[Opening, ...]]] = {}
"""The opening choices by Barracks and Armory cards (up to 5 each): actions are immutable, so they are shared."""


SERIALS: Final = itertools.count()
"""Each state (and clone) gets a serial number, so a policy can cache per-state work safely."""


def key_of(obj: Any) -> int:
    """The id of a card in play: a Unit's, a Gear's, a Hex's or a Spell on the table's."""
    kind = type(obj)
    key: int = obj.uid if kind is Unit else obj.gid if kind is Gear else obj.hid if kind is Hex else obj.sid
    return key
