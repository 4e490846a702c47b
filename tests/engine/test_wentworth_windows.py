"""Wentworth's timing windows (issue 21): potions "may be played at any time" and a binding may be re-bound
"at any time other than during a Combat step", by every player. Built positions: another player's combat in
a three-player game, a healing potion as a combat trick, removal in the roll window, re-binding in another
player's turn, and no re-binding during combat."""

from __future__ import annotations

from decklab.engine import engines
from decklab.engine.wentworth import (
    END_TURN,
    NO_ATTACK,
    PASS_ROLL,
    REBUFF,
    RESPOND,
    ROLL,
    Declare,
    Greedy,
    Play,
    Rebind,
)

from .wentworth_helpers import attack, bind, card, defend, force, give, put, starter_card, state

ENGINE = engines()["wentworth"]

BAND = card("Iron Band", "binding", cost=2, effects=[
    {"effect": "modify", "trigger": "passive", "target": "attached", "stat": "roll_power", "amount": 1,
     "duration": "while_attached"}])


def _both(game):
    """The greedy player's action on the fast path, checked against the one it picks from every legal action."""
    greedy = Greedy()
    fast = greedy.act(game)
    assert fast == greedy.choose(game, game.legal_actions())
    return fast


def _to_next_turn(game):
    """The active player declares no attack and ends the turn (nobody else holds anything playable)."""
    game.apply(NO_ATTACK)
    game.apply(END_TURN)


def test_a_potion_in_another_players_combat_in_a_three_player_game():
    game = state(3)
    knight = put(game, 0, card("Knight", rp=2, life=3))
    wall = put(game, 1, card("Wall", rp=1, life=6))
    burn = give(game, 2, starter_card("Dragonfire Draught"))  # deal 3 damage to target guardian
    game.sides[2].influence = 2
    attack(game, (knight, 1))
    force(game, 6, 6, 1)
    defend(game, wall)
    # the attacker and the defender have nothing to play: the third player, in nobody's combat, gets the window
    assert game.phase == ROLL and game.current_player() == 2
    plays = [a for a in game.legal_actions() if type(a) is Play and a.target == knight.uid]
    assert [a.name for a in plays] == [burn.name]
    game.apply(plays[0])
    # the knight (3 life) is defeated before the comparison: the wall takes nothing
    assert not knight.alive and wall.alive and wall.damage == 0
    assert game.sides[2].influence == 0 and game.sides[1].life == 50 and game.phase != ROLL


def test_the_other_players_pass_the_roll_window_before_it_closes():
    game = state(3)
    knight = put(game, 0, card("Knight", rp=2, life=8))
    wall = put(game, 1, card("Wall", rp=1, life=6))
    for seat in (0, 1):
        give(game, seat, starter_card("Steady Hand"))  # +2 to the roll of a guardian in combat
        game.sides[seat].influence = 1
    give(game, 2, starter_card("Dragonfire Draught"))
    game.sides[2].influence = 2
    attack(game, (knight, 1))
    force(game, 6, 6, 1)
    defend(game, wall)
    # the attacking player, the defending player, then the others in turn order from the attacker
    for seat in (0, 1, 2):
        assert game.phase == ROLL and game.current_player() == seat
        game.apply(PASS_ROLL)
    # 12 against 1: the wall takes 11, 6 of them defeat it and 5 go to its controller
    assert not wall.alive and game.sides[1].life == 45


def test_a_healing_potion_is_a_combat_trick_the_greedy_player_plays():
    game = state()
    knight = put(game, 0, card("Knight", rp=1, life=8))
    wall = put(game, 1, card("Wall", cost=6, rp=1, life=6))
    wall.damage = 4
    salve = give(game, 1, starter_card("Healing Salve"))  # heal 3 damage from target guardian
    game.sides[1].influence = 1
    attack(game, (knight, 1))
    force(game, 5, 2)
    defend(game, wall)
    assert game.phase == ROLL and game.current_player() == 1
    # the wall (2 life left) would be defeated by 5 - 2 = 3 damage; healed, it survives with 1 life left
    action = _both(game)
    assert type(action) is Play and action.name == salve.name and action.target == wall.uid
    game.apply(action)
    # 5 against 2: the healed wall (damage 1) takes 3 more and survives; no damage reaches P2
    assert game.phase != ROLL
    assert wall.alive and wall.damage == 4 and game.sides[1].life == 50


