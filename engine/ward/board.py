"""Ward's table: the game's numbers, a creature and a magic on the field, one player's zones, the links of a
response chain, a battle and a strike, what an effect refers to (:class:`Ctx`), and the game's own actions."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ..core import Choose, Pass, Play

if TYPE_CHECKING:
    from .facts import Facts
    from .table import Table

CEMETERY_LIMIT: Final = 300
HAND_LIMIT: Final = 8
FIRST_DRAW: Final = 5
MAX_INFINITE: Final = 5
MAX_LIMITED: Final = 4
MAX_AL: Final = 12
FIRST_CYCLE: Final = 2  # turns 1 and 2: no battle and no damage
FOREVER: Final = 1 << 30
# the greedy policy battles when the cemetery HP its strikes are expected to take is at least this share of what the
# answers take
ATTACK_RATIO: Final = 0.6

# stat indices of a creature's profile
AL: Final = 0
SPD: Final = 1
MOD: Final = 2
HITB: Final = 3
DMGB: Final = 4
HITD: Final = 5
ATKD: Final = 6
STATS: Final = {"al": AL, "spd": SPD, "modifier": MOD, "hit_bonus": HITB, "damage_bonus": DMGB, "hit_dice": HITD,
         "attack_dice": ATKD}
# temporary changes beyond the stats
T_MULT: Final = 7
T_FIRST: Final = 8
T_ARMOR: Final = 9
T_NO_INSTANT: Final = 10

# response events (bit flags)
EV_MAGIC: Final = 1
EV_EFFECT: Final = 2
EV_HIT_ROLL: Final = 4
EV_HIT_TAKEN: Final = 8
EV_DAMAGE: Final = 16
EV_BATTLE: Final = 32
EVENTS: Final = {"magic_played": EV_MAGIC, "creature_effect": EV_EFFECT, "enemy_hit_roll": EV_HIT_ROLL,
          "hit_taken": EV_HIT_TAKEN, "attack_damage_taken": EV_DAMAGE, "battle_declared": EV_BATTLE}

# damage types (rulebook 10.4)
ATTACK: Final = 0
INSTANT: Final = 1
DOT: Final = 2
PERCENT: Final = 3
SELF: Final = 4

# once-per-turn bits of a creature's or a magic's triggered effects
ONCE: Final = {"on_summon": 1, "on_hit": 2, "on_hit_taken": 4, "on_killed": 8, "on_sacrificed": 16, "on_attack": 32,
         "start_of_turn": 64, "end_of_combat": 128, "activated": 256, "on_response": 512, "on_ally_to_cemetery": 1024,
         "on_ally_killed": 2048, "on_equip": 4096, "reroll": 8192}


class Creature:
    """A creature on the field: its card, owner, HP, and what changes it for now."""

    __slots__ = ("anchor", "aval", "battled", "blank", "dot", "equips", "facts", "hot", "hp", "killer", "limited",
                 "owner", "pval", "skey", "sval", "temps", "uid", "used", "xkey", "xval")

    def __init__(self, facts: Facts, uid: int, owner: int) -> None:
        self.facts = facts
        self.uid = uid
        self.owner = owner
        self.hp = facts.hp
        self.limited = False
        self.anchor: Creature | Magic | None = None
        self.blank = False
        self.temps: list[list[Any]] = []  # [stat or T_*, amount (None: all damage prevented), until turn]
        self.equips: list[Magic] = []
        self.dot: list[int] | None = None
        self.hot: list[int] | None = None
        self.battled = False
        self.used = 0
        self.killer: Creature | None = None
        # cached (see WardState.profile): the profile without temporary changes (sval unclamped, pval clamped)
        # and the armor from equips, magics and passives, for the WardState.sepoch they were computed at
        self.skey = -1
        self.sval: Any = None
        self.pval: Any = None
        self.aval: int | None = 0
        # the greedy policy's expected exchange with the creature xkey[0] at sepoch xkey[1] (see Greedy)
        self.xkey: tuple[Creature, int] | None = None
        self.xval: Any = None

    def __repr__(self) -> str:
        return f"<{self.facts.name} P{self.owner + 1} {self.hp}/{self.facts.hp}{' limited' if self.limited else ''}>"


class Magic:
    """An Infinite magic on its owner's side of the field (an Equip is attached to ``host``)."""

    __slots__ = ("expires", "facts", "host", "owner", "uid", "used")

    def __init__(self, facts: Facts, uid: int, owner: int, host: Creature | None) -> None:
        self.facts = facts
        self.uid = uid
        self.owner = owner
        self.host = host
        self.expires = FOREVER
        self.used = 0

    def __repr__(self) -> str:
        return f"<{self.facts.name} P{self.owner + 1}>"


