"""The greedy Warcardz policy in built positions: what a player would check it does (docs/rules/warcardz.md,
Policies)."""

from __future__ import annotations

from decklab.engine.warcardz import END_TURN, Attack, Deploy, Greedy, Tactic

from .warcardz_helpers import (
    P1_FLANK,
    P1_FLANK_2,
    P1_GUARD,
    P1_GUARD_2,
    P1_POST,
    P2_FLANK,
    P2_GUARD,
    P2_POST,
    arena,
    character,
    starter,
)


def grunt(name: str, **fields):
    defaults = {"value": 2, "attack": 2, "defense": 2, "small_arms": 1, "position": "none",
                "directions": ("front", "left_front", "right_front")}
    return character(name, **{**defaults, **fields})


def test_it_answers_an_infiltrator_before_a_slightly_richer_target():
    """An enemy standing in the player's own line (it blocks a reserve square and strikes sideways) is taken
    before an enemy worth up to 3 more in the enemy line."""
    game = arena({P1_GUARD: grunt("Sider", attack=9, directions=("right", "front"))},
                 {P1_POST: grunt("Infiltrator", value=3, directions=("left", "right")),
                  P2_GUARD: grunt("Richer", value=5, directions=())})
    action = Greedy().act(game)
    assert type(action) is Attack and action.target == P1_POST


def test_it_breaks_up_the_enemys_best_attack():
    """Of two targets of equal value, it strikes the one the enemy would attack with next turn (Striker, whose
    right front is P1's flank), not the one on its own left (Idle, which can attack nobody)."""
    game = arena({P1_FLANK: grunt("Left", attack=9, directions=("front", "right_front"))},
                 {P2_FLANK: grunt("Idle", directions=()),
                  P2_GUARD: grunt("Striker", attack=9, directions=("right_front",))})
    action = Greedy().act(game)
    assert type(action) is Attack and action.target == P2_GUARD


def test_it_trades_identical_cards_only_when_not_behind():
    """Meeting an identical card removes both: with no winning attack, the greedy makes that trade when its
    army is worth at least the enemy's, and not when it is behind."""
    twin = grunt("Twin", attack=1, defense=9)
    even = arena({P1_POST: twin, P1_FLANK: grunt("Spare", directions=())},
                 {P2_POST: twin, P2_FLANK: grunt("Other", directions=())})
    action = Greedy().act(even)
    assert type(action) is Attack and action.attackers == (P1_POST,) and action.target == P2_POST
    behind = arena({P1_POST: twin}, {P2_POST: twin, P2_FLANK: grunt("Other", directions=())})
    assert type(Greedy().act(behind)) is not Attack


def test_suppressing_fire_sends_back_the_infiltrator_first():
    game = arena({P1_FLANK: grunt("Blind", directions=())},
                 {P1_POST: grunt("Infiltrator", value=2, directions=("left", "right")),
                  P2_POST: grunt("Bigger", value=3, directions=())},
                 hands=((starter("Suppressing Fire"),), ()))
    action = Greedy().act(game)
    assert type(action) is Tactic and action.name == "Suppressing Fire" and action.target == P1_POST


def test_it_attacks_when_its_own_instant_would_win_the_combat():
    """With no attack won as it stands, an attack that an instant in hand wins by 3 or more is worth making: it
    attacks, then plays the instant in the tactics window. By less (no room for the defender's answer), it
    does not."""
    pair = {P1_GUARD: grunt("A", attack=2, small_arms=1, directions=("right_front",)),
            P1_POST: grunt("B", attack=2, small_arms=1, directions=("front",))}
    game = arena(pair, {P2_POST: grunt("Wall", defense=5, small_arms=1, directions=())},
                 hands=((starter("Weapons Free"),), ()))  # 6 against 6 now; +2 small arms each: 10 against 6
    action = Greedy().act(game)
    assert type(action) is Attack and set(action.attackers) == {P1_GUARD, P1_POST} and action.target == P2_POST
    game.apply(action)
    assert game.pending[2] == "window" and str(Greedy().act(game)) == "play Weapons Free"
    close = arena(pair, {P2_POST: grunt("Wall", defense=8, small_arms=1, directions=())},
                  hands=((starter("Weapons Free"),), ()))  # 10 against 9: not enough room
    assert type(Greedy().act(close)) is not Attack


def test_it_places_a_reserve_where_the_enemy_does_not_strike_it_first():
    """One action a turn: a reserve placed where the enemy wins an attack on it is lost before it fights. P1's
    guard 2 would reach all three enemies, but Brute (right front: P1's guard 2) wins there; the greedy takes
    guard 4, which reaches Brute and is out of its reach."""
    wall = grunt("Wall", directions=())
    game = arena({P1_FLANK: wall, P1_POST: wall},
                 {P2_FLANK: grunt("Weak A", directions=()), P2_GUARD: grunt("Weak B", directions=()),
                  P2_POST: grunt("Brute", attack=9, directions=("right_front",))},
                 reserves=((grunt("Fresh"),), ()))
    action = Greedy().act(game)
    assert type(action) is Deploy and action.square == P1_GUARD_2
    everywhere = arena({P1_FLANK: wall, P1_POST: wall},
                       {P2_FLANK: grunt("Weak A", directions=()), P2_GUARD: grunt("Weak B", directions=()),
                        P2_POST: grunt("Gentle", attack=0, directions=("right_front",))},
                       reserves=((grunt("Fresh"),), ()))
    action = Greedy().act(everywhere)  # nothing wins there: the square that reaches the most enemies
    assert type(action) is Deploy and action.square == P1_GUARD


def test_shadow_step_takes_a_fighter_to_where_it_wins_an_attack():
    """"Move one of your Sable Directorate fighters into any vacant position of your line": with no attack won,
    the greedy steps its Sable fighter to the square facing the enemy it beats."""
    blade = grunt("Blade", attack=9, directions=("front",), faction="Sable Directorate")
    game = arena({P1_FLANK: blade}, {P2_POST: grunt("Target", directions=())},
                 hands=((starter("Shadow Step"),), ()))
    action = Greedy().act(game)
    assert type(action) is Tactic and action.name == "Shadow Step" and action.target == (P1_FLANK, P1_POST)


def test_it_does_not_discard_the_cards_that_can_bring_an_enemy_within_reach():
    """With no attack and nothing to place, the greedy flips the attribute card by discarding a card it has no
    use for, never Shadow Step or Outflank (they can still move a fighter or light a direction later)."""
    game = arena({P1_FLANK_2: grunt("Far", directions=("front",))}, {P2_FLANK: grunt("Away", directions=())},
                 hands=((starter("Shadow Step"), starter("Outflank"), starter("Fresh Intelligence")), ()))
    action = Greedy().act(game)
    assert action.name == "Fresh Intelligence"
    game.sides[0].hand.pop()  # without it, nothing is discarded: the turn ends
    game.cache.clear()
    assert Greedy().act(game) is END_TURN
