"""Every way a game of Mage Warfare ends, and how it is counted: the last Mage standing wins; the rulebook has no
draw (Mages fall one at a time, so one is always left); the turn cap, which the rulebook does not have, leaves the
game unresolved (no winner, not a draw); the 40-Move Battle cap ends a Battle, never a game."""

from __future__ import annotations

from decklab.engine import engines
from decklab.engine import magewarfare as mw
from decklab.engine.core import RandomPolicy, play
from decklab.engine.magewarfare import STRIKE, Block, Create, Declare

from .magewarfare_helpers import act, battle_state, card, deck, equip, game, give, move, put, start_battles, to_phase
from .play_checks import capped

ENGINE = engines()["magewarfare"]
PACT = card("Blood Pact", "spell", cost=5, effects=[
    {"effect": "damage", "target": "you", "amount": 10, "trigger": "on_play"}])


def test_the_last_mage_standing_wins_and_the_game_is_resolved():
    state = battle_state()
    raider = put(state, 0, card("Raider", close=20, defense=5))
    state.sides[1].hp = 15
    act(state, Declare, uid=raider.uid)
    start_battles(state)
    assert state.is_terminal() and state.winner() == 0 and not state.is_unresolved()


def test_a_mage_that_kills_itself_loses_and_the_other_wins_not_a_draw():
    """With two Mages, the one that falls to its own Spell is out; the other is the last Mage standing."""
    state = to_phase(game(log=True), mw.PLAY)
    state.sides[0].hp = 8
    give(state, 0, PACT, flesh=50)
    act(state, Create, name="Blood Pact")
    assert state.is_terminal() and state.winner() == 1 and not state.is_unresolved()
    assert state.log[-1].endswith("P2 wins")


def test_a_mage_falling_among_three_leaves_the_game_to_the_others():
    state = to_phase(game(3), mw.PLAY)
    state.sides[0].hp = 8
    give(state, 0, PACT, flesh=50)
    act(state, Create, name="Blood Pact")
    assert not state.is_terminal() and not state.sides[0].alive and state.active == 1
    assert state.winner() is None and not state.is_unresolved()


def test_the_turn_cap_leaves_a_game_unresolved_not_drawn():
    """A game still going when the cap is reached has no winner, is unresolved, and its log says so."""
    state = mw.new_match([deck(), deck()], seed=5, max_turns=6, log=True)
    play(state, [RandomPolicy(), RandomPolicy()], check=True)
    assert state.is_terminal() and state.winner() is None and state.is_unresolved()
    assert state.turn == 7 and "unresolved" in state.log[-1]
    assert all(side.alive and side.hp > 0 for side in state.sides)


def test_capped_games_are_counted_as_unresolved_in_the_result(decks):
    document = capped("magewarfare", decks, max_turns=4, games=20)
    assert document["unresolved"] == 20 and document["draws"] == 0
    assert all(player["wins"] == 0 for player in document["players"])


def test_the_battle_safeguard_ends_a_battle_as_the_rules_would():
    """Two cards that cannot hurt each other, and nobody retreats: the rulebook's Battle goes on "until one
    Creature/Guard is Killed ... or in any other way unable to continue", so no Move count ends it; the engine's
    safeguard (BATTLE_CAP Moves) makes the card to move retreat, the rulebook's way out: the attacker's attack stops
    and the game goes on, resolved."""
    state = battle_state()
    pillow = put(state, 0, card("Pillow", long=1, medium=1, close=1, defense=9))
    wall = put(state, 1, card("Wall", "guard", defense=9))
    equip(state, wall, card("Plate", "device", defense=5, dex=1))  # a Device reduces each hit of 1 to nothing
    act(state, Declare, uid=pillow.uid)
    start_battles(state)
    act(state, Block, uid=wall.uid)
    for _ in range(mw.BATTLE_CAP):
        assert state.phase == mw.BATTLE
        move(state, STRIKE)
    assert state.battle is None and state.cur is None and state.phase == mw.PLAY
    assert not state.is_terminal() and state.winner() is None and not state.is_unresolved()
    assert state.sides[1].hp == 100
    assert pillow.deployed and wall.retreats == 0  # (the attacker retreated: its attack stopped, it stays Deployed)


def test_greedy_ends_a_battle_it_cannot_win_by_retreating_long_before_the_safeguard():
    state = battle_state()
    pillow = put(state, 0, card("Pillow", long=1, medium=1, close=1, defense=9))
    wall = put(state, 1, card("Wall", "guard", defense=9))
    equip(state, wall, card("Plate", "device", defense=5, dex=1))
    act(state, Declare, uid=pillow.uid)
    start_battles(state)
    act(state, Block, uid=wall.uid)
    state.apply(mw.Greedy().decide(state))
    assert state.battle is None and state.phase == mw.PLAY and pillow.damage == 0


def test_a_game_the_safeguard_ends_is_unresolved():
    state = battle_state()
    state.over, state.capped = True, True
    assert state.is_unresolved()
    state.capped = False
    assert not state.is_unresolved()