class Magics:
    """A side's Infinite magics on the field: a list (``items``) whose every change through these methods bumps
    ``state.sepoch``, so that no cached profile outlives a magic entering or leaving the field (even one added by
    hand, as tests do). The engine reads ``items`` directly on its hot paths."""

    __slots__ = ("items", "state")

    def __init__(self, state: Table | None = None) -> None:
        self.items: list[Magic] = []
        self.state = state

    def _changed(self) -> None:
        state = self.state
        if state is not None:
            state.sepoch += 1

    def append(self, magic: Magic) -> None:
        self._changed()
        self.items.append(magic)

    def remove(self, magic: Magic) -> None:
        self._changed()
        self.items.remove(magic)

    def insert(self, index: int, magic: Magic) -> None:
        self._changed()
        self.items.insert(index, magic)

    def extend(self, magics: Iterable[Magic]) -> None:
        self._changed()
        self.items.extend(magics)

    def pop(self, index: int = -1) -> Magic:
        self._changed()
        return self.items.pop(index)

    def clear(self) -> None:
        self._changed()
        self.items.clear()

    def __iadd__(self, magics: Iterable[Magic]) -> Magics:
        self.extend(magics)
        return self

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self) -> Iterator[Magic]:
        return iter(self.items)

    def __reversed__(self) -> Iterator[Magic]:
        return reversed(self.items)

    def __contains__(self, magic: object) -> bool:
        return magic in self.items

    def __getitem__(self, index: int) -> Magic:
        return self.items[index]

    def __setitem__(self, index: int, magic: Magic) -> None:
        self._changed()
        self.items[index] = magic

    def __delitem__(self, index: int) -> None:
        self._changed()
        del self.items[index]

    def __repr__(self) -> str:
        return repr(self.items)


class Side:
    """One player's zones and counters."""

    __slots__ = ("cem_hp", "cemetery", "deck", "dummy", "fielded", "hand", "limbo", "limited", "magics", "player",
                 "primary", "size", "started", "summoned")

    def __init__(self, player: int, deck: list[Facts], *, dummy: bool = False) -> None:
        self.player = player
        self.deck = deck
        self.hand: list[Facts] = []
        self.cemetery: list[Facts] = []
        self.cem_hp = 0
        self.primary: Creature | None = None
        self.limited: list[Creature] = []
        self.magics = Magics()  # (WardState's own sides tie theirs to the state)
        self.limbo: list[Facts] = []
        self.summoned = False
        self.started = False
        self.fielded = False
        self.dummy = dummy
        self.size = len(deck)

    def creatures(self) -> list[Creature]:
        return [self.primary, *self.limited] if self.primary is not None else list(self.limited)

    def card_count(self) -> int:
        """Cards this player owns in every zone (conserved through the game)."""
        return (len(self.deck) + len(self.hand) + len(self.cemetery) + len(self.magics.items) + len(self.limbo)
                + len(self.limited) + (self.primary is not None))


class Item:
    """One link of a response chain: a magic played, a creature effect activating, or a response."""

    __slots__ = ("answers", "creature", "destroy_after", "entries", "facts", "is_magic", "negated", "player",
                 "summon", "target")

    def __init__(self, player: int, facts: Facts, *, creature: Creature | None = None, is_magic: bool = True,
                 target: Any = None, answers: Item | Strike | Battle | None = None, summon: bool = False,
                 entries: tuple[Mapping[str, Any], ...] = ()) -> None:
        self.player = player
        self.facts = facts
        self.creature = creature
        self.is_magic = is_magic
        self.negated = False
        self.target = target
        self.destroy_after = False
        self.answers = answers
        self.summon = summon
        self.entries = entries


