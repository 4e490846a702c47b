"""Every way a 40K Warfare game ends: a win, the rulebook's draw, and the turn cap the rulebook does not have
(unresolved: no winner, no draw either)."""

from __future__ import annotations

from decklab.engine import wh40k
from decklab.engine.wh40k import END_ACTIONS, END_TURN, Attack

from .wh40k_helpers import act, card, deck, grunt, put_unit, state


def is_win(game, seat: int) -> bool:
    return game.is_terminal() and game.winner() == seat and not game.is_unresolved()


def is_rulebook_draw(game) -> bool:
    return game.is_terminal() and game.winner() is None and not game.is_unresolved()


def test_a_player_at_zero_attrition_points_loses():
    game = state(log=True)
    game.sides[1].ap = 80
    mine = put_unit(game, 0, card("Boy", power=80))
    game.apply(END_ACTIONS)
    act(game, Attack, uid=mine.uid, target=None)
    assert is_win(game, 0)
    assert "P2 has no Attrition Points left: P1 wins" in game.log[-1]


def test_a_player_who_cannot_draw_loses():
    game = state(log=True)
    game.sides[1].deck.clear()
    game.apply(END_ACTIONS)
    game.apply(END_TURN)
    assert is_win(game, 0)
    assert "P2 loses: cannot draw" in game.log[-1]


def test_an_equal_trade_that_empties_both_players_is_a_draw():
    """Both units destroyed in one battle take both players to 0 AP at once: both lose, a draw."""
    game = state(log=True)
    game.sides[0].ap = game.sides[1].ap = 60
    mine = put_unit(game, 0, card("Boy", power=60))
    put_unit(game, 1, card("Other Boy", power=60))
    game.apply(END_ACTIONS)
    act(game, Attack, uid=mine.uid)
    assert [side.ap for side in game.sides] == [0, 0]
    assert is_rulebook_draw(game)
    assert "a draw" in game.log[-1] and "unresolved" not in "\n".join(game.log)


def test_a_loss_is_immediate_so_a_dying_effect_cannot_draw_the_game():
    """A defender destroyed in battle costs its player its power and its last AP: that player has lost at once,
    and its dying effect (which would cost the attacker's player as much) never resolves."""
    game = state(log=True)
    game.sides[0].ap = game.sides[1].ap = 50
    mine = put_unit(game, 0, card("Big Boy", power=100))
    put_unit(game, 1, card("Krumpin' Lad", power=50, effects=[
        {"effect": "attrition", "trigger": "on_destroyed", "target": "opponent", "amount": 50}]))
    game.apply(END_ACTIONS)
    act(game, Attack, uid=mine.uid)
    assert is_win(game, 0)
    assert [side.ap for side in game.sides] == [50, 0]
    assert not game.queue and not game.pending and not game.legal_actions()


def test_a_loss_is_immediate_so_a_recovery_trigger_cannot_undo_it():
    """The Field Chirurgeon case: a Space Marine destroyed in battle takes its player to 0 AP; the Chirurgeon's
    +40 would lift them back above 0, but the game is already over."""
    game = state(log=True)
    game.sides[1].ap = 80
    mine = put_unit(game, 0, card("Big Boy", power=200))
    put_unit(game, 1, card("Marine", power=100, faction="Space Marines"))
    put_unit(game, 1, card("Chirurgeon", power=90, faction="Space Marines", effects=[
        {"effect": "recover", "trigger": "on_ally_destroyed", "target": "controller", "amount": 40,
         "condition": {"faction": "Space Marines"}}]))
    game.apply(END_ACTIONS)
    act(game, Attack, uid=mine.uid, target_name="Marine")
    assert is_win(game, 0) and game.sides[1].ap == -20
    assert "recovers" not in "\n".join(game.log)


def test_a_loss_by_an_effect_stops_the_effects_queued_after_it():
    """Two dying effects queued together: the first takes the opponent to 0 AP, so the second (a recovery for
    the attacking player) never resolves."""
    game = state()
    game.sides[1].ap = 30
    mites = put_unit(game, 0, card("Mites", power=20, effects=[
        {"effect": "attrition", "trigger": "on_destroyed", "target": "opponent", "amount": 50},
        {"effect": "recover", "trigger": "on_destroyed", "target": "controller", "amount": 100}]))
    big = put_unit(game, 1, card("Big", power=100))
    game.sides[0].ap = 500
    game.apply(END_ACTIONS)
    act(game, Attack, uid=mites.uid, target=big.uid)
    assert is_win(game, 0)
    assert game.sides[0].ap == 480  # the +100 queued after the winning effect never resolved


def test_both_players_at_zero_in_one_battle_is_a_draw_even_with_dying_effects():
    """An equal trade destroys both units at once: both players reach 0 together (a draw), and neither unit's
    dying effect resolves."""
    game = state()
    game.sides[0].ap = game.sides[1].ap = 60
    burn = {"effect": "recover", "trigger": "on_destroyed", "target": "controller", "amount": 100}
    mine = put_unit(game, 0, card("Boy", power=60, effects=[burn]))
    put_unit(game, 1, card("Other Boy", power=60, effects=[burn]))
    game.apply(END_ACTIONS)
    act(game, Attack, uid=mine.uid)
    assert is_rulebook_draw(game) and [side.ap for side in game.sides] == [0, 0]


def test_power_level_never_goes_below_zero():
    """Warp-Seer's -40 on Tomb Mites (20) leaves them at 0, not -20: destroyed in battle, they cost no AP (an
    attack by them cannot heal anyone either)."""
    game = state(log=True)
    seer = put_unit(game, 0, card("Warp-Seer", power=100, faction="Space Marines", effects=[
        {"effect": "modify", "trigger": "activated", "cost": {"cp": 1}, "frequency": "once_per_turn",
         "phase": "action", "target": "enemy_unit", "stat": "power", "amount": -40, "duration": "this_turn"}]))
    mites = put_unit(game, 1, card("Mites", power=20, faction="Necrons"))
    act(game, wh40k.Activate, uid=seer.uid)
    assert game.power(mites) == 0
    game.apply(END_ACTIONS)
    act(game, Attack, uid=seer.uid, target=mites.uid)
    assert game.sides[1].ap == 1000
    assert "loses 0 AP" in "\n".join(game.log) and "loses -" not in "\n".join(game.log)


def test_the_turn_cap_leaves_the_game_unresolved():
    """The rulebook has no turn limit: a game stopped by decklab's cap has no winner and is not a draw."""
    game = state(max_turns=3, log=True)
    while not game.is_terminal():
        game.apply(game.legal_actions()[-1])  # end the phase, then the turn
    assert game.winner() is None and game.is_unresolved()
    assert game.turn == 4 and all(side.ap == 1000 for side in game.sides)
    assert "unresolved" in game.log[-1] and "draw" not in game.log[-1]


def test_a_game_won_on_the_last_turn_is_not_unresolved():
    game = state(max_turns=1)
    game.sides[1].ap = 50
    mine = put_unit(game, 0, card("Boy", power=50))
    game.apply(END_ACTIONS)
    act(game, Attack, uid=mine.uid, target=None)
    assert is_win(game, 0)


def test_a_goldfish_that_never_kills_is_unresolved():
    game = wh40k.new_goldfish(deck(grunt(50)), seed=3, max_turns=5)
    while not game.is_terminal():
        game.apply(game.legal_actions()[-1])
    assert game.is_unresolved() and game.winner() is None and wh40k.kill_turn(game) is None
