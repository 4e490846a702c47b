"""The greedy Wentworth player's decisions in built positions (issue 21): curses go on enemies, bindings on
hosts that meet their conditions, a stuck hand digs, blocks save the most damage, ties go to the threat."""

from __future__ import annotations

from decklab.engine.wentworth import DEFEND, Block, Declare, Discard, Greedy, facts_of

from .wentworth_helpers import attack, card, give, put, state

HEXED_MIRROR = card("Hexed Mirror", "binding", cost=4, faction="mages", effects=[
    {"effect": "reroll", "trigger": "on_attack", "target": "attached", "dice": "all", "keep": "lower"}])
CROWN = card("Crown of Cinders", "binding", cost=6, faction="dragons", effects=[
    {"effect": "modify", "trigger": "passive", "target": "attached", "stat": "roll_power", "amount": 1,
     "duration": "while_attached", "condition": {"faction": "dragons"}},
    {"effect": "modify", "trigger": "passive", "target": "attached", "stat": "life", "amount": 3,
     "duration": "while_attached", "condition": {"faction": "dragons"}}])


def _both(game):
    """The greedy player's action on the fast path, checked against the one it picks from every legal action."""
    greedy = Greedy()
    fast = greedy.act(game)
    assert fast == greedy.choose(game, game.legal_actions())
    return fast


def test_reroll_and_keep_the_lower_is_a_curse():
    assert facts_of(HEXED_MIRROR).sign < 0


def test_a_curse_goes_on_an_enemy_guardian_never_on_its_own():
    game = state()
    game.sides[0].hand.clear()
    put(game, 0, card("Big Knight", cost=9, rp=4, life=12))
    enemy = put(game, 1, card("Goblin", cost=2, rp=1, life=3))
    give(game, 0, HEXED_MIRROR)
    game.sides[0].influence = 20
    action = _both(game)
    assert action.name == "Hexed Mirror" and action.target == enemy.uid


def test_a_conditional_binding_goes_on_a_host_that_meets_the_condition():
    game = state()
    game.sides[0].hand.clear()
    put(game, 0, card("Human Champion", cost=10, rp=4, life=12, faction="humans"))
    dragon = put(game, 0, card("Whelp", cost=3, rp=1, life=4, faction="dragons"))
    give(game, 0, CROWN)
    game.sides[0].influence = 20
    action = _both(game)
    assert action.name == "Crown of Cinders" and action.target == dragon.uid


def test_a_conditional_binding_with_no_fitting_host_is_not_played():
    game = state()
    game.sides[0].hand.clear()
    put(game, 0, card("Human Champion", cost=10, rp=4, life=12, faction="humans"), entered=0)
    give(game, 0, CROWN)
    game.sides[0].influence = 20
    action = _both(game)
    assert getattr(action, "name", None) != "Crown of Cinders"


def test_two_bindings_of_a_kind_each_find_their_own_host():
    """No host is cached per kind of binding: a plain helpful binding still goes on the best guardian."""
    game = state()
    game.sides[0].hand.clear()
    champion = put(game, 0, card("Human Champion", cost=10, rp=4, life=12, faction="humans"))
    put(game, 0, card("Whelp", cost=3, rp=1, life=4, faction="dragons"))
    give(game, 0, card("Plain Blessing", "binding", cost=6, effects=[
        {"effect": "modify", "trigger": "passive", "target": "attached", "stat": "life", "amount": 3,
         "duration": "while_attached"}]))
    give(game, 0, CROWN)
    game.sides[0].influence = 40
    greedy = Greedy()
    cache: dict = {}
    crown, plain = facts_of(CROWN), game.sides[0].hand[0]
    assert greedy._best_host(game, 0, plain, cache)[1] is champion
    assert greedy._best_host(game, 0, crown, cache)[1] is not champion


def test_stuck_without_guardians_it_discards_to_draw():
    game = state()
    side = game.sides[0]
    side.hand.clear()
    for i in range(7):
        give(game, 0, card(f"Blessing {i}", "binding", cost=4 + i, effects=[
            {"effect": "modify", "trigger": "passive", "target": "attached", "stat": "life", "amount": 2,
             "duration": "while_attached"}]))
    side.influence = 10
    action = _both(game)
    assert isinstance(action, Discard) and action.index == 0  # the cheapest to discard
    before = len(side.deck)
    game.apply(action)
    assert len(side.hand) == 7 and len(side.deck) == before - 1 and side.influence == 8


def test_blocks_the_big_attacker_rather_than_the_weak_one():
    game = state()
    weak = put(game, 0, card("Weak", cost=1, rp=1, life=3))
    big = put(game, 0, card("Big", cost=8, rp=5, life=12))
    put(game, 1, card("Wall", cost=6, rp=3, life=30))
    game.sides[0].hand.clear()
    attack(game, (weak, 1), (big, 1))
    assert game.phase == DEFEND
    action = _both(game)
    assert isinstance(action, Block)
    assert action.blocks[1] is not None and action.blocks[0] is None


def test_equal_targets_go_to_the_strongest_opponent_not_the_next_seat():
    for strong in (1, 2):
        game = state(3)
        game.sides[0].hand.clear()
        att = put(game, 0, card("Raider", cost=5, rp=3, life=8))
        for seat in (1, 2):
            rp = 4 if seat == strong else 1
            g = put(game, seat, card(f"Sleeper {seat}", cost=2, rp=rp, life=5))
            g.resting = True
        action = _both(game)
        assert isinstance(action, Declare) and action.attacks == ((att.uid, strong),)
