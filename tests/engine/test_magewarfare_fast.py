"""What the fast paths of the Mage Warfare engine keep must match what they stand for: the roster of each side,
the Greedy caps and the Greedy choices."""

from __future__ import annotations

import random

from decklab.engine import engines, game_seed
from decklab.engine import magewarfare as mw
from decklab.engine.core import RandomPolicy
from decklab.engine.magewarfare.bounds import effect_cap

from .magewarfare_helpers import random_deck, random_games

ENGINE = engines()["magewarfare"]


def roster_from_scratch(side: mw.Side) -> tuple:
    bits = upkeep = dearest = 0
    for u in side.units:
        bits |= 1 << u.facts.cls
        upkeep += u.facts.maint
        dearest = max(dearest, u.facts.cost)
    return bits, [u for u in side.units if u.facts.activated], upkeep, dearest


def test_kept_roster_follows_the_cards_in_play(starter):
    """The class bits, ability carriers, upkeep and dearest card that each side keeps (updated as cards enter, leave
    or change hands) are what the cards in play say, after every action of greedy and random games."""
    checked = 0
    for state in random_games(starter, 12, 21, 60):
        for side in state.sides:
            kept = side.kept
            if kept is not None and kept[0] == side.roster and kept[1] == len(side.units):
                assert (kept[2], kept[3], kept[4], kept[5]) == roster_from_scratch(side)
                checked += 1
    assert checked > 5000


def test_static_caps_are_the_caps(starter):
    """An effect's static caps (and a cap that adds the dearest enemy card's cost) give what Greedy's cap
    function gives, whatever the enemy cards, Mages and phase."""
    bounds = [(dearest, low, attack) for dearest in (0, 7, 40, 100) for low in (False, True)
              for attack in (False, True)]
    for card in starter:
        f = mw.facts_of(card)
        for e in [*f.on_play, *f.activated, *(e for es in f.triggers.values() for e in es)]:
            for bound in bounds:
                cap = effect_cap(e, bound)
                if e.caps is not None:
                    assert e.caps[bound[2]] == cap, (card.name, e.kind)
                if e.cap_base is not None:
                    assert e.cap_base + bound[0] == cap, (card.name, e.kind)
        if f.card_caps is not None:
            for bound in bounds:
                assert f.card_caps[bound[2]] == f.card_cap(bound), card.name


def test_greedy_fast_path_agrees_with_choose_on_random_decks(starter):
    """act (the fast path) and choose (over the listed legal actions) pick the same action, with decks of the
    whole starter set and two to four Mages."""
    rng = random.Random(5)
    greedy = mw.Greedy()
    checked = 0
    for index in range(40):
        players = 2 + index % 3
        state = ENGINE.new_match([random_deck(starter, rng) for _ in range(players)], seed=game_seed(22, index),
                                 first=index % players)
        while not state.is_terminal():
            actions = state.legal_actions()
            chosen = greedy.act(state)
            assert chosen == greedy.choose(state, actions) and chosen in actions
            checked += 1
            state.apply(chosen if index % 3 else RandomPolicy().choose(state, actions))
    assert checked > 3000
