"""Ward: the full rules of ``ward.txt`` on the engine core.

Each player has a 30-card deck, draws five cards on its first turn and one a turn after, and must
always have a primary creature on the field (the Field Rule). A turn has five phases: draw,
summon/magic, combat, second magic, end. A battle is a Speed contest, then Hit Rolls (2d6 +
modifier against Armor Level) and Attack Damage Rolls, the slower creature answering. A player
loses when the base HP of the creatures in its cemetery reaches 300, or when it has no creature
left to play. Readings of unclear rules are in ``docs/rules/ward.md``.

The engine is a package, one concern a module: :mod:`.board` (the game's numbers, creatures, magics, sides, chain
links, battles, actions), :mod:`.conditions` (what effects select cards by), :mod:`.effects` (the effect kinds
modeled, one handler a kind), :mod:`.facts` (card facts), :mod:`.worth` (what cards and battles are worth to the
greedy policy), the state in layers (:mod:`.table`, :mod:`.moves`, :mod:`.resolution`, :mod:`.combat`,
:mod:`.turns`, :mod:`.state`), :mod:`.policies` (the greedy player) and :mod:`.game` (setting up a game; the
registered engine).

The game runs as one generator (:meth:`WardState._game`) that yields each decision and receives
the chosen action, so the rules read in the order the rulebook gives them. :meth:`WardState.clone`
replays the game's actions with the dice it recorded; :meth:`WardState.determinize` too, then redeals what the
player cannot see (a game determinized once keeps a copy of itself at each turn's start, so that later copies
replay only the current turn: see ``docs/rules/ward.md``, "What search sees").
"""

from ..core import Choose, Pass, Play
from .board import (
    AL,
    ATKD,
    ATTACK,
    ATTACK_RATIO,
    CEMETERY_LIMIT,
    DMGB,
    DOT,
    END_COMBAT,
    END_MAIN,
    END_TURN,
    EV_BATTLE,
    EV_DAMAGE,
    EV_EFFECT,
    EV_HIT_ROLL,
    EV_HIT_TAKEN,
    EV_MAGIC,
    EVENTS,
    FIRST_CYCLE,
    FIRST_DRAW,
    FOREVER,
    HAND_LIMIT,
    HITB,
    HITD,
    INSTANT,
    KEEP,
    MAX_AL,
    MAX_INFINITE,
    MAX_LIMITED,
    MOD,
    MULLIGAN,
    NO,
    NO_BATTLE,
    NO_RESPONSE,
    PERCENT,
    PH_COMBAT,
    PH_MAIN,
    PH_MAIN2,
    PH_START,
    SELF,
    SPD,
    STATS,
    STOP,
    T_ARMOR,
    T_FIRST,
    T_MULT,
    T_NO_INSTANT,
    YES,
    Activate,
    Attack,
    Battle,
    Creature,
    Ctx,
    Item,
    KillOwn,
    Magic,
    Magics,
    Respond,
    Side,
    Strike,
    Summon,
    WardAction,
    judge_hit,
)
from .effects import EFFECTS
from .facts import DUMMY, Facts, facts_of
from .game import ENGINE, READINGS, kill_turn, new_goldfish, new_match
from .policies import BATTLE_SCALE, Greedy
from .state import WardState
from .worth import WEAK_HOST, exchange, expected_strike, hit_chance

__all__ = ["AL", "ATKD", "ATTACK", "ATTACK_RATIO", "BATTLE_SCALE", "CEMETERY_LIMIT", "DMGB", "DOT", "DUMMY", "EFFECTS",
           "END_COMBAT", "END_MAIN", "END_TURN", "ENGINE", "EVENTS", "EV_BATTLE", "EV_DAMAGE", "EV_EFFECT",
           "EV_HIT_ROLL", "EV_HIT_TAKEN", "EV_MAGIC", "FIRST_CYCLE", "FIRST_DRAW", "FOREVER", "HAND_LIMIT", "HITB",
           "HITD", "INSTANT", "KEEP", "MAX_AL", "MAX_INFINITE", "MAX_LIMITED", "MOD", "MULLIGAN", "NO", "NO_BATTLE",
           "NO_RESPONSE", "PERCENT", "PH_COMBAT", "PH_MAIN", "PH_MAIN2", "PH_START", "READINGS", "SELF", "SPD",
           "STATS", "STOP", "T_ARMOR", "T_FIRST", "T_MULT", "T_NO_INSTANT", "WEAK_HOST", "YES", "Activate", "Attack",
           "Battle", "Choose", "Creature", "Ctx", "Facts", "Greedy", "Item", "KillOwn", "Magic", "Magics", "Pass",
           "Play", "Respond", "Side", "Strike", "Summon", "WardAction", "WardState", "exchange", "expected_strike",
           "facts_of", "hit_chance", "judge_hit", "kill_turn", "new_goldfish", "new_match"]

