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


def test_a_unit_that_hurts_as_it_dies_can_draw_the_game():
    """A defender destroyed in battle costs its player its power, and its dying effect costs the attacker's
    player as much: both at 0 together."""
    game = state()
    game.sides[0].ap = game.sides[1].ap = 50
    mine = put_unit(game, 0, card("Big Boy", power=100))
    put_unit(game, 1, card("Krumpin' Lad", power=50, effects=[
        {"effect": "attrition", "trigger": "on_destroyed", "target": "opponent", "amount": 50}]))
    game.apply(END_ACTIONS)
    act(game, Attack, uid=mine.uid)
    assert is_rulebook_draw(game)


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
