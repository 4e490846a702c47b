"""The greedy policy's skip tests are upper bounds: a potion skipped because no target can reach the best
value so far really cannot (``Greedy._plays_bound``), and ``TOP_COST`` bounds every guardian's cost in play."""

from __future__ import annotations

import random

from decklab.catalog.cards import Deck
from decklab.engine import engines, game_seed, wentworth
from decklab.engine.core import RandomPolicy
from decklab.engine.wentworth import REBUFF, Greedy
from decklab.engine.wentworth.facts import TOP_COST

ENGINE = engines()["wentworth"]


def _sums(game: wentworth.WentworthState, p: int, facts: wentworth.Facts) -> list[float]:
    """The sums of effect values _card_value adds up for a potion, one per target."""
    greedy = Greedy()
    choice = facts.choice
    found = []
    for _, obj in game.targets(p, choice):
        total = 0.0
        for eff in facts.plays:
            total += greedy._effect_value(game, p, eff, obj if eff.target == choice.target else None, {})
        found.append(total)
    return found


def test_the_potion_and_cost_bounds_hold_over_many_games(starter):
    rng = random.Random(7)
    cards = sorted(starter, key=lambda c: c.name)
    policies = [Greedy(), RandomPolicy()]
    checked = 0
    for index in range(60):
        players = 2 + index % 3
        decks = [Deck(name="r", game="wentworth", sections={"main": [(c, 3) for c in rng.sample(cards, 20)]})
                 for _ in range(players)]
        game = wentworth.new_match(decks, seed=game_seed(41, index), first=index % players)
        while not game.is_terminal():
            if game.phase == REBUFF and not game.pending:
                p = game.active
                most = Greedy._most(game)
                assert most[0] <= TOP_COST[0]
                for facts in game.sides[p].hand:
                    if facts.type is wentworth.POTION and facts.choice is not None and not facts.gchoice:
                        bound = Greedy._plays_bound(game, facts, most)
                        for total in _sums(game, p, facts):
                            assert total < bound
                            checked += 1
            game.apply(policies[(game.current_player() + index) % 2].choose(game, game.legal_actions()))
    assert checked > 100
