"""Wentworth: Guardians of the Realm: the full rules of ``wentworth.txt`` on the engine core.

Two to four players start at 50 life and 0 influence with 7 cards (one redraw of 7 allowed).
Each turn: Recharge (+7 influence, kept; resting guardians stand up), Draw (up to 7),
Rebuff (play guardians, bindings, potions, environments), Combat (each attack is one
guardian against the defender's chosen guardian or the player; both roll their roll power
in d6 and the higher total deals the difference), Reinforce (attackers rest; play more
cards; at most four guardians at the end of the turn). Readings of unclear rules are in
``docs/rules/wentworth.md`` (section "The engine").

Priority windows (where "at any time" actions happen): the active player's Rebuff and
Reinforce steps (every card type, activated abilities, re-binding, discard-to-draw), and
one roll window in each combat after the dice are rolled, where the attacker and then the
defender (alternating until both pass) may play combat potions and use combat abilities.

The engine is a package, one concern a module: :mod:`.board` (the rule constants, what is in play, the actions),
:mod:`.dice` (roll totals), :mod:`.effects` (the effect kinds modeled, one handler a kind), :mod:`.facts` (card facts),
the state in layers, each on the one before (:mod:`.base`, :mod:`.passives`, :mod:`.legal`, :mod:`.combat`,
:mod:`.turn`, :mod:`.play`, :mod:`.state`; copies in :mod:`.copies`), the greedy player (:mod:`.policies`, on
:mod:`.policy_combat` and :mod:`.policy_values`) and :mod:`.game` (setting up a game; the registered engine).
"""

from ..core import Choose, Pass, Play
from .board import (
    ADD,
    ALL,
    ALL_DAMAGE,
    ATTACHED,
    ATTACK,
    BINDING,
    BOUND,
    COMBAT,
    DEFEND,
    DEFENSE,
    END_TURN,
    ENEMY,
    ENVIRONMENT,
    FRIENDLY,
    GUARDIAN,
    HALVE,
    HAND_SIZE,
    K_DAMAGE,
    K_DESTROY,
    K_DISCARD,
    K_DRAW,
    K_ENTRY_ATTACK,
    K_EXTRA_COMBAT,
    K_GAIN_INFLUENCE,
    K_HEAL,
    K_LOSE_INFLUENCE,
    K_MODIFY_COST,
    K_MODIFY_ROLL,
    K_PREVENT_DAMAGE,
    K_READY,
    K_RECOVER,
    K_REROLL,
    K_REST,
    K_RESTRICT,
    K_RETURN_TO_HAND,
    K_SEARCH_DECK,
    KEEP,
    MAX_GUARDIANS,
    MUL,
    NO_ATTACK,
    OTHERS,
    P_ALL,
    P_BOUND,
    P_COST,
    P_CTRL,
    P_EXTRA,
    P_HASTE,
    P_LIFE,
    P_NOATTACK,
    P_NODEFEND,
    P_NOENTRY,
    P_PREVENT_G,
    P_PREVENT_P,
    P_ROLL,
    P_RP,
    PASS_ROLL,
    PHASE_NAMES,
    POTION,
    REBUFF,
    RECHARGE,
    REDRAW,
    REDRAWING,
    REINFORCE,
    RESPOND,
    ROLL,
    SELF,
    START_LIFE,
    W_BOTH,
    W_MAIN,
    W_ROLL,
    Activate,
    Binding,
    Block,
    Ctx,
    Declare,
    Discard,
    Env,
    Guardian,
    Rebind,
    Redraw,
    Side,
    WentworthAction,
)
from .dice import sequence
from .effects import EFFECTS
from .facts import Cond, Eff, Facts, facts_of
from .game import ENGINE, READINGS, kill_turn, new_goldfish, new_match
from .policies import Greedy
from .state import WentworthState

__all__ = ["ADD", "ALL", "ALL_DAMAGE", "ATTACHED", "ATTACK", "Activate", "BINDING", "BOUND", "Binding", "Block",
           "COMBAT", "Choose", "Cond", "Ctx", "DEFEND", "DEFENSE", "Declare", "Discard", "EFFECTS", "END_TURN",
           "ENEMY", "ENGINE", "ENVIRONMENT", "Eff", "Env", "FRIENDLY", "Facts", "GUARDIAN", "Greedy", "Guardian",
           "HALVE", "HAND_SIZE", "KEEP", "K_DAMAGE", "K_DESTROY", "K_DISCARD", "K_DRAW", "K_ENTRY_ATTACK",
           "K_EXTRA_COMBAT", "K_GAIN_INFLUENCE", "K_HEAL", "K_LOSE_INFLUENCE", "K_MODIFY_COST", "K_MODIFY_ROLL",
           "K_PREVENT_DAMAGE", "K_READY", "K_RECOVER", "K_REROLL", "K_REST", "K_RESTRICT", "K_RETURN_TO_HAND",
           "K_SEARCH_DECK", "MAX_GUARDIANS", "MUL", "NO_ATTACK", "OTHERS", "PASS_ROLL", "PHASE_NAMES", "POTION",
           "P_ALL", "P_BOUND", "P_COST", "P_CTRL", "P_EXTRA", "P_HASTE", "P_LIFE", "P_NOATTACK", "P_NODEFEND",
           "P_NOENTRY", "P_PREVENT_G", "P_PREVENT_P", "P_ROLL", "P_RP", "Pass", "Play", "READINGS", "REBUFF",
           "RECHARGE", "REDRAW", "REDRAWING", "REINFORCE", "RESPOND", "ROLL", "Rebind", "Redraw", "SELF",
           "START_LIFE", "Side", "W_BOTH", "W_MAIN", "W_ROLL", "WentworthAction", "WentworthState", "facts_of",
           "kill_turn", "new_goldfish", "new_match", "sequence"]
