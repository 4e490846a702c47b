"""40K Warfare's fast paths give what the plain rules and the greedy policy's plain scoring give."""

from __future__ import annotations

import random

from decklab.catalog.cards import Deck
from decklab.engine import engines, game_seed
from decklab.engine.core import RandomPolicy
from decklab.engine.wh40k import Greedy, Wh40kState

from .wh40k_helpers import card, put_unit, state

ENGINE = engines()["wh40k"]
WARBOSS = card("Warboss", power=100, effects=[
    {"effect": "modify", "trigger": "passive", "target": "other_own_units", "stat": "power", "amount": 30,
     "duration": "while_on_battlefield", "condition": {"faction": "Orks"}}])


def every_card_decks(cards, count: int, seed: int) -> list[Deck]:
    """Random decks (40 army cards, 8 reinforcements) that together hold every starter card several times."""
    units = [c for c in cards if c.type == "unit"]
    others = [c for c in cards if c.type != "unit"]
    rng = random.Random(seed)
    decks = []
    for index in range(count):
        rng.shuffle(units)
        rng.shuffle(others)
        army = units[:22] + others[:18]
        reserves = units[22:30]
        decks.append(Deck(name=f"Mix {index}", game="wh40k", sections={
            "main": [(c, 1) for c in army], "reinforcements": [(c, 1) for c in reserves]}))
    return decks


def check_powers(game: Wh40kState) -> None:
    for side in game.sides:
        for unit in side.units:
            assert game.power(unit) == game._power(unit), unit.facts.name


def test_a_unit_put_in_play_by_hand_refreshes_the_cached_powers():
    game = state()
    boy = put_unit(game, 0, card("Boy", power=60))
    assert game.power(boy) == 60
    put_unit(game, 0, WARBOSS)
    assert game.power(boy) == 90


def test_cached_powers_follow_every_change(database):
    """Over random and greedy games with every starter card, each unit's cached Power Level is what a fresh
    computation gives, at every step."""
    from decklab.catalog.store import list_cards

    mixes = every_card_decks(list_cards(database, game="wh40k"), 10, seed=5)
    policies = [RandomPolicy(), Greedy()]
    for index in range(150):
        game = ENGINE.new_match([mixes[index % 10], mixes[(index + 3) % 10]], seed=game_seed(31, index),
                                first=index % 2)
        policy = policies[index % 2]
        while not game.is_terminal():
            check_powers(game)
            game.apply(policy.choose(game, game.legal_actions()))
        check_powers(game)


def test_greedy_fast_path_agrees_with_choose_with_every_card(database):
    from decklab.catalog.store import list_cards

    greedy = Greedy()
    chooser = RandomPolicy()
    mixes = every_card_decks(list_cards(database, game="wh40k"), 10, seed=7)
    checked = 0
    for index in range(120):
        game = ENGINE.new_match([mixes[index % 10], mixes[(index + 3) % 10]], seed=game_seed(32, index),
                                first=index % 2)
        while not game.is_terminal():
            actions = game.legal_actions()
            fast = greedy.act(game)
            assert fast in actions and fast == greedy.choose(game, actions)
            checked += 1
            game.apply(fast if index % 3 else chooser.choose(game, actions))
    assert checked > 2000


def test_greedy_fixed_worths_and_bounds_hold_in_play(database):
    """A card's precomputed worth (when it does not depend on the game) is what the greedy policy's scoring
    gives, and no play scores above the card's bound (the greedy policy skips cards by it)."""
    from decklab.catalog.store import list_cards
    from decklab.engine.wh40k import Facts

    mixes = every_card_decks(list_cards(database, game="wh40k"), 10, seed=9)
    greedy, chooser = Greedy(), RandomPolicy()
    checked = 0
    for index in range(60):
        game = ENGINE.new_match([mixes[index % 10], mixes[(index + 1) % 10]], seed=game_seed(33, index),
                                first=index % 2)
        while not game.is_terminal():
            if game.phase == "action" and not game.pending:
                me = game.active
                for facts in game.sides[me].hand:
                    if facts.type == "unit":
                        continue
                    plain = Facts(facts.card, False)
                    plain.fixed_value = None
                    targets = ([None] if facts.targeted is None
                               else [t for t, _ in game.targets(me, facts.targeted, facts)])
                    for target in targets:
                        value = greedy._card_value(game, me, plain, target)
                        assert value <= facts.bound, (facts.name, value, facts.bound)
                        if facts.fixed_value is not None:
                            assert value == facts.fixed_value, facts.name
                        checked += 1
            game.apply(chooser.choose(game, game.legal_actions()))
    assert checked > 1000
