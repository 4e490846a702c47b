"""The greedy Wentworth player's decisions in built positions (issue 21): curses go on enemies, bindings on
hosts that meet their conditions, a stuck hand digs, blocks save the most damage, ties go to the threat."""

from __future__ import annotations

from decklab.engine import engines, game_seed
from decklab.engine.wentworth import DEFEND, REINFORCE, Block, Declare, Discard, Greedy, Play, facts_of
from decklab.engine.wentworth.facts import _compiled

from .wentworth_helpers import attack, card, force, give, put, state

ENGINE = engines()["wentworth"]

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


class _Recorder:
    """The greedy player, noting the name of every card it plays (it wraps Greedy: a compiled class cannot be
    subclassed by an interpreted one)."""

    def __init__(self, played: set) -> None:
        self.played = played
        self.greedy = Greedy()

    def act(self, state):
        action = self.greedy.act(state)
        if type(action) is Play:
            self.played.add(action.name)
        return action


def never_played(decks, games: int = 400) -> list[str]:
    """The cards of the sample decks that the greedy player never plays, over mirror and cross matches."""
    played: set = set()
    policy = _Recorder(played)
    pairs = [(decks[0], decks[0]), (decks[1], decks[1]), (decks[0], decks[1]), (decks[1], decks[0])]
    for number, (one, two) in enumerate(pairs):
        for index in range(games):
            game = ENGINE.new_match([one, two], seed=game_seed(2100 + number, index), first=index % 2)
            while not game.is_terminal():
                game.apply(policy.act(game))
    held = {facts.name for deck in decks for facts in _compiled(deck, False)}
    return sorted(held - played)


def test_every_card_of_the_sample_decks_is_played_by_greedy(decks):
    """Lists any card of a sample deck the greedy player never plays (issue 21: Healing Salve, Call to Arms,
    Mana Spring and Cutpurse never were)."""
    assert never_played(decks) == []


MANA_SPRING = card("Mana Spring", "potion", cost=1, effects=[
    {"effect": "gain_influence", "trigger": "on_play", "target": "controller", "amount": 2}])
HEALING_SALVE = card("Healing Salve", "potion", cost=1, effects=[
    {"effect": "heal", "trigger": "on_play", "target": "target_guardian", "amount": 3}])
CALL_TO_ARMS = card("Call to Arms", "potion", cost=2, effects=[
    {"effect": "ready", "trigger": "on_play", "target": "target_friendly_guardian", "condition": {"resting": True}}])
COSTLY_SPRING = card("Costly Spring", "potion", cost=5, effects=[
    {"effect": "gain_influence", "trigger": "on_play", "target": "controller", "amount": 2}])


def test_a_cheap_potion_that_pays_for_itself_is_played_and_a_dear_one_is_not():
    game = state()
    game.sides[0].hand.clear()
    give(game, 0, COSTLY_SPRING)
    give(game, 0, MANA_SPRING)
    game.sides[0].influence = 10
    action = _both(game)
    assert type(action) is Play and action.name == "Mana Spring"
    game.apply(action)
    assert game.sides[0].influence == 11
    action = _both(game)
    assert not (type(action) is Play and action.name == "Costly Spring")


def test_healing_salve_heals_its_own_damaged_guardian():
    game = state()
    game.sides[0].hand.clear()
    put(game, 0, card("Fresh", cost=4, rp=2, life=8))
    hurt = put(game, 0, card("Hurt", cost=4, rp=2, life=8))
    hurt.damage = 5
    put(game, 1, card("Enemy", cost=4, rp=2, life=8)).damage = 5
    give(game, 0, HEALING_SALVE)
    game.sides[0].influence = 3
    action = _both(game)
    assert type(action) is Play and action.name == "Healing Salve" and action.target == hurt.uid


def test_call_to_arms_readies_a_rested_attacker_in_reinforce():
    game = state()
    game.sides[0].hand.clear()
    raider = put(game, 0, card("Raider", cost=6, rp=3, life=8))
    give(game, 0, CALL_TO_ARMS)
    game.sides[0].influence = 2
    force(game, 6, 6, 6)
    attack(game, (raider, 1))
    while game.phase != REINFORCE:
        game.apply(Greedy().act(game))
    assert game.active == 0 and raider.resting
    action = _both(game)
    assert type(action) is Play and action.name == "Call to Arms" and action.target == raider.uid