class Battle:
    """One battle: the two creatures, who strikes first, and what lasts for this battle."""

    __slots__ = ("attacker", "cancelled", "defender", "first", "mods", "mults", "negated")

    def __init__(self, attacker: Creature, defender: Creature) -> None:
        self.attacker = attacker
        self.defender = defender
        self.first: Creature | None = None
        self.mods: dict[Creature, list[int]] = {}
        self.mults: dict[Creature, list[int]] = {}
        self.negated: set[Creature] = set()
        self.cancelled = False

    def opponent(self, creature: Creature) -> Creature:
        return self.defender if creature is self.attacker else self.attacker


class Strike:
    """One creature's Hit Roll (and Attack Damage Roll) against the other."""

    __slots__ = ("attacker", "battle", "bonus", "defender", "dice", "negated", "reroll")

    def __init__(self, attacker: Creature, defender: Creature, dice: list[int], battle: Battle) -> None:
        self.attacker = attacker
        self.defender = defender
        self.dice = dice
        self.bonus = 0
        self.negated = False
        self.reroll = False
        self.battle = battle


class Ctx:
    """What an effect refers to: its source, a chosen target, the battle opponent, the summoned creature."""

    __slots__ = ("creature", "item", "magic", "opponent", "strike", "summoned", "target")

    def __init__(self, creature: Creature | None = None, magic: Magic | None = None, target: Any = None,
                 opponent: Creature | None = None, summoned: Creature | None = None, item: Item | None = None,
                 strike: Strike | None = None) -> None:
        self.creature = creature
        self.magic = magic
        self.target = target
        self.opponent = opponent
        self.summoned = summoned
        self.item = item
        self.strike = strike


class Over(Exception):
    """The game has ended (its result is set)."""


# --- actions ------------------------------------------------------------------------------------


class Summon(NamedTuple):
    """Summon a creature from hand; ``sacrifices`` are hand indices, ``primary`` sacrifices the primary creature."""

    index: int  # type: ignore[assignment]  # (a field named index hides tuple.index, as in core.Play)
    name: str
    sacrifices: tuple[int, ...] = ()
    primary: bool = False
    sacrifice_names: str = ""

    def __str__(self) -> str:
        return f"summon {self.name}" + (f" sacrificing {self.sacrifice_names}" if self.sacrifice_names else "")


class KillOwn(NamedTuple):
    """Kill one's own primary creature (the turn's summon, rulebook 8.4) and replace it."""

    name: str

    def __str__(self) -> str:
        return f"kill own {self.name}"


class Activate(NamedTuple):
    """Use a creature's once-per-turn ability."""

    uid: int
    name: str

    def __str__(self) -> str:
        return f"activate {self.name}"


class Attack(NamedTuple):
    """Declare a battle: one of one's creatures against the opponent's primary creature."""

    uid: int
    name: str
    target_name: str

    def __str__(self) -> str:
        return f"battle {self.target_name} with {self.name}"


class Respond(NamedTuple):
    """Answer an event with a Lightning magic from hand (``index``) or a creature's ability (``uid``)."""

    index: int  # type: ignore[assignment]  # (a field named index hides tuple.index, as in core.Play)
    name: str
    uid: int = -1

    def __str__(self) -> str:
        return f"respond with {self.name}"


END_MAIN: Final = Pass("end the Summoning/Magic phase")
NO_BATTLE: Final = Pass("end the Summoning/Magic phase without battling")
END_COMBAT: Final = Pass("end the Combat phase")
END_TURN: Final = Pass("end the turn")
NO_RESPONSE: Final = Pass("no response")
KEEP: Final = Choose(False, "keep the hand")
MULLIGAN: Final = Choose(True, "mulligan")
YES: Final = Choose(True, "yes")
NO: Final = Choose(False, "no")
STOP: Final = Choose(None, "no more")