def test_the_greedy_player_removes_an_attacker_in_the_roll_window():
    game = state()
    dragon = put(game, 0, card("Dragon", cost=8, rp=3, life=3))
    give(game, 1, starter_card("Dragonfire Draught"))
    game.sides[1].influence = 2
    force(game, 6, 6, 6)
    attack(game, (dragon, 1))  # nobody defends: P2 has no guardian
    assert game.phase == ROLL and game.current_player() == 1
    action = _both(game)
    assert type(action) is Play and action.name == "Dragonfire Draught" and action.target == dragon.uid
    game.apply(action)
    assert not dragon.alive and game.sides[1].life == 50


def test_a_potion_in_another_players_turn_before_their_attack():
    game = state()
    _to_next_turn(game)
    # P2's turn passes; P1 holds removal when P2's next turn opens... here: when P1's turn 3 opens, P2 may act
    raider = put(game, 0, card("Raider", cost=6, rp=3, life=3), entered=0)
    give(game, 1, starter_card("Dragonfire Draught"))
    game.sides[1].influence = 5
    _to_next_turn(game)
    # P1's turn begins: after P1's Draw, P2 has a window (a potion with a target) before P1's Rebuff
    assert game.phase == RESPOND and game.current_player() == 1
    assert not any(type(a) is Declare for a in game.legal_actions())
    action = _both(game)
    assert type(action) is Play and action.name == "Dragonfire Draught" and action.target == raider.uid
    game.apply(action)
    assert not raider.alive
    # nothing more to play: the window closes and P1's Rebuff step begins
    assert game.phase == REBUFF and game.current_player() == 0


def test_re_binding_outside_the_own_rebuff_and_reinforce():
    game = state()
    mine = put(game, 1, card("Squire", rp=1, life=4))
    other = put(game, 1, card("Champion", rp=2, life=6))
    band = bind(game, 1, BAND, mine)
    game.sides[1].influence = 2
    # P1 ends its turn: P2 gets the end-of-turn window of P1's turn, where it may re-bind
    game.apply(NO_ATTACK)
    game.apply(END_TURN)
    assert game.phase == RESPOND and game.current_player() == 1
    rebinds = [a for a in game.legal_actions() if type(a) is Rebind]
    assert [a.target for a in rebinds] == [other.uid]
    game.apply(rebinds[0])
    # re-bound for its cost (2): nothing else is legal, the window closes and P2's turn begins (+7 influence)
    assert band.host is other and band not in mine.bindings
    assert game.phase == REBUFF and game.active == 1 and game.sides[1].influence == 0 + 7


def test_no_re_binding_during_combat():
    game = state()
    knight = put(game, 0, card("Knight", rp=1, life=8))
    mine = put(game, 1, card("Squire", rp=1, life=4))
    put(game, 1, card("Champion", rp=2, life=6))
    bind(game, 1, BAND, mine)
    give(game, 1, starter_card("Steady Hand"))  # a combat potion: P2 has the roll window
    game.sides[1].influence = 10
    attack(game, (knight, 1))
    assert not any(type(a) is Rebind for a in game.legal_actions())  # assigning defenders
    force(game, 3)
    defend(game, None, None) if len(game.legal_actions()[0].blocks) == 2 else defend(game, None)
    assert game.phase == ROLL and game.current_player() == 1
    actions = game.legal_actions()
    assert any(type(a) is Play for a in actions) and not any(type(a) is Rebind for a in actions)


def test_a_player_with_nothing_to_play_is_not_asked():
    game = state(3)
    put(game, 1, card("Squire", rp=1, life=4))
    give(game, 2, starter_card("Dragonfire Draught"))
    game.sides[2].influence = 1  # cannot pay for it
    _to_next_turn(game)
    # P2's turn: P1 and P3 have nothing they could play, so no window opens
    assert game.phase == REBUFF and game.active == 1


def test_both_policies_use_the_windows_in_free_for_all_games(decks):
    """In three-player games of the sample decks the random and the greedy player both play potions in other
    players' step windows and in combats they are not in."""
    from decklab.engine.core import RandomPolicy
    from decklab.engine.wentworth import new_match

    for policy in (RandomPolicy(), Greedy()):
        steps = others = 0
        for index in range(60):
            game = new_match([decks[index % 2], decks[(index + 1) % 2], decks[index % 2]], seed=index,
                             first=index % 3)
            while not game.is_terminal():
                action = policy.act(game) if hasattr(policy, "act") else policy.choose(game, game.legal_actions())
                if type(action) is Play:
                    p = game.current_player()
                    if game.phase == RESPOND:
                        assert p != game.active
                        steps += 1
                    elif game.phase == ROLL and p != game.c_ap and p != game.c_dp:
                        others += 1
                game.apply(action)
        assert steps > 0 and others > 0, (type(policy).__name__, steps, others)
