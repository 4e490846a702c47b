"""Ward's fast paths give what the plain rules and the greedy policy's plain scoring give."""

from __future__ import annotations

from decklab.engine import engines, game_seed
from decklab.engine.core import RandomPolicy
from decklab.engine.ward import AL, Greedy, WardState

from .ward_helpers import creature, every_card_decks, magic, put, state

ENGINE = engines()["ward"]
ROOST = magic("Roost", "infinite", "field", effects=[
    {"effect": "modify", "stat": "al", "amount": 1, "target": "all_own_creatures", "duration": "while_on_field",
     "trigger": "passive", "condition": {"creature_type": "dragon"}}])


def test_a_magic_added_or_removed_by_hand_refreshes_the_cached_profiles():
    from decklab.engine import ward

    game = state()
    drake = put(game, 0, creature("Drake", al=5, kind="dragon"))
    assert game.profile(drake)[AL] == 5
    roost = ward.Magic(ward.facts_of(ROOST), 990, 0, None)
    game.sides[0].magics.append(roost)
    assert game.profile(drake)[AL] == 6
    game.sides[0].magics.remove(roost)
    assert game.profile(drake)[AL] == 5


def check_caches(game: WardState) -> None:
    for side in game.sides:
        for each in side.creatures():
            assert list(game.profile(each)) == list(game._profile(each))
            for al in (1, 12):
                assert game.armor(each, al) == game._armor(each, al)


def test_cached_profiles_and_armor_follow_every_change():
    """Over random games with every starter card, the cached profile and armor of each creature on the field
    are what a fresh computation gives, at every step."""
    policy = RandomPolicy()
    mixes = every_card_decks(12, seed=5)
    for index in range(60):
        game = ENGINE.new_match([mixes[index % 12], mixes[(index + 5) % 12]], seed=game_seed(21, index),
                                first=index % 2)
        while not game.is_terminal():
            check_caches(game)
            game.apply(policy.choose(game, game.legal_actions()))


def test_greedy_fast_path_agrees_with_choose_with_every_card():
    greedy = Greedy()
    mixes = every_card_decks(12, seed=7)
    checked = 0
    for index in range(60):
        game = ENGINE.new_match([mixes[index % 12], mixes[(index + 3) % 12]], seed=game_seed(22, index),
                                first=index % 2)
        while not game.is_terminal():
            assert greedy.act(game) == greedy.choose(game, game.legal_actions())
            checked += 1
            game.apply(greedy.act(game) if index % 4 else RandomPolicy().choose(game, game.legal_actions()))
    assert checked > 3000


def test_greedy_games_clone_and_continue_alike():
    """The dice the battles roll and record themselves are the ones a clone replays."""
    greedy = Greedy()
    mixes = every_card_decks(6, seed=9)
    for index in range(12):
        game = ENGINE.new_match([mixes[index % 6], mixes[(index + 1) % 6]], seed=game_seed(23, index), log=True)
        steps = 0
        while not game.is_terminal():
            if steps in (15, 60):
                twin = game.clone()
                assert twin.log == game.log
                copy = game.clone()
                while not copy.is_terminal():
                    action = greedy.act(copy)
                    assert greedy.act(twin) == action
                    copy.apply(action)
                    twin.apply(action)
                assert twin.log == copy.log and twin.winner() == copy.winner()
            game.apply(greedy.act(game))
            steps += 1