PH_START: Final = 0
PH_MAIN: Final = 1
PH_COMBAT: Final = 2
PH_MAIN2: Final = 3
# make(Play, (index, name, target, label)): a full action without NamedTuple's slower __new__
make: Final = tuple.__new__
UNTARGETED: Final = ((None, ""),)
STRIKE_EVENTS: Final = EV_HIT_ROLL | EV_HIT_TAKEN | EV_DAMAGE
ASK_MAIN: Final = ((0, "main", None), (1, "main", None))

# --- types (for mypy) ---
# every action of the game
WardAction = Choose | Pass | Play | Summon | KillOwn | Activate | Attack | Respond
# a decision the game yields: (player, decision kind, its options, or None when they are listed on demand)
Ask = tuple[int, str, Sequence[WardAction] | None]
# a part of the game: yields decisions, receives the chosen actions (each decision's own kind of action)
Steps = Generator[Ask, Any, None]
# an effect handler without choices (EFFECTS.at_once), and the greedy policy's fast paths (Facts.quick,
# Facts.quick_all)
Handler = Callable[["Table", int, Mapping[str, Any], Ctx], None]
Quick = Callable[["Table", Side, Creature | None, Creature | None, bool], float | None]
QuickEquip = Callable[["Table", Side, Creature | None], list[tuple[float, int, str]] | None]
# what the opponent's hidden cards were redealt to (_deal): per side, None (kept) or (hand or None, deck); and a
# redeal recorded in WardState.fixes: (the number of actions played before it, the player it was for, the redeal)
Dealt = tuple[tuple["Facts", ...] | None, tuple["Facts", ...]] | None
Fix = tuple[int, int, tuple[Dealt, ...]]
# the game's draws from its generator, recorded or replayed (recorder, replayer): (one draw, count draws)
Draws = tuple[Callable[[], float], Callable[[int], list[float]]]


# --- helpers of the state ------------------------------------------------------------------------


def named(creature: Creature) -> str:
    """A creature as the play-by-play names it: with its owner ("P2's Ember Whelp"), so that a mirror match's
    two creatures of the same name read apart."""
    return f"P{creature.owner + 1}'s {creature.facts.name}"


def clamped(stats: list[int]) -> list[int]:
    """``stats`` (changed in place) within the rules' bounds: AL at most 12, hit and attack dice at least 1."""
    if stats[AL] > MAX_AL:  # (a test is faster than min() on this hot path)
        stats[AL] = MAX_AL
    if stats[HITD] < 1:
        stats[HITD] = 1
    if stats[ATKD] < 1:
        stats[ATKD] = 1
    return stats


def temp_armor(creature: Creature, total: int) -> int | None:
    """``total`` with the creature's temporary armor changes (``None``: one of them stops all damage)."""
    for temp in creature.temps:
        if temp[0] == T_ARMOR:
            if temp[1] is None:
                return None
            total += temp[1]
    return total


def discard_options(hand: list[Facts]) -> list[Choose]:
    """The hand-limit discard's options: each distinct card of the hand once (its first index)."""
    seen = []
    options = []
    for index, facts in enumerate(hand):
        if facts not in seen:
            seen.append(facts)
            options.append(make(Choose, (index, facts.name)))
    return options


def cost_discard_options(hand: list[Facts]) -> list[Choose]:
    """A discard cost's options: every card of the hand."""
    return [make(Choose, (i, f.name)) for i, f in enumerate(hand)]


def judge_hit(dice: list[int], bonus: int, al: int) -> tuple[bool, bool, bool]:
    """(hit, critical hit, critical miss) of a Hit Roll (10.2.3, 10.3)."""
    if len(dice) == 2:
        d0, d1 = dice
        if d0 == d1 and (d0 == 6 or d0 == 1):
            return (True, True, False) if d0 == 6 else (False, False, True)
        return d0 + d1 + bonus >= al, False, False
    if len(dice) > 2:
        low = high = True
        for die in dice:
            if die != 1:
                low = False
            if die != 6:
                high = False
        if high:
            return True, True, False
        if low:
            return False, False, True
    return sum(dice) + bonus >= al, False, False
