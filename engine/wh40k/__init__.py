"""Warhammer 40K Warfare: the full rules of ``warhammer40k-warfare.txt`` on the engine core.

Each player has 1000 Attrition Points (AP), an army deck and a Special
Reinforcements deck; draws 5 cards; has 5 Command Points (CP) and gains 1 in
each own Command phase; in the Action phase deploys at most one unit (paying
its CP) and plays any orders, events and equipment it can pay for; in the War
phase attacks with its units one at a time. Readings of unclear rules are in
``docs/rules/wh40k.md``.

The engine is a package, one concern a module: :mod:`.facts` (card facts and the effect kinds modeled),
:mod:`.board` (units, zones, actions), :mod:`.state` (the rules), :mod:`.effects` (one handler a kind),
:mod:`.policies` (the greedy player) and :mod:`.game` (setting up a game; the registered engine).
"""

from ..core import Choose, Pass, Play
from .board import END_ACTIONS, END_TURN, HAND, MAX_UNITS, START_AP, START_CP, Activate, Attack, Deploy, Side, Unit
from .effects import EFFECTS
from .facts import REINFORCEMENTS, Facts, facts_of
from .game import ENGINE, READINGS, kill_turn, new_goldfish, new_match
from .policies import Greedy
from .state import Wh40kState

__all__ = ["END_ACTIONS", "END_TURN", "EFFECTS", "ENGINE", "HAND", "MAX_UNITS", "READINGS", "REINFORCEMENTS",
           "START_AP", "START_CP", "Activate", "Attack", "Choose", "Deploy", "Facts", "Greedy", "Pass", "Play",
           "Side", "Unit", "Wh40kState", "facts_of", "kill_turn", "new_goldfish", "new_match"]
