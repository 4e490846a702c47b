"""Mage Warfare: the full rules of ``mage-warfare.txt`` on the engine core.

Two to four Mages, each with 100 HP, 4 dexterity and a Flesh pool, play decks split into a
Barracks (creatures, guards), an Armory (devices, shields) and a Spellbook (spells, hexes).
A turn is Maintenance (withdraw, maintenance costs, half the Mage's life as Flesh, draws),
Attack (declare attackers; the defender blocks them one at a time; each block is a Battle
fought from long range in alternating Moves), Play (create cards for Flesh) and Discard
(down to five). The last Mage standing wins. Readings of unclear rules are in
``docs/rules/magewarfare.md``.

The engine is a package, one concern a module: :mod:`.board` (the game's numbers, cards in play, sides, actions),
:mod:`.facts` (card facts, ``Eff``, ``facts_of``), :mod:`.effects` (one handler an effect kind), :mod:`.bounds`
(the greedy policy's upper bounds, compiled into the facts); the state in layers, one a module: :mod:`.view` (its
data and public view), :mod:`.moves` (legal actions), :mod:`.zones` (cards entering and leaving play, effects),
:mod:`.combat` (Battles), :mod:`.creating` (creating cards, abilities) and :mod:`.state` (the turn: ``MageState``),
with :mod:`.copies` (clone, determinize); the greedy policy in layers: :mod:`.policy_estimates`,
:mod:`.policy_battles`, :mod:`.policy_creating` and :mod:`.policies` (``Greedy``); and :mod:`.game` (setting up a
game; the registered engine).
"""

from ..core import Choose, Pass
from .board import (
    ADVANCE,
    ADVANCE_STRIKE,
    BATTLE,
    BATTLE_CAP,
    BLOCK,
    CLASS_NAMES,
    CLOAK,
    CLOSE,
    CREATURE,
    DECLARE,
    DEVICE,
    DISCARD,
    DOUBLE,
    DRAW,
    DRAWS,
    END_EQUIP,
    END_PLAY,
    ENDTURN,
    EQUIP,
    EXP_BATTLE,
    EXP_TURN,
    FIGHT,
    FLYER,
    GUARD,
    HAND,
    HEX,
    LONG,
    MAGE_DEX,
    MAINT,
    MEDIUM,
    MOVES,
    OPENING,
    PLAY,
    RANGES,
    RETREAT,
    SHIELD,
    SLOW,
    SPELL,
    START_HP,
    STEALTH,
    STRIKE,
    UNSTEALTH,
    WAIT,
    Activate,
    Battle,
    Block,
    Create,
    Declare,
    Discard,
    Draw,
    Equip,
    Gear,
    Hex,
    MageAction,
    Move,
    Opening,
    Side,
    TableSpell,
    Unequip,
    Unit,
)
from .effects import EFFECTS
from .facts import Cond, Eff, Facts, facts_of
from .game import ENGINE, READINGS, kill_turn, new_goldfish, new_match
from .policies import Greedy
from .policy_estimates import INF
from .state import MageState

__all__ = [
    "ADVANCE", "ADVANCE_STRIKE", "BATTLE", "BATTLE_CAP", "BLOCK", "CLASS_NAMES", "CLOAK", "CLOSE", "CREATURE",
    "DECLARE", "DEVICE", "DISCARD", "DOUBLE", "DRAW", "DRAWS", "EFFECTS", "END_EQUIP", "END_PLAY", "ENDTURN", "ENGINE",
    "EQUIP", "EXP_BATTLE", "EXP_TURN", "FIGHT", "FLYER", "GUARD", "HAND", "HEX", "INF", "LONG", "MAGE_DEX", "MAINT",
    "MEDIUM", "MOVES", "OPENING", "PLAY", "RANGES", "READINGS", "RETREAT", "SHIELD", "SLOW", "SPELL", "START_HP",
    "STEALTH", "STRIKE", "UNSTEALTH", "WAIT", "Activate", "Battle", "Block", "Choose", "Cond", "Create", "Declare",
    "Discard", "Draw", "Eff", "Equip", "Facts", "Gear", "Greedy", "Hex", "MageAction", "MageState", "Move", "Opening",
    "Pass", "Side", "TableSpell", "Unequip", "Unit", "facts_of", "kill_turn", "new_goldfish", "new_match",
]
