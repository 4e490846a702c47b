"""Warcardz: the full rules of ``warcardz.txt`` on the engine core.

Two lines of five squares face each other (flank, guard, post, guard, flank). Each player
fields five characters (total value at most 25 at all times) and keeps five reserves and
three tactics cards in hand. A shared attribute card names the attribute every combat
uses; a shared variable card gives a blanket bonus. A turn is one action: place a reserve,
play a before-combat tactics card, discard a card to flip a side-deck card, or attack (several
attackers may gang up on one target). The side with no fighter left on the field loses; at the
stall point a player who can no longer win surrenders. Readings of unclear rules are in
``docs/rules/warcardz.md``; those that change results are switches (:data:`READINGS`, ``rules=`` of
:func:`new_match` and :func:`new_goldfish`).

The board is ten squares: ``0-4`` are P1's line and ``5-9`` P2's, both numbered from P1's
left, so square ``c`` faces square ``c + 5``. Every player looks at the board from its own
side: P2's left is P1's right. Whatever follows an order of squares (a policy's tie-break, the
order of the legal actions) takes it from the acting player's own side (:func:`view`), so the
two seats of a mirror match play alike.

The engine is a package, one concern a module: :mod:`.board` (the numbers, the geometry, fighters, sides and
actions), :mod:`.conditions` and :mod:`.facts` (card facts, compiled once), :mod:`.effects` (the effect kinds, one
handler a resolved kind), :mod:`.combat` (a combat and its steps), :mod:`.turn` (the steps of a turn and the answers
to choices), the state in three layers (:mod:`.field`, :mod:`.scores`, :mod:`.state`), :mod:`.policies` (the greedy
player) and :mod:`.game` (setting up a game; the registered engine).
"""

from ..core import Pass
from ..core import Play as Tactic  # a before-combat tactics card is played with the core's Play action
from .board import (
    ACTIVE_ATTRIBUTE,
    ALL_ATTRIBUTES,
    ATTACK,
    ATTRIBUTE_NAMES,
    ATTRIBUTES,
    BESIDE,
    COLUMN_POSITION,
    COMBAT_SCORE,
    DEFENSE,
    DIRECTIONS,
    END_TURN,
    FRENZY,
    LINE,
    LINE_VALUE,
    ORTHOGONAL,
    PASS,
    PLANS,
    POSITIONS,
    QUIET_TURNS,
    REACH,
    REACH_MASK,
    REACHERS,
    REACHING_EFFECTS,
    ROW_SQUARES,
    SIDE_DECKS,
    SIDES,
    SQUARE_NAMES,
    SQUARE_POSITION,
    STATS,
    STAY,
    VIEW_ORDER,
    VIEW_ROW,
    Attack,
    Choose,
    Deploy,
    Discard,
    Fighter,
    Instant,
    Side,
    Step,
    direction_of,
    view,
)
from .combat import Combat, is_twin_combat
from .conditions import Cond
from .effects import EFFECTS
from .facts import Facts, facts_of, is_attack_opener
from .game import (
    DUMMY_CARDS,
    DUMMY_DEFENSE,
    DUMMY_STRONG,
    DUMMY_WEAK,
    ENGINE,
    READINGS,
    choose_line,
    kill_turn,
    new_goldfish,
    new_match,
    readings,
    standard_side_decks,
)
from .policies import BACKED, BREAK, TRADE, Greedy
from .state import WarcardzState

__all__ = ["ACTIVE_ATTRIBUTE", "ALL_ATTRIBUTES", "ATTACK", "ATTRIBUTES", "ATTRIBUTE_NAMES", "Attack", "BACKED",
           "BESIDE", "BREAK", "COLUMN_POSITION", "COMBAT_SCORE", "Choose", "Combat", "Cond", "DEFENSE", "DIRECTIONS",
           "DUMMY_CARDS", "DUMMY_DEFENSE", "DUMMY_STRONG", "DUMMY_WEAK", "Deploy", "Discard", "EFFECTS",
           "END_TURN", "ENGINE", "FRENZY", "Facts", "Fighter", "Greedy", "Instant", "LINE", "LINE_VALUE",
           "ORTHOGONAL", "PASS", "PLANS", "POSITIONS", "Pass", "QUIET_TURNS", "REACH", "REACHERS",
           "REACHING_EFFECTS", "REACH_MASK", "READINGS", "ROW_SQUARES", "SIDES", "SIDE_DECKS", "SQUARE_NAMES",
           "SQUARE_POSITION", "STATS", "STAY", "Side", "Step", "TRADE", "Tactic", "VIEW_ORDER", "VIEW_ROW",
           "WarcardzState", "choose_line", "direction_of", "facts_of", "is_attack_opener", "is_twin_combat",
           "kill_turn", "new_goldfish", "new_match", "readings", "standard_side_decks", "view"]
